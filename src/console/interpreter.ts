// The interpreter of the console language. A script is parsed (parser.ts), then checked
// against the router's menu tree as the router does before it runs anything (unknown
// commands and arguments are errors with a line and column), then run statement by
// statement. Menu commands run as sentences through the engine with the caller's session,
// so policies, validation and the configuration's rules are the engine's; `print`, `find`
// and `get` read records through the engine's `print` and `get` and add what only the
// console has (`where`, `as-value`, tables, typed values). The language's own commands
// (`:put`, `:local`, `:if`, `:foreach`, ...) are in this file.

import type { Engine, Node } from '../core/engine.js';
import { CommandError, ValueError, notEnoughPermissions } from '../core/errors.js';
import type { CommandDecl, Menu, Reply } from '../core/schema.js';
import { parseId } from '../core/store.js';
import { duration, parseDuration } from '../core/values.js';
import type { Arg, CommandStmt, Expr, Script, Statement, Word } from './ast.js';
import { ParseError, ReturnSignal, ScriptAborted, ScriptError } from './errors.js';
import type { ConsoleHost, ConsoleSession } from './host.js';
import { Lexer } from './lexer.js';
import { SLICE_MS, STEPS_PER_LOOK, MAX_CALL_DEPTH, boundedLength, boundedString, checkStringLength, heapNearlyFull, outOfMemory, tooDeep } from './limits.js';
import { parse, parseConditions, spanOf } from './parser.js';
import { LIVE_TABLES, lastRound, type LiveTable } from './live.js';
import { formatRecords } from './print.js';
import { printLines, runPrint } from './print-command.js';
import {
  NIL, NOTHING, arithmetic, array, arrayEntries, arrayLength, bitNot, bitwise, bool, cloneArray, compare, concatArrays,
  contains, element, equal, id, literal, matches, negate, num, str, time, toArg, toArray, toBool, toIp, toIp6, toNum,
  toStr, toTime, typeOf, type Code, type ScriptArray, type Value,
} from './values.js';

// ---------------------------------------------------------------- scopes

class Scope {
  readonly vars = new Map<string, Value>();
  /** Names declared `:global` in this scope. */
  readonly globals = new Set<string>();
  /** The menu path commands of the running block are relative to (`[find]` in `/ip address`). */
  path: string[];
  constructor(readonly parent?: Scope) {
    this.path = parent?.path ?? [];
  }
}

/** A function value's body: parsed statements and the path they were written at. */
interface Body { statements: Statement[]; path: string[]; source: string; lexer: Lexer }

class BreakSignal {}
class ContinueSignal {}

// ---------------------------------------------------------------- the language's commands

/** Named arguments each language command takes (others: `expected end of command`). */
/**
 * Arrays that one variable alone holds, nothing else having read them whole since: `:set
 * ($a->k) v` changes such an array in place, so a loop filling an array stays linear. Reading
 * the variable whole (`$a`, passing it on) lets the array go; the next element set then works
 * on a copy, which the variable holds alone again. Shared by every script, as globals are.
 */
const HELD_ALONE = new WeakSet<ScriptArray>();

const BUILTINS: Record<string, readonly string[]> = {
  put: ['message'], local: ['name', 'value', 'do'], global: ['name', 'value', 'do'], set: ['name', 'value', 'do'],
  if: ['condition', 'do', 'else'], while: ['condition', 'do'], for: ['counter', 'from', 'to', 'step', 'do'],
  foreach: ['counter', 'in', 'do', 'on-error'], do: ['command', 'while', 'on-error', 'if'], onerror: ['in', 'do'],
  return: ['value'], error: ['message'], delay: ['delay-time'], log: ['message'], time: ['command'],
  typeof: ['value'], len: ['value'], pick: ['from', 'to'], find: ['in', 'key', 'from'], tostr: ['value'],
  tonum: ['value'], toarray: ['value'], tobool: ['value'], toip: ['value'], toip6: ['value'], totime: ['value'],
  toid: ['value'], resolve: ['domain-name', 'server', 'server-port', 'type'], execute: ['script', 'as-string', 'file'],
  nothing: [], jobname: [], parse: ['value'], beep: ['frequency', 'length', 'as-value'], rndnum: ['from', 'to'],
  rndstr: ['length', 'from'], break: [], continue: [], quit: [], exit: [], tonsec: ['value'],
};

const LOG_LEVELS = new Set(['info', 'warning', 'error', 'debug']);

/** What print takes in the console (7.24 `print` arguments). */
const PRINT_ARGS = new Set([
  'append', 'as-value', 'brief', 'comments', 'count-only', 'detail', 'file', 'follow', 'follow-only', 'from',
  'group-by', 'interval', 'order-by', 'proplist', 'show-ids', 'terse', 'timestamp', 'value-list', 'without-paging', 'oid',
]);
/**
 * What else a menu's print takes, as its tree lists it: `all`, `static` and `dynamic`, which
 * records it shows (`/ip firewall filter print all`), and properties to match
 * (`/ip firewall filter print chain=input`).
 */
const PRINT_SCOPES = new Set(['all', 'static', 'dynamic']);
function printFilters(menu: Menu): string[] {
  return (menu.decl.argNames?.('print') ?? []).filter((n) => PRINT_SCOPES.has(n) || menu.fields.has(n));
}
const PRINT_FLAGS = new Set(['append', 'as-value', 'brief', 'comments', 'count-only', 'detail', 'follow', 'follow-only', 'show-ids', 'terse', 'timestamp', 'value-list', 'without-paging', 'oid']);
/** `print interval=1s`: at least 200ms, as the 7.24 tree's `00:00:00.200..` says. */
const PRINT_INTERVAL = duration({ min: 200 });
function printInterval(text: string): number {
  try {
    return parseDuration(PRINT_INTERVAL.parse(text));
  } catch (e) {
    if (e instanceof ValueError) throw e.forArgument('interval');
    throw e;
  }
}
const GET_ARGS = new Set(['number', 'value-name', 'as-string', 'as-string-value']);
/** Operators that compare a property with a value in `where` and `find`. */
const COMPARISONS = new Set(['=', '!=', '<', '>', '<=', '>=', '~', 'in']);

// ---------------------------------------------------------------- resolution

type Resolved =
  | { kind: 'path'; path: string[] }
  | { kind: 'builtin'; name: string; extra: Word[] }
  | { kind: 'engine'; node: Node; path: string[]; name: string; cmd: CommandDecl; extra: Word[] };

interface Piece { text: string; start: number; last: boolean; word: number }

function piecesOf(head: Word[]): Piece[] {
  const out: Piece[] = [];
  head.forEach((w, wi) => {
    let at = w.start;
    const parts = w.text.split('/');
    parts.forEach((p, i) => {
      out.push({ text: p, start: at, last: i === parts.length - 1, word: wi });
      at += p.length + 1;
    });
  });
  return out;
}

/** A word of the tree: an exact name, or the one name it begins (the console accepts `pr` for `print`). */
function pick(names: Iterable<string>, word: string): string | undefined {
  let found: string | undefined;
  for (const n of names) {
    if (n === word) return n;
    if (n.startsWith(word)) {
      if (found !== undefined) return undefined;
      found = n;
    }
  }
  return found;
}

/**
 * The language's commands (`:put`, `:delay` ...) of the release the router runs: the root
 * commands of its tree (7.24 has `:deserialize`, 7.9.2 has not, so `:de` is `:delay` only
 * there). Without a tree, those this interpreter knows.
 */
const LANGUAGE = new WeakMap<Engine, readonly string[]>();
function languageCommands(engine: Engine): readonly string[] {
  let names = LANGUAGE.get(engine);
  if (!names) {
    const root = (engine.services.tree as { root?: { c?: Record<string, number> } } | undefined)?.root;
    names = root?.c ? Object.keys(root.c) : Object.keys(BUILTINS);
    LANGUAGE.set(engine, names);
  }
  return names;
}

export interface InterpreterOptions {
  session: ConsoleSession;
  signal: AbortSignal;
  /** Where `:put`, `print` and `export` write. */
  output: (text: string) => void;
  /** Where what is printed as it comes (a ping's rows, `print follow`) goes; `output` without it. */
  live?: (text: string) => void;
  /** The script's job name (`:jobname`). */
  jobName?: string;
  /** Calls already nested around this script (a script run by a script, `:execute as-string`). */
  depth?: number;
}

export class Interpreter {
  private readonly engine: Engine;
  /** Function calls nested now, counting those around this script. */
  private depth: number;
  /** Steps since the clock was last looked at, and when this time slice ends. */
  private steps = 0;
  private sliceEnd = performance.now() + SLICE_MS;

  constructor(readonly host: ConsoleHost, readonly options: InterpreterOptions) {
    this.engine = host.engine;
    this.depth = options.depth ?? 0;
  }

  private get session(): ConsoleSession {
    return { ...this.options.session, output: this.options.output, jobName: this.options.jobName, depth: this.depth };
  }

