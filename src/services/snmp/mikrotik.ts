// MIKROTIK-MIB (1.3.6.1.4.1.14988.1.1, the public MIKROTIK-MIB text; types per object there,
// docs/routeros-facts.md 44.5): what the router's own menus show, read from them. Tables of
// hardware a board lacks (wireless, optical, PoE, LTE, GPS) have no rows: a walk passes them
// by and ends cleanly.

import type { Reply } from '../../core/schema.js';
import { ObjectType as T } from './library.js';
import { counter, idNumber, ipIndex, macOctets, scalars, table, type Branch, type Oid, type Reading } from './mib.js';
import { ifIndexOf, MIKROTIK, ports, type Port } from './mib2.js';
import { intToIp, maskOf } from '../../core/values.js';

/** mtXRouterOs */
export const MTXR = [...MIKROTIK, 1, 1];
const at = (...n: number[]): Oid => [...MTXR, ...n];

// ---------------------------------------------------------------- queues (mtxrQueues, 2)

const byId = (rows: Reply[]) => rows.map((row) => ({ index: [idNumber(row['.id'])], row })).filter((x) => x.index[0] >= 0);

/** `10.0.0.0/24` -> address and mask; none (0.0.0.0) for anything else. */
function target(text: string | undefined): [string, string] {
  const [ip, len] = (text ?? '').split(',')[0].split('/');
  if (!ipIndex(ip)) return ['0.0.0.0', '0.0.0.0'];
  return [ip, intToIp(maskOf(Number(len ?? 32)))];
}

/** `upload/download` pairs the router prints (`bytes=10/20`): [first, second]. */
const pair = (v: string | undefined): [bigint, bigint] => {
  const [a, b] = (v ?? '0/0').split('/');
  return [counter(a), counter(b)];
};

const simpleQueues = table<Reply>(at(2, 1, 1), async (r) => byId(await r.print('queue/simple')), {
  2: [T.OctetString, (q) => q.name ?? ''],
  3: [T.IpAddress, (q) => target(q.target)[0]],
  4: [T.IpAddress, (q) => target(q.target)[1]],
  5: [T.IpAddress, (q) => target(q.dst)[0]],
  6: [T.IpAddress, (q) => target(q.dst)[1]],
  7: [T.Integer, async (q, r) => (await ifIndexOf(r)).get(q.target ?? '') ?? 0],
  8: [T.Counter64, (q) => pair(q.bytes)[0]],
  9: [T.Counter64, (q) => pair(q.bytes)[1]],
  10: [T.Counter, (q) => pair(q.packets)[0]],
  11: [T.Counter, (q) => pair(q.packets)[1]],
  12: [T.Counter, (q) => pair(q['pcq-queues'])[0]],
  13: [T.Counter, (q) => pair(q['pcq-queues'])[1]],
  14: [T.Counter, (q) => pair(q.dropped)[0]],
  15: [T.Counter, (q) => pair(q.dropped)[1]],
});

const treeQueues = table<Reply>(at(2, 2, 1), async (r) => byId(await r.print('queue/tree')), {
  2: [T.OctetString, (q) => q.name ?? ''],
  3: [T.OctetString, (q) => q['packet-mark'] ?? ''],
  4: [T.Integer, async (q, r) => (await ifIndexOf(r)).get(q.parent ?? '') ?? idNumber((await r.print('queue/tree')).find((p) => p.name === q.parent)?.['.id']) ?? 0],
  5: [T.Counter, (q) => counter(q.bytes)],
  6: [T.Counter, (q) => counter(q.packets)],
  7: [T.Counter64, (q) => counter(q.bytes)],
  8: [T.Counter, (q) => counter(q['pcq-queues'])],
  9: [T.Counter, (q) => counter(q.dropped)],
});

// ---------------------------------------------------------------- health (mtxrHealth, 3)

/** mtxrGaugeUnit of each /system/health type: celsius(1), rpm(2), dV(3), dA(4), dW(5), status(6). */
const UNITS: Record<string, number> = { C: 1, RPM: 2, V: 3, A: 4, W: 5 };
/** Values in tenths for dV, dA and dW (the MIB's units); whole for the rest. */
function gaugeValue(h: Reply): number {
  const v = Number(h.value);
  if (!Number.isFinite(v)) return h.value === 'ok' ? 1 : 0;
  return Math.round(['V', 'A', 'W'].includes(h.type ?? '') ? v * 10 : v);
}

