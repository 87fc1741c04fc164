// What the generic commands share: reading user input into a record (validate), showing a
// record as a reply (view), and finding records by the console's `numbers`.

import { ValueError, ambiguousValue, failure, missingArgument, noMatch, noSuchItem, unknownParameter } from './errors.js';
import type { Environment, FieldDecl, Menu, Reference, Reply, Session } from './schema.js';
import { formatId, parseId, type Row } from './store.js';

/** Arguments of add/set that are not fields. */
const RECORD_WORDS = new Set(['numbers', 'place-before', 'copy-from', '.id']);

export function inVariant(menu: Menu, row: Row): boolean {
  const v = menu.decl.variant;
  if (!v) return true;
  for (const k in v) if (row.values[k] !== v[k]) return false;
  return true;
}

/** Reads one user value of a field into its stored form. */
export function readValue(env: Environment, menu: Menu, name: string, field: FieldDecl, input: string): string {
  const ref = field.ref;
  if (ref) {
    // What the router prints it takes back: an unset reference whose default is "" (a DHCP
    // network's `dhcp-option-set=""` in verbose exports), an empty list.
    if (input === '' && (field.default === '' || ref.list)) return input;
    return ref.list ? input.split(',').map((one) => readReference(env, name, ref, one)).join(',') : readReference(env, name, ref, input);
  }
  try {
    return field.type.parse(input);
  } catch (e) {
    if (e instanceof ValueError) throw e.forArgument(name);
    throw e;
  }
}

/** One name (or id, or word) of a reference in its stored form: the record's id. */
function readReference(env: Environment, name: string, ref: Reference, input: string): string {
  let negated = '';
  if (ref.negatable && input.startsWith('!')) { negated = '!'; input = input.slice(1); }
  if (ref.words?.includes(input)) return negated + input;
  const table = env.store.table(ref.table);
  let row = table.byKey.get(input);
  if (!row) { const id = parseId(input); if (id !== undefined) row = table.get(id); }
  if (row && ref.where && Object.entries(ref.where).some(([k, v]) => row!.values[k] !== v)) row = undefined;
  if (!row) {
    for (const other of ref.orNames ?? []) {
      const found = env.store.table(other).rows.find((r) => r.values.name === input);
      if (found) return negated + other + formatId(found.id);
    }
    return negated + beginning(env, name, ref, input);
  }
  return negated + formatId(row.id);
}

/**
 * A name given by its beginning (`interface=eth` for the one ether), as the router reads
 * every face's names: one match is that record, several are ambiguous (docs/routeros-facts.md
 * 41). The empty value begins every name: ambiguous where there are several.
 */
function beginning(env: Environment, name: string, ref: Reference, input: string): string {
  const found: string[] = (ref.words ?? []).filter((w) => w.startsWith(input));
  const table = env.store.table(ref.table);
  const key = table.keyField ?? 'name';
  for (const r of table.rows) {
    const n = r.values[key];
    if (n === undefined || !n.startsWith(input)) continue;
    if (ref.where && Object.entries(ref.where).some(([k, v]) => r.values[k] !== v)) continue;
    found.push(formatId(r.id));
  }
  for (const other of ref.orNames ?? []) {
    for (const r of env.store.table(other).rows) if (r.values.name?.startsWith(input)) found.push(other + formatId(r.id));
  }
  if (found.length > 1) throw ambiguousValue(name);
  if (found.length === 0 || input === '') throw noMatch(name);
  return found[0];
}

/**
 * The record a stored reference names: `*7` one of the reference's own table, `ip/vrf*1` one of
 * a table it also takes (Reference.orNames); undefined for a word (`all`, `none`).
 */
export function referenced(ref: Reference, stored: string): { table: string; id: number } | undefined {
  const body = stored.startsWith('!') ? stored.slice(1) : stored;
  const star = body.indexOf('*');
  if (star < 0) return undefined;
  const id = parseId(body.slice(star));
  return id === undefined ? undefined : { table: star ? body.slice(0, star) : ref.table, id };
}

