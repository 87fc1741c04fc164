// `export`: the configuration as a script that rebuilds it, in the router's own text form.
// It reads only the menus' declarations and the stored records:
//
//   # 2026-06-02 10:15:31 by RouterOS 7.24
//   # software id = ...
//   /interface bridge
//   add admin-mac=D4:01:C3:00:00:02 auto-mac=no comment=defconf name=bridge
//   /ip firewall filter
//   add action=accept chain=input comment=\
//       "defconf: accept established,related,untracked" connection-state=\
//       established,related,untracked
//
// One section per menu in the router's order; `add` for a record a user made, `set` for a
// record the router has by itself (an Ethernet port: `set [ find default-name=ether1 ]`, a
// service: `set telnet`, a menu without records: `set`); only values that differ from the
// default (all with `verbose`); arguments in alphabetical order; booleans as yes/no; lines
// wrapped at the router's width with ` \` (see `wrap`). Passwords never appear; values of
// fields marked `sensitive` only with `show-sensitive` for a user who has the policy.

import type { Engine } from '../core/engine.js';
import { inVariant, referenced, showValue } from '../core/records.js';
import type { FieldDecl, Menu, Session } from '../core/schema.js';
import { parseId, type Row } from '../core/store.js';

/** How a record a blank router has too is named in `set` (or left out). */
/** A record the router has by itself, exported as `set <ident>`; `always` names values every such line shows. */
export type Builtin = { ident: string; defaults?: Record<string, string>; always?: readonly string[] } | 'skip';

/** What only the menus know about exporting their records. */
export interface ExportHints {
  /** Comment lines at the top (without the date line). */
  header: string[];
  /** `YYYY-MM-DD HH:MM:SS` of now, for the first header line. */
  now(): string;
  /** RouterOS version for the header, e.g. `7.24`. */
  version: string;
  /** A record the router makes itself: how `set` names it, its own defaults; or 'skip'. */
  builtin(menu: Menu, row: Row): Builtin | undefined;
  /** Values the router stores although vrouter computes them (`/ip address network`). */
  storedDerived: Record<string, readonly string[]>;
  /** Values exported even when they are the default (a firewall rule's `action`). */
  always: Record<string, readonly string[]>;
  /** Values export writes where the record has none (a DNS record's `type=A`), by menu and field. */
  written?: Record<string, Readonly<Record<string, (row: Row) => string | undefined>>>;
  /** Menus that have an `export` (the 7.24 tree's). */
  exports(menu: Menu): boolean;
  /** The router's order of menus (paths like `ip/address`); menus it lacks keep the reference rule's place. */
  order?: readonly string[];
}

export interface ExportOptions {
  /** The menu path exported with everything below it; '' is the whole configuration. */
  path: string;
  verbose?: boolean;
  terse?: boolean;
  /** Secrets shown: `show-sensitive` given by a user who has the `sensitive` policy. */
  sensitive?: boolean;
  /** `export where ...`: keeps only the records it accepts. */
  where?: (menu: Menu, row: Row) => boolean | Promise<boolean>;
}

/** Longest line content before the ` \` of a wrapped line (real exports; see `wrap`). */
const WIDTH = 77;

/** Lines are joined into pieces of about this many characters as they come. */
const PIECE = 64 * 1024;

