// How `print` shows records in the console, in the forms a RouterOS 7 console prints them
// (docs/routeros-facts.md 43 gives a real capture for each rule):
//
// - the table (the default of a menu with columns): a legend of the flags some row has, the
//   column list, a header, one line per record; every cell is padded to its column's width,
//   the last one too, numbers right-aligned; a comment is a `;;;` line of its own;
//
//     Flags: D - DYNAMIC; A - ACTIVE; c - CONNECT, s - STATIC
//     Columns: DST-ADDRESS, GATEWAY, ROUTING-TABLE, DISTANCE
//     #     DST-ADDRESS     GATEWAY      ROUTING-TABLE  DISTANCE
//     0  As 0.0.0.0/0       192.168.1.1  main                  1
//       DAc 192.168.1.0/24  ether1       main                  0
//
// - `detail` (the default of a menu without columns): a legend of every flag, then per record
//   its number, its flags and `name=value` pairs wrapped at the terminal's width, a blank line
//   between records;
// - `terse`: one line per record, unquoted values, no legend;
// - `value-list`: one line per property, the records side by side;
// - the `name: value` lines of a menu without records.
//
// The console shows booleans as yes/no (the API and REST say true/false).

import type { Menu, Reply } from '../core/schema.js';
import { FLAGS, layoutOf, orderedFields, type Layout } from './print-layouts.js';

export interface PrintOptions {
  /** The terminal's width: detail lines wrap within it, table columns shrink to it. */
  width?: number;
  /** `show-ids`: records are named by id (`*1`) where they are numbered. */
  showIds?: boolean;
  /** Whether the record has the field set itself (for a layout's `whenSet` fields). */
  stored?: (row: Reply, field: string) => boolean;
  /** The detail legend names flags in capitals (RouterOS 7.22 and later) or small letters. */
  upperLegend?: boolean;
  /** Records only: no legend, no column list, no header (what `follow` prints for a change). */
  bare?: boolean;
  /** `proplist=`: the properties printed; the table's columns, in the order given. */
  proplist?: readonly string[];
}

const WIDTH = 80;

/** A value as the console shows it: booleans as yes/no, figures in the form their type prints (`881.2MiB`). */
function shown(menu: Menu, name: string, value: string | undefined): string {
  if (value === undefined) return '';
  const type = menu.fields.get(name)?.type;
  if (type?.name === 'boolean') return value === 'true' ? 'yes' : value === 'false' ? 'no' : value;
  return type?.printed ? type.printed(value) : value;
}

const isNumeric = (menu: Menu, name: string) => menu.fields.get(name)?.type.name === 'integer';

interface FlagColumns {
  groups: string[][];
  /** The flag characters of a record, one per group. */
  cell(row: Reply): string;
}

/** The flag columns: every group of the layout, or only those some printed record uses. */
function flagColumns(layout: Layout, rows: readonly Reply[], usedOnly: boolean): FlagColumns {
  const groups = usedOnly
    ? layout.flags.map((g) => g.filter((f) => rows.some((r) => r[f] === 'true'))).filter((g) => g.length)
    : layout.flags.map((g) => [...g]);
  const cell = (r: Reply) => groups.map((g) => (FLAGS[g.find((f) => r[f] === 'true') ?? '']?.letter ?? ' ')).join('');
  return { groups, cell };
}

function legendGroups(groups: string[][], upper: boolean): string[] {
  return groups.map((g) => g.map((f) => `${FLAGS[f].letter} - ${upper ? FLAGS[f].name : FLAGS[f].name.toLowerCase()}`).join(', '));
}

/** The item number (or id) of each record; undefined for one the menu does not number. */
function numbers(layout: Layout, rows: readonly Reply[], options: PrintOptions): (string | undefined)[] {
  let n = 0;
  return rows.map((r) => {
    if (layout.numbered === false || (layout.numbered && !layout.numbered(r))) return undefined;
    const num = String(n++);
    return options.showIds ? r['.id'] ?? num : num;
  });
}

