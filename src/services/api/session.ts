// One API connection: its own login, and any number of commands at once, told apart by
// their `.tag`. Each word sentence becomes an engine sentence; the engine's records become
// `!re`, its end `!done` (with `=ret=` and the like), its errors `!trap` then `!done`.
// `/cancel` and the session side of `listen` (./listen.ts) live here: they are about the
// connection, not the configuration.

import crypto from 'node:crypto';
import type net from 'node:net';
import { CommandError } from '../../core/errors.js';
import type { Engine, Outcome, Sentence } from '../../core/engine.js';
import { after, type Maybe } from '../../core/maybe.js';
import { findRow } from '../../core/records.js';
import type { Reply, Session } from '../../core/schema.js';
import type { Cancel as LaneCancel, Lanes } from '../../auth/lanes.js';
import type { Login, Logins } from '../../auth/logins.js';
import { since } from '../../device/version.js';
import { BAD_LOGIN, CATEGORY_OF, INTERRUPTED, NOT_LOGGED_IN } from './errors.js';
import { follow, type Following } from './listen.js';
import { FramingError, SentenceReader, encodeReply, encodeSentence } from './words.js';

export interface ApiContext {
  engine: Engine;
  logins: Logins;
  lanes: Lanes;
  /** The RouterOS version the router reports (`--ros-version`). */
  version: string;
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
  const [command, ...rest] = words;
  // No prototype: `=__proto__=x` is an argument (refused as unknown), not a prototype change.
  const out: Parsed = { command: command ?? '', args: Object.create(null) as Record<string, string>, query: [] };
  for (const word of rest) {
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

/** What a print of one record ends with: its record went out as it came. */
const NOTHING: Outcome = Object.freeze({ records: [] });

/**
 * A command's cancellation: by the request limit (its lane) or by `/cancel` (its entry).
 * The AbortSignal is made only when the command asks for one (most never do).
 */
class CommandCancel {
  private made?: AbortSignal;

  constructor(private readonly lane: LaneCancel, private readonly entry: Running) {}

  get aborted(): boolean { return this.lane.aborted || this.entry.interrupted; }

  get signal(): AbortSignal {
    if (!this.made) {
      this.entry.controller = new AbortController();
      if (this.entry.interrupted) this.entry.controller.abort();
      this.made = AbortSignal.any([this.lane.signal, this.entry.controller.signal]);
    }
    return this.made;
  }
}

/** Commands whose reply is a list, which from 7.18 says `!empty` when it has nothing in it. */
const LISTS = new Set(['print', 'getall']);

export class ApiSession {
  private login?: { login: Login; end(): void };
  private readonly running = new Set<Running>();
  private closed = false;

  constructor(private readonly socket: net.Socket, private readonly client: string, private readonly ctx: ApiContext) {
    const reader = new SentenceReader();
    socket.on('data', (chunk: Buffer) => {
      let sentences: string[][];
      try {
        sentences = reader.push(chunk);
      } catch (e) {
        if (!(e instanceof FramingError)) throw e;
        this.fatal('invalid word length');
        return;
      }
      for (const words of sentences) if (words.length) this.accept(words);
    });
    // A client that half-closes is done: the router closes the session (idle ones are kept).
    socket.on('end', () => { this.close(); socket.end(); });
    socket.on('close', () => this.close());
    socket.on('error', () => this.close());
  }

  /** Sends one sentence: its words and terminator as one buffer, never split across writes. */
  private send(type: string, attrs?: Reply, tag?: string) {
    if (this.closed || this.socket.destroyed) return;
    // Sentences made in one turn of the event loop (a record and its `!done`) leave in one
    // system call; each is still whole in it.
    if (!this.corked) {
      this.corked = true;
      this.socket.cork();
      setImmediate(() => { this.corked = false; this.socket.uncork(); });
    }
    this.socket.write(encodeReply(type, attrs, tag));
  }

  private corked = false;

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
    this.close();
  }

  /**
   * Takes sentences in order. A login takes a while (the password hash), and so does the
   * first look of a `listen`: what the client sent after either waits until it is done, so
   * `/login` then a command in one write works, and a change sent after a listen is seen by it.
   */
  private accept(words: string[]) {
    if (this.waiting) {
      this.waiting++;
      this.inbox = this.inbox.then(() => this.guarded(words)).finally(() => { this.waiting--; });
      return;
    }
    const wait = this.guarded(words);
    if (wait) {
      this.waiting++;
      this.inbox = wait.finally(() => { this.waiting--; });
    }
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

  private waiting = 0;
  private inbox: Promise<void> = Promise.resolve();

  /** Handles one sentence; returns what later sentences must wait for (a login, a listen's start). */
  private sentence(words: string[]): Promise<void> | undefined {
    if (this.closed) return;
    const p = parse(words);
    if (p.command === '/login') return this.doLogin(p);
    if (p.command === '/quit') { this.fatal('session terminated on request'); return; }
    if (!this.login) { this.send('!trap', { message: NOT_LOGGED_IN }, p.tag); this.send('!done', undefined, p.tag); return; }
    if (p.command === '/cancel') { this.cancel(p); return; }
    const path = p.command.startsWith('/') ? p.command.slice(1).split('/').filter(Boolean) : [];
    const command = path.pop();
    if (command === undefined || !p.command.startsWith('/')) {
      // Not a command at all (a client's `#` keep-alive): refused, and the session goes on.
      this.trap(new CommandError('no-such-prefix', 'no such command prefix'), p.tag);
      this.send('!done', undefined, p.tag);
      return;
    }
    if (command === 'listen') return this.listen(p, path);
    void this.run(p, path, command);
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
    this.send('!done', undefined, p.tag);
  }

  private refuseLogin(tag?: string) {
    this.send('!trap', { message: BAD_LOGIN }, tag);
    this.send('!done', undefined, tag);
  }

  private session(): Session {
    const login = this.login!.login;
    return { user: login.user, policies: login.policies, address: this.client, via: 'api' };
  }

  /** The engine sentence of an API command: `.id` names records as the console's numbers do. */
  private engineSentence(p: Parsed, path: string[], command: string): Sentence {
    const node = this.ctx.engine.walk(path);
    // `getall` is the old name of print, which clients such as mktxp still send.
    if (command === 'getall' && !node.rest.length && !node.node.commands.has('getall')) command = 'print';
    const args = { ...p.args };
    if ('.id' in args) {
      args[command === 'print' ? 'from' : command === 'get' ? 'number' : 'numbers'] = args['.id'];
      delete args['.id'];
    }
    return { path, command, args, query: p.query.length ? p.query : undefined, proplist: p.proplist };
  }

  /**
   * One command, in its turn in the user's queue; it ends at the request limit. One that
   * finds the queue empty and never waits (a print) is answered in this very turn: no
   * promise stands between it and its `!done`.
   */
  private run(p: Parsed, path: string[], command: string) {
    const entry: Running = { tag: p.tag, interrupted: false };
    this.running.add(entry);
    const tag = p.tag;
    let records = 0;
    const onRecord = (r: Reply) => {
      if (entry.interrupted) return;
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
    const end = () => {
      this.running.delete(entry);
      // An interrupted command ends after /cancel's own `!done`.
      if (entry.interrupted) this.send('!done', undefined, tag);
    };
    let ran: Maybe<Outcome | undefined> = undefined;
    try {
      const session = this.session();
      ran = this.ctx.lanes.run(session.user, (lane) => {
        if (entry.interrupted) return undefined;
        const one = this.printOne(p, path, command, session);
        if (one) return after(one, (record) => { onRecord(record); return NOTHING; });
        const sentence = this.engineSentence(p, path, command);
        return this.ctx.engine.execute(sentence, session, { signal: new CommandCancel(lane, entry), onRecord });
      });
      if (ran instanceof Promise) ran.then(finish).catch(fail).finally(end);
      else finish(ran);
    } catch (e) {
      fail(e);
    } finally {
      if (!(ran instanceof Promise)) end();
    }
  }

  /**
   * `print` of one record by its `.id`, and nothing else asked (no query, no `.proplist`):
   * the commonest read of all, answered with the record as the engine keeps it (Engine.printOne).
   * Undefined for anything else, and for an id that names nothing: the whole print then
   * gives the router's own answer.
   */
  private printOne(p: Parsed, path: string[], command: string, session: Session): Maybe<Reply> | undefined {
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
    entry.stop = () => {
      following.stop();
      this.running.delete(entry);
      // The listen's own `!done` follows /cancel's.
      queueMicrotask(() => this.send('!done', undefined, tag));
    };
    this.running.add(entry);
    return following.ready.catch((e) => {
      if (entry.interrupted) return;
      following.stop();
      this.running.delete(entry);
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
    this.login?.end();
    this.login = undefined;
  }
}