export async function exportConfig(engine: Engine, session: Session, hints: ExportHints, options: ExportOptions): Promise<string> {
  // Lines go into pieces of about 64 KiB as they are made: 100,000 records never exist as
  // 100,000 line strings at once, which would outlive the young generation and be left to
  // the old one's collector.
  const pieces: string[] = [];
  let lines: string[] = [`# ${hints.now()} by RouterOS ${hints.version}`, ...hints.header];
  let size = 0;
  const out = (line: string) => {
    lines.push(line);
    size += line.length + 1;
    if (size >= PIECE) { pieces.push(lines.join('\n')); lines = []; size = 0; }
  };
  let section = '';
  const emit = (menu: Menu, l: Line) => {
    const header = '/' + menu.path.split('/').join(' ');
    if (options.terse) return out(`${header} ${l.join(' ')}`);
    if (header !== section) { out(header); section = header; }
    for (const text of wrap(l)) out(text);
  };
  // A record that names a record of a menu not written yet waits, and is written right after
  // that menu under its own header again, as the router does (src/menus/export-order.ts).
  const menus = exportedMenus(engine, hints, options.path);
  const waiting = new Waiting(engine, menus, hints);
  for (const menu of menus) {
    await menuLines(engine, menu, session, hints, options, (l) => emit(menu, l), (row) => waiting.holds(menu, row));
    waiting.done(menu);
    for (const [m, row] of waiting.ready()) rowLines(engine, m, row, hints.builtin(m, row), session, hints, options, (l) => emit(m, l));
  }
  for (const [m, row] of waiting.rest()) rowLines(engine, m, row, hints.builtin(m, row), session, hints, options, (l) => emit(m, l));
  // The last line ends with a newline too; one join makes the text (no copy after it).
  lines.push('');
  pieces.push(lines.join('\n'));
  return pieces.join('\n');
}

/** The menus an export of `path` covers, in the router's order. */
export function exportedMenus(engine: Engine, hints: ExportHints, path: string): Menu[] {
  const all = [...engine.allMenus()];
  const variantTables = new Set(all.filter((m) => m.decl.variant).map((m) => m.table));
  const byReference = afterWhatTheyName(all.filter((m) => {
    if (m.decl.kind === 'dir' || !hints.exports(m)) return false;
    if (path !== '' && m.path !== path && !m.path.startsWith(path + '/')) return false;
    // `/interface` shows every interface; its records are exported by the menu of their kind.
    if (!m.decl.variant && variantTables.has(m.table)) return false;
    return true;
  }));
  return inRouterOrder(byReference, hints.order ?? []);
}

/**
 * The menus in the router's order; a menu the order lacks goes right after the menu it
 * follows in the reference order (or first, when it follows none of them).
 */
function inRouterOrder(byReference: readonly Menu[], order: readonly string[]): Menu[] {
  const rank = new Map(order.map((p, i) => [p, i]));
  const known = byReference.filter((m) => rank.has(m.path)).sort((a, b) => rank.get(a.path)! - rank.get(b.path)!);
  const after = new Map<Menu | undefined, Menu[]>();
  let last: Menu | undefined;
  for (const m of byReference) {
    if (rank.has(m.path)) { last = m; continue; }
    after.set(last, [...(after.get(last) ?? []), m]);
  }
  const out = [...(after.get(undefined) ?? [])];
  for (const m of known) out.push(m, ...(after.get(m) ?? []));
  return out;
}

/**
 * The records that wait for a menu written later: a record naming (by `ref` or by name) a
 * record of a menu of this export not written yet. Records of its own menu do not count:
 * the menu's order keeps those (a VLAN on a VLAN).
 */
class Waiting {
  private readonly position = new Map<Menu, number>();
  private readonly byTable = new Map<string, Menu[]>();
  private written = new Set<Menu>();
  private readonly held: { menu: Menu; row: Row; on: Set<Menu> }[] = [];

  constructor(private readonly engine: Engine, menus: readonly Menu[], private readonly hints: ExportHints) {
    menus.forEach((m, i) => {
      this.position.set(m, i);
      this.byTable.set(m.table, [...(this.byTable.get(m.table) ?? []), m]);
    });
  }

  /** True when the record must wait; it is then kept to be written later. */
  holds(menu: Menu, row: Row): boolean {
    const on = new Set<Menu>();
    for (const [name, field] of menu.fields) {
      const value = row.values[name];
      if (value === undefined || value === '' || field.readOnly) continue;
      if (field.ref) {
        for (const word of value.split(',')) {
          const named = referenced(field.ref, word);
          const target = named && this.engine.store.table(named.table).get(named.id);
          if (target) this.waitFor(menu, named.table, target, on);
        }
      }
    }
    if (on.size === 0) return false;
    this.held.push({ menu, row, on });
    return true;
  }

