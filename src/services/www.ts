// The web server behind `www` (HTTP) and `www-ssl` (HTTPS): REST under /rest, the router's
// home page at /, the web configuration page at /webfig/ and the graphs page at /graphs/.
// Node's own http and https modules, so status codes, resets, TLS versions and keep-alive
// stay under our control. Which parts answer follows /ip/service/webserver at every
// request: a part turned off answers 403 with an HTML page (spec 4.6.4); everything else
// the server itself refuses (404, 408, 413, 431, 400, 500) is a JSON error object like the
// REST service's own.
//
// Limits. Each keeps one client from taking the server down, and each is answered with a
// clear status before the connection is closed:
//   request head     MAX_HEADER_BYTES (16 KiB), request line and headers  -> 431
//   request body     MAX_BODY_BYTES (8 MiB); a Content-Length over it is
//                    refused before any of the body is read                  -> 413
//   all bodies       MAX_BODY_TOTAL_BYTES (64 MiB) held by all connections
//                    together (./budget.ts)                                  -> 503
//   head time        HEADERS_TIMEOUT_MS (20 s) from the first byte of a
//                    request to the end of its head                          -> 408
//   request time     REQUEST_TIMEOUT_MS (60 s) to receive a whole request,
//                    head and body (a slow answer is not limited here: the
//                    REST service's own 60 s request limit is)              -> 408
//   TLS handshake    HANDSHAKE_TIMEOUT_MS (20 s)                             -> connection closed
//   idle keep-alive  KEEP_ALIVE_MS (60 s) between requests                   -> connection closed
//
// A REST request is admitted from its head alone (credentials, the `rest-api` and `api`
// policies) before any byte of its body is read: an anonymous client cannot make the router
// hold its body. A request refused while its body is still arriving is answered and then
// closed after a lingering read (./linger.ts), so that the client gets its answer, not a reset.

import http from 'node:http';
import type https from 'node:https';
import type net from 'node:net';
import type tls from 'node:tls';
import { https as httpsModule } from '../core/later-modules.js';
import type { RestHandler, RestReply } from './rest/handler.js';
import { STATUS_TEXT, errorBody } from './rest/errors.js';
import { staticReply } from './static.js';
import { BodyBudget } from './budget.js';
import { endLingering, lingerOnClose, stopParsing } from './linger.js';
import type { Login } from '../auth/logins.js';
import type { Maybe } from '../core/maybe.js';
import { listenOn } from './bind.js';

export const MAX_HEADER_BYTES = 16 * 1024;
export const MAX_BODY_BYTES = 8 * 1024 * 1024;
export const MAX_BODY_TOTAL_BYTES = 64 * 1024 * 1024;
export const HEADERS_TIMEOUT_MS = 20_000;
export const REQUEST_TIMEOUT_MS = 60_000;
export const HANDSHAKE_TIMEOUT_MS = 20_000;
export const KEEP_ALIVE_MS = 60_000;
/** How long requests under way may still finish when a listener is replaced. */
export const DRAIN_MS = 65_000;

/** The parts of the web server, as the switches of /ip/service/webserver turn them on and off. */
export interface WebParts {
  rest: boolean;
  index: boolean;
  webfig: boolean;
  graphs: boolean;
  /** The plain-HTTP-only parts; over HTTPS they do not exist. */
  acme?: boolean;
  crl?: boolean;
  scep?: boolean;
}

/** The limits above; tests shorten them. */
export interface Limits {
  maxHeaderBytes: number;
  maxBodyBytes: number;
  /** What all bodies being read may hold together (the budget made when none is given). */
  maxBodyTotalBytes: number;
  headersTimeoutMs: number;
  requestTimeoutMs: number;
  handshakeTimeoutMs: number;
  keepAliveMs: number;
}

export const LIMITS: Limits = {
  maxHeaderBytes: MAX_HEADER_BYTES, maxBodyBytes: MAX_BODY_BYTES, maxBodyTotalBytes: MAX_BODY_TOTAL_BYTES, headersTimeoutMs: HEADERS_TIMEOUT_MS,
  requestTimeoutMs: REQUEST_TIMEOUT_MS, handshakeTimeoutMs: HANDSHAKE_TIMEOUT_MS, keepAliveMs: KEEP_ALIVE_MS,
};

