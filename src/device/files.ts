// The router's file store: what /file shows, what export/backup write and fetch saves.
// It lives in `<data-dir>/files`; a name is the router's own ('flash/backup.rsc', 'skins'),
// always relative to that root. No name may reach outside it: `..`, absolute paths, empty
// segments, NUL and links (symbolic links anywhere on the way are refused via realpath).
//
// Errors are CommandErrors with the console's words:
//   - a name that escapes or is malformed -> failure('invalid file name')  ("failure: invalid file name")
//   - read/remove of a missing name       -> failure('no such file')       ("failure: no such file")
//   - write over a folder / mkdir over a file -> failure('file already exists') / failure('is a directory')

import fs from 'node:fs';
import path from 'node:path';
import { CommandError, failure } from '../core/errors.js';

export type FileType = 'file' | 'directory';

export interface FileEntry {
  /** The router's name: path relative to the root with '/' separators. */
  name: string;
  type: FileType;
  size: number;
  /** Milliseconds since the epoch. */
  creationTime: number;
  lastModified: number;
}

export const invalidFileName = () => failure('invalid file name');
export const fileNameTooLong = () => failure('file name too long');

/**
 * The longest name of one file or folder, in bytes, and of a whole name with its folders: the
 * router's file system is Linux's, whose NAME_MAX is 255 and PATH_MAX 4096 with the
 * terminating NUL (routeros-facts.md 21.5).
 */
export const MAX_NAME_BYTES = 255;
export const MAX_PATH_BYTES = 4095;

/**
 * What the host's file system answered, in the router's words: never its message, which
 * names the host's data directory.
 */
function hostFailure(e: unknown): CommandError {
  if (e instanceof CommandError) return e;
  const code = (e as NodeJS.ErrnoException | undefined)?.code;
  if (code === 'ENAMETOOLONG') return fileNameTooLong();
  if (code === 'ENOSPC' || code === 'EDQUOT') return failure('not enough space');
  return failure('internal error');
}

/** Runs a change of the host's files; a failure of the host comes back in the router's words. */
function onHost<T>(change: () => T): T {
  try {
    return change();
  } catch (e) {
    throw hostFailure(e);
  }
}
export const noSuchFile = () => failure('no such file');

export class FileStore {
  readonly root: string;
  private readonly listeners = new Set<() => void>();

  /** Calls `listener` after every change made through this store. */
  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private changed() {
    for (const l of this.listeners) l();
  }

  constructor(root: string) {
    fs.mkdirSync(root, { recursive: true });
    // The root itself may sit behind a link (a temporary directory on macOS): resolve it once.
    this.root = fs.realpathSync(root);
  }

  /**
   * Checks a router file name and gives its canonical form ('a/b', no leading or trailing
   * slash). Refuses anything that could name a place outside the root.
   */
  static normalize(name: string): string {
    if (typeof name !== 'string') throw invalidFileName();
    let n = name.replace(/\\/g, '/');
    // The router takes an optional trailing slash on folder names.
    while (n.endsWith('/')) n = n.slice(0, -1);
    if (!n || n.startsWith('/') || n.includes('\0') || /^[a-zA-Z]:/.test(n)) throw invalidFileName();
    const parts = n.split('/');
    for (const p of parts) {
      if (p === '' || p === '.' || p === '..') throw invalidFileName();
      if (Buffer.byteLength(p) > MAX_NAME_BYTES) throw fileNameTooLong();
    }
    if (Buffer.byteLength(n) > MAX_PATH_BYTES) throw fileNameTooLong();
    return parts.join('/');
  }

  /**
   * The host path of a name. Every existing component on the way must be a real file or
   * folder inside the root (no links); the last component need not exist.
   */
  private resolve(name: string): { rel: string; abs: string } {
    const rel = FileStore.normalize(name);
    const abs = path.join(this.root, ...rel.split('/'));
    if (!abs.startsWith(this.root + path.sep)) throw invalidFileName();
    // Walk the components: any symbolic link is refused, wherever it points.
    let at = this.root;
    for (const part of rel.split('/')) {
      at = path.join(at, part);
      let st: fs.Stats;
      try {
        st = fs.lstatSync(at);
      } catch {
        break; // the rest does not exist yet
      }
      if (st.isSymbolicLink()) throw invalidFileName();
    }
    // Belt and braces: what exists of the path resolves inside the root.
    let probe = abs;
    while (!fs.existsSync(probe) && probe !== this.root) probe = path.dirname(probe);
    const real = fs.realpathSync(probe);
    if (real !== this.root && !real.startsWith(this.root + path.sep)) throw invalidFileName();
    return { rel, abs };
  }

  /** Writes a file, creating the folders on its way; replaces a file of that name. */
  write(name: string, data: Buffer | string): void {
    const { rel, abs } = this.resolve(name);
    const st = lstat(abs);
    if (st?.isDirectory()) throw failure('file already exists');
    const parts = rel.split('/');
    if (parts.length > 1) this.mkdir(parts.slice(0, -1).join('/'));
    onHost(() => fs.writeFileSync(abs, data));
    this.changed();
  }

