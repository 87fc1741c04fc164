// /interface: every interface of the router, whatever its kind, in one list.
//
// All interfaces live in ONE store table, `interface`, as on the router, where Ethernet
// ports, bridges and VLANs share one id space and one name space: `/interface/bridge`,
// `/interface/vlan` and `/interface/ethernet` are views of that table narrowed to one
// `type`. This file is also where what every kind shares is written once: the status a
// kind derives from the others (a bridge's MTU and MAC come from its ports, a VLAN's from
// its parent), the field declarations the kind menus repeat, and the value types they use.
// The kind files import from here; this file imports none of them, so there is no cycle.

import { CommandError, ValueError, unknownParameter } from '../../core/errors.js';
import type { Environment, FieldDecl, MenuDecl, Reply } from '../../core/schema.js';
import { formatId, type Row } from '../../core/store.js';
import type { ValueType } from '../../core/types.js';
import { bool, duration, formatDateTime, int, mac, name, parseInteger, choice } from '../../core/values.js';
import { target } from '../common.js';
import { monitorTraffic } from './monitor.js';
import { BOARDS, DEFAULT_BOARD, portOf, type Device, type Port } from '../../device/board.js';
import { DEFAULT_L2MTU, DEFAULT_MAX_L2MTU } from '../../device/boards/ports.js';

export const INTERFACE_TABLE = 'interface';
export const PORT_TABLE = 'interface/bridge/port';

/** The router's words when a new interface takes a name another interface has. */
export const DUPLICATE_NAME = 'already have interface with such name';

/**
 * What a menu of the board's own ports (Ethernet, LTE) declares besides its fields: the
 * ports live in the interface table, are named, cannot be added or removed (inspect 7.24
 * has no add, remove or move there), and are the board's for good.
 */
export const boardPorts = (type: string) => ({
  kind: 'table' as const,
  table: INTERFACE_TABLE,
  variant: { type },
  key: 'name',
  duplicateKey: DUPLICATE_NAME,
  permanent: true,
});

// ---------------------------------------------------------------- value types

// `choice` (core/values.ts): one of fixed words, refused with `input does not match any
// value of <arg>` (docs/routeros-facts.md 1.2: `mode`, `band`, `certificate`).
export { choice };

/** A value of `type`, or one word standing for "let the router choose" (`auto`, `none`). */
export function orWord(word: string, type: ValueType): ValueType {
  return {
    name: type.name,
    desc: type.desc === undefined ? word : `${type.desc} | ${word}`,
    parse: (input) => (input === word ? word : type.parse(input)),
    // The word is not a value of the type: it is neither less nor greater than one, so
    // `<mtu=1500` matches no bridge on `mtu=auto` (NaN fails every comparison).
    compare: (a, b) => (a === b ? 0 : a === word || b === word ? NaN : type.compare(a, b)),
  };
}

/** An integer the router shows in hexadecimal, as STP priorities are (`0x8000`, `0x80`). */
export function hexInt(min: number, max: number): ValueType {
  return {
    name: 'integer',
    desc: `${min}..${max}`,
    parse(input) {
      const n = parseInteger(input);
      if (n === null) throw new ValueError();
      if (n < BigInt(min) || n > BigInt(max)) throw new ValueError(`value of {arg} out of range (${min}..${max})`);
      return '0x' + n.toString(16);
    },
    compare: (a, b) => parseInt(a, 16) - parseInt(b, 16),
  };
}

const SECOND = 1000;

/**
 * The largest time the router takes in many of its intervals: 2^32-1 seconds, which the
 * inspect tree prints as `7101w3d6h28m15s` (loop-protect-send-interval).
 */
export const MAX_SECONDS_32 = 4294967295 * SECOND;
/** 2^32-1 milliseconds: `71w2h27m52s950ms` in the inspect tree (IGMP intervals). */
export const MAX_MS_32 = 4294967295;

/** `arp`: how the interface answers and uses ARP (RouterOS manual, "ARP"). */
export const ARP_MODES = ['disabled', 'enabled', 'local-proxy-arp', 'proxy-arp', 'reply-only'] as const;

// ---------------------------------------------------------------- what the kinds share

/** An interface referred to by a stored reference (`*6`), if it still exists. */
export const interfaceAt = (env: Environment, stored: string | undefined): Row | undefined =>
  target(env, INTERFACE_TABLE, stored);

// Kinds can refer to each other (a VLAN on a VLAN, a bridge as a port of a bridge); a
// configuration that loops must not hang a print, so status lookups stop this deep.
const MAX_DEPTH = 8;

