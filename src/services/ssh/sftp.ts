// SFTP on /file (the `sftp` subsystem; also what OpenSSH 9's scp speaks): the router's files
// and folders under `/`. A file opened for writing is written to /file when it is closed, a
// file opened for reading is read whole when opened (/file holds configuration-sized files).
// The ssh face lets in only users with the `ftp` policy.

import ssh2 from 'ssh2';
import type { Engine } from '../../core/engine.js';
import { FileStore, type FileEntry } from '../../device/files.js';
import { routerName } from './scp.js';

const { STATUS_CODE, OPEN_MODE } = ssh2.utils.sftp;

interface FileHandle { kind: 'file'; name: string; data: Buffer; write: boolean; changed: boolean }
interface DirHandle { kind: 'dir'; name: string; done: boolean }

const DIR_MODE = 0o040755;
const FILE_MODE = 0o100644;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

function attrsOf(e: FileEntry | undefined): ssh2.Attributes {
  const mtime = Math.floor((e?.lastModified ?? Date.now()) / 1000);
  return { mode: !e || e.type === 'directory' ? DIR_MODE : FILE_MODE, uid: 0, gid: 0, size: e?.type === 'file' ? e.size : 0, atime: mtime, mtime };
}

/** The `ls -l` line clients show. */
function longname(e: FileEntry, base: string): string {
  const d = new Date(e.lastModified);
  const when = `${MONTHS[d.getMonth()]} ${String(d.getDate()).padStart(2)} ${String(d.getHours()).padStart(2, '0')}:${String(d.getMinutes()).padStart(2, '0')}`;
  return `${e.type === 'directory' ? 'drwxr-xr-x' : '-rw-r--r--'} 1 root root ${String(e.type === 'file' ? e.size : 0).padStart(8)} ${when} ${base}`;
}

