// The standard MIBs the router's agent serves (manual, SNMP, "Used MIBs in RouterOS": MIB-2,
// HOST-RESOURCES-MIB, IF-MIB, IP-MIB, IP-FORWARD-MIB, IPV6-MIB, BRIDGE-MIB; LLDP-MIB for
// neighbours), each object read from the menu REST shows. Indexes and forms follow a real
// router's walk (docs/routeros-facts.md 44.4).

import { durationToMs, intToIp, maskOf } from '../../core/values.js';
import type { Reply } from '../../core/schema.js';
import { ObjectType as T } from './library.js';
import { counter, idNumber, ipIndex, macOctets, scalars, table, type Branch, type Oid, type Reading } from './mib.js';

const MIB2 = [1, 3, 6, 1, 2, 1];
const at = (...n: number[]): Oid => [...MIB2, ...n];
/** The enterprise number of MikroTik (MIKROTIK-MIB `mikrotik`). */
export const MIKROTIK = [1, 3, 6, 1, 4, 1, 14988];

/** Hundredths of a second since the router started (sysUpTime, hrSystemUptime). */
export async function upTicks(r: Reading): Promise<number> {
  const started = (r.engine.services.device as { startedAt?: unknown } | undefined)?.startedAt;
  const ms = typeof started === 'number' ? r.now - started : durationToMs((await r.settings('system/resource')).uptime ?? '0s');
  return Math.floor(Math.max(0, ms) / 10);
}

// ---------------------------------------------------------------- interfaces

/** An interface as IF-MIB sees it: its record and its ifIndex (the record's id). */
export interface Port { index: number; row: Reply }

/** Every interface but `lo` (id *0: ifIndex 0 is no InterfaceIndex, RFC 2863), by ifIndex. */
export async function ports(r: Reading): Promise<Port[]> {
  return (await r.print('interface')).map((row) => ({ index: idNumber(row['.id']), row })).filter((p) => p.index > 0);
}

/** ifIndex of each interface name, for tables that name their interface. */
export async function ifIndexOf(r: Reading): Promise<Map<string, number>> {
  return new Map((await ports(r)).map((p) => [p.row.name, p.index]));
}

/** IANAifType of each interface type (snmprec of a RouterOS 6.40 walk; the rest IANA's names). */
const IF_TYPES: Record<string, number> = {
  ether: 6, bridge: 209, vlan: 135, wlan: 71, wifi: 71, wifiwave2: 71, 'pppoe-out': 23, 'pppoe-in': 23, loopback: 24,
  'gre-tunnel': 131, 'ipip-tunnel': 131, 'eoip-tunnel': 6, 'eoipv6-tunnel': 6, 'gre6-tunnel': 131, 'ipipv6-tunnel': 131,
  'l2tp-out': 23, 'l2tp-in': 23, 'pptp-out': 23, 'pptp-in': 23, 'sstp-out': 23, 'sstp-in': 23, 'ovpn-out': 23, 'ovpn-in': 23,
  lte: 6, vrrp: 6, wg: 1, vxlan: 6, bond: 161,
};
const ifType = (row: Reply) => IF_TYPES[row.type ?? ''] ?? 1;

const running = (row: Reply) => row.running === 'true';
/** ifOperStatus: up(1), down(2); a disabled interface is administratively down too. */
const operStatus = (row: Reply) => (running(row) ? 1 : 2);
const adminStatus = (row: Reply) => (row.disabled === 'true' ? 2 : 1);

/** An Ethernet port's link rate in bits per second, from its monitor; 0 without a link. */
async function linkRates(r: Reading): Promise<Map<string, number>> {
  const names = (await r.print('interface/ethernet')).map((e) => e.name).filter(Boolean);
  if (!names.length) return new Map();
  const states = await r.run('interface/ethernet', 'monitor', { numbers: names.join(','), once: '' });
  return new Map(states.map((s) => [s.name, rateBits(s.rate)]));
}

function rateBits(rate: string | undefined): number {
  const m = /^(\d+(?:\.\d+)?)([KMGT])bps$/.exec(rate ?? '');
  if (!m) return 0;
  return Number(m[1]) * { K: 1e3, M: 1e6, G: 1e9, T: 1e12 }[m[2] as 'K' | 'M' | 'G' | 'T'];
}

/** ifSpeed and ifHighSpeed: the link rate of a running port; virtual interfaces show none. */
async function speedOf(p: Port, r: Reading): Promise<number> {
  if (!running(p.row) || p.row.type !== 'ether') return 0;
  return (await linkRates(r)).get(p.row.name) ?? 0;
}