  /** Parses, checks and runs a script. Throws ParseError, ScriptError or ScriptAborted. */
  async run(source: string | Script, start: { path?: string[]; vars?: Map<string, Value> } = {}): Promise<Value> {
    const script = typeof source === 'string' ? parse(source) : source;
    const lexer = new Lexer(script.source);
    const path = start.path ?? [];
    this.check(script.body, path, lexer);
    const scope = new Scope();
    for (const [k, v] of start.vars ?? []) scope.vars.set(k, v);
    try {
      return await this.block(script.body, scope, path, lexer);
    } catch (e) {
      if (e instanceof ReturnSignal) return e.value;
      if (e instanceof BreakSignal || e instanceof ContinueSignal) return NOTHING;
      throw e;
    }
  }

  /**
   * `/import verbose=yes`: runs a script one top-level command at a time, reporting each
   * before it runs; a bad command stops the run there, after the ones before it have run.
   * With `dryRun` every command is checked and reported, none runs.
   */
  async runEach(source: string, opts: { fromLine?: number; dryRun?: boolean; report: (line: number, text: string) => void }): Promise<void> {
    const script = parse(source);
    const lexer = new Lexer(source);
    const scope = new Scope();
    let path: string[] = [];
    for (const stmt of script.body) {
      this.checkAbort();
      const line = lexer.position(stmt.start).line;
      const text = source.slice(stmt.start, stmt.end).trim();
      this.check([stmt], path, lexer);
      if (stmt.kind === 'command') {
        const r = this.resolve(stmt, path, lexer);
        if (r.kind === 'path' && !pathBlock(stmt)) { path = r.path; opts.report(line, text); continue; }
      }
      if (opts.fromLine !== undefined && line < opts.fromLine) continue;
      opts.report(line, text);
      if (opts.dryRun) continue;
      try {
        await this.block([stmt], scope, path, lexer);
      } catch (e) {
        if (e instanceof ReturnSignal) return;
        throw e;
      }
    }
  }

  /** `export where ...`: whether a record (as print shows it) passes a where-expression. */
  async test(expr: Expr, source: string, menu: Menu, row: Reply): Promise<boolean> {
    const v = await this.evaluate(expr, new Scope(), new Lexer(source), { menu, row });
    return toBool(v) === true;
  }

  // ---------------------------------------------------------------- checking

  /** Resolves every command as the router does before running: paths follow the text. */
  private check(body: Statement[], start: string[], lexer: Lexer) {
    let path = start;
    for (const stmt of body) {
      if (stmt.kind === 'block') { this.check(stmt.body, path, lexer); continue; }
      if (stmt.kind === 'call') {
        this.checkExpr(stmt.target, path, lexer);
        for (const a of stmt.args) this.checkArg(a, path, lexer);
        continue;
      }
      const r = this.resolve(stmt, path, lexer);
      if (r.kind === 'path') {
        const block = pathBlock(stmt);
        if (block) { this.check(block.body, r.path, lexer); continue; }
        if (stmt.args.length) throw lexer.error('expected end of command', stmt.args[0].span.start);
        path = r.path;
        continue;
      }
      if (r.kind === 'engine' && r.node.menu && r.name === 'find') this.findConditions(stmt, r, lexer);
      const allowed = this.argumentNames(r);
      for (const a of stmt.args) {
        // An argument's name as typed: exactly, or the beginning of one name only (`addr=` for
        // `address=`); anything else ends the command there, as on the router.
        if (a.kind === 'named' && allowed) {
          const negated = a.name.startsWith('!') && !allowed.has(a.name) ? '!' : '';
          const name = pick(allowed, a.name.slice(negated.length));
          if (name === undefined) throw lexer.error('expected end of command', a.nameSpan.start);
          a.name = negated + name;
        }
        // `/ip address get [find ...]`: commands inside a menu command's arguments are at its menu.
        this.checkArg(a, r.kind === 'engine' ? r.path : path, lexer);
      }
    }
  }

  private checkArg(a: Arg, path: string[], lexer: Lexer) {
    this.checkExpr(a.kind === 'where' ? a.expr : a.value, path, lexer);
  }

  private checkExpr(e: Expr, path: string[], lexer: Lexer) {
    switch (e.kind) {
      case 'subst': case 'code': this.check(e.body, path, lexer); break;
      case 'string': for (const p of e.parts) if (typeof p !== 'string') this.checkExpr(p, path, lexer); break;
      case 'array': for (const i of e.items) this.checkExpr(i.value, path, lexer); break;
      case 'unary': this.checkExpr(e.arg, path, lexer); break;
      case 'binary': this.checkExpr(e.left, path, lexer); this.checkExpr(e.right, path, lexer); break;
      case 'concat': for (const p of e.parts) this.checkExpr(p, path, lexer); break;
      default: break;
    }
  }

  /** The named arguments a command takes, or undefined when any are taken. */
  private argumentNames(r: Resolved): Set<string> | undefined {
    if (r.kind === 'builtin') return new Set(BUILTINS[r.name]);
    if (r.kind !== 'engine') return undefined;
    const menu = r.node.menu;
    if (menu && r.name === 'print') return new Set([...PRINT_ARGS, ...printFilters(menu)]);
    if (menu && r.name === 'get') return GET_ARGS;
    if (menu && r.name === 'find') return new Set([...menu.fields.keys(), '.id']);
    return r.cmd.args ? new Set(Object.keys(r.cmd.args)) : undefined;
  }

  /**
   * `find` takes the whole expression language without `where` too: its arguments are read
   * again as one condition (`find area-id=0.0.0.0 and instance=default4`, `find name~"x"
   * !disabled`, `find (mtu>1400 or running)`), as the router's own `:parse` shows it (a find's
   * `name=value` arguments become `(= $name value)` conditions, juxtaposed ones joined by
   * `and`: docs/routeros-facts.md 41). A name compared there is an argument of find: a
   * property, written whole or by its beginning, and the bare word it is compared with is a
   * value (`find action=log` is the action `log`, not the property). After `where` names are
   * the record's properties as written. Done once, when the script is checked.
   */
  private findConditions(stmt: CommandStmt, r: Extract<Resolved, { kind: 'engine' }>, lexer: Lexer) {
    const only = stmt.args[0];
    if (stmt.args.length === 1 && only.kind === 'where' && only.conditions) return;
    const start = r.extra[0]?.start ?? stmt.args[0]?.span.start;
    if (start === undefined) return;
    const read = parseConditions(lexer.src, start, stmt.end);
    stmt.head = stmt.head.slice(0, stmt.head.length - r.extra.length);
    r.extra = [];
    if (!read) { stmt.args = []; return; }
    if (!read.where) this.findArguments(read.expr, r.node.menu!, lexer);
    stmt.args = [{ kind: 'where', expr: read.expr, span: { start, end: stmt.end }, conditions: true }];
  }

  /** A find's conditions written as arguments: names read as the menu's properties, compared words as values. */
  private findArguments(e: Expr, menu: Menu, lexer: Lexer) {
    const property = (w: Extract<Expr, { kind: 'word' }>, strict: boolean) => {
      if (!/^[A-Za-z.]/.test(w.text)) return;
      const name = w.text === '.id' || menu.fields.has(w.text) ? w.text : pick(menu.fields.keys(), w.text);
      if (name !== undefined) w.text = name;
      else if (strict) throw lexer.error('expected end of command', w.span.start);
    };
    switch (e.kind) {
      case 'word': property(e, false); return;
      case 'unary': this.findArguments(e.arg, menu, lexer); return;
      case 'binary':
        if (e.op === 'and' || e.op === '&&' || e.op === 'or' || e.op === '||') {
          this.findArguments(e.left, menu, lexer);
          this.findArguments(e.right, menu, lexer);
          return;
        }
        if (COMPARISONS.has(e.op) && e.left.kind === 'word') {
          property(e.left, true);
          // A name-like word is text (typed literals, `10.0.0.0/8`, `1400`, keep their type).
          if (e.right.kind === 'word' && /^[A-Za-z_]/.test(e.right.text)) e.right = { kind: 'string', parts: [e.right.text], span: e.right.span };
        }
        return;
      default: return;
    }
  }

