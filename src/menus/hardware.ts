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
  },
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
  table('interface/ethernet/switch/port-isolation', chips('crs3xx'), {
    port: { ...interfaceRef({ required: true }) }, 'forwarding-override': { type: listOf(str()) },
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
export const hardwareMenus: readonly MenuDecl[] = [poe, lcd, lcdPin, swos, switchPort, ...switchMenus]
  .map((d) => ({ ...d, commands: { ...d.commands, export: exportCommand } }));
