// /tool/fetch: a real HTTP/HTTPS client. It can call this router's own REST service (the
// REST manual's router-to-router example) and any other URL the host can reach.
//
// Progress is reported as the router's monitor commands do: records numbered by `.section`,
// `status` going `connecting` -> `downloading` (once a second while data arrives) ->
// `finished`, with `downloaded` and `total` in KiB and `duration`. With `output=user` the
// final record carries the body in `data`; with `output=file` (the default) the body goes to
// the file store under `dst-path` (default: the URL's file name). `as-value` (and `once`)
// give the final record only, as a script's `[/tool fetch ... as-value]` sees it.
//
// Refusals use the router's words where known: `check-certificate=yes` without a trusted CA
// in /certificate is `no trusted CA certificate found` (REST spec 4.5); an HTTP error status
// closes the connection as `failure: closing connection: <404 Not Found> 127.0.0.1:8080 (4)`
// (the shape seen in user reports; unconfirmed for every status).

import http from 'node:http';
import net from 'node:net';
import type https from 'node:https';
import { https as httpsModule } from '../../core/later-modules.js';
import path from 'node:path';
import { CommandError, failure, invalidValue, missingArgument, notEnoughPermissions } from '../../core/errors.js';
import type { CommandContext, CommandDecl, Environment, MenuDecl, Reply } from '../../core/schema.js';
import { duration, durationToMs, formatDuration, int, str, choice } from '../../core/values.js';
import { FileStore } from '../../device/files.js';
import { filesOf } from '../file.js';
import { flag, sorted, text } from './common.js';

/** Most a script variable holds: `output=user` data is cut off here (RouterOS manual, Fetch: 64KiB). */
export const MAX_USER_DATA = 65535;

const METHODS = ['get', 'post', 'put', 'delete', 'head', 'patch'] as const;
const OUTPUTS = ['none', 'file', 'user', 'user-with-headers'] as const;
const MODES = ['ftp', 'http', 'https', 'sftp', 'tftp'] as const;

/**
 * PEM text of every certificate this router trusts: /certificate entries with `trusted=yes`
 * that hold a certificate (src/menus/certificate.ts keeps it in the hidden `.pem` value).
 */
export function trustedCertificates(env: Environment): string[] {
  const out: string[] = [];
  for (const row of env.store.table('certificate').rows) {
    if (row.values.trusted !== 'true' || row.values.revoked === 'true') continue;
    const pem = row.values['.pem'];
    if (pem) out.push(pem);
  }
  return out;
}

/**
 * `http-header-field`: `h1:v1,h2:v2`; a comma inside a value is written `\,`
 * (RouterOS manual: `http-header-field="h:fff\\,yyy"`).
 */
export function parseHeaderFields(input: string): [string, string][] {
  const out: [string, string][] = [];
  const parts: string[] = [];
  let cur = '';
  for (let i = 0; i < input.length; i++) {
    const c = input[i];
    if (c === '\\' && input[i + 1] === ',') { cur += ','; i++; continue; }
    if (c === ',') { parts.push(cur); cur = ''; continue; }
    cur += c;
  }
  parts.push(cur);
  for (const part of parts) {
    if (!part.trim()) continue;
    const colon = part.indexOf(':');
    if (colon <= 0) throw invalidValue('http-header-field');
    out.push([part.slice(0, colon).trim(), part.slice(colon + 1).trim()]);
  }
  return out;
}

