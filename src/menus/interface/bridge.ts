// /interface/bridge and /interface/bridge/port: software bridges and their ports.
//
// A bridge is an interface (a row of the `interface` table with type=bridge). Its MTU,
// L2MTU and MAC follow its ports (see interface.ts). A port entry puts one interface into
// one bridge; an interface can be in one bridge only. The default configuration makes one
// bridge, `bridge`, with every Ethernet port but ether1 (the WAN port) in it.

import { failure } from '../../core/errors.js';
import type { Environment, FieldDecl, MenuDecl, Reply } from '../../core/schema.js';
import type { Row } from '../../core/store.js';
import { bool, duration, int, mac, str } from '../../core/values.js';
import { dynamic, interfaceRef } from '../common.js';
import {
  DUPLICATE_NAME, INTERFACE_TABLE, MAX_MS_32, PORT_TABLE, bridgeOfInterface, choice, hexInt, interfaceAt,
  interfaceFields, isRunning, macOf, orWord,
} from './interface.js';

/** The bridge an interface is a port of (an enabled port entry whose bridge exists). */
export function bridgeOf(env: Environment, interfaceId: number | undefined): Row | undefined {
  return bridgeOfInterface(env, interfaceId);
}

const SECOND = 1000;

/**
 * A setting the router prints only while the feature it belongs to is on: the real reply
 * for a new bridge (routeros-facts.md 7) has no `pvid`, `frame-types`, `ingress-filtering`
 * or `ether-type` while vlan-filtering=no, and no IGMP timers while igmp-snooping=no.
 */
function shownWhen(field: string, test: (row: Row) => boolean, decl: FieldDecl): FieldDecl {
  return { ...decl, derive: (row) => (test(row) ? row.values[field] ?? decl.default : undefined) };
}

const vlanFiltering = (row: Row) => row.values['vlan-filtering'] === 'true';
const igmpSnooping = (row: Row) => row.values['igmp-snooping'] === 'true';
const mstp = (row: Row) => row.values['protocol-mode'] === 'mstp';

const interval = (dflt: string): FieldDecl => ({ type: duration({ min: SECOND, max: MAX_MS_32 }), default: dflt });

// IGMP/MLD snooping settings and their defaults (RouterOS manual, "Bridge IGMP/MLD snooping").
const igmp: Record<string, FieldDecl> = {
  'igmp-version': { type: choice(['2', '3']), default: '2' },
  'mld-version': { type: choice(['1', '2']), default: '1' },
  'last-member-interval': interval('1s'),
  'last-member-query-count': { type: int({ min: 0, max: 4294967295 }), default: '2' },
  'membership-interval': interval('4m20s'),
  'multicast-querier': { type: bool, default: 'false' },
  'multicast-router': { type: choice(['disabled', 'permanent', 'temporary-query']), default: 'temporary-query' },
  'querier-interval': interval('4m15s'),
  'query-interval': interval('2m5s'),
  'query-response-interval': interval('10s'),
  'startup-query-count': { type: int({ min: 0, max: 4294967295 }), default: '2' },
  'startup-query-interval': interval('31s250ms'),
};