/** ifLastChange: the uptime when the link last came up, 0 before the agent's epoch. */
async function lastChange(p: Port, r: Reading): Promise<number> {
  const up = p.row['last-link-up-time'];
  if (!up) return 0;
  const when = Date.parse(up.replace(' ', 'T'));
  const ticks = await upTicks(r);
  const since = Math.floor((r.now - when) / 10);
  return Number.isFinite(since) && since >= 0 && since <= ticks ? ticks - since : 0;
}

const c64 = (name: string) => (p: Port) => counter(p.row[name]);

const system: Branch = scalars(at(1), {
  // "RouterOS <model>" (routeros-facts.md 44.4): a CHR says RouterOS CHR.
  1: [T.OctetString, async (_, r) => `RouterOS ${(await r.settings('system/routerboard')).model ?? (await r.settings('system/resource'))['board-name'] ?? ''}`],
  2: [T.OID, () => `${MIKROTIK.join('.')}.1`],
  3: [T.TimeTicks, (_, r) => upTicks(r)],
  4: [T.OctetString, async (_, r) => (await r.settings('snmp')).contact ?? ''],
  5: [T.OctetString, async (_, r) => (await r.settings('system/identity')).name ?? ''],
  6: [T.OctetString, async (_, r) => (await r.settings('snmp')).location ?? ''],
});

const interfaces: Branch[] = [
  scalars(at(2), { 1: [T.Integer, async (_, r) => (await ports(r)).length] }),
  table<Port>(at(2, 2, 1), async (r) => (await ports(r)).map((p) => ({ index: [p.index], row: p })), {
    1: [T.Integer, (p) => p.index],
    2: [T.OctetString, (p) => p.row.name],
    3: [T.Integer, (p) => ifType(p.row)],
    4: [T.Integer, (p) => Number(p.row['actual-mtu'] ?? p.row.mtu) || 0],
    5: [T.Gauge, async (p, r) => Math.min(0xffffffff, await speedOf(p, r))],
    6: [T.OctetString, (p) => macOctets(p.row['mac-address'])],
    7: [T.Integer, (p) => adminStatus(p.row)],
    8: [T.Integer, (p) => operStatus(p.row)],
    9: [T.TimeTicks, (p, r) => lastChange(p, r)],
    10: [T.Counter, c64('rx-byte')],
    11: [T.Counter, c64('rx-packet')],
    13: [T.Counter, c64('rx-drop')],
    14: [T.Counter, c64('rx-error')],
    16: [T.Counter, c64('tx-byte')],
    17: [T.Counter, c64('tx-packet')],
    19: [T.Counter, c64('tx-drop')],
    20: [T.Counter, c64('tx-error')],
  }),
];

/**
 * ifXTable. The router's /interface prints no multicast or broadcast counts of its own, so
 * those come from the port's /interface/ethernet record where it is one (0 elsewhere).
 */
async function etherCounters(r: Reading): Promise<Map<string, Reply>> {
  return new Map((await r.print('interface/ethernet')).map((e) => [e.name, e]));
}
const ether = (name: string) => async (p: Port, r: Reading) => counter((await etherCounters(r)).get(p.row.name)?.[name]);

const ifXTable: Branch = table<Port>(at(31, 1, 1, 1), async (r) => (await ports(r)).map((p) => ({ index: [p.index], row: p })), {
  1: [T.OctetString, (p) => p.row.name],
  2: [T.Counter, ether('rx-multicast')],
  3: [T.Counter, ether('rx-broadcast')],
  4: [T.Counter, ether('tx-multicast')],
  5: [T.Counter, ether('tx-broadcast')],
  6: [T.Counter64, c64('rx-byte')],
  7: [T.Counter64, c64('rx-packet')],
  8: [T.Counter64, ether('rx-multicast')],
  9: [T.Counter64, ether('rx-broadcast')],
  10: [T.Counter64, c64('tx-byte')],
  11: [T.Counter64, c64('tx-packet')],
  12: [T.Counter64, ether('tx-multicast')],
  13: [T.Counter64, ether('tx-broadcast')],
  15: [T.Gauge, async (p, r) => Math.floor((await speedOf(p, r)) / 1e6)],
  // ifAlias: the interface's comment.
  18: [T.OctetString, (p) => p.row.comment ?? ''],
});

// ---------------------------------------------------------------- IP-MIB, IP-FORWARD-MIB

interface Address { ip: number[]; length: number; ifIndex: number }

