// Menus of hardware some boards have and the CHR capture of the 7.24 tree lacks, with the
// fields the manual gives them; each exists only on a board with that hardware
// (MenuDecl.present), as on the router, where a hAP answers `bad command name lcd`.
// - /interface/ethernet/poe: one record per PoE-out port (manual "PoE-Out").
// - /lcd and /lcd/pin: boards with a touch screen (manual "LCD Touchscreen").
// - /system/swos: boards that boot RouterOS or SwOS (manual "SwOS": "Dual boot").
// - /interface/ethernet/switch/...: each switch chip family's own menus (manual "Switch Chip
//   Features" for Atheros/QCA/MediaTek/Realtek/IPQ chips, "CRS1xx/2xx series switches",
//   "CRS3xx, CRS5xx, CCR2116, CCR2216 switches"): `vlan` and `rule` of the small chips,
//   `port-isolation` of the Marvell Prestera ones, the FDB and VLAN translation tables of CRS1xx/2xx.
// The records of the board (its PoE ports, its switch ports) are made at start-up like its
// serial ports (./board-records.ts).

import type { CommandContext, Environment, FieldDecl, MenuDecl, Reply } from '../core/schema.js';
import { bool, duration, int, ipv4, ipv4Prefix, listOf, mac, oneOf, str } from '../core/values.js';
import type { Board, SwitchFamily } from '../device/board.js';
import { interfaceRef } from './common.js';
import { exportCommand } from './export.js';
import { boardOf } from './interface/ethernet.js';

const has = (test: (b: Board) => boolean) => (env: Environment) => test(boardOf(env));
const chips = (...families: SwitchFamily[]) => has((b) => b.switches.some((s) => families.includes(s.family)));
const words = (values: readonly string[]) => oneOf(values);
const ro = (type = str()): FieldDecl => ({ type, readOnly: true });
const ports: FieldDecl = { type: listOf(str()) };
const switchRef: FieldDecl = { type: str(), required: true };
const common = { comment: { type: str() }, disabled: { type: bool, default: 'false' } } satisfies Record<string, FieldDecl>;

async function* poeMonitor(ctx: CommandContext): AsyncGenerator<Reply, void> {
  // Nothing is plugged into a simulated port: the port waits for a powered device.
  for (const name of (ctx.args.numbers ?? '').split(',').filter(Boolean)) yield { name, 'poe-out': 'auto-on', 'poe-out-status': 'waiting-for-load' };
}

export const poe: MenuDecl = {
  path: 'interface/ethernet/poe',
  kind: 'table',
  key: 'name',
  present: has((b) => b.interfaces.some((p) => p.poeOut)),
  generic: ['print', 'get', 'find', 'set', 'reset'],
  fields: {
    name: ro(),
    'poe-out': { type: words(['auto-on', 'forced-on', 'off']), default: 'auto-on' },
    'poe-priority': { type: int({ min: 0, max: 99 }), default: '10' },
    'poe-voltage': { type: words(['auto', 'high', 'low']), default: 'auto' },
    'poe-lldp-enabled': { type: bool, default: 'false' },
    'power-cycle-ping-enabled': { type: bool, default: 'false' },
    'power-cycle-ping-address': { type: ipv4 },
    'power-cycle-ping-timeout': { type: duration(), default: '5s' },
    'power-cycle-interval': { type: duration(), default: '0s' },
  },
  commands: {
    monitor: { policy: ['read'], args: { numbers: { type: str() }, once: { type: str(), flag: true } }, unnamed: 'numbers', run: poeMonitor },
  },
};

export const lcd: MenuDecl = {
  path: 'lcd',
  kind: 'settings',
  present: has((b) => b.lcd),
  fields: {
    enabled: { type: bool, default: 'true' },
    'backlight-timeout': { type: duration(), default: '5m' },
    'color-scheme': { type: words(['dark', 'light']), default: 'light' },
    'default-screen': { type: words(['informative-slideshow', 'interfaces', 'stats', 'stat-slideshow']), default: 'informative-slideshow' },
    'flip-screen': { type: bool, default: 'false' },
    'read-only-mode': { type: bool, default: 'false' },
    'time-interval': { type: words(['daily', 'hour', 'weekly']), default: 'hour' },
    'touch-screen': { type: words(['disabled', 'enabled']), default: 'enabled' },
  },
};

export const lcdPin: MenuDecl = {
  path: 'lcd/pin',
  kind: 'settings',
  present: has((b) => b.lcd),
  fields: { 'pin-number': { type: str(), default: '1234' }, 'hide-pin-number': { type: bool, default: 'false' } },
};

export const swos: MenuDecl = {
  path: 'system/swos',
  kind: 'settings',
  present: has((b) => b.dualBoot),
  fields: {
    'address-acquisition-mode': { type: words(['dhcp-only', 'dhcp-with-fallback', 'static']), default: 'dhcp-with-fallback' },
    'allow-from': { type: ipv4Prefix(), default: '0.0.0.0/0' },
    'allow-from-ports': { type: str() },
    'allow-from-vlan': { type: int({ min: 0, max: 4095 }), default: '0' },
    identity: { type: str(), default: 'MikroTik' },
    'static-ip-address': { type: ipv4, default: '192.168.88.1' },
  },
};

