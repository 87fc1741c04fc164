// Which arguments hold secrets: the router hides them from `export` without `show-sensitive`
// and from users without the `sensitive` policy (manual: Configuration Management > export,
// "show-sensitive"; User > policies, "sensitive: grants rights to change "hide sensitive"
// setting"). A 7.24.4 `export verbose` (docs/routeros-facts.md 18, V) writes no password of
// /ppp secret, /tool e-mail or /interface l2tp-server server and no WireGuard private key.
// The names are data: every menu's argument of one of these names is such a secret.

import type { MenuDecl } from '../core/schema.js';
import { withFields } from '../core/later.js';

/** Argument names that hold a secret in every menu that has them. */
export const SENSITIVE_NAMES: ReadonlySet<string> = new Set([
  'password', 'secret', 'passphrase', 'ipsec-secret', 'pre-shared-key', 'private-key', 'tcp-md5-key',
  'wpa-pre-shared-key', 'wpa2-pre-shared-key', 'authentication-password', 'encryption-password', 'mschapv2-password',
  'nv2-preshared-key', 'nv2-sync-secret', 'static-key-0', 'static-key-1', 'static-key-2', 'static-key-3',
  'static-sta-private-key', 'management-protection-key', 'security.passphrase', 'security.eap-password',
  'radius-password', 'psk', 'auth-key-secret',
]);

/** Argument names that look like secrets but are not (a reference to a key record, a word). */
const NOT_SECRET: Readonly<Record<string, readonly string[]>> = {
  // `radius-password=empty|same-as-user`: a choice, not a secret (7.24.4 export verbose writes it).
  'ip/dhcp-server/config': ['radius-password'],
};

/** The menus with their secrets marked, where their declaration does not say already. */
export function withSecrets(decls: readonly MenuDecl[]): MenuDecl[] {
  return decls.map((decl) => withFields(decl, (fields) => {
    const names = Object.keys(fields).filter((n) => SENSITIVE_NAMES.has(n) && !fields[n].secret && !fields[n].readOnly
      && !fields[n].ref && !NOT_SECRET[decl.path]?.includes(n));
    if (!names.length) return undefined;
    const out = { ...fields };
    for (const n of names) out[n] = { ...fields[n], secret: 'sensitive' };
    return out;
  }));
}