/** Shows a stored value: references by their target's current name (or its id when gone). */
export function showValue(env: Environment, field: FieldDecl, stored: string): string {
  const ref = field.ref;
  if (!ref || stored === '') return stored;
  return ref.list ? stored.split(',').map((one) => showReference(env, ref, one)).join(',') : showReference(env, ref, stored);
}

function showReference(env: Environment, ref: Reference, stored: string): string {
  const target = referenced(ref, stored);
  if (!target) return stored;
  return (stored.startsWith('!') ? '!' : '') + (env.nameOf(target.table, target.id) ?? formatId(target.id));
}

/** Each menu's fields that name records of other tables (asked on every print of `invalid`). */
const referenceFields = new WeakMap<Menu, readonly (readonly [string, FieldDecl & { ref: Reference }])[]>();

function referencesOf(menu: Menu) {
  let list = referenceFields.get(menu);
  if (!list) {
    list = [...menu.fields].filter((e): e is [string, FieldDecl & { ref: Reference }] => e[1].ref !== undefined);
    referenceFields.set(menu, list);
  }
  return list;
}

/** True when a reference of the row points at a record that no longer exists. */
export function hasDanglingReference(env: Environment, menu: Menu, row: Row): boolean {
  for (const [name, field] of referencesOf(menu)) {
    const stored = row.values[name];
    if (!stored || field.ref.validWhenGone) continue;
    for (const one of field.ref.list ? stored.split(',') : [stored]) {
      const target = referenced(field.ref, one);
      if (target && !env.store.table(target.table).get(target.id)) return true;
    }
  }
  return false;
}

export function canSee(field: FieldDecl, session: Session): boolean {
  if (field.secret === 'password') return false;
  if (field.secret === 'sensitive') return session.policies.has('sensitive');
  return true;
}

/**
 * A row as the router shows it: '.id' first, then every field that has a value (set,
 * default or derived) in alphabetical order. `fields` narrows to a .proplist.
 */
export function view(env: Environment, menu: Menu, row: Row, session: Session, fields?: ReadonlySet<string>): Reply {
  const out: Reply = {};
  if (menu.decl.kind === 'table' && (!fields || fields.has('.id'))) out['.id'] = formatId(row.id);
  for (const name of menu.order) {
    if (fields && !fields.has(name)) continue;
    const field = menu.fields.get(name)!;
    if (!canSee(field, session)) continue;
    let value: string | undefined;
    if (field.derive) value = field.derive(row, env, session);
    else {
      const stored = row.values[name];
      value = stored === undefined ? field.default : showValue(env, field, stored);
    }
    if (value !== undefined) out[name] = value;
  }
  return out;
}

/** One value of a row as shown, for queries and `get`. */
export function shownValue(env: Environment, menu: Menu, row: Row, name: string): string | undefined {
  if (name === '.id') return formatId(row.id);
  const field = menu.fields.get(name);
  if (!field) return undefined;
  if (field.derive) return field.derive(row, env);
  const stored = row.values[name];
  return stored === undefined ? field.default : showValue(env, field, stored);
}

/** The records a menu shows, in its order (see MenuDecl.rows), to `session` when given. */
export function menuRows(env: Environment, menu: Menu, session?: Session): readonly Row[] {
  const stored = env.store.table(menu.table).rows;
  return menu.decl.rows ? menu.decl.rows(env, stored, session) : stored;
}

/** The records a `numbers` argument names: ids and names, comma-separated. */
export function findRows(env: Environment, menu: Menu, numbers: string | undefined, session?: Session): Row[] {
  if (numbers === undefined || numbers === '') throw missingArgument('numbers');
  const rows: Row[] = [];
  for (const word of numbers.split(',')) {
    const row = findRow(env, menu, word.trim(), session);
    if (!row) throw noSuchItem();
    if (!rows.includes(row)) rows.push(row);
  }
  return rows;
}

