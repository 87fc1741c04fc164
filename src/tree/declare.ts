// Every menu of the tree, declared: a generated declaration for each directory, refined by
// the hand declarations of src/menus where behaviour matters (DESIGN.md, Breadth).
//
// A directory whose `print` takes `where` is a table of records; one whose print does not is
// a settings object; one without print has commands only. Fields are the arguments of `add`
// and `set`, typed from their notes (./types.ts); the properties `get` can name besides them
// are shown read-only. The generic commands are those the tree lists; every other command
// of the tree that no hand declaration implements answers as the router does when there is
// nothing to do, and logs one line saying vrouter does not emulate it.

import { noSuchItem } from '../core/errors.js';
import { findRows } from '../core/records.js';
import type { ArgDecl, CommandContext, CommandDecl, FieldDecl, GenericCommand, MenuDecl, Policy, Reference } from '../core/schema.js';
import type { ValueType } from '../core/types.js';
import { bool } from '../core/values.js';
import { argsOf, directories, tree, valuesOf, type ArgSpec, type Tree, type TreeDir } from './tree.js';
import { typeFor } from './types.js';
import { copyOf, fieldsLater, fieldsMade, hasField } from '../core/later.js';

/**
 * The type a hand declaration leaves to the tree: `{ type: TREE, default: '...' }` says
 * "the field the tree declares, with this default". The engine refuses a TREE left over,
 * which is what a hand declaration naming an argument the tree lacks gets.
 */
export const TREE: ValueType = {
  name: 'tree',
  parse() { throw new Error('a field typed TREE was not found in the tree'); },
  compare: () => 0,
};

const GENERIC: readonly GenericCommand[] = ['print', 'get', 'find', 'add', 'set', 'remove', 'enable', 'disable', 'comment', 'move', 'unset', 'reset'];
const GENERIC_SET = new Set<string>(GENERIC);
/** Commands another part provides everywhere (export: src/menus/export.ts) or that only an interactive console has (edit). */
const ELSEWHERE = new Set(['export', 'edit']);
/** Arguments of add and set that are not properties of the record. */
const NOT_FIELDS = new Set(['numbers', 'copy-from', 'place-before', '.id']);
/** Console language commands at the root (`:put`, `:if` ...): the console's, not commands a face can call. */
const LANGUAGE = new Set([
  'beep', 'break', 'continue', 'convert', 'delay', 'deserialize', 'do', 'error', 'execute', 'exit', 'find', 'for', 'foreach',
  'global', 'grep', 'if', 'jobname', 'len', 'local', 'lock', 'nothing', 'onerror', 'parse', 'pick', 'put', 'range',
  'redo', 'resolve', 'retry', 'return', 'rndnum', 'rndstr', 'serialize', 'set', 'time', 'timestamp', 'toarray',
  'tobool', 'tocrlf', 'toid', 'toip', 'toip6', 'tolf', 'tonsec', 'tonum', 'tostr', 'totime', 'typeof', 'undo', 'while', 'quit',
]);

export interface BreadthOptions {
  /**
   * Where a generated menu's records live when not in a table of their own (interface kinds:
   * the interface table): the declaration placed, or undefined where it stays as it is.
   */
  place?: (path: string, decl: MenuDecl) => MenuDecl | undefined;
  /** The records an argument of a generated menu names (interfaces, pools), if it names any. */
  refers?: (path: string, name: string) => Reference | undefined;
  /** The form of an argument's value where the tree's type falls short (`max-limit=10M/50M`). */
  form?: (path: string, name: string, given: ValueType) => ValueType | undefined;
  /** The value a field shows when never set, where the router's documentation gives one. */
  defaultOf?: (path: string, name: string) => string | undefined;
  /** What a settings menu shows that no argument sets, with its value on a new router (`/safe-mode`). */
  shownOf?: (path: string) => Readonly<Record<string, string>> | undefined;
  /**
   * A hand field left to the tree that the tree lacks is dropped rather than refused (an
   * older release without the argument); unset, the engine refuses it at start-up.
   */
  dropMissing?: boolean;
  /** Called by a command vrouter does not emulate: writes the log line. */
  notEmulated: (ctx: CommandContext, path: string, command: string) => void;
}

/** What kind of menu a tree directory is. */
export function kindOf(dir: TreeDir, t: Tree = tree()): MenuDecl['kind'] {
  const print = argsOf(dir, 'print', t);
  if (!print) return 'dir';
  return 'where' in print ? 'table' : 'settings';
}

/** The fields users can set of each generated declaration (the others are status), known before the fields are. */
const settable = new WeakMap<MenuDecl, readonly string[]>();

