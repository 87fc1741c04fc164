// One API connection: its own login, and any number of commands at once, told apart by
// their `.tag`. Each word sentence becomes an engine sentence; the engine's records become
// `!re`, its end `!done` (with `=ret=` and the like), its errors `!trap` then `!done`.
// `/cancel` and the session side of `listen` (./listen.ts) live here: they are about the
// connection, not the configuration.
//
// Tagged commands run side by side, as on the router: a `/ping` that streams for seconds
// holds back nothing sent after it. Each command that waits ends at the request limit.
//
// Bounds. A connection holds little whatever its client does:
//   - a sentence before a login: MAX_SENTENCE_BEFORE_LOGIN (64 KiB); after: MAX_SENTENCE
//     (16 MiB), refused from its word's length, before its bytes are held;
//   - input beyond OWN_INPUT (256 KiB) per connection comes from one budget of all connections
//     (INPUT_TOTAL, 32 MiB); a connection that finds it spent is ended with `!fatal`;
//   - sentences are read only as they are run: with whole sentences waiting and READ_HIGH
//     (256 KiB) held, the socket is not read;
//   - replies the client does not read: past WRITE_HIGH (1 MiB) unsent, no further sentence
//     is run and the socket is not read until the client has taken them (the 'drain'); past
//     UNREAD_MAX (64 MiB: streams such as listen and ping keep writing) the connection is cut;
//   - commands under way at once: MAX_RUNNING (256); past it, the next waits for one to end
//     (each ends by itself, at the latest at the request limit);
//   - `listen`s, which end only when cancelled, are not among those: a connection follows up
//     to MAX_LISTENING (1024) menus at once, and a listen past that is answered with a `!trap`
//     that says so (waiting would be waiting for ever).
// Connections take turns at the engine (./turns.ts).

import crypto from 'node:crypto';
import type net from 'node:net';
import { CommandError } from '../../core/errors.js';
import type { Engine, Outcome, Sentence } from '../../core/engine.js';
import { after, type Maybe } from '../../core/maybe.js';
import { findRow } from '../../core/records.js';
import type { Reply, Session } from '../../core/schema.js';
import type { Holder } from '../../core/history.js';
import { Cancel as LimitCancel, sessionClosed } from '../../auth/lanes.js';
import type { Login, Logins } from '../../auth/logins.js';
import type { BodyBudget } from '../budget.js';
import { since } from '../../device/version.js';
import { BAD_LOGIN, CATEGORY_OF, INTERRUPTED, NOT_LOGGED_IN } from './errors.js';
import { follow, type Following } from './listen.js';
import type { Served, Turns } from './turns.js';
import { FramingError, MAX_SENTENCE, MAX_SENTENCE_BEFORE_LOGIN, SentenceReader, encodeReply, encodeSentence } from './words.js';

export const OWN_INPUT = 256 * 1024;
export const INPUT_TOTAL = 32 * 1024 * 1024;
export const READ_HIGH = 256 * 1024;
export const WRITE_HIGH = 1024 * 1024;
export const UNREAD_MAX = 64 * 1024 * 1024;
export const MAX_RUNNING = 256;
export const MAX_LISTENING = 1024;
/** A listen past MAX_LISTENING (category 5: the API manual's "API related failure"). */
export const TOO_MANY_LISTENING = `too many listen commands on this connection (${MAX_LISTENING} at most)`;
/** How long a connection ended with `!fatal` is still read (and dropped) before it is cut. */
const FATAL_LINGER_MS = 2000;

export interface ApiContext {
  engine: Engine;
  logins: Logins;
  /** How long one command may wait before it ends with `Session closed`. */
  requestLimitMs: number;
  /** The RouterOS version the router reports (`--ros-version`). */
  version: string;
  /** Turns at the engine, shared by every connection of api and api-ssl. */
  turns: Turns;
  /** Input of long sentences, shared by every connection (INPUT_TOTAL). */
  input: BodyBudget;
}

