// Clients for the service tests: HTTPS with a chosen trust root and TLS versions, raw
// sockets, and the Debian tools (curl, openssl) as a person would run them.

import { execFile } from 'node:child_process';
import fs from 'node:fs';
import https from 'node:https';
import net from 'node:net';
import path from 'node:path';
import tls from 'node:tls';
import { readReply, type Reply } from '../helpers/router.js';

export const auth = (user = 'admin', password = '') => 'Basic ' + Buffer.from(`${user}:${password}`).toString('base64');

export interface HttpsOptions {
  /** The only trusted roots (PEM); without them the router's certificate is not checked. */
  ca?: string | string[];
  /** The name the client checks the certificate against (SNI and hostname check). */
  servername?: string;
  minVersion?: tls.SecureVersion;
  maxVersion?: tls.SecureVersion;
  ciphers?: string;
  body?: unknown;
  headers?: Record<string, string>;
}

/** One HTTPS request to 127.0.0.1:port; rejects with the TLS error a client meets. */
export function httpsCall(port: number, method: string, urlPath: string, o: HttpsOptions = {}): Promise<Reply & { socket: tls.TLSSocket }> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { Authorization: auth(), ...o.headers };
    const payload = o.body === undefined ? undefined : JSON.stringify(o.body);
    if (payload !== undefined) headers['Content-Type'] = 'application/json';
    const req = https.request({
      host: '127.0.0.1', port, method, path: urlPath, headers, agent: false,
      ca: o.ca, rejectUnauthorized: o.ca !== undefined, servername: o.servername,
      minVersion: o.minVersion, maxVersion: o.maxVersion, ciphers: o.ciphers,
    }, (res) => {
      readReply(res).then((r) => resolve({ ...r, socket: res.socket as tls.TLSSocket }), reject);
    });
    req.on('error', reject);
    if (payload !== undefined) req.write(payload);
    req.end();
  });
}

/** The TLS version a bare handshake agrees on, or the error code that ended it. */
export function handshake(port: number, o: { minVersion?: tls.SecureVersion; maxVersion?: tls.SecureVersion; ciphers?: string; ca?: string; servername?: string } = {}): Promise<string> {
  return new Promise((resolve) => {
    const socket = tls.connect({
      host: '127.0.0.1', port, servername: o.servername, ca: o.ca, rejectUnauthorized: o.ca !== undefined,
      minVersion: o.minVersion, maxVersion: o.maxVersion, ciphers: o.ciphers ?? 'DEFAULT:@SECLEVEL=0',
    }, () => { resolve(socket.getProtocol() ?? 'none'); socket.end(); });
    socket.on('error', (e: NodeJS.ErrnoException) => resolve(e.code ?? e.message));
  });
}

/** Runs a program; resolves with its exit code and output (never rejects). */
export function run(file: string, args: string[], input = ''): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = execFile(file, args, { timeout: 15_000 }, (e, stdout, stderr) => {
      resolve({ code: e ? (typeof e.code === 'number' ? e.code : 1) : 0, stdout, stderr });
    });
    // A program that does not read its input may be gone before it is written (EPIPE).
    child.stdin?.on('error', () => {});
    child.stdin?.end(input);
  });
}

/** Sends raw bytes on a plain socket and gathers everything that comes back until close. */
export function raw(port: number, data: string | Buffer, o: { localAddress?: string; host?: string } = {}): Promise<{ data: string; error?: string }> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let error: string | undefined;
    const socket = net.connect({ port, host: o.host ?? '127.0.0.1', localAddress: o.localAddress }, () => socket.write(data));
    socket.on('data', (c) => chunks.push(c));
    socket.on('error', (e: NodeJS.ErrnoException) => { error = e.code; });
    socket.on('close', () => resolve({ data: Buffer.concat(chunks).toString('latin1'), error }));
  });
}

/** Polls until `check` gives a value (not undefined), or fails after `ms`. */
export async function waitFor<T>(check: () => Promise<T | undefined> | T | undefined, ms = 10_000, what = 'condition'): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const v = await check();
    if (v !== undefined) return v;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((ok) => setTimeout(ok, 25));
  }
}

/** A file of the router's /file store, as bytes. */
export const routerFile = (dir: string, name: string) => fs.readFileSync(path.join(dir, 'files', name));
export const writeRouterFile = (dir: string, name: string, data: string | Buffer) => {
  fs.mkdirSync(path.dirname(path.join(dir, 'files', name)), { recursive: true });
  fs.writeFileSync(path.join(dir, 'files', name), data);
};

export { freePort } from '../helpers/ports.js';
