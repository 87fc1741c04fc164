// The web configuration page's files (WebFig under /webfig/, graphs under /graphs/), read
// once from dist/web, where the build puts src/web and the vendored chart library
// (src/web/build.ts). Each file is answered with a strong ETag (a hash of its bytes) and
// `Cache-Control: no-cache`, so a browser keeps it and asks only "has it changed?" (304),
// gzip when the client takes it, and a Content-Security-Policy that lets the page load
// scripts and styles from this server only: no inline script, nothing from elsewhere.

import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ROOT } from '../paths.js';
import { zlib } from '../core/later-modules.js';

/** Where the build puts the page's files: dist/web, next to dist/src. */
export const WEB_DIR = fileURLToPath(new URL('dist/web/', ROOT));

export const CONTENT_SECURITY_POLICY =
  "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; " +
  "font-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml', '.png': 'image/png', '.ico': 'image/x-icon',
};

export interface StaticFile {
  type: string;
  etag: string;
  body: Buffer;
  gzip: Buffer;
}

let files: Map<string, StaticFile> | undefined;

/** The served files by name ('index.html', 'webfig.js', ...); empty when the build has not run. */
export function staticFiles(dir = WEB_DIR): Map<string, StaticFile> {
  if (files) return files;
  const found = new Map<string, StaticFile>();
  let names: string[] = [];
  try { names = fs.readdirSync(dir); } catch { console.error(`vrouter: no web page files in ${dir} (run npm run build)`); }
  for (const name of names) {
    const type = TYPES[path.extname(name)];
    if (!type) continue;
    const body = fs.readFileSync(path.join(dir, name));
    const etag = `"${crypto.createHash('sha256').update(body).digest('base64url').slice(0, 22)}"`;
    found.set(name, { type, etag, body, gzip: zlib().gzipSync(body, { level: 9 }) });
  }
  return (files = found);
}

export interface StaticReply {
  status: 200 | 304;
  headers: Record<string, string>;
  body: Buffer | '';
}

/** The reply for one file (304 when the client's copy is current), or undefined when there is no such file. */
export function staticReply(name: string, ifNoneMatch: string | undefined, acceptEncoding: string | undefined): StaticReply | undefined {
  const file = staticFiles().get(name);
  if (!file) return undefined;
  const headers: Record<string, string> = {
    'Content-Type': file.type, ETag: file.etag, 'Cache-Control': 'no-cache', Vary: 'Accept-Encoding',
    'Content-Security-Policy': CONTENT_SECURITY_POLICY, 'X-Content-Type-Options': 'nosniff', 'Referrer-Policy': 'no-referrer',
  };
  if (ifNoneMatch !== undefined && ifNoneMatch.split(',').some((t) => t.trim() === file.etag || t.trim() === '*')) {
    return { status: 304, headers, body: '' };
  }
  const gzip = /\bgzip\b/.test(acceptEncoding ?? '') && file.gzip.length < file.body.length;
  if (gzip) headers['Content-Encoding'] = 'gzip';
  const body = gzip ? file.gzip : file.body;
  return { status: 200, headers, body };
}
