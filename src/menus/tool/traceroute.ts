// /tool/traceroute: echoes with TTL 1, 2, ... until the destination answers, each hop named by
// the router whose "time exceeded" came back, over the lab's network (src/lab; outside a lab
// only the router's own addresses answer). Every round (`count`, unbounded by default, like
// ping) gives one record per hop numbered by `.section`, with the hop's running statistics in
// milliseconds: address, loss (percent), sent, last, avg, best, worst, std-dev, and status
// (empty, `timeout`, or the ICMP error that ended the trace: `host unreachable`).
// Field names from the 7.24 console's columns (ADDRESS LOSS SENT LAST AVG BEST WORST STD-DEV
// STATUS); the REST shape per round with `.section` is unconfirmed.

import { missingArgument } from '../../core/errors.js';
import type { CommandContext, MenuDecl, Reply } from '../../core/schema.js';
import { bool, duration, durationToMs, int } from '../../core/values.js';
import { isOwnAddress } from '../../device/network.js';
import { flag, pause, sorted, text } from './common.js';
import { PROBE_STATUS, networkOf, resolveHost } from './ping.js';

interface HopStats { address: string; sent: number; received: number; last?: number; times: number[]; status: string }

const ms = (us: number) => (Math.round(us / 100) / 10).toFixed(1);

async function* traceroute(ctx: CommandContext): AsyncGenerator<Reply, void> {
  const { env, args, signal } = ctx;
  if (args.address === undefined) throw missingArgument('address');
  const host = resolveHost(env, args.address);
  const count = args.count === undefined ? Infinity : Number(args.count);
  const maxHops = args['max-hops'] === undefined ? 30 : Number(args['max-hops']);
  const timeout = args.timeout === undefined ? 1000 : durationToMs(args.timeout);
  const size = args.size === undefined ? 56 : Number(args.size);
  const lab = networkOf(env).lab;
  const hops: HopStats[] = [];
  for (let round = 0; round < count; round++) {
    for (let ttl = 1; ttl <= maxHops; ttl++) {
      if (signal.aborted) return;
      const hop = (hops[ttl - 1] ??= { address: '', sent: 0, received: 0, times: [], status: '' });
      hop.sent++;
      const result = lab
        ? lab.probe({ address: host, src: args['src-address'], ttl, size, vrf: args.vrf })
        : isOwnAddress(env, host) ? { status: 'reply' as const, from: host, rttUs: 30 } : { status: 'timeout' as const, rttUs: 0 };
      if (result.status === 'timeout') {
        if (!(await pause(timeout, signal))) return;
        hop.status = 'timeout';
        continue;
      }
      if (!(await pause(result.rttUs / 1000, signal))) return;
      hop.received++;
      hop.address = result.from ?? '';
      hop.last = result.rttUs;
      hop.times.push(result.rttUs);
      hop.status = result.status === 'ttl-exceeded' || result.status === 'reply' ? '' : PROBE_STATUS[result.status];
      if (result.status !== 'ttl-exceeded') { hops.length = ttl; break; }
    }
    for (const hop of hops) yield sorted({ '.section': round, ...record(hop) });
    if (round + 1 >= count) return;
  }
}

function record(hop: HopStats): Record<string, string | number> {
  const loss = Math.round(((hop.sent - hop.received) * 100) / hop.sent);
  if (!hop.received) return { address: '', loss, sent: hop.sent, status: 'timeout' };
  const avg = hop.times.reduce((a, b) => a + b, 0) / hop.times.length;
  const sd = Math.sqrt(hop.times.reduce((a, t) => a + (t - avg) ** 2, 0) / hop.times.length);
  return {
    address: hop.address, loss, sent: hop.sent, last: ms(hop.last ?? 0), avg: ms(avg),
    best: ms(Math.min(...hop.times)), worst: ms(Math.max(...hop.times)), 'std-dev': ms(sd), status: hop.status,
  };
}

export const toolTraceroute: MenuDecl = {
  path: 'tool',
  kind: 'dir',
  commands: {
    traceroute: {
      policy: ['test'],
      args: {
        address: text, 'as-value': flag, count: { type: int({ min: 1, max: 4294967295 }) }, 'do-not-fragment': flag,
        dscp: { type: int({ min: 0, max: 63 }) }, duration: { type: duration() }, 'freeze-frame-interval': { type: duration() },
        interface: text, 'max-hops': { type: int({ min: 1, max: 255 }) }, port: { type: int({ min: 0, max: 65535 }) },
        proplist: text, protocol: text, size: { type: int({ min: 28, max: 1500 }) }, 'src-address': text,
        timeout: { type: duration() }, 'use-dns': { type: bool }, vrf: text, 'without-paging': flag,
      },
      unnamed: 'address',
      run: traceroute,
    },
  },
};