async function addresses(r: Reading): Promise<Address[]> {
  const ifs = await ifIndexOf(r);
  return (await r.print('ip/address')).flatMap((a) => {
    const [ip, len] = (a.address ?? '').split('/');
    const octets = ipIndex(ip);
    if (!octets || a.disabled === 'true' || a.invalid === 'true') return [];
    return [{ ip: octets, length: Number(len ?? 32), ifIndex: ifs.get(a['actual-interface'] ?? a.interface) ?? 0 }];
  });
}

const ipAddrTable: Branch = table<Address>(at(4, 20, 1), async (r) => (await addresses(r)).map((a) => ({ index: a.ip, row: a })), {
  1: [T.IpAddress, (a) => a.ip.join('.')],
  2: [T.Integer, (a) => a.ifIndex],
  3: [T.IpAddress, (a) => intToIp(maskOf(a.length))],
  // ipAdEntBcastAddr: the low bit of the broadcast address, 1 as on every IPv4 stack.
  4: [T.Integer, () => 1],
});

interface Neighbour { ifIndex: number; ip: number[]; mac: Buffer; dynamic: boolean }

async function arpEntries(r: Reading): Promise<Neighbour[]> {
  const ifs = await ifIndexOf(r);
  return (await r.print('ip/arp')).flatMap((e) => {
    const ip = ipIndex(e.address);
    const ifIndex = ifs.get(e.interface ?? '');
    if (!ip || !ifIndex || e.disabled === 'true') return [];
    return [{ ifIndex, ip, mac: macOctets(e['mac-address']), dynamic: e.dynamic === 'true' }];
  });
}

const ipNetToMediaTable: Branch = table<Neighbour>(at(4, 22, 1), async (r) => (await arpEntries(r)).map((n) => ({ index: [n.ifIndex, ...n.ip], row: n })), {
  1: [T.Integer, (n) => n.ifIndex],
  2: [T.OctetString, (n) => n.mac],
  3: [T.IpAddress, (n) => n.ip.join('.')],
  // other(1), invalid(2), dynamic(3), static(4)
  4: [T.Integer, (n) => (n.dynamic ? 3 : 4)],
});

interface Route { dest: number[]; length: number; hop: number[]; ifIndex: number; proto: number; local: boolean; distance: number }

/** ipCidrRouteProto of each route origin (IP-FORWARD-MIB): local(2), netmgmt(3), ospf(13), bgp(14). */
const protoOf = (route: Reply) =>
  route.connect === 'true' ? 2 : route.ospf === 'true' ? 13 : route.bgp === 'true' ? 14 : route.dhcp === 'true' ? 3 : 3;

async function routes(r: Reading): Promise<Route[]> {
  const ifs = await ifIndexOf(r);
  return (await r.print('ip/route')).flatMap((rt) => {
    if (rt.active !== 'true' || (rt['routing-table'] ?? 'main') !== 'main') return [];
    const [net, len] = (rt['dst-address'] ?? '').split('/');
    const dest = ipIndex(net);
    if (!dest) return [];
    const gw = ipIndex(rt['immediate-gw']?.split('%')[0]) ?? ipIndex(rt.gateway) ?? [0, 0, 0, 0];
    const via = rt['immediate-gw']?.split('%')[1] ?? rt['immediate-gw'] ?? rt.gateway ?? '';
    return [{ dest, length: Number(len ?? 32), hop: gw, ifIndex: ifs.get(via) ?? 0, proto: protoOf(rt), local: rt.connect === 'true', distance: Number(rt.distance ?? 0) }];
  });
}

const ipForward: Branch[] = [
  scalars(at(4, 24), { 3: [T.Gauge, async (_, r) => (await routes(r)).length] }),
  table<Route>(at(4, 24, 4, 1), async (r) => (await routes(r)).map((rt) => ({ index: [...rt.dest, ...ipIndex(intToIp(maskOf(rt.length)))!, 0, ...rt.hop], row: rt })), {
    1: [T.IpAddress, (rt) => rt.dest.join('.')],
    2: [T.IpAddress, (rt) => intToIp(maskOf(rt.length))],
    3: [T.Integer, () => 0],
    4: [T.IpAddress, (rt) => rt.hop.join('.')],
    5: [T.Integer, (rt) => rt.ifIndex],
    // local(3) for a connected network, remote(4) through a gateway
    6: [T.Integer, (rt) => (rt.local ? 3 : 4)],
    7: [T.Integer, (rt) => rt.proto],
    8: [T.Integer, () => 0],
    9: [T.OID, () => '0.0'],
    10: [T.Integer, () => 0],
    11: [T.Integer, (rt) => rt.distance],
    12: [T.Integer, () => -1],
    13: [T.Integer, () => -1],
    14: [T.Integer, () => -1],
    15: [T.Integer, () => -1],
    16: [T.Integer, () => 1],
  }),
];

