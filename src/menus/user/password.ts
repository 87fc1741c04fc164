// Stored passwords: a salted scrypt hash, never the password itself. The stored form names
// its parameters, so stronger ones can be chosen later without breaking stored hashes:
//   scrypt$<N>$<r>$<p>$<salt, base64>$<hash, base64>
// The empty password (a new router's admin) is stored as the word `empty`: it hides nothing,
// so no hash is worked out for it, at first boot or at each login. Besides its 50 ms, a hash
// costs memory the process keeps: glibc keeps the 16 MB of scrypt's working memory in the
// arena of the thread that hashed, once an earlier hash has raised its mmap threshold.

import { randomBytes, scrypt, scryptSync, timingSafeEqual } from 'node:crypto';

const N = 16384;
const R = 8;
const P = 1;
const KEY_LENGTH = 32;
const SALT_LENGTH = 16;

/** How the empty password is stored. */
const EMPTY = 'empty';

export function hashPassword(plain: string): string {
  if (plain === '') return EMPTY;
  const salt = randomBytes(SALT_LENGTH);
  const hash = scryptSync(plain, salt, KEY_LENGTH, { N, r: R, p: P });
  return `scrypt$${N}$${R}$${P}$${salt.toString('base64')}$${hash.toString('base64')}`;
}

interface Stored { salt: Buffer; expected: Buffer; options: { N: number; r: number; p: number; maxmem: number } }

function readStored(stored: string): Stored | undefined {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return undefined;
  const [n, r, p] = parts.slice(1, 4).map(Number);
  if (![n, r, p].every((x) => Number.isSafeInteger(x) && x > 0)) return undefined;
  const expected = Buffer.from(parts[5], 'base64');
  if (expected.length === 0) return undefined;
  return { salt: Buffer.from(parts[4], 'base64'), expected, options: { N: n, r, p, maxmem: 256 * n * r + 1024 * 1024 } };
}

/** True when `plain` is the password `stored` was made from. A malformed `stored` matches nothing. */
export function verifyPassword(plain: string, stored: string): boolean {
  if (stored === EMPTY) return plain === '';
  const s = readStored(stored);
  if (!s) return false;
  try {
    return timingSafeEqual(scryptSync(plain, s.salt, s.expected.length, s.options), s.expected);
  } catch {
    return false; // parameters scrypt refuses
  }
}

/** A hash no password is checked against, so that refusing an unknown user takes as long. */
const NOBODY = `scrypt$${N}$${R}$${P}$${randomBytes(SALT_LENGTH).toString('base64')}$${randomBytes(KEY_LENGTH).toString('base64')}`;

/**
 * verifyPassword off the event loop (scrypt runs in libuv's thread pool), so a flood of
 * logins cannot stall the router. Without a stored hash it still does the work and fails:
 * a reply's timing does not tell whether a user exists.
 */
export function verifyPasswordAsync(plain: string, stored: string | undefined): Promise<boolean> {
  if (stored === EMPTY) return Promise.resolve(plain === '');
  const s = readStored(stored ?? NOBODY);
  if (!s) return Promise.resolve(false);
  return new Promise((resolve) => {
    scrypt(plain, s.salt, s.expected.length, s.options, (err, actual) => {
      resolve(!err && stored !== undefined && timingSafeEqual(actual, s.expected));
    });
  });
}