  private waitFor(menu: Menu, table: string, target: Row, on: Set<Menu>) {
    if (target.dynamic) return;
    const owner = (this.byTable.get(table) ?? []).find((m) => inVariant(m, target));
    if (!owner || owner === menu || this.written.has(owner)) return;
    if (this.position.get(owner)! < this.position.get(menu)!) return;
    // The router's own records (the default wireless security profile, the board's ports)
    // are there before any line of the script runs: naming one makes nothing wait, which is
    // why real exports write `/interface wireless` before its security profiles.
    if (this.hints.builtin(owner, target) !== undefined) return;
    on.add(owner);
  }

  done(menu: Menu) { this.written.add(menu); }

  /** Whatever still waits (nothing, as every menu waited for is written). */
  rest(): [Menu, Row][] { return this.held.splice(0).map((h) => [h.menu, h.row]); }

  /** The waiting records whose menus are all written now, in the order they came. */
  *ready(): Generator<[Menu, Row]> {
    for (let i = 0; i < this.held.length;) {
      const h = this.held[i];
      if ([...h.on].every((m) => this.written.has(m))) {
        this.held.splice(i, 1);
        yield [h.menu, h.row];
      } else i++;
    }
  }
}

/**
 * The menus in declaration order, except that a menu whose records name records of another
 * table (a bridge port its interface, an address its interface) comes after every menu of
 * that table, as the router's exports do (/interface wireguard before /interface list
 * member): an export imports again without naming what is not there yet.
 */
function afterWhatTheyName(menus: readonly Menu[]): Menu[] {
  const byTable = new Map<string, Menu[]>();
  for (const m of menus) byTable.set(m.table, [...(byTable.get(m.table) ?? []), m]);
  // An interface built on another (a VLAN's or VRRP's `interface`, a VRF's) comes after
  // the kinds that stand alone; a bridge's optional `mlag-peer-port` does not put the
  // bridge after the tunnels, which would pull what they name (PPP profiles, lists) first.
  const ON = new Set(['interface', 'master-interface']);
  const onOwnTable = (m: Menu, name: string, f: FieldDecl) => f.ref?.table === m.table && (f.required === true || ON.has(name));
  const namesOwnTable = (m: Menu) => [...m.fields].some(([name, f]) => onOwnTable(m, name, f));
  const out: Menu[] = [];
  const state = new Map<Menu, 'busy' | 'done'>();
  const visit = (m: Menu) => {
    if (state.has(m)) return; // done, or a cycle: declaration order decides
    state.set(m, 'busy');
    for (const [name, field] of m.fields) {
      if (!field.ref) continue;
      // A kind of interface on another interface (a VLAN) comes after the kinds that stand alone.
      const own = field.ref.table === m.table;
      if (own && !onOwnTable(m, name, field)) continue;
      for (const target of byTable.get(field.ref.table) ?? []) if (!own || !namesOwnTable(target)) visit(target);
      for (const table of field.ref.orNames ?? []) for (const target of byTable.get(table) ?? []) visit(target);
    }
    state.set(m, 'done');
    out.push(m);
  };
  for (const m of menus) visit(m);
  return out;
}

/** A record's words: the command (`add`, `set ether1`) and its `name=value` arguments. */
type Line = string[];

async function menuLines(engine: Engine, menu: Menu, session: Session, hints: ExportHints, options: ExportOptions, emit: (line: Line) => void, holds: (row: Row) => boolean): Promise<void> {
  const rows = engine.store.table(menu.table).rows;
  if (menu.decl.kind === 'settings') {
    const row = rows.find((r) => !r.dynamic && inVariant(menu, r));
    const args = row ? values(engine, menu, row, session, hints, options, undefined) : options.verbose ? defaultsOnly(menu) : [];
    if (args.length) emit(['set', ...args]);
    return;
  }
  // `where` runs script code between rows: walk a copy, as other requests may change the table.
  for (const row of options.where ? [...rows] : rows) {
    if (row.dynamic || !inVariant(menu, row)) continue;
    if (options.where && !(await options.where(menu, row))) continue;
    const builtin = hints.builtin(menu, row);
    if (builtin === 'skip' || holds(row)) continue;
    rowLines(engine, menu, row, builtin, session, hints, options, emit);
  }
}

