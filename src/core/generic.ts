// The commands every menu of records (or of settings) has, written once against the
// declaration: print, get, find, add, set, remove, enable, disable, comment, move, unset.

import { CommandError, failure, missingArgument, noSuchCommand, unknownParameter } from './errors.js';
import { compileQuery } from './query.js';
import { applyArgs, canSee, checkRecord, dropsWhenEmptied, findRows, inVariant, menuRows, readValue, shownValue, view } from './records.js';
import type { ArgDecl, CommandContext, CommandDecl, GenericCommand, Menu, MenuDecl, Policy, Reply } from './schema.js';
import { formatId, type Mutation, type Row } from './store.js';
import { durationToMs } from './values.js';
import type { Engine } from './engine.js';

export function defaultGeneric(kind: MenuDecl['kind']): readonly GenericCommand[] {
  switch (kind) {
    case 'table': return ['print', 'get', 'find', 'add', 'set', 'remove', 'enable', 'disable', 'comment', 'move', 'unset', 'reset'];
    case 'settings': return ['print', 'get', 'set', 'reset'];
    case 'dir': return [];
  }
}

const READS = new Set<GenericCommand>(['print', 'get', 'find', 'export']);

/** Options print takes besides .proplist and .query. */
const PRINT_OPTIONS = ['count-only', 'oid', 'detail', 'terse', 'brief', 'without-paging', 'as-value', 'from', 'show-ids', 'value-list'];

/** What a generic command's `args` are worked out from, and then the arguments. */
const MADE_OF = Symbol('generic command of');
type Generic = CommandDecl & { [MADE_OF]: [name: GenericCommand, decl: MenuDecl, args?: Record<string, ArgDecl>] };

/**
 * `args` of every generic command: one getter for all of them, which reads what the command is
 * made of from the command itself (a menu has a dozen generic commands, a release 450 menus).
 */
const ARGS: PropertyDescriptor = {
  enumerable: true,
  configurable: true,
  get(this: Generic) {
    const made = this[MADE_OF];
    if (!made[2]) {
      const [name, decl] = made;
      const args = argsOf(name, decl);
      const names = decl.argNames?.(name);
      if (names) for (const n of Object.keys(args)) if (!names.includes(n)) delete args[n];
      made[2] = args;
    }
    return made[2];
  },
};

/**
 * A generic command as a declaration of the menu: its policy and arguments come from the
 * menu, narrowed to those the router lists for it (MenuDecl.argNames). The arguments
 * are worked out when first asked for (inspect, the console): most of the ~400 menus never
 * are, and start-up should not pay for them.
 */
export function genericCommand(name: GenericCommand, decl: MenuDecl): CommandDecl {
  const policy: readonly Policy[] = READS.has(name) ? decl.readPolicy ?? ['read'] : decl.writePolicy ?? ['write'];
  const run = RUNS[name];
  if (!run) throw new Error(`menu /${decl.path}: generic command ${name} has no handler`);
  return Object.defineProperty({ policy, run, generic: true, [MADE_OF]: [name, decl] }, 'args', ARGS) as Generic;
}

function argsOf(name: GenericCommand, decl: MenuDecl): Record<string, ArgDecl> {
  const any: ArgDecl = { type: { name: 'string', parse: (s) => s, compare: (a, b) => (a < b ? -1 : a > b ? 1 : 0) } };
  const writable = Object.fromEntries(Object.entries(decl.fields ?? {})
    .filter(([, f]) => !f.readOnly)
    .map(([n, f]) => [n, { type: f.type }]));
  const numbers: Record<string, ArgDecl> = decl.kind === 'table' ? { numbers: any } : {};
  switch (name) {
    case 'print': return Object.fromEntries(PRINT_OPTIONS.map((o) => [o, { ...any, flag: o !== 'from' }]));
    case 'add': return { ...writable, 'copy-from': any, ...(decl.ordered ? { 'place-before': any } : {}) };
    case 'set': return { ...numbers, ...writable };
    case 'get': return { ...(decl.kind === 'table' ? { number: any } : {}), 'value-name': any };
    case 'comment': return { numbers: any, comment: any };
    case 'move': return { numbers: any, destination: any };
    case 'unset': return { numbers: any, 'value-name': any };
    case 'reset': return { ...numbers, ...Object.fromEntries(Object.keys(writable).map((n) => [n, { ...any, flag: true }])) };
    case 'find': return Object.fromEntries(Object.entries(decl.fields ?? {}).map(([n, f]) => [n, { type: f.type }]));
    default: return { numbers: any };
  }
}

