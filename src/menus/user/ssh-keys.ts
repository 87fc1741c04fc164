// /user/ssh-keys: the public keys a user may log in over SSH with (RSA and Ed25519).
// `import public-key-file=` reads a key from /file, in OpenSSH's one-line form
// (`ssh-ed25519 AAAA... comment`, what ssh-keygen writes in id_*.pub) or as a PEM public
// key (`-----BEGIN PUBLIC KEY-----`, what `/ip/ssh export-host-key` writes); `add key=`
// takes the one-line form. The key itself is only for adding: print shows its type, size
// and fingerprint. A user that has a key logs in over SSH with it, and by password only
// where /ip/ssh allows (src/services/ssh/server.ts).

import crypto from 'node:crypto';
import { CommandError, failure } from '../../core/errors.js';
import type { CommandContext, MenuDecl, Reply } from '../../core/schema.js';
import type { Store } from '../../core/store.js';
import { str } from '../../core/values.js';
import { filesOf } from '../file.js';
import { ref } from '../common.js';
import { genericCommand } from '../../core/generic.js';

/** The router's words for a key it cannot read (the same for a private key with a wrong passphrase). */
export const unreadableKey = () => failure('unable to load key file (wrong format or bad passphrase)!');

export interface PublicKey {
  type: 'rsa' | 'ed25519';
  bits: number;
  /** The key in SSH wire form. */
  blob: Buffer;
  comment: string;
}

const sshString = (b: Buffer | string) => {
  const buf = typeof b === 'string' ? Buffer.from(b) : b;
  const len = Buffer.alloc(4);
  len.writeUInt32BE(buf.length);
  return Buffer.concat([len, buf]);
};

/** An mpint of SSH: big-endian, a leading zero byte when the top bit is set. */
const mpint = (b: Buffer) => sshString(b[0] & 0x80 ? Buffer.concat([Buffer.from([0]), b]) : b);

function readStrings(blob: Buffer): Buffer[] {
  const out: Buffer[] = [];
  let at = 0;
  while (at + 4 <= blob.length) {
    const len = blob.readUInt32BE(at);
    if (at + 4 + len > blob.length) throw unreadableKey();
    out.push(blob.subarray(at + 4, at + 4 + len));
    at += 4 + len;
  }
  if (at !== blob.length) throw unreadableKey();
  return out;
}

const bitLength = (n: Buffer) => {
  let i = 0;
  while (i < n.length && n[i] === 0) i++;
  return i === n.length ? 0 : (n.length - i - 1) * 8 + (32 - Math.clz32(n[i]));
};

/** The SSH wire form of a public key object (RSA or Ed25519). */
export function publicBlob(key: crypto.KeyObject): PublicKey {
  const jwk = key.export({ format: 'jwk' });
  if (key.asymmetricKeyType === 'rsa') {
    const n = Buffer.from(jwk.n!, 'base64url');
    return { type: 'rsa', bits: bitLength(n), blob: Buffer.concat([sshString('ssh-rsa'), mpint(Buffer.from(jwk.e!, 'base64url')), mpint(n)]), comment: '' };
  }
  if (key.asymmetricKeyType === 'ed25519') {
    return { type: 'ed25519', bits: 256, blob: Buffer.concat([sshString('ssh-ed25519'), sshString(Buffer.from(jwk.x!, 'base64url'))]), comment: '' };
  }
  throw unreadableKey();
}

/** Reads a public key file's text: OpenSSH's one line, or a PEM public key. */
export function parsePublicKey(text: string): PublicKey {
  const trimmed = text.trim();
  if (trimmed.startsWith('-----BEGIN')) {
    try {
      return publicBlob(crypto.createPublicKey(trimmed));
    } catch (e) {
      if (e instanceof CommandError) throw e;
      throw unreadableKey();
    }
  }
  const m = /^(ssh-rsa|ssh-ed25519)\s+([A-Za-z0-9+/=]+)(?:\s+(.*))?$/.exec(trimmed.split(/\r?\n/)[0] ?? '');
  if (!m) throw unreadableKey();
  const blob = Buffer.from(m[2], 'base64');
  const parts = readStrings(blob);
  if (parts[0]?.toString() !== m[1]) throw unreadableKey();
  if (m[1] === 'ssh-rsa') {
    if (parts.length !== 3) throw unreadableKey();
    return { type: 'rsa', bits: bitLength(parts[2]), blob, comment: m[3]?.trim() ?? '' };
  }
  if (parts.length !== 2 || parts[1].length !== 32) throw unreadableKey();
  return { type: 'ed25519', bits: 256, blob, comment: m[3]?.trim() ?? '' };
}

/** OpenSSH's fingerprint of a key: SHA256, base64 without padding. */
export const fingerprint = (blob: Buffer) => 'SHA256:' + crypto.createHash('sha256').update(blob).digest('base64').replace(/=+$/, '');

/** The stored one-line form of a key. */
const keyLine = (k: PublicKey) => `${k.type === 'rsa' ? 'ssh-rsa' : 'ssh-ed25519'} ${k.blob.toString('base64')}`;

/** The fields a key shows, worked out from the key. */
function described(k: PublicKey): Reply {
  return { key: keyLine(k), 'key-type': k.type, bits: String(k.bits), fingerprint: fingerprint(k.blob) };
}

/** The keys of a user, in SSH wire form (what the ssh face compares an offered key with). */
export function keysOf(store: Store, user: string): Buffer[] {
  const row = store.table('user').byKey.get(user);
  if (!row) return [];
  const id = `*${row.id.toString(16).toUpperCase()}`;
  const out: Buffer[] = [];
  for (const k of store.table('user/ssh-keys').rows) {
    if (k.values.user !== id || !k.values.key) continue;
    const blob = k.values.key.split(' ')[1];
    if (blob) out.push(Buffer.from(blob, 'base64'));
  }
  return out;
}

async function importKey(ctx: CommandContext): Promise<void> {
  const { env, args, session } = ctx;
  const files = filesOf(env);
  const name = args['public-key-file'];
  if (!files.exists(name)) throw failure('no such file');
  const key = parsePublicKey(files.read(name).toString('utf8'));
  const values: Record<string, string> = { key: keyLine(key), user: args.user ?? session.user };
  if (args.info !== undefined) values.info = args.info;
  else if (key.comment) values.info = key.comment;
  // The menu's own `add`: the user reference and every check are the same as for `add key=`.
  const add = genericCommand('add', ctx.menu.decl);
  const sub = Object.create(ctx, { args: { value: values } }) as CommandContext;
  const out = add.run(sub);
  if (out instanceof Promise) await out;
  else for await (const _ of out as AsyncIterable<Reply>) { /* add yields nothing */ }
}

export const sshKeys: MenuDecl = {
  path: 'user/ssh-keys',
  kind: 'table',
  fields: {
    user: ref('user', { required: true }),
    // Only for adding: never shown.
    key: { type: str(), secret: 'password', createOnly: true, required: true },
    'key-type': { type: str(), readOnly: true },
    bits: { type: str(), readOnly: true },
    fingerprint: { type: str(), readOnly: true },
    info: { type: str(), default: '' },
    comment: { type: str(), default: '' },
  },
  verify(next, _env, previous) {
    if (previous) return;
    Object.assign(next, described(parsePublicKey(next.key ?? '')));
  },
  commands: {
    import: {
      policy: ['write'],
      args: { 'public-key-file': { type: str(), required: true }, user: { type: str() }, info: { type: str() } },
      run: importKey,
    },
  },
};

