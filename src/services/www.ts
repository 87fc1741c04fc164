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
//   head time        HEADERS_TIMEOUT_MS (20 s) from the first byte of a
//                    request to the end of its head                          -> 408
//   request time     REQUEST_TIMEOUT_MS (60 s) to receive a whole request,
//                    head and body (a slow answer is not limited here: the
//                    REST service's own 60 s request limit is)              -> 408
//   TLS handshake    HANDSHAKE_TIMEOUT_MS (20 s)                             -> connection closed
//   idle keep-alive  KEEP_ALIVE_MS (60 s) between requests                   -> connection closed

import http from 'node:http';
import https from 'node:https';
import type net from 'node:net';
import type tls from 'node:tls';
import type { RestHandler } from './rest/handler.js';
import { STATUS_TEXT, errorBody } from './rest/errors.js';
import { staticReply } from './static.js';

export const MAX_HEADER_BYTES = 16 * 1024;
export const MAX_BODY_BYTES = 8 * 1024 * 1024;
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
  headersTimeoutMs: number;
  requestTimeoutMs: number;
  handshakeTimeoutMs: number;
  keepAliveMs: number;
}

export const LIMITS: Limits = {
  maxHeaderBytes: MAX_HEADER_BYTES, maxBodyBytes: MAX_BODY_BYTES, headersTimeoutMs: HEADERS_TIMEOUT_MS,
  requestTimeoutMs: REQUEST_TIMEOUT_MS, handshakeTimeoutMs: HANDSHAKE_TIMEOUT_MS, keepAliveMs: KEEP_ALIVE_MS,
};

export interface WwwOptions {
  rest: RestHandler;
  scheme: 'http' | 'https';
  /** The router's identity and version, for the pages. */
  router: () => { identity: string; version: string };
  /** The switches in force for this scheme, read at every request. */
  parts: () => WebParts;
  /** For HTTPS: certificate, key, ciphers and TLS versions. */
  tls?: tls.TlsOptions;
  /** Clients outside `available-from` are reset before any byte of theirs is read. */
  allowed: (address: string) => boolean;
  limits?: Partial<Limits>;
}

