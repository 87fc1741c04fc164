// The baseline: a bare node:http server, in a process of its own, answering each URL with
// bytes captured from the router (same status, headers and body). It does nothing else,
// so it is what Node itself can do on this machine for the same replies.
//
//   node dist/bench/baseline-server.js MANIFEST.json    -> prints "listening PORT"

import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

interface Manifest {
  keepAliveMs: number;
  replies: Record<string, { status: number; headers: [string, string][]; bodyFile: string }>;
}

const manifest = JSON.parse(fs.readFileSync(process.argv[2], 'utf8')) as Manifest;
const replies = new Map(Object.entries(manifest.replies).map(([url, r]) => {
  const headers: Record<string, string> = {};
  for (const [name, value] of r.headers) headers[name] = value;
  return [url, { status: r.status, headers, body: fs.readFileSync(r.bodyFile) }] as const;
}));

const server = http.createServer({ keepAlive: true }, (req, res) => {
  const reply = replies.get(req.url ?? '');
  const answer = () => {
    if (!reply) { res.writeHead(404, { 'Content-Length': 0 }); res.end(); return; }
    res.writeHead(reply.status, reply.headers);
    res.end(reply.body);
  };
  // A request with a body is read to its end first, as the router must.
  if (req.method === 'GET' || req.method === 'HEAD') answer();
  else { req.resume(); req.on('end', answer); }
});
server.keepAliveTimeout = manifest.keepAliveMs;
server.listen(0, '127.0.0.1', () => {
  process.stdout.write(`listening ${(server.address() as AddressInfo).port}\n`);
});
process.on('SIGTERM', () => { server.close(() => process.exit(0)); server.closeAllConnections(); });