/** The default print of a menu with records: its table, or its detail form. */
export function formatTable(menu: Menu, rows: readonly Reply[], opts: PrintOptions & { detail?: boolean; terse?: boolean; brief?: boolean } = {}): string[] {
  const layout = layoutOf(menu);
  if (opts.terse) return formatTerse(menu, layout, rows, opts);
  if (layout.line && !opts.detail) return rows.map((r) => layout.line!.map((f) => shown(menu, f, r[f])).join(' '));
  if (opts.detail || !layout.columns) return formatDetail(menu, layout, rows, opts);
  return formatColumns(menu, layout, rows, opts);
}

function formatColumns(menu: Menu, layout: Layout, rows: readonly Reply[], opts: PrintOptions): string[] {
  if (!rows.length) return [];
  // A column no printed record has a value for is left out (and from the Columns line).
  const columns = (opts.proplist?.filter((c) => !layout.flags.flat().includes(c) && c !== '.id' && c !== 'comment') ?? layout.columns!).filter((c) => rows.some((r) => r[c] !== undefined && r[c] !== ''));
  const flags = flagColumns(layout, rows, true);
  const nums = numbers(layout, rows, opts);
  const numbered = nums.some((n) => n !== undefined);
  const numberWidth = numbered ? Math.max(1, ...nums.map((n) => n?.length ?? 0)) : 0;
  const cells = rows.map((r) => columns.map((c) => shown(menu, c, r[c])));
  const values = columns.map((_c, i) => Math.max(0, ...cells.map((row) => row[i].length)));
  const widths = columns.map((c, i) => Math.max(c.length, values[i]));
  // Too wide for the terminal: the headers longer than their column's values give way,
  // the one with the most to give first (`ROUT` for ROUTING-TABLE beside `main`).
  const lead = (numbered ? numberWidth + 1 : 0) + (flags.groups.length ? flags.groups.length + 1 : 0);
  const total = () => lead + widths.reduce((a, b) => a + b, 0) + 2 * (columns.length - 1);
  const width = opts.width ?? WIDTH;
  while (total() >= width) {
    let best = -1;
    for (let i = 0; i < columns.length; i++) if (widths[i] > values[i] && (best < 0 || widths[i] - values[i] > widths[best] - values[best])) best = i;
    if (best < 0) break;
    widths[best] = Math.max(values[best], widths[best] - (total() - width + 1));
  }
  const out: string[] = [];
  if (flags.groups.length && !opts.bare) out.push('Flags: ' + legendGroups(flags.groups, true).join('; '));
  if (!opts.bare) out.push('Columns: ' + columns.map((c) => c.toUpperCase()).join(', '));
  const line = (num: string, flag: string, texts: string[]) =>
    (numbered ? num.padStart(numberWidth) + ' ' : '') +
    (flags.groups.length ? flag.padEnd(flags.groups.length) + ' ' : '') +
    texts.map((v, i) => (isNumeric(menu, columns[i]) ? v.padStart(widths[i]) : v.padEnd(widths[i]))).join('  ');
  if (!opts.bare) out.push(line('#', '', columns.map((c, i) => c.toUpperCase().slice(0, widths[i]))));
  rows.forEach((r, i) => {
    if (r.comment) out.push(`;;; ${r.comment}`);
    out.push(line(nums[i] ?? '', flags.cell(r), cells[i]));
  });
  return out;
}

/** The fields a record shows in detail and terse: the layout's order, less those the record did not set itself. */
function fieldsOf(menu: Menu, layout: Layout, row: Reply, opts: PrintOptions): string[] {
  return orderedFields(menu, layout, row).filter((f) =>
    (!opts.proplist || opts.proplist.includes(f)) && (!layout.whenSet?.includes(f) || !opts.stored || opts.stored(row, f)));
}