export const bridge: MenuDecl = {
  path: 'interface/bridge',
  kind: 'table',
  table: INTERFACE_TABLE,
  variant: { type: 'bridge' },
  key: 'name',
  duplicateKey: DUPLICATE_NAME,
  fields: {
    name: interfaceFields.name('bridge'),
    mtu: { type: orWord('auto', int({ min: 0, max: 65535 })), default: 'auto' },
    'actual-mtu': interfaceFields['actual-mtu'],
    l2mtu: interfaceFields.l2mtu,
    'mac-address': interfaceFields['mac-address'],
    // Used, and shown, only with auto-mac=no (no `admin-mac` key in the real reply otherwise).
    'admin-mac': { type: mac, derive: (row) => (row.values['auto-mac'] === 'false' ? row.values['admin-mac'] : undefined) },
    'auto-mac': { type: bool, default: 'true' },
    'ageing-time': { type: duration({ min: 10 * SECOND, max: 1_000_000 * SECOND }), default: '5m' },
    arp: interfaceFields.arp,
    'arp-timeout': interfaceFields['arp-timeout'],
    'fast-forward': { type: bool, default: 'true' },
    'max-learned-entries': { type: orWord('unlimited', orWord('auto', int({ min: 0, max: 4294967295 }))), default: 'auto' },
    mvrp: { type: bool, default: 'false' },
    // Spanning tree.
    'protocol-mode': { type: choice(['none', 'rstp', 'stp', 'mstp']), default: 'rstp' },
    priority: { type: hexInt(0, 65535), default: '0x8000' },
    'port-cost-mode': { type: choice(['long', 'short']), default: 'long' },
    'forward-delay': { type: duration({ min: 4 * SECOND, max: 30 * SECOND }), default: '15s' },
    'max-message-age': { type: duration({ min: 6 * SECOND, max: 40 * SECOND }), default: '20s' },
    'transmit-hold-count': { type: int({ min: 1, max: 10 }), default: '6' },
    'max-hops': shownWhen('max-hops', mstp, { type: int({ min: 6, max: 40 }), default: '20' }),
    'region-name': shownWhen('region-name', mstp, { type: str() }),
    'region-revision': shownWhen('region-revision', mstp, { type: int({ min: 0, max: 65535 }), default: '0' }),
    // VLAN filtering.
    'vlan-filtering': { type: bool, default: 'false' },
    'ether-type': shownWhen('ether-type', vlanFiltering, { type: choice(['0x88a8', '0x8100', '0x9100']), default: '0x8100' }),
    'frame-types': shownWhen('frame-types', vlanFiltering, {
      type: choice(['admit-all', 'admit-only-untagged-and-priority-tagged', 'admit-only-vlan-tagged']), default: 'admit-all',
    }),
    'ingress-filtering': shownWhen('ingress-filtering', vlanFiltering, { type: bool, default: 'true' }),
    pvid: shownWhen('pvid', vlanFiltering, { type: int({ min: 1, max: 4094 }), default: '1' }),
    // IGMP/MLD snooping.
    'igmp-snooping': { type: bool, default: 'false' },
    ...Object.fromEntries(Object.entries(igmp).map(([n, f]) => [n, shownWhen(n, igmpSnooping, f)])),
    // DHCP snooping and the newer guards: not in the real reply of a new bridge, so shown
    // only once set (their own defaults are unconfirmed).
    'dhcp-snooping': { type: bool, default: 'false' },
    'dhcp-agent-circuit-id': { type: str() },
    'dhcp-agent-remote-id': { type: str() },
    'dhcpv6-snooping': { type: bool },
    'dhcpv6-agent-circuit-id': { type: str() },
    'dhcpv6-agent-remote-id': { type: str() },
    'forward-reserved-addresses': { type: bool },
    'ra-guard': { type: bool },
    // MLAG: shown once set.
    'mlag-peer-port': interfaceRef(),
    'mlag-heartbeat': { type: duration() },
    'mlag-priority': { type: int({ min: 0, max: 255 }) },
    running: interfaceFields.running,
    dynamic,
  },
  // defconf: `add name=bridge auto-mac=yes ... comment=defconf`, then `set bridge
  // auto-mac=no admin-mac=<MAC of the first port that is not ether1>` (routeros-facts.md 3).
};

// ---------------------------------------------------------------- /interface/bridge/port

/** The port's bridge and interface both exist and run, and the entry is enabled. */
function isActive(env: Environment, row: Row): boolean {
  if (row.values.disabled === 'true') return false;
  const br = interfaceAt(env, row.values.bridge);
  const iface = interfaceAt(env, row.values.interface);
  return br !== undefined && iface !== undefined && isRunning(env, br) && isRunning(env, iface);
}

function bridgeRow(env: Environment, row: Row): Row | undefined {
  return interfaceAt(env, row.values.bridge);
}

/**
 * Port status, shown while the port is active. The emulated segment has no other bridge
 * on it: no BPDU ever arrives, so every port is a designated, forwarding edge port of a
 * root bridge (values a lone RSTP bridge reports; per-field values are unconfirmed).
 */
function status(compute: (row: Row, env: Environment, br: Row) => string | undefined, stp = false): FieldDecl {
  return {
    type: str(),
    readOnly: true,
    derive(row, env) {
      if (!isActive(env, row)) return undefined;
      const br = bridgeRow(env, row)!;
      if (stp && br.values['protocol-mode'] === 'none') return undefined;
      return compute(row, env, br);
    },
  };
}

/** 1-based number of the port among its bridge's active ports, in the order they were added. */
function portNumber(env: Environment, row: Row): number {
  const table = env.store.table(PORT_TABLE);
  let n = 0;
  for (const port of table.rows) {
    if (port.values.bridge !== row.values.bridge || !isActive(env, port)) continue;
    n++;
    if (port === row) break;
  }
  return n;
}

const yes = (v: boolean) => String(v);