// ---------------------------------------------------------------- IPV6-MIB routes

interface Route6 { dest: number[]; length: number; hop: Buffer; ifIndex: number; proto: number; local: boolean; distance: number; n: number }

function ipv6Octets(text: string | undefined): number[] | undefined {
  if (!text) return undefined;
  const [head, tail] = text.split('::');
  const part = (s: string | undefined) => (s ? s.split(':').filter(Boolean) : []);
  const h = part(head), t = tail === undefined ? [] : part(tail);
  if (tail === undefined && h.length !== 8) return undefined;
  const groups = [...h, ...Array(8 - h.length - t.length).fill('0'), ...t];
  if (groups.length !== 8 || groups.some((g) => !/^[0-9a-fA-F]{1,4}$/.test(g))) return undefined;
  return groups.flatMap((g) => { const v = parseInt(g, 16); return [v >> 8, v & 255]; });
}

async function routes6(r: Reading): Promise<Route6[]> {
  const ifs = await ifIndexOf(r);
  let n = 0;
  return (await r.print('ipv6/route')).flatMap((rt) => {
    if (rt.active !== 'true') return [];
    const [net, len] = (rt['dst-address'] ?? '').split('/');
    const dest = ipv6Octets(net);
    if (!dest) return [];
    const [hopText, via] = (rt['immediate-gw'] ?? rt.gateway ?? '').split('%');
    const hop = ipv6Octets(hopText);
    return [{ dest, length: Number(len ?? 128), hop: Buffer.from(hop ?? Array(16).fill(0)), ifIndex: ifs.get(via ?? hopText) ?? 0, proto: protoOf(rt), local: rt.connect === 'true', distance: Number(rt.distance ?? 0), n: ++n }];
  });
}

const ipv6Routes: Branch[] = [
  scalars(at(55, 1), { 9: [T.Gauge, async (_, r) => (await routes6(r)).length] }),
  table<Route6>(at(55, 1, 11, 1), async (r) => (await routes6(r)).map((rt) => ({ index: [...rt.dest, rt.length, rt.n], row: rt })), {
    4: [T.Integer, (rt) => rt.ifIndex],
    5: [T.OctetString, (rt) => rt.hop],
    // ipv6RouteType: other(1), discard(2), local(3), remote(4)
    6: [T.Integer, (rt) => (rt.local ? 3 : 4)],
    // ipv6RouteProtocol: local(2), netmgmt(3), ospf(7), bgp(9)
    7: [T.Integer, (rt) => ({ 2: 2, 3: 3, 13: 7, 14: 9 } as Record<number, number>)[rt.proto] ?? 3],
    11: [T.Gauge, (rt) => rt.distance],
    14: [T.Integer, () => 1],
  }),
];

// ---------------------------------------------------------------- HOST-RESOURCES-MIB

const KIB = 1024;
/** hrStorage of the router: RAM at 65536 and the system disk at 131072, in 1 KiB units. */
async function storages(r: Reading) {
  const res = await r.settings('system/resource');
  const n = (k: string) => Math.floor(Number(res[k] ?? 0) / KIB) || 0;
  return [
    { index: 65536, type: '1.3.6.1.2.1.25.2.1.2', descr: 'main memory', size: n('total-memory'), used: n('total-memory') - n('free-memory') },
    { index: 131072, type: '1.3.6.1.2.1.25.2.1.4', descr: 'system disk', size: n('total-hdd-space'), used: n('total-hdd-space') - n('free-hdd-space') },
  ];
}
type Storage = Awaited<ReturnType<typeof storages>>[number];

async function cpus(r: Reading): Promise<{ index: number; load: number }[]> {
  const res = await r.settings('system/resource');
  const count = Math.max(1, Number(res['cpu-count'] ?? 1) || 1);
  const load = Number(res['cpu-load'] ?? 0) || 0;
  return Array.from({ length: count }, (_, i) => ({ index: i + 1, load }));
}
type Cpu = Awaited<ReturnType<typeof cpus>>[number];

