// What a router learns from the wires: /ip/neighbor (the discovery protocols), the dynamic
// entries of /ip/arp and the state of each /ip/dhcp-client. All three are computed by the lab
// (src/lab) and read through the device layer's network interface; a router outside a lab
// has no neighbours, no dynamic ARP entries, and DHCP clients that keep `searching...`.

import type { Environment, FieldDecl, MenuDecl } from '../../core/schema.js';
import type { Row } from '../../core/store.js';
import { bool, str } from '../../core/values.js';
import { networkOf } from '../tool/ping.js';

const shown = (): FieldDecl => ({ type: str(), readOnly: true });
const status = (): FieldDecl => ({ type: bool, readOnly: true, default: 'false' });
const DYNAMIC: FieldDecl = { type: bool, readOnly: true, derive: (row) => String(row.dynamic), stable: true };

/** Computed records keep their id while their key lasts (`.id` in URLs and `numbers`). */
const ids = new WeakMap<Environment, { next: number; byKey: Map<string, number> }>();
function idOf(env: Environment, key: string, base: number): number {
  let kept = ids.get(env);
  if (!kept) ids.set(env, (kept = { next: base, byKey: new Map() }));
  let id = kept.byKey.get(key);
  if (id === undefined) kept.byKey.set(key, (id = kept.next++));
  return id;
}

/** Rows of computed records, as print, get and find see them. */
function computed(env: Environment, entries: readonly { key: string; values: Record<string, string> }[], base: number): Row[] {
  return entries.map((e, pos) => ({ id: idOf(env, e.key, base), values: e.values, dynamic: true, pos }));
}

/** Neighbour fields (manual: Neighbor discovery, Neighbor list). */
const NEIGHBOR_FIELDS = [
  'interface', 'address', 'address4', 'address6', 'mac-address', 'identity', 'platform', 'version', 'board',
  'interface-name', 'system-description', 'system-caps', 'system-caps-enabled', 'discovered-by', 'age', 'uptime',
  'software-id', 'ipv6', 'unpack',
];

export const neighbor: MenuDecl = {
  path: 'ip/neighbor',
  kind: 'table',
  generic: ['print', 'get', 'find'],
  fields: Object.fromEntries(NEIGHBOR_FIELDS.map((f) => [f, shown()])),
  rows: (env) => {
    const lab = networkOf(env).lab;
    return lab ? computed(env, lab.neighbors(), 1) : [];
  },
};

/** Dynamic ARP entries are numbered above any static one. */
const ARP_DYNAMIC_BASE = 0x100000;

export const arp: MenuDecl = {
  path: 'ip/arp',
  kind: 'table',
  fields: {
    dynamic: DYNAMIC,
    invalid: status(),
    dhcp: status(),
    complete: { type: bool, readOnly: true, derive: (row) => String(!!row.values['mac-address']) },
    // A static entry is permanent; one learned from traffic has just been confirmed.
    status: { type: str(), readOnly: true, derive: (row) => (row.dynamic ? 'reachable' : 'permanent') },
  },
  rows: (env, stored) => {
    const lab = networkOf(env).lab;
    return lab ? [...stored, ...computed(env, lab.arp(), ARP_DYNAMIC_BASE)] : stored;
  },
};

/** Dynamic IPv6 neighbours are numbered above any static one, as ARP's. */
const ND_DYNAMIC_BASE = 0x100000;

/**
 * /ipv6/neighbor: the static entries users add, and in a lab the neighbours neighbour
 * discovery found for the traffic that crossed (`router` when the neighbour forwards,
 * status `reachable`: just confirmed).
 */
export const ipv6Neighbor: MenuDecl = {
  path: 'ipv6/neighbor',
  kind: 'table',
  fields: {
    dynamic: DYNAMIC,
    router: { type: bool, readOnly: true, default: 'false' },
    status: { type: str(), readOnly: true, derive: (row) => row.values.status ?? (row.dynamic ? 'reachable' : 'noarp') },
  },
  rows: (env, stored) => {
    const lab = networkOf(env).lab;
    return lab?.nd ? [...stored, ...computed(env, lab.nd(), ND_DYNAMIC_BASE)] : stored;
  },
};

/** A client's state as the lab's DHCP gives it; outside a lab nobody answers. */
function clientState(row: Row, env: Environment): Record<string, string> {
  if (row.values.disabled === 'true') return { status: 'stopped' };
  return networkOf(env).lab?.dhcpClient(row.id) ?? { status: 'searching...' };
}

const fromState = (name: string): FieldDecl => ({ type: str(), readOnly: true, derive: (row, env) => clientState(row, env)[name] });

export const dhcpClient: MenuDecl = {
  path: 'ip/dhcp-client',
  kind: 'table',
  fields: {
    dynamic: DYNAMIC,
    invalid: status(),
    status: fromState('status'),
    address: fromState('address'),
    gateway: fromState('gateway'),
    'dhcp-server': fromState('dhcp-server'),
    'primary-dns': fromState('primary-dns'),
    'secondary-dns': fromState('secondary-dns'),
    'expires-after': fromState('expires-after'),
  },
};

/** A DHCPv6 client's state as the lab's prefix delegation gives it; outside a lab nobody answers. */
function client6State(row: Row, env: Environment): Record<string, string> {
  if (row.values.disabled === 'true') return { status: 'stopped' };
  return networkOf(env).lab?.dhcp6Client?.(row.id) ?? { status: 'searching...' };
}

const fromState6 = (name: string): FieldDecl => ({ type: str(), readOnly: true, derive: (row, env) => client6State(row, env)[name] });

/** /ipv6/dhcp-client: `status`, the delegated `prefix` (`2001:db8:100::/64, 3d`), the `address` given and the server's address. */
export const dhcp6Client: MenuDecl = {
  path: 'ipv6/dhcp-client',
  kind: 'table',
  fields: {
    dynamic: DYNAMIC,
    invalid: status(),
    status: fromState6('status'),
    prefix: fromState6('prefix'),
    address: fromState6('address'),
    'dhcp-server-v6': fromState6('dhcp-server-v6'),
  },
};
