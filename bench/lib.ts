// What every benchmark shares: starting the built router and the bare node:http baseline
// as processes of their own, timing single requests, driving load with autocannon, reading
// a process's memory, and the result tables.

import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import Database from 'better-sqlite3';

/** The project's root (this file runs as dist/bench/lib.js). */
export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
/** `vrouter` as package.json's "bin" runs it: the bundle of dist/src (scripts/bundle.mjs). */
export const CLI = path.join(ROOT, 'dist', 'vrouter', 'cli.js');
const BASELINE_SERVER = path.join(ROOT, 'dist', 'bench', 'baseline-server.js');

export const HOST = '127.0.0.1';
export const basic = (user: string, password: string) => 'Basic ' + Buffer.from(`${user}:${password}`).toString('base64');
export const ADMIN = basic('admin', '');

let showProgress = true;
/** Progress for the person watching (stderr); the tables go to stdout. */
export const progress = (line: string) => { if (showProgress) process.stderr.write(`  ${line}\n`); };
export const setProgress = (on: boolean) => { showProgress = on; };

export function tempDir(tag: string): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), `vrouter-bench-${tag}-`));
}

export function removeDir(dir: string) {
  fs.rmSync(dir, { recursive: true, force: true });
}

// ---------------------------------------------------------------- results

/** One measured line of a table. `met` undefined: the line has no target. */
export interface ResultRow {
  what: string;
  value: string;
  baseline?: string;
  ratio?: string;
  target?: string;
  met?: boolean;
}

export interface Section {
  title: string;
  rows: ResultRow[];
  notes: string[];
}

export const status = (row: ResultRow) => (row.met === undefined ? '' : row.met ? 'met' : 'MISSED');

function columns(section: Section): { head: string[]; cells: string[][] } {
  const head = ['measure', 'value', 'baseline', 'ratio', 'target', 'result'];
  const cells = section.rows.map((r) => [r.what, r.value, r.baseline ?? '', r.ratio ?? '', r.target ?? '', status(r)]);
  return { head, cells };
}

/** A section as an aligned text table for the terminal. */
export function textTable(section: Section): string {
  const { head, cells } = columns(section);
  const widths = head.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i].length)));
  const line = (c: string[]) => c.map((s, i) => s.padEnd(widths[i])).join('  ').trimEnd();
  const out = [`== ${section.title}`, line(head), widths.map((w) => '-'.repeat(w)).join('  '), ...cells.map(line)];
  for (const n of section.notes) out.push(`   * ${n}`);
  return out.join('\n') + '\n';
}

/** A section as a Markdown table with its notes. */
export function markdownTable(section: Section): string {
  const { head, cells } = columns(section);
  const esc = (s: string) => s.replace(/\|/g, '\\|');
  const out = [`### ${section.title}`, '', `| ${head.join(' | ')} |`, `|${head.map(() => '---').join('|')}|`];
  for (const c of cells) out.push(`| ${c.map((s, i) => (i === 5 && s === 'MISSED' ? '**MISSED**' : esc(s))).join(' | ')} |`);
  if (section.notes.length) out.push('', ...section.notes.map((n) => `- ${n}`));
  return out.join('\n') + '\n';
}

// ---------------------------------------------------------------- numbers

export const median = (xs: readonly number[]) => percentile(xs, 50);

export function percentile(xs: ArrayLike<number>, p: number): number {
  const sorted = Float64Array.from(xs as ArrayLike<number>).sort();
  if (!sorted.length) return NaN;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i];
}

export function ms(x: number): string {
  if (!Number.isFinite(x)) return 'n/a';
  if (x < 1) return `${x.toFixed(3)} ms`;
  if (x < 10) return `${x.toFixed(2)} ms`;
  if (x < 1000) return `${x.toFixed(1)} ms`;
  return `${(x / 1000).toFixed(2)} s`;
}

export const int = (x: number) => Math.round(x).toLocaleString('en-US');
export const rate = (x: number, unit = '/s') => `${int(x)}${unit}`;
export const mb = (kb: number) => `${(kb / 1024).toFixed(0)} MB`;
export const ratio = (x: number) => (Number.isFinite(x) ? `${x.toFixed(2)}x` : 'n/a');

