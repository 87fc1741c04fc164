// How `print` shows records in the console: the RouterOS 7 table with its flag legend and
// column list, `detail`, `terse`, and the `name: value` form of menus without records.
//
//   Flags: D - DYNAMIC
//   Columns: ADDRESS, NETWORK, INTERFACE
//   #   ADDRESS          NETWORK       INTERFACE
//   ;;; defconf
//   0   192.168.88.1/24  192.168.88.0  bridge
//
// (real router output, e.g. /ip address print on 7.x). The legend lists only the flags some
// printed row has; each `;`-separated group is one character column of the flag field, the
// `,`-separated flags in a group share it. Numbers are right-aligned. The console shows
// booleans as yes/no (the API and REST say true/false).

import type { Menu, Reply } from '../core/schema.js';

interface Flag { field: string; letter: string; name: string }

const FLAGS: Record<string, Flag> = {
  disabled: { field: 'disabled', letter: 'X', name: 'DISABLED' },
  invalid: { field: 'invalid', letter: 'I', name: 'INVALID' },
  inactive: { field: 'inactive', letter: 'I', name: 'INACTIVE' },
  dynamic: { field: 'dynamic', letter: 'D', name: 'DYNAMIC' },
  running: { field: 'running', letter: 'R', name: 'RUNNING' },
  slave: { field: 'slave', letter: 'S', name: 'SLAVE' },
  active: { field: 'active', letter: 'A', name: 'ACTIVE' },
  connect: { field: 'connect', letter: 'c', name: 'CONNECT' },
  static: { field: 'static', letter: 's', name: 'STATIC' },
  builtin: { field: 'builtin', letter: '*', name: 'BUILTIN' },
  global: { field: 'global', letter: 'G', name: 'GLOBAL' },
  'link-local': { field: 'link-local', letter: 'L', name: 'LINK-LOCAL' },
  master: { field: 'master', letter: 'M', name: 'MASTER' },
  backup: { field: 'backup', letter: 'B', name: 'BACKUP' },
  failure: { field: 'failure', letter: 'F', name: 'FAILURE' },
  'grp-authority': { field: 'grp-authority', letter: 'G', name: 'GRP-AUTHORITY' },
  'grp-member': { field: 'grp-member', letter: 'g', name: 'GRP-MEMBER' },
  // /routing/bgp/session (manual, BGP: `Flags: E - established`).
  established: { field: 'established', letter: 'E', name: 'ESTABLISHED' },
  // Route protocols and ECMP (7.x /ip/route print: `D - DYNAMIC; A - ACTIVE; c, s, o ...; + - ECMP`).
  bgp: { field: 'bgp', letter: 'b', name: 'BGP' },
  ospf: { field: 'ospf', letter: 'o', name: 'OSPF' },
  dhcp: { field: 'dhcp', letter: 'd', name: 'DHCP' },
  ecmp: { field: 'ecmp', letter: '+', name: 'ECMP' },
  // OSPF state tables (manual: `Flags: V - virtual; D - dynamic`; `S - self-originated, F - flushing, W - wraparound; D - dynamic`).
  virtual: { field: 'virtual', letter: 'V', name: 'VIRTUAL' },
  'self-originated': { field: 'self-originated', letter: 'S', name: 'SELF-ORIGINATED' },
  flushing: { field: 'flushing', letter: 'F', name: 'FLUSHING' },
  wraparound: { field: 'wraparound', letter: 'W', name: 'WRAPAROUND' },
  // /routing/route (manual: `X - disabled, F - filtered, U - unreachable, A - active; c - connect, s - static, r - rip, b - bgp, o - ospf, d - dhcp, v - vpn, m - modem ...; + - ecmp, B - blackhole`).
  unreachable: { field: 'unreachable', letter: 'U', name: 'UNREACHABLE' },
  rip: { field: 'rip', letter: 'r', name: 'RIP' },
  vpn: { field: 'vpn', letter: 'v', name: 'VPN' },
  modem: { field: 'modem', letter: 'm', name: 'MODEM' },
  blackhole: { field: 'blackhole', letter: 'B', name: 'BLACKHOLE' },
  // /system/history (manual, Configuration Management: `Flags: U - undoable, R - redoable, F - floating-undo`).
  undoable: { field: 'undoable', letter: 'U', name: 'UNDOABLE' },
  redoable: { field: 'redoable', letter: 'R', name: 'REDOABLE' },
  'floating-undo': { field: 'floating-undo', letter: 'F', name: 'FLOATING-UNDO' },
};