/** A command under way; `tag` is undefined for an untagged one, which cannot be cancelled. */
interface Running {
  tag?: string;
  interrupted: boolean;
  /** Made only when the command asks for a signal (most never do, and one costs microseconds). */
  controller?: AbortController;
  /** Ends a command that the engine does not run (`listen`). */
  stop?: () => void;
}

/** The words of one command sentence, sorted by kind. */
interface Parsed {
  command: string;
  args: Record<string, string>;
  query: string[];
  proplist?: string[];
  tag?: string;
}

function parse(words: readonly string[]): Parsed {
  // No prototype: `=__proto__=x` is an argument (refused as unknown), not a prototype change.
  const out: Parsed = { command: words[0] ?? '', args: Object.create(null) as Record<string, string>, query: [] };
  for (let i = 1; i < words.length; i++) {
    const word = words[i];
    if (word.startsWith('=')) {
      const eq = word.indexOf('=', 1);
      const name = eq < 0 ? word.slice(1) : word.slice(1, eq);
      const value = eq < 0 ? '' : word.slice(eq + 1);
      if (name === '.proplist') out.proplist = value.split(',').filter(Boolean);
      else out.args[name] = value;
    } else if (word.startsWith('?')) {
      out.query.push(word.slice(1));
    } else if (word.startsWith('.tag=')) {
      out.tag = word.slice(5);
    }
    // Other API attribute words (`.id=` without `=` first and the like) carry nothing we use.
  }
  return out;
}

/** A command word's menu path and command (`/ip/address/print`); command undefined when it names none. */
interface CommandWords { readonly path: readonly string[]; readonly command?: string }

/** Command words read, by the word: clients send the same few again and again. */
const commands = new Map<string, CommandWords>();
/** How many are kept; past it they are all let go. */
const COMMANDS_KEPT = 1024;

function commandWords(word: string): CommandWords {
  let known = commands.get(word);
  if (!known) {
    const path = word.startsWith('/') ? word.slice(1).split('/').filter(Boolean) : [];
    const command = word.startsWith('/') ? path.pop() : undefined;
    known = Object.freeze({ path: Object.freeze(path), command });
    if (commands.size >= COMMANDS_KEPT) commands.clear();
    commands.set(word, known);
  }
  return known;
}

/** What a print of one record ends with: its record went out as it came. */
const NOTHING: Outcome = Object.freeze({ records: [] });

/**
 * A command's cancellation: by the request limit (`limit`) or by `/cancel` (its entry).
 * The AbortSignal is made only when the command asks for one (most never do).
 */
class CommandCancel {
  private made?: AbortSignal;

  constructor(private readonly limit: LimitCancel, private readonly entry: Running) {}

  get aborted(): boolean { return this.limit.aborted || this.entry.interrupted; }

  get signal(): AbortSignal {
    if (!this.made) {
      this.entry.controller = new AbortController();
      if (this.entry.interrupted) this.entry.controller.abort();
      this.made = AbortSignal.any([this.limit.signal, this.entry.controller.signal]);
    }
    return this.made;
  }
}

/**
 * The whole answer to an untagged print of one kept record (Engine.printOne): its `!re` and
 * the `!done` after it. A kept record is frozen, so these bytes never change either; kept
 * with it, they go to the socket in one write with nothing made per command.
 */
const keptPrints = new WeakMap<Reply, Buffer>();
const UNTAGGED_DONE = encodeReply('!done', undefined, undefined);

function printedOne(record: Reply, tag: string | undefined): Buffer | undefined {
  if (tag !== undefined || !Object.isFrozen(record)) return undefined;
  let bytes = keptPrints.get(record);
  if (!bytes) keptPrints.set(record, (bytes = Buffer.concat([encodeReply('!re', record, undefined), UNTAGGED_DONE])));
  return bytes;
}

/** Commands whose reply is a list, which from 7.18 says `!empty` when it has nothing in it. */
const LISTS = new Set(['print', 'getall']);