  /** Which words of a command are its path, which its command; where a bad word stands. */
  private resolve(stmt: CommandStmt, cwd: string[], lexer: Lexer): Resolved {
    if (stmt.prefix === ':') {
      const word = stmt.head[0].text;
      // `:pu`, `:for` (not `:foreach`): the beginning of one of this release's language commands.
      const name = word in BUILTINS ? word : pick(languageCommands(this.engine), word);
      if (name === undefined || !(name in BUILTINS)) throw lexer.error(`bad command name ${word}`, stmt.head[0].start);
      return { kind: 'builtin', name, extra: stmt.head.slice(1) };
    }
    const pieces = piecesOf(stmt.head);
    const path = stmt.prefix === '/' ? [] : [...cwd];
    let i = 0;
    for (; i < pieces.length; i++) {
      const p = pieces[i];
      if (p.text === '') continue;
      if (p.text === '..') { path.pop(); continue; }
      const node = this.engine.nodeAt(path.join('/'));
      if (!node) break;
      if (node.commands.has(p.text) && !(node.children.has(p.text) && this.entersMenu(path, p.text, pieces[i + 1], stmt))) break;
      const child = pick(node.children.keys(), p.text);
      if (child === undefined || (pick(node.commands.keys(), p.text) !== undefined && child !== p.text)) break;
      // A menu of hardware this board lacks (/lcd on a hAP) is no menu here.
      const present = node.children.get(child)!.present;
      if (present && !present(this.engine)) break;
      path.push(child);
    }
    if (i >= pieces.length) return { kind: 'path', path };
    const p = pieces[i];
    if (!p.last) throw lexer.error('syntax error', p.start + p.text.length);
    const extra = stmt.head.slice(p.word + 1);
    const node = this.engine.nodeAt(path.join('/'))!;
    const name = pick(node.commands.keys(), p.text);
    if (name !== undefined) return { kind: 'engine', node, path, name, cmd: node.commands.get(name)!, extra };
    if (p.text in BUILTINS) return { kind: 'builtin', name: p.text, extra };
    throw lexer.error(`bad command name ${p.text}`, p.start);
  }

  /**
   * A word that names both a command and a menu (`/interface wireless snooper`): the menu
   * when nothing follows it (the line export writes before that menu's `set`) or when what
   * follows is a word of that menu; the command otherwise (`snooper interface=wlan1`).
   */
  private entersMenu(path: string[], word: string, next: { text: string } | undefined, stmt: CommandStmt): boolean {
    if (next === undefined) return stmt.args.length === 0 || pathBlock(stmt) !== undefined;
    const menu = this.engine.nodeAt([...path, word].join('/'));
    return next.text === '..' || (menu !== undefined && (pick(menu.commands.keys(), next.text) !== undefined || pick(menu.children.keys(), next.text) !== undefined));
  }

  // ---------------------------------------------------------------- running

  private checkAbort() {
    if (this.options.signal.aborted) throw new ScriptAborted();
  }

  /**
   * One step of the script (a statement, a turn of a loop): stops it when its job was
   * removed or its request ended, and at the end of its time slice lets the router answer
   * others before it goes on. A promise only then, so that the common step costs a count.
   */
  private step(): Promise<void> | undefined {
    if (this.options.signal.aborted) throw new ScriptAborted();
    if (++this.steps < STEPS_PER_LOOK) return undefined;
    this.steps = 0;
    if (performance.now() < this.sliceEnd) return undefined;
    return this.pause();
  }

  /** Within one long step: lets others be answered when the time slice is over. */
  private async breathe(): Promise<void> {
    if (performance.now() >= this.sliceEnd) await this.pause();
    else this.checkAbort();
  }

  private async pause(): Promise<void> {
    await new Promise((r) => setImmediate(r));
    this.sliceEnd = performance.now() + SLICE_MS;
    this.checkAbort();
    if (heapNearlyFull()) throw outOfMemory();
  }

  private async block(body: Statement[], scope: Scope, start: string[], lexer: Lexer, inSubst = false): Promise<Value> {
    let path = start;
    let last: Value = NOTHING;
    for (const stmt of body) {
      const turn = this.step();
      if (turn) await turn;
      scope.path = path;
      if (stmt.kind === 'block') {
        last = await this.block(stmt.body, new Scope(scope), path, lexer);
        continue;
      }
      if (stmt.kind === 'call') {
        last = await this.call(stmt.target, stmt.args, scope, path, lexer, stmt.start);
        continue;
      }
      const r = this.resolve(stmt, path, lexer);
      if (r.kind === 'path') {
        const inner = pathBlock(stmt);
        if (inner) last = await this.block(inner.body, new Scope(scope), r.path, lexer);
        else { path = r.path; last = NOTHING; }
        continue;
      }
      last = await this.command(stmt, r, scope, path, lexer, inSubst);
    }
    return last;
  }

  private lineOf(lexer: Lexer, offset: number): number {
    return lexer.position(offset).line;
  }

  /** Runs one resolved command; failures become ScriptErrors that know the command and line. */
  private async command(stmt: CommandStmt, r: Exclude<Resolved, { kind: 'path' }>, scope: Scope, path: string[], lexer: Lexer, inSubst: boolean): Promise<Value> {
    const line = this.lineOf(lexer, stmt.start);
    const commandName = r.kind === 'engine' ? `/${[...r.path, r.name].join('/')}` : `:${r.name}`;
    try {
      if (r.kind === 'builtin') return await this.builtin(r.name, stmt, r.extra, scope, path, lexer);
      const at = new Scope(scope);
      at.path = r.path;
      return await this.engineCommand(stmt, r, at, lexer, inSubst);
    } catch (e) {
      if (e instanceof CommandError) throw new ScriptError(consoleWords(e.message), { command: commandName, argument: argumentOf(e.message), line });
      if (e instanceof ScriptError && !e.where) e.where = { command: commandName, line };
      throw e;
    }
  }

  // ---------------------------------------------------------------- arguments


  private async namedValue(args: Arg[], name: string, scope: Scope, lexer: Lexer): Promise<Value | undefined> {
    const a = args.find((x) => x.kind === 'named' && x.name === name);
    return a && a.kind === 'named' ? this.evaluate(a.value, scope, lexer) : undefined;
  }

  private namedExpr(args: Arg[], name: string): Expr | undefined {
    const a = args.find((x) => x.kind === 'named' && x.name === name);
    return a && a.kind === 'named' ? a.value : undefined;
  }

  /** Unnamed arguments as expressions (leftover words first). */
  private unnamedExprs(extra: Word[], args: Arg[]): Expr[] {
    return [
      ...extra.map((w): Expr => ({ kind: 'word', text: w.text, span: { start: w.start, end: w.end } })),
      ...args.filter((a) => a.kind === 'unnamed').map((a) => (a as { value: Expr }).value),
    ];
  }

  // ---------------------------------------------------------------- menu commands

  private async engineCommand(stmt: CommandStmt, r: Extract<Resolved, { kind: 'engine' }>, scope: Scope, lexer: Lexer, inSubst: boolean): Promise<Value> {
    const menu = r.node.menu;
    if (menu && r.name === 'print') return this.print(menu, r, stmt, scope, lexer, inSubst);
    if (menu && r.name === 'find') return this.find(menu, r, stmt, scope, lexer);
    if (menu && r.name === 'get') return this.get(menu, r, stmt, scope, lexer);
    const args = await this.engineArgs(r, stmt, scope, lexer);
    // `remove [find ...]` that found nothing does nothing.
    if (args === undefined) return NOTHING;
    const whereArg = stmt.args.find((a) => a.kind === 'where');
    const session: ConsoleSession = whereArg?.kind === 'where'
      ? { ...this.session, where: (m, row) => this.evaluate(whereArg.expr, scope, lexer, { menu: m, row }).then((v) => toBool(v) === true) }
      : this.session;
    const live = inSubst || 'as-value' in args ? undefined : LIVE_TABLES[[...r.path, r.name].join('/')];
    const outcome = live
      ? await this.liveTable(live, { path: r.path, command: r.name, args }, session)
      : await this.engine.run({ path: r.path, command: r.name, args }, session, { signal: this.options.signal, inScript: true });
    if (!live && outcome.records.length && !inSubst) for (const l of formatRecords(outcome.records)) this.options.output(l);
    if (r.cmd.says !== undefined && !inSubst) this.options.output(r.cmd.says);
    // `[/ping host count=3]` is the number of answers received (the idiom of failover scripts).
    if (r.name === 'ping') return num(outcome.records.filter((rec) => rec.status === undefined).length);
    const ret = outcome.done?.ret;
    if (r.name === 'export' && ret !== undefined) {
      this.options.output(ret.replace(/\n$/, ''));
      return NOTHING;
    }
    if (ret === undefined) return NOTHING;
    if (/^\*[0-9A-F]+$/.test(ret)) return id(ret);
    return str(ret);
  }

  /**
   * A tool that runs on (`/ping`, `/tool traceroute`) drawn as its live table: ping's rows as
   * the echoes come, the summary when it ends, by itself (`count=`) or stopped (Ctrl-C).
   */
  private async liveTable(live: LiveTable, sentence: { path: string[]; command: string; args: Record<string, string> }, session: ConsoleSession) {
    const records: Reply[] = [];
    const width = this.options.session.width ?? 80;
    const out = live.streams ? this.options.live ?? this.options.output : this.options.output;
    if (live.streams) out(live.header);
    try {
      await this.engine.run(sentence, session, {
        signal: this.options.signal,
        inScript: true,
        onRecord: (rec) => { records.push(rec); if (live.streams) out(live.row(rec)); },
      });
    } finally {
      if (!live.streams) {
        out(live.header);
        for (const rec of lastRound(records)) out(live.row(rec));
      }
      for (const l of live.footer?.(records, width) ?? []) out(l);
    }
    return { records, done: undefined as Reply | undefined };
  }

