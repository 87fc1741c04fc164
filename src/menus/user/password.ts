// Stored passwords: a salted scrypt hash, never the password itself. The stored form names
// its parameters, so stronger ones can be chosen later without breaking stored hashes:
//   scrypt$<N>$<r>$<p>$<salt, base64>$<hash, base64>

import { randomBytes, scryptSync, timingSafeEqual } from 'node:crypto';

const N = 16384;
const R = 8;
const P = 1;
const KEY_LENGTH = 32;
const SALT_LENGTH = 16;

export function hashPassword(plain: string): string {
  const salt = randomBytes(SALT_LENGTH);
  const hash = scryptSync(plain, salt, KEY_LENGTH, { N, r: R, p: P });
  return `scrypt$${N}$${R}$${P}$${salt.toString('base64')}$${hash.toString('base64')}`;
}

/** True when `plain` is the password `stored` was made from. A malformed `stored` matches nothing. */
export function verifyPassword(plain: string, stored: string): boolean {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [n, r, p] = parts.slice(1, 4).map(Number);
  if (![n, r, p].every((x) => Number.isSafeInteger(x) && x > 0)) return false;
  const salt = Buffer.from(parts[4], 'base64');
  const expected = Buffer.from(parts[5], 'base64');
  if (expected.length === 0) return false;
  let actual: Buffer;
  try {
    actual = scryptSync(plain, salt, expected.length, { N: n, r, p, maxmem: 256 * n * r + 1024 * 1024 });
  } catch {
    return false; // parameters scrypt refuses
  }
  return timingSafeEqual(actual, expected);
}