export class ApiSession implements Served {
  private login?: { login: Login; end(): void };
  private readonly running = new Set<Running>();
  /** How many of `running` are listens. */
  private listening = 0;
  private closed = false;
  private readonly reader = new SentenceReader();
  /** Bytes taken from the shared input budget. */
  private taken = 0;
  /** A login or a listen's start under way: later sentences wait for it. */
  private blocked = false;
  /** Not reading the socket because replies are not taken (until 'drain'). */
  private draining = false;
  private paused = false;

  constructor(private readonly socket: net.Socket, private readonly client: string, private readonly ctx: ApiContext) {
    this.reader.maxSentence = MAX_SENTENCE_BEFORE_LOGIN;
    socket.on('data', (chunk: Buffer) => {
      if (this.closed) return;
      this.reader.feed(chunk);
      if (!this.hold()) return;
      this.wake();
    });
    // A client that half-closes is done: the router closes the session (idle ones are kept).
    socket.on('end', () => { this.close(); socket.end(); });
    socket.on('close', () => this.close());
    socket.on('error', () => this.close());
  }

  get owner(): string {
    return this.login ? this.login.login.user : `\0${this.client}`;
  }

  /** Asks for a turn when there may be something to run. */
  private wake() {
    if (!this.closed && !this.blocked && !this.draining) this.ctx.turns.ready(this);
  }

  /** Keeps the input budget in step with what the reader holds; false (and the session ends) when it is spent. */
  private hold(): boolean {
    const over = Math.max(0, this.reader.held - OWN_INPUT);
    if (over > this.taken) {
      if (!this.ctx.input.take(over - this.taken)) {
        this.fatal('too much data');
        return false;
      }
    } else if (over < this.taken) {
      this.ctx.input.give(this.taken - over);
    }
    this.taken = over;
    return true;
  }

  /** One turn: sentences in order until `until`, unless something must be waited for first. */
  serve(until: number): boolean {
    // Whatever this turn answers leaves together when it ends (a record and its `!done`,
    // pipelined prints), in as few system calls as Node makes of it; see send.
    this.serving = true;
    this.socket.cork();
    try {
      return this.serveSentences(until);
    } finally {
      this.serving = false;
      this.socket.uncork();
    }
  }

  /** True while serve runs: the socket is corked until it returns. */
  private serving = false;

  private serveSentences(until: number): boolean {
    for (;;) {
      if (this.closed || this.blocked) return false;
      if (this.socket.writableLength > WRITE_HIGH) { this.awaitDrain(); return false; }
      if (this.running.size - this.listening >= MAX_RUNNING) { this.pauseIf(true); return false; }
      let words: string[] | undefined;
      try {
        words = this.reader.next();
      } catch (e) {
        if (!(e instanceof FramingError)) throw e;
        this.fatal(e.message === 'sentence too long' ? 'sentence too long' : 'invalid word length');
        return false;
      }
      if (!this.hold()) return false;
      if (!words) { this.pauseIf(false); return false; }
      if (words.length) this.accept(words);
      if (performance.now() >= until) {
        this.pauseIf(this.reader.held > READ_HIGH);
        return true;
      }
    }
  }

  /** Reads the socket or not. */
  private pauseIf(pause: boolean) {
    if (pause === this.paused || this.closed) return;
    this.paused = pause;
    if (pause) this.socket.pause();
    else if (!this.draining) this.socket.resume();
  }

  /** The client is not taking its replies: nothing more is read or run until it has. */
  private awaitDrain() {
    if (this.draining) return;
    this.draining = true;
    this.socket.pause();
    this.socket.once('drain', () => {
      this.draining = false;
      if (!this.paused) this.socket.resume();
      this.wake();
    });
  }

  /** Sends one sentence: its words and terminator as one buffer, never split across writes. */
  private send(type: string, attrs?: Reply, tag?: string) {
    this.sendBytes(encodeReply(type, attrs, tag));
  }