function checkArgs(ctx: CommandContext, allowed: readonly string[]) {
  for (const name in ctx.args) if (!allowed.includes(name)) throw unknownParameter(name);
}

const engineOf = (ctx: CommandContext) => ctx.env as Engine;

/** The lifetime field of a menu (`timeout`), if it has one. */
function lifetimeField(menu: Menu): string | undefined {
  for (const [name, f] of menu.fields) if (f.lifetime) return name;
  return undefined;
}

/** Takes a lifetime value out of the values to store; returns its length in ms. */
function takeLifetime(menu: Menu, values: Record<string, string>): number | undefined {
  const name = lifetimeField(menu);
  if (!name || values[name] === undefined) return undefined;
  const ms = durationToMs(values[name]);
  delete values[name];
  return ms;
}

function* print(ctx: CommandContext): Generator<Reply, Reply | void> {
  const { env, menu, args, session } = ctx;
  checkArgs(ctx, PRINT_OPTIONS);
  if (menu.decl.kind === 'settings') {
    const row = settingsRow(ctx);
    if ('count-only' in args) return { ret: '1' };
    yield view(env, menu, row, session, proplistOf(ctx));
    return;
  }
  const types = (n: string) => menu.fields.get(n)?.type;
  const query = ctx.query?.length ? compileQuery(ctx.query, types) : undefined;
  let rows: readonly Row[] = menuRows(env, menu, session);
  if (args.from) rows = findRows(env, menu, args.from, session);
  const selected = (row: Row) => inVariant(menu, row) && (!query || query((n) => visibleValue(ctx, row, n)));
  if ('count-only' in args) {
    let n = 0;
    for (const row of rows) if (selected(row)) n++;
    return { ret: String(n) };
  }
  const fields = proplistOf(ctx);
  const oid = 'oid' in args;
  for (const row of rows) {
    if (!selected(row)) continue;
    yield oid ? oidView(menu, row, fields) : view(env, menu, row, session, fields);
  }
}

/**
 * A value as this caller may see it, for matching: a value hidden from print (a password, a
 * secret without `sensitive`) matches nothing, so `.query` cannot guess it piece by piece.
 */
function visibleValue(ctx: CommandContext, row: Row, name: string): string | undefined {
  const field = ctx.menu.fields.get(name);
  if (field && !canSee(field, ctx.session)) return undefined;
  return shownValue(ctx.env, ctx.menu, row, name);
}

function oidView(menu: Menu, row: Row, fields?: ReadonlySet<string>): Reply {
  const out: Reply = { '.id': formatId(row.id) };
  for (const name of menu.order) {
    const oid = menu.fields.get(name)!.oid;
    if (oid && (!fields || fields.has(name))) out[name] = `${oid}.${row.id}`;
  }
  return out;
}

function proplistOf(ctx: CommandContext): ReadonlySet<string> | undefined {
  return ctx.proplist?.length ? new Set(ctx.proplist) : undefined;
}

/** The one record of a settings menu, made on first use. */
function settingsRow(ctx: CommandContext): Row {
  const { store } = ctx.env;
  const table = store.table(ctx.menu.table);
  let row = table.rows[0];
  if (!row) {
    row = store.newRow(ctx.menu.table, {}, false);
    store.commit([{ op: 'insert', table: ctx.menu.table, row }]);
  }
  return row;
}