  /** The arguments of a menu command as the engine takes them (every value as text). */
  /** An argument's text for a menu command: a bare word exactly as written. */
  private async argText(e: Expr, scope: Scope, lexer: Lexer): Promise<Value> {
    if (e.kind === 'word') return str(e.text);
    return this.evaluate(e, scope, lexer);
  }

  private async engineArgs(r: Extract<Resolved, { kind: 'engine' }>, stmt: CommandStmt, scope: Scope, lexer: Lexer): Promise<Record<string, string> | undefined> {
    const args: Record<string, string> = {};
    let none = false;
    const item = (name: string, v: Value) => {
      if ((name === 'numbers' || name === 'number') && v.type === 'array' && arrayLength(v.v) === 0) none = true;
      args[name] = toArg(v);
    };
    const declared = r.cmd.args ?? {};
    const slots = positionalSlots(r.name, r.cmd, r.node.menu);
    for (const a of stmt.args) {
      if (a.kind === 'named') item(a.name, await this.argText(a.value, scope, lexer));
      // `export where ...`: the command reads the condition itself.
      if (a.kind === 'where') args.where = lexer.src.slice(a.expr.span.start, a.expr.span.end);
    }
    let slot = 0;
    const unnamed = this.unnamedExprs(r.extra, stmt.args);
    for (const e of unnamed) {
      if (e.kind === 'word' && declared[e.text]?.flag) { args[e.text] = ''; continue; }
      // A bare argument name (`add blackhole dst-address=...`, `add fib name=...`) turns it on:
      // yes for a yes/no argument, the empty value for a flag the tree gives no type.
      // `add !keepalive ...`: the argument left unset, as exports write a value turned off.
      if (e.kind === 'word' && e.text.startsWith('!') && declared[e.text.slice(1)] && r.cmd.generic) { args[e.text] = ''; continue; }
      if (e.kind === 'word' && e.text !== 'numbers' && declared[e.text] && !(e.text in args)) {
        args[e.text] = declared[e.text].type.name === 'boolean' ? 'yes' : '';
        continue;
      }
      // `add bl dst-address=...`: the beginning of one argument's name only, where no unnamed
      // value is wanted any more, turns on that yes/no or flag argument.
      if (e.kind === 'word' && slot >= slots.length) {
        const full = pick(Object.keys(declared), e.text);
        const arg = full === undefined || full === 'numbers' || full in args ? undefined : declared[full];
        if (arg && (arg.flag || arg.type.name === 'boolean')) { args[full!] = arg.flag ? '' : 'yes'; continue; }
      }
      const name = slots[slot++];
      if (!name) throw lexer.error('expected end of command', e.span.start);
      item(name, await this.argText(e, scope, lexer));
    }
    if (none) return undefined;
    for (const name of ['numbers', 'number', 'from']) if (args[name] !== undefined) args[name] = await this.itemNumbers(r.path, args[name]);
    return args;
  }

  /** `print file=`, `:execute file=`: writing a file takes the `ftp` policy, as `export file=` does (REST spec 5). */
  private mayWriteFiles() {
    if (!this.options.session.policies.has('ftp')) throw notEnoughPermissions();
  }

  /**
   * `remove 0`: item numbers of the latest print of this menu name its records; without
   * one, the numbers a print would give now (RouterOS manual, "Console": "numbers will be
   * assigned just as if the print command was executed"), as exports' `set 0 ...` need.
   */
  private async itemNumbers(path: string[], value: string): Promise<string> {
    if (!/^\d+(,\d+)*$/.test(value)) return value;
    let ids = this.host.lastPrint.get(`${this.options.session.user}:${path.join('/')}`);
    if (!ids && this.engine.nodeAt(path.join('/'))?.menu?.decl.kind === 'table') ids = (await this.records(path)).map((r) => r['.id']);
    if (!ids) return value;
    return value.split(',').map((n) => ids![Number(n)] ?? n).join(',');
  }

  /** Every record of a menu as this session may see it, through the engine's print. */
  private async records(path: string[], from?: string): Promise<Reply[]> {
    const args: Record<string, string> = {};
    if (from !== undefined) args.from = from;
    const out = await this.engine.run({ path, command: 'print', args }, this.session, { signal: this.options.signal, inScript: true });
    return out.records;
  }

  private async filter(menu: Menu, rows: Reply[], where: Expr | undefined, scope: Scope, lexer: Lexer): Promise<Reply[]> {
    if (!where) return rows;
    // `name=text` conditions are read once and compared as stored text, before the rest.
    const { fixed, rest } = fixedConditions(menu, where);
    if (fixed.length) rows = rows.filter((row) => fixed.every((f) => f(row)));
    if (!rest) return rows;
    const out: Reply[] = [];
    for (const row of rows) {
      const turn = this.step();
      if (turn) await turn;
      const v = await this.evaluate(rest, scope, lexer, { menu, row });
      if (toBool(v)) out.push(row);
    }
    return out;
  }

  private async print(menu: Menu, r: Extract<Resolved, { kind: 'engine' }>, stmt: CommandStmt, scope: Scope, lexer: Lexer, inSubst: boolean): Promise<Value> {
    const flags = new Set<string>();
    let where: Expr | undefined;
    let proplist: string[] | undefined;
    let from: string | undefined;
    let file: string | undefined;
    let interval: number | undefined;
    const equalTo: [string, Value][] = [];
    let shows = 'all';
    for (const a of stmt.args) {
      if (a.kind === 'where') where = a.expr;
      else if (a.kind === 'named') {
        const v = await this.evaluate(a.value, scope, lexer);
        if (a.name === 'proplist') proplist = toArg(v).split(',').filter(Boolean);
        else if (a.name === 'from') from = await this.itemNumbers(r.path, toArg(v));
        else if (a.name === 'file') file = toStr(v);
        else if (a.name === 'interval') interval = printInterval(toArg(v));
        else if (PRINT_FLAGS.has(a.name)) flags.add(a.name);
        else if (menu.fields.has(a.name)) equalTo.push([a.name, v]);
      }
    }
    const scopes = new Set(printFilters(menu).filter((n) => PRINT_SCOPES.has(n)));
    for (const e of this.unnamedExprs(r.extra, stmt.args)) {
      // `print det`, `pr without-p`, `print stat`: print's options and scopes by their beginning too.
      const option = e.kind === 'word' ? pick([...PRINT_ARGS, ...scopes], e.text) : undefined;
      if (option !== undefined && PRINT_FLAGS.has(option)) flags.add(option);
      else if (option !== undefined && scopes.has(option)) shows = option;
      else if (e.kind === 'word' && from === undefined) from = await this.itemNumbers(r.path, e.text);
      else throw lexer.error('expected end of command', e.span.start);
    }
    const read = async () => {
      const rows = (await this.records(r.path, from)).filter((row) =>
        (shows === 'all' || (row.dynamic === 'true') === (shows === 'dynamic')) && equalTo.every(([name, v]) => sameValue(menu, name, row[name], v)));
      return this.filter(menu, rows, where, scope, lexer);
    };
    const once = !flags.has('follow') && !flags.has('follow-only') && interval === undefined;
    const rows = once ? await read() : [];
    if (once && flags.has('count-only') && (inSubst || flags.has('as-value'))) return num(rows.length);
    if (once && flags.has('as-value')) {
      const keep = proplist && new Set([...proplist, '.id']);
      const shown = keep ? rows.map((row) => Object.fromEntries(Object.entries(row).filter(([k]) => keep.has(k)))) : rows;
      if (menu.decl.kind === 'settings') return recordValue(menu, shown[0] ?? {});
      return array(shown.map((row) => recordValue(menu, row)));
    }
    if (once && menu.decl.kind !== 'settings') {
      this.host.lastPrint.set(`${this.options.session.user}:${r.path.join('/')}`, rows.map((row) => row['.id']));
    }
    const store = this.engine.store;
    const since = (quirk: string) => this.host.since?.(quirk) ?? true;
    const run = {
      engine: this.engine, menu, flags, interval, signal: this.options.signal,
      read: once ? async () => rows : read,
      // A print that goes on (follow, interval) is shown as it comes.
      output: once ? (line: string) => this.options.output(line) : (line: string) => (this.options.live ?? this.options.output)(line),
      options: {
        width: this.options.session.width,
        showIds: flags.has('show-ids'),
        proplist,
        upperLegend: since('print-detail-legend-upper'),
        // Whether a record has a field set itself, not filled in by the router.
        stored: (row: Reply, field: string) => row['.id'] === undefined || store.table(menu.table).get(parseId(row['.id']) ?? -1)?.values[field] !== undefined,
      },
    };
    if (file !== undefined) {
      this.mayWriteFiles();
      const files = this.host.files?.();
      if (!files) throw new ScriptError('failure: file store not available');
      files.write(file.endsWith('.txt') ? file : `${file}.txt`, printLines(run, rows).join('\n') + '\n');
      return NOTHING;
    }
    await runPrint(run);
    if (flags.has('count-only')) return num(rows.length);
    return NOTHING;
  }