// ---------------------------------------------------------------- processes

/** Peak and current resident memory of a process, in kB, from /proc (Linux). */
export function memoryKb(pid: number): { peak: number; now: number } {
  try {
    const text = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const field = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(text)?.[1] ?? NaN);
    return { peak: field('VmHWM'), now: field('VmRSS') };
  } catch {
    return { peak: NaN, now: NaN };
  }
}

/** CPU time a process has used so far, in ms (user + system, from /proc). */
export function cpuMs(pid: number): number {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // Fields 14 and 15 of stat (utime, stime) are 11 and 12 after the name.
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return NaN;
  }
}

export interface Server {
  readonly proc: ChildProcess;
  readonly pid: number;
  readonly port: number;
  /** From spawn to the line announcing the port. */
  readonly listeningMs: number;
  /** From spawn to the end of the first answered request (start-up as a user sees it). */
  readonly firstAnswerMs: number;
  memory(): { peak: number; now: number };
  cpuMs(): number;
  /** SIGTERM, and waits for the exit (SIGKILL after 10 s); returns how long that took. */
  stop(): Promise<number>;
  /** SIGKILL: a crash. */
  kill(): Promise<void>;
}

function waitExit(proc: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (proc.exitCode !== null || proc.signalCode !== null) return resolve();
    proc.once('exit', () => resolve());
  });
}

/** Spawns a process that announces its port on stdout, and times it until it answers. */
export async function startProcess(args: string[], portLine: RegExp, firstRequest: (port: number) => Promise<number>, what: string): Promise<Server> {
  const t0 = performance.now();
  const proc = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  proc.stderr!.on('data', (c: Buffer) => { stderr += c.toString(); });
  const port = await new Promise<number>((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => { proc.kill('SIGKILL'); reject(new Error(`${what} did not start within 60 s: ${stderr.trim()}`)); }, 60_000);
    const onData = (c: Buffer) => {
      out += c.toString();
      const m = portLine.exec(out);
      if (m) {
        clearTimeout(timer);
        proc.stdout!.off('data', onData);
        proc.stdout!.resume();
        resolve(Number(m[1]));
      }
    };
    proc.stdout!.on('data', onData);
    proc.once('exit', (code) => { clearTimeout(timer); reject(new Error(`${what} exited (${code}) before listening: ${stderr.trim()}`)); });
  });
  const listeningMs = performance.now() - t0;
  const status = await firstRequest(port);
  const firstAnswerMs = performance.now() - t0;
  if (status !== 200) {
    proc.kill('SIGKILL');
    throw new Error(`${what}: first request answered ${status}`);
  }
  const pid = proc.pid!;
  return {
    proc, pid, port, listeningMs, firstAnswerMs,
    memory: () => memoryKb(pid),
    cpuMs: () => cpuMs(pid),
    async stop() {
      const t = performance.now();
      const exited = waitExit(proc);
      proc.kill('SIGTERM');
      const timer = setTimeout(() => proc.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
      return performance.now() - t;
    },
    async kill() {
      const exited = waitExit(proc);
      proc.kill('SIGKILL');
      await exited;
    },
  };
}

/** Starts the built router (`node dist/vrouter/cli.js`) on a data directory, every port picked free. */
export function startRouter(dataDir: string, flags: readonly string[] = []): Promise<Server> {
  const args = [CLI, '--data-dir', dataDir, '--listen', HOST, '--www-port', '0', '--www-ssl-port', '0', '--api-port', '0', '--api-ssl-port', '0', '--ssh-port', '0', '--telnet-port', '0', '--snmp-port', '0', '--dns-port', '0', '--ntp-port', '0', ...flags];
  return startProcess(args, /REST at http:\/\/127\.0\.0\.1:(\d+)\/rest/, async (port) => (await request(port, 'GET', '/rest/system/identity', { agent: false })).status, 'the router');
}

/** One canned reply of the baseline server. */
export interface CannedReply {
  status: number;
  /** Header names and values in the order the router sent them (without Date, Connection, Keep-Alive). */
  headers: [string, string][];
  body: Buffer;
}

/**
 * Starts the bare node:http server (bench/baseline-server.ts) in a process of its own,
 * answering each URL with its canned reply: the same bytes the router sent.
 */
