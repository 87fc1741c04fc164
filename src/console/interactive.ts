// `vrouter console [URL] [--user NAME] [--password PW]`: the router's interactive console,
// as an SSH session shows it, over the router's own REST service. The prompt is the
// router's (`[admin@MikroTik] /ip/address>`); a line that only moves (`/ip address`, `..`,
// `firewall`) changes the prompt's path; any other line runs on the router through
// `/execute as-string` at the current path, and what it printed is shown. Tab completes menu
// and command names and argument names from `/console/inspect`; up and down walk the
// history of the session.

import { Writable } from 'node:stream';
import { parse } from './parser.js';
import { runTerminal } from './line-editor.js';
import { readline } from '../core/later-modules.js';

export interface ConsoleOptions {
  url: string;
  user: string;
  /** The password given; without one the empty password is tried first, then `askPassword`. */
  password?: string;
  askPassword?: () => Promise<string>;
  input: NodeJS.ReadableStream;
  output: NodeJS.WritableStream;
  terminal?: boolean;
}

interface Child { name: string; type: 'dir' | 'cmd' | 'arg' }

/**
 * What the console needs of the router it runs on. `vrouter console` reaches it over REST
 * (RestBackend below); the ssh and telnet faces reach it in the same process
 * (src/services/terminal.ts). The console itself does not care which.
 */
export interface ConsoleBackend {
  /** The router's identity, or undefined when it cannot be read. */
  identity(): Promise<string | undefined>;
  /** Runs a script as the console's user; the text it printed, or the failure's message. */
  execute(script: string): Promise<{ ok: boolean; text: string }>;
  /** `/console/inspect request=child|syntax path=...`: the records it gives. */
  inspect(request: 'child' | 'syntax', path: string): Promise<Record<string, string>[]>;
  /** Safe mode for this console's session, where the router has one for it (not over REST). */
  safeMode?: SafeModeControl;
}

/** What Ctrl-X does to safe mode, and what the console hears of it (src/core/history.ts). */
export interface SafeModeControl {
  /** This console holds safe mode: the prompt says `<SAFE>`. */
  held(): boolean;
  /** Ctrl-X: taken, released, or held by another session (the console asks what to do). */
  toggle(): 'taken' | 'released' | 'other';
  /** The answer to `[u/r/d]`: undo the other session's changes, or keep them, and take it. */
  hijack(choice: 'u' | 'r'): void;
  /** Ctrl-D: every change made in safe mode taken back. */
  unroll(): void;
  /** `/quit`: the changes kept. */
  release(): void;
  /** Where a line for this console goes when another session makes one (undefined: nowhere). */
  onNotice(f: ((line: string) => void) | undefined): void;
}

/** How a console greets and draws (the ssh and telnet faces set these from the login). */
export interface TerminalOptions {
  backend: ConsoleBackend;
  user: string;
  identity: string;
  version: string;
  input: NodeJS.ReadableStream;
  output: NodeJS.WritableStream;
  terminal?: boolean;
  /** A dumb terminal (login option `e`): no escape sequences. */
  dumb?: boolean;
  /** Ctrl-C while a command runs: ends it. */
  interrupt?: () => void;
}

class Api {
  private readonly auth: string;
  constructor(private readonly base: string, user: string, password: string) {
    this.auth = 'Basic ' + Buffer.from(`${user}:${password}`).toString('base64');
  }

