// SCP on /file: the classic protocol (`scp -O`, and every scp before OpenSSH 9), which the
// client starts as the command `scp -t TARGET` (upload: this side is the sink) or
// `scp -f SOURCE` (download: this side is the source). Single files, both ways; `-p` times
// are read and ignored; `-r` folders are refused. Writing and reading /file over SCP needs
// the `ftp` policy, as every file transfer does.
//
// The protocol: each side answers a control line with one byte, 0 for yes, or 1 or 2 and a
// message line for no. A file is `C<mode> <size> <name>\n`, its bytes, then a 0 byte.

import type { Engine } from '../../core/engine.js';
import type { Session } from '../../core/schema.js';
import { FileStore } from '../../device/files.js';
import type ssh2 from 'ssh2';

/** The router's file name a client's path names: the root is /, and `/file` names have no leading slash. */
export function routerName(p: string): string {
  return p.replace(/^\/+/, '').replace(/\/+$/, '');
}

function fail(stream: ssh2.ServerChannel, message: string) {
  stream.write(Buffer.concat([Buffer.from([1]), Buffer.from(`scp: ${message}\n`)]));
  stream.exit(1);
  stream.end();
}

export function scpCommand(engine: Engine, session: Session, command: string, stream: ssh2.ServerChannel) {
  const files = engine.services.files as FileStore | undefined;
  const words = command.trim().split(/\s+/);
  const flags = words.slice(1).filter((w) => w.startsWith('-')).join('');
  const target = routerName(words.slice(1).filter((w) => !w.startsWith('-')).join(' '));
  if (!files || !session.policies.has('ftp')) return fail(stream, 'permission denied');
  if (flags.includes('t')) return sink(files, target, flags.includes('d'), stream);
  if (flags.includes('f')) return source(files, target, stream);
  fail(stream, 'unsupported scp mode');
}

/** Upload: control lines and file bytes come in; each is answered. */
function sink(files: FileStore, target: string, targetIsDir: boolean, stream: ssh2.ServerChannel) {
  let buf = Buffer.alloc(0);
  let file: { name: string; size: number; parts: Buffer[]; got: number } | undefined;
  const ok = () => stream.write(Buffer.from([0]));
  const intoDir = () => targetIsDir || target === '' || files.stat(target)?.type === 'directory';
  const step = () => {
    for (;;) {
      if (file) {
        const need = file.size + 1 - file.got;
        const take = buf.subarray(0, Math.min(need, buf.length));
        buf = buf.subarray(take.length);
        file.parts.push(take);
        file.got += take.length;
        if (file.got < file.size + 1) return;
        const data = Buffer.concat(file.parts).subarray(0, file.size);
        try {
          files.write(file.name, data);
        } catch (e) {
          file = undefined;
          return fail(stream, (e as Error).message);
        }
        file = undefined;
        ok();
        continue;
      }
      const nl = buf.indexOf(10);
      if (nl < 0) return;
      const line = buf.subarray(0, nl).toString('utf8');
      buf = buf.subarray(nl + 1);
      const m = /^C([0-7]{4}) (\d+) (.+)$/.exec(line);
      if (m) {
        const base = m[3];
        if (base.includes('/') || base === '..' || base === '.') return fail(stream, 'invalid file name');
        file = { name: intoDir() ? (target ? `${target}/${base}` : base) : target, size: Number(m[2]), parts: [], got: 0 };
        ok();
        continue;
      }
      if (line.startsWith('T')) { ok(); continue; }
      if (line.startsWith('D') || line === 'E') return fail(stream, 'folders are not supported');
      return fail(stream, 'protocol error');
    }
  };
  stream.on('data', (chunk: Buffer) => { buf = Buffer.concat([buf, chunk]); step(); });
  stream.on('end', () => { stream.exit(0); stream.end(); });
  ok();
}

/** Download: one file goes out once the client says it is ready. */
function source(files: FileStore, name: string, stream: ssh2.ServerChannel) {
  let data: Buffer;
  try {
    data = files.read(name);
  } catch {
    return fail(stream, `${name}: No such file or directory`);
  }
  const base = name.slice(name.lastIndexOf('/') + 1);
  let stage = 0;
  stream.on('data', (chunk: Buffer) => {
    for (const byte of chunk) {
      if (byte !== 0) { stream.exit(1); stream.end(); return; }
      stage++;
      if (stage === 1) stream.write(`C0644 ${data.length} ${base}\n`);
      else if (stage === 2) { stream.write(data); stream.write(Buffer.from([0])); }
      else { stream.exit(0); stream.end(); return; }
    }
  });
}