async function get(ctx: CommandContext): Promise<Reply> {
  const { env, menu, args, session } = ctx;
  checkArgs(ctx, menu.decl.kind === 'table' ? ['number', 'numbers', 'value-name'] : ['value-name']);
  const row = menu.decl.kind === 'table' ? findRows(env, menu, args.number ?? args.numbers, session)[0] : settingsRow(ctx);
  const name = args['value-name'];
  if (name === undefined) return view(env, menu, row, session) as Reply;
  const field = menu.fields.get(name);
  if (name !== '.id' && !field) throw new CommandError('argument', 'no such property');
  const shown = view(env, menu, row, session, new Set([name]))[name];
  return { ret: shown ?? '' };
}

async function find(ctx: CommandContext): Promise<Reply> {
  const { env, menu, args } = ctx;
  for (const name in args) if (!menu.fields.has(name)) throw unknownParameter(name);
  const ids: string[] = [];
  for (const row of menuRows(env, menu, ctx.session)) {
    if (!inVariant(menu, row)) continue;
    if (Object.entries(args).every(([n, v]) => visibleValue(ctx, row, n) === v)) ids.push(formatId(row.id));
  }
  return { ret: ids.join(';') };
}

async function add(ctx: CommandContext): Promise<Reply> {
  const { env, menu, args } = ctx;
  const decl = menu.decl;
  let base: Record<string, string> = {};
  if (args['copy-from'] !== undefined) {
    base = { ...findRows(env, menu, args['copy-from'])[0].values };
    if (decl.key) delete base[decl.key];
  }
  const values = applyArgs(env, menu, base, args, true);
  Object.assign(values, decl.variant);
  for (const [name, field] of menu.initial) if (values[name] === undefined) values[name] = field.initial!(env);
  const life = takeLifetime(menu, values);
  checkRecord(env, menu, values);
  decl.verify?.(values, env, undefined, ctx.session);
  let before: number | undefined;
  if (args['place-before'] !== undefined) {
    if (!decl.ordered) throw unknownParameter('place-before');
    before = findRows(env, menu, args['place-before'])[0].id;
  }
  const row = env.store.newRow(menu.table, values, life !== undefined, before);
  env.store.commit([{ op: 'insert', table: menu.table, row }]);
  if (life !== undefined) engineOf(ctx).lifetimes.set(menu.table, row.id, env.now() + life);
  return { ret: formatId(row.id) };
}

/** Stores new values for rows after checking each; all or nothing. */
function update(ctx: CommandContext, rows: readonly Row[], change: (row: Row) => Record<string, string>) {
  const { env, menu } = ctx;
  refuseComputed(ctx, rows);
  const plans = rows.map((row) => {
    const values = change(row);
    const life = takeLifetime(menu, values);
    checkRecord(env, menu, values, row);
    menu.decl.verify?.(values, env, row, ctx.session);
    return { row, values, life };
  });
  env.store.commit(plans.map(({ row, values }): Mutation => ({ op: 'update', table: menu.table, id: row.id, values })));
  for (const { row, life } of plans) {
    if (life !== undefined && row.dynamic) engineOf(ctx).lifetimes.set(menu.table, row.id, env.now() + life);
  }
}

/**
 * Records the router computes (connected routes) are not the user's to change. The words
 * are our best guess; no capture of the real refusal was found.
 */
function refuseComputed(ctx: CommandContext, rows: readonly Row[]) {
  const table = ctx.env.store.table(ctx.menu.table);
  if (rows.some((row) => table.get(row.id) === undefined)) throw failure('can not change dynamic entry');
}

async function set(ctx: CommandContext): Promise<void> {
  const { env, menu, args } = ctx;
  if (menu.decl.kind === 'settings') {
    if ('numbers' in args) throw unknownParameter('numbers');
    update(ctx, [settingsRow(ctx)], (row) => applyArgs(env, menu, row.values, args, false));
    return;
  }
  const rows = findRows(env, menu, args.numbers);
  update(ctx, rows, (row) => {
    const next = applyArgs(env, menu, row.values, args, false);
    // Set through a view of every kind (`/interface set ether1 l2mtu=...`): the record's own
    // kind menu checks what it declares, as a set there would (`/interface/ethernet`).
    const kind = engineOf(ctx).kindMenu(menu, row);
    if (kind) {
      for (const [name, input] of Object.entries(args)) {
        const field = kind.fields.get(name);
        if (field && !field.readOnly && !name.startsWith('!')) readValue(env, kind, name, field, input);
      }
      kind.decl.verify?.(next, env, row, ctx.session);
    }
    return next;
  });
}

