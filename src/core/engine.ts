// The engine: every sentence from every face comes here. It finds the menu and command,
// checks the caller's policies against the command's declaration, and runs it. Nothing
// else reads or changes the configuration.

import { ValueError, missingArgument, noSuchCommand, noSuchDirectory, notEnoughPermissions, unknownParameter } from './errors.js';
import { genericCommand, defaultGeneric, isGenericPrint } from './generic.js';
import type { CommandContext, CommandDecl, Environment, FieldDecl, Menu, MenuDecl, Policy, Reply, Session } from './schema.js';
import { defaultsOf } from './schema.js';
import { Store, formatId, parseId, type Mutation, type Row } from './store.js';
import { checkRecord, inVariant, readValue, uniqueIndexName, uniqueKey } from './records.js';
import { Lifetimes } from './lifetimes.js';
import { Views } from './views.js';
import type { Maybe } from './maybe.js';
import { History, type Acting } from './history.js';
import { fieldsMade } from './later.js';

export interface Sentence {
  path: string[];
  command: string;
  args: Record<string, string>;
  /** API query words without the leading '?'. */
  query?: string[];
  proplist?: string[];
}

export interface Outcome {
  records: Reply[];
  done?: Reply;
}

/** A cancellation whose AbortSignal is made only when a command asks for it. */
export interface Cancel {
  readonly aborted: boolean;
  readonly signal: AbortSignal;
}

/** A run nobody can cancel. */
const NOT_CANCELLED: Cancel = { aborted: false, signal: new AbortController().signal };

/** A cancellation by an AbortSignal the caller made. */
class SignalCancel implements Cancel {
  constructor(readonly signal: AbortSignal) {}
  get aborted(): boolean { return this.signal.aborted; }
}

/**
 * What a command is given. A class, not an object literal: the signal is a getter (made
 * only when asked), and a getter in a literal costs a slow definition at every command.
 */
class Context implements CommandContext {
  constructor(
    readonly args: Record<string, string>,
    readonly session: Session,
    readonly env: Environment,
    readonly menu: Menu,
    private readonly cancel: Cancel,
    readonly query?: readonly string[],
    readonly proplist?: readonly string[],
  ) {}

  get signal(): AbortSignal { return this.cancel.signal; }
}

export interface RunOptions {
  /**
   * Ends the command early: an AbortSignal, or anything that can make one on demand (an
   * AbortController costs microseconds, and most commands never look at theirs).
   */
  signal?: AbortSignal | Cancel;
  /** Receives each record as it comes instead of collecting it in the outcome. */
  onRecord?: (record: Reply) => void;
  /**
   * A command of a script, which runs inside a command of its own (/import, the console's
   * line, a script's run): nobody is told of this one, so it is not held until its changes
   * are on disk. The script's command is, once for all of them; its writes still go to disk
   * in the same group commits (the script gives up the event loop every few milliseconds).
   */
  inScript?: boolean;
}

/** A node of the menu tree: a directory, possibly with a menu and commands of its own. */
export interface Node {
  readonly word: string;
  readonly path: string;
  readonly children: Map<string, Node>;
  menu?: Menu;
  commands: Map<string, CommandDecl>;
  /** Set on a menu only some boards have (MenuDecl.present), once this router has answered it. */
  present?: (env: Environment) => boolean;
}

/**
 * What a declaration makes of a menu, the same for every router that declares it: worked out
 * once and shared, so that a lab of many routers pays for it once. Nothing changes these
 * after declaration.
 */
interface Shape { fields: Map<string, FieldDecl>; order: string[]; keepsViews: boolean; required: string[]; initial: [string, FieldDecl][] }

/**
 * A declared menu. Its fields are worked out on first use, with the declaration's own
 * (src/core/later.ts), and checked then: a router meets the few dozen menus it uses, not the
 * release's 580.
 */
class DeclaredMenu implements Menu {
  private shape?: Shape;
  readonly path: string;
  readonly table: string;

  constructor(readonly decl: MenuDecl, private readonly tables: ReadonlySet<string>) {
    this.path = decl.path;
    this.table = decl.table ?? decl.path;
  }