  /** `find` after the script's check: its arguments are one condition (findConditions). */
  private async find(menu: Menu, r: Extract<Resolved, { kind: 'engine' }>, stmt: CommandStmt, scope: Scope, lexer: Lexer): Promise<Value> {
    const where = stmt.args.find((a) => a.kind === 'where');
    const rows = await this.filter(menu, await this.records(r.path), where?.kind === 'where' ? where.expr : undefined, scope, lexer);
    return array(rows.filter((row) => row['.id']).map((row) => id(row['.id'])));
  }

  private async get(menu: Menu, r: Extract<Resolved, { kind: 'engine' }>, stmt: CommandStmt, scope: Scope, lexer: Lexer): Promise<Value> {
    const table = menu.decl.kind === 'table';
    const slots = table ? ['number', 'value-name'] : ['value-name'];
    const given: Record<string, Value> = {};
    for (const a of stmt.args) if (a.kind === 'named') given[a.name === 'numbers' ? 'number' : a.name] = await this.evaluate(a.value, scope, lexer);
    let slot = 0;
    for (const e of this.unnamedExprs(r.extra, stmt.args)) {
      const name = slots[slot++];
      if (!name) throw lexer.error('expected end of command', e.span.start);
      given[name] = await this.evaluate(e, scope, lexer);
    }
    const args: Record<string, string> = {};
    if (table) {
      const n = given.number;
      if (!n || (n.type === 'array' && arrayLength(n.v) === 0) || toArg(n) === '') throw new ScriptError('no such item');
      args.number = await this.itemNumbers(r.path, toArg(n.type === 'array' ? arrayEntries(n.v)[0][1] : n));
    }
    const valueName = given['value-name'] === undefined ? undefined : toStr(given['value-name']);
    if (valueName === undefined) {
      const out = await this.engine.run({ path: r.path, command: 'get', args }, this.session, { signal: this.options.signal, inScript: true });
      return recordValue(menu, out.done ?? {});
    }
    args['value-name'] = valueName;
    const out = await this.engine.run({ path: r.path, command: 'get', args }, this.session, { signal: this.options.signal, inScript: true });
    const ret = out.done?.ret ?? '';
    if (ret === '') {
      const whole = await this.engine.run({ path: r.path, command: 'get', args: { ...args, 'value-name': undefined as never } }, this.session, { inScript: true });
      if (whole.done?.[valueName] === undefined) return NIL;
    }
    return typedField(menu, valueName, ret);
  }

  // ---------------------------------------------------------------- functions

  private async call(target: Expr, args: Arg[], scope: Scope, path: string[], lexer: Lexer, at: number): Promise<Value> {
    const f = await this.evaluate(target, scope, lexer);
    if (f.type !== 'code') return f;
    const vars = new Map<string, Value>();
    let n = 1;
    for (const a of args) {
      if (a.kind === 'named') vars.set(a.name, await this.evaluate(a.value, scope, lexer));
      else if (a.kind === 'unnamed') vars.set(String(n++), await this.evaluate(a.value, scope, lexer));
    }
    if (target.kind === 'var') vars.set('0', str(target.name));
    try {
      return await this.runCode(f.v, vars);
    } catch (e) {
      if (e instanceof ScriptError && !e.where) e.where = { command: '$' + (target.kind === 'var' ? target.name : ''), line: this.lineOf(lexer, at) };
      throw e;
    }
  }

  /** Runs a function's body in a scope of its own: functions see globals, not the caller's locals. */
  private async runCode(code: Code, vars: Map<string, Value>): Promise<Value> {
    // A runaway recursion ends here, not when the process runs out of memory.
    if (this.depth >= MAX_CALL_DEPTH) throw tooDeep();
    const body = code.body as Body;
    const scope = new Scope();
    for (const [k, v] of vars) scope.vars.set(k, v);
    this.depth++;
    try {
      return await this.block(body.statements, scope, body.path, body.lexer);
    } catch (e) {
      if (e instanceof ReturnSignal) return e.value;
      throw e;
    } finally {
      this.depth--;
    }
  }

  private codeOf(e: Expr, path: string[], lexer: Lexer): Code | undefined {
    if (e.kind !== 'code') return undefined;
    return { body: { statements: e.body, path, source: e.source, lexer } satisfies Body, source: e.source };
  }

  /** Runs a `do={...}` style argument in a child scope; other values are just evaluated. */
  private async runArg(e: Expr, scope: Scope, path: string[], lexer: Lexer): Promise<Value> {
    if (e.kind === 'code') return this.block(e.body, new Scope(scope), path, lexer);
    const v = await this.evaluate(e, scope, lexer);
    if (v.type === 'code') return this.runCode(v.v, new Map());
    return v;
  }

  // ---------------------------------------------------------------- variables

  /** The globals of the user this script runs as. */
  private get globals(): Map<string, Value> {
    return this.host.globalsOf(this.options.session.user);
  }

  private lookup(scope: Scope, name: string): Value {
    for (let s: Scope | undefined = scope; s; s = s.parent) {
      if (s.vars.has(name)) return s.vars.get(name)!;
      if (s.globals.has(name)) return this.globals.get(name) ?? NOTHING;
    }
    return this.globals.get(name) ?? NOTHING;
  }

  private assign(scope: Scope, name: string, value: Value) {
    for (let s: Scope | undefined = scope; s; s = s.parent) {
      if (s.vars.has(name)) { s.vars.set(name, value); return; }
      if (s.globals.has(name)) { this.globals.set(name, value); return; }
    }
    if (this.globals.has(name)) { this.globals.set(name, value); return; }
    throw new ScriptError(`no such variable ${name}`);
  }

  // ---------------------------------------------------------------- expressions

  async evaluate(e: Expr, scope: Scope, lexer: Lexer, row?: { menu: Menu; row: Reply }): Promise<Value> {
    switch (e.kind) {
      case 'word': {
        if (row && (e.text === '.id' || row.menu.fields.has(e.text))) {
          const v = row.row[e.text];
          return v === undefined ? NIL : typedField(row.menu, e.text, v);
        }
        return literal(e.text);
      }
      case 'literal': return e.value;
      case 'string': {
        let s = '';
        for (const p of e.parts) s += typeof p === 'string' ? p : toStr(await this.evaluate(p, scope, lexer, row));
        return str(boundedString(s));
      }
      case 'var': {
        if (row && row.menu.fields.has(e.name) && !this.isDeclared(scope, e.name)) {
          // In `where`, a variable named like a property is that property (the router's rule).
          const v = row.row[e.name];
          return v === undefined ? NIL : typedField(row.menu, e.name, v);
        }
        const v = this.lookup(scope, e.name);
        if (v.type === 'array') HELD_ALONE.delete(v.v);
        return v;
      }
      case 'subst': return this.block(e.body, new Scope(scope), scope.path, lexer, true);
      case 'code': return { type: 'code', v: this.codeOf(e, scope.path, lexer)! };
      case 'array': {
        const items: Value[] = [];
        const keys = new Map<string, Value>();
        for (const it of e.items) {
          const v = await this.evaluate(it.value, scope, lexer, row);
          if (it.key !== undefined) keys.set(it.key, v); else items.push(v);
        }
        return array(items, keys);
      }
      case 'concat': {
        let s = '';
        for (const p of e.parts) s += toStr(await this.evaluate(p, scope, lexer, row));
        return e.parts.every((p) => p.kind === 'word') ? literal(s) : str(boundedString(s));
      }
      case 'unary': {
        const v = await this.evaluate(e.arg, scope, lexer, row);
        if (e.op === '!') {
          const b = toBool(v);
          if (b === undefined) throw new ScriptError('cannot negate ' + typeOf(v));
          return bool(!b);
        }
        if (e.op === '-') return negate(v);
        return bitNot(v);
      }
      case 'binary': return this.binary(e, scope, lexer, row);
    }
  }

  private isDeclared(scope: Scope, name: string): boolean {
    for (let s: Scope | undefined = scope; s; s = s.parent) if (s.vars.has(name) || s.globals.has(name)) return true;
    return false;
  }