export interface WwwOptions {
  rest: RestHandler;
  scheme: 'http' | 'https';
  /** The router's identity and version, for the pages. */
  router: () => { identity: string; version: string };
  /** The switches in force for this scheme, read at every request. */
  parts: () => Readonly<WebParts>;
  /** For HTTPS: certificate, key, ciphers and TLS versions. */
  tls?: tls.TlsOptions;
  /** Clients outside `available-from` are reset before any byte of theirs is read. */
  allowed: (address: string) => boolean;
  /** `max-sessions`: connections held at once; one more is closed before a byte is read. */
  maxSessions?: number;
  limits?: Partial<Limits>;
  /** Shared by the listeners of one router (www and www-ssl); each Www has its own otherwise. */
  budget?: BodyBudget;
}

const JSON_TYPE = 'application/json';
const HTML_TYPE = 'text/html; charset=utf-8';
const JSON_HEADERS: Readonly<Record<string, string>> = { 'Content-Type': JSON_TYPE };
const HTML_HEADERS: Readonly<Record<string, string>> = { 'Content-Type': HTML_TYPE };
/** Bodies are over their common budget: another try in a moment may fit. */
const BUSY_HEADERS: Readonly<Record<string, string>> = { 'Content-Type': JSON_TYPE, 'Retry-After': '1' };

/** Whether a request has a body (RFC 9112 6.3): a Content-Length over 0, or chunks. */
const hasBody = (req: http.IncomingMessage) =>
  req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0;
const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function page(title: string, body: string): string {
  return `<!DOCTYPE html>
<html><head><meta charset="utf-8"><title>${esc(title)}</title><link rel="stylesheet" href="/style.css"></head>
<body>
${body}
</body></html>
`;
}

export function homePageHtml(identity: string, version: string): string {
  return page(`${identity} - RouterOS router configuration page`, `<h1>RouterOS v${esc(version)}</h1>
<p>You have connected to a router <b>${esc(identity)}</b>.</p>
<ul>
<li><a href="/webfig/">Webfig</a>: the web configuration page</li>
<li><a href="/graphs/">Graphs</a></li>
<li>REST API at <code>/rest</code></li>
</ul>`);
}

const STYLE = 'body{font-family:sans-serif;margin:2em}code{background:#eee;padding:0 .2em}\n';

export const forbiddenHtml = page('403 Forbidden', '<h1>403 Forbidden</h1>\n<p>This part of the web server is turned off.</p>');

/** A running web server on one port. */
export class Www {
  readonly server: http.Server;
  private closing = false;
  private readonly closed: Promise<void>;
  private markClosed!: () => void;
  private readonly limits: Limits;
  /**
   * Every open connection, from its first byte: Node's own list (closeAllConnections) holds
   * only connections that reached HTTP, so one stuck in its TLS handshake would keep a
   * closing server (and a SIGTERM) waiting.
   */
  private readonly sockets = new Set<net.Socket>();
  private readonly budget: BodyBudget;
  /** available-from, replaced in place by `update`. */
  private allowed: (address: string) => boolean;
  private maxSessions: number;

  constructor(private readonly options: WwwOptions) {
    const limits = this.limits = { ...LIMITS, ...options.limits };
    this.allowed = options.allowed;
    this.maxSessions = options.maxSessions ?? Infinity;
    this.budget = options.budget ?? new BodyBudget(limits.maxBodyTotalBytes);
    const httpOptions: http.ServerOptions = {
      // A request without Host is answered here (serve), with the JSON error object.
      requireHostHeader: false,
      keepAlive: true, headersTimeout: limits.headersTimeoutMs, requestTimeout: limits.requestTimeoutMs, maxHeaderSize: limits.maxHeaderBytes,
      // Timeouts are checked this often; a short limit (in tests) needs a shorter interval.
      connectionsCheckingInterval: Math.min(30_000, Math.max(50, Math.floor(limits.headersTimeoutMs / 4))),
    };
    const handler = (req: http.IncomingMessage, res: http.ServerResponse) => this.serve(req, res, false);
    this.server = options.scheme === 'https'
      ? httpsModule().createServer({ ...options.tls, ...httpOptions, handshakeTimeout: limits.handshakeTimeoutMs }, handler)
      : http.createServer(httpOptions, handler);
    // `Expect: 100-continue`: the client sends its body only once the request is admitted.
    this.server.on('checkContinue', (req: http.IncomingMessage, res: http.ServerResponse) => this.serve(req, res, true));
    this.server.keepAliveTimeout = limits.keepAliveMs;
    // First of all listeners: a client outside available-from is reset before HTTP (or
    // TLS) reads a byte from it.
    this.server.prependListener('connection', (socket: net.Socket) => {
      if (!this.allowed(remoteAddress(socket))) return void socket.resetAndDestroy();
      if (this.sockets.size >= this.maxSessions) return void socket.destroy();
      this.sockets.add(socket);
      socket.once('close', () => this.sockets.delete(socket));
    });
    // https passes TLS errors (a failed or timed-out handshake) on as clientError too; they
    // end in clientError's destroy.
    this.server.on('clientError', (err: NodeJS.ErrnoException, socket: net.Socket) => this.clientError(err, socket));
    this.closed = new Promise((ok) => { this.markClosed = ok; });
  }