  get fields(): Map<string, FieldDecl> { return (this.shape ??= this.made()).fields; }
  get order(): readonly string[] { return (this.shape ??= this.made()).order; }
  get keepsViews(): boolean { return (this.shape ??= this.made()).keepsViews; }
  get required(): readonly string[] { return (this.shape ??= this.made()).required; }
  get initial(): readonly (readonly [string, FieldDecl])[] { return (this.shape ??= this.made()).initial; }
  /** Whether the fields are worked out (and checked). */
  get ready(): boolean { return this.shape !== undefined || fieldsMade(this.decl); }

  private made(): Shape {
    const { decl } = this;
    const fields = new Map<string, FieldDecl>(Object.entries(decl.fields ?? {}));
    checkFields(decl, fields, this.tables);
    // Rows worked out at each read (decl.rows) are not the store's: their views are not kept.
    const keepsViews = !decl.rows && [...fields.values()].every((f) => !f.derive || f.stable === true);
    const entries = [...fields];
    return {
      fields, order: [...fields.keys()].sort(), keepsViews,
      required: entries.filter(([, f]) => f.required).map(([n]) => n),
      initial: entries.filter(([, f]) => f.initial),
    };
  }
}

/** The start-up check of a menu's fields: each has a type, its default is canonical, the key and the unique ones are fields, each reference names a declared table. */
function checkFields(decl: MenuDecl, fields: ReadonlyMap<string, FieldDecl>, tables: ReadonlySet<string>) {
  const where = `menu /${decl.path}`;
  for (const [name, field] of fields) {
    if (!field.type || field.type.name === 'tree') throw new Error(`${where}: field ${name} has no type (a field left to the tree that the tree does not have)`);
    if (field.default !== undefined && !field.derive && !field.ref) {
      const canonical = field.type.parse(field.default);
      if (canonical !== field.default) throw new Error(`${where}: default of ${name} is not canonical (${field.default} -> ${canonical})`);
    }
    if (field.ref && !tables.has(field.ref.table)) {
      throw new Error(`${where}: field ${name} refers to table ${field.ref.table}, which no menu declares`);
    }
  }
  if (decl.key && !fields.has(decl.key)) throw new Error(`${where}: key ${decl.key} is not a field`);
  for (const u of decl.unique ?? []) for (const f of u) if (!fields.has(f)) throw new Error(`${where}: unique field ${f} is not declared`);
}

/** Each declaration's generic commands, made once however many trees and routers declare it. */
const generics = new WeakMap<MenuDecl, [string, CommandDecl][]>();
function genericOf(decl: MenuDecl): [string, CommandDecl][] {
  let generic = generics.get(decl);
  if (!generic) generics.set(decl, (generic = (decl.generic ?? defaultGeneric(decl.kind)).map((name): [string, CommandDecl] => [name, genericCommand(name, decl)])));
  return generic;
}

/** Declaration sets the start-up check has passed. */
const checkedDecls = new WeakSet<readonly MenuDecl[]>();

/** The menu tree of a set of declarations: its directories, menus and commands, and each declaration's menu. */
interface Tree { root: Node; menus: Map<string, DeclaredMenu>; byDecl: Map<MenuDecl, DeclaredMenu>; tables: Set<string> }

/**
 * Each set of declarations' tree, made once: it depends on the declarations alone, and a lab
 * of a thousand routers would otherwise hold a thousand copies of some 450 nodes, each with
 * maps of its own (a quarter of a router's memory).
 */
const trees = new WeakMap<readonly MenuDecl[], Tree>();

function treeOf(decls: readonly MenuDecl[]): Tree {
  let tree = trees.get(decls);
  if (tree) return tree;
  const tables = new Set(decls.map((d) => d.table ?? d.path));
  tree = { root: { word: '', path: '', children: new Map(), commands: new Map() }, menus: new Map(), byDecl: new Map(), tables };
  for (const decl of decls) declareMenu(tree, decl);
  trees.set(decls, tree);
  return tree;
}