export async function startBaseline(replies: Record<string, CannedReply>, keepAliveMs: number, dir: string): Promise<Server> {
  const manifest: Record<string, { status: number; headers: [string, string][]; bodyFile: string }> = {};
  let i = 0;
  for (const [url, r] of Object.entries(replies)) {
    const bodyFile = path.join(dir, `reply-${i++}.bin`);
    fs.writeFileSync(bodyFile, r.body);
    manifest[url] = { status: r.status, headers: r.headers, bodyFile };
  }
  const file = path.join(dir, 'baseline.json');
  fs.writeFileSync(file, JSON.stringify({ keepAliveMs, replies: manifest }));
  const first = Object.keys(replies)[0] ?? '/';
  return startProcess([BASELINE_SERVER, file], /listening (\d+)/, async (port) => (await request(port, 'GET', first, { agent: false })).status, 'the baseline server');
}

/** A reply of the router as the baseline should give it: status, its own headers, body. */
export function canned(reply: Reply): CannedReply {
  const headers: [string, string][] = [];
  for (let i = 0; i < reply.rawHeaders.length; i += 2) {
    const name = reply.rawHeaders[i];
    // node:http adds these itself on a keep-alive connection.
    if (/^(date|connection|keep-alive)$/i.test(name)) continue;
    headers.push([name, reply.rawHeaders[i + 1]]);
  }
  return { status: reply.status, headers, body: reply.body };
}

/** The keep-alive time a reply announces (`Keep-Alive: timeout=60`), in ms. */
export function keepAliveOf(reply: Reply): number {
  const m = /timeout=(\d+)/.exec(String(reply.headers['keep-alive'] ?? ''));
  return m ? Number(m[1]) * 1000 : 5000;
}

// ---------------------------------------------------------------- single requests

export interface Reply {
  status: number;
  headers: http.IncomingHttpHeaders;
  rawHeaders: string[];
  body: Buffer;
  /** From sending the request to the last byte of the reply. */
  ms: number;
}

export interface RequestOptions {
  auth?: string;
  /** A JSON text to send. */
  body?: string;
  /** Default: one kept-alive connection shared by all single requests of the run. */
  agent?: http.Agent | false;
}

const keepAlive = new http.Agent({ keepAlive: true, maxSockets: 1 });

export function request(port: number, method: string, url: string, o: RequestOptions = {}): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { Authorization: o.auth ?? ADMIN };
    if (o.body !== undefined) headers['Content-Type'] = 'application/json';
    const t0 = performance.now();
    const req = http.request({ host: HOST, port, method, path: url, headers, agent: o.agent ?? keepAlive }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({
        status: res.statusCode!, headers: res.headers, rawHeaders: res.rawHeaders, body: Buffer.concat(chunks), ms: performance.now() - t0,
      }));
      res.on('error', reject);
    });
    req.setTimeout(120_000, () => req.destroy(new Error(`${method} ${url}: no reply within 120 s`)));
    req.on('error', reject);
    req.end(o.body);
  });
}

/** A request that must succeed; its body read as JSON. */
export async function json(port: number, method: string, url: string, body?: unknown, auth?: string): Promise<any> {
  const r = await request(port, method, url, { auth, body: body === undefined ? undefined : JSON.stringify(body) });
  if (r.status >= 300) throw new Error(`${method} ${url}: ${r.status} ${r.body.toString()}`);
  return r.body.length ? JSON.parse(r.body.toString()) : undefined;
}

/** The exact bytes of a reply, read off a socket (for comparing the router with the baseline). */
export function rawExchange(port: number, requestText: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, HOST, () => socket.write(requestText));
    const chunks: Buffer[] = [];
    const timer = setTimeout(() => socket.destroy(new Error('no reply within 10 s')), 10_000);
    socket.on('data', (c) => {
      chunks.push(c);
      const all = Buffer.concat(chunks);
      const end = all.indexOf('\r\n\r\n');
      if (end < 0) return;
      const length = Number(/content-length:\s*(\d+)/i.exec(all.subarray(0, end).toString())?.[1] ?? 0);
      if (all.length >= end + 4 + length) { clearTimeout(timer); socket.destroy(); resolve(all); }
    });
    socket.on('error', (e) => { clearTimeout(timer); reject(e); });
  });
}