/** The URL a fetch goes to: `url`, or `mode`, `address`, `port` and `src-path`. */
function targetUrl(args: Record<string, string>): URL {
  let raw = args.url;
  if (raw === undefined) {
    if (args.address === undefined) throw missingArgument('url');
    const mode = args.mode ?? 'http';
    const host = args.address.includes(':') && !args.address.startsWith('[') ? `[${args.address}]` : args.address;
    const src = (args['src-path'] ?? '').replace(/^\/*/, '/');
    raw = `${mode}://${host}${args.port ? `:${args.port}` : ''}${src}`;
  } else if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(raw)) {
    raw = `${args.mode ?? 'http'}://${raw}`;
  }
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw invalidValue('url');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw failure(`${url.protocol.slice(0, -1)} is not supported`);
  if (args.port !== undefined && args.url !== undefined) url.port = args.port;
  return url;
}

/** Where `output=file` puts the body when no `dst-path` is given: the URL's file name. */
function defaultDst(url: URL): string {
  const base = path.posix.basename(decodeURIComponent(url.pathname));
  return base || url.hostname;
}

interface Response {
  status: number;
  reason: string;
  headers: http.IncomingHttpHeaders;
  body: AsyncIterable<Buffer>;
  remote: string;
  destroy(): void;
}

function request(url: URL, options: https.RequestOptions, data: string | undefined, signal: AbortSignal): Promise<Response> {
  return new Promise((resolve, reject) => {
    const mod = url.protocol === 'https:' ? httpsModule() : http;
    const req = mod.request(url, { ...options, signal }, (res) => {
      const socket = res.socket;
      const remote = `${socket?.remoteAddress ?? url.hostname}:${socket?.remotePort ?? (url.port || (url.protocol === 'https:' ? 443 : 80))}`;
      resolve({ status: res.statusCode ?? 0, reason: res.statusMessage ?? '', headers: res.headers, body: res, remote, destroy: () => res.destroy() });
    });
    req.on('error', reject);
    if (data !== undefined) req.write(data);
    req.end();
  });
}

/**
 * Host names go through the router's resolver (/ip/dns), not the host's: a name the router
 * cannot resolve fails as the router says it.
 */
function routerLookup(env: Environment): net.LookupFunction {
  return (hostname, options, callback) => {
    const resolve = env.services.resolve as ((name: string, family?: 4 | 6 | 'any') => Promise<string>) | undefined;
    const family = options.family === 6 ? 6 : options.family === 4 ? 4 : 'any';
    const done = (address: string) => {
      const fam = net.isIPv6(address) ? 6 : 4;
      if (options.all) (callback as (e: null, a: { address: string; family: number }[]) => void)(null, [{ address, family: fam }]);
      else callback(null, address, fam);
    };
    if (net.isIP(hostname) || !resolve) { done(hostname === 'localhost' ? '127.0.0.1' : hostname); return; }
    resolve(hostname, family).then(done, () => {
      callback(Object.assign(new Error(`could not resolve ${hostname}`), { code: 'ENOTFOUND' }), '', 4);
    });
  };
}

/** A network error in the router's words (RouterOS prints these after `failure:`). */
function networkFailure(e: unknown, url: URL): CommandError {
  const err = e as NodeJS.ErrnoException & { reason?: string };
  switch (err.code) {
    case 'ECONNREFUSED': return failure('connection refused');
    case 'ENOTFOUND': case 'EAI_AGAIN': return failure('could not resolve dns name');
    case 'ETIMEDOUT': return failure('connection timeout');
    case 'ECONNRESET': return failure('connection reset by peer');
    case 'ABORT_ERR': return new CommandError('session-closed', 'Session closed');
    case 'DEPTH_ZERO_SELF_SIGNED_CERT': case 'SELF_SIGNED_CERT_IN_CHAIN': case 'UNABLE_TO_VERIFY_LEAF_SIGNATURE':
    case 'UNABLE_TO_GET_ISSUER_CERT_LOCALLY': case 'CERT_UNTRUSTED':
      return failure('SSL: certificate is not trusted (6)');
    case 'ERR_TLS_CERT_ALTNAME_INVALID': return failure(`SSL: certificate does not match ${url.hostname} (6)`);
    case 'CERT_HAS_EXPIRED': return failure('SSL: certificate has expired (6)');
  }
  if (err.code?.startsWith('ERR_SSL') || /SSL|TLS/i.test(err.message ?? '')) return failure(`SSL: ${err.reason ?? err.message} (6)`);
  return failure(err.message || 'connection failed');
}

async function* fetch(ctx: CommandContext): AsyncGenerator<Reply, void> {
  const { env, args, signal, session } = ctx;
  const url = targetUrl(args);
  const output = args.output ?? 'file';
  // Writing a file takes the `ftp` policy, as every file write does (REST spec 5).
  if (output === 'file' && !session.policies.has('ftp')) throw notEnoughPermissions();
  const dst = output === 'file' ? FileStore.normalize(args['dst-path'] ?? defaultDst(url)) : undefined;
  const finalOnly = 'as-value' in args || 'once' in args;
  const method = (args['http-method'] ?? 'get').toUpperCase();
  const headers: Record<string, string> = {};
  if (args.host !== undefined) headers.Host = args.host;
  for (const [k, v] of parseHeaderFields(args['http-header-field'] ?? '')) headers[k] = v;
  if (args.user !== undefined || args.password !== undefined) {
    headers.Authorization = 'Basic ' + Buffer.from(`${args.user ?? 'anonymous'}:${args.password ?? ''}`).toString('base64');
  }
  const data = args['http-data'];
  if (data !== undefined && !Object.keys(headers).some((h) => h.toLowerCase() === 'content-length')) headers['Content-Length'] = String(Buffer.byteLength(data));
  const tls: https.RequestOptions = {};
  if (url.protocol === 'https:') {
    const check = args['check-certificate'] ?? 'no';
    if (check === 'no') {
      tls.rejectUnauthorized = false;
    } else {
      const cas = trustedCertificates(env);
      if (!cas.length) throw new CommandError('failure', 'no trusted CA certificate found');
      tls.ca = cas;
      tls.rejectUnauthorized = true;
    }
  }
  if (args['src-address'] !== undefined) tls.localAddress = args['src-address'];

  // The request ends at the request limit, at `duration`, or when nothing moves for `idle-timeout`.
  const stop = new AbortController();
  const onAbort = () => stop.abort();
  signal.addEventListener('abort', onAbort);
  const limit = args.duration === undefined ? undefined : setTimeout(() => stop.abort(), durationToMs(args.duration));
  const idleMs = args['idle-timeout'] === undefined ? 10_000 : durationToMs(args['idle-timeout']);
  let idle: NodeJS.Timeout | undefined;
  const touch = () => { clearTimeout(idle); idle = setTimeout(() => stop.abort(), idleMs); };
  const start = Date.now();
  const took = () => formatDuration(Math.floor((Date.now() - start) / 1000) * 1000);
  let section = 0;
  const record = (r: Record<string, string | number | undefined>) => sorted(finalOnly ? r : { '.section': section++, ...r });

  try {
    if (!finalOnly) yield record({ status: 'connecting' });
    touch();
    let target = url;
    let redirects = args['http-max-redirect-count'] === undefined ? 0 : Number(args['http-max-redirect-count']);
    let res: Response;
    for (;;) {
      try {
        res = await request(target, { method, headers, ...tls, lookup: routerLookup(ctx.env) }, method === 'GET' || method === 'HEAD' ? undefined : data, stop.signal);
      } catch (e) {
        if (stop.signal.aborted && !signal.aborted) throw failure(args.duration !== undefined ? 'duration exceeded' : 'idle timeout');
        throw networkFailure(e, target);
      }
      if (res.status >= 300 && res.status < 400 && res.headers.location && redirects > 0) {
        redirects--;
        res.destroy();
        target = new URL(res.headers.location, target);
        continue;
      }
      break;
    }
    if (res.status >= 300) {
      res.destroy();
      const where = res.status < 400 && res.headers.location ? ` "${res.headers.location}"` : '';
      throw failure(`closing connection: <${res.status} ${res.reason}${where}> ${res.remote} (4)`);
    }
    const length = res.headers['content-length'] === undefined ? undefined : Number(res.headers['content-length']);
    const chunks: Buffer[] = [];
    let got = 0;
    let reported = Date.now();
    try {
      for await (const chunk of res.body) {
        touch();
        got += chunk.length;
        if (output !== 'none') chunks.push(chunk);
        if (!finalOnly && Date.now() - reported >= 1000) {
          reported = Date.now();
          yield record({ status: 'downloading', downloaded: Math.floor(got / 1024), total: Math.floor((length ?? got) / 1024), duration: took() });
        }
      }
    } catch (e) {
      if (signal.aborted) return;
      if (stop.signal.aborted) throw failure(args.duration !== undefined ? 'duration exceeded' : 'idle timeout');
      throw networkFailure(e, target);
    }
    const body = Buffer.concat(chunks);
    const result: Record<string, string | number> = {
      status: 'finished', downloaded: Math.floor(got / 1024), total: Math.floor((length ?? got) / 1024), duration: took(),
    };
    if (output === 'user' || output === 'user-with-headers') {
      if (body.length > MAX_USER_DATA) throw failure('file size exceeds maximum allowed size');
      result.data = body.toString('utf8');
    } else if (output === 'file' && dst) {
      filesOf(env).write(dst, body);
    }
    yield record(result);
  } finally {
    clearTimeout(limit);
    clearTimeout(idle);
    signal.removeEventListener('abort', onAbort);
  }
}

const yesNo = choice(['yes', 'no']);

export const fetchCommand: CommandDecl = {
  // Fetching talks to the network (`test`) and reads (`read`); writing a file also needs `ftp`.
  policy: ['read', 'test'],
  args: {
    url: { type: str() },
    address: text,
    host: { type: str() },
    port: { type: int({ min: 0, max: 65535 }) },
    mode: { type: choice(MODES) },
    'src-path': text,
    'dst-path': text,
    'src-address': text,
    user: { type: str() },
    password: { type: str() },
    'http-method': { type: choice(METHODS) },
    'http-data': { type: str() },
    'http-header-field': { type: str() },
    'http-auth-scheme': { type: choice(['basic', 'digest']) },
    'http-content-encoding': { type: choice(['deflate', 'gzip']) },
    'http-max-redirect-count': { type: int({ min: 0, max: 100 }) },
    'http-percent-encoding': { type: yesNo },
    'http-version': text,
    'check-certificate': { type: choice(['yes', 'yes-without-crl', 'no']) },
    certificate: text,
    output: { type: choice(OUTPUTS) },
    'keep-result': { type: yesNo },
    ascii: { type: yesNo },
    upload: { type: yesNo },
    duration: { type: duration() },
    'idle-timeout': { type: duration() },
    'ip-type': text,
    once: flag,
    'as-value': flag,
    'without-paging': flag,
    proplist: text,
  },
  run: fetch,
};

export const toolFetch: MenuDecl = { path: 'tool', kind: 'dir', commands: { fetch: fetchCommand } };