/** /interface/ethernet/switch/port: one record per port of a switch chip (made at start-up). */
export const switchPort: MenuDecl = {
  path: 'interface/ethernet/switch/port',
  kind: 'table',
  key: 'name',
  present: has((b) => b.switches.length > 0),
  generic: ['print', 'get', 'find', 'set', 'reset'],
  fields: {
    name: ro(),
    switch: ro(),
    'vlan-mode': { type: words(['check', 'disabled', 'fallback', 'secure']), default: 'disabled' },
    'vlan-header': { type: words(['add-if-missing', 'always-strip', 'leave-as-is']), default: 'leave-as-is' },
    'default-vlan-id': { type: str(), default: 'auto' },
    'ingress-rate': { type: str() },
    'egress-rate': { type: str() },
    'storm-rate': { type: str() },
    'limit-broadcasts': { type: bool, default: 'true' },
    'limit-unknown-multicasts': { type: bool, default: 'false' },
    'limit-unknown-unicasts': { type: bool, default: 'false' },
    'l3-hw-offloading': { type: bool },
    'mirror-egress': { type: bool, default: 'false' },
    'mirror-ingress': { type: bool, default: 'false' },
    // CRS1xx/2xx (manual "CRS1xx/2xx series switches": `learn-limit`, a CRS109 7.9 export `set 1 learn-limit=3`).
    'learn-limit': { type: str() },
  },
};

/**
 * A record of each switch port (`set 8 !forwarding-override`): the Marvell chips' port
 * isolation (an RB5009UPr+S+'s 88E6393X and a CRS310-8G+2S+'s 98DX226S list one per port and
 * one for the CPU in export verbose, `set 0 !forwarding-override` .. `set 9`; a CCR2004-16G-2S+
 * 7.13.5 export `set 17 !forwarding-override`), made at start-up (./board-records.ts).
 */
export const portIsolation: MenuDecl = {
  path: 'interface/ethernet/switch/port-isolation',
  kind: 'table',
  key: 'name',
  present: chips('crs3xx', 'marvell'),
  generic: ['print', 'get', 'find', 'set', 'reset', 'unset'],
  fields: { name: ro(), 'forwarding-override': { type: listOf(str()) } },
};

/**
 * The 98DX chips' QoS (manual "Quality of Service" of CRS3xx/5xx, CCR2116/2216, 7.13+): each
 * switch port's QoS record (the CRS310-8G+2S+ export verbose: `/interface ethernet switch qos
 * port set <port> map=default profile=default trust-l2=ignore trust-l3=ignore tx-manager=default`,
 * the CPU port `trust-l2=keep trust-l3=keep`), and the queues of its transmit manager (a
 * CCR2216 export `/interface ethernet switch qos tx-manager queue set 1 use-shared-buffers=no`;
 * eight queues, and their default, are vrouter's: unconfirmed).
 */
export const qosPort: MenuDecl = {
  path: 'interface/ethernet/switch/qos/port',
  kind: 'table',
  key: 'name',
  present: chips('crs3xx'),
  generic: ['print', 'get', 'find', 'set', 'reset', 'unset'],
  fields: {
    name: ro(), map: { type: str(), default: 'default' }, profile: { type: str(), default: 'default' },
    'trust-l2': { type: words(['ignore', 'keep']), default: 'ignore' }, 'trust-l3': { type: words(['ignore', 'keep']), default: 'ignore' },
    'tx-manager': { type: str(), default: 'default' },
    ...Object.fromEntries(Array.from({ length: 8 }, (_, i) => [`egress-rate-queue${i}`, { type: str() }])),
  },
};

export const qosQueue: MenuDecl = {
  path: 'interface/ethernet/switch/qos/tx-manager/queue',
  kind: 'table',
  present: chips('crs3xx'),
  generic: ['print', 'get', 'find', 'set', 'reset', 'unset'],
  fields: { 'use-shared-buffers': { type: bool, default: 'true' }, 'shared-pool-index': { type: str() } },
};

/**
 * The LCD's own menus (manual "LCD Touchscreen"): a record per interface it can graph, named
 * by the interface (`/lcd interface set sfp1 disabled=yes`; export verbose `set ether19
 * disabled=no max-speed=auto timeout=10s`), the pages of graphs (`set 0 interfaces=...`: an
 * RB2011's export lists `sfp1,ether1,...,ether10`), and its screens (`/lcd screen set 0
 * disabled=no timeout=10s` .. `set 5`). Made at start-up (./board-records.ts).
 */
export const lcdInterface: MenuDecl = {
  path: 'lcd/interface',
  kind: 'table',
  key: 'interface',
  present: has((b) => b.lcd),
  generic: ['print', 'get', 'find', 'set', 'reset', 'unset', 'add', 'remove', 'enable', 'disable'],
  fields: {
    interface: { ...interfaceRef({ required: true }) },
    'max-speed': { type: str(), default: 'auto' },
    timeout: { type: duration(), default: '10s' },
    disabled: { type: bool, default: 'false' },
  },
};