/**
 * The bridge an interface is a port of: an enabled /interface/bridge/port entry names it and
 * its bridge still exists. A disabled port entry leaves the interface working on its own.
 */
export function bridgeOfInterface(env: Environment, interfaceId: number | undefined): Row | undefined {
  if (interfaceId === undefined) return undefined;
  const ref = formatId(interfaceId);
  for (const port of env.store.table(PORT_TABLE).rows) {
    if (port.values.interface !== ref || port.values.disabled === 'true') continue;
    const bridge = interfaceAt(env, port.values.bridge);
    if (bridge) return bridge;
  }
  return undefined;
}

/** The interfaces that are enabled ports of a bridge, in the order the ports were added. */
export function portsOf(env: Environment, bridge: Row): Row[] {
  const ref = formatId(bridge.id);
  const out: Row[] = [];
  for (const port of env.store.table(PORT_TABLE).rows) {
    if (port.values.bridge !== ref || port.values.disabled === 'true') continue;
    const iface = interfaceAt(env, port.values.interface);
    if (iface && iface !== bridge) out.push(iface);
  }
  return out;
}

/** Ethernet defaults of the emulated board (hAP-class hardware, docs/routeros-facts.md 8). */
export const ETHER_MTU = 1500;

/**
 * The board's port an Ethernet record is (its default-name), with its L2MTU limits and link
 * modes (src/device/boards/ports.ts); a port the board does not have (a data directory from
 * another board) has the catalogue's common figures.
 */
export function portFacts(env: Environment, row: Row): Port {
  const board = (env.services.device as Device | undefined)?.board ?? BOARDS[DEFAULT_BOARD];
  return portOf(board, row.values['default-name'])
    ?? { name: row.values['default-name'] ?? '', kind: 'ether', l2mtu: DEFAULT_L2MTU, maxL2mtu: DEFAULT_MAX_L2MTU, link: 'ge' };
}
/** A bridge with no ports reports this L2MTU (real CHR PUT reply, routeros-facts.md 7). */
const BRIDGE_L2MTU = 65535;
/** A VLAN header takes four bytes of its parent's L2MTU. */
const VLAN_HEADER = 4;

/** The `mtu` an interface shows: a bridge says `auto` until one is set. */
export function mtuOf(row: Row): string {
  return row.values.mtu ?? (row.values.type === 'bridge' ? 'auto' : row.values.type === LOOPBACK ? String(LOOPBACK_MTU) : String(ETHER_MTU));
}

/** The loopback interface every 7.x router has: `lo`, type `loopback`, MTU 65536, MAC all zeros. */
export const LOOPBACK = 'loopback';
const LOOPBACK_MTU = 65536;

/** The MTU in use: a bridge on `auto` takes its smallest port's, 1500 without ports. */
export function actualMtuOf(env: Environment, row: Row, depth = 0): number {
  const mtu = mtuOf(row);
  if (mtu !== 'auto') return Number(mtu);
  if (depth >= MAX_DEPTH) return ETHER_MTU;
  const ports = portsOf(env, row).map((p) => actualMtuOf(env, p, depth + 1));
  return ports.length ? Math.min(...ports) : ETHER_MTU;
}

/** The L2MTU: a bridge's is its smallest port's, a VLAN's its parent's less the tag. */
export function l2mtuOf(env: Environment, row: Row, depth = 0): number | undefined {
  if (depth >= MAX_DEPTH) return undefined;
  switch (row.values.type) {
    case 'ether':
      return Number(row.values.l2mtu ?? portFacts(env, row).l2mtu);
    case 'bridge': {
      const ports = portsOf(env, row).map((p) => l2mtuOf(env, p, depth + 1)).filter((n): n is number => n !== undefined);
      return ports.length ? Math.min(...ports) : BRIDGE_L2MTU;
    }
    case 'vlan': {
      const parent = interfaceAt(env, row.values.interface);
      const l2 = parent && l2mtuOf(env, parent, depth + 1);
      return l2 === undefined ? undefined : l2 - VLAN_HEADER;
    }
  }
  return undefined;
}

/**
 * A MAC address that stays the same for one interface across prints and restarts, for
 * interfaces that have no hardware address of their own (a bridge without ports). Locally
 * administered, as the router's own generated bridge addresses are (`5A:CB:C6:...`).
 */