  listen(port: number, host: string): Promise<number> {
    return listenOn(this.server, port, host);
  }

  /**
   * New settings for the connections to come, on the same listening socket: available-from,
   * and for HTTPS the certificate, ciphers and TLS versions. Open connections stay.
   */
  update(allowed: (address: string) => boolean, tlsOptions?: tls.TlsOptions, maxSessions = this.maxSessions) {
    this.allowed = allowed;
    this.maxSessions = maxSessions;
    if (tlsOptions && 'setSecureContext' in this.server) (this.server as https.Server).setSecureContext(tlsOptions);
  }

  /**
   * Stops listening at once. `graceful`: requests under way finish (their connections then
   * close) within DRAIN_MS; otherwise every connection is cut. Resolves when the port is free.
   */
  close(graceful: boolean): Promise<void> {
    if (!this.closing) {
      this.closing = true;
      this.server.close(() => this.markClosed());
      if (graceful) {
        this.server.closeIdleConnections();
        setTimeout(() => {
          this.server.closeAllConnections();
          for (const socket of this.sockets) socket.destroy();
        }, DRAIN_MS).unref();
      } else {
        this.server.closeAllConnections();
        for (const socket of this.sockets) socket.destroy();
      }
    }
    return graceful ? Promise.resolve() : this.closed;
  }

  private clientError(err: NodeJS.ErrnoException, socket: net.Socket) {
    // Only a client that spoke broken or slow HTTP gets an HTTP answer. Anything else (a
    // reset, a TLS handshake that failed or ran out of time) has no HTTP to answer in: an
    // answer written into a handshake would wait for it forever, holding the socket.
    const http = err.code?.startsWith('HPE_') || err.code === 'ERR_HTTP_REQUEST_TIMEOUT';
    if (!http || !socket.writable) {
      socket.destroy();
      return;
    }
    // The rest of the broken request may still be arriving: it is read and dropped, so that
    // no answer is lost to a reset (./linger.ts).
    stopParsing(socket);
    // A whole request before the broken bytes is still answered, and the connection closes after it.
    // (Node keeps the response a connection is answering as `_httpMessage`, read only here.)
    const answering = (socket as unknown as { _httpMessage?: http.ServerResponse | null })._httpMessage;
    if (answering?.req?.complete && !answering.headersSent) {
      answering.shouldKeepAlive = false;
      lingerOnClose(socket);
      return;
    }
    const status = err.code === 'HPE_HEADER_OVERFLOW' ? 431 : err.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
    const body = errorBody(status);
    endLingering(socket, `HTTP/1.1 ${status} ${STATUS_TEXT[status]}\r\nContent-Type: ${JSON_TYPE}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`);
  }