  private async binary(e: Extract<Expr, { kind: 'binary' }>, scope: Scope, lexer: Lexer, row?: { menu: Menu; row: Reply }): Promise<Value> {
    const op = e.op;
    if (op === '&&' || op === 'and') {
      const l = toBool(await this.evaluate(e.left, scope, lexer, row));
      if (!l) return bool(false);
      return bool(toBool(await this.evaluate(e.right, scope, lexer, row)) === true);
    }
    if (op === '||' || op === 'or') {
      const l = toBool(await this.evaluate(e.left, scope, lexer, row));
      if (l) return bool(true);
      return bool(toBool(await this.evaluate(e.right, scope, lexer, row)) === true);
    }
    // `$a->k` reads one element: the array itself is not passed on, so `$a` keeps it alone.
    let left = op === '->' && e.left.kind === 'var' && !(row && row.menu.fields.has(e.left.name) && !this.isDeclared(scope, e.left.name))
      ? this.lookup(scope, e.left.name)
      : await this.evaluate(e.left, scope, lexer, row);
    if (op === '->') {
      const key = e.right.kind === 'word' ? str(e.right.text) : await this.evaluate(e.right, scope, lexer, row);
      return element(left, key.type === 'str' && /^\d+$/.test(key.v) && left.type === 'array' && !left.v.keys.has(key.v) ? num(BigInt(key.v)) : key);
    }
    let right = await this.evaluate(e.right, scope, lexer, row);
    // In `where`, a value compared with a property reads as that property's type (`disabled=no`).
    if (row) {
      const prop = propertyOf(e.left, row.menu) ?? propertyOf(e.right, row.menu);
      if (prop && ['=', '!=', '<', '>', '<=', '>=', 'in'].includes(op)) {
        if (propertyOf(e.left, row.menu) === prop && right.type === 'str') right = coerce(row.menu, prop, right);
        else if (propertyOf(e.right, row.menu) === prop && left.type === 'str') left = coerce(row.menu, prop, left);
      }
    }
    switch (op) {
      case '=': return bool(equal(left, right));
      case '!=': return bool(!equal(left, right));
      case '<': return bool(compare(left, right) < 0);
      case '>': return bool(compare(left, right) > 0);
      case '<=': return bool(compare(left, right) <= 0);
      case '>=': return bool(compare(left, right) >= 0);
      case '~': return bool(matches(left, right));
      case 'in': return bool(contains(left, right));
      case '.': return str(boundedString(toStr(left) + toStr(right)));
      case ',': return concatArrays(left, right);
      case '+': case '-': case '*': case '/': case '%': return arithmetic(op, left, right);
      case '&': case '|': case '^': case '<<': case '>>': return bitwise(op, left, right);
    }
    throw new ScriptError(`unknown operator ${op}`);
  }

  // ---------------------------------------------------------------- the language's commands