/** `name=value` of a field for detail: text in quotes, as the console shows it. */
function pair(menu: Menu, layout: Layout, name: string, value: string, shownAs = name): string {
  const v = shown(menu, name, value);
  const field = menu.fields.get(name);
  // An empty value is `""` whatever its type (a 7.22 veth's `gateway6=""`).
  const quote = v === '' || (layout.quoted ? layout.quoted.includes(name) : (field?.type.name === 'string' || field?.type.name === 'name') && !field.ref);
  return `${shownAs}=${quote ? JSON.stringify(v) : v}`;
}

/**
 * Dotted names in groups, as print detail writes them: a group (`bgp.`, `remote.`) is on lines
 * of its own, and its names after the first are written from the dot (a real 7.x /routing/route:
 * `belongs-to="OSPF route"` / `ospf.metric=2 .tag=111 .type=ext-type-1` / `debug.fwp-ptr=...`;
 * /routing/bgp/session: `name="to-r1-direct-1"` / `remote.address=172.36.0.1 .as=65001 ...` /
 * `local.role=ibgp .address=...`; routeros-facts.md 59.4). `breaks`: the pairs a line starts at.
 */
function grouped(names: readonly string[], pairOf: (name: string, shownAs: string) => string, words?: readonly string[]): { pairs: string[]; breaks: Set<number> } {
  const pairs: string[] = [];
  const breaks = new Set<number>();
  let group = '';
  for (const name of names) {
    // A switch's word stays on the line it comes to, and the group goes on after it
    // (`input.procid=20 ibgp` / `multihop=yes ...`).
    if (words?.includes(name)) { pairs.push(name); continue; }
    const dot = name.indexOf('.');
    const g = dot > 0 ? name.slice(0, dot) : '';
    if (g && g === group) pairs.push(pairOf(name, name.slice(dot)));
    else {
      // A line starts at a group and after one (the session's `multihop=yes ...` after `input.`).
      if ((g || group) && pairs.length) breaks.add(pairs.length);
      pairs.push(pairOf(name, name));
    }
    group = g;
  }
  return { pairs, breaks };
}

/**
 * `Flags: X - disabled, I - invalid; D - dynamic `: every flag of the menu, its groups
 * wrapped whole at the terminal's width, a line broken after a group's `;`.
 */
function detailLegend(layout: Layout, upper: boolean, width: number): string[] {
  const groups = legendGroups(layout.flags.map((g) => [...g]), upper);
  if (!groups.length) return [];
  const lines: string[] = [];
  let cur = 'Flags:';
  groups.forEach((g, i) => {
    const text = g + (i < groups.length - 1 ? ';' : '');
    if (cur !== 'Flags:' && cur.length + 1 + text.length >= width) { lines.push(cur); cur = text; } else cur = `${cur} ${text}`;
  });
  lines.push(cur + ' ');
  return lines;
}

function formatDetail(menu: Menu, layout: Layout, rows: readonly Reply[], opts: PrintOptions): string[] {
  const width = opts.width ?? WIDTH;
  const out = opts.bare ? [] : detailLegend(layout, opts.upperLegend ?? true, width);
  const flags = flagColumns(layout, rows, false);
  const nums = numbers(layout, rows, opts);
  // The number column stays where a menu numbers some records and none of these is (a
  // dynamic route's `   DAv   dst-address=...`).
  const numberWidth = layout.numbered === false ? 0 : Math.max(2, ...nums.map((n) => n?.length ?? 0));
  const head = (i: number) => (nums[i] ?? '').padStart(numberWidth) + ' ' + (flags.groups.length ? flags.cell(rows[i]) + ' ' : '');
  // Without numbers the lines after the first start one column further in (a real 7.x
  // /routing/route print detail: ` Ab   afi=ip4 ...` then `       distance=...`, 59.4).
  const indent = ' '.repeat(numberWidth + 1 + (flags.groups.length ? flags.groups.length + 1 : 0) + (layout.numbered === false ? 1 : 0));
  rows.forEach((r, i) => {
    const names = fieldsOf(menu, layout, r, opts);
    const { pairs, breaks } = grouped(names, (f, shownAs) => pair(menu, layout, f, r[f], shownAs), layout.words);
    const first = head(i);
    if (r.comment) out.push(`${first};;; ${r.comment}`);
    const lines = wrapPairs(pairs, r.comment ? indent : first, indent, width, breaks);
    if (!r.comment || pairs.length) out.push(...lines);
    if (i < rows.length - 1) out.push('');
  });
  return out;
}

