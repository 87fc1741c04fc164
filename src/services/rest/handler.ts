// The REST face: (method, URL, JSON body) -> a sentence for the engine, and the engine's
// reply -> status and JSON, as section 4 of the REST specification lays out. It only
// translates; the engine decides.

import { CommandError, noSuchCommand, noSuchDirectory } from '../../core/errors.js';
import type { Engine, Node, Outcome, Sentence } from '../../core/engine.js';
import { findRow, findRows } from '../../core/records.js';
import type { Reply, Session } from '../../core/schema.js';
import { formatId, type Row } from '../../core/store.js';
import type { Cancel, Lanes } from '../../auth/lanes.js';
import { digestOf, type Login, type Logins } from '../../auth/logins.js';
import { readBody, type Body } from './body.js';
import { after, type Maybe } from '../../core/maybe.js';
import { MISSING_ID, RestError, STATUS_OF, errorBody } from './errors.js';

export interface RestRequest {
  method: string;
  /** Raw request target: path and query, still percent-encoded. */
  url: string;
  authorization?: string;
  contentType?: string;
  /** The body's bytes (read as UTF-8 by the REST face, which refuses anything else), or text. */
  body: string | Buffer;
  client: string;
  /** `http` or `https`, and the Host header, for the Location of a new record. */
  scheme: string;
  host?: string;
  /** The connection it came on: credentials sent again on it are not decoded again. */
  connection?: object;
}

export interface RestReply {
  status: number;
  headers: Readonly<Record<string, string>>;
  /** The body: text, its bytes (a record's kept text), or (a long list) its text in pieces. */
  body: string | Buffer | string[];
}

/** Shared by replies: nothing on the way out changes a reply's headers. */
const JSON_TYPE: Readonly<Record<string, string>> = Object.freeze({ 'Content-Type': 'application/json' });
/** The spec's challenge, word for word (section 4.6). */
const CHALLENGE = { 'WWW-Authenticate': 'Basic' };
/**
 * A body of another type: the spec gives 415 without a detail and no source shows the real
 * router's; the detail says what the service takes (docs/routeros-facts.md 50.1).
 */
const UNSUPPORTED_TYPE = 'Content-Type must be application/json';
/** A user whose group has `rest-api` but not `api` (spec section 7). */
const NOT_ALLOWED = 'std failure: not allowed (9)';

const reply = (status: number, body: unknown, headers?: Record<string, string>): RestReply =>
  ({ status, headers: headers ? { ...JSON_TYPE, ...headers } : JSON_TYPE, body: JSON.stringify(body) });

const failed = (status: number, detail?: string, headers: Record<string, string> = {}): RestReply =>
  ({ status, headers: { ...JSON_TYPE, ...headers }, body: errorBody(status, detail) });

/**
 * Credentials refused, or a group without `rest-api`: 401. A REST login whose API login
 * behind it was refused (no `api` policy) fails every request alike.
 */
const admitted = (login: Login | undefined): Login | RestReply =>
  !login ? failed(401, undefined, CHALLENGE) : !login.allowed ? failed(500, NOT_ALLOWED) : login;

/** Splits the path after /rest into decoded words; a %2A in a word is refused, as the router does. */
export function pathWords(rawPath: string): string[] {
  const words: string[] = [];
  for (const raw of rawPath.split('/')) {
    if (raw === '') continue;
    if (/%2a/i.test(raw)) throw new CommandError('no-such-prefix', 'no such command prefix');
    try {
      words.push(decodeURIComponent(raw));
    } catch {
      throw noSuchDirectory(raw);
    }
  }
  return words;
}

/** URL query parameters in order: `name=value` filters and `.proplist`. */
function urlParams(query: string): [string, string][] {
  if (!query) return [];
  const out: [string, string][] = [];
  for (const part of query.split('&')) {
    if (!part) continue;
    const eq = part.indexOf('=');
    const dec = (s: string) => { try { return decodeURIComponent(s.replace(/\+/g, ' ')); } catch { return s; } };
    out.push(eq < 0 ? [dec(part), ''] : [dec(part.slice(0, eq)), dec(part.slice(eq + 1))]);
  }
  return out;
}

