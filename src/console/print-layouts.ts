// How the console's `print` lays out each menu: its flag letters and how they share columns,
// the columns of its table, the order its `detail` and `terse` forms name the arguments in,
// and what those forms leave out. The sources of each menu's entry are in
// docs/routeros-facts.md 43; a menu without an entry prints in a layout guessed from its fields.

import type { Menu, Reply } from '../core/schema.js';

export interface Flag { letter: string; name: string }

/** The router's flag letters (each legend names a flag by its upper- or lower-case name). */
export const FLAGS: Record<string, Flag> = {
  disabled: { letter: 'X', name: 'DISABLED' },
  invalid: { letter: 'I', name: 'INVALID' },
  inactive: { letter: 'I', name: 'INACTIVE' },
  dynamic: { letter: 'D', name: 'DYNAMIC' },
  running: { letter: 'R', name: 'RUNNING' },
  slave: { letter: 'S', name: 'SLAVE' },
  active: { letter: 'A', name: 'ACTIVE' },
  connect: { letter: 'c', name: 'CONNECT' },
  static: { letter: 's', name: 'STATIC' },
  builtin: { letter: '*', name: 'BUILTIN' },
  global: { letter: 'G', name: 'GLOBAL' },
  'link-local': { letter: 'L', name: 'LINK-LOCAL' },
  master: { letter: 'M', name: 'MASTER' },
  backup: { letter: 'B', name: 'BACKUP' },
  failure: { letter: 'F', name: 'FAILURE' },
  'grp-authority': { letter: 'G', name: 'GRP-AUTHORITY' },
  'grp-member': { letter: 'g', name: 'GRP-MEMBER' },
  // /routing/bgp/session (manual, BGP: `Flags: E - established`).
  established: { letter: 'E', name: 'ESTABLISHED' },
  // Route protocols (7.x /ip/route print detail: `c - connect, s - static, r - rip, b - bgp,
  // o - ospf, i - is-is, d - dhcp, v - vpn, m - modem, y - bgp-mpls-vpn; H - hw-offloaded; + - ecmp`).
  rip: { letter: 'r', name: 'RIP' },
  bgp: { letter: 'b', name: 'BGP' },
  ospf: { letter: 'o', name: 'OSPF' },
  'is-is': { letter: 'i', name: 'IS-IS' },
  dhcp: { letter: 'd', name: 'DHCP' },
  vpn: { letter: 'v', name: 'VPN' },
  modem: { letter: 'm', name: 'MODEM' },
  'bgp-mpls-vpn': { letter: 'y', name: 'BGP-MPLS-VPN' },
  'hw-offloaded': { letter: 'H', name: 'HW-OFFLOADED' },
  ecmp: { letter: '+', name: 'ECMP' },
  // /ip/dhcp-server/lease (`X - disabled, R - radius, D - dynamic, B - blocked`).
  radius: { letter: 'R', name: 'RADIUS' },
  blocked: { letter: 'B', name: 'BLOCKED' },
  // OSPF state tables (manual: `Flags: V - virtual; D - dynamic`; `S - self-originated, F - flushing, W - wraparound; D - dynamic`).
  virtual: { letter: 'V', name: 'VIRTUAL' },
  'self-originated': { letter: 'S', name: 'SELF-ORIGINATED' },
  flushing: { letter: 'F', name: 'FLUSHING' },
  wraparound: { letter: 'W', name: 'WRAPAROUND' },
  // /routing/route (manual: `X - disabled, F - filtered, U - unreachable, A - active; ...; + - ecmp, B - blackhole`).
  filtered: { letter: 'F', name: 'FILTERED' },
  unreachable: { letter: 'U', name: 'UNREACHABLE' },
  blackhole: { letter: 'B', name: 'BLACKHOLE' },
  // /system/history (manual, Configuration Management: `Flags: U - undoable, R - redoable, F - floating-undo`).
  undoable: { letter: 'U', name: 'UNDOABLE' },
  redoable: { letter: 'R', name: 'REDOABLE' },
  'floating-undo': { letter: 'F', name: 'FLOATING-UNDO' },
};