/** The line of one record: `add ...`, or `set <ident> ...` for one the router has by itself. */
function rowLines(engine: Engine, menu: Menu, row: Row, builtin: Builtin | undefined, session: Session, hints: ExportHints, options: ExportOptions, emit: (line: Line) => void): void {
  if (builtin === 'skip') return;
  const args = values(engine, menu, row, session, hints, options, builtin?.defaults ?? (builtin ? {} : undefined), builtin?.always);
  if (builtin) {
    if (args.length) emit([`set ${builtin.ident}`, ...args]);
  } else {
    emit(['add', ...args]);
  }
}

function canExport(field: FieldDecl, session: Session, options: ExportOptions): boolean {
  if (field.readOnly || field.secret === 'password') return false;
  if (field.secret === 'sensitive') return !!options.sensitive && session.policies.has('sensitive');
  return true;
}

/**
 * `name=value` words of a record. `builtinDefaults` (a built-in record's own first values)
 * is the baseline for a built-in record; field defaults for the others.
 */
function values(engine: Engine, menu: Menu, row: Row, session: Session, hints: ExportHints, options: ExportOptions, builtinDefaults: Record<string, string> | undefined, builtinAlways: readonly string[] = []): string[] {
  const out: string[] = [];
  const derivedKept = hints.storedDerived[menu.path] ?? [];
  const always = builtinDefaults ? builtinAlways : hints.always[menu.path] ?? [];
  const written = hints.written?.[menu.path];
  for (const name of menu.order) {
    const field = menu.fields.get(name)!;
    if (!canExport(field, session, options)) continue;
    if (menu.decl.variant && name in menu.decl.variant) continue;
    // A record the router has is `set`, which takes no field that only `add` takes (orig-mac-address).
    if (builtinDefaults && field.createOnly) continue;
    let stored: string | undefined = row.values[name];
    if (stored === undefined && field.derive && (derivedKept.includes(name) || options.verbose)) stored = field.derive(row, engine);
    if (stored === undefined && (options.verbose || always.includes(name))) stored = field.default;
    const implied = stored === undefined ? written?.[name]?.(row) : undefined;
    if (implied !== undefined) { out.push(`${name}=${formatValue(field, implied)}`); continue; }
    if (stored === undefined) continue;
    if (field.flag) {
      if (stored === '' || stored === 'true') out.push(name);
      continue;
    }
    // A value stored that the router would work out anyway (a port's MAC set to its own) is no setting.
    const natural = field.derive && row.values[name] !== undefined && !derivedKept.includes(name) ? field.derive({ ...row, values: withoutKey(row.values, name) }, engine) : undefined;
    const baseline = builtinDefaults?.[name] ?? field.default ?? natural;
    // A reference's default is the name of what it names (a logging rule's action=memory).
    const same = stored === baseline || (field.ref !== undefined && baseline !== undefined && showValue(engine, field, stored) === baseline);
    if (!options.verbose && same && !always.includes(name)) continue;
    out.push(`${name}=${formatValue(field, field.derive && row.values[name] === undefined ? stored : showValue(engine, field, stored))}`);
  }
  return out;
}

function withoutKey(values: Record<string, string>, key: string): Record<string, string> {
  const { [key]: _gone, ...rest } = values;
  return rest;
}

function defaultsOnly(menu: Menu): string[] {
  const out: string[] = [];
  for (const name of menu.order) {
    const field = menu.fields.get(name)!;
    if (field.readOnly || field.secret || field.default === undefined) continue;
    out.push(`${name}=${formatValue(field, field.default)}`);
  }
  return out;
}