  /** Sends whole sentences' bytes. */
  private sendBytes(bytes: Buffer) {
    if (this.closed || this.socket.destroyed) return;
    // Sentences made in one turn of the event loop (a record and its `!done`) leave in one
    // system call; each is still whole in it. In serve the socket is corked already.
    if (!this.corked && !this.serving) {
      this.corked = true;
      this.socket.cork();
      setImmediate(this.uncork);
    }
    this.socket.write(bytes);
    // A stream (listen, ping) to a client that reads nothing: the connection goes.
    if (this.socket.writableLength > UNREAD_MAX) { this.socket.destroy(); this.close(); }
  }

  private corked = false;
  /** One function for every uncork (a closure per turn costs). */
  private readonly uncork = () => { this.corked = false; this.socket.uncork(); };

  private trap(e: unknown, tag?: string) {
    const attrs: Reply = {};
    if (e instanceof CommandError) {
      const category = CATEGORY_OF[e.kind];
      if (category !== undefined) attrs.category = String(category);
      attrs.message = e.message;
    } else {
      attrs.message = e instanceof Error ? e.message : String(e);
    }
    this.send('!trap', attrs, tag);
  }

  private fatal(reason: string) {
    if (this.closed) return;
    this.socket.write(encodeSentence(['!fatal', reason]));
    this.socket.end();
    // Nothing more is read; the connection goes after a moment, for the client to read the
    // `!fatal` before the close (a reset, with its bytes unread here) reaches it.
    this.socket.pause();
    setTimeout(() => this.socket.destroy(), FATAL_LINGER_MS).unref();
    this.close();
  }

  /**
   * Takes one sentence. A login takes a while (the password hash), and so does the first
   * look of a `listen`: what the client sent after either waits until it is done, so
   * `/login` then a command in one write works, and a change sent after a listen is seen by it.
   */
  private accept(words: string[]) {
    const wait = this.guarded(words);
    if (!wait) return;
    this.blocked = true;
    void wait.finally(() => { this.blocked = false; this.wake(); });
  }

  /** A fault of ours in one sentence is that sentence's `!trap`, never the end of the router. */
  private guarded(words: string[]): Promise<void> | undefined {
    const fail = (e: unknown) => {
      const tag = parse(words).tag;
      this.trap(e, tag);
      this.send('!done', undefined, tag);
    };
    try {
      return this.sentence(words)?.catch(fail);
    } catch (e) {
      fail(e);
      return undefined;
    }
  }

  /** Handles one sentence; returns what later sentences must wait for (a login, a listen's start). */
  private sentence(words: string[]): Promise<void> | undefined {
    if (this.closed) return;
    const p = parse(words);
    if (p.command === '/login') return this.doLogin(p);
    if (p.command === '/quit') { this.fatal('session terminated on request'); return; }
    if (!this.login) { this.send('!trap', { message: NOT_LOGGED_IN }, p.tag); this.send('!done', undefined, p.tag); return; }
    if (p.command === '/cancel') { this.cancel(p); return; }
    const { path, command } = commandWords(p.command);
    if (command === undefined) {
      // Not a command at all (a client's `#` keep-alive): refused, and the session goes on.
      this.trap(new CommandError('no-such-prefix', 'no such command prefix'), p.tag);
      this.send('!done', undefined, p.tag);
      return;
    }
    if (command === 'listen') return this.listen(p, [...path]);
    this.run(p, path, command);
    return undefined;
  }

  private async doLogin(p: Parsed) {
    // A challenge answer is the pre-6.43 login, which a 7.x router refuses.
    if ('response' in p.args) return this.refuseLogin(p.tag);
    // A bare /login is the first step of that old login: the challenge, nothing more.
    if (!('name' in p.args)) { this.send('!done', { ret: crypto.randomBytes(16).toString('hex') }, p.tag); return; }
    const opened = await this.ctx.logins.open(p.args.name, p.args.password ?? '', this.client, 'api');
    if (this.closed) { opened?.end(); return; }
    if (!opened) return this.refuseLogin(p.tag);
    this.login?.end();
    this.login = opened;
    // A RADIUS Disconnect-Request for this session closes the connection.
    opened.kicked = () => this.socket.destroy();
    this.reader.maxSentence = MAX_SENTENCE;
    this.send('!done', undefined, p.tag);
  }