/** The health scalars (Temperature, Voltage and Power are `d-1`: tenths) by sensor name. */
const HEALTH_SCALARS: Record<string, [number, number]> = {
  'voltage': [8, 10], 'temperature': [10, 10], 'board-temperature1': [7, 10], 'cpu-temperature': [11, 10],
  'power-consumption': [12, 10], 'current': [13, 1], 'fan1-speed': [17, 1], 'fan2-speed': [18, 1],
};

async function healthScalar(r: Reading, n: number): Promise<number | undefined> {
  for (const h of await r.print('system/health')) {
    const s = HEALTH_SCALARS[h.name ?? ''];
    if (s?.[0] === n && Number.isFinite(Number(h.value))) return Math.round(Number(h.value) * s[1]);
  }
  return undefined;
}

const health: Branch[] = [
  scalars(at(3), Object.fromEntries([...new Set(Object.values(HEALTH_SCALARS).map(([n]) => n))].map((n) => [n, [T.Integer, (_: void, r: Reading) => healthScalar(r, n)]]))),
  table<Reply>(at(3, 100, 1), async (r) => byId(await r.print('system/health')), {
    1: [T.Integer, (h) => idNumber(h['.id'])],
    2: [T.OctetString, (h) => h.name ?? ''],
    3: [T.Gauge, (h) => Math.max(0, gaugeValue(h))],
    4: [T.Integer, (h) => UNITS[h.type ?? ''] ?? 6],
  }),
];

// ---------------------------------------------------------------- license, DHCP, system

const license = scalars(at(4), {
  1: [T.OctetString, async (_, r) => (await r.settings('system/license'))['software-id'] ?? (await r.settings('system/license'))['system-id'] ?? ''],
  // mtxrLicLevel: the level's number (a RouterBOARD's 4, 5, 6; a CHR's p1 ...), 0 for free
  3: [T.Integer, async (_, r) => Number(/\d+/.exec((await r.settings('system/license')).level ?? nlevel(await r.settings('system/license')))?.[0] ?? 0)],
  4: [T.OctetString, async (_, r) => ((await r.settings('system/resource')).version ?? '').split(' ')[0]],
});
const nlevel = (l: Reply) => l.nlevel ?? '0';

const dhcp = scalars(at(6), { 1: [T.Gauge, async (_, r) => (await r.print('ip/dhcp-server/lease')).filter((l) => l.status === 'bound').length] });

const system = scalars(at(7), {
  // mtxrSystemReboot and mtxrUSBPowerReset read 0: a set acts (src/services/snmp/set.ts)
  1: [T.Integer, () => 0],
  3: [T.OctetString, async (_, r) => (await r.settings('system/routerboard'))['serial-number'] ?? (await r.settings('system/license'))['system-id'] ?? ''],
  4: [T.OctetString, async (_, r) => (await r.settings('system/routerboard'))['current-firmware'] ?? ''],
  5: [T.OctetString, async (_, r) => (await r.settings('system/note')).note ?? ''],
  6: [T.OctetString, async (_, r) => (await r.settings('system/resource'))['build-time'] ?? ''],
  7: [T.OctetString, async (_, r) => (await r.settings('system/routerboard'))['upgrade-firmware'] ?? ''],
  8: [T.OctetString, async (_, r) => (await r.settings('system/resource'))['board-name'] ?? ''],
  9: [T.OctetString, async (_, r) => (await r.settings('system/resource'))['board-name'] ?? ''],
});

// ---------------------------------------------------------------- scripts (8) and script run (18)

const scripts = table<Reply>(at(8, 1, 1), async (r) => byId(await r.print('system/script')), {
  2: [T.OctetString, (s) => s.name ?? ''],
  // mtxrScriptRunCmd: read-write; reads 0, a set of any value runs the script
  3: [T.Integer, () => 0],
});

/** mtxrScriptRunOutput: a get runs the script (src/services/snmp/set.ts); a walk lists none. */
export const SCRIPT_RUN_OUTPUT: Oid = at(18, 1, 1, 2);
export const SCRIPT_RUN_CMD: Oid = at(8, 1, 1, 3);
export const SYSTEM_REBOOT: Oid = at(7, 1, 0);

// ---------------------------------------------------------------- neighbours (11)

interface Neighbour { index: number; ifIndex: number; row: Reply }