export function generatedMac(seed: string): string {
  let h = 0x811c9dc5;
  const bytes: number[] = [];
  for (let round = 0; round < 6; round++) {
    for (const ch of `${seed}/${round}`) h = Math.imul(h ^ ch.charCodeAt(0), 0x01000193) >>> 0;
    bytes.push(h & 0xff);
  }
  bytes[0] = (bytes[0] & 0xfc) | 0x02;
  return bytes.map((b) => b.toString(16).toUpperCase().padStart(2, '0')).join(':');
}

/** What an interface without a MAC address (a tunnel) shows. */
export const NO_MAC = '00:00:00:00:00:00';

/**
 * The MAC address in use. Ethernet: its own. Bridge: `admin-mac` when `auto-mac=no`, else
 * the first added port's ("bridge MAC will be chosen from the first added bridge port",
 * RouterOS manual), else a generated one. VLAN: its parent's.
 */
export function macOf(env: Environment, row: Row, depth = 0): string {
  if (depth >= MAX_DEPTH) return NO_MAC;
  switch (row.values.type) {
    case 'bridge': {
      if (row.values['auto-mac'] === 'false' && row.values['admin-mac']) return row.values['admin-mac'];
      const first = portsOf(env, row)[0];
      return first ? macOf(env, first, depth + 1) : generatedMac(`bridge${row.id}`);
    }
    case 'vlan': {
      const parent = interfaceAt(env, row.values.interface);
      return parent ? macOf(env, parent, depth + 1) : NO_MAC;
    }
    case 'vrrp':
      return vrrpMac(row);
    default:
      return row.values['mac-address'] ?? row.values['orig-mac-address'] ?? NO_MAC;
  }
}

/**
 * A VRRP interface's virtual MAC address: `00:00:5E:00:01:<VRID>` (RFC 5798 7.3), and
 * `00:00:5E:00:02:<VRID>` for VRRPv3 over IPv6 (RouterOS manual, VRRP; routeros-facts.md 26.7).
 */
export function vrrpMac(row: Row): string {
  const ipv6 = (row.values.version ?? '3') === '3' && row.values['v3-protocol'] === 'ipv6';
  const vrid = Number(row.values.vrid ?? 1) & 255;
  return `00:00:5E:00:0${ipv6 ? 2 : 1}:${vrid.toString(16).toUpperCase().padStart(2, '0')}`;
}

/**
 * The lab's VRRP election (src/lab/routing/vrrp.ts) writes its results here: a table of the
 * router's own, memory-only (dynamic records, never saved, never printed), one record per VRRP
 * interface (`interface` = `*ID`, `state` = master, backup or failure). Being rows, they are
 * configuration to whatever is worked out from the rows: kept views follow them.
 */
export const VRRP_STATE_TABLE = '.vrrp';

/** What the lab's election decided for a VRRP interface; none outside a lab. */
export function vrrpElected(env: Environment, row: Row): string | undefined {
  const ref = formatId(row.id);
  for (const r of env.store.table(VRRP_STATE_TABLE).rows) if (r.values.interface === ref) return r.values.state;
  return undefined;
}

/**
 * The lab's tunnels (src/lab/tunnels) write here whether a tunnel with keepalive hears its far
 * end: a memory-only table like VRRP_STATE_TABLE, one record per such tunnel (`interface` =
 * `*ID`, `running` = true or false). A tunnel with no record (no keepalive, or no lab) runs
 * while enabled, as a GRE tunnel without keepalive does on the router.
 */
export const TUNNEL_STATE_TABLE = '.tunnel';

/** Whether the lab found a tunnel's far end answering its keepalives; none outside a lab. */
export function tunnelHeard(env: Environment, row: Row): boolean | undefined {
  const ref = formatId(row.id);
  for (const r of env.store.table(TUNNEL_STATE_TABLE).rows) if (r.values.interface === ref) return r.values.running === 'true';
  return undefined;
}

/** The /interface types of the tunnels whose running state the lab works out. */
const TUNNEL_TYPES = new Set(['gre-tunnel', 'gre6-tunnel', 'ipip-tunnel', 'ipipv6-tunnel', 'eoip', 'eoipv6-tunnel', 'vxlan', 'wg']);

/**
 * The device layer (src/device) plugs in here once it simulates links and traffic: it is
 * `env.services.device`, and every method is optional, so the menus work without it.
 */
interface InterfaceDevice {
  /** Counters of an interface by the /interface names (`rx-byte`, `tx-packet`, ...). */
  counters?(id: number): Partial<Record<string, number | bigint | string>> | undefined;
  /** False when the simulated cable of an Ethernet port is unplugged. */
  linkUp?(id: number): boolean;
  /** When the link last came up, ms since the epoch. */
  lastLinkUp?(id: number): number | undefined;
}