interface Layout {
  /** Flag groups: each group is one character column. */
  flags: string[][];
  /** Columns of the table; none: the menu prints in the detail layout. */
  columns?: string[];
  /** False: rows carry no item number (`/system history print`). */
  numbered?: boolean;
}

// The router's default print of each menu (7.x consoles; unconfirmed details are best guesses).
const LAYOUTS: Record<string, Layout> = {
  interface: { flags: [['dynamic'], ['disabled', 'running'], ['slave']], columns: ['name', 'type', 'actual-mtu', 'l2mtu', 'max-l2mtu', 'mac-address'] },
  'interface/ethernet': { flags: [['disabled', 'running'], ['slave']], columns: ['name', 'mtu', 'mac-address', 'arp', 'switch'] },
  'interface/bridge': { flags: [['disabled', 'running']] },
  // Flag groups as a 7.x legend shows them (routeros-facts.md 26.7); the columns are unconfirmed.
  'interface/vrrp': {
    flags: [['disabled'], ['invalid'], ['grp-authority', 'grp-member'], ['running'], ['master', 'backup', 'failure']],
    columns: ['name', 'interface', 'mac-address', 'vrid', 'priority', 'interval', 'version'],
  },
  'interface/vlan': { flags: [['disabled', 'running']], columns: ['name', 'mtu', 'arp', 'vlan-id', 'interface'] },
  'interface/bridge/port': { flags: [['disabled', 'inactive'], ['dynamic']], columns: ['interface', 'bridge', 'hw', 'pvid', 'priority', 'path-cost', 'internal-path-cost', 'horizon'] },
  'interface/list': { flags: [['builtin'], ['dynamic']], columns: ['name', 'include', 'exclude'] },
  'interface/list/member': { flags: [['disabled', 'invalid'], ['dynamic']], columns: ['list', 'interface'] },
  'ip/address': { flags: [['disabled', 'invalid'], ['dynamic']], columns: ['address', 'network', 'interface'] },
  'ip/pool': { flags: [], columns: ['name', 'ranges'] },
  // Manual, Neighbor discovery: `# INTERFACE ADDRESS MAC-ADDRESS IDENTITY VERSION BOARD`.
  'ip/neighbor': { flags: [], columns: ['interface', 'address', 'mac-address', 'identity', 'version', 'board'] },
  'ip/arp': { flags: [['disabled', 'invalid'], ['dynamic']], columns: ['address', 'mac-address', 'interface', 'status'] },
  'ip/dhcp-client': { flags: [['disabled', 'invalid'], ['dynamic']], columns: ['interface', 'use-peer-dns', 'add-default-route', 'status', 'address'] },
  'ipv6/address': { flags: [['disabled', 'invalid'], ['dynamic'], ['global', 'link-local']], columns: ['address', 'from-pool', 'interface', 'advertise'] },
  'ip/dns/static': { flags: [['disabled'], ['dynamic']], columns: ['name', 'address', 'ttl'] },
  'ip/firewall/address-list': { flags: [['disabled'], ['dynamic']], columns: ['list', 'address', 'creation-time', 'timeout'] },
  'ip/firewall/filter': { flags: [['disabled', 'invalid'], ['dynamic']] },
  'ip/firewall/nat': { flags: [['disabled', 'invalid'], ['dynamic']] },
  'routing/route': {
    flags: [['disabled', 'unreachable', 'active'], ['connect', 'static', 'rip', 'bgp', 'ospf', 'dhcp', 'vpn', 'modem'], ['ecmp', 'blackhole']],
    columns: ['dst-address', 'gateway', 'afi', 'distance', 'scope', 'target-scope', 'immediate-gw'],
  },
  'routing/ospf/neighbor': { flags: [['virtual'], ['dynamic']] },
  'routing/ospf/lsa': { flags: [['self-originated', 'flushing', 'wraparound'], ['dynamic']] },
  'ip/route': { flags: [['dynamic'], ['disabled', 'inactive', 'active'], ['connect', 'static', 'bgp', 'ospf', 'dhcp'], ['ecmp']], columns: ['dst-address', 'gateway', 'routing-table', 'distance'] },
  'ip/service': { flags: [['disabled', 'invalid'], ['dynamic']], columns: ['name', 'port', 'certificate', 'vrf', 'max-sessions'] },
  user: { flags: [['disabled']], columns: ['name', 'group', 'address', 'last-logged-in'] },
  'user/group': { flags: [] },
  'user/active': { flags: [], columns: ['when', 'name', 'address', 'via'] },
  log: { flags: [], columns: ['time', 'topics', 'message'] },
  'system/script': { flags: [['invalid']] },
  'system/scheduler': { flags: [['disabled']], columns: ['name', 'start-date', 'start-time', 'interval', 'on-event', 'run-count'] },
  'system/script/job': { flags: [], columns: ['script', 'owner', 'started'] },
  file: { flags: [], columns: ['name', 'type', 'size', 'last-modified'] },
  // Detail layouts, as the manual prints them (BGP session print; routing filter rules).
  'routing/bgp/session': { flags: [['established']] },
  'routing/filter/rule': { flags: [['disabled', 'inactive']] },
  // The 7.x manual: `  ACTION                 BY     POLICY` over `F route 0.0.0.0/0 added  admin  write`, no numbers.
  'system/history': { flags: [['undoable', 'redoable', 'floating-undo']], columns: ['action', 'by', 'policy'], numbered: false },
};

