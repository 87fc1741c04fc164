// The live views of interfaces: /interface/monitor-traffic (rates over the last second from
// the device's counters) and /interface/ethernet/monitor (what the port's PHY negotiated).
// Both are monitor commands: `once` gives one sample without `.section`, `duration` one
// numbered sample per interval, neither runs to the request limit (see tool/common.ts).
//
// Field names: monitor-traffic as the RouterOS CLI reference lists them (`name`,
// `rx-packets-per-second`, `rx-bits-per-second`, `fp-rx-...`, `rx-drops-per-second`,
// `rx-errors-per-second`, the `tx-` twins and `tx-queue-drops-per-second`); ethernet monitor
// as a CHR 7.22.1 REST capture shows them (`name`, `status`, `auto-negotiation`, `rate`,
// `full-duplex`, `tx-flow-control`, `rx-flow-control`, `advertising`,
// `link-partner-advertising`).

import { noSuchItem, missingArgument } from '../../core/errors.js';
import { findRows } from '../../core/records.js';
import type { CommandContext, CommandDecl, Environment, Reply } from '../../core/schema.js';
import { parseId, type Row } from '../../core/store.js';
import type { Device } from '../../device/board.js';
import { MONITOR_ARGS, monitorLoop, sorted, text } from '../tool/common.js';

const deviceOf = (env: Environment) => env.services.device as Device | undefined;

// Not imported from interface.ts, which imports this file.
const INTERFACE_TABLE = 'interface';

/** The interfaces an `interface`/`numbers` list names, by name or id, in the order given. */
function interfacesNamed(env: Environment, list: string, type?: string): Row[] {
  const table = env.store.table(INTERFACE_TABLE);
  const out: Row[] = [];
  for (const word of list.split(',').map((w) => w.trim()).filter(Boolean)) {
    const id = parseId(word);
    const row = id !== undefined ? table.get(id) : table.byKey.get(word);
    if (!row || (type && row.values.type !== type)) throw noSuchItem();
    out.push(row);
  }
  return out;
}

function trafficOf(env: Environment, row: Row): Reply {
  const device = deviceOf(env);
  const r = device && row.values.disabled !== 'true'
    ? device.rates(row.id)
    : { rxBitsPerSecond: 0, txBitsPerSecond: 0, rxPacketsPerSecond: 0, txPacketsPerSecond: 0 };
  return sorted({
    name: row.values.name,
    'rx-packets-per-second': r.rxPacketsPerSecond,
    'rx-bits-per-second': r.rxBitsPerSecond,
    'fp-rx-packets-per-second': 0,
    'fp-rx-bits-per-second': 0,
    'rx-drops-per-second': 0,
    'rx-errors-per-second': 0,
    'tx-packets-per-second': r.txPacketsPerSecond,
    'tx-bits-per-second': r.txBitsPerSecond,
    'fp-tx-packets-per-second': 0,
    'fp-tx-bits-per-second': 0,
    'tx-drops-per-second': 0,
    'tx-queue-drops-per-second': 0,
    'tx-errors-per-second': 0,
  });
}

/** The sum over every interface, which the router calls `aggregate`. */
function aggregate(env: Environment): Reply {
  const sum: Record<string, number> = {};
  for (const row of env.store.table(INTERFACE_TABLE).rows) {
    for (const [k, v] of Object.entries(trafficOf(env, row))) if (k !== 'name') sum[k] = (sum[k] ?? 0) + Number(v);
  }
  return sorted({ name: 'aggregate', ...sum });
}

async function* monitorTrafficRun(ctx: CommandContext): AsyncGenerator<Reply, void> {
  const { env, args } = ctx;
  if (args.interface === undefined) throw missingArgument('interface');
  const words = args.interface.split(',').map((w) => w.trim());
  // Check every name before the first sample.
  const rows = words.map((w) => (w === 'aggregate' ? undefined : interfacesNamed(env, w)[0]));
  yield* monitorLoop(ctx, () => rows.map((row) => (row ? trafficOf(env, row) : aggregate(env))));
}

export const monitorTraffic: CommandDecl = {
  policy: ['read'],
  args: { interface: text, ...MONITOR_ARGS },
  unnamed: 'interface',
  run: monitorTrafficRun,
};

// ---------------------------------------------------------------- /interface/ethernet/monitor

/** Link modes the simulated link partner (a gigabit switch) advertises. */
const PARTNER_MODES = ['10M-baseT-half', '10M-baseT-full', '100M-baseT-half', '100M-baseT-full', '1G-baseT-half', '1G-baseT-full'];

/** `1G-baseT-full` -> 1Gbps, full duplex. */
function modeRate(mode: string): { rate: string; full: boolean } {
  const m = /^(\d+)([MG])-[^-]+-(half|full)$/.exec(mode);
  if (!m) return { rate: '', full: false };
  return { rate: `${m[1]}${m[2]}bps`, full: m[3] === 'full' };
}

const MODE_ORDER = (mode: string) => {
  const m = /^(\d+)([MG])-[^-]+-(half|full)$/.exec(mode);
  return m ? Number(m[1]) * (m[2] === 'G' ? 1000 : 1) * 2 + (m[3] === 'full' ? 1 : 0) : 0;
};

function portState(env: Environment, row: Row): Reply {
  const device = deviceOf(env);
  const link = row.values.disabled !== 'true' && (device?.linkUp(row.id) ?? true);
  const auto = (row.values['auto-negotiation'] ?? 'true') === 'true';
  const advertise = (row.values.advertise ?? PARTNER_MODES.join(',')).split(',').filter(Boolean);
  const flow = (v: string | undefined) => String(v === 'on');
  let chosen = '';
  if (link) {
    if (auto) chosen = advertise.filter((m) => PARTNER_MODES.includes(m)).sort((a, b) => MODE_ORDER(b) - MODE_ORDER(a))[0] ?? '';
    else chosen = row.values.speed ?? '1G-baseT-full';
  }
  const { rate, full } = modeRate(chosen);
  return sorted({
    name: row.values.name,
    status: link && chosen ? 'link-ok' : 'no-link',
    'auto-negotiation': auto ? 'done' : 'disabled',
    rate: link ? rate : '',
    'full-duplex': String(link && full),
    'tx-flow-control': flow(row.values['tx-flow-control']),
    'rx-flow-control': flow(row.values['rx-flow-control']),
    supported: PARTNER_MODES.join(','),
    advertising: auto ? advertise.join(',') : '',
    'link-partner-advertising': link && auto ? PARTNER_MODES.join(',') : '',
  });
}

async function* ethernetMonitorRun(ctx: CommandContext): AsyncGenerator<Reply, void> {
  const { env, args, menu } = ctx;
  const rows = findRows(env, menu, args.numbers);
  yield* monitorLoop(ctx, () => rows.map((row) => portState(env, row)));
}

export const ethernetMonitor: CommandDecl = {
  policy: ['read'],
  args: { numbers: text, ...MONITOR_ARGS },
  unnamed: 'numbers',
  run: ethernetMonitorRun,
};

export { interfacesNamed };