/**
 * Pairs on lines of at most `limit` characters, each pair followed by a space: print detail
 * fills a line to the terminal's width (a real 7.x keeps a 79-character line and wraps
 * `connection-state=established,related,untracked` off a line it would take to 80, on 80
 * columns: routeros-facts.md 43.3).
 */
export function wrapPairs(pairs: readonly string[], first: string, indent: string, limit: number, breaks?: ReadonlySet<number>): string[] {
  const out: string[] = [];
  let line = first;
  let empty = true;
  for (const [i, p] of pairs.entries()) {
    if (!empty && (line.length + p.length + 1 > limit || breaks?.has(i))) { out.push(line); line = indent; }
    line += p + ' ';
    empty = false;
  }
  out.push(line);
  return out;
}

function formatTerse(menu: Menu, layout: Layout, rows: readonly Reply[], opts: PrintOptions): string[] {
  const flags = flagColumns(layout, rows, false);
  const nums = numbers(layout, rows, opts);
  const numbered = nums.some((n) => n !== undefined);
  const numberWidth = numbered ? Math.max(2, ...nums.map((n) => n?.length ?? 0)) : 0;
  return rows.map((r, i) => {
    const pairs = fieldsOf(menu, layout, r, opts).map((f) => `${f}=${shown(menu, f, r[f])}`);
    if (r.comment) pairs.unshift(`comment=${r.comment}`);
    return (numbered ? (nums[i] ?? '').padStart(numberWidth) + ' ' : '') + (flags.groups.length ? flags.cell(r) + ' ' : '') + pairs.join(' ');
  });
}

/**
 * `print value-list`: one line per property, `name: value` from the line's start (the manual's
 * `/snmp community print value-list`: `name: public`, `address: 0.0.0.0/0`), the records'
 * values side by side, each in a column two spaces wider than its longest value.
 */
export function formatValueList(menu: Menu, rows: readonly Reply[], opts: PrintOptions = {}): string[] {
  const layout = layoutOf(menu);
  const names: string[] = [];
  for (const r of rows) for (const f of fieldsOf(menu, layout, r, opts)) if (!names.includes(f)) names.push(f);
  if (rows.some((r) => r.comment)) names.unshift('comment');
  const value = (r: Reply, n: string) => (n === 'comment' ? r.comment ?? '' : shown(menu, n, r[n]));
  const widths = rows.map((r) => Math.max(0, ...names.map((n) => value(r, n).length)));
  return names.map((n) => `${n}: ` + rows.map((r, i) => (i < rows.length - 1 ? value(r, n).padEnd(widths[i]) : value(r, n))).join('  '));
}

/**
 * The print of a menu without records: `name: value`, names right-aligned two columns in from
 * the longest (`  write-sect-since-reboot: 83` under `                   uptime: 1h10m4s`,
 * `  name: MikroTik`: real 7.x prints, routeros-facts.md 31.4).
 */
export function formatSettings(menu: Menu, record: Reply): string[] {
  if (menu.decl.consoleForm === 'assignments') return Object.keys(record).map((n) => `${JSON.stringify(n)}=${record[n]}`);
  const names = orderedFields(menu, layoutOf(menu), record);
  const width = Math.max(6, 2 + Math.max(0, ...names.map((n) => n.length)));
  return names.map((n) => `${n.padStart(width)}: ${shown(menu, n, record[n])}`.replace(/ +$/, ''));
}

/** Records of a command that is not a print (`monitor`): one `name: value` block each, or side by side when several come at once. */
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