/** Times `n` runs of a request (after one unmeasured run), checking each reply. */
export async function timeRequests(n: number, run: () => Promise<Reply>, check: (r: Reply) => void): Promise<{ times: number[]; last: Reply }> {
  let last = await run();
  check(last);
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    last = await run();
    check(last);
    times.push(last.ms);
  }
  return { times, last };
}

// ---------------------------------------------------------------- load

export interface LoadOptions {
  port: number;
  method: 'GET' | 'PUT' | 'PATCH' | 'POST';
  path: string;
  connections: number;
  /** Authorization header values; connections take them in turn (several users). */
  auths: readonly string[];
  /** Run for this long... */
  durationSec?: number;
  /** ...or until this many requests were answered. */
  amount?: number;
  /** Stop anyway after this long. */
  maxSec: number;
  /** A new JSON body for every request. */
  body?: () => string;
  /** Called with the time of every answered request (ms since the start) and its status. */
  onResponse?: (status: number, atMs: number) => void;
}

export interface LoadResult {
  answered: number;
  /** Status code -> count. */
  statuses: Record<number, number>;
  errors: number;
  timeouts: number;
  seconds: number;
  perSecond: number;
  p50: number;
  p99: number;
  max: number;
  /** True when maxSec ended the run before `amount` was reached. */
  cut: boolean;
}

const MAX_SAMPLES = 4_000_000;

/** Drives a server with autocannon: keep-alive connections, each with one user's credentials. */
export async function load(o: LoadOptions): Promise<LoadResult> {
  let next = 0;
  const headersFor = (): Record<string, string> => ({
    Authorization: o.auths[next++ % o.auths.length],
    ...(o.body ? { 'Content-Type': 'application/json' } : {}),
  });
  const latencies = new Float64Array(MAX_SAMPLES);
  let n = 0;
  const statuses: Record<number, number> = {};
  let lastAt = 0;
  const t0 = performance.now();
  const instance = autocannon({
    url: `http://${HOST}:${o.port}${o.path}`,
    connections: o.connections,
    ...(o.amount ? { amount: o.amount } : { duration: o.durationSec ?? 10 }),
    requests: [o.body
      ? { method: o.method, path: o.path, setupRequest: (req) => ({ ...req, body: o.body!() }) }
      : { method: o.method, path: o.path }],
    setupClient: (client) => client.setHeaders(headersFor()),
    timeout: 10,
    // autocannon ends a timed run at its next sample, taken every second by default: a run
    // of 0.3 s then took a whole second. Sampled every 50 ms it ends on time (its samples
    // are not read here: rates and latencies are counted from the responses above).
    sampleInt: 50,
  });
  let cut = false;
  const timer = setTimeout(() => { cut = true; instance.stop(); }, o.maxSec * 1000);
  instance.on('response', (_client, statusCode, _bytes, latency) => {
    lastAt = performance.now() - t0;
    if (n < MAX_SAMPLES) latencies[n++] = latency;
    statuses[statusCode] = (statuses[statusCode] ?? 0) + 1;
    o.onResponse?.(statusCode, lastAt);
  });
  const result = await instance;
  clearTimeout(timer);
  const sample = latencies.subarray(0, n);
  const answered = Object.values(statuses).reduce((a, b) => a + b, 0);
  return {
    answered, statuses, errors: result.errors, timeouts: result.timeouts,
    seconds: lastAt / 1000, perSecond: answered / (lastAt / 1000),
    p50: percentile(sample, 50), p99: percentile(sample, 99), max: percentile(sample, 100),
    cut: cut && !!o.amount,
  };
}

/** Throws unless every answer of a load run had the expected status. */
export function expectAll(what: string, r: LoadResult, statusCode: number) {
  const other = Object.entries(r.statuses).filter(([s]) => Number(s) !== statusCode);
  if (other.length || r.errors) {
    throw new Error(`${what}: expected only ${statusCode}, got ${JSON.stringify(r.statuses)} and ${r.errors} errors (${r.timeouts} timeouts)`);
  }
}

// ---------------------------------------------------------------- the disk's floor