  async call(method: string, path: string, body?: unknown): Promise<{ status: number; json: any }> {
    const res = await fetch(`${this.base}/rest/${path}`, {
      method,
      headers: { Authorization: this.auth, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    let json: any;
    try { json = text ? JSON.parse(text) : undefined; } catch { json = undefined; }
    return { status: res.status, json };
  }
}

/** The router behind its REST service. */
class RestBackend implements ConsoleBackend {
  constructor(private readonly api: Api) {}

  async identity() {
    const id = await this.api.call('GET', 'system/identity');
    return id.status === 200 ? String(id.json.name) : undefined;
  }

  async execute(script: string) {
    const res = await this.api.call('POST', 'execute', { script, 'as-string': '' });
    // The router separates output lines with CR LF; given here as plain lines.
    const text = (res.status === 200 ? String(res.json?.ret ?? '') : String(res.json?.detail ?? res.json?.message ?? res.status)).replace(/\r\n/g, '\n');
    return { ok: res.status === 200, text };
  }

  async inspect(request: 'child' | 'syntax', path: string) {
    const res = await this.api.call('POST', 'console/inspect', { request, path });
    return res.status === 200 && Array.isArray(res.json) ? res.json : [];
  }
}

/** The menu tree as `/console/inspect` describes it, asked for one level at a time. */
export class Tree {
  private readonly cache = new Map<string, Child[]>();
  constructor(private readonly backend: ConsoleBackend) {}

  async children(path: string[]): Promise<Child[]> {
    const key = path.join(',');
    let out = this.cache.get(key);
    if (!out) {
      const records = await this.backend.inspect('child', key);
      // A `path` node (/ip, /interface) is a directory to move into like any other.
      out = records.filter((r) => r.type === 'child').map((r) => ({ name: r.name, type: (r['node-type'] === 'path' ? 'dir' : r['node-type']) as Child['type'] }));
      this.cache.set(key, out!);
    }
    return out!;
  }

  /** The directory a list of path words names from `cwd`, or undefined when a word is no directory. */
  async walk(cwd: string[], words: string[]): Promise<string[] | undefined> {
    const path = [...cwd];
    for (const w of words) {
      if (w === '' ) continue;
      if (w === '..') { path.pop(); continue; }
      const kids = await this.children(path);
      const exact = kids.find((k) => k.name === w && k.type === 'dir');
      const prefixed = kids.filter((k) => k.type === 'dir' && k.name.startsWith(w));
      const dir = exact ?? (prefixed.length === 1 ? prefixed[0] : undefined);
      if (!dir) return undefined;
      path.push(dir.name);
    }
    return path;
  }
}

/** The words of a line that only moves to another menu, or undefined for any other line. */
export function navigation(line: string): { absolute: boolean; words: string[] } | undefined {
  let script;
  try {
    script = parse(line);
  } catch {
    return undefined;
  }
  if (script.body.length !== 1) return undefined;
  const stmt = script.body[0];
  if (stmt.kind !== 'command' || stmt.prefix === ':' || stmt.args.length) return undefined;
  const words = stmt.head.flatMap((w) => w.text.split('/'));
  return { absolute: stmt.prefix === '/', words };
}

/** `(line 2 column 5)` of the script sent is line 1 of what was typed (the path line comes first). */
function localize(ret: string): string {
  return ret
    .replace(/\(line (\d+) column (\d+)\)/g, (_m, l: string, c: string) => `(line ${Math.max(1, Number(l) - 1)} column ${c})`)
    // The console shows a failure without the command and line `/execute as-string` adds.
    .replace(/ \([^()]*(?:\([^()]*\))?; line \d+\)$/, '');
}

export async function runConsole(o: ConsoleOptions): Promise<number> {
  const base = o.url.replace(/\/+$/, '');
  const write = (s: string) => o.output.write(s);
  // The empty password first (the default admin has none), then the one asked for, if any.
  let api = new Api(base, o.user, o.password ?? '');
  let identity: string;
  let version = '';
  try {
    let id = await api.call('GET', 'system/identity');
    if (id.status === 401 && o.password === undefined && o.askPassword) {
      api = new Api(base, o.user, await o.askPassword());
      id = await api.call('GET', 'system/identity');
    }
    if (id.status === 401) {
      write('Login failed, incorrect username or password\n');
      return 1;
    }
    if (id.status !== 200) {
      write(`${id.json?.detail ?? id.json?.message ?? `error ${id.status}`}\n`);
      return 1;
    }
    identity = id.json.name;
    const res = await api.call('GET', 'system/resource');
    version = res.json?.version?.split(' ')[0] ?? '';
  } catch (e) {
    write(`cannot connect to ${o.url}: ${unreachable(e)}\n`);
    return 1;
  }
  write(banner(version, new Date().getFullYear()).replace(/\n/g, '\r\n'));
  // The console reads keys as they are typed: a terminal in raw mode, as the router's.
  const tty = o.input as NodeJS.ReadStream;
  if (o.terminal && tty.isTTY) tty.setRawMode(true);
  try {
    return await runTerminal({ backend: new RestBackend(api), user: o.user, identity, version, input: o.input, output: o.output, terminal: o.terminal });
  } finally {
    if (o.terminal && tty.isTTY) { tty.setRawMode(false); tty.pause(); }
  }
}

/** Why a router could not be reached: fetch's cause in words (`connection refused`), not `fetch failed`. */
function unreachable(e: unknown): string {
  const cause = (e as { cause?: NodeJS.ErrnoException }).cause;
  const code = cause?.code ?? (e as NodeJS.ErrnoException).code;
  const words: Record<string, string> = {
    ECONNREFUSED: 'connection refused, no router listens there', ECONNRESET: 'connection reset',
    ETIMEDOUT: 'timed out', EHOSTUNREACH: 'host unreachable', ENOTFOUND: 'no such host', EPROTO: 'not HTTP',
  };
  return code ? `${words[code] ?? cause?.message ?? code} (${code})` : cause?.message ?? (e as Error).message;
}

/** The router's banner at login (its manual's Console page shows it), before the first prompt. */
export function banner(version: string, year: number): string {
  return [
    '',
    '',
    '  MMM      MMM       KKK                          TTTTTTTTTTT      KKK',
    '  MMMM    MMMM       KKK                          TTTTTTTTTTT      KKK',
    '  MMM MMMM MMM  III  KKK  KKK  RRRRRR     OOOOOO      TTT     III  KKK  KKK',
    '  MMM  MM  MMM  III  KKKKK     RRR  RRR  OOO  OOO     TTT     III  KKKKK',
    '  MMM      MMM  III  KKK KKK   RRRRRR    OOO  OOO     TTT     III  KKK KKK',
    '  MMM      MMM  III  KKK  KKK  RRR  RRR   OOOOOO      TTT     III  KKK  KKK',
    '',
    `  MikroTik RouterOS ${version} (c) 1999-${year}       https://www.mikrotik.com/`,
    '',
    '',
    'Press F1 for help',
    '',
    '',
  ].join('\n');
}

/**
 * Runs one line typed at `cwd` and gives what the console prints for it (without the
 * trailing newline), and whether it ran.
 */
export async function runLine(backend: ConsoleBackend, cwd: readonly string[], line: string): Promise<{ ok: boolean; text: string }> {
  const res = await backend.execute(`/${cwd.join('/')}\n${line}`);
  return { ok: res.ok, text: localize(res.text) };
}

export { runTerminal } from './line-editor.js';

/**
 * Completion of the last word of a line: a menu or command name where one may follow, an
 * argument name (`address=`) after a command. One candidate completes the word; several
 * are listed.
 */
export async function complete(tree: Tree, cwd: string[], line: string): Promise<[string[], string]> {
  const tokens = line.split(/\s+/);
  const last = tokens.pop() ?? '';
  if (last.includes('=') || /["$[({]/.test(line)) return [[], last];
  let path = tokens[0]?.startsWith('/') || (tokens.length === 0 && last.startsWith('/')) ? [] : [...cwd];
  let command: string | undefined;
  const walkWord = async (w: string): Promise<boolean> => {
    for (const part of w.split('/')) {
      if (part === '') continue;
      if (part === '..') { path.pop(); continue; }
      if (command) return true;
      const kids = await tree.children(path);
      const dir = kids.find((k) => k.type === 'dir' && k.name === part);
      if (dir) { path.push(part); continue; }
      const cmd = kids.find((k) => k.type === 'cmd' && k.name === part);
      if (cmd) { command = part; continue; }
      return false;
    }
    return true;
  };
  for (const t of tokens) if (t && !(await walkWord(t))) return [[], last];
  const slash = last.lastIndexOf('/');
  const head = slash >= 0 ? last.slice(0, slash + 1) : '';
  const partial = slash >= 0 ? last.slice(slash + 1) : last;
  if (head && !(await walkWord(head))) return [[], partial];
  if (command) {
    const args = await tree.children([...path, command]);
    const hits = args.filter((a) => a.type === 'arg' && a.name.startsWith(partial)).map((a) => `${a.name}=`);
    return [hits, partial];
  }
  const kids = await tree.children(path);
  const hits = kids.filter((k) => k.name.startsWith(partial) && k.type !== 'arg');
  if (hits.length === 1) return [[hits[0].name + (slash >= 0 && hits[0].type === 'dir' ? '/' : ' ')], partial];
  return [hits.map((k) => k.name), partial];
}

/**
 * What `?` shows: the words that may follow the line typed so far, from `/console/inspect`
 * `syntax` (name, then ` -- ` and its note where it has one), with `..` first below the root.
 */
export async function help(tree: Tree, backend: ConsoleBackend, cwd: readonly string[], typed: string): Promise<string> {
  let path = typed.trimStart().startsWith('/') ? [] : [...cwd];
  for (const word of typed.trim().split(/[\s/]+/)) {
    if (!word || word.includes('=')) continue;
    if (word === '..') { path.pop(); continue; }
    const kids = await tree.children(path);
    const hit = kids.find((k) => k.name === word && k.type !== 'arg');
    if (!hit) break;
    path = [...path, hit.name];
    if (hit.type === 'cmd') break;
  }
  const rows = await backend.inspect('syntax', path.join(','));
  const lines = rows.filter((r) => r['symbol-type'] === 'explanation').map((r) => (r.text ? `${r.symbol} -- ${r.text}` : r.symbol));
  if (path.length && !(await tree.children(path.slice(0, -1))).some((k) => k.name === path[path.length - 1] && k.type === 'cmd')) {
    lines.unshift(`.. -- go up to ${path.length > 1 ? path[path.length - 2] : 'root'}`);
  }
  return lines.length ? lines.join('\n') + '\n' : '\n';
}

/** Reads a password without echoing it. */
function readPassword(input: NodeJS.ReadableStream, output: NodeJS.WritableStream): Promise<string> {
  return new Promise((resolve) => {
    let muted = false;
    const silent = new Writable({ write(chunk, enc, cb) { if (!muted) output.write(chunk, enc); cb(); } });
    const rl = readline().createInterface({ input, output: silent, terminal: true });
    rl.question('password: ', (answer) => {
      rl.close();
      output.write('\n');
      resolve(answer);
    });
    muted = true;
  });
}

/** `vrouter console [URL] [--user NAME] [--password PW]`; returns the exit status. */
export async function consoleCommand(argv: readonly string[], defaultUrl: string): Promise<number> {
  let url = defaultUrl;
  let user = 'admin';
  let password: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const eq = a.indexOf('=');
    const flag = a.startsWith('--') && eq > 0 ? a.slice(0, eq) : a;
    const value = () => (a.startsWith('--') && eq > 0 ? a.slice(eq + 1) : argv[++i] ?? '');
    if (flag === '--user') user = value();
    else if (flag === '--password') password = value();
    else if (flag === '--help' || flag === '-h') {
      process.stdout.write(CONSOLE_HELP(defaultUrl));
      return 0;
    } else if (!a.startsWith('-')) url = /^https?:\/\//.test(a) ? a : `http://${a}`;
    else {
      process.stderr.write(`vrouter console: unknown flag ${a} (see vrouter console --help)\n`);
      return 2;
    }
  }
  // A password is asked for only when the empty one is refused, and only on a terminal.
  const askPassword = process.stdin.isTTY ? () => readPassword(process.stdin, process.stdout) : undefined;
  return runConsole({ url, user, password, askPassword, input: process.stdin, output: process.stdout, terminal: process.stdin.isTTY });
}

const CONSOLE_HELP = (defaultUrl: string) => `Usage: vrouter console [URL] [--user NAME] [--password PASSWORD]

Opens the console of a running router over its REST service (default URL ${defaultUrl};
HOST:PORT is taken as http://HOST:PORT). It logs in as admin unless --user says otherwise,
with the empty password first; on a terminal it asks for the password if that is refused.
Exit status 0 after /quit, 1 when the router cannot be reached or the login is refused.
`;