function declareMenu({ root, menus, byDecl, tables }: Tree, decl: MenuDecl) {
  const prior = menus.get(decl.path);
  // A directory's commands may come from several files (the root has /password, /delay,
  // /ping ...; a menu may get a command from a file of its own); a menu is declared once.
  if (prior && prior.decl.kind !== 'dir' && decl.kind !== 'dir') throw new Error(`menu ${decl.path} is declared twice`);
  let node = root;
  if (decl.path !== '') {
    for (const word of decl.path.split('/')) {
      let next = node.children.get(word);
      if (!next) node.children.set(word, (next = { word, path: node.path ? `${node.path}/${word}` : word, children: new Map(), commands: new Map() }));
      node = next;
    }
  }
  if (prior) {
    for (const name of Object.keys(decl.commands ?? {})) {
      if (node.commands.has(name)) throw new Error(`command ${name} of /${decl.path} is declared twice`);
    }
  }
  const menu = new DeclaredMenu(decl, tables);
  // A directory declared again (commands from another file) keeps a menu of its own here; the tree has the first.
  byDecl.set(decl, menu);
  if (!prior || decl.kind !== 'dir') menus.set(decl.path, menu);
  if (decl.kind !== 'dir') node.menu = menu;
  if (decl.present) {
    // Asked once by each router: the board a router runs on does not change while it runs.
    const present = decl.present;
    const known = new WeakMap<Environment, boolean>();
    node.present = (env) => {
      let answer = known.get(env);
      if (answer === undefined) known.set(env, (answer = present(env)));
      return answer;
    };
  }
  for (const [name, cmd] of genericOf(decl)) node.commands.set(name, cmd);
  for (const [name, cmd] of Object.entries(decl.commands ?? {})) node.commands.set(name, cmd);
}

export class Engine implements Environment {
  /** The menu tree, shared by the routers of the same declarations (treeOf). */
  readonly root: Node;
  private readonly menus: Map<string, DeclaredMenu>;
  readonly lifetimes: Lifetimes;
  /** Records as last shown, while the configuration stays the same. */
  private readonly views = new Views(this);
  readonly services: Record<string, unknown> = {};
  /**
   * Whether a path is a menu of this router's release that it does not have (of a package not
   * installed); the router tells, from its release's tree. Such a word is no record name.
   */
  lacks: (path: string) => boolean = () => false;
  /** Every session's configuration actions, undo and redo, safe mode (src/core/history.ts). */
  readonly history: History;

  constructor(readonly store: Store, decls: readonly MenuDecl[], readonly now: () => number = Date.now) {
    this.history = new History(store, now);
    const tree = treeOf(decls);
    ({ root: this.root, menus: this.menus } = tree);
    for (const decl of decls) this.declare(tree.byDecl.get(decl)!);
    // The check reads the declarations only: once per set of them, however many routers share it (a lab).
    if (!checkedDecls.has(decls)) {
      this.check(decls);
      checkedDecls.add(decls);
    }
    this.lifetimes = new Lifetimes(this);
  }

  /** What a menu's declaration asks of this router's store: the key, the first id, the unique indexes. */
  private declare(menu: Menu) {
    const { decl } = menu;
    if (decl.key) this.store.setKey(menu.table, decl.key);
    const table = this.store.table(menu.table);
    if (decl.firstId !== undefined && table.nextId < decl.firstId) table.nextId = decl.firstId;
    for (const fields of decl.unique ?? []) table.addIndex(uniqueIndexName(menu, fields), uniqueKey(menu, fields));
  }

  /**
   * The start-up check: every declaration is complete and consistent, or the router does not
   * start. Each command has its handler, and the menus whose fields are there (those declared
   * by hand) are checked now; the fields of the others are checked when first worked out
   * (DeclaredMenu), and every one of every release by test/menus/check.test.ts.
   */
  private check(decls: readonly MenuDecl[]) {
    for (const menu of this.menus.values()) if (menu.ready) void menu.fields;
    // Every declaration's own commands, its menu present on this board or not (the generic
    // ones are made from their handlers, genericCommand refuses one without).
    for (const decl of decls) {
      for (const [name, cmd] of Object.entries(decl.commands ?? {})) {
        if (typeof cmd?.run !== 'function') throw new Error(`menu /${decl.path}: command ${name} has no handler`);
      }
    }
  }

  /** Works out and checks the fields of every menu (what a first use of each would): tests and tools. */
  checkEvery() {
    for (const menu of this.menus.values()) void menu.fields;
  }