  private async builtin(name: string, stmt: CommandStmt, extra: Word[], scope: Scope, path: string[], lexer: Lexer): Promise<Value> {
    const args = stmt.args;
    const unnamed = this.unnamedExprs(extra, args);
    const arg = async (i: number, named?: string): Promise<Value | undefined> => {
      if (named) {
        const v = await this.namedValue(args, named, scope, lexer);
        if (v !== undefined) return v;
      }
      const e = unnamed[i];
      return e === undefined ? undefined : this.evaluate(e, scope, lexer);
    };
    const need = async (i: number, named?: string): Promise<Value> => {
      const v = await arg(i, named);
      if (v === undefined) throw new ScriptError(`missing value(s) of argument(s) ${named ?? 'value'}`);
      return v;
    };
    switch (name) {
      case 'put': {
        const v = await arg(0, 'message');
        this.options.output(v === undefined ? '' : toStr(v));
        return NOTHING;
      }
      case 'local': case 'global': case 'set': {
        const nameExpr = this.namedExpr(args, 'name') ?? unnamed[0];
        if (!nameExpr) throw new ScriptError('missing value(s) of argument(s) name');
        // `:set ($a->"k") v` changes one element of an array variable.
        if (name === 'set' && nameExpr.kind === 'binary' && nameExpr.op === '->' && nameExpr.left.kind === 'var') {
          const holder = nameExpr.left.name;
          const key = nameExpr.right.kind === 'word' ? str(nameExpr.right.text) : await this.evaluate(nameExpr.right, scope, lexer);
          const value = await arg(1, 'value') ?? NOTHING;
          // Read after the key and value: an expression that read `$a` whole has let it go.
          const current = this.lookup(scope, holder);
          const inPlace = current.type === 'array' && HELD_ALONE.has(current.v);
          const a = inPlace ? (current.v as ScriptArray) : current.type === 'array' ? cloneArray(current.v) : { items: [], keys: new Map<string, Value>() };
          const index = key.type === 'num' || (key.type === 'str' && /^\d+$/.test(key.v) && !a.keys.has(key.v)) ? Number(toNum(key)) : undefined;
          const grows = index !== undefined ? index >= a.items.length : !a.keys.has(toStr(key));
          boundedLength(a.items.length + a.keys.size + (grows ? 1 : 0));
          if (index !== undefined) {
            if (index < a.items.length) a.items[index] = value; else a.items.push(value);
          } else {
            a.keys.set(toStr(key), value);
          }
          if (!inPlace) {
            this.assign(scope, holder, { type: 'array', v: a });
            HELD_ALONE.add(a);
          }
          return NOTHING;
        }
        const varName = nameExpr.kind === 'var' ? nameExpr.name : nameExpr.kind === 'word' ? nameExpr.text : toStr(await this.evaluate(nameExpr, scope, lexer));
        const doExpr = this.namedExpr(args, 'do');
        let value: Value | undefined;
        if (doExpr) value = doExpr.kind === 'code' ? { type: 'code', v: this.codeOf(doExpr, path, lexer)! } : await this.evaluate(doExpr, scope, lexer);
        else {
          const valueExpr = this.namedExpr(args, 'value') ?? unnamed[1];
          if (valueExpr) {
            value = await this.evaluate(valueExpr, scope, lexer);
            if (valueExpr.kind === 'code') value = { type: 'code', v: this.codeOf(valueExpr, path, lexer)! };
          }
        }
        if (value?.type === 'array') value = { type: 'array', v: cloneArray(value.v) };
        if (name === 'local') scope.vars.set(varName, value ?? NOTHING);
        else if (name === 'global') {
          scope.globals.add(varName);
          if (value !== undefined) this.globals.set(varName, value);
          else if (!this.globals.has(varName)) this.globals.set(varName, NOTHING);
        } else {
          try {
            this.assign(scope, varName, value ?? NOTHING);
          } catch {
            scope.vars.set(varName, value ?? NOTHING);
          }
        }
        return NOTHING;
      }
      case 'if': {
        const cond = await need(0, 'condition');
        const b = toBool(cond);
        if (b === undefined) throw new ScriptError('conditional not boolean');
        const branch = this.namedExpr(args, b ? 'do' : 'else');
        if (branch) return this.runArg(branch, scope, path, lexer);
        return NOTHING;
      }
      case 'while': {
        const condExpr = this.namedExpr(args, 'condition') ?? unnamed[0];
        const body = this.namedExpr(args, 'do');
        if (!condExpr) throw new ScriptError('missing value(s) of argument(s) condition');
        while (toBool(await this.evaluate(condExpr, scope, lexer))) {
          const turn = this.step();
          if (turn) await turn;
          if (body && await this.loopBody(body, scope, path, lexer)) break;
        }
        return NOTHING;
      }
      case 'for': {
        const counterExpr = this.namedExpr(args, 'counter') ?? unnamed[0];
        if (!counterExpr) throw new ScriptError('missing value(s) of argument(s) counter');
        const counter = counterExpr.kind === 'word' ? counterExpr.text : toStr(await this.evaluate(counterExpr, scope, lexer));
        const from = toNum(await need(-1, 'from')) ?? 0n;
        const to = toNum(await need(-1, 'to')) ?? 0n;
        const stepV = await arg(-1, 'step');
        const step = stepV === undefined ? (from <= to ? 1n : -1n) : toNum(stepV) ?? 1n;
        if (step === 0n) return NOTHING;
        const body = this.namedExpr(args, 'do');
        for (let i = from; step > 0n ? i <= to : i >= to; i += step) {
          const turn = this.step();
          if (turn) await turn;
          const inner = new Scope(scope);
          inner.vars.set(counter, num(i));
          if (body && await this.loopBody(body, inner, path, lexer, false)) break;
        }
        return NOTHING;
      }
      case 'foreach': {
        const counterExpr = this.namedExpr(args, 'counter') ?? unnamed[0];
        if (!counterExpr) throw new ScriptError('missing value(s) of argument(s) counter');
        const names = (counterExpr.kind === 'word' ? counterExpr.text : toStr(await this.evaluate(counterExpr, scope, lexer))).split(',');
        const list = await need(-1, 'in');
        const body = this.namedExpr(args, 'do');
        const entries: [number | string, Value][] = list.type === 'array' ? arrayEntries(list.v) : list.type === 'nothing' || list.type === 'nil' ? [] : [[0, list]];
        for (const [k, v] of entries) {
          const turn = this.step();
          if (turn) await turn;
          const inner = new Scope(scope);
          if (names.length > 1) {
            inner.vars.set(names[0], typeof k === 'number' ? num(k) : str(k));
            inner.vars.set(names[1], v);
          } else {
            inner.vars.set(names[0], v);
          }
          if (body && await this.loopBody(body, inner, path, lexer, false)) break;
        }
        return NOTHING;
      }
      case 'do': {
        const body = this.namedExpr(args, 'command') ?? unnamed[0];
        const whileExpr = this.namedExpr(args, 'while');
        const ifExpr = this.namedExpr(args, 'if');
        const onError = this.namedExpr(args, 'on-error');
        const once = async () => {
          if (ifExpr && !toBool(await this.evaluate(ifExpr, scope, lexer))) return;
          if (body) {
            if (whileExpr) { await this.loopBody(body, scope, path, lexer); return; }
            await this.runArg(body, scope, path, lexer);
          }
        };
        try {
          if (whileExpr) {
            do {
              const turn = this.step();
              if (turn) await turn;
              await once();
            } while (toBool(await this.evaluate(whileExpr, scope, lexer)));
          } else {
            await once();
          }
        } catch (e) {
          if (!onError || !(e instanceof ScriptError)) throw e;
          await this.runArg(onError, scope, path, lexer);
        }
        return NOTHING;
      }
      case 'onerror': {
        const varExpr = unnamed[0];
        const varName = varExpr?.kind === 'word' ? varExpr.text : varExpr ? toStr(await this.evaluate(varExpr, scope, lexer)) : 'error';
        const inExpr = this.namedExpr(args, 'in');
        const doExpr = this.namedExpr(args, 'do');
        try {
          if (inExpr) await this.runArg(inExpr, scope, path, lexer);
          return bool(false);
        } catch (e) {
          if (!(e instanceof ScriptError)) throw e;
          const inner = new Scope(scope);
          inner.vars.set(varName, str(e.message));
          if (doExpr) await this.runArg(doExpr, inner, path, lexer);
          return bool(true);
        }
      }
      case 'return': throw new ReturnSignal(await arg(0, 'value') ?? NOTHING);
      case 'break': throw new BreakSignal();
      case 'continue': throw new ContinueSignal();
      case 'quit': case 'exit': throw new ReturnSignal(NOTHING);
      case 'error': {
        const v = await arg(0, 'message');
        throw new ScriptError(v === undefined ? '' : toStr(v), { command: ':error', line: this.lineOf(lexer, stmt.start) });
      }
      case 'delay': {
        const v = await arg(0, 'delay-time');
        const t = v === undefined ? 1000 : toTime(v).type === 'time' ? (toTime(v) as { ms: number }).ms : 1000;
        await sleep(t, this.options.signal);
        this.checkAbort();
        return NOTHING;
      }
      case 'log': {
        const level = unnamed[0]?.kind === 'word' ? unnamed[0].text : 'info';
        if (!LOG_LEVELS.has(level)) throw new ScriptError(`bad command name ${level}`);
        const message = await this.namedValue(args, 'message', scope, lexer) ?? (unnamed[1] ? await this.evaluate(unnamed[1], scope, lexer) : str(''));
        this.host.log(`script,${level}`, toStr(message));
        return NOTHING;
      }
      case 'time': {
        const body = this.namedExpr(args, 'command') ?? unnamed[0];
        const started = process.hrtime.bigint();
        if (body) await this.runArg(body, scope, path, lexer);
        return time(Number((process.hrtime.bigint() - started) / 1000000n));
      }
      case 'typeof': return str(typeOf(await arg(0, 'value') ?? NOTHING));
      case 'len': {
        const v = await arg(0, 'value') ?? NOTHING;
        if (v.type === 'array') return num(arrayLength(v.v));
        return num(Buffer.byteLength(toStr(v), 'latin1'));
      }
      case 'pick': {
        const v = await need(0);
        const from = Number(toNum(await arg(1, 'from') ?? num(0)) ?? 0n);
        const toV = await arg(2, 'to');
        if (v.type === 'array') {
          const entries = arrayEntries(v.v);
          if (toV === undefined) return entries[from]?.[1] ?? NOTHING;
          const to = Number(toNum(toV) ?? 0n);
          return array(entries.slice(from, to).map(([, e]) => e));
        }
        const s = toStr(v);
        if (toV === undefined) return from < s.length && from >= 0 ? str(s[from]) : NOTHING;
        return str(s.slice(Math.max(0, from), Math.max(0, Number(toNum(toV) ?? 0n))));
      }
      case 'find': {
        const v = await need(0, 'in');
        const key = await need(1, 'key');
        const fromV = await arg(2, 'from');
        const from = fromV === undefined ? -1 : Number(toNum(fromV) ?? -1n);
        if (v.type === 'array') {
          const entries = arrayEntries(v.v);
          for (let i = from + 1; i < entries.length; i++) if (equal(entries[i][1], key)) return typeof entries[i][0] === 'number' ? num(i) : str(entries[i][0] as string);
          return NIL;
        }
        const i = toStr(v).indexOf(toStr(key), from + 1);
        return i < 0 ? NIL : num(i);
      }
      case 'tostr': return str(toStr(await arg(0, 'value') ?? NOTHING));
      case 'tonum': { const n = toNum(await arg(0, 'value') ?? NOTHING); return n === undefined ? NIL : num(n); }
      case 'tobool': { const b = toBool(await arg(0, 'value') ?? NOTHING); return b === undefined ? NIL : bool(b); }
      case 'toarray': return toArray(await arg(0, 'value') ?? NOTHING);
      case 'toip': return toIp(await arg(0, 'value') ?? NOTHING);
      case 'toip6': return toIp6(await arg(0, 'value') ?? NOTHING);
      case 'totime': return toTime(await arg(0, 'value') ?? NOTHING);
      case 'toid': {
        const s = toStr(await arg(0, 'value') ?? NOTHING);
        return /^\*[0-9A-Fa-f]+$/.test(s) ? id('*' + s.slice(1).toUpperCase()) : NIL;
      }
      case 'tonsec': {
        const v = toTime(await arg(0, 'value') ?? NOTHING);
        return v.type === 'time' ? num(BigInt(v.ms) * 1000000n) : NIL;
      }
      case 'nothing': return NOTHING;
      case 'jobname': return this.options.jobName === undefined ? NOTHING : str(this.options.jobName);
      case 'parse': {
        const text = toStr(await need(0, 'value'));
        const script = parse(text);
        const sub = new Lexer(text);
        this.check(script.body, [], sub);
        return { type: 'code', v: { body: { statements: script.body, path: [], source: text, lexer: sub } satisfies Body, source: text } };
      }
      case 'resolve': {
        const host = toStr(await need(0, 'domain-name'));
        const server = await arg(-1, 'server');
        const port = await arg(-1, 'server-port');
        const type = await arg(-1, 'type');
        return this.resolveName(host, type === undefined ? undefined : toStr(type), server === undefined ? undefined : toStr(server), port === undefined ? undefined : Number(toStr(port)));
      }
      case 'execute': {
        const scriptExpr = this.namedExpr(args, 'script') ?? unnamed[0];
        if (!scriptExpr) throw new ScriptError('missing value(s) of argument(s) script');
        const source = scriptExpr.kind === 'code' ? scriptExpr.source : toStr(await this.evaluate(scriptExpr, scope, lexer));
        const asString = args.some((a) => a.kind === 'named' && a.name === 'as-string') || unnamed.some((u) => u.kind === 'word' && u.text === 'as-string');
        const file = await this.namedValue(args, 'file', scope, lexer);
        if (file !== undefined) this.mayWriteFiles();
        if (asString) {
          const lines: string[] = [];
          if (this.depth >= MAX_CALL_DEPTH) throw tooDeep();
          const sub = new Interpreter(this.host, { ...this.options, output: (t) => lines.push(t), depth: this.depth + 1 });
          try {
            await sub.run(source);
          } catch (e) {
            lines.push(describe(e));
          }
          return str(lines.join('\n'));
        }
        const files = this.host.files?.();
        const out: string[] = [];
        // One call deeper, so that a job that starts itself ends at the call depth bound.
        const session: ConsoleSession = { ...this.options.session, depth: this.depth };
        const jobId = this.host.background(source, {
          session, type: 'command',
          output: file === undefined ? undefined : (t) => {
            out.push(t);
            files?.write(toStr(file).endsWith('.txt') ? toStr(file) : `${toStr(file)}.txt`, out.join('\n') + '\n');
          },
        });
        return id(jobId);
      }
      case 'beep': return NOTHING;
      case 'rndnum': {
        const from = Number(toNum(await need(-1, 'from')) ?? 0n);
        const to = Number(toNum(await need(-1, 'to')) ?? 0n);
        return num(from + Math.floor(Math.random() * (to - from + 1)));
      }
      case 'rndstr': {
        const length = Number(toNum(await arg(-1, 'length') ?? num(16)) ?? 16n);
        checkStringLength(length);
        const alphabet = toStr(await arg(-1, 'from') ?? str('0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz'));
        if (alphabet === '') return str('');
        // Made in pieces, with the router answering others between them: sixteen million
        // characters take seconds.
        let s = '';
        for (let made = 0; made < length;) {
          const piece = new Array<string>(Math.min(65536, length - made));
          for (let i = 0; i < piece.length; i++) piece[i] = alphabet[Math.floor(Math.random() * alphabet.length)];
          s += piece.join('');
          made += piece.length;
          await this.breathe();
        }
        return str(s);
      }
    }
    throw new ScriptError(`bad command name ${name}`);
  }

