// The SSH host keys of the router: an RSA key and an Ed25519 key, kept in the data directory
// (`ssh-host-keys`), sealed with the router's secret like other private keys (./secrets.ts).
// They are made when first needed (the first SSH connection, or an /ip/ssh host-key
// command), as the router's manual says ("an SSH key pair is automatically generated on the
// first SSH connection"), and kept from then on: a 2048-bit RSA key costs about half a
// second of CPU, which every start of a router that nobody reaches over SSH would otherwise
// pay. The RSA key is made off the event loop. /ip/ssh regenerate-host-key, export-host-key
// and import-host-key work on this set (src/menus/ip/ssh.ts); the ssh face serves the key
// of `host-key-type`.

import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { SecretBox } from './secrets.js';

export type HostKeyType = 'rsa' | 'ed25519';
export const HOST_KEY_FILE = 'ssh-host-keys';

/** Where a change of keys is told (the ssh face serves the new key to the next connection). */
type Listener = () => void;

export class HostKeys {
  private readonly keys = new Map<HostKeyType, crypto.KeyObject>();
  private pending?: Promise<void>;
  private readonly listeners = new Set<Listener>();
  private readonly file: string;

  constructor(dataDir: string, private readonly box: SecretBox) {
    this.file = path.join(dataDir, HOST_KEY_FILE);
    let stored: Partial<Record<HostKeyType, string>> = {};
    try {
      stored = JSON.parse(fs.readFileSync(this.file, 'utf8'));
    } catch {
      // No keys yet, or a damaged file: a new set is made when first needed.
    }
    for (const type of ['rsa', 'ed25519'] as const) {
      const sealed = stored[type];
      if (!sealed) continue;
      try {
        this.keys.set(type, crypto.createPrivateKey(this.box.open(sealed, `ssh-host-key:${type}`)));
      } catch {
        // Sealed by another router's secret: made again below.
      }
    }
  }

  onChange(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** The key of a type; the set is made first if the router has none yet (RSA of `rsaBits`). */
  async key(type: HostKeyType, rsaBits = 2048): Promise<crypto.KeyObject> {
    while (this.pending) await this.pending;
    if (!this.keys.has('rsa') || !this.keys.has('ed25519')) await this.make(rsaBits, false);
    return this.keys.get(type)!;
  }

  /** Makes a new set of keys (both types), replacing the current ones. */
  regenerate(rsaBits: number): Promise<void> {
    return this.make(rsaBits, true);
  }

  /** Puts an imported private key in place of the one of its type; returns its type. */
  replace(key: crypto.KeyObject): HostKeyType {
    const type = key.asymmetricKeyType;
    if (type !== 'rsa' && type !== 'ed25519') throw new Error(`unsupported key type ${type}`);
    this.keys.set(type, key);
    this.save();
    return type;
  }

  private make(rsaBits: number, replaceAll: boolean): Promise<void> {
    const made = (async () => {
      const want = (t: HostKeyType) => replaceAll || !this.keys.has(t);
      if (want('ed25519')) this.keys.set('ed25519', crypto.generateKeyPairSync('ed25519').privateKey);
      if (want('rsa')) {
        const pair = await new Promise<crypto.KeyObject>((ok, fail) =>
          crypto.generateKeyPair('rsa', { modulusLength: rsaBits }, (e, _pub, priv) => (e ? fail(e) : ok(priv))));
        this.keys.set('rsa', pair);
      }
      this.save();
    })();
    const settled = made.finally(() => { if (this.pending === settled) this.pending = undefined; });
    this.pending = settled;
    return settled;
  }

  private save() {
    const out: Partial<Record<HostKeyType, string>> = {};
    for (const [type, key] of this.keys) out[type] = this.box.seal(key.export({ type: 'pkcs8', format: 'pem' }) as string, `ssh-host-key:${type}`);
    const tmp = `${this.file}.tmp`;
    try {
      fs.writeFileSync(tmp, JSON.stringify(out), { mode: 0o600 });
      fs.renameSync(tmp, this.file);
    } catch {
      // A data directory that cannot be written keeps the keys for this run only.
    }
    for (const l of this.listeners) l();
  }
}

/** A private key in the form the SSH library reads: PKCS#1 PEM for RSA, OpenSSH's own for Ed25519. */
export function sshPrivateKey(key: crypto.KeyObject): string {
  if (key.asymmetricKeyType === 'rsa') return key.export({ type: 'pkcs1', format: 'pem' }) as string;
  const jwk = key.export({ format: 'jwk' });
  const seed = Buffer.from(jwk.d!, 'base64url');
  const pub = Buffer.from(jwk.x!, 'base64url');
  const str = (b: Buffer | string) => {
    const buf = typeof b === 'string' ? Buffer.from(b) : b;
    const len = Buffer.alloc(4);
    len.writeUInt32BE(buf.length);
    return Buffer.concat([len, buf]);
  };
  const u32 = (n: number) => { const b = Buffer.alloc(4); b.writeUInt32BE(n); return b; };
  const blob = Buffer.concat([str('ssh-ed25519'), str(pub)]);
  const check = crypto.randomBytes(4);
  let priv = Buffer.concat([check, check, str('ssh-ed25519'), str(pub), str(Buffer.concat([seed, pub])), str('')]);
  const pad: number[] = [];
  for (let i = 1; (priv.length + pad.length) % 8 !== 0; i++) pad.push(i);
  priv = Buffer.concat([priv, Buffer.from(pad)]);
  const body = Buffer.concat([Buffer.from('openssh-key-v1\0'), str('none'), str('none'), str(''), u32(1), str(blob), str(priv)]);
  const lines = body.toString('base64').match(/.{1,70}/g)!.join('\n');
  return `-----BEGIN OPENSSH PRIVATE KEY-----\n${lines}\n-----END OPENSSH PRIVATE KEY-----\n`;
}