/**
 * The generated declaration of one directory. Its kind, key, commands and the names of its
 * fields are there at once; the fields' types are worked out on their first read
 * (src/core/later.ts): most menus of a tree are never used by a given router.
 */
export function generate(path: string, dir: TreeDir, opts: BreadthOptions, t: Tree = tree()): MenuDecl {
  const kind = kindOf(dir, t);
  const decl: MenuDecl = { path, kind };
  if (kind !== 'dir') {
    // `add` first: its notes are often fuller than set's.
    const settableArgs = ['add', 'set'].map((command) => argsOf(dir, command, t) ?? {});
    const names = new Set<string>();
    for (const args of settableArgs) for (const name in args) if (!NOT_FIELDS.has(name)) names.add(name);
    // What `get` can name that no argument sets: status the router shows.
    const get = argsOf(dir, 'get', t)?.['value-name'];
    const status = (get ? valuesOf(get) : []).filter((name) => !names.has(name) && name !== '.id' && name !== 'about');
    const shown = opts.shownOf?.(path) ?? {};
    const order = [...names, ...status].filter((name) => !(name in shown));
    fieldsLater(decl, [...order, ...Object.keys(shown)], () => fieldsOf(path, settableArgs, status, shown, opts));
    settable.set(decl, [...names].filter((name) => !(name in shown)));
    decl.generic = GENERIC.filter((g) => dir.c?.[g] !== undefined);
    if (kind === 'table' && names.has('name') && !('name' in shown)) decl.key = 'name';
    if (decl.generic.includes('move')) decl.ordered = true;
  }
  decl.argNames = (command) => {
    const args = argsOf(dir, command, t);
    return args && Object.keys(args);
  };
  const commands: Record<string, CommandDecl> = {};
  for (const command of Object.keys(dir.c ?? {})) {
    if (GENERIC_SET.has(command) && kind !== 'dir') continue;
    if (ELSEWHERE.has(command) || (path === '' && LANGUAGE.has(command))) continue;
    commands[command] = notEmulated(path, command, argsOf(dir, command, t)!, kind, opts);
  }
  if (Object.keys(commands).length) decl.commands = commands;
  return opts.place?.(path, decl) ?? decl;
}

/** A generated menu's fields: the arguments of add and set typed from their notes, then what get names and what the router shows. */
function fieldsOf(
  path: string, settable: readonly Readonly<Record<string, ArgSpec>>[], status: readonly string[],
  shown: Readonly<Record<string, string>>, opts: BreadthOptions,
): Record<string, FieldDecl> {
  const fields: Record<string, FieldDecl> = {};
  for (const args of settable) {
    for (const name in args) {
      if (NOT_FIELDS.has(name) || fields[name]) continue;
      const spec = args[name];
      const ref = opts.refers?.(path, name);
      let field = ref ? { type: typeFor(name, spec, args), ref } : fieldOf(name, spec, args);
      const form = opts.form?.(path, name, field.type);
      if (form) field = { ...field, type: form };
      const given = opts.defaultOf?.(path, name);
      if (given !== undefined) field = { ...field, default: given };
      fields[name] = field;
    }
  }
  for (const name of status) {
    if (name === 'dynamic') fields[name] = DYNAMIC;
    else if (STATUS_DEFAULTS[name]) fields[name] = { type: bool, readOnly: true, default: STATUS_DEFAULTS[name] };
    else fields[name] = { type: typeFor(name, ''), readOnly: true };
  }
  for (const [name, value] of Object.entries(shown)) {
    const type = value === 'true' || value === 'false' ? bool : fields[name]?.type ?? typeFor(name, '');
    // Laid last, in the order given: the order the router prints them in (`/safe-mode print`
    // writes `enabled` before `current`), which the console's print follows.
    delete fields[name];
    fields[name] = { type, readOnly: true, default: value };
  }
  return fields;
}

// A record's `disabled` shows false and `dynamic` its nature, as on every router menu.
const STATUS_DEFAULTS: Record<string, string> = { invalid: 'false', disabled: 'false' };
const DYNAMIC: FieldDecl = { type: bool, readOnly: true, derive: (row) => String(row.dynamic), stable: true };

function fieldOf(name: string, spec: ArgSpec, siblings: Readonly<Record<string, ArgSpec>>): FieldDecl {
  const type = typeFor(name, spec, siblings);
  if (name === 'disabled') return { type: bool, default: 'false' };
  return { type };
}