async function remove(ctx: CommandContext): Promise<void> {
  const { env, menu, args } = ctx;
  checkArgs(ctx, ['numbers']);
  const rows = findRows(env, menu, args.numbers);
  refuseComputed(ctx, rows);
  for (const row of rows) menu.decl.canRemove?.(row, env);
  env.store.commit(rows.map((row): Mutation => ({ op: 'delete', table: menu.table, id: row.id })));
  for (const row of rows) engineOf(ctx).lifetimes.clear(menu.table, row.id);
}

/** A command that sets one field of the records named (enable, disable, comment). */
function setField(field: string, value: (ctx: CommandContext) => string, takes: readonly string[] = ['numbers']) {
  return async (ctx: CommandContext): Promise<void> => {
    const { env, menu, args } = ctx;
    checkArgs(ctx, takes);
    if (!menu.fields.has(field)) throw noSuchCommand();
    const rows = findRows(env, menu, args.numbers);
    const decl = menu.fields.get(field)!;
    const v = decl.type.parse(value(ctx));
    // `comment ""` takes the comment away, as an emptied value does in set (records.ts applyArgs).
    const drop = v === '' && dropsWhenEmptied(decl);
    update(ctx, rows, (row) => { const next = { ...row.values, [field]: v }; if (drop) delete next[field]; return next; });
  };
}

async function move(ctx: CommandContext): Promise<void> {
  const { env, menu, args } = ctx;
  checkArgs(ctx, ['numbers', 'destination']);
  if (!menu.decl.ordered) throw noSuchCommand();
  const rows = findRows(env, menu, args.numbers);
  const before = args.destination === undefined || args.destination === '' ? undefined : findRows(env, menu, args.destination)[0].id;
  if (before !== undefined && rows.some((r) => r.id === before)) return;
  env.store.commit([{ op: 'move', table: menu.table, ids: rows.map((r) => r.id), before }]);
}

async function unset(ctx: CommandContext): Promise<void> {
  const { env, menu, args } = ctx;
  checkArgs(ctx, ['numbers', 'value-name']);
  const name = args['value-name'];
  if (name === undefined) throw missingArgument('value-name');
  const field = menu.fields.get(name);
  if (!field || field.readOnly) throw unknownParameter(name);
  if (field.required) throw failure(`can not unset ${name}`);
  const rows = findRows(env, menu, args.numbers);
  update(ctx, rows, (row) => { const v = { ...row.values }; delete v[name]; return v; });
}

/**
 * reset: the named properties (every one a user can set, when none is named) go back to
 * their defaults. Required properties and the name stay: a record cannot lose them.
 */
async function reset(ctx: CommandContext): Promise<void> {
  const { env, menu, args } = ctx;
  const named = Object.keys(args).filter((n) => n !== 'numbers');
  for (const name of named) {
    const field = menu.fields.get(name);
    if (!field || field.readOnly) throw unknownParameter(name);
  }
  const keep = (name: string) => {
    const field = menu.fields.get(name);
    return !field || field.readOnly || field.required || field.createOnly || name === menu.decl.key;
  };
  const rows = menu.decl.kind === 'settings' ? [settingsRow(ctx)] : findRows(env, menu, args.numbers);
  update(ctx, rows, (row) => {
    const values = { ...row.values };
    for (const name of named.length ? named : Object.keys(values)) if (!keep(name)) delete values[name];
    return values;
  });
}

/** True for a menu's own generic print (not one a menu wraps or replaces). */
export const isGenericPrint = (cmd: CommandDecl | undefined) => cmd?.run === print;

const RUNS: Partial<Record<GenericCommand, CommandDecl['run']>> = {
  print, get, find, add, set, remove, move, unset, reset,
  enable: setField('disabled', () => 'false'),
  disable: setField('disabled', () => 'true'),
  comment: setField('comment', (ctx) => ctx.args.comment ?? '', ['numbers', 'comment']),
};