/** A value as export writes it: yes/no for booleans, quoted when it needs to be. */
export function formatValue(field: FieldDecl | undefined, value: string): string {
  if (field?.type.name === 'boolean') {
    if (value === 'true') return 'yes';
    if (value === 'false') return 'no';
  }
  return quote(field?.type.exported?.(value) ?? value);
}

/** Unquoted when every character is one the console reads back as part of a word. */
const PLAIN = /^[A-Za-z0-9_.:/,!@*+%&^~<>|'-]+$/;

export function quote(value: string): string {
  if (PLAIN.test(value) && !value.startsWith('#')) return value;
  let s = '"';
  for (const b of Buffer.from(value, 'utf8')) {
    const c = String.fromCharCode(b);
    if (c === '"' || c === '\\' || c === '$' || c === '?') s += '\\' + c;
    else if (c === '\n') s += '\\n';
    else if (c === '\r') s += '\\r';
    else if (c === '\t') s += '\\t';
    else if (b < 0x20 || b >= 0x7f) s += '\\' + b.toString(16).toUpperCase().padStart(2, '0');
    else s += c;
  }
  return s + '"';
}

/**
 * Breaks a command line as the router does (measured on real 7.x exports): arguments are
 * added while the line stays within 77 characters; an argument that does not fit goes to a
 * new line indented by four spaces, after ` \`, or, when its `name=` still fits, the break
 * comes right after the `=` (`connection-state=\` then `    invalid`). A quoted value too long
 * for a line is cut inside the quotes with `\`, and before every `\n` in it (scripts keep
 * their line structure); the reader joins such lines back without their indent.
 */
export function wrap(words: Line): string[] {
  const lines: string[] = [];
  let cur = words[0];
  const INDENT = '    ';
  const fresh = () => cur === INDENT;
  const newLine = (trailer: string) => { lines.push(cur + trailer); cur = INDENT; };
  for (const word of words.slice(1)) {
    const eq = word.indexOf('=');
    const name = word.slice(0, eq + 1);
    let value = word.slice(eq + 1);
    // A bare value longer than a line is quoted, so that it can be cut inside the quotes.
    if (!value.startsWith('"') && INDENT.length + value.length > WIDTH) value = `"${value}"`;
    const w = name + value;
    const sep = fresh() ? '' : ' ';
    // A script keeps its lines: its value starts here and breaks before every `\n`.
    if (value.startsWith('"') && value.includes('\\n')) {
      if (!fresh() && cur.length + 1 + name.length + 1 > WIDTH) newLine(' \\');
      cur += (fresh() ? '' : ' ') + name;
      appendString(value);
      continue;
    }
    if (cur.length + sep.length + w.length <= WIDTH) { cur += sep + w; continue; }
    if (eq > 0 && !fresh() && cur.length + 1 + name.length <= WIDTH) {
      cur += ' ' + name;
      newLine('\\');
    } else {
      if (!fresh()) newLine(' \\');
      if (INDENT.length + w.length <= WIDTH || eq < 0) { cur += w; continue; }
      cur += name;
      if (cur.length + value.length > WIDTH) newLine('\\');
    }
    if (cur.length + value.length <= WIDTH || !value.startsWith('"')) cur += value;
    else appendString(value);
  }
  lines.push(cur);
  return lines;

  function appendString(value: string) {
    // Tokens: escape sequences stay whole; a `\n` escape starts a new line.
    const tokens = value.match(/\\[0-9A-F]{2}|\\.|[^\\]/g) ?? [];
    for (const t of tokens) {
      if (t === '\\n' && cur.trim() !== '' && !/^ {4}$/.test(cur)) newLine('\\');
      if (cur.length + t.length > WIDTH - 1) newLine('\\');
      // The console drops the blanks that start a continued line: such a blank is written `\_`.
      cur += t === ' ' && cur === '    ' ? '\\_' : t;
    }
  }
}