const JSON_TYPE = 'application/json';
const HTML_TYPE = 'text/html; charset=utf-8';
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

  constructor(private readonly options: WwwOptions) {
    const limits = this.limits = { ...LIMITS, ...options.limits };
    const httpOptions: http.ServerOptions = {
      keepAlive: true, headersTimeout: limits.headersTimeoutMs, requestTimeout: limits.requestTimeoutMs, maxHeaderSize: limits.maxHeaderBytes,
      // Timeouts are checked this often; a short limit (in tests) needs a shorter interval.
      connectionsCheckingInterval: Math.min(30_000, Math.max(50, Math.floor(limits.headersTimeoutMs / 4))),
    };
    const handler = (req: http.IncomingMessage, res: http.ServerResponse) => this.serve(req, res);
    this.server = options.scheme === 'https'
      ? https.createServer({ ...options.tls, ...httpOptions, handshakeTimeout: limits.handshakeTimeoutMs }, handler)
      : http.createServer(httpOptions, handler);
    this.server.keepAliveTimeout = limits.keepAliveMs;
    // First of all listeners: a client outside available-from is reset before HTTP (or
    // TLS) reads a byte from it.
    this.server.prependListener('connection', (socket: net.Socket) => {
      if (!options.allowed(remoteAddress(socket))) socket.resetAndDestroy();
    });
    this.server.on('clientError', (err: NodeJS.ErrnoException, socket: net.Socket) => this.clientError(err, socket));
    // A failed handshake is the client's business (no trust, wrong name, no shared cipher).
    this.server.on('tlsClientError', () => {});
    this.closed = new Promise((ok) => { this.markClosed = ok; });
  }

  listen(port: number, host: string): Promise<number> {
    return new Promise((resolve, reject) => {
      const onError = (e: Error) => reject(e);
      this.server.once('error', onError);
      this.server.listen(port, host, () => {
        this.server.off('error', onError);
        resolve((this.server.address() as net.AddressInfo).port);
      });
    });
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
        setTimeout(() => this.server.closeAllConnections(), DRAIN_MS).unref();
      } else {
        this.server.closeAllConnections();
      }
    }
    return graceful ? Promise.resolve() : this.closed;
  }

  private clientError(err: NodeJS.ErrnoException, socket: net.Socket) {
    if (err.code === 'ECONNRESET' || !socket.writable) {
      socket.destroy();
      return;
    }
    const status = err.code === 'HPE_HEADER_OVERFLOW' ? 431 : err.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
    const body = errorBody(status);
    socket.end(`HTTP/1.1 ${status} ${STATUS_TEXT[status]}\r\nContent-Type: ${JSON_TYPE}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`);
  }

  private serve(req: http.IncomingMessage, res: http.ServerResponse) {
    // No Content-Length and no Transfer-Encoding: no body (RFC 9112 6.3), answered at once.
    if (req.headers['content-length'] === undefined && req.headers['transfer-encoding'] === undefined) return this.route(req, res, '');
    const length = Number(req.headers['content-length'] ?? 0);
    if (length > this.limits.maxBodyBytes) return this.tooLarge(req, res);
    const chunks: Buffer[] = [];
    let size = 0;
    let refused = false;
    req.on('data', (chunk: Buffer) => {
      if (refused) return;
      size += chunk.length;
      if (size > this.limits.maxBodyBytes) { refused = true; chunks.length = 0; this.tooLarge(req, res); return; }
      chunks.push(chunk);
    });
    req.on('error', () => res.destroy());
    req.on('end', () => {
      if (!refused) this.route(req, res, Buffer.concat(chunks).toString('utf8'));
    });
  }

  /** 413, and the connection closes: the rest of the body is not read. */
  private tooLarge(req: http.IncomingMessage, res: http.ServerResponse) {
    this.send(res, 413, { 'Content-Type': JSON_TYPE, Connection: 'close' }, errorBody(413));
    res.on('finish', () => req.socket.destroySoon());
  }

  private route(req: http.IncomingMessage, res: http.ServerResponse, body: string) {
    const url = req.url ?? '/';
    const pathName = url.split('?')[0];
    const parts = this.options.parts();
    const forbidden = () => this.send(res, 403, { 'Content-Type': HTML_TYPE }, forbiddenHtml);
    const html = (text: string, type = HTML_TYPE) => this.send(res, 200, { 'Content-Type': type }, text);
    if (pathName === '/rest' || pathName.startsWith('/rest/')) {
      if (!parts.rest) return forbidden();
      this.options.rest.handle({
        method: req.method ?? 'GET', url, authorization: req.headers.authorization,
        contentType: req.headers['content-type'], body,
        client: remoteAddress(req.socket), scheme: this.options.scheme, host: req.headers.host, connection: req.socket,
      }).then(
        (r) => this.send(res, r.status, r.headers, r.body),
        (e) => {
          console.error('vrouter: REST request failed:', e);
          this.send(res, 500, { 'Content-Type': JSON_TYPE }, errorBody(500, 'internal error'));
        },
      );
      return;
    }
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

  private send(res: http.ServerResponse, status: number, headers: Record<string, string>, body: string | (string | Buffer)[]) {
    if (res.destroyed || res.headersSent) return;
    // A replaced listener still answers what it was asked, then lets the connection go.
    const close = this.closing ? { Connection: 'close' } : {};
    const length = typeof body === 'string' ? Buffer.byteLength(body) : body.reduce((n, b) => n + (typeof b === 'string' ? Buffer.byteLength(b) : b.length), 0);
    res.writeHead(status, { ...headers, ...close, 'Content-Length': length });
    if (typeof body === 'string') return void res.end(body);
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