  /** Appends to a file (created when missing). */
  append(name: string, data: Buffer | string): void {
    if (!this.exists(name)) return this.write(name, data);
    const { abs } = this.resolve(name);
    if (lstat(abs)?.isDirectory()) throw failure('file already exists');
    onHost(() => fs.appendFileSync(abs, data));
    this.changed();
  }

  /** The whole content of a file; `failure: no such file` when missing or a folder. */
  read(name: string): Buffer {
    const { abs } = this.resolve(name);
    const st = lstat(abs);
    if (!st || !st.isFile()) throw noSuchFile();
    return onHost(() => fs.readFileSync(abs));
  }

  /** A part of a file: at most `length` bytes from `offset`. */
  readRange(name: string, offset: number, length: number): Buffer {
    const { abs } = this.resolve(name);
    const st = lstat(abs);
    if (!st || !st.isFile()) throw noSuchFile();
    const fd = onHost(() => fs.openSync(abs, 'r'));
    try {
      const want = Math.max(0, Math.min(length, st.size - offset));
      const buf = Buffer.alloc(want);
      let got = 0;
      while (got < want) {
        const n = fs.readSync(fd, buf, got, want - got, offset + got);
        if (n <= 0) break;
        got += n;
      }
      return buf.subarray(0, got);
    } finally {
      fs.closeSync(fd);
    }
  }

  exists(name: string): boolean {
    try {
      return lstat(this.resolve(name).abs) !== undefined;
    } catch (e) {
      if (e instanceof CommandError) return false;
      throw e;
    }
  }

  /** One entry, or undefined when the name names nothing. */
  stat(name: string): FileEntry | undefined {
    let r: { rel: string; abs: string };
    try {
      r = this.resolve(name);
    } catch (e) {
      if (e instanceof CommandError) return undefined;
      throw e;
    }
    const st = lstat(r.abs);
    if (!st || !(st.isFile() || st.isDirectory())) return undefined;
    return entry(r.rel, st);
  }

  /** Removes a file, or a folder with everything in it. */
  remove(name: string): void {
    const { abs } = this.resolve(name);
    if (!lstat(abs)) throw noSuchFile();
    onHost(() => fs.rmSync(abs, { recursive: true, force: true }));
    this.changed();
  }

  /** Gives a file or folder another name (and place); the new name must be free. */
  rename(from: string, to: string): void {
    const a = this.resolve(from);
    const b = this.resolve(to);
    if (!lstat(a.abs)) throw noSuchFile();
    if (lstat(b.abs)) throw failure('file already exists');
    if (b.rel === a.rel || b.rel.startsWith(a.rel + '/')) throw invalidFileName();
    const parts = b.rel.split('/');
    if (parts.length > 1) this.mkdir(parts.slice(0, -1).join('/'));
    onHost(() => fs.renameSync(a.abs, b.abs));
    this.changed();
  }

  /** Copies a file to a new name. */
  copy(from: string, to: string): void {
    this.write(to, this.read(from));
  }

  /** Creates a folder and its parents; an existing folder is fine, a file in the way is not. */
  mkdir(name: string): void {
    const { rel } = this.resolve(name);
    let at = this.root;
    let made = false;
    for (const part of rel.split('/')) {
      at = path.join(at, part);
      const st = lstat(at);
      if (!st) { onHost(() => fs.mkdirSync(at)); made = true; }
      else if (!st.isDirectory()) throw failure('file already exists');
    }
    if (made) this.changed();
  }

  /** Every file and folder, depth first in name order (folders before their contents). */
  list(): FileEntry[] {
    const out: FileEntry[] = [];
    const walk = (dir: string, prefix: string) => {
      let names: string[];
      try {
        names = fs.readdirSync(dir);
      } catch {
        return;
      }
      names.sort();
      for (const n of names) {
        const abs = path.join(dir, n);
        const st = lstat(abs);
        // Links and special files are not the router's: they are not shown at all.
        if (!st || st.isSymbolicLink() || !(st.isFile() || st.isDirectory())) continue;
        const rel = prefix ? `${prefix}/${n}` : n;
        out.push(entry(rel, st));
        if (st.isDirectory()) walk(abs, rel);
      }
    };
    walk(this.root, '');
    return out;
  }

  /** Bytes used by all files, for /system/resource free-hdd-space. */
  usedBytes(): number {
    return this.list().reduce((sum, e) => sum + (e.type === 'file' ? e.size : 0), 0);
  }
}

function lstat(p: string): fs.Stats | undefined {
  try {
    return fs.lstatSync(p);
  } catch {
    return undefined;
  }
}

function entry(name: string, st: fs.Stats): FileEntry {
  const created = st.birthtimeMs > 0 ? st.birthtimeMs : st.ctimeMs;
  return {
    name,
    type: st.isDirectory() ? 'directory' : 'file',
    size: st.isDirectory() ? 0 : st.size,
    creationTime: Math.min(created, st.mtimeMs),
    lastModified: st.mtimeMs,
  };
}