  /** The node at a path ('ip/address'); with `create`, missing directories are made. */
  nodeAt(path: string, create = false): Node | undefined {
    let node = this.root;
    if (path === '') return node;
    for (const word of path.split('/')) {
      let next = node.children.get(word);
      if (next && !create && next.present && !next.present(this)) return undefined;
      if (!next) {
        if (!create) return undefined;
        next = { word, path: node.path ? `${node.path}/${word}` : word, children: new Map(), commands: new Map() };
        node.children.set(word, next);
      }
      node = next;
    }
    return node;
  }

  /** Walks path words as far as they name directories; returns the node and the words left. */
  walk(words: readonly string[]): { node: Node; rest: string[] } {
    let node = this.root;
    let i = 0;
    for (; i < words.length; i++) {
      const next = node.children.get(words[i]);
      if (!next || (next.present && !next.present(this))) break;
      node = next;
    }
    return { node, rest: words.slice(i) };
  }

  /**
   * Whether `word` under `node` names a menu this router lacks: one of a package not
   * installed, or of hardware its board does not have.
   */
  lacksMenu(node: Node, word: string): boolean {
    const child = node.children.get(word);
    if (child) return child.present !== undefined && !child.present(this);
    return this.lacks(node.path ? `${node.path}/${word}` : word);
  }

  menu(path: string): Menu {
    const menu = this.menus.get(path);
    if (!menu) throw new Error(`no menu ${path} is declared`);
    return menu;
  }

  allMenus(): Iterable<Menu> { return this.menus.values(); }

  /** Each table's menus narrowed to one kind of its records (`variant`), found when first asked. */
  private kinds?: Map<string, Menu[]>;

  /**
   * The menu of a record's own kind, when `menu` shows records of every kind (`/interface`
   * shows ports, bridges, radios...): that menu's declaration says what the record takes.
   */
  kindMenu(menu: Menu, row: Row): Menu | undefined {
    if (menu.decl.variant) return undefined;
    if (!this.kinds) {
      this.kinds = new Map();
      for (const m of this.menus.values()) {
        if (m.decl.variant && m.decl.kind === 'table') {
          const list = this.kinds.get(m.table) ?? [];
          list.push(m);
          this.kinds.set(m.table, list);
        }
      }
    }
    return this.kinds.get(menu.table)?.find((m) => inVariant(m, row));
  }

  nameOf(table: string, id: number): string | undefined {
    const t = this.store.table(table);
    const row = t.get(id);
    if (!row) return undefined;
    return t.keyField ? row.values[t.keyField] : formatId(id);
  }

  /** Resolves a sentence's path and command, or throws the router's words for why not. */
  resolve(path: readonly string[], command: string): { node: Node; cmd: CommandDecl } {
    const { node, rest } = this.walk(path);
    if (rest.length) throw noSuchDirectory(rest[0]);
    const cmd = node.commands.get(command);
    if (!cmd) throw noSuchCommand();
    return { node, cmd };
  }

  /** Runs one sentence for a session. Records go to `onRecord` or into the outcome. */
  async run(sentence: Sentence, session: Session, options: RunOptions = {}): Promise<Outcome> {
    return this.execute(sentence, session, options);
  }