  private serve(req: http.IncomingMessage, res: http.ServerResponse, continueAsked: boolean) {
    // HTTP/1.1 requires a Host header (RFC 9112 3.2).
    if (req.headers.host === undefined && req.httpVersionMinor === 1) return this.refuse(req, res, 400, JSON_HEADERS, errorBody(400));
    if (Number(req.headers['content-length'] ?? 0) > this.limits.maxBodyBytes) return this.refuse(req, res, 413, JSON_HEADERS, errorBody(413));
    const url = req.url ?? '/';
    const q = url.indexOf('?');
    const pathName = q < 0 ? url : url.slice(0, q);
    // The pages take no body: one sent is never held (Node discards it).
    if (pathName !== '/rest' && !pathName.startsWith('/rest/')) return this.page(req, res, pathName);
    if (!this.options.parts().rest) return this.refuse(req, res, 403, HTML_HEADERS, forbiddenHtml);
    const admitted = this.options.rest.admit(req.method ?? 'GET', req.headers.authorization, remoteAddress(req.socket), req.socket);
    if (admitted instanceof Promise) admitted.then((a) => this.admitted(req, res, url, continueAsked, a), (e) => this.failed(res, e));
    else this.admitted(req, res, url, continueAsked, admitted);
  }

  private admitted(req: http.IncomingMessage, res: http.ServerResponse, url: string, continueAsked: boolean, admitted: Login | RestReply) {
    if ('status' in admitted) return this.refuse(req, res, admitted.status, admitted.headers, admitted.body);
    if (!hasBody(req)) return this.rest(req, res, url, '', admitted);
    this.readBody(req, res, continueAsked, (body) => this.rest(req, res, url, body, admitted));
  }

  /**
   * The body of an admitted request, within its own limit and the budget of all bodies.
   * What it holds goes back to the budget when its answer is done.
   */
  private readBody(req: http.IncomingMessage, res: http.ServerResponse, continueAsked: boolean, then: (body: Buffer) => void) {
    if (continueAsked) res.writeContinue();
    const chunks: Buffer[] = [];
    let size = 0;
    let refused = false;
    res.once('close', () => this.budget.give(size));
    req.on('data', (chunk: Buffer) => {
      if (refused) return;
      if (size + chunk.length > this.limits.maxBodyBytes) return void (refused = true, chunks.length = 0, this.refuse(req, res, 413, JSON_HEADERS, errorBody(413)));
      if (!this.budget.take(chunk.length)) return void (refused = true, chunks.length = 0, this.refuse(req, res, 503, BUSY_HEADERS, errorBody(503)));
      size += chunk.length;
      chunks.push(chunk);
    });
    req.on('error', () => res.destroy());
    req.on('end', () => {
      // Bytes: the REST side checks they are UTF-8 (a body that is not is refused).
      if (!refused) then(Buffer.concat(chunks));
    });
  }

  /**
   * Answers without reading (the rest of) the request's body. While the body is still on its
   * way the connection closes after the answer, lingering so that the client reads it.
   */
  private refuse(req: http.IncomingMessage, res: http.ServerResponse, status: number, headers: Readonly<Record<string, string>>, body: string | Buffer | (string | Buffer)[]) {
    if (hasBody(req) && !req.complete) {
      lingerOnClose(req.socket);
      headers = { ...headers, Connection: 'close' };
    }
    this.send(res, status, headers, body);
  }

  private rest(req: http.IncomingMessage, res: http.ServerResponse, url: string, body: string | Buffer, login: Login) {
    let r: Maybe<RestReply>;
    try {
      r = this.options.rest.handle({
        method: req.method ?? 'GET', url, authorization: req.headers.authorization,
        contentType: req.headers['content-type'], body,
        client: remoteAddress(req.socket), scheme: this.options.scheme, host: req.headers.host, connection: req.socket,
      }, login);
    } catch (e) {
      return this.failed(res, e);
    }
    if (r instanceof Promise) r.then((a) => this.send(res, a.status, a.headers, a.body), (e) => this.failed(res, e));
    else this.send(res, r.status, r.headers, r.body);
  }

  private failed(res: http.ServerResponse, e: unknown) {
    console.error('vrouter: REST request failed:', e);
    this.send(res, 500, JSON_HEADERS, errorBody(500, 'internal error'));
  }