export const bridgePort: MenuDecl = {
  path: 'interface/bridge/port',
  kind: 'table',
  ordered: true,
  fields: {
    // An interface list adds its members as ports (manual "Bridging and Switching": `interface=dynamic`).
    interface: interfaceRef({ required: true, orNames: ['interface/list'] }),
    bridge: interfaceRef({ required: true, where: { type: 'bridge' } }),
    // VLAN.
    pvid: { type: int({ min: 1, max: 4094 }), default: '1' },
    'frame-types': { type: choice(['admit-all', 'admit-only-untagged-and-priority-tagged', 'admit-only-vlan-tagged']), default: 'admit-all' },
    'ingress-filtering': { type: bool, default: 'true' },
    'tag-stacking': { type: bool, default: 'false' },
    // Not in the real reply until MVRP is used (values from a 7.16 console print).
    'mvrp-applicant-state': { type: choice(['non-participant', 'normal-participant']) },
    'mvrp-registrar-state': { type: choice(['fixed', 'normal']) },
    // Forwarding.
    horizon: { type: orWord('none', int({ min: 0, max: 4294967295 })), default: 'none' },
    learn: { type: choice(['auto', 'no', 'yes']), default: 'auto' },
    hw: { type: bool, default: 'true' },
    'broadcast-flood': { type: bool, default: 'true' },
    'unknown-multicast-flood': { type: bool, default: 'true' },
    'unknown-unicast-flood': { type: bool, default: 'true' },
    'auto-isolate': { type: bool, default: 'false' },
    // Spanning tree.
    priority: { type: hexInt(0, 240), default: '0x80' },
    'path-cost': { type: int({ min: 1, max: 200000000 }), default: '10' },
    'internal-path-cost': { type: int({ min: 1, max: 200000000 }), default: '10' },
    edge: { type: choice(['auto', 'no', 'no-discover', 'yes', 'yes-discover']), default: 'auto' },
    'point-to-point': { type: choice(['auto', 'no', 'yes']), default: 'auto' },
    'bpdu-guard': { type: bool, default: 'false' },
    'restricted-role': { type: bool, default: 'false' },
    'restricted-tcn': { type: bool, default: 'false' },
    // Snooping.
    'fast-leave': { type: bool, default: 'false' },
    'multicast-router': { type: choice(['disabled', 'permanent', 'temporary-query']), default: 'temporary-query' },
    trusted: { type: bool, default: 'false' },
    'trusted-dhcpv6': { type: bool, default: 'false' }, // 7.2x addition; printed like `trusted` (unconfirmed)
    'trusted-ra': { type: bool, default: 'false' }, // idem
    dynamic,
    // Not working: disabled, or its bridge or interface is gone or down. The real reply has
    // no `invalid` key for ports (routeros-facts.md 2.9); a dangling reference shows here.
    inactive: { type: bool, readOnly: true, derive: (row, env) => yes(!isActive(env, row)) },
    status: { type: str(), readOnly: true, derive: (row, env) => (isActive(env, row) ? 'in-bridge' : 'inactive') },
    'port-number': status((row, env) => String(portNumber(env, row))),
    forwarding: status(() => 'true'),
    learning: status((row) => yes(row.values.learn !== 'no')),
    'hw-offload': status((row) => yes(row.values.hw !== 'false')), // unconfirmed for the hAP ax²
    'external-fdb-status': status(() => 'false'),
    role: status(() => 'designated-port', true),
    'edge-port': status((row) => yes(!['no', 'no-discover'].includes(row.values.edge ?? 'auto')), true),
    'edge-port-discovery': status((row) => yes(['auto', 'no-discover', 'yes-discover'].includes(row.values.edge ?? 'auto')), true),
    'point-to-point-port': status((row) => yes(row.values['point-to-point'] !== 'no'), true),
    'sending-rstp': status((_row, _env, br) => yes(br.values['protocol-mode'] !== 'stp'), true),
    'designated-bridge': status((_row, env, br) => `${br.values.priority ?? '0x8000'}.${macOf(env, br)}`, true),
    'designated-cost': status(() => '0', true),
    'designated-port-number': status((row, env) => String(portNumber(env, row)), true),
    'root-path-cost': status(() => '0', true),
    'forward-transitions': status(() => '1', true),
    'topology-changes': status(() => '0', true),
    'rx-bpdu': status(() => '0', true),
    'tx-bpdu': status(() => '0', true),
    'rx-tc': status(() => '0', true),
    'tx-tc': status(() => '0', true),
  },
  verify(next: Reply, env: Environment, previous?: Row) {
    // One interface, one bridge; a port of a bridge that is gone no longer counts.
    for (const port of env.store.table(PORT_TABLE).rows) {
      if (port.id === previous?.id || port.values.interface !== next.interface) continue;
      if (interfaceAt(env, port.values.bridge)) throw failure('device already added as bridge port');
    }
  },
};
