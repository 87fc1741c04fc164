// The `www` service: HTTP/1.1 with keep-alive, serving REST under /rest and the router's
// small home page at /. Node's own http module, so status codes, resets and keep-alive
// stay under our control.
//
// Limits (each answered with a clear status, none can take the server down):
//   request head   16 KiB (Node's default)        -> 431
//   request body   MAX_BODY bytes                  -> 413
//   head time      HEADERS_TIMEOUT_MS              -> 408 / connection closed
//   idle keep-alive KEEP_ALIVE_MS between requests -> connection closed

import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { RestHandler } from './rest/handler.js';
import { errorBody } from './rest/errors.js';

export const MAX_BODY = 8 * 1024 * 1024;
export const HEADERS_TIMEOUT_MS = 20_000;
export const KEEP_ALIVE_MS = 60_000;

export interface WwwOptions {
  rest: RestHandler;
  /** The home page's words: identity and version. */
  homePage: () => string;
  scheme: 'http' | 'https';
}

export function homePageHtml(identity: string, version: string): string {
  const esc = (s: string) => s.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
  return `<!DOCTYPE html>
<html><head><meta charset="utf-8"><title>${esc(identity)} - RouterOS router configuration page</title></head>
<body><h1>RouterOS v${esc(version)}</h1>
<p>You have connected to a router <b>${esc(identity)}</b>.</p>
<p><a href="/webfig/">Webfig</a> &middot; REST API at <code>/rest</code></p>
</body></html>
`;
}

export class Www {
  readonly server: http.Server;

  constructor(private readonly options: WwwOptions) {
    this.server = http.createServer({ keepAlive: true, headersTimeout: HEADERS_TIMEOUT_MS, requestTimeout: 0 }, (req, res) => this.serve(req, res));
    this.server.keepAliveTimeout = KEEP_ALIVE_MS;
  }

  listen(port: number, host: string): Promise<number> {
    return new Promise((resolve, reject) => {
      const onError = (e: Error) => reject(e);
      this.server.once('error', onError);
      this.server.listen(port, host, () => {
        this.server.off('error', onError);
        resolve((this.server.address() as AddressInfo).port);
      });
    });
  }

  private serve(req: http.IncomingMessage, res: http.ServerResponse) {
    const chunks: Buffer[] = [];
    let size = 0;
    let tooBig = false;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY) { tooBig = true; chunks.length = 0; return; }
      if (!tooBig) chunks.push(chunk);
    });
    req.on('error', () => res.destroy());
    req.on('end', () => {
      if (tooBig) return this.send(res, 413, { 'Content-Type': 'application/json', Connection: 'close' }, errorBody(413));
      const url = req.url ?? '/';
      if (url === '/rest' || url.startsWith('/rest/') || url.startsWith('/rest?')) {
        this.options.rest.handle({
          method: req.method ?? 'GET', url, authorization: req.headers.authorization,
          contentType: req.headers['content-type'], body: Buffer.concat(chunks).toString('utf8'),
          client: clientAddress(req), scheme: this.options.scheme, host: req.headers.host,
        }).then(
          (r) => this.send(res, r.status, r.headers, r.body),
          (e) => { console.error('vrouter: REST request failed:', e); this.send(res, 500, { 'Content-Type': 'application/json' }, errorBody(500, 'internal error')); },
        );
        return;
      }
      if (url === '/' || url === '/index.html') return this.send(res, 200, { 'Content-Type': 'text/html; charset=utf-8' }, this.options.homePage());
      this.send(res, 404, { 'Content-Type': 'text/html; charset=utf-8' }, '<!DOCTYPE html><html><body><h1>404 Not Found</h1></body></html>\n');
    });
  }

  private send(res: http.ServerResponse, status: number, headers: Record<string, string>, body: string) {
    if (res.destroyed) return;
    res.writeHead(status, { ...headers, 'Content-Length': Buffer.byteLength(body) });
    res.end(body);
  }

  close(): Promise<void> {
    return new Promise((resolve) => {
      this.server.close(() => resolve());
      this.server.closeAllConnections();
    });
  }
}

/** The client's address as the router shows it: IPv4-mapped IPv6 addresses as plain IPv4. */
export function clientAddress(req: http.IncomingMessage): string {
  const a = req.socket.remoteAddress ?? '';
  return a.startsWith('::ffff:') ? a.slice(7) : a;
}