export function serveSftp(engine: Engine, channel: ssh2.SFTPWrapper) {
  const files = engine.services.files as FileStore;
  // Every request is answered, whatever it names: a name /file refuses (`..`, a link) is a
  // failure for the client, never an exception in the router.
  const sftp = channel;
  const on = (event: string, handler: (id: number, ...rest: any[]) => void) => channel.on(event as 'OPEN', (id: number, ...rest: any[]) => {
    try {
      handler(id, ...rest);
    } catch (e) {
      if (typeof id === 'number') channel.status(id, STATUS_CODE.FAILURE, (e as Error).message);
    }
  });
  const handles = new Map<number, FileHandle | DirHandle>();
  let next = 1;
  const handleOf = (b: Buffer) => (b.length === 4 ? handles.get(b.readUInt32BE(0)) : undefined);
  const newHandle = (h: FileHandle | DirHandle) => {
    const id = next++;
    handles.set(id, h);
    const b = Buffer.alloc(4);
    b.writeUInt32BE(id);
    return b;
  };
  const entry = (name: string) => (name === '' ? undefined : files.stat(name));
  const isDir = (name: string) => name === '' || entry(name)?.type === 'directory';

  on('REALPATH', (id, p) => {
    const parts: string[] = [];
    for (const part of p.split('/')) {
      if (part === '' || part === '.') continue;
      if (part === '..') parts.pop(); else parts.push(part);
    }
    const full = '/' + parts.join('/');
    sftp.name(id, [{ filename: full, longname: full, attrs: attrsOf(undefined) }]);
  });
  const stat = (id: number, p: string) => {
    const name = routerName(p);
    if (name === '') return sftp.attrs(id, attrsOf(undefined));
    const e = entry(name);
    if (!e) return sftp.status(id, STATUS_CODE.NO_SUCH_FILE);
    sftp.attrs(id, attrsOf(e));
  };
  on('STAT', stat);
  on('LSTAT', stat);
  on('OPEN', (id, p, flags) => {
    const name = routerName(p);
    const write = (flags & OPEN_MODE.WRITE) !== 0;
    if (name === '' || isDir(name)) return sftp.status(id, STATUS_CODE.FAILURE, 'is a folder');
    const exists = entry(name) !== undefined;
    if (!exists && !(flags & OPEN_MODE.CREAT)) return sftp.status(id, STATUS_CODE.NO_SUCH_FILE);
    let data: Buffer = Buffer.alloc(0);
    if (exists && !(flags & OPEN_MODE.TRUNC)) data = files.read(name);
    // A new or truncated file is there from now on, as on any file system.
    sftp.handle(id, newHandle({ kind: 'file', name, data, write, changed: write && (!exists || (flags & OPEN_MODE.TRUNC) !== 0) }));
  });
  on('READ', (id, handle, offset, len) => {
    const h = handleOf(handle);
    if (!h || h.kind !== 'file') return sftp.status(id, STATUS_CODE.FAILURE);
    if (offset >= h.data.length) return sftp.status(id, STATUS_CODE.EOF);
    sftp.data(id, h.data.subarray(offset, Math.min(h.data.length, offset + len)));
  });
  on('WRITE', (id, handle, offset, data) => {
    const h = handleOf(handle);
    if (!h || h.kind !== 'file' || !h.write) return sftp.status(id, STATUS_CODE.FAILURE);
    if (offset + data.length > h.data.length) {
      const grown = Buffer.alloc(offset + data.length);
      h.data.copy(grown);
      h.data = grown;
    }
    data.copy(h.data, offset);
    h.changed = true;
    sftp.status(id, STATUS_CODE.OK);
  });
  on('FSTAT', (id, handle) => {
    const h = handleOf(handle);
    if (!h) return sftp.status(id, STATUS_CODE.FAILURE);
    if (h.kind === 'dir') return sftp.attrs(id, attrsOf(entry(h.name)));
    sftp.attrs(id, { ...attrsOf(entry(h.name)), mode: FILE_MODE, size: h.data.length });
  });
  on('FSETSTAT', (id) => sftp.status(id, STATUS_CODE.OK));
  on('SETSTAT', (id) => sftp.status(id, STATUS_CODE.OK));
  on('CLOSE', (id, handle) => {
    const h = handleOf(handle);
    if (!h) return sftp.status(id, STATUS_CODE.FAILURE);
    handles.delete(handle.readUInt32BE(0));
    if (h.kind === 'file' && h.changed) {
      try {
        files.write(h.name, h.data);
      } catch (e) {
        return sftp.status(id, STATUS_CODE.FAILURE, (e as Error).message);
      }
    }
    sftp.status(id, STATUS_CODE.OK);
  });
  on('OPENDIR', (id, p) => {
    const name = routerName(p);
    if (!isDir(name)) return sftp.status(id, STATUS_CODE.NO_SUCH_FILE);
    sftp.handle(id, newHandle({ kind: 'dir', name, done: false }));
  });
  on('READDIR', (id, handle) => {
    const h = handleOf(handle);
    if (!h || h.kind !== 'dir') return sftp.status(id, STATUS_CODE.FAILURE);
    if (h.done) return sftp.status(id, STATUS_CODE.EOF);
    h.done = true;
    const prefix = h.name ? `${h.name}/` : '';
    const list = files.list().filter((e) => e.name.startsWith(prefix) && !e.name.slice(prefix.length).includes('/'));
    if (!list.length) return sftp.status(id, STATUS_CODE.EOF);
    sftp.name(id, list.map((e) => {
      const base = e.name.slice(prefix.length);
      return { filename: base, longname: longname(e, base), attrs: attrsOf(e) };
    }));
  });
  const act = (id: number, f: () => void) => {
    try {
      f();
      sftp.status(id, STATUS_CODE.OK);
    } catch (e) {
      sftp.status(id, STATUS_CODE.FAILURE, (e as Error).message);
    }
  };
  on('REMOVE', (id, p) => act(id, () => files.remove(routerName(p))));
  on('RMDIR', (id, p) => act(id, () => files.remove(routerName(p))));
  on('MKDIR', (id, p) => act(id, () => files.mkdir(routerName(p))));
  on('RENAME', (id, from, to) => act(id, () => files.rename(routerName(from), routerName(to))));
  on('EXTENDED', (id) => sftp.status(id, STATUS_CODE.OP_UNSUPPORTED));
  // The client is done (channel EOF): files still open are written as a close would, and
  // the channel closes, which ends the client's session.
  on('end', () => {
    for (const h of handles.values()) if (h.kind === 'file' && h.changed) { try { files.write(h.name, h.data); } catch { /* as a failed close */ } }
    handles.clear();
    // As OpenSSH's server does when its sftp-server exits: an exit status, EOF, then close
    // (without the status the client's ssh waits on).
    const raw = sftp as unknown as { _protocol: { exitStatus(chan: number, status: number): void; channelEOF(chan: number): void }; outgoing: { id: number; state: string } };
    if (raw.outgoing.state === 'open') {
      raw._protocol.exitStatus(raw.outgoing.id, 0);
      raw._protocol.channelEOF(raw.outgoing.id);
    }
    sftp.end();
  });
}
