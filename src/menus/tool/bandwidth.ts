// /tool/bandwidth-test and /tool/bandwidth-server. The client tests against the router's
// own bandwidth server (its addresses, 127.0.0.0/8): the server's settings decide whether it
// answers (`enabled`) and whether it asks for a router user (`authenticate`, checked against
// /user with the user's password). No packet is sent; the throughput is the simulated
// board's, steady with a little jitter, capped by `local-tx-speed`/`remote-tx-speed`.
//
// Records (REST manual capture, duration=3s): `.section` 0 `connecting` (no `duration`),
// then one `running` record per interval with `duration`, the first of them still at zero
// speed, the last `done testing`; averages leave out that first zero sample:
// {".section":"2","connection-count":"20","direction":"receive","duration":"2s",
//  "lost-packets":"581175","random-data":"false","rx-10-second-average":"854372352",
//  "rx-current":"854372352","rx-size":"1500","rx-total-average":"854372352","status":"running"}

import { ValueError, missingArgument } from '../../core/errors.js';
import type { CommandContext, Environment, MenuDecl, Reply } from '../../core/schema.js';
import type { ValueType } from '../../core/types.js';
import { bool, duration, durationToMs, formatDuration, int, ipv4Prefix, listOf, str, withDesc, choice } from '../../core/values.js';
import { isOwnAddress } from '../../device/network.js';
import { verifyPasswordAsync } from '../user/password.js';
import { flag, pause, sorted, text } from './common.js';
import { resolveHost } from './ping.js';

const SESSION_TABLE = 'tool/bandwidth-server/session';
const SERVER_TABLE = 'tool/bandwidth-server';

/** What the simulated board moves through its bandwidth server, bits per second. */
const BOARD_TCP_BPS = 940_000_000;
const BOARD_UDP_BPS = 900_000_000;

/** UDP datagram size the test uses by default (the capture's `rx-size`). */
const UDP_SIZE = 1500;
const DEFAULT_CONNECTIONS = 20;

function serverSettings(env: Environment): Record<string, string> {
  const row = env.store.table(SERVER_TABLE).rows[0];
  return {
    enabled: 'true', authenticate: 'true', 'max-sessions': '100', 'allowed-addresses4': '', ...(row?.values ?? {}),
  };
}

/** A router user with this password may use the server; disabled users may not. */
async function authenticates(env: Environment, user: string | undefined, password: string | undefined): Promise<boolean> {
  if (user === undefined) return false;
  const row = env.store.table('user').byKey.get(user);
  if (!row || row.values.disabled === 'true') return false;
  return verifyPasswordAsync(password ?? '', row.values.password);
}

/** `a.b.c.d` inside one of the allowed networks (empty: everyone). */
function allowed(list: string, address: string): boolean {
  if (!list) return true;
  if (!/^\d+\.\d+\.\d+\.\d+$/.test(address)) return true;
  const toInt = (s: string) => s.split('.').reduce((n, o) => n * 256 + Number(o), 0);
  const ip = toInt(address);
  return list.split(',').some((net) => {
    const [a, len] = net.split('/');
    const bits = Number(len ?? 32);
    const mask = bits === 0 ? 0 : (0xffffffff << (32 - bits)) >>> 0;
    return ((ip & mask) >>> 0) === ((toInt(a) & mask) >>> 0);
  });
}

/** Parses `local-tx-speed`-style values: bits per second, with k/M/G suffixes. */
function bps(input: string | undefined): number | undefined {
  if (input === undefined) return undefined;
  const m = /^(\d+(?:\.\d+)?)([kKmMgG]?)(?:bps)?$/.exec(input);
  if (!m) return undefined;
  const mult = { '': 1, k: 1e3, K: 1e3, m: 1e6, M: 1e6, g: 1e9, G: 1e9 }[m[2]] ?? 1;
  return Math.round(Number(m[1]) * mult);
}