const hostResources: Branch[] = [
  scalars(at(25, 1), { 1: [T.TimeTicks, (_, r) => upTicks(r)] }),
  scalars(at(25, 2), { 2: [T.Integer, async (_, r) => (await storages(r))[0].size] }),
  table<Storage>(at(25, 2, 3, 1), async (r) => (await storages(r)).map((s) => ({ index: [s.index], row: s })), {
    1: [T.Integer, (s) => s.index],
    2: [T.OID, (s) => s.type],
    3: [T.OctetString, (s) => s.descr],
    4: [T.Integer, () => KIB],
    5: [T.Integer, (s) => s.size],
    6: [T.Integer, (s) => Math.max(0, s.used)],
    7: [T.Counter, () => 0],
  }),
  table<Cpu>(at(25, 3, 2, 1), async (r) => (await cpus(r)).map((c) => ({ index: [c.index], row: c })), {
    1: [T.Integer, (c) => c.index],
    2: [T.OID, () => '1.3.6.1.2.1.25.3.1.3'],
    3: [T.OctetString, () => ''],
    4: [T.OID, () => '0.0'],
    // running(2)
    5: [T.Integer, () => 2],
    6: [T.Counter, () => 0],
  }),
  table<Cpu>(at(25, 3, 3, 1), async (r) => (await cpus(r)).map((c) => ({ index: [c.index], row: c })), {
    1: [T.OID, () => '0.0'],
    2: [T.Integer, (c) => c.load],
  }),
];

// ---------------------------------------------------------------- BRIDGE-MIB

async function firstBridge(r: Reading): Promise<Reply | undefined> {
  return (await r.print('interface/bridge')).find((b) => b.disabled !== 'true');
}

interface Fdb { mac: Buffer; port: number; local: boolean }

async function hosts(r: Reading): Promise<Fdb[]> {
  const ifs = await ifIndexOf(r);
  const seen = new Set<string>();
  return (await r.print('interface/bridge/host')).flatMap((h) => {
    const mac = macOctets(h['mac-address']);
    const key = mac.toString('hex');
    if (mac.length !== 6 || seen.has(key)) return [];
    seen.add(key);
    return [{ mac, port: ifs.get(h['on-interface'] ?? h.interface ?? '') ?? 0, local: h.local === 'true' }];
  });
}

const bridge: Branch[] = [
  scalars(at(17, 1), {
    1: [T.OctetString, async (_, r) => macOctets((await firstBridge(r))?.['mac-address'] ?? '00:00:00:00:00:00')],
    2: [T.Integer, async (_, r) => (await r.print('interface/bridge/port')).length],
    // transparent-only(2)
    3: [T.Integer, () => 2],
  }),
  scalars(at(17, 2), {
    // dot1dStpProtocolSpecification ieee8021d(3); dot1dStpPriority of the bridge
    1: [T.Integer, () => 3],
    2: [T.Integer, async (_, r) => parseInt((await firstBridge(r))?.priority ?? '0x8000', 16) || 32768],
  }),
  table<Fdb>(at(17, 4, 3, 1), async (r) => (await hosts(r)).map((h) => ({ index: [...h.mac], row: h })), {
    1: [T.OctetString, (h) => h.mac],
    2: [T.Integer, (h) => h.port],
    // learned(3), self(4)
    3: [T.Integer, (h) => (h.local ? 4 : 3)],
  }),
];

// ---------------------------------------------------------------- LLDP-MIB

interface Remote { port: number; n: number; row: Reply }

async function remotes(r: Reading): Promise<Remote[]> {
  const ifs = await ifIndexOf(r);
  return (await r.print('ip/neighbor')).map((row, i) => ({ port: ifs.get((row.interface ?? '').split(',')[0]) ?? 0, n: i + 1, row }));
}

/** lldpRemTable (1.0.8802.1.1.2.1.4.1.1), indexed by time mark 0, local port and a number. */
const lldp: Branch = table<Remote>([1, 0, 8802, 1, 1, 2, 1, 4, 1, 1], async (r) => (await remotes(r)).map((x) => ({ index: [0, x.port, x.n], row: x })), {
  // chassis id subtype macAddress(4), the MAC; port id subtype interfaceName(5)
  4: [T.Integer, () => 4],
  5: [T.OctetString, (x) => macOctets(x.row['mac-address'])],
  6: [T.Integer, () => 5],
  7: [T.OctetString, (x) => x.row['interface-name'] ?? ''],
  8: [T.OctetString, (x) => x.row['interface-name'] ?? ''],
  9: [T.OctetString, (x) => x.row.identity ?? ''],
  10: [T.OctetString, (x) => x.row['system-description'] ?? ''],
});

export const STANDARD_BRANCHES: readonly Branch[] = [
  lldp, system, ...interfaces, ipAddrTable, ipNetToMediaTable, ...ipForward, bridge[0], bridge[1], bridge[2], ...hostResources, ifXTable, ...ipv6Routes,
];
