// Making a data directory, with the reason in words when it cannot be made or used. Node 20's
// `mkdirSync(dir, { recursive: true })` loops forever where a parent refuses new entries with
// ENOENT (`/proc/nope`: 100% CPU, never an answer), so each missing directory is made one at
// a time from the nearest one that exists.

import fs from 'node:fs';
import path from 'node:path';

/** What an errno means for a directory the user named. */
const REASONS: Readonly<Record<string, string>> = {
  EACCES: 'permission denied',
  EPERM: 'permission denied',
  EROFS: 'read-only file system',
  ENOTDIR: 'a file is in its way',
  EEXIST: 'it is a file',
  ENOENT: 'it cannot be made there',
  ENOSPC: 'no space left on the device',
  ELOOP: 'too many symbolic links',
  ENAMETOOLONG: 'the name is too long',
};

export function directoryReason(e: unknown): string {
  const code = (e as NodeJS.ErrnoException).code;
  return code && REASONS[code] ? `${REASONS[code]} (${code})` : code ?? (e as Error).message;
}

/** Makes `dir` and its missing parents, and checks it can be read and written; throws an errno error. */
export function makeDirectory(dir: string): void {
  const missing: string[] = [];
  let at = path.resolve(dir);
  for (;;) {
    const st = fs.statSync(at, { throwIfNoEntry: false });
    if (st) {
      if (!st.isDirectory()) throw Object.assign(new Error(`${at} is not a directory`), { code: at === path.resolve(dir) ? 'EEXIST' : 'ENOTDIR' });
      break;
    }
    missing.unshift(at);
    const parent = path.dirname(at);
    if (parent === at) break;
    at = parent;
  }
  for (const d of missing) {
    try {
      fs.mkdirSync(d);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST' || !fs.statSync(d).isDirectory()) throw e;
    }
  }
  fs.accessSync(dir, fs.constants.W_OK | fs.constants.R_OK | fs.constants.X_OK);
}