const speed: ValueType = {
  name: 'bandwidth', desc: 'Bandwidth    (bits per second)',
  parse(input: string) {
    if (bps(input) === undefined) throw new ValueError();
    return input;
  },
  compare: (a: string, b: string) => (bps(a) ?? 0) - (bps(b) ?? 0),
};

async function* bandwidthTest(ctx: CommandContext): AsyncGenerator<Reply, void> {
  const { env, args, signal, session } = ctx;
  if (args.address === undefined) throw missingArgument('address');
  const host = resolveHost(env, args.address);
  const protocol = args.protocol ?? 'udp';
  const direction = args.direction ?? 'receive';
  const connections = Number(args['connection-count'] ?? DEFAULT_CONNECTIONS);
  const interval = args.interval === undefined ? 1000 : durationToMs(args.interval);
  const rounds = args.duration === undefined ? Infinity : Math.max(1, Math.round(durationToMs(args.duration) / interval));
  const randomData = args['random-data'] ?? 'false';
  const rxSize = Number(args['remote-udp-tx-size'] ?? UDP_SIZE);
  const txSize = Number(args['local-udp-tx-size'] ?? UDP_SIZE);
  const rx = direction === 'receive' || direction === 'both';
  const tx = direction === 'transmit' || direction === 'both';
  const once = 'once' in args;
  let section = 0;
  const base = () => ({
    'connection-count': connections, direction, 'random-data': randomData,
    ...(rx ? { 'rx-size': rxSize } : {}), ...(tx ? { 'tx-size': txSize } : {}),
  });
  const emit = (r: Record<string, string | number | undefined>) => sorted(once ? r : { '.section': section++, ...r });
  const start = Date.now();
  const wait = (n: number) => pause(start + n * interval - Date.now(), signal);

  // Connecting: the router's own server answers; nothing else runs a bandwidth server here.
  const local = isOwnAddress(env, host);
  const zeros = { 'lost-packets': 0, ...(rx ? { 'rx-current': 0, 'rx-10-second-average': 0, 'rx-total-average': 0 } : {}), ...(tx ? { 'tx-current': 0, 'tx-10-second-average': 0, 'tx-total-average': 0 } : {}) };
  yield emit({ ...base(), ...zeros, status: 'connecting' });
  if (once) return;
  const server = serverSettings(env);
  const reachable = local && server.enabled === 'true' && allowed(server['allowed-addresses4'], session.address ?? '127.0.0.1');
  if (!reachable) {
    // No server answers: the client keeps trying until the test time or the request ends.
    for (let n = 1; n < rounds; n++) {
      if (!(await wait(n))) return;
      yield emit({ ...base(), ...zeros, status: 'connecting' });
    }
    return;
  }
  if (server.authenticate === 'true' && !(await authenticates(env, args.user, args.password))) {
    if (!(await wait(1))) return;
    yield emit({ ...base(), ...zeros, status: 'authentication failed' });
    return;
  }
  const sessions = env.store.table(SESSION_TABLE);
  if (sessions.rows.length >= Number(server['max-sessions'])) {
    if (!(await wait(1))) return;
    yield emit({ ...base(), ...zeros, status: 'too many sessions' });
    return;
  }
  const row = env.store.newRow(SESSION_TABLE, {
    'remote-address': host, protocol, direction, user: args.user ?? '', 'connection-count': String(protocol === 'tcp' ? connections : 1),
  }, true);
  env.store.commit([{ op: 'insert', table: SESSION_TABLE, row }]);
  try {
    const limitRx = bps(args['remote-tx-speed']);
    const limitTx = bps(args['local-tx-speed']);
    const capacity = protocol === 'tcp' ? BOARD_TCP_BPS : BOARD_UDP_BPS;
    // Both directions share the board.
    const share = rx && tx ? capacity / 2 : capacity;
    const rxSamples: number[] = [];
    const txSamples: number[] = [];
    let lost = 0;
    const avg = (xs: number[]) => (xs.length ? Math.round(xs.reduce((a, b) => a + b, 0) / xs.length) : 0);
    const sample = (limit: number | undefined) => {
      const jitter = 0.97 + Math.random() * 0.05;
      const rate = Math.round(Math.min(limit ?? Infinity, share * jitter));
      return rate - (rate % 8);
    };
    for (let n = 1; n <= rounds; n++) {
      if (!(await wait(n))) return;
      const last = n === rounds;
      const record: Record<string, string | number> = { ...base(), duration: formatDuration(Math.round((Date.now() - start) / 1000) * 1000), status: last ? 'done testing' : 'running' };
      // The first second only sets the connections up: nothing has arrived yet.
      const warming = n === 1;
      if (rx) {
        const r = warming ? 0 : sample(limitRx);
        if (!warming) rxSamples.push(r);
        if (protocol === 'udp' && !warming) lost += Math.round((r / 8 / rxSize) * Math.random() * 0.01);
        Object.assign(record, { 'rx-current': r, 'rx-10-second-average': avg(rxSamples.slice(-10)), 'rx-total-average': avg(rxSamples) });
      }
      if (tx) {
        const t = warming ? 0 : sample(limitTx);
        if (!warming) txSamples.push(t);
        Object.assign(record, { 'tx-current': t, 'tx-10-second-average': avg(txSamples.slice(-10)), 'tx-total-average': avg(txSamples) });
      }
      record['lost-packets'] = lost;
      yield emit(record);
    }
  } finally {
    env.store.commit([{ op: 'delete', table: SESSION_TABLE, id: row.id }]);
  }
}