function layoutOf(menu: Menu): Layout {
  const known = LAYOUTS[menu.path];
  if (known) return known;
  const flagFields = [...menu.fields.keys()].filter((f) => FLAGS[f]);
  const groups: string[][] = [];
  if (flagFields.includes('disabled')) groups.push(['disabled']);
  if (flagFields.includes('dynamic')) groups.push(['dynamic']);
  const columns = [...menu.fields.keys()].filter((f) => !FLAGS[f] && f !== 'comment').slice(0, 5);
  return { flags: groups, columns };
}

/** A value as the console shows it: booleans as yes/no, figures in the form their type prints (`881.2MiB`). */
function shown(menu: Menu, name: string, value: string | undefined): string {
  if (value === undefined) return '';
  const type = menu.fields.get(name)?.type;
  if (type?.name === 'boolean') return value === 'true' ? 'yes' : value === 'false' ? 'no' : value;
  return type?.printed ? type.printed(value) : value;
}

const isNumeric = (menu: Menu, name: string) => menu.fields.get(name)?.type.name === 'integer';

/** The flag characters of a row, and the groups any row uses (the legend). */
function flagsOf(layout: Layout, rows: readonly Reply[]) {
  const used = layout.flags.map((group) => group.filter((f) => rows.some((r) => r[f] === 'true')));
  const groups = used.filter((g) => g.length);
  const cell = (r: Reply) => groups.map((g) => FLAGS[g.find((f) => r[f] === 'true') ?? '']?.letter ?? ' ').join('');
  const legend = groups.length ? 'Flags: ' + groups.map((g) => g.map((f) => `${FLAGS[f].letter} - ${FLAGS[f].name}`).join(', ')).join('; ') : undefined;
  return { width: groups.length, cell, legend };
}

const trimEnd = (s: string) => s.replace(/\s+$/, '');

/** The default print of a menu with records. */
export function formatTable(menu: Menu, rows: readonly Reply[], opts: { detail?: boolean; terse?: boolean } = {}): string[] {
  const layout = layoutOf(menu);
  if (opts.terse) return formatTerse(menu, rows, layout);
  if (opts.detail || !layout.columns) return formatDetail(menu, rows, layout);
  if (!rows.length) return [];
  // A column no printed row has a value for is left out (and from the Columns line).
  const columns = layout.columns.filter((c) => rows.some((r) => r[c] !== undefined && r[c] !== ''));
  const flags = flagsOf(layout, rows);
  const out: string[] = [];
  if (flags.legend) out.push(flags.legend);
  out.push('Columns: ' + columns.map((c) => c.toUpperCase()).join(', '));
  const numberWidth = Math.max(1, String(rows.length - 1).length);
  const cells = rows.map((r) => columns.map((c) => shown(menu, c, r[c])));
  const widths = columns.map((c, i) => Math.max(c.length, ...cells.map((row) => row[i].length)));
  const line = (num: string, flag: string, values: string[]) => {
    const body = values.map((v, i) => (isNumeric(menu, columns[i]) ? v.padStart(widths[i]) : v.padEnd(widths[i]))).join('  ');
    const number = layout.numbered === false ? '' : num.padStart(numberWidth) + ' ';
    return trimEnd(number + (flags.width ? flag.padEnd(flags.width) + ' ' : '') + body);
  };
  out.push(line('#', '', columns.map((c) => c.toUpperCase())));
  rows.forEach((r, i) => {
    if (r.comment && !columns.includes('comment')) out.push(`;;; ${r.comment}`);
    out.push(line(String(i), flags.cell(r), cells[i]));
  });
  return out;
}