/** A GET's URL query: `.proplist`, and every other parameter an exact-match filter (`.query` in a URL is no query). */
function getParams(query: string): { filters: string[]; proplist?: string[] } {
  const params = urlParams(query);
  const proplist = params.find(([k]) => k === '.proplist')?.[1].split(',').filter(Boolean);
  const filters = params.filter(([k]) => k !== '.proplist' && k !== '.query').map(([k, v]) => `${k}=${v}`);
  return { filters, proplist };
}

/** An Authorization header as read: who, the password, and the digest a kept login compares. */
interface Credentials {
  readonly header: string;
  readonly user: string;
  readonly password: string;
  readonly digest: ReturnType<typeof digestOf>;
  /** The login they were last given on this connection. */
  login?: Login;
}

/** A request path as read: its words (decoded) and the URL query after it. */
interface Target {
  readonly words: readonly string[];
  readonly query: string;
  /** Where the words lead in the menu tree (which does not change while the router runs). */
  walked?: { readonly node: Node; readonly rest: readonly string[] };
  /**
   * Whether the first word after the node names a menu this router lacks, as the engine's
   * `lacks` (set at each boot) said: the answer reads the release's trees by path, a cost
   * every GET of one record paid again.
   */
  lacking?: { readonly lacks: Engine['lacks']; readonly value: boolean };
}

/** How many request targets are kept read; clients ask for the same few URLs again and again. */
const TARGETS_KEPT = 1024;

export class RestHandler {
  /** The last credentials each connection sent (most clients send the same on every request). */
  private readonly credentials = new WeakMap<object, Credentials>();
  private readonly targets = new Map<string, Target>();
  private readonly paths = new WeakMap<Node, string[]>();
  /** The JSON bytes of records the engine keeps (see recordReply). */
  private readonly texts = new WeakMap<Reply, Buffer>();
  /** The JSON bytes of whole tables' lists the engine keeps (see listReply). */
  private readonly lists = new WeakMap<readonly Reply[], Buffer>();

  constructor(private readonly engine: Engine, private readonly logins: Logins, private readonly lanes: Lanes) {}

  /**
   * The first step of a request, from its head alone, before any of its body is read: the
   * login it runs as, or the reply that refuses it.
   */
  admit(method: string, authorization: string | undefined, client: string, connection?: object): Maybe<Login | RestReply> {
    // A browser's preflight gets no CORS answer: another origin cannot call the service.
    if (method === 'OPTIONS') return failed(503);
    // A login this connection's credentials already hold is known at once (most requests).
    const kept = this.keptLogin(authorization, client, connection);
    if (kept) return admitted(kept);
    const login = this.login(authorization, client, connection);
    return login ? login.then(admitted) : admitted(undefined);
  }

  /**
   * A whole request, run as `login` (which `admit` gave). The reply itself when it is ready
   * in the same turn (a GET, when nothing of the user's is under way and nothing waits for
   * the disk), otherwise its promise.
   */
  handle(req: RestRequest, login: Login): Maybe<RestReply> {
    const session: Session = { user: login.user, policies: login.policies, address: req.client, via: 'rest-api' };
    try {
      const target = this.target(req.url);
      if (!target) return failed(404);
      const { query } = target;
      let body: Body = { args: {} };
      if (req.body.length) {
        if (!/^application\/json\b/i.test(req.contentType ?? '')) return failed(415, UNSUPPORTED_TYPE);
        body = readBody(req.body);
      }
      const out = this.lanes.run(login.user, (cancel) => this.dispatch(req, target, query, body, session, cancel));
      return out instanceof Promise ? out.catch((e) => this.failure(e, req.method)) : out;
    } catch (e) {
      return this.failure(e, req.method);
    }
  }

  /** The kept login of the credentials this connection sent before, if they are sent again and it stands. */
  private keptLogin(authorization: string | undefined, client: string, connection: object | undefined): Login | undefined {
    const c = connection && this.credentials.get(connection);
    if (!c || c.header !== (authorization ?? '')) return undefined;
    return (c.login = this.logins.keptLogin(c.user, client, 'rest-api', c.digest, c.login));
  }

