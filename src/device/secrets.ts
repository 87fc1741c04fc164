// The router's own secret: a random key kept beside the configuration that seals what must
// not lie in the configuration in the clear (certificates' private keys). The real router
// seals them with a key derived from its hardware; ours is `<data-dir>/secret.key`, made on
// first boot, readable by its owner only. Sealed text is AES-256-GCM: a copied config.db
// without the key file reveals no private key, and a changed sealed value is refused.

import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { BootFiles } from './boot-files.js';

export const SECRET_FILE = 'secret.key';
const KEY_BYTES = 32;
const IV_BYTES = 12;
const TAG_BYTES = 16;
/** Marks the format of a sealed value, so a later format can be told apart. */
const PREFIX = 'v1:';

export class SecretError extends Error {}

export class SecretBox {
  private constructor(private readonly key: Buffer) {}

  /**
   * Opens the data directory's key, making it when there is none (written with the boot's
   * files; the store, held by one router at a time, keeps a second router off the directory).
   */
  static open(dataDir: string, files: BootFiles): SecretBox {
    const file = path.join(dataDir, SECRET_FILE);
    let key: Buffer;
    try {
      key = fs.readFileSync(file);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw new SecretError(`${file} cannot be read: ${(e as NodeJS.ErrnoException).code}`);
      key = crypto.randomBytes(KEY_BYTES);
      // `wx`: never over a key another hand wrote meanwhile (the boot fails instead).
      files.write(file, key, { mode: 0o600, flag: 'wx' });
    }
    if (key.length !== KEY_BYTES) throw new SecretError(`${file} is not a vrouter secret key (${key.length} bytes, expected ${KEY_BYTES})`);
    return new SecretBox(key);
  }

  /** Seals a secret; `label` binds it to its use, so a value cannot be moved to another. */
  seal(plain: Buffer | string, label = ''): string {
    const iv = crypto.randomBytes(IV_BYTES);
    const cipher = crypto.createCipheriv('aes-256-gcm', this.key, iv);
    cipher.setAAD(Buffer.from(label));
    const body = Buffer.concat([cipher.update(plain), cipher.final()]);
    return PREFIX + Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64');
  }

  /** Opens a sealed value; throws SecretError when it was not sealed by this key and label. */
  open(sealed: string, label = ''): Buffer {
    if (!sealed.startsWith(PREFIX)) throw new SecretError('not a sealed value');
    const raw = Buffer.from(sealed.slice(PREFIX.length), 'base64');
    if (raw.length < IV_BYTES + TAG_BYTES) throw new SecretError('sealed value is damaged');
    const decipher = crypto.createDecipheriv('aes-256-gcm', this.key, raw.subarray(0, IV_BYTES));
    decipher.setAAD(Buffer.from(label));
    decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
    try {
      return Buffer.concat([decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]);
    } catch {
      throw new SecretError('sealed value does not open with this router\'s key');
    }
  }
}
