// /ip/ssh: the SSH server's settings (fields and defaults come from the tree and
// src/menus/defaults.ts, per release), and its host-key commands, as the router's manual
// (Management tools > SSH, /ip/ssh) gives them:
//   regenerate-host-key   a new set of host keys (RSA of `host-key-size` bits, Ed25519);
//   export-host-key       the keys to files: `<prefix>_<type>.pem` (private, PKCS#8, sealed
//                         with `passphrase` when one is given) and `<prefix>_<type>_pub.pem`;
//                         needs the `sensitive` policy;
//   import-host-key       a private key file (PEM or PKCS#8) in place of the key of its type.
// The keys themselves are the device's (src/device/host-keys.ts).

import crypto from 'node:crypto';
import { CommandError, notEnoughPermissions } from '../../core/errors.js';
import type { CommandContext, Environment, MenuDecl } from '../../core/schema.js';
import { str } from '../../core/values.js';
import type { HostKeys } from '../../device/host-keys.js';
import { filesOf } from '../file.js';
import { unreadableKey } from '../user/ssh-keys.js';
import { writeLog } from '../log.js';

export function hostKeysOf(env: Environment): HostKeys {
  const keys = env.services.hostKeys as HostKeys | undefined;
  if (!keys) throw new CommandError('failure', 'failure: ssh is not available');
  return keys;
}

/** The settings as stored, or the defaults. */
export function sshSettings(env: Environment): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, field] of Object.entries(env.menu('ip/ssh').decl.fields ?? {})) if (field.default !== undefined) out[name] = field.default;
  return { ...out, ...env.store.table('ip/ssh').rows[0]?.values };
}

/** The RSA key size of /ip/ssh `host-key-size`. */
const rsaBits = (env: Environment) => Number(sshSettings(env)['host-key-size'] ?? 2048) || 2048;

async function regenerate(ctx: CommandContext) {
  await hostKeysOf(ctx.env).regenerate(rsaBits(ctx.env));
  writeLog(ctx.env, 'ssh,info', 'host key regenerated');
}

async function exportKeys(ctx: CommandContext) {
  if (!ctx.session.policies.has('sensitive')) throw notEnoughPermissions();
  const keys = hostKeysOf(ctx.env);
  const files = filesOf(ctx.env);
  const prefix = ctx.args['key-file-prefix'] ?? '';
  const passphrase = ctx.args.passphrase;
  for (const type of ['rsa', 'ed25519'] as const) {
    const key = await keys.key(type, rsaBits(ctx.env));
    const priv = passphrase
      ? key.export({ type: 'pkcs8', format: 'pem', cipher: 'aes-256-cbc', passphrase })
      : key.export({ type: 'pkcs8', format: 'pem' });
    files.write(`${prefix}_${type}.pem`, priv);
    files.write(`${prefix}_${type}_pub.pem`, crypto.createPublicKey(key).export({ type: 'spki', format: 'pem' }));
  }
}

async function importKey(ctx: CommandContext) {
  const files = filesOf(ctx.env);
  const name = ctx.args['private-key-file'];
  if (!files.exists(name)) throw new CommandError('failure', 'failure: no such file');
  let key: crypto.KeyObject;
  try {
    key = crypto.createPrivateKey({ key: files.read(name), format: 'pem', passphrase: ctx.args.passphrase ?? '' });
  } catch {
    throw unreadableKey();
  }
  if (key.asymmetricKeyType !== 'rsa' && key.asymmetricKeyType !== 'ed25519') throw unreadableKey();
  const keys = hostKeysOf(ctx.env);
  // The key of the other type is made now if there is none yet, so that the set is whole.
  await keys.key('rsa', rsaBits(ctx.env));
  keys.replace(key);
}

export const ipSsh: MenuDecl = {
  path: 'ip/ssh',
  kind: 'settings',
  commands: {
    'regenerate-host-key': { policy: ['write'], run: regenerate },
    'export-host-key': {
      policy: ['read'],
      args: { 'key-file-prefix': { type: str(), required: true }, passphrase: { type: str() } },
      run: exportKeys,
    },
    'import-host-key': {
      policy: ['write'],
      args: { 'private-key-file': { type: str(), required: true }, passphrase: { type: str() } },
      run: importKey,
    },
  },
};