export const toolBandwidthTest: MenuDecl = {
  path: 'tool',
  kind: 'dir',
  commands: {
    'bandwidth-test': {
      policy: ['test'],
      args: {
        address: text,
        user: { type: str({ maxLength: 32 }) },
        password: { type: str({ maxLength: 32 }) },
        protocol: { type: choice(['tcp', 'udp']) },
        direction: { type: choice(['both', 'receive', 'transmit']) },
        'connection-count': { type: int({ min: 1, max: 255 }) },
        duration: { type: duration() },
        interval: { type: withDesc(duration({ min: 20, max: 5000 }), '00:00:00.020..00:00:05    (time interval)') },
        'freeze-frame-interval': { type: withDesc(duration({ min: 20, max: 30_000 }), '00:00:00.020..00:00:30    (time interval)') },
        'local-tx-speed': { type: speed },
        'remote-tx-speed': { type: speed },
        'local-udp-tx-size': { type: int({ min: 28, max: 64000 }) },
        'remote-udp-tx-size': { type: int({ min: 28, max: 64000 }) },
        'random-data': { type: bool },
        once: flag, 'as-value': flag, 'without-paging': flag, append: flag,
        do: text, file: text, proplist: text,
      },
      unnamed: 'address',
      run: bandwidthTest,
    },
  },
};

export const bandwidthServer: MenuDecl = {
  path: 'tool/bandwidth-server',
  kind: 'settings',
  table: SERVER_TABLE,
  fields: {
    enabled: { type: bool, default: 'true' },
    authenticate: { type: bool, default: 'true' },
    'allocate-udp-ports-from': { type: int({ min: 1000, max: 64000 }), default: '2000' },
    'max-sessions': { type: int({ min: 1, max: 1000 }), default: '100' },
    'allowed-addresses4': { type: listOf(ipv4Prefix(), { allowEmpty: true }), default: '' },
    'allowed-addresses6': { type: str(), default: '' },
  },
};

/** The tests the server is serving now; they end with their test. */
export const bandwidthServerSession: MenuDecl = {
  path: 'tool/bandwidth-server/session',
  kind: 'table',
  table: SESSION_TABLE,
  fields: {
    'remote-address': { type: str(), readOnly: true },
    protocol: { type: str(), readOnly: true },
    direction: { type: str(), readOnly: true },
    user: { type: str(), readOnly: true },
    'connection-count': { type: int(), readOnly: true },
  },
};