const detailSkip = (layout: Layout) => new Set(['comment', ...layout.flags.flat()]);

/** `name=value` of a field for detail: text in quotes, as the console shows it. */
function pair(menu: Menu, name: string, value: string): string {
  const v = shown(menu, name, value);
  const type = menu.fields.get(name)?.type.name;
  const quote = type === 'string' || type === 'name' || (type === undefined && name !== '.id');
  return `${name}=${quote ? JSON.stringify(v) : v}`;
}

function orderedFields(menu: Menu, record: Reply): string[] {
  return [...menu.fields.keys()].filter((f) => record[f] !== undefined);
}

function formatDetail(menu: Menu, rows: readonly Reply[], layout: Layout): string[] {
  const flags = flagsOf(layout, rows);
  const out: string[] = [];
  if (flags.legend) out.push(flags.legend);
  const numberWidth = Math.max(2, String(rows.length - 1).length + 1);
  const indent = ' '.repeat(numberWidth + 1 + (flags.width ? flags.width + 1 : 0));
  rows.forEach((r, i) => {
    const head = String(i).padStart(numberWidth) + ' ' + (flags.width ? flags.cell(r).padEnd(flags.width) + ' ' : '');
    const skip = detailSkip(layout);
    const pairs = orderedFields(menu, r).filter((f) => !skip.has(f)).map((f) => pair(menu, f, r[f]));
    const lines = wrap(pairs, 80 - indent.length);
    if (r.comment) {
      out.push(trimEnd(head + `;;; ${r.comment}`));
      for (const l of lines) out.push(indent + l);
    } else {
      out.push(trimEnd(head + (lines[0] ?? '')));
      for (const l of lines.slice(1)) out.push(indent + l);
    }
    out.push('');
  });
  if (out[out.length - 1] === '') out.pop();
  return out;
}

function wrap(pairs: string[], width: number): string[] {
  const lines: string[] = [];
  let cur = '';
  for (const p of pairs) {
    if (cur && cur.length + 1 + p.length > width) { lines.push(cur); cur = p; } else cur = cur ? `${cur} ${p}` : p;
  }
  if (cur) lines.push(cur);
  return lines;
}

function formatTerse(menu: Menu, rows: readonly Reply[], layout: Layout): string[] {
  const flags = flagsOf(layout, rows);
  const numberWidth = Math.max(1, String(rows.length - 1).length);
  return rows.map((r, i) => {
    const skip = new Set(layout.flags.flat());
    const pairs = orderedFields(menu, r).filter((f) => !skip.has(f)).map((f) => `${f}=${shown(menu, f, r[f])}`);
    return trimEnd(String(i).padStart(numberWidth) + ' ' + (flags.width ? flags.cell(r).padEnd(flags.width) + ' ' : '') + pairs.join(' '));
  });
}

/**
 * The print of a menu without records: `name: value`, names right-aligned two columns in from
 * the longest (`  write-sect-since-reboot: 83` under `                   uptime: 1h10m4s`,
 * `  name: MikroTik`: real 7.x prints, routeros-facts.md 31.4).
 */
export function formatSettings(menu: Menu, record: Reply): string[] {
  if (menu.decl.consoleForm === 'assignments') return Object.keys(record).map((n) => `${JSON.stringify(n)}=${record[n]}`);
  const names = orderedFields(menu, record);
  const width = Math.max(6, 2 + Math.max(0, ...names.map((n) => n.length)));
  return names.map((n) => trimEnd(`${n.padStart(width)}: ${shown(menu, n, record[n])}`));
}

/** Records of a command that is not a print (`ping`, `monitor`): one `name: value` block each. */
export function formatRecords(records: readonly Reply[]): string[] {
  const out: string[] = [];
  for (const r of records) {
    const names = Object.keys(r);
    const width = Math.max(0, ...names.map((n) => n.length));
    for (const n of names) out.push(`${n.padStart(width)}: ${r[n]}`);
    if (records.length > 1) out.push('');
  }
  if (out[out.length - 1] === '') out.pop();
  return out;
}