  /**
   * `run`, with the outcome itself when the command never waits (print, get, most reads)
   * and nothing waits for the disk: a face may then answer in the turn the request came
   * in. Errors of the command's first steps are thrown, not rejected.
   */
  execute(sentence: Sentence, session: Session, options: RunOptions = {}): Maybe<Outcome> {
    const { node, cmd } = this.resolve(sentence.path, sentence.command);
    for (const p of cmd.policy) if (!session.policies.has(p as Policy)) throw notEnoughPermissions();
    const records: Reply[] = [];
    const deliver = options.onRecord ?? ((r: Reply) => { records.push(r); });
    // `.proplist` narrows the records of every command; print narrows its own as it builds them.
    const keep = !cmd.generic && sentence.proplist?.length ? sentence.proplist : undefined;
    const emit = keep ? (r: Reply) => deliver(pick(r, keep)) : deliver;
    const given = options.signal;
    const cancel: Cancel = given instanceof AbortSignal ? new SignalCancel(given) : given ?? NOT_CANCELLED;
    const menu = node.menu ?? this.dirMenu(node);
    const args = cmd.generic ? sentence.args : readArgs(cmd, sentence.args);
    // A command that may change the configuration runs as an action of this session: what it
    // commits while its code runs is one entry of /system history.
    const acting: Acting | undefined = cmd.policy.every((p) => p === 'read') ? undefined
      : { session, path: node.path, command: sentence.command, policy: cmd.policy, args: sentence.args };
    const result = this.acting(acting, () => cmd.run(new Context(args, session, this, menu, cancel, sentence.query, sentence.proplist)));
    if (isSyncGenerator(result)) {
      // A command that never waits (print) yields its records without a promise for each.
      let done: Reply | void = undefined;
      for (;;) {
        const step = result.next();
        if (step.done) { done = step.value; break; }
        emit(step.value);
        if (cancel.aborted) { result.return(undefined); break; }
      }
      return this.acknowledged(records, done, options.inScript);
    }
    if (isAsyncGenerator(result)) return this.drain(result, emit, cancel, acting).then((done) => this.acknowledged(records, done, options.inScript));
    if (isThenable(result)) return Promise.resolve(result).then((done) => this.acknowledged(records, done, options.inScript));
    return this.acknowledged(records, result as Reply | void, options.inScript);
  }

  /** Runs `f` as `acting`'s (the history's actor while it runs), then as whoever was before. */
  private acting<T>(acting: Acting | undefined, f: () => T): T {
    const history = this.history;
    const before = history.acting;
    history.acting = acting;
    try {
      return f();
    } finally {
      history.acting = before;
    }
  }

  private async drain(result: AsyncGenerator<Reply, Reply | void, void>, emit: (r: Reply) => void, cancel: Cancel, acting?: Acting): Promise<Reply | void> {
    for (;;) {
      const step = await this.acting(acting, () => result.next());
      if (step.done) return step.value;
      emit(step.value);
      if (cancel.aborted) { await result.return(undefined); return undefined; }
    }
  }

  private acknowledged(records: Reply[], done: Reply | void, inScript = false): Maybe<Outcome> {
    const outcome = { records, done: done ?? undefined };
    return inScript ? outcome : this.onDisk(outcome);
  }

  /** Nothing is acknowledged before it is on disk: `value` now when it is, when it is otherwise. */
  private onDisk<T>(value: T): Maybe<T> {
    return this.store.isSettled ? value : this.store.settled().then(() => value);
  }

  /**
   * `print from=ID` of one record of a table, without `.proplist` or `.query`: the very
   * reply `run` gives, with the same policy check and the same wait for the disk, but no
   * sentence, generator or list (REST's GET of one record asks this all day long). The
   * record itself when nothing waits for the disk, so the caller may answer in the same turn.
   * Undefined when the node's print is not the generic one: then `run` it.
   */
  printOne(node: Node, row: Row, session: Session): Maybe<Reply> | undefined {
    const cmd = node.commands.get('print');
    const menu = node.menu;
    if (!menu || menu.decl.kind !== 'table' || !isGenericPrint(cmd)) return undefined;
    for (const p of cmd!.policy) if (!session.policies.has(p as Policy)) throw notEnoughPermissions();
    return this.onDisk(this.views.of(menu, row, session));
  }

  /**
   * `print` of a whole table without arguments, `.proplist` or `.query`: the very records
   * `run` gives, in the same order, with the same policy check and the same wait for the
   * disk, as the kept list of kept views (views.ts) while the configuration stays the same.
   * Undefined when the node's print is not the generic one or the menu keeps no such list:
   * then `run` it.
   */
  printAll(node: Node, session: Session): Maybe<readonly Reply[]> | undefined {
    const cmd = node.commands.get('print');
    const menu = node.menu;
    if (!menu || menu.decl.kind !== 'table' || !isGenericPrint(cmd)) return undefined;
    for (const p of cmd!.policy) if (!session.policies.has(p as Policy)) throw notEnoughPermissions();
    const list = this.views.list(menu, session);
    return list && this.onDisk(list);
  }