export interface Layout {
  /** Flag groups: each group is one character column, its flags share it. */
  flags: readonly (readonly string[])[];
  /** The table's columns; none: the menu prints in the detail form. */
  columns?: readonly string[];
  /**
   * The argument order of `detail` and `terse`; `...` stands for every other field, in the
   * declaration's order. Without it, the declaration's order.
   */
  order?: readonly string[];
  /** Fields these forms never show (counters only `stats` shows, write-only alternatives). */
  hide?: readonly string[];
  /** Fields shown only when the record has them set: a value the router fills in itself is not printed. */
  whenSet?: readonly string[];
  /** Fields whose value `detail` writes in quotes; without it, text fields that name no record. */
  quoted?: readonly string[];
  /** Switches `detail` writes as their name alone where set (a session's `ibgp`). */
  words?: readonly string[];
  /** Only these records get an item number (7.x numbers only static routes); false: none does, and there is no number column. */
  numbered?: ((row: Reply) => boolean) | false;
  /** A field a record of this kind does not print (a connected route has no target scope). */
  omit?: (row: Reply, field: string) => boolean;
  /** The menu prints one plain line per record, these values joined by spaces (`/log`). */
  line?: readonly string[];
}

const notDynamic = (row: Reply) => row.dynamic !== 'true';

/** Interface counters: `print stats` shows them, the other forms do not. */
const COUNTERS = [
  'rx-byte', 'tx-byte', 'rx-packet', 'tx-packet', 'rx-drop', 'tx-drop', 'rx-error', 'tx-error', 'tx-queue-drop',
  'fp-rx-byte', 'fp-tx-byte', 'fp-rx-packet', 'fp-tx-packet',
  'rx-broadcast', 'rx-bytes', 'rx-multicast', 'tx-broadcast', 'tx-bytes', 'tx-multicast',
];

/** Firewall rules: the rule's chain and action, what the action takes, then the matchers. */
const FIREWALL: Layout = {
  flags: [['disabled', 'invalid'], ['dynamic']],
  order: [
    'chain', 'action', 'jump-target', 'reject-with', 'to-addresses', 'to-ports', 'address-list', 'address-list-timeout',
    'new-connection-mark', 'new-packet-mark', 'new-routing-mark', 'passthrough', 'hw-offload',
    'connection-state', 'connection-nat-state', 'protocol', 'src-address', 'dst-address', 'src-address-list', 'dst-address-list',
    'src-address-type', 'dst-address-type', 'in-interface', 'out-interface', 'in-interface-list', 'out-interface-list',
    'in-bridge-port', 'out-bridge-port', 'in-bridge-port-list', 'out-bridge-port-list', 'src-port', 'dst-port', 'port',
    'src-mac-address', 'packet-mark', 'connection-mark', 'routing-mark', 'dscp', '...', 'log', 'log-prefix', 'ipsec-policy',
  ],
  hide: ['bytes', 'packets'],
  whenSet: ['action', 'log', 'log-prefix'],
  quoted: ['log-prefix', 'content', 'comment'],
};

