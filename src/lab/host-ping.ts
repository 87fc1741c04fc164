// `ping` on a Linux host of the lab, as iputils' ping prints it (the ping of the images
// containerlab labs use: Debian's and Alpine's iputils-ping; ping/ping.c, ping_common.c):
//
//   PING 10.0.0.1 (10.0.0.1) 56(84) bytes of data.
//   64 bytes from 10.0.0.1: icmp_seq=1 ttl=64 time=0.412 ms
//   From 10.0.0.1 icmp_seq=2 Destination Host Unreachable
//
//   --- 10.0.0.1 ping statistics ---
//   2 packets transmitted, 1 received, +1 errors, 50% packet loss, time 1001ms
//   rtt min/avg/max/mdev = 0.412/0.412/0.412/0.000 ms
//
// Each echo is one probe through the lab's forwarding (./forward.ts), sent every `-i` seconds
// (1) as ping sends them. A lab has no DNS for hosts: the destination is an address. The
// exit status is ping's: 0 when an echo came back, 1 when none did, 2 for a usage error.

import net from 'node:net';
import type { ProbeRequest, ProbeResult } from '../device/network.js';

export interface Run { stdout: string; stderr: string; code: number }

/** What `ping` needs of the lab: a probe from the host, and whether the host has a route. */
export interface PingHost {
  probe(request: ProbeRequest): ProbeResult;
  /** The source address of the interface `-I` names, or the address itself; undefined when neither. */
  source(given: string): string | undefined;
  /** Whether the host has a route toward `address` (else connect() says "Network is unreachable"). */
  routes(address: string): boolean;
}

const USAGE = '\nUsage\n  ping [options] <destination>\n';

const ERRORS: Partial<Record<ProbeResult['status'], string>> = {
  'host-unreachable': 'Destination Host Unreachable',
  'net-unreachable': 'Destination Net Unreachable',
  'ttl-exceeded': 'Time to live exceeded',
};

/** iputils' way of writing a round trip: fewer decimals as it grows (ping_common.c). */
export function formatRtt(us: number): string {
  if (us >= 100_000 - 50) return `${Math.round(us / 1000)}`;
  if (us >= 10_000 - 5) return (us / 1000).toFixed(1);
  if (us >= 1000) return (us / 1000).toFixed(2);
  return (us / 1000).toFixed(3);
}

/** printf's %g, as ping prints the loss. */
const g = (n: number) => String(Number(n.toPrecision(6)));

export async function ping(host: PingHost, args: readonly string[], signal?: AbortSignal): Promise<Run> {
  let count: number | undefined, interval = 1, size = 56, ttl = 64, source: string | undefined, quiet = false, dest: string | undefined;
  const usage = (line: string): Run => ({ stdout: '', stderr: `ping: ${line}${USAGE}`, code: 2 });
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    const m = /^-([a-zA-Z])(.*)$/.exec(a);
    if (!m) {
      if (dest !== undefined) return usage(`too many destinations: ${a}`);
      dest = a;
      continue;
    }
    const [, flag, attached] = m;
    if ('nq46vDU'.includes(flag)) {
      if (flag === 'q') quiet = true;
      continue;
    }
    const value = attached || args[++i];
    if (value === undefined) return usage(`option requires an argument -- '${flag}'`);
    const num = Number(value);
    if (flag === 'c') {
      if (!Number.isInteger(num) || num < 1) return { stdout: '', stderr: `ping: invalid argument: '${value}': out of range: 1 <= value <= 9223372036854775807\n`, code: 1 };
      count = num;
    } else if (flag === 'i') {
      if (!(num >= 0)) return { stdout: '', stderr: `ping: bad timing interval: ${value}\n`, code: 1 };
      interval = num;
    } else if (flag === 's') {
      if (!Number.isInteger(num) || num < 0 || num > 65507) return { stdout: '', stderr: `ping: invalid argument: '${value}': out of range: 0 <= value <= 2147483647\n`, code: 1 };
      size = num;
    } else if (flag === 't') {
      if (!Number.isInteger(num) || num < 1 || num > 255) return { stdout: '', stderr: `ping: invalid argument: '${value}': out of range: 1 <= value <= 255\n`, code: 1 };
      ttl = num;
    } else if (flag === 'W' || flag === 'w') {
      if (!(num >= 0)) return { stdout: '', stderr: `ping: bad linger time: ${value}\n`, code: 1 };
      // The lab knows at once what comes back: there is nothing to wait for.
    } else if (flag === 'I') {
      source = host.source(value);
      if (!source) return { stdout: '', stderr: `ping: ${value}: Name or service not known\n`, code: 2 };
    } else {
      return usage(`invalid option -- '${flag}'`);
    }
  }
  if (dest === undefined) return usage('usage error: Destination address required');
  if (!net.isIP(dest)) return { stdout: '', stderr: `ping: ${dest}: Name or service not known\n`, code: 2 };
  // The lab's exec returns when the command ends: an endless ping would never answer.
  if (count === undefined) return { stdout: '', stderr: 'ping: give -c COUNT: vrouter lab exec runs a command to its end and prints its output then\n', code: 2 };
  if (!host.routes(dest)) return { stdout: '', stderr: 'ping: connect: Network is unreachable\n', code: 2 };
  const six = net.isIP(dest) === 6;
  const lines = [six ? `PING ${dest} (${dest}) ${size} data bytes` : `PING ${dest} (${dest}) ${size}(${size + 28}) bytes of data.`];
  const rtts: number[] = [];
  let errors = 0, sent = 0;
  const start = Date.now();
  for (let seq = 1; seq <= count && !signal?.aborted; seq++) {
    if (seq > 1 && interval > 0) await new Promise((r) => setTimeout(r, interval * 1000));
    sent++;
    const r = host.probe({ address: dest, ttl, size, ...(source ? { src: source } : {}) });
    if (r.status === 'reply') {
      rtts.push(r.rttUs);
      if (!quiet) lines.push(`${size + 8} bytes from ${r.from ?? dest}: icmp_seq=${seq} ttl=${r.ttl ?? 64}${size >= 16 ? ` time=${formatRtt(r.rttUs)} ms` : ''}`);
    } else if (ERRORS[r.status]) {
      errors++;
      if (!quiet) lines.push(`From ${r.from} icmp_seq=${seq} ${ERRORS[r.status]}`);
    }
  }
  const elapsed = Date.now() - start;
  const received = rtts.length;
  lines.push('', `--- ${dest} ping statistics ---`);
  lines.push(`${sent} packets transmitted, ${received} received${errors ? `, +${errors} errors` : ''}, ${g(((sent - received) * 100) / sent)}% packet loss, time ${elapsed}ms`);
  if (received && size >= 16) {
    const avg = rtts.reduce((a, b) => a + b, 0) / received;
    const mdev = Math.sqrt(Math.max(0, rtts.reduce((a, b) => a + b * b, 0) / received - avg * avg));
    const ms = (us: number) => (us / 1000).toFixed(3);
    lines.push(`rtt min/avg/max/mdev = ${ms(Math.min(...rtts))}/${ms(avg)}/${ms(Math.max(...rtts))}/${ms(mdev)} ms`);
  }
  return { stdout: lines.join('\n') + '\n', stderr: '', code: received ? 0 : 1 };
}
