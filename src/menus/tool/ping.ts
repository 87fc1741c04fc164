// /ping (and /tool/ping, where the 7.24 tree has it): ICMP echo over the simulated network
// (src/device/network.ts). The router answers for its own addresses and 127.0.0.0/8; other
// hosts answer when the device layer knows them; everything else times out.
//
// Reply records, as the REST manual's capture shows them: one per echo, each carrying the
// running summary: {"avg-rtt":"453us","host":"10.155.101.1","max-rtt":"453us",
// "min-rtt":"453us","packet-loss":"0","received":"1","sent":"1","seq":"0","size":"56",
// "time":"453us","ttl":"64"}. A lost echo (real capture quoted in a client's tests):
// {"host":"8.8.8.8","packet-loss":"100","received":"0","sent":"2","seq":"1","status":"timeout"}.
// Without `count` it runs until the request limit stops it (`Session closed`).

import { CommandError, missingArgument } from '../../core/errors.js';
import type { CommandContext, CommandDecl, Environment, MenuDecl, Reply } from '../../core/schema.js';
import { bool, duration, durationToMs, int, withDesc } from '../../core/values.js';
import type { Device } from '../../device/board.js';
import { Network } from '../../device/network.js';
import { flag, formatRtt, pause, sorted, text } from './common.js';

const IPV4 = /^\d{1,3}(\.\d{1,3}){3}$/;

/**
 * A host name or address as the tools take it: an address as it is, a name through the
 * router's static DNS entries. There is no upstream resolver in the emulation.
 */
export function resolveHost(env: Environment, host: string): string {
  if (IPV4.test(host) || host.includes(':')) return host;
  const lower = host.toLowerCase();
  for (const row of env.store.table('ip/dns/static').rows) {
    if (row.values.disabled === 'true') continue;
    if (row.values.name?.toLowerCase() === lower && row.values.address && IPV4.test(row.values.address)) return row.values.address;
  }
  throw new CommandError('failure', 'failure: could not resolve dns name');
}

export function deviceOf(env: Environment): Device | undefined {
  return env.services.device as Device | undefined;
}

const fallbackNetwork = new Network();
export const networkOf = (env: Environment): Network => deviceOf(env)?.network ?? fallbackNetwork;

/** How ping prints the ICMP errors a router on the way answers with. */
export const PROBE_STATUS: Record<string, string> = { 'ttl-exceeded': 'TTL exceeded', 'host-unreachable': 'host unreachable', 'net-unreachable': 'net unreachable' };

/** Default echo size in bytes, as the REST manual's capture shows (`"size":"56"`). */
const DEFAULT_SIZE = 56;

async function* ping(ctx: CommandContext): AsyncGenerator<Reply, void> {
  const { env, args, signal } = ctx;
  if (args.address === undefined) throw missingArgument('address');
  const host = resolveHost(env, args.address);
  const count = args.count === undefined ? Infinity : Number(args.count);
  const interval = args.interval === undefined ? 1000 : durationToMs(args.interval);
  const size = args.size === undefined ? DEFAULT_SIZE : Number(args.size);
  const device = deviceOf(env);
  const network = networkOf(env);
  let sent = 0, received = 0, min = Infinity, max = 0, total = 0;
  const start = Date.now();
  for (let seq = 0; seq < count; seq++) {
    if (signal.aborted) return;
    sent++;
    if (network.lab) {
      // In a lab the echo travels hop by hop through the other routers (src/lab).
      const result = network.lab.probe({ address: host, src: args['src-address'], ttl: args.ttl === undefined ? 64 : Number(args.ttl), size, vrf: args.vrf });
      const summary = () => ({
        host, sent, received, 'packet-loss': Math.round(((sent - received) * 100) / sent),
        ...(received ? { 'min-rtt': formatRtt(min), 'avg-rtt': formatRtt(total / received), 'max-rtt': formatRtt(max) } : {}),
        seq,
      });
      if (result.status === 'timeout') {
        if (!(await pause(start + (seq + 1) * interval - Date.now(), signal))) return;
        yield sorted({ ...summary(), status: 'timeout' });
        continue;
      }
      if (!(await pause(result.rttUs / 1000, signal))) return;
      if (result.status === 'reply') {
        received++;
        min = Math.min(min, result.rttUs);
        max = Math.max(max, result.rttUs);
        total += result.rttUs;
        yield sorted({ ...summary(), size, ttl: result.ttl ?? 64, time: formatRtt(result.rttUs) });
      } else {
        // An ICMP error names the router that sent it (console: `10.0.0.1 84 64 1ms host unreachable`).
        yield sorted({ ...summary(), host: result.from ?? host, size: size + 28, ttl: result.ttl ?? 64, time: formatRtt(result.rttUs), status: PROBE_STATUS[result.status] });
      }
      if (seq + 1 >= count) return;
      if (!(await pause(start + (seq + 1) * interval - Date.now(), signal))) return;
      continue;
    }
    const answer = network.answer(env, host);
    const summary = () => ({
      host,
      sent,
      received,
      'packet-loss': Math.round(((sent - received) * 100) / sent),
      ...(received ? { 'min-rtt': formatRtt(min), 'avg-rtt': formatRtt(total / received), 'max-rtt': formatRtt(max) } : {}),
      seq,
    });
    const toward = answer?.interfaceId ?? network.interfaceToward(env, host);
    if (device && toward !== undefined) device.traffic.add(toward, { txBytes: size, txPackets: 1 });
    // A TTL too small for the hops on the way never reaches a remote host.
    const reaches = answer && (answer.local || args.ttl === undefined || Number(args.ttl) >= 1 + (64 - answer.ttl));
    if (answer && reaches) {
      if (!(await pause(answer.rttUs / 1000, signal))) return;
      received++;
      min = Math.min(min, answer.rttUs);
      max = Math.max(max, answer.rttUs);
      total += answer.rttUs;
      if (device && toward !== undefined) device.traffic.add(toward, { rxBytes: size, rxPackets: 1 });
      yield sorted({ ...summary(), size, ttl: answer.ttl, time: formatRtt(answer.rttUs) });
      if (seq + 1 >= count) return;
      if (!(await pause(start + (seq + 1) * interval - Date.now(), signal))) return;
    } else {
      // No answer: the echo is given up when the next one is due.
      if (!(await pause(start + (seq + 1) * interval - Date.now(), signal))) return;
      yield sorted({ ...summary(), status: 'timeout' });
    }
  }
}

export const pingCommand: CommandDecl = {
  // Ping needs `test` (REST spec 5).
  policy: ['test'],
  args: {
    address: text,
    'arp-ping': { type: bool },
    'as-value': flag,
    count: { type: int({ min: 1, max: 4294967295 }) },
    'do-not-fragment': flag,
    dscp: { type: int({ min: 0, max: 63 }) },
    interface: text,
    interval: { type: withDesc(duration({ min: 10, max: 5000 }), '10ms..5s    (time interval)') },
    proplist: text,
    size: { type: int({ min: 14, max: 65535 }) },
    'src-address': text,
    ttl: { type: int({ min: 1, max: 255 }) },
    vrf: text,
    'without-paging': flag,
  },
  unnamed: 'address',
  run: ping,
};

/** `/ping`: the console's and REST's short form (REST manual: POST /rest/ping). */
export const rootPing: MenuDecl = { path: '', kind: 'dir', commands: { ping: pingCommand } };

/** `/tool/ping`: where the 7.24 command tree lists it. */
export const toolPing: MenuDecl = { path: 'tool', kind: 'dir', commands: { ping: pingCommand } };