const LAYOUTS: Record<string, Layout> = {
  interface: {
    flags: [['disabled'], ['running'], ['slave']],
    columns: ['name', 'type', 'actual-mtu', 'l2mtu', 'max-l2mtu', 'mac-address'],
    order: ['name', 'default-name', 'type', 'mtu', 'actual-mtu', 'l2mtu', 'max-l2mtu', 'vrf', 'mac-address', 'fast-path',
      'last-link-down-time', 'last-link-up-time', 'link-downs', '...'],
    // A 7.22 interface legend names no dynamic flag (`X - DISABLED; R - RUNNING; S - SLAVE`).
    hide: [...COUNTERS, 'dynamic'],
    quoted: ['name', 'default-name', 'type'],
  },
  'interface/ethernet': {
    flags: [['disabled'], ['running'], ['slave']],
    columns: ['name', 'mtu', 'mac-address', 'arp', 'switch'],
    order: ['name', 'default-name', 'mtu', 'l2mtu', 'mac-address', 'orig-mac-address', 'arp', 'arp-timeout', 'loop-protect',
      'loop-protect-status', 'loop-protect-send-interval', 'loop-protect-disable-time', 'disable-running-check',
      'auto-negotiation', 'advertise', 'tx-flow-control', 'rx-flow-control', 'mdix-enable', 'cable-settings', '...'],
    hide: COUNTERS,
    quoted: ['name', 'default-name'],
  },
  'interface/bridge': { flags: [['disabled'], ['running']] },
  // Flag groups as a 7.x legend shows them (routeros-facts.md 26.7); the columns are unconfirmed.
  'interface/vrrp': {
    flags: [['disabled'], ['invalid'], ['grp-authority', 'grp-member'], ['running'], ['master', 'backup', 'failure']],
    columns: ['name', 'interface', 'mac-address', 'vrid', 'priority', 'interval', 'version'],
  },
  'interface/vlan': { flags: [['disabled'], ['running']], columns: ['name', 'mtu', 'arp', 'vlan-id', 'interface'] },
  'interface/bridge/port': { flags: [['disabled', 'inactive'], ['dynamic']], columns: ['interface', 'bridge', 'hw', 'pvid', 'priority', 'path-cost', 'internal-path-cost', 'horizon'] },
  'interface/list': { flags: [['builtin'], ['dynamic']], columns: ['name', 'include', 'exclude'] },
  'interface/list/member': { flags: [['disabled', 'invalid'], ['dynamic']], columns: ['list', 'interface'] },
  'ip/address': {
    flags: [['disabled', 'invalid'], ['dynamic'], ['slave']],
    columns: ['address', 'network', 'interface'],
    order: ['address', 'network', 'interface', 'actual-interface', 'vrf', '...'],
    hide: ['broadcast', 'netmask'],
    quoted: [],
  },
  'ip/route': {
    flags: [['dynamic'], ['disabled', 'inactive', 'active'], ['connect', 'static', 'rip', 'bgp', 'ospf', 'is-is', 'dhcp', 'vpn', 'modem', 'bgp-mpls-vpn'], ['hw-offloaded'], ['ecmp']],
    columns: ['dst-address', 'gateway', 'routing-table', 'distance'],
    order: ['dst-address', 'routing-table', 'pref-src', 'gateway', 'immediate-gw', 'check-gateway', 'distance', 'scope',
      'target-scope', 'vrf-interface', 'suppress-hw-offload', 'local-address', '...'],
    quoted: [],
    numbered: notDynamic,
    // A connected route prints no target scope (7.x `print terse`).
    omit: (row, field) => field === 'target-scope' && row.connect === 'true',
  },
  'ip/pool': { flags: [], columns: ['name', 'ranges'] },
  // Manual, Neighbor discovery: `# INTERFACE ADDRESS MAC-ADDRESS IDENTITY VERSION BOARD`.
  'ip/neighbor': { flags: [], columns: ['interface', 'address', 'mac-address', 'identity', 'version', 'board'] },
  'ip/arp': { flags: [['disabled', 'invalid'], ['dynamic']], columns: ['address', 'mac-address', 'interface', 'status'] },
  'ip/dhcp-client': { flags: [['disabled', 'invalid'], ['dynamic']], columns: ['interface', 'use-peer-dns', 'add-default-route', 'status', 'address'] },
  'ip/dhcp-server/lease': {
    flags: [['disabled', 'radius', 'dynamic', 'blocked']],
    columns: ['address', 'mac-address', 'host-name', 'server', 'rate-limit', 'status', 'last-seen'],
    order: ['address', 'mac-address', 'client-id', 'address-lists', 'server', 'dhcp-option', 'status', 'expires-after',
      'last-seen', 'age', 'active-address', 'active-mac-address', 'active-client-id', 'active-server', 'host-name',
      'class-id', 'src-mac-address', '...'],
    quoted: ['address-lists', 'dhcp-option', 'client-id', 'active-client-id', 'host-name', 'comment'],
  },
  'ipv6/address': { flags: [['disabled', 'invalid'], ['dynamic'], ['global', 'link-local']], columns: ['address', 'from-pool', 'interface', 'advertise'] },
  'ip/dns/static': { flags: [['disabled'], ['dynamic']], columns: ['name', 'address', 'ttl'] },
  'ip/firewall/address-list': { flags: [['disabled'], ['dynamic']], columns: ['list', 'address', 'creation-time', 'timeout'] },
  'ip/firewall/filter': FIREWALL,
  'ip/firewall/nat': FIREWALL,
  'ip/firewall/mangle': FIREWALL,
  'ip/firewall/raw': FIREWALL,
  // The manual's and users' 7.x print details (routeros-facts.md 59.4): ` Ab   afi=ip4
  // contribution=active dst-address=... belongs-to="bgp-IP-..."`, no item numbers, the
  // protocol's attributes in their group, text quoted and numbers, words and addresses bare.
  'routing/route': {
    flags: [['disabled', 'filtered', 'unreachable', 'active'], ['connect', 'static', 'rip', 'bgp', 'ospf', 'dhcp', 'vpn', 'modem'], ['hw-offloaded'], ['ecmp', 'blackhole']],
    columns: ['dst-address', 'gateway', 'afi', 'distance', 'scope', 'target-scope', 'immediate-gw'],
    order: ['afi', 'contribution', 'dst-address', 'routing-table', 'pref-src', 'gateway', 'immediate-gw', 'distance', 'scope',
      'target-scope', 'vrf-interface', 'belongs-to', 'local-address', '...'],
    quoted: ['pref-src', 'belongs-to', 'bgp.as-path', 'bgp.aggregator', 'comment'],
    numbered: false,
  },
  'routing/ospf/neighbor': { flags: [['virtual'], ['dynamic']] },
  'routing/ospf/lsa': { flags: [['self-originated', 'flushing', 'wraparound'], ['dynamic']] },
  'ip/service': { flags: [['disabled', 'invalid'], ['dynamic']], columns: ['name', 'port', 'certificate', 'vrf', 'max-sessions'] },
  user: {
    flags: [['disabled']],
    columns: ['name', 'group', 'address', 'last-logged-in', 'inactivity-policy'],
    order: ['name', 'group', 'address', 'last-logged-in', 'inactivity-policy', 'inactivity-timeout', '...'],
    hide: ['password', 'expired'],
    quoted: ['name', 'comment'],
  },
  'user/group': { flags: [] },
  'user/active': { flags: [], columns: ['when', 'name', 'address', 'via'] },
  log: { flags: [], line: ['time', 'topics', 'message'], order: ['time', 'topics', 'message'], numbered: false, quoted: ['message'] },
  'system/script': { flags: [['invalid']] },
  'system/scheduler': { flags: [['disabled']], columns: ['name', 'start-date', 'start-time', 'interval', 'on-event', 'run-count'] },
  'system/script/job': { flags: [], columns: ['script', 'owner', 'started'] },
  file: { flags: [], columns: ['name', 'type', 'size', 'last-modified'] },
  // Detail layouts, as the manual prints them (BGP session print; routing filter rules).
  // A real 7.x print detail (routeros-facts.md 59.4): ` 1 E name="to-r1-direct-1" ` /
  // `     remote.address=172.36.0.1 .as=65001 .id=25.25.25.25 ...`: only the name in quotes.
  // `ebgp` / `ibgp` are switches: `input.procid=20 ibgp` (the same print), the word alone.
  'routing/bgp/session': { flags: [['established']], quoted: ['name', 'comment'], words: ['ebgp', 'ibgp'] },
  'routing/filter/rule': { flags: [['disabled', 'inactive']] },
  // The 7.x manual: `  ACTION                 BY     POLICY` over `F route 0.0.0.0/0 added  admin  write`, no numbers.
  'system/history': { flags: [['undoable', 'redoable', 'floating-undo']], columns: ['action', 'by', 'policy'], numbered: false },
  // Settings menus: the order of their `name: value` lines.
  'system/resource': {
    flags: [],
    order: ['uptime', 'version', 'build-time', 'factory-software', 'minimum-version', 'free-memory', 'total-memory', 'cpu',
      'cpu-count', 'cpu-frequency', 'cpu-load', 'free-hdd-space', 'total-hdd-space', 'write-sect-since-reboot',
      'write-sect-total', 'bad-blocks', 'architecture-name', 'board-name', 'platform', '...'],
  },
  'system/routerboard': {
    flags: [],
    order: ['routerboard', 'board-name', 'model', 'revision', 'serial-number', 'firmware-type', 'factory-firmware',
      'current-firmware', 'upgrade-firmware', '...'],
  },
};

