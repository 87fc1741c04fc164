// DNS in tests: Debian's dig as the client a user runs, and a small upstream DNS server the
// test runs on loopback (written with dns-packet) that answers from a zone it is given and
// notes every question it was asked.

import { execFile } from 'node:child_process';
import dgram from 'node:dgram';
import dnsPacket from 'dns-packet';

export type Zone = Record<string, dnsPacket.Answer[]>;

export interface Upstream {
  port: number;
  /** `name type` of every question asked, in order. */
  asked: string[];
  close(): Promise<void>;
}

/** An upstream server on `host` (port 0: a free one): answers from `zone`, NXDOMAIN for the rest. */
export function startUpstream(zone: Zone, host = '127.0.0.1', port = 0): Promise<Upstream> {
  const socket = dgram.createSocket('udp4');
  const asked: string[] = [];
  socket.on('message', (m, from) => {
    const q = dnsPacket.decode(m);
    const question = q.questions![0];
    asked.push(`${question.name} ${question.type}`);
    const answers = (zone[question.name.toLowerCase()] ?? []).filter((a) => a.type === question.type);
    const known = question.name.toLowerCase() in zone;
    socket.send(dnsPacket.encode({
      type: 'response', id: q.id, flags: dnsPacket.RECURSION_AVAILABLE | (known ? 0 : 3), questions: q.questions, answers,
    }), from.port, from.address);
  });
  return new Promise((resolve, reject) => {
    socket.once('error', reject);
    socket.bind(port, host, () => resolve({
      port: socket.address().port, asked,
      close: () => new Promise<void>((ok) => socket.close(() => ok())),
    }));
  });
}

/** dig's output for a query to the router's DNS face: `+noall +answer +comments` unless told. */
export function dig(port: number, ...args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile('dig', ['@127.0.0.1', '-p', String(port), '+time=1', '+tries=1', ...args], { timeout: 10_000 }, (e, stdout) => {
      // dig exits 9 when no server answered: its output says so.
      if (e && (e as { code?: unknown }).code !== 9) return reject(e);
      resolve(stdout);
    });
  });
}

/** The status word and answer lines of `dig +noall +answer +comments`, without the id and timing. */
export async function digAnswer(port: number, ...args: string[]): Promise<{ status?: string; answers: string[]; flags?: string }> {
  const out = await dig(port, '+noall', '+answer', '+comments', ...args);
  const status = /status: ([A-Z]+)/.exec(out)?.[1];
  const flags = /;; flags: ([a-z ]+);/.exec(out)?.[1];
  const answers = out.split('\n').filter((l) => l && !l.startsWith(';')).map((l) => l.split(/\s+/).join(' '));
  return { status, answers, flags };
}

/** One A query over UDP, as a program would send it (for many queries, where a dig each is slow). */
export function ask(port: number, name: string, type: dnsPacket.RecordType = 'A'): Promise<dnsPacket.DecodedPacket | undefined> {
  return new Promise((resolve) => {
    const socket = dgram.createSocket('udp4');
    const timer = setTimeout(() => { socket.close(); resolve(undefined); }, 2000);
    socket.on('message', (m) => { clearTimeout(timer); socket.close(); resolve(dnsPacket.decode(m)); });
    socket.send(dnsPacket.encode({ type: 'query', id: 7, flags: dnsPacket.RECURSION_DESIRED, questions: [{ name, type, class: 'IN' }] }), port, '127.0.0.1');
  });
}
