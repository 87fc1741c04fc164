// The names /certificate takes (key sizes, digests, key usages) and its subject-alt-name
// syntax: plain words, kept apart from the public-key machinery (certificate-pki.ts), which
// is loaded only when a certificate is made, read or used, so a router without
// certificates starts without it.

/** Key sizes the router offers: RSA bit lengths and elliptic curves. */
export const KEY_SIZES = ['1024', '1536', '2048', '4096', '8192', 'prime256v1', 'secp384r1', 'secp521r1'] as const;
export const DIGESTS = ['md5', 'sha1', 'sha256', 'sha384', 'sha512'] as const;

/** Key usages in the router's order: the X.509 key usage bits, then the extended usages. */
export const KEY_USAGE_BIT_NAMES = [
  'digital-signature', 'content-commitment', 'key-encipherment', 'data-encipherment', 'key-agreement',
  'key-cert-sign', 'crl-sign', 'encipher-only', 'decipher-only',
] as const;
export const EXTENDED_USAGE_NAMES = ['tls-server', 'tls-client', 'code-sign', 'email-protect', 'timestamp', 'ocsp-sign', 'dvcs'] as const;
export const KEY_USAGES: readonly string[] = [...KEY_USAGE_BIT_NAMES, ...EXTENDED_USAGE_NAMES];

export interface AltName { type: 'dns' | 'email' | 'ip'; value: string }

/** Reads `DNS:a,IP:1.2.3.4,email:x@y` into general names; throws on anything else. */
export function parseAltNames(text: string): AltName[] {
  if (!text) return [];
  return text.split(',').map((entry) => {
    const colon = entry.indexOf(':');
    const kind = entry.slice(0, colon).toLowerCase();
    const value = entry.slice(colon + 1);
    if (colon <= 0 || !value) throw new Error(`bad subject-alt-name entry ${entry}`);
    if (kind === 'dns') return { type: 'dns', value };
    if (kind === 'email') return { type: 'email', value };
    if (kind === 'ip' && isIp(value)) return { type: 'ip', value };
    throw new Error(`bad subject-alt-name entry ${entry}`);
  });
}

function isIp(s: string): boolean {
  return /^[0-9]{1,3}(\.[0-9]{1,3}){3}$/.test(s) ? s.split('.').every((o) => Number(o) < 256) : /^[0-9a-fA-F:.]+$/.test(s) && s.includes(':');
}

/** The canonical form of a subject-alt-name value: `DNS:`, `IP:`, `email:` prefixes. */
export function canonicalAltNames(text: string): string {
  return parseAltNames(text).map((n) => `${n.type === 'dns' ? 'DNS' : n.type === 'ip' ? 'IP' : 'email'}:${n.value}`).join(',');
}