  private refuseLogin(tag?: string) {
    this.send('!trap', { message: BAD_LOGIN }, tag);
    this.send('!done', undefined, tag);
  }

  /** This connection's hold on safe mode (`/safe-mode/take`): its end rolls back what it held. */
  private holder?: Holder;

  private session(): Session {
    const login = this.login!.login;
    this.holder ??= { user: login.user, via: 'api' };
    // The same session while the login and its policies are the same ones (most commands):
    // nothing the engine does with a session changes it.
    const kept = this.kept;
    if (kept && kept.user === login.user && kept.policies === login.policies && kept.holder === this.holder) return kept;
    return (this.kept = { user: login.user, policies: login.policies, address: this.client, via: 'api', holder: this.holder });
  }

  /** The last session made (see session). */
  private kept?: Session;

  /** The engine sentence of an API command: `.id` names records as the console's numbers do. */
  private engineSentence(p: Parsed, path: readonly string[], command: string): Sentence {
    const node = this.ctx.engine.walk(path);
    // `getall` is the old name of print, which clients such as mktxp still send.
    if (command === 'getall' && !node.rest.length && !node.node.commands.has('getall')) command = 'print';
    const args = { ...p.args };
    if ('.id' in args) {
      args[command === 'print' ? 'from' : command === 'get' ? 'number' : 'numbers'] = args['.id'];
      delete args['.id'];
    }
    return { path: [...path], command, args, query: p.query.length ? p.query : undefined, proplist: p.proplist };
  }

  /**
   * One command, beside the others of this connection. One that never waits (a print) is
   * answered in this very turn: no promise or timer stands between it and its `!done`. One
   * that waits ends at the request limit with `Session closed`.
   */
  private run(p: Parsed, path: readonly string[], command: string) {
    const tag = p.tag;
    // A print of one kept record whose answer is ready (nothing waits for the disk) goes at
    // once, as its whole kept answer when untagged: the same bytes the general way below
    // sends (its `!re`, then its `!done`), without what that way makes for a command.
    let one: Maybe<Reply> | undefined;
    try {
      one = this.printOne(p, path, command, this.session());
    } catch (e) {
      this.trap(e, tag);
      this.send('!done', undefined, tag);
      return;
    }
    if (one && !(one instanceof Promise)) {
      const bytes = printedOne(one, tag);
      if (bytes) this.sendBytes(bytes);
      else { this.send('!re', one, tag); this.send('!done', undefined, tag); }
      return;
    }
    const entry: Running = { tag, interrupted: false };
    let records = 0;
    let settled = false;
    const onRecord = (r: Reply) => {
      if (entry.interrupted || settled) return;
      records++;
      this.send('!re', r, tag);
    };
    const finish = (out: Outcome | undefined) => {
      if (entry.interrupted) return;
      const done = out?.done && Object.keys(out.done).length ? out.done : undefined;
      if (!records && !done && LISTS.has(command) && since(this.ctx.version, 'api-empty')) this.send('!empty', undefined, tag);
      this.send('!done', done, tag);
    };
    const fail = (e: unknown) => {
      if (entry.interrupted) return;
      this.trap(e, tag);
      this.send('!done', undefined, tag);
    };
    const limit = new LimitCancel();
    let ran: Maybe<Outcome | undefined>;
    try {
      if (one) ran = after(one, (record) => { onRecord(record); return NOTHING; });
      else ran = this.ctx.engine.execute(this.engineSentence(p, path, command), this.session(), { signal: new CommandCancel(limit, entry), onRecord });
    } catch (e) {
      return fail(e);
    }
    if (!(ran instanceof Promise)) return finish(ran);
    this.running.add(entry);
    const end = (then: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      then();
      this.running.delete(entry);
      // An interrupted command ends after /cancel's own `!done`.
      if (entry.interrupted) this.send('!done', undefined, tag);
      this.wake();
    };
    const timer = setTimeout(() => { limit.abort(); end(() => fail(sessionClosed())); }, this.ctx.requestLimitMs);
    ran.then((out) => end(() => finish(out)), (e) => end(() => fail(e)));
  }