  /** Runs a loop body; true when it asked to leave the loop (`:break`). */
  private async loopBody(body: Expr, scope: Scope, path: string[], lexer: Lexer, child = true): Promise<boolean> {
    try {
      if (body.kind === 'code') await this.block(body.body, child ? new Scope(scope) : scope, path, lexer);
      else await this.runArg(body, scope, path, lexer);
    } catch (e) {
      if (e instanceof BreakSignal) return true;
      if (e instanceof ContinueSignal) return false;
      throw e;
    }
    return false;
  }

  /**
   * `:resolve`: through the router's resolver (`engine.services.resolve`, src/menus/ip/dns-resolver.ts),
   * or an address given as text. `type` is any (IPv4 first), any6, ipv4 or ipv6; `server` and
   * `server-port` ask that server alone.
   */
  private async resolveName(name: string, type?: string, server?: string, port?: number): Promise<Value> {
    const ip = literal(name);
    if (ip.type === 'ip' || ip.type === 'ip6') return ip;
    if (name === 'localhost') return literal('127.0.0.1');
    const family = ({ ipv4: 4, ipv6: 6, any: 'any', any6: 'any6' } as const)[type ?? 'any'];
    if (family === undefined) throw new ScriptError('invalid value for argument type');
    if (port !== undefined && !(Number.isInteger(port) && port >= 0 && port <= 65535)) throw new ScriptError('invalid value for argument server-port');
    const resolve = this.engine.services.resolve as ResolveName | undefined;
    if (!resolve) throw new ScriptError('failure: dns name does not exist');
    try {
      return literal(await resolve(name, family, server === undefined ? undefined : { address: server, port }));
    } catch (e) {
      throw new ScriptError((e as Error).message);
    }
  }
}

/** The router's resolver as the engine's services give it (src/menus/ip/dns-resolver.ts). */
type ResolveName = (name: string, family?: 4 | 6 | 'any' | 'any6', server?: { address: string; port?: number }) => Promise<string>;

// ---------------------------------------------------------------- helpers

/** `/ip dns { ... }`: the block a path line runs at that path. */
function pathBlock(stmt: CommandStmt): Extract<Expr, { kind: 'code' }> | undefined {
  const a = stmt.args[0];
  return stmt.args.length === 1 && a.kind === 'unnamed' && a.value.kind === 'code' ? a.value : undefined;
}

/** Names of the unnamed arguments of a command, in order. */
function positionalSlots(name: string, cmd: CommandDecl, menu: Menu | undefined): string[] {
  if (cmd.unnamed) return [cmd.unnamed];
  if (!cmd.generic) return [];
  const table = menu?.decl.kind === 'table';
  switch (name) {
    case 'set': case 'remove': case 'enable': case 'disable': case 'reset': case 'reset-counters': return table ? ['numbers'] : [];
    case 'comment': return ['numbers', 'comment'];
    case 'move': return ['numbers', 'destination'];
    case 'unset': return table ? ['numbers', 'value-name'] : ['value-name'];
    default: return [];
  }
}

/**
 * The console's words for an engine error where they differ from the API's and REST's: a
 * missing argument is `missing =name=` there and `missing value(s) of argument(s) name` in a
 * script (docs/routeros-facts.md 7).
 */
function consoleWords(message: string): string {
  const missing = /^missing =([\w.-]+)=$/.exec(message);
  return missing ? `missing value(s) of argument(s) ${missing[1]}` : message;
}

/** The argument a router error message is about, for `(... (arg); line N)`. */
function argumentOf(message: string): string | undefined {
  const m = /(?:any value of|for argument|value of) ([\w.-]+)/.exec(message) ?? /^missing =([\w.-]+)=$/.exec(message) ?? /^unknown parameter ([\w.-]+)$/.exec(message);
  return m?.[1];
}

/** A shown value of a field as a typed script value (`mtu` a number, `disabled` a bool). */
export function typedField(menu: Menu, name: string, shown: string): Value {
  if (name === '.id') return /^\*[0-9A-Fa-f]+$/.test(shown) ? id(shown) : str(shown);
  const type = menu.fields.get(name)?.type.name;
  switch (type) {
    case 'integer': { const v = literal(shown); return v.type === 'num' ? v : str(shown); }
    case 'boolean': return shown === 'true' ? bool(true) : shown === 'false' ? bool(false) : str(shown);
    case 'ip': { const v = literal(shown); return v.type === 'ip' ? v : str(shown); }
    case 'ip-prefix': { const v = literal(shown); return v.type === 'ip-prefix' || v.type === 'ip' ? v : str(shown); }
    case 'time': { const v = literal(shown); return v.type === 'time' ? v : str(shown); }
    case 'ip46': { const v = literal(shown); return v.type === 'ip' || v.type === 'ip6' ? v : str(shown); }
    default: return str(shown);
  }
}

/** A record as an array keyed by property name (`print as-value`, `get` of a whole record). */
function recordValue(menu: Menu, record: Reply): Value {
  const keys = new Map<string, Value>();
  for (const [k, v] of Object.entries(record)) keys.set(k, typedField(menu, k, v));
  return array([], keys);
}

/** The property a where-expression side names, if it is a bare property name. */
function propertyOf(e: Expr, menu: Menu): string | undefined {
  return e.kind === 'word' && (e.text === '.id' || menu.fields.has(e.text)) ? e.text : undefined;
}

/** Text compared with a property reads as that property's type: `disabled=no` is false. */
function coerce(menu: Menu, name: string, v: Extract<Value, { type: 'str' }>): Value {
  const field = menu.fields.get(name);
  if (!field || field.ref) return v;
  try {
    return typedField(menu, name, field.type.parse(v.v));
  } catch {
    return v;
  }
}

/**
 * The conditions of a filter that compare a property with fixed text (`list=l3`,
 * `comment="a b"`), each as a test of a record's shown value, read as the property's type
 * once; and what is left to evaluate record by record (undefined when nothing). They are
 * the `and`ed parts of the filter, so taking them first changes no answer.
 */
function fixedConditions(menu: Menu, where: Expr): { fixed: ((row: Reply) => boolean)[]; rest: Expr | undefined } {
  const fixed: ((row: Reply) => boolean)[] = [];
  const rest: Expr[] = [];
  const visit = (e: Expr) => {
    if (e.kind === 'binary' && (e.op === 'and' || e.op === '&&')) { visit(e.left); visit(e.right); return; }
    const name = e.kind === 'binary' && e.op === '=' ? propertyOf(e.left, menu) : undefined;
    const text = name !== undefined && e.kind === 'binary' && e.right.kind === 'string' && e.right.parts.every((p) => typeof p === 'string')
      ? e.right.parts.join('') : undefined;
    if (name === undefined || text === undefined) { rest.push(e); return; }
    const field = menu.fields.get(name);
    let wanted: string | undefined = text;
    if (field && !field.ref) {
      try { wanted = field.type.parse(text); } catch { wanted = undefined; }
    }
    fixed.push(wanted === undefined ? () => false : (row) => (row[name] === undefined ? text === '' : row[name] === wanted));
  };
  visit(where);
  const joined = rest.reduce<Expr | undefined>((l, r) => (l ? { kind: 'binary', op: 'and', left: l, right: r, span: { start: spanOf(l).start, end: spanOf(r).end } } : r), undefined);
  return { fixed, rest: joined };
}

/** Whether a record's shown value is what `print name=value` asks for, compared as the field's type reads it. */
function sameValue(menu: Menu, name: string, shown: string | undefined, v: Value): boolean {
  if (shown === undefined) return v.type === 'nil' || v.type === 'nothing' || (v.type === 'str' && v.v === '');
  const field = menu.fields.get(name);
  const text = toArg(v);
  if (field && !field.ref) {
    try {
      return field.type.parse(text) === shown;
    } catch {
      return false;
    }
  }
  return text === shown;
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted || ms <= 0) { resolve(); return; }
    const done = () => { clearTimeout(timer); signal.removeEventListener('abort', done); resolve(); };
    const timer = setTimeout(done, Math.min(ms, 0x7fffffff));
    signal.addEventListener('abort', done, { once: true });
  });
}

/** A failure as `/execute as-string` and `:execute as-string` show it. */
export function describe(e: unknown): string {
  if (e instanceof ScriptError) return e.described();
  if (e instanceof ParseError) return e.message;
  if (e instanceof ScriptAborted) return 'interrupted';
  if (e instanceof Error) return e.message;
  return String(e);
}