/**
 * Durable commits per second SQLite itself manages on this disk with the store's settings
 * (write-ahead log, synchronous=FULL), one small row per transaction: the floor under any
 * acknowledged write.
 */
let floors = 0;
export function sqliteCommitsPerSecond(dir: string, count: number, maxMs: number): number {
  const file = path.join(dir, `floor-${process.pid}-${floors++}.db`);
  const db = new Database(file);
  try {
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = FULL');
    db.exec('CREATE TABLE rows (tbl TEXT NOT NULL, id INTEGER NOT NULL, pos REAL NOT NULL, data TEXT NOT NULL, PRIMARY KEY (tbl, id)) WITHOUT ROWID');
    const insert = db.prepare('INSERT INTO rows (tbl, id, pos, data) VALUES (?, ?, ?, ?)');
    const data = JSON.stringify({ list: 'list-1', address: '10.0.0.1', 'creation-time': '2025-01-01 00:00:00' });
    const t0 = performance.now();
    let i = 0;
    for (; i < count && performance.now() - t0 < maxMs; i++) db.transaction(() => insert.run('ip/firewall/address-list', i + 1, i + 1, data))();
    return i / ((performance.now() - t0) / 1000);
  } finally {
    db.close();
    for (const f of [file, `${file}-wal`, `${file}-shm`]) fs.rmSync(f, { force: true });
  }
}

// ---------------------------------------------------------------- the machine

export function machine(): string[] {
  const cpus = os.cpus();
  let distro = os.type();
  try {
    distro = /^PRETTY_NAME="?([^"\n]*)"?/m.exec(fs.readFileSync('/etc/os-release', 'utf8'))?.[1] ?? distro;
  } catch { /* not Linux */ }
  let disk = 'unknown';
  try {
    const mounts = fs.readFileSync('/proc/mounts', 'utf8').split('\n').map((l) => l.split(' '));
    const tmp = fs.realpathSync(os.tmpdir());
    const best = mounts.filter((m) => m[1] && (tmp === m[1] || tmp.startsWith(m[1] === '/' ? '/' : m[1] + '/')))
      .sort((a, b) => b[1].length - a[1].length)[0];
    if (best) disk = `${best[2]} on ${best[0]} (${tmp})`;
  } catch { /* not Linux */ }
  return [
    `CPU: ${cpus[0]?.model.trim() ?? 'unknown'}, ${cpus.length} cores`,
    `memory: ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB`,
    `OS: ${distro}, kernel ${os.release()} (${os.arch()})`,
    `Node.js ${process.version}`,
    `data directories: ${disk}`,
  ];
}

/** Spreads a number over IPv4 addresses 10.0.0.0 upwards: entry i gets its own address. */
export const addressOf = (i: number) => `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;

/** Users the load is spread over (the router serves each user's requests in order, users in parallel). */
export async function createUsers(port: number, count: number): Promise<string[]> {
  const auths: string[] = [];
  for (let i = 1; i <= count; i++) {
    const name = `bench${i}`;
    await json(port, 'PUT', '/rest/user', { name, group: 'full', password: `pw-${name}` });
    auths.push(basic(name, `pw-${name}`));
  }
  return auths;
}

/**
 * Counts the sentences of one type in a stream of replies without keeping them (a pipeline of
 * thousands of prints): each begins with the word of its type, `!done` is 0x05 "!done". A
 * chunk of the stream may end inside that word; the next one completes it.
 */
export class SentenceCounter {
  count = 0;
  private readonly marker: Buffer;
  private tail: Buffer = Buffer.alloc(0);

  constructor(type: string) {
    // A type is a short word: its length is one byte.
    this.marker = Buffer.concat([Buffer.from([Buffer.byteLength(type)]), Buffer.from(type)]);
  }

  /** Takes the next chunk; returns the count so far. */
  feed(chunk: Buffer): number {
    // The end of the previous chunk, shorter than the marker, goes before this one.
    const bytes = this.tail.length ? Buffer.concat([this.tail, chunk]) : chunk;
    for (let i = bytes.indexOf(this.marker); i >= 0; i = bytes.indexOf(this.marker, i + this.marker.length)) this.count++;
    this.tail = bytes.subarray(Math.max(0, bytes.length - this.marker.length + 1));
    return this.count;
  }
}