  private page(req: http.IncomingMessage, res: http.ServerResponse, pathName: string) {
    // A page takes no body. One still arriving is not held: the answer goes at once, then the
    // connection closes after a lingering read that discards the rest (./linger.ts). Closing
    // with the body unread would make the kernel reset the connection, and a client still
    // sending (a 7 MB POST with `Connection: close`) would get that reset, not its answer.
    if (hasBody(req) && !req.complete) {
      lingerOnClose(req.socket);
      res.shouldKeepAlive = false;
    }
    const parts = this.options.parts();
    const forbidden = () => this.send(res, 403, HTML_HEADERS, forbiddenHtml);
    const html = (text: string, type = HTML_TYPE) => this.send(res, 200, { 'Content-Type': type }, text);
    const { identity, version } = this.options.router();
    // The home page and the static files it shares with the other pages: the manual has
    // `index-*` take effect only when `webfig-*` and `graphs-*` are off too.
    const home = parts.index || parts.webfig || parts.graphs;
    if (pathName === '/' || pathName === '/index.html') return home ? html(homePageHtml(identity, version)) : forbidden();
    if (pathName === '/style.css') return home ? html(STYLE, 'text/css; charset=utf-8') : forbidden();
    // WebFig and graphs: static files that speak only the REST service. Both pages share
    // their scripts and styles, so each part serves them under its own prefix.
    for (const [prefix, on, entry] of [['/webfig', parts.webfig, 'index.html'], ['/graphs', parts.graphs, 'graphs.html']] as const) {
      if (pathName !== prefix && !pathName.startsWith(prefix + '/')) continue;
      if (!on) return forbidden();
      if (pathName === prefix) return this.send(res, 301, { Location: prefix + '/', 'Content-Type': HTML_TYPE }, '');
      const name = pathName.slice(prefix.length + 1) || entry;
      return this.sendStatic(req, res, name === 'index.html' || name === 'graphs.html' ? entry : name);
    }
    if (pathName.startsWith('/.well-known/acme-challenge/') && parts.acme === false) return forbidden();
    if (pathName.startsWith('/crl/') && parts.crl === false) return forbidden();
    if (pathName.startsWith('/scep/') && parts.scep === false) return forbidden();
    this.notFound(res);
  }

  /** One of the page's files (GET or HEAD), with its ETag, or 404. */
  private sendStatic(req: http.IncomingMessage, res: http.ServerResponse, name: string) {
    const method = req.method ?? 'GET';
    if (method !== 'GET' && method !== 'HEAD') return this.notFound(res);
    const reply = /^[\w.-]+$/.test(name) ? staticReply(name, req.headers['if-none-match'], req.headers['accept-encoding']) : undefined;
    if (!reply) return this.notFound(res);
    if (reply.status === 304 || method === 'HEAD') {
      // The headers a GET would carry, without a body (HEAD still says how long it would be).
      if (res.destroyed || res.headersSent) return;
      const length = reply.status === 200 ? { 'Content-Length': reply.body.length } : {};
      res.writeHead(reply.status, { ...reply.headers, ...length, ...(this.closing ? { Connection: 'close' } : {}) });
      return void res.end();
    }
    this.send(res, 200, reply.headers, [reply.body as Buffer]);
  }

  /** A path that names nothing: the same JSON 404 as the REST service's (only 403 pages are HTML). */
  private notFound(res: http.ServerResponse) {
    this.send(res, 404, { 'Content-Type': JSON_TYPE }, errorBody(404));
  }

  private send(res: http.ServerResponse, status: number, headers: Readonly<Record<string, string>>, body: string | Buffer | (string | Buffer)[]) {
    if (res.destroyed || res.headersSent) return;
    // Headers as a flat list of names and values: no object is made per answer (this is
    // every REST reply's way out).
    const list: (string | number)[] = [];
    for (const name in headers) list.push(name, headers[name]);
    // A replaced listener still answers what it was asked, then lets the connection go.
    if (this.closing) list.push('Connection', 'close');
    const length = typeof body === 'string' ? Buffer.byteLength(body) : Buffer.isBuffer(body) ? body.length
      : body.reduce((n, b) => n + (typeof b === 'string' ? Buffer.byteLength(b) : b.length), 0);
    list.push('Content-Length', length);
    res.writeHead(status, list as string[]);
    if (!Array.isArray(body)) return void res.end(body);
    for (const piece of body) res.write(piece);
    res.end();
  }

}

/** The client's address as the router shows it: IPv4-mapped IPv6 addresses as plain IPv4. */
export function remoteAddress(socket: net.Socket): string {
  const a = socket.remoteAddress ?? '';
  return a.startsWith('::ffff:') ? a.slice(7) : a;
}

/** Kept for callers that have a request at hand. */
export function clientAddress(req: http.IncomingMessage): string {
  return remoteAddress(req.socket);
}
