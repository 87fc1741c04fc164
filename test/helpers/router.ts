// Starts a real router on a free loopback port in a temporary data directory, and talks
// to it over real HTTP, as a user's client would.

import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { Router, type RouterOptions } from '../../src/router.js';

export interface TestRouter {
  router: Router;
  dir: string;
  port: number;
  stop(): Promise<void>;
}

export function tempDir(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'vrouter-test-'));
}

export async function startRouter(options: Partial<RouterOptions> = {}): Promise<TestRouter> {
  const dir = options.dataDir ?? tempDir();
  const router = await Router.start({
    dataDir: dir, listen: '127.0.0.1',
    loginKeepMs: 600_000, requestLimitMs: 60_000, ...options,
    // ssh, telnet and the stand-ins of snmp, dns and ntp have fixed default ports: free ones
    // here, unless a test names its own.
    ports: { ssh: 0, telnet: 0, snmp: 0, dns: 0, ntp: 0, ...(options.ports ?? { www: 0, 'www-ssl': 0, api: 0, 'api-ssl': 0 }) },
  });
  return {
    router, dir, port: router.bound.www!,
    async stop() { await router.stop(); },
  };
}

export interface Reply {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
  /** The body read as JSON, when it is JSON. */
  json: any;
}

export interface CallOptions {
  user?: string;
  password?: string;
  /** Raw body text or bytes (sent as is); otherwise `body` is sent as JSON. */
  raw?: string | Buffer;
  headers?: Record<string, string>;
  /** Local address to connect from (127.0.0.2 to be another client). */
  localAddress?: string;
  noAuth?: boolean;
  agent?: http.Agent;
}

/** Reads a whole reply: status, headers, text, and the text as JSON when it is JSON. */
export function readReply(res: http.IncomingMessage): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    res.on('data', (c) => chunks.push(c));
    res.on('error', reject);
    res.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      let json: unknown;
      try { json = JSON.parse(text); } catch { json = undefined; }
      resolve({ status: res.statusCode!, headers: res.headers, text, json });
    });
  });
}

/** One HTTP request to the router; `path` is sent exactly as given (no encoding). */
export function call(port: number, method: string, path: string, body?: unknown, o: CallOptions = {}): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { ...o.headers };
    if (!o.noAuth) headers.Authorization = 'Basic ' + Buffer.from(`${o.user ?? 'admin'}:${o.password ?? ''}`).toString('base64');
    let payload: string | Buffer | undefined = o.raw;
    if (payload === undefined && body !== undefined) payload = JSON.stringify(body);
    if (payload !== undefined && !Object.keys(headers).some((h) => h.toLowerCase() === 'content-type')) headers['Content-Type'] = 'application/json';
    const req = http.request({ host: '127.0.0.1', port, method, path, headers, localAddress: o.localAddress, agent: o.agent ?? false },
      (res) => readReply(res).then(resolve, reject));
    req.on('error', reject);
    if (payload !== undefined) req.write(payload);
    req.end();
  });
}

/** A client bound to one router and user. */
export function client(port: number, defaults: CallOptions = {}) {
  return {
    get: (p: string, o: CallOptions = {}) => call(port, 'GET', p, undefined, { ...defaults, ...o }),
    put: (p: string, b: unknown, o: CallOptions = {}) => call(port, 'PUT', p, b, { ...defaults, ...o }),
    patch: (p: string, b: unknown, o: CallOptions = {}) => call(port, 'PATCH', p, b, { ...defaults, ...o }),
    post: (p: string, b?: unknown, o: CallOptions = {}) => call(port, 'POST', p, b ?? {}, { ...defaults, ...o }),
    delete: (p: string, o: CallOptions = {}) => call(port, 'DELETE', p, undefined, { ...defaults, ...o }),
    call: (m: string, p: string, b?: unknown, o: CallOptions = {}) => call(port, m, p, b, { ...defaults, ...o }),
  };
}

/** The error body the router sends, keys in its order. */
export const error = (status: number, message: string, detail?: string) =>
  detail === undefined ? { error: status, message } : { detail, error: status, message };

/** A file's whole text through `/file/read` (`/file` shows contents only below 4 KiB), in chunks. */
export async function readFile(c: ReturnType<typeof client>, name: string): Promise<string> {
  let text = '';
  for (let offset = 0; ; offset += 32768) {
    const chunk = (await c.post('/rest/file/read', { file: name, offset: String(offset), 'chunk-size': '32768' })).json;
    const data = chunk[0]?.data ?? '';
    text += data;
    if (Buffer.byteLength(data) < 32768) return text;
  }
}

/**
 * What `p` gives, or `late` if it has given nothing within `ms`. The timer is cleared once
 * decided: left running, it would keep the test's process alive after its last test.
 */
export async function within<T, L>(p: Promise<T>, ms: number, late: L): Promise<T | L> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([p, new Promise<L>((ok) => { timer = setTimeout(() => ok(late), ms); })]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Waits, a few seconds at most, until `check` holds: what the router does when a client goes
 * away (a safe-mode rollback, a logout) follows the client's close by a moment.
 */
export async function eventually(check: () => Promise<boolean>, what: string): Promise<void> {
  for (let i = 0; i < 300; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`never: ${what}`);
}