/** The record one item of a `numbers` argument names (an id, or a name where records have one). */
export function findRow(env: Environment, menu: Menu, item: string, session?: Session): Row | undefined {
  const table = env.store.table(menu.table);
  let row: Row | undefined;
  const id = parseId(item);
  if (id !== undefined) row = table.get(id) ?? (menu.decl.rows ? menuRows(env, menu, session).find((r) => r.id === id) : undefined);
  else if (menu.decl.key) row = table.byKey.get(keyOf(env, menu, item));
  return row && inVariant(menu, row) ? row : undefined;
}

/**
 * The stored form of a name in `numbers`: a key that names a record elsewhere (a port's own
 * record named by the port, /system/resource/irq/rps) is kept as that record's id, so that a
 * rename follows through; the name is looked up there first.
 */
function keyOf(env: Environment, menu: Menu, item: string): string {
  const ref = menu.fields.get(menu.decl.key!)?.ref;
  if (!ref) return item;
  const target = env.store.table(ref.table).byKey.get(item);
  return target ? formatId(target.id) : item;
}

/**
 * Applies user arguments to a record's values: every name must be a writable field of the
 * menu (`!name` unsets it), every value must read as the field's type. Returns the new
 * stored values; does not store them.
 */
export function applyArgs(env: Environment, menu: Menu, base: Record<string, string>, args: Record<string, string>, creating: boolean): Record<string, string> {
  const next = { ...base };
  for (const [rawName, input] of Object.entries(args)) {
    if (RECORD_WORDS.has(rawName)) continue;
    const unset = rawName.startsWith('!');
    const name = unset ? rawName.slice(1) : rawName;
    const field = menu.fields.get(name);
    if (!field || field.readOnly || (field.createOnly && !creating)) throw unknownParameter(name);
    if (unset) {
      if (field.required) throw failure(`can not unset ${name}`);
      delete next[name];
      continue;
    }
    if (input === '' && dropsWhenEmptied(field)) { delete next[name]; continue; }
    next[name] = readValue(env, menu, name, field, input);
  }
  return next;
}

/**
 * An emptied text that has no default is no value: the router drops it from print
 * (`comment=""` leaves no comment), as Ansible's `comment: null` expects. Addresses keep an
 * empty value (real exports write a blackhole route's `gateway=""`), and a name refuses one.
 */
export function dropsWhenEmptied(field: FieldDecl): boolean {
  if (field.default !== undefined || field.required || field.ref || field.flag || field.type.name !== 'string') return false;
  try { return field.type.parse('') === ''; } catch { return false; }
}

/** Checks required fields and uniqueness of a record about to be stored. */
export function checkRecord(env: Environment, menu: Menu, values: Record<string, string>, self?: Row) {
  for (const name of menu.required) if (values[name] === undefined) throw missingArgument(name);
  const table = env.store.table(menu.table);
  const key = menu.decl.key;
  if (key && values[key] !== undefined) {
    const other = table.byKey.get(values[key]);
    if (other && other !== self) throw failure(menu.decl.duplicateKey ?? 'already have such name');
  }
  for (const fields of menu.decl.unique ?? []) {
    for (const row of table.lookup(uniqueIndexName(menu, fields), values)) {
      if (row !== self && inVariant(menu, row)) throw failure('already have such entry');
    }
  }
}

/** The store index behind one `unique` field set of a menu (see Engine.declare). */
export const uniqueIndexName = (menu: Menu, fields: readonly string[]) => `${menu.path}:${fields.join(',')}`;

/** The index key of a `unique` field set: unset fields count as their default. */
export function uniqueKey(menu: Menu, fields: readonly string[]): (values: Record<string, string>) => string {
  const defaults = fields.map((f) => menu.fields.get(f)?.default);
  return (values) => fields.map((f, i) => values[f] ?? defaults[i] ?? '\u0001').join('\u0000');
}
