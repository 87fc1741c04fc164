// A syslog server as a test runs it: Debian's socat receiving on a free loopback UDP port,
// dumping each datagram it reads in hex (-x) with its length, so a datagram's bytes and its
// bounds are exactly what came. `range` makes socat take datagrams from that source only.

import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { freePort } from '../helpers/ports.js';

export interface Receiver {
  port: number;
  /** Waits for the next datagram's bytes (or fails after `ms`). */
  next(ms?: number): Promise<string>;
  stop(): Promise<void>;
}

/** Waits until a UDP socket is bound to 127.0.0.1:`port` (/proc/net/udp), or fails when `proc` ends first or after 5 s. */
async function bound(port: number, proc: ChildProcess): Promise<void> {
  const local = `0100007F:${port.toString(16).toUpperCase().padStart(4, '0')}`;
  for (const end = Date.now() + 5000; ;) {
    if (fs.readFileSync('/proc/net/udp', 'utf8').split('\n').some((line) => line.trim().split(/\s+/)[1] === local)) return;
    if (proc.exitCode !== null) throw new Error(`socat ended (${proc.exitCode}) before it bound port ${port}`);
    if (Date.now() > end) throw new Error(`socat did not bind port ${port} within 5 s`);
    await new Promise((ok) => setTimeout(ok, 5));
  }
}

export async function startReceiver(o: { range?: string } = {}): Promise<Receiver> {
  const port = await freePort();
  const address = `UDP4-RECV:${port},bind=127.0.0.1${o.range ? `,range=${o.range}` : ''}`;
  const proc: ChildProcess = spawn('socat', ['-u', '-x', address, 'OPEN:/dev/null'], { stdio: ['ignore', 'ignore', 'pipe'] });
  const got: string[] = [];
  let read = 0;
  let dump = '';
  let want = 0;
  let bytes: number[] = [];
  proc.stderr!.on('data', (b: Buffer) => {
    dump += b.toString('latin1');
    let nl: number;
    while ((nl = dump.indexOf('\n')) >= 0) {
      const line = dump.slice(0, nl);
      dump = dump.slice(nl + 1);
      const header = /^> \S+ \S+\s+length=(\d+) /.exec(line);
      if (header) { want = Number(header[1]); bytes = []; continue; }
      for (const h of line.trim().split(/\s+/).filter(Boolean)) bytes.push(Number.parseInt(h, 16));
      if (want && bytes.length >= want) { got.push(Buffer.from(bytes).toString('utf8')); want = 0; }
    }
  });
  // Ready once socat has bound its port: the kernel's table of UDP sockets lists it then.
  await bound(port, proc);
  return {
    port,
    async next(ms = 5000) {
      const deadline = Date.now() + ms;
      while (read >= got.length) {
        if (Date.now() > deadline) throw new Error(`no datagram within ${ms} ms`);
        await new Promise((ok) => setTimeout(ok, 20));
      }
      return got[read++];
    },
    stop: () => new Promise<void>((ok) => { if (proc.exitCode !== null) return ok(); proc.on('exit', () => ok()); proc.kill(); }),
  };
}