  private login(authorization: string | undefined, client: string, connection: object | undefined): Promise<Login | undefined> | undefined {
    const header = authorization ?? '';
    let c = connection && this.credentials.get(connection);
    if (!c || c.header !== header) {
      const m = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header);
      if (!m) return undefined;
      const text = Buffer.from(m[1], 'base64').toString('utf8');
      const colon = text.indexOf(':');
      if (colon < 0) return undefined;
      const user = text.slice(0, colon);
      const password = text.slice(colon + 1);
      c = { header, user, password, digest: digestOf(user, password) };
      if (connection) this.credentials.set(connection, c);
    }
    // Every request is still checked against the user as it is now (Logins.authenticate).
    return this.logins.authenticate(c.user, c.password, client, 'rest-api', c.digest);
  }

  /** A node's path as sentence words, made once per node (sentences do not change their path). */
  private pathOf(node: Node): string[] {
    let path = this.paths.get(node);
    if (!path) this.paths.set(node, (path = Object.freeze(node.path ? node.path.split('/') : []) as string[]));
    return path;
  }

  /** The path words and query of a request target, or undefined for a path outside /rest. */
  private target(url: string): Target | undefined {
    const known = this.targets.get(url);
    if (known) return known;
    const q = url.indexOf('?');
    const rawPath = q < 0 ? url : url.slice(0, q);
    if (rawPath !== '/rest' && !rawPath.startsWith('/rest/')) return undefined;
    // pathWords throws for a word the router refuses; such a target is not kept.
    const target: Target = { words: pathWords(rawPath.slice(5)), query: q < 0 ? '' : url.slice(q + 1) };
    if (this.targets.size >= TARGETS_KEPT) this.targets.clear();
    this.targets.set(url, target);
    return target;
  }

  private failure(e: unknown, method: string): RestReply {
    if (e instanceof RestError) return failed(e.status, e.detail);
    if (e instanceof CommandError) {
      // A user without the policy to change or remove, or a record the router never
      // removes, is told the request had no usable identifier (spec section 7).
      if ((method === 'PATCH' || method === 'DELETE') && (e.kind === 'permission' || e.kind === 'cannot-remove')) {
        return failed(400, MISSING_ID);
      }
      // The user's API session is gone (spec section 8: "the connection closes with 400").
      if (e.kind === 'session-closed') return failed(400, e.message, { Connection: 'close' });
      return failed(STATUS_OF[e.kind], e.message);
    }
    throw e;
  }

  /** What a request asks, answered; a GET may be answered in the turn it came in. */
  private dispatch(req: RestRequest, target: Target, query: string, body: Body, session: Session, cancel: Cancel): Maybe<RestReply> {
    const { node, rest } = (target.walked ??= this.engine.walk(target.words));
    // A menu of a package not installed (or of hardware the board lacks) is not there, whatever
    // the method; under a table its word names a record only if one has that name
    // (docs/routeros-facts.md 50.2).
    if (rest.length && this.lacksMenu(target, node, rest[0]) && !(rest.length === 1 && this.namesRecord(req.method, node, rest[0], session))) {
      throw noSuchDirectory(rest[0]);
    }
    if (req.method === 'GET') {
      if (rest.length > 1) throw noSuchDirectory(rest[0]);
      return rest.length ? this.getOne(node, rest[0], query, session, cancel) : this.getAll(node, query, session, cancel);
    }
    return this.dispatchWaiting(req, node, rest, body, session, cancel);
  }

  /** Engine.lacksMenu for a target's first word after its node, kept with the target while the boot's `lacks` stands. */
  private lacksMenu(target: Target, node: Node, word: string): boolean {
    const lacks = this.engine.lacks;
    const known = target.lacking;
    if (known && known.lacks === lacks) return known.value;
    const value = this.engine.lacksMenu(node, word);
    target.lacking = { lacks, value };
    return value;
  }

  /** GET of a menu: the settings of a settings menu, the records of a table. */
  private getAll(node: Node, query: string, session: Session, cancel: Cancel): Maybe<RestReply> {
    const menu = node.menu;
    if (!menu || !node.commands.has('print')) throw noSuchCommand();
    if (!query && menu.decl.kind === 'table') {
      const all = this.engine.printAll(node, session);
      if (all) return after(all, (records) => this.listReply(records));
    }
    const { filters, proplist } = getParams(query);
    const sentence: Sentence = { path: this.pathOf(node), command: 'print', args: {}, query: filters, proplist };
    if (menu.decl.kind === 'settings') return after(this.engine.execute(sentence, session, { signal: cancel }), (out) => reply(200, out.records[0] ?? {}));
    return after(this.listed(sentence, session, cancel), (out) => out.reply);
  }

  /** GET of one record: `/rest/ip/address/*1` (an id, or a name where records have one). */
  private getOne(node: Node, word: string, query: string, session: Session, cancel: Cancel): Maybe<RestReply> {
    const menu = node.menu;
    if (!menu && !node.commands.has(word)) throw noSuchDirectory(word);
    if (word === 'print' && menu?.decl.restPrintByGetOnly) throw new RestError(500);
    if (node.commands.has(word) || !menu || menu.decl.kind !== 'table') throw noSuchCommand();
    const found = this.recordRow(node, word, session);
    if (!found) return failed(404);
    if (!query) {
      const one = this.engine.printOne(node, found, session);
      if (one) return after(one, (r) => this.recordReply(r));
    }
    const { filters, proplist } = getParams(query);
    return after(this.engine.execute({ path: this.pathOf(node), command: 'print', args: { from: formatId(found.id) }, query: filters, proplist }, session, { signal: cancel }),
      (out) => (out.records.length ? reply(200, out.records[0]) : failed(404)));
  }

  /**
   * 200 with a record printOne gave. A view the engine keeps (views.ts) comes back as the
   * same object while the configuration stays the same, and is frozen: it never changes, so
   * neither do its bytes, which are kept with it, ready for the socket as they are.
   */
  private recordReply(record: Reply): RestReply {
    if (!Object.isFrozen(record)) return reply(200, record);
    let body = this.texts.get(record);
    if (!body) this.texts.set(record, (body = Buffer.from(JSON.stringify(record))));
    return { status: 200, headers: JSON_TYPE, body };
  }

  /**
   * 200 with a whole table printAll gave: the kept list of kept views, the same frozen
   * list while the configuration stays the same, so its bytes are kept with it. They are
   * the bytes `listed` makes of the same records: the records' JSON joined by commas in
   * brackets.
   */
  private listReply(records: readonly Reply[]): RestReply {
    let body = this.lists.get(records);
    if (!body) {
      const texts: string[] = [];
      for (const r of records) texts.push(JSON.stringify(r));
      this.lists.set(records, (body = Buffer.from('[' + texts.join(',') + ']')));
    }
    return { status: 200, headers: JSON_TYPE, body };
  }

  private async dispatchWaiting(req: RestRequest, node: Node, rest: readonly string[], body: Body, session: Session, cancel: Cancel): Promise<RestReply> {
    const run = (sentence: Sentence): Promise<Outcome> => this.engine.run(sentence, session, { signal: cancel });
    const path = this.pathOf(node);
    switch (req.method) {
      case 'PUT': {
        if (rest.length) throw rest.length === 1 ? noSuchCommand() : noSuchDirectory(rest[0]);
        if (!node.menu || node.menu.decl.kind !== 'table') throw noSuchCommand();
        const added = await run({ path, command: 'add', args: body.args });
        const id = added.done?.ret ?? '';
        const out = await run({ path, command: 'print', args: { from: id } });
        const location = `${req.scheme}://${req.host ?? 'localhost'}/rest/${path.join('/')}/${id}`;
        return reply(201, out.records[0] ?? {}, { Location: location });
      }
      case 'PATCH': {
        if (rest.length !== 1 || !node.menu || node.menu.decl.kind !== 'table') throw new RestError(400, MISSING_ID);
        const id = this.record(node, rest[0], session);
        if (!id) return failed(404);
        await run({ path, command: 'set', args: { ...body.args, numbers: id } });
        const out = await run({ path, command: 'print', args: { from: id } });
        return reply(200, out.records[0] ?? {});
      }
      case 'DELETE': {
        if (rest.length !== 1 || !node.menu || node.menu.decl.kind !== 'table') throw new RestError(400, MISSING_ID);
        if (!node.commands.has('remove')) {
          // A record the board itself has (an Ethernet port) has no identifier a remove could use.
          if (node.menu.decl.permanent) throw new RestError(400, MISSING_ID);
          throw noSuchDirectory('remove');
        }
        const id = this.record(node, rest[0], session);
        if (!id) return failed(404);
        await run({ path, command: 'remove', args: { numbers: id } });
        return { status: 204, headers: {}, body: '' };
      }
      case 'POST': {
        if (rest.length !== 1) throw rest.length ? noSuchDirectory(rest[0]) : noSuchCommand();
        if (rest[0] === 'print' && node.menu?.decl.restPrintByGetOnly) throw new RestError(500);
        // A remove on a table that has none (/interface) is 406 with the console's words, as
        // the REST manual's Errors section shows (docs/routeros-facts.md 16).
        if (rest[0] === 'remove' && node.menu?.decl.kind === 'table' && !node.commands.has('remove')) {
          throw new RestError(406, noSuchDirectory('remove').message);
        }
        const args = { ...body.args };
        // In a body `.id` names the record(s) a command works on: the console's `numbers`.
        if ('.id' in args) { args.numbers = args['.id']; delete args['.id']; }
        const out = await this.listed({ path, command: rest[0], args, query: body.query, proplist: body.proplist }, session, cancel);
        if (out.done && Object.keys(out.done).length) return reply(200, out.done);
        return out.reply;
      }
      default:
        return failed(400, 'unsupported method');
    }
  }

  /**
   * Runs a command whose records make a JSON list. Each record is turned into JSON as it
   * comes, so a list of 100,000 never exists as 100,000 objects at once.
   */
  private listed(sentence: Sentence, session: Session, cancel: Cancel): Maybe<{ reply: RestReply; done?: Reply }> {
    // The text goes into pieces of about 64 KiB as it comes: no one string of the whole
    // reply (13 MB for 100,000 entries) is ever made, nor a copy of it to send. The pieces
    // are strings in the heap, not buffers outside it, so that the collector counts them
    // (buffers outside the heap are collected only after 64 MB of them more).
    const pieces: string[] = [];
    let part: string[] = [];
    let size = 0;
    const onRecord = (r: Reply) => {
      const text = JSON.stringify(r);
      part.push(text);
      size += text.length;
      if (size >= 65536) { pieces.push((pieces.length ? ',' : '[') + part.join(',')); part = []; size = 0; }
    };
    return after(this.engine.execute(sentence, session, { signal: cancel, onRecord }), (out) => {
      pieces.push((pieces.length ? (part.length ? ',' : '') : '[') + part.join(',') + ']');
      return { reply: { status: 200, headers: { ...JSON_TYPE }, body: pieces }, done: out.done };
    });
  }

  /** Whether a GET, PATCH or DELETE names a record of a table by this word. */
  private namesRecord(method: string, node: Node, word: string, session: Session): boolean {
    return (method === 'GET' || method === 'PATCH' || method === 'DELETE') && node.menu?.decl.kind === 'table' && this.recordRow(node, word, session) !== undefined;
  }

  /** The id of the record a URL word names (an id, or a name in menus with names). */
  private record(node: Node, word: string, session: Session): string | undefined {
    const row = this.recordRow(node, word, session);
    return row && formatId(row.id);
  }

  /** The record a URL word names (rows a session may see: the script environment shows a user their own). */
  private recordRow(node: Node, word: string, session: Session): Row | undefined {
    const menu = node.menu!;
    // One record (nearly every URL) is looked up without a list; a comma-separated list
    // names its first record, and nothing when any of them is not there.
    if (!word.includes(',')) return findRow(this.engine, menu, word.trim(), session);
    try {
      return findRows(this.engine, menu, word, session)[0];
    } catch (e) {
      if (e instanceof CommandError && e.kind === 'no-such-item') return undefined;
      throw e;
    }
  }
}