export const lcdPages: MenuDecl = {
  path: 'lcd/interface/pages',
  kind: 'table',
  present: has((b) => b.lcd),
  generic: ['print', 'get', 'find', 'set', 'add', 'remove'],
  fields: { interfaces: { ...interfaceRef({ list: true }) } },
};

export const lcdScreen: MenuDecl = {
  path: 'lcd/screen',
  kind: 'table',
  present: has((b) => b.lcd),
  generic: ['print', 'get', 'find', 'set', 'reset', 'enable', 'disable'],
  fields: { disabled: { type: bool, default: 'false' }, timeout: { type: duration(), default: '10s' } },
};

const table = (path: string, present: MenuDecl['present'], fields: Record<string, FieldDecl>): MenuDecl => ({
  path, kind: 'table', ordered: path.endsWith('/rule') || path.endsWith('/acl'), present, fields: { ...fields, ...common },
});

/** The switch chip families' own tables. */
export const switchMenus: readonly MenuDecl[] = [
  table('interface/ethernet/switch/vlan', chips('atheros', 'mediatek', 'realtek', 'ipq', 'marvell', 'crs1xx'), {
    switch: switchRef, 'vlan-id': { type: int({ min: 0, max: 4095 }), required: true }, ports, 'independent-learning': { type: bool, default: 'true' },
  }),
  table('interface/ethernet/switch/rule', chips('atheros', 'crs3xx', 'marvell', 'ipq'), {
    switch: switchRef, ports, 'src-mac-address': { type: str() }, 'dst-mac-address': { type: str() }, 'vlan-id': { type: int({ min: 0, max: 4095 }) },
    'mac-protocol': { type: str() }, 'src-address': { type: str() }, 'dst-address': { type: str() }, protocol: { type: str() },
    'new-dst-ports': { type: listOf(str()) }, 'new-vlan-id': { type: int({ min: 0, max: 4095 }) }, 'redirect-to-cpu': { type: bool, default: 'false' },
    'copy-to-cpu': { type: bool, default: 'false' }, mirror: { type: bool, default: 'false' }, rate: { type: str() },
  }),
  table('interface/ethernet/switch/host', chips('atheros', 'crs3xx', 'marvell', 'ipq', 'mediatek', 'realtek'), {
    switch: switchRef, 'mac-address': { type: mac, required: true }, ports, 'vlan-id': { type: int({ min: 0, max: 4095 }) },
    drop: { type: bool, default: 'false' }, mirror: { type: bool, default: 'false' }, 'copy-to-cpu': { type: bool, default: 'false' }, 'redirect-to-cpu': { type: bool, default: 'false' },
  }),
  // CRS1xx/2xx: the QCA-8511/8513/8519 chips' own tables.
  table('interface/ethernet/switch/egress-vlan-tag', chips('crs1xx'), { 'vlan-id': { type: int({ min: 0, max: 4095 }), required: true }, 'tagged-ports': ports }),
  table('interface/ethernet/switch/ingress-vlan-translation', chips('crs1xx'), {
    ports, 'customer-vid': { type: int({ min: 0, max: 4095 }) }, 'new-customer-vid': { type: int({ min: 0, max: 4095 }) },
    'service-vid': { type: int({ min: 0, max: 4095 }) }, 'new-service-vid': { type: int({ min: 0, max: 4095 }) }, 'sa-learning': { type: bool, default: 'true' },
  }),
  table('interface/ethernet/switch/egress-vlan-translation', chips('crs1xx'), {
    ports, 'customer-vid': { type: int({ min: 0, max: 4095 }) }, 'new-customer-vid': { type: int({ min: 0, max: 4095 }) },
  }),
  table('interface/ethernet/switch/unicast-fdb', chips('crs1xx'), {
    port: { type: str(), required: true }, 'mac-address': { type: mac, required: true }, 'vlan-id': { type: int({ min: 0, max: 4095 }) },
    svl: { type: bool, default: 'false' }, action: { type: words(['action', 'drop', 'redirect-to-cpu', 'mirror', 'forward']), default: 'forward' },
  }),
  table('interface/ethernet/switch/multicast-fdb', chips('crs1xx'), { ports, 'mac-address': { type: mac, required: true }, 'vlan-id': { type: int({ min: 0, max: 4095 }) } }),
  table('interface/ethernet/switch/reserved-fdb', chips('crs1xx'), { ports, 'mac-address': { type: mac, required: true } }),
  table('interface/ethernet/switch/acl', chips('crs1xx'), {
    'src-ports': ports, 'mac-src-address': { type: str() }, 'mac-dst-address': { type: str() }, 'vlan-id': { type: int({ min: 0, max: 4095 }) },
    'redirect-to-cpu': { type: bool, default: 'false' }, 'mirror-to': { type: str() },
  }),
];

/** Each with `export`, as every configuration menu of the router has. */
export const hardwareMenus: readonly MenuDecl[] = [poe, lcd, lcdPin, lcdInterface, lcdPages, lcdScreen, swos, switchPort, portIsolation, qosPort, qosQueue, ...switchMenus]
  .map((d) => ({ ...d, commands: { ...d.commands, export: exportCommand } }));