/** A command of the tree that vrouter does not emulate. */
function notEmulated(path: string, command: string, args: Readonly<Record<string, ArgSpec>>, kind: MenuDecl['kind'], opts: BreadthOptions): CommandDecl {
  let declared: Record<string, ArgDecl> | undefined;
  return {
    policy: policyOf(path, command),
    // Typed when first used: most of these commands never are.
    get args() {
      if (!declared) {
        declared = {};
        for (const [name, spec] of Object.entries(args)) declared[name] = { type: typeFor(name, spec, args) };
      }
      return declared;
    },
    async run(ctx) {
      // The records named must exist, as on the router; then there is nothing to do.
      if (kind === 'table' && ctx.args.numbers !== undefined) {
        if (ctx.args.numbers === '') throw noSuchItem();
        findRows(ctx.env, ctx.menu, ctx.args.numbers);
      }
      opts.notEmulated(ctx, path, command);
    },
  };
}

/** What a command needs: reboot for restarts, test for tools, read for looking, write for the rest. */
function policyOf(path: string, command: string): readonly Policy[] {
  if (/^(reboot|shutdown|reset-configuration|upgrade|downgrade)$/.test(command)) return ['reboot'];
  if (path === 'tool' || path.startsWith('tool/')) return ['test'];
  if (/^(monitor|info|check|scan|show)/.test(command)) return ['read'];
  return ['write'];
}

/**
 * The whole tree declared: each hand declaration refined from its generated one, and a
 * generated declaration for every directory no hand declaration has.
 */
export function declareTree(hand: readonly MenuDecl[], opts: BreadthOptions, t: Tree = tree()): MenuDecl[] {
  const byPath = new Map<string, MenuDecl[]>();
  for (const decl of hand) {
    const list = byPath.get(decl.path);
    if (list) list.push(decl); else byPath.set(decl.path, [decl]);
  }
  const out: MenuDecl[] = [];
  const generated = new Map<string, MenuDecl>();
  for (const [path, dir] of directories(t)) generated.set(path, generate(path, dir, opts, t));
  for (const decl of hand) {
    const gen = generated.get(decl.path);
    out.push(gen && decl.kind !== 'dir' ? refine(gen, decl, opts.dropMissing) : decl);
  }
  for (const [path, gen] of generated) {
    const mine = byPath.get(path) ?? [];
    if (mine.some((d) => d.kind !== 'dir')) continue;
    // Commands the hand directory declarations run are theirs.
    const taken = new Set(mine.flatMap((d) => Object.keys(d.commands ?? {})));
    const commands = Object.fromEntries(Object.entries(gen.commands ?? {}).filter(([c]) => !taken.has(c)));
    if (gen.kind === 'dir' && !Object.keys(commands).length) continue;
    // The generated declaration is this tree's own: given its commands, its fields stay to come.
    gen.commands = commands;
    out.push(gen);
  }
  return out;
}

/**
 * The fields of a hand declaration over its generated one. What a hand declaration shows is its
 * own: of the generated fields it takes those users can set, not the status the tree says
 * `get` can name.
 */
function refinedFields(gen: MenuDecl, hand: MenuDecl, dropMissing: boolean): Record<string, FieldDecl> {
  const fields: Record<string, FieldDecl> = {};
  for (const [name, field] of Object.entries(gen.fields ?? {})) if (!field.readOnly) fields[name] = field;
  for (const [name, field] of Object.entries(hand.fields ?? {})) {
    const base = gen.fields?.[name];
    if (field.type === TREE && !base && dropMissing) continue;
    fields[name] = field.type === TREE && base ? { ...base, ...field, type: base.type } : field;
  }
  return fields;
}

/** A hand declaration over its generated one: what the hand says wins; what it leaves out, the tree gives. */
export function refine(gen: MenuDecl, hand: MenuDecl, dropMissing = false): MenuDecl {
  const commands: Record<string, CommandDecl> = { ...gen.commands, ...hand.commands };
  // Keep lazy properties lazy (the admin's default password is hashed on demand), the
  // generated fields' promise included.
  const out = Object.defineProperties(copyOf(gen), Object.getOwnPropertyDescriptors(hand)) as MenuDecl;
  const writable = settable.get(gen);
  if (writable && !fieldsMade(gen)) {
    // The names are known now, the types when first read.
    const names = new Set(writable);
    for (const [name, field] of Object.entries(hand.fields ?? {})) if (!(field.type === TREE && !hasField(gen, name) && dropMissing)) names.add(name);
    fieldsLater(out, names, () => refinedFields(gen, hand, dropMissing));
  } else {
    out.fields = refinedFields(gen, hand, dropMissing);
  }
  out.commands = commands;
  // Whether records are known by name is the hand declaration's to say (DNS static names repeat).
  out.key = hand.key;
  // The tree's generic commands, less those the hand declaration runs its own way.
  out.generic = hand.generic ?? gen.generic?.filter((g) => !hand.commands?.[g]);
  return out;
}