function deviceOf(env: Environment): InterfaceDevice | undefined {
  return env.services.device as InterfaceDevice | undefined;
}

/** One traffic counter of an interface; `0` until the device layer counts traffic. */
export function counter(env: Environment, row: Row, name: string): string {
  const device = deviceOf(env);
  const value = typeof device?.counters === 'function' ? device.counters(row.id)?.[name] : undefined;
  return value === undefined ? '0' : String(value);
}

/**
 * Running: enabled and able to pass traffic. Ethernet: the link is up (every simulated
 * cable is plugged in unless the device says otherwise). Bridge: always, even without ports
 * (real CHR capture: a port-less bridge is `running=true`). VLAN: its parent runs.
 */
export function isRunning(env: Environment, row: Row, depth = 0): boolean {
  if (row.values.disabled === 'true' || depth >= MAX_DEPTH) return false;
  switch (row.values.type) {
    case 'ether': {
      const device = deviceOf(env);
      return typeof device?.linkUp === 'function' ? device.linkUp(row.id) : true;
    }
    case 'vlan': {
      const parent = interfaceAt(env, row.values.interface);
      return parent !== undefined && isRunning(env, parent, depth + 1);
    }
    // VRRP: runs while it is master (a backup is not running: routeros-facts.md 26.7). Its
    // parent must run, and the lab's election must not have made it backup. Alone (no lab)
    // it is master at once.
    case 'vrrp': {
      const parent = interfaceAt(env, row.values.interface);
      return parent !== undefined && isRunning(env, parent, depth + 1) && (vrrpElected(env, row) ?? 'master') === 'master';
    }
    default:
      return TUNNEL_TYPES.has(row.values.type ?? '') ? tunnelHeard(env, row) ?? true : true;
  }
}

function lastLinkUp(env: Environment, row: Row): string | undefined {
  const device = deviceOf(env);
  const at = typeof device?.lastLinkUp === 'function' ? device.lastLinkUp(row.id) : undefined;
  // A link that never came up has no such key at all (real capture, routeros-facts.md 2.2).
  return at === undefined ? undefined : formatDateTime(new Date(at));
}

/** The smallest free name `<prefix>N`, as the router names a bridge or VLAN added without one. */
export function freeName(env: Environment, prefix: string): string {
  const taken = env.store.table(INTERFACE_TABLE).byKey;
  for (let n = 1; ; n++) if (!taken.has(`${prefix}${n}`)) return `${prefix}${n}`;
}

// Field declarations every kind menu repeats. Each kind menu lists the ones it shows.
export const interfaceFields = {
  /** The key. Given by the user, or (bridge, VLAN) the next free `bridgeN`/`vlanN`. */
  name: (prefix?: string): FieldDecl => ({ type: name, ...(prefix ? { initial: (env: Environment) => freeName(env, prefix) } : {}) }),
  // Range unconfirmed; RouterOS refuses an MTU its hardware cannot carry with its own words.
  mtu: { type: int({ min: 0, max: 65535 }), default: String(ETHER_MTU) } as FieldDecl,
  'actual-mtu': { type: int(), readOnly: true, derive: (row, env) => String(actualMtuOf(env, row)) } as FieldDecl,
  /** Derived L2MTU (bridge, VLAN); Ethernet declares its own settable one. */
  l2mtu: { type: int(), readOnly: true, derive: (row, env) => l2mtuOf(env, row)?.toString() } as FieldDecl,
  'mac-address': { type: mac, readOnly: true, derive: (row, env) => macOf(env, row) } as FieldDecl,
  running: { type: bool, readOnly: true, derive: (row, env) => String(isRunning(env, row)) } as FieldDecl,
  /** Only shown when true, as the real /interface reply does (routeros-facts.md 2.2, 8). */
  slave: { type: bool, readOnly: true, derive: (row, env) => (bridgeOfInterface(env, row.id) ? 'true' : undefined) } as FieldDecl,
  arp: { type: choice(ARP_MODES), default: 'enabled' } as FieldDecl,
  'arp-timeout': { type: orWord('auto', duration()), default: 'auto' } as FieldDecl,
  'loop-protect': { type: choice(['default', 'off', 'on']), default: 'default' } as FieldDecl,
  'loop-protect-disable-time': { type: duration(), default: '5m' } as FieldDecl,
  'loop-protect-send-interval': { type: duration({ min: SECOND, max: MAX_SECONDS_32 }), default: '5s' } as FieldDecl,
  // Loop protection never trips in the emulation: no frame ever comes back.
  'loop-protect-status': { type: name, readOnly: true, default: 'off' } as FieldDecl,
} as const;