/** The layout of a menu: its own, or one made from its fields. */
export function layoutOf(menu: Menu): Layout {
  const known = LAYOUTS[menu.path];
  if (known) return known;
  const flagFields = [...menu.fields.keys()].filter((f) => FLAGS[f]);
  const flags: string[][] = [];
  if (flagFields.includes('disabled')) flags.push(['disabled']);
  if (flagFields.includes('dynamic')) flags.push(['dynamic']);
  const columns = [...menu.fields.keys()].filter((f) => !FLAGS[f] && f !== 'comment').slice(0, 5);
  return { flags, columns };
}

/** The fields a record shows in `detail` and `terse`, in the layout's order. */
export function orderedFields(menu: Menu, layout: Layout, row: Reply): string[] {
  const skip = new Set(['comment', ...layout.flags.flat(), ...(layout.hide ?? [])]);
  const declared = [...menu.fields.keys()].filter((f) => !skip.has(f));
  let names = declared;
  if (layout.order) {
    const listed = new Set(layout.order);
    const rest = declared.filter((f) => !listed.has(f));
    names = layout.order.flatMap((f) => (f === '...' ? rest : menu.fields.has(f) && !skip.has(f) ? [f] : []));
    if (!layout.order.includes('...')) names.push(...rest);
  }
  return names.filter((f) => row[f] !== undefined && !layout.omit?.(row, f));
}