  private readonly dirMenus = new Map<string, Menu>();
  /** Commands of a plain directory (`/ping`, `/export`) still get a Menu to see their path. */
  private dirMenu(node: Node): Menu {
    let m = this.dirMenus.get(node.path);
    if (!m) {
      m = { decl: { path: node.path, kind: 'dir' }, path: node.path, table: node.path, fields: new Map(), order: [], keepsViews: false, required: [], initial: [] };
      this.dirMenus.set(node.path, m);
    }
    return m;
  }

  /**
   * First boot: writes every menu's `defaults` in declaration order, in one transaction.
   * Values are given as a user would type them (references by name); fields users cannot
   * set (`default-name`, `type`) are taken too, since the router itself writes them.
   */
  seed(keep?: (menu: Menu, given: Reply) => boolean) {
    const mutations: Mutation[] = [];
    for (const menu of this.menus.values()) {
      const defaults = defaultsOf(menu.decl, this);
      if (!defaults.length) continue;
      for (const given of defaults) {
        // `keep` chooses some defaults only (/system/reset-configuration no-defaults=yes).
        if (keep && !keep(menu, given)) continue;
        const values: Record<string, string> = {};
        const id = given['.id'] === undefined ? undefined : parseId(given['.id']);
        for (const [name, input] of Object.entries(given)) {
          if (name === '.id') continue;
          const field = menu.fields.get(name);
          if (!field) throw new Error(`menu /${menu.path}: default names unknown field ${name}`);
          values[name] = readValue(this, menu, name, field, input);
        }
        Object.assign(values, menu.decl.variant);
        for (const [name, field] of menu.initial) if (values[name] === undefined) values[name] = field.initial!(this);
        checkRecord(this, menu, values);
        const row = this.store.newRow(menu.table, values, false, undefined, id);
        // Later defaults refer to earlier ones by name, so each is visible at once.
        this.store.table(menu.table).insertSorted(row);
        mutations.push({ op: 'insert', table: menu.table, row });
      }
    }
    for (const m of mutations) if (m.op === 'insert') this.store.table(m.table).remove(m.row.id);
    this.store.commit(mutations);
  }

  close() {
    this.lifetimes.stop();
  }
}

/** The named properties of a record, in the record's own order. */
function pick(record: Reply, names: readonly string[]): Reply {
  const out: Reply = {};
  for (const key in record) if (names.includes(key)) out[key] = record[key];
  return out;
}

/** Checks a command's own arguments against its declaration and reads them to canonical form. */
function readArgs(cmd: CommandDecl, given: Record<string, string>): Record<string, string> {
  const declared = cmd.args ?? {};
  // The console's unnamed value arrives as `numbers` (REST spec 2.4.6): it is the command's
  // unnamed argument when the command has no `numbers` of its own (`ping`, `number`).
  if (cmd.unnamed && 'numbers' in given && !('numbers' in declared) && !(cmd.unnamed in given)) {
    const { numbers, ...rest } = given;
    given = { ...rest, [cmd.unnamed]: numbers };
  }
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(given)) {
    // Own names only: `__proto__` or `constructor` are no arguments of anything.
    const arg = Object.hasOwn(declared, name) ? declared[name] : undefined;
    if (!arg) throw unknownParameter(name);
    // A flag sent as false or no (`"once": false`) is a flag not given: `once=false` means
    // "not once", so a monitor keeps going. A flag given by presence (`as-string`) is on
    // whatever its value.
    if (arg.flag) { if (arg.present || !/^(false|no)$/i.test(value)) out[name] = value; continue; }
    try {
      out[name] = arg.type.parse(value);
    } catch (e) {
      throw e instanceof ValueError ? e.forArgument(name) : e;
    }
  }
  for (const [name, arg] of Object.entries(declared)) if (arg.required && !(name in out)) throw missingArgument(name);
  return out;
}

function isThenable(x: unknown): x is PromiseLike<Reply | void> {
  return typeof (x as PromiseLike<unknown> | undefined)?.then === 'function';
}

function isSyncGenerator(x: unknown): x is Generator<Reply, Reply | void, void> {
  return typeof x === 'object' && x !== null && typeof (x as Generator).next === 'function' && Symbol.iterator in x;
}

function isAsyncGenerator(x: unknown): x is AsyncGenerator<Reply, Reply | void, void> {
  return typeof x === 'object' && x !== null && typeof (x as AsyncGenerator).next === 'function' && Symbol.asyncIterator in x;
}