  /**
   * `print` of one record by its `.id`, and nothing else asked (no query, no `.proplist`):
   * the commonest read of all, answered with the record as the engine keeps it (Engine.printOne).
   * Undefined for anything else, and for an id that names nothing: the whole print then
   * gives the router's own answer.
   */
  private printOne(p: Parsed, path: readonly string[], command: string, session: Session): Maybe<Reply> | undefined {
    if (command !== 'print' || p.query.length || p.proplist) return undefined;
    let id: string | undefined;
    for (const name in p.args) {
      if (name !== '.id' || id !== undefined) return undefined;
      id = p.args[name];
    }
    if (id === undefined || id.includes(',')) return undefined;
    const { node, rest } = this.ctx.engine.walk(path);
    if (rest.length || !node.menu) return undefined;
    const row = findRow(this.ctx.engine, node.menu, id.trim(), session);
    return row && this.ctx.engine.printOne(node, row, session);
  }

  /** `listen` (./listen.ts) as a command of this session: tagged records until cancelled. */
  private listen(p: Parsed, path: string[]): Promise<void> | undefined {
    const tag = p.tag;
    const entry: Running = { tag, interrupted: false };
    if (this.listening >= MAX_LISTENING) {
      this.send('!trap', { category: '5', message: TOO_MANY_LISTENING }, tag);
      this.send('!done', undefined, tag);
      return;
    }
    let following: Following;
    try {
      following = follow({
        engine: this.ctx.engine, path, session: this.session(), proplist: p.proplist,
        emit: (record) => { if (!entry.interrupted) this.send('!re', record, tag); },
        fail: (e) => { if (!entry.interrupted) this.trap(e, tag); },
      });
    } catch (e) {
      this.trap(e, tag);
      this.send('!done', undefined, tag);
      return;
    }
    const forget = () => { if (this.running.delete(entry)) this.listening--; };
    entry.stop = () => {
      following.stop();
      forget();
      this.wake();
      // The listen's own `!done` follows /cancel's.
      queueMicrotask(() => this.send('!done', undefined, tag));
    };
    this.running.add(entry);
    this.listening++;
    return following.ready.catch((e) => {
      if (entry.interrupted) return;
      following.stop();
      forget();
      this.trap(e, tag);
      this.send('!done', undefined, tag);
    });
  }

  /** `/cancel =tag=T` ends command T (`!trap` interrupted, then its `!done`); without a tag, every command. */
  private cancel(p: Parsed) {
    const target = p.args.tag;
    for (const entry of [...this.running]) {
      if (entry.tag === undefined || (target !== undefined && entry.tag !== target) || entry.interrupted) continue;
      entry.interrupted = true;
      this.send('!trap', { category: '2', message: INTERRUPTED }, entry.tag);
      entry.controller?.abort();
      entry.stop?.();
    }
    this.send('!done', undefined, p.tag);
  }

  /** The connection is gone: its commands stop, its login ends. */
  close() {
    if (this.closed) return;
    this.closed = true;
    for (const entry of this.running) {
      entry.interrupted = true;
      entry.controller?.abort();
      entry.stop?.();
    }
    this.running.clear();
    this.listening = 0;
    if (this.holder) this.ctx.engine.history.ended(this.holder);
    this.login?.end();
    this.login = undefined;
    this.reader.clear();
    this.ctx.input.give(this.taken);
    this.taken = 0;
  }
}