const neighbours = table<Neighbour>(at(11, 1, 1), async (r) => {
  const ifs = await ifIndexOf(r);
  return (await r.print('ip/neighbor')).map((row) => {
    const n = { index: idNumber(row['.id']), ifIndex: ifs.get((row.interface ?? '').split(',')[0]) ?? 0, row };
    return { index: [n.index], row: n };
  });
}, {
  2: [T.IpAddress, (n) => (ipIndex(n.row.address4 ?? n.row.address) ? (n.row.address4 ?? n.row.address)! : '0.0.0.0')],
  3: [T.OctetString, (n) => macOctets(n.row['mac-address'])],
  4: [T.OctetString, (n) => n.row.version ?? ''],
  5: [T.OctetString, (n) => n.row.platform ?? ''],
  6: [T.OctetString, (n) => n.row.identity ?? ''],
  7: [T.OctetString, (n) => n.row['software-id'] ?? ''],
  8: [T.Integer, (n) => n.ifIndex],
});

// ---------------------------------------------------------------- interface stats (14)

interface EtherPort { port: Port; ether: Reply }

/** The Ethernet ports, by ifIndex, with their /interface/ethernet statistics. */
async function etherPorts(r: Reading): Promise<EtherPort[]> {
  const ethers = new Map((await r.print('interface/ethernet')).map((e) => [e.name, e]));
  return (await ports(r)).flatMap((port) => {
    const ether = ethers.get(port.row.name);
    return ether ? [{ port, ether }] : [];
  });
}
const stat = (name: string) => (e: EtherPort) => counter(e.ether[name] ?? e.port.row[name]);

const interfaceStats = table<EtherPort>(at(14, 1, 1), async (r) => (await etherPorts(r)).map((e) => ({ index: [e.port.index], row: e })), {
  2: [T.OctetString, (e) => e.port.row.name],
  11: [T.Counter64, stat('rx-byte')],
  12: [T.Counter64, stat('rx-packet')],
  13: [T.Counter64, stat('tx-byte')],
  14: [T.Counter64, stat('tx-packet')],
  31: [T.Counter64, stat('rx-bytes')],
  32: [T.Counter64, stat('rx-packet')],
  42: [T.Counter64, stat('rx-broadcast')],
  44: [T.Counter64, stat('rx-multicast')],
  45: [T.Counter64, stat('rx-fcs-error')],
  55: [T.Counter64, stat('rx-drop')],
  61: [T.Counter64, stat('tx-bytes')],
  62: [T.Counter64, stat('tx-packet')],
  72: [T.Counter64, stat('tx-broadcast')],
  74: [T.Counter64, stat('tx-multicast')],
  85: [T.Counter64, stat('tx-drop')],
  90: [T.Counter, (e) => counter(e.port.row['link-downs'])],
});

// ---------------------------------------------------------------- partitions (17)

const partitions = table<Reply>(at(17, 1, 1), async (r) => (await r.print('partitions')).map((row, i) => ({ index: [i], row })), {
  2: [T.OctetString, (p) => p.name ?? ''],
  3: [T.Integer, (p) => Math.floor(Number(/\d+/.exec(p.size ?? '0')?.[0] ?? 0))],
  4: [T.OctetString, (p) => p.version ?? ''],
  5: [T.Integer, (p) => (p.active === 'true' ? 1 : 0)],
  6: [T.Integer, (p) => (p.running === 'true' ? 1 : 0)],
});

// ---------------------------------------------------------------- PoE (15)

/** mtxrPOEStatus: disabled(1), waitingForLoad(2), poweredOn(3), overload(4). */
const poe = table<Reply>(at(15, 1, 1), async (r) => {
  const ifs = await ifIndexOf(r);
  return (await r.print('interface/ethernet/poe')).map((row) => ({ index: [ifs.get(row.name ?? '') ?? 0], row }));
}, {
  2: [T.OctetString, (p) => p.name ?? ''],
  // No powered device is ever plugged into a simulated port: an enabled one waits for a load.
  3: [T.Integer, (p) => (p['poe-out'] === 'off' ? 1 : 2)],
  4: [T.Integer, () => 0],
  5: [T.Integer, () => 0],
  6: [T.Integer, () => 0],
});

export const MIKROTIK_BRANCHES: readonly Branch[] = [
  simpleQueues, treeQueues, ...health, license, dhcp, system, scripts, neighbours, interfaceStats, poe, partitions,
];

export { macOctets };