// ---------------------------------------------------------------- /interface

// IF-MIB ifTable (.1.3.6.1.2.1.2.2.1.x) and ifXTable (.1.3.6.1.2.1.31.1.1.1.x): print `oid`
// shows these with the interface's id appended, the ifIndex the router's SNMP agent uses.
const IF_TABLE = '.1.3.6.1.2.1.2.2.1';
const IFX_TABLE = '.1.3.6.1.2.1.31.1.1.1';

/** The traffic counters /interface shows, with their SNMP objects where IF-MIB has one. */
const COUNTERS: Record<string, string | undefined> = {
  'rx-byte': `${IFX_TABLE}.6`, // ifHCInOctets
  'tx-byte': `${IFX_TABLE}.10`, // ifHCOutOctets
  'rx-packet': `${IFX_TABLE}.7`, // ifHCInUcastPkts
  'tx-packet': `${IFX_TABLE}.11`, // ifHCOutUcastPkts
  'rx-drop': `${IF_TABLE}.13`, // ifInDiscards
  'tx-drop': `${IF_TABLE}.19`, // ifOutDiscards
  'rx-error': `${IF_TABLE}.14`, // ifInErrors
  'tx-error': `${IF_TABLE}.20`, // ifOutErrors
  'tx-queue-drop': undefined,
  'fp-rx-byte': undefined,
  'fp-tx-byte': undefined,
  'fp-rx-packet': undefined,
  'fp-tx-packet': undefined,
};

const counterFields: Record<string, FieldDecl> = Object.fromEntries(Object.entries(COUNTERS).map(([n, oid]): [string, FieldDecl] =>
  [n, { type: int(), readOnly: true, ...(oid ? { oid } : {}), derive: (row, env) => counter(env, row, n) }]));

const isEther = (row: Row) => row.values.type === 'ether';

export const interfaceMenu: MenuDecl = {
  path: 'interface',
  kind: 'table',
  table: INTERFACE_TABLE,
  key: 'name',
  duplicateKey: DUPLICATE_NAME,
  commands: { 'monitor-traffic': monitorTraffic },
  // `lo` is the router's own, with or without the default configuration; id *0 keeps the
  // ids users' interfaces get as they were.
  defaults: [{ '.id': '*0', name: 'lo', type: LOOPBACK }],
  systemDefaults: true,
  fields: {
    name: { ...interfaceFields.name(), oid: `${IF_TABLE}.2` }, // ifDescr
    type: { type: name, readOnly: true },
    // The one field every kind has, with the kind's own rules checked in verify below.
    mtu: { type: orWord('auto', int({ min: 0, max: 65535 })), oid: `${IF_TABLE}.4`, derive: (row) => mtuOf(row) }, // ifMtu
    'actual-mtu': interfaceFields['actual-mtu'],
    // Ethernet's can be set here too; a bridge's and a VLAN's follow their ports / parent.
    l2mtu: { type: int({ min: 0, max: 65535 }), derive: (row, env) => l2mtuOf(env, row)?.toString() },
    'max-l2mtu': { type: int(), readOnly: true, derive: (row, env) => (isEther(row) ? String(portFacts(env, row).maxL2mtu) : undefined) },
    'mac-address': { ...interfaceFields['mac-address'], oid: `${IF_TABLE}.6` }, // ifPhysAddress
    running: interfaceFields.running,
    // Physical ports only; stored when the router made them.
    'default-name': { type: name, readOnly: true },
    'last-link-up-time': { type: name, readOnly: true, derive: (row, env) => (isRunning(env, row) ? lastLinkUp(env, row) : undefined) },
    'link-downs': { type: int(), readOnly: true, derive: (row, env) => counter(env, row, 'link-downs') },
    ...counterFields,
    // Real replies carry `dynamic` on virtual interfaces only (routeros-facts.md 2.2, 8).
    dynamic: { type: bool, readOnly: true, derive: (row) => (isEther(row) ? undefined : String(row.dynamic)) },
    slave: interfaceFields.slave,
  },
  verify(next: Reply, _env: Environment, previous?: Row) {
    const type = next.type ?? previous?.values.type;
    if (next.mtu === 'auto' && type !== 'bridge') throw new CommandError('argument', 'invalid value for argument mtu');
    // Only an Ethernet port has an L2MTU of its own; unconfirmed how the router words this.
    if (type !== 'ether' && next.l2mtu !== previous?.values.l2mtu) throw unknownParameter('l2mtu');
  },
};
