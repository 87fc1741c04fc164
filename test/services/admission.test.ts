// Issue 13, items 5 and 9 (network part): a REST request is admitted from its head alone,
// before any of its body is read; the bodies of all connections together are capped; a
// request without Host gets the JSON error object; a body over the limit gets its 413 (not
// a reset) while the client is still sending. Real sockets and Node's http client.

import assert from 'node:assert/strict';
import http from 'node:http';
import net from 'node:net';
import { after, before, describe, test } from 'node:test';
import { POLICIES } from '../../src/core/schema.js';
import type { RestHandler } from '../../src/services/rest/handler.js';
import { Www } from '../../src/services/www.js';
import { error, readReply, startRouter, type Reply, type TestRouter } from '../helpers/router.js';
import { run } from './helpers.js';

const consoleUser = { user: 'admin', via: 'console', policies: new Set(POLICIES) };
const ADMIN = 'Basic ' + Buffer.from('admin:').toString('base64');

/** Sends `head`, then `body` (if any); resolves with everything that came back until close, and when the answer began. */
function exchange(port: number, head: string, body?: Buffer, guardMs = 10_000): Promise<{ data: string; answeredAfterMs?: number; error?: string }> {
  return new Promise((resolve) => {
    const started = Date.now();
    let answeredAfterMs: number | undefined;
    let failure: string | undefined;
    const chunks: Buffer[] = [];
    const socket = net.connect(port, '127.0.0.1', () => {
      socket.write(head);
      if (body) socket.write(body);
    });
    const guard = setTimeout(() => socket.destroy(), guardMs);
    socket.on('data', (c) => { answeredAfterMs ??= Date.now() - started; chunks.push(c); });
    socket.on('error', (e: NodeJS.ErrnoException) => { failure = e.code; });
    socket.on('close', () => {
      clearTimeout(guard);
      resolve({ data: Buffer.concat(chunks).toString('latin1'), answeredAfterMs, error: failure });
    });
  });
}

/**
 * Python's http.client, which writes a whole request before it reads any answer (as many
 * scripted clients do): a server that closes while the body is still coming makes it fail
 * with a broken pipe or reset instead of reading the answer. Prints "status body".
 */
const PYTHON_UPLOAD = `
import http.client, sys
port, size, chunked, auth = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3] == 'chunked', sys.argv[4]
c = http.client.HTTPConnection('127.0.0.1', port, timeout=30)
headers = {'Content-Type': 'application/json'}
if auth: headers['Authorization'] = auth
piece = b' ' * (256 * 1024)
try:
    if chunked:
        c.request('POST', '/rest/ip/address/print', body=(piece for _ in range(size // len(piece))), headers=headers, encode_chunked=True)
    else:
        c.request('POST', '/rest/ip/address/print', body=b' ' * size, headers={**headers, 'Content-Length': str(size)})
    r = c.getresponse()
    print(r.status, r.read().decode())
except Exception as e:
    print(type(e).__name__, e)
`;

const pythonUpload = async (port: number, size: number, how: 'length' | 'chunked', authorization = '') =>
  (await run('python3', ['-c', PYTHON_UPLOAD, String(port), String(size), how, authorization])).stdout.trim();

describe('a REST request is admitted before its body is read', () => {
  let r: TestRouter;
  before(async () => {
    r = await startRouter();
    // 40 clients at once: more than www's default max-sessions (20), which refuses the rest.
    const www = r.router.store.table('ip/service').byKey.get('www')!;
    await r.router.engine.run({ path: ['ip', 'service'], command: 'set', args: { numbers: www.values.name, 'max-sessions': '100' } }, consoleUser);
    await r.router.services!.settled();
  });
  after(async () => { await r.stop(); });

  test('without credentials: 401 right after the head, while the 7.5 MB body it announced never comes', async () => {
    const reply = await exchange(r.port, 'PUT /rest/ip/address HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 7500000\r\n\r\n');
    assert.ok(reply.answeredAfterMs !== undefined && reply.answeredAfterMs < 5000, `answered after ${reply.answeredAfterMs} ms`);
    assert.match(reply.data, /^HTTP\/1\.1 401 Unauthorized\r\n/);
    assert.match(reply.data, /\r\nWWW-Authenticate: Basic\r\n/);
    assert.match(reply.data, /\r\nConnection: close\r\n/);
    assert.ok(reply.data.endsWith('\r\n\r\n{"error":401,"message":"Unauthorized"}'), reply.data);
  });

  test('with a wrong password, and from a group without rest-api, the same', async () => {
    await r.router.engine.run({ path: ['user', 'group'], command: 'add', args: { name: 'noapi', policy: 'read' } }, consoleUser);
    await r.router.engine.run({ path: ['user'], command: 'add', args: { name: 'bob', group: 'noapi', password: 'pw' } }, consoleUser);
    for (const credentials of ['admin:wrong', 'bob:pw']) {
      const reply = await exchange(r.port, `POST /rest/ip/address/print HTTP/1.1\r\nHost: x\r\nAuthorization: Basic ${Buffer.from(credentials).toString('base64')}\r\nContent-Type: application/json\r\nContent-Length: 7500000\r\n\r\n`);
      assert.match(reply.data, /^HTTP\/1\.1 401 Unauthorized\r\n/, credentials);
      assert.ok(reply.answeredAfterMs !== undefined && reply.answeredAfterMs < 5000, `${credentials}: answered after ${reply.answeredAfterMs} ms`);
    }
  });

  test('40 anonymous clients sending 7.5 MB each all get 401, and their bodies are not held', async () => {
    const body = Buffer.alloc(7_500_000, 0x20);
    const head = 'POST /rest/ip/address/print HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 7500000\r\n\r\n';
    global.gc?.();
    const base = process.memoryUsage().arrayBuffers;
    let peak = base;
    const sampler = setInterval(() => { peak = Math.max(peak, process.memoryUsage().arrayBuffers); }, 5);
    const replies = await Promise.all(Array.from({ length: 40 }, () => exchange(r.port, head, body)));
    clearInterval(sampler);
    for (const reply of replies) assert.match(reply.data, /^HTTP\/1\.1 401 Unauthorized\r\n[\s\S]*\{"error":401,"message":"Unauthorized"\}$/);
    // Held, the bodies would be 300 MB (twice that while joined); a third of it is room
    // enough for the client side's one buffer and the pieces in flight.
    const grew = peak - base;
    assert.ok(grew < 100_000_000, `memory grew by ${Math.round(grew / 1e6)} MB`);
  });

  test('Expect: 100-continue: the body is asked for only once the request is admitted', async () => {
    const post = (authorization?: string) => new Promise<{ continued: boolean; reply: Reply }>((resolve, reject) => {
      let continued = false;
      const headers: Record<string, string> = { 'Content-Type': 'application/json', Expect: '100-continue', 'Content-Length': '2' };
      if (authorization) headers.Authorization = authorization;
      const req = http.request({ host: '127.0.0.1', port: r.port, method: 'POST', path: '/rest/system/identity/print', headers, agent: false }, (res) => {
        readReply(res).then((reply) => resolve({ continued, reply }), reject);
      });
      req.on('continue', () => { continued = true; req.end('{}'); });
      req.on('error', reject);
      req.flushHeaders();
    });
    const anonymous = await post();
    assert.deepEqual([anonymous.continued, anonymous.reply.status, anonymous.reply.json], [false, 401, error(401, 'Unauthorized')]);
    const admin = await post(ADMIN);
    assert.deepEqual([admin.continued, admin.reply.status, admin.reply.json], [true, 200, [{ name: 'MikroTik' }]]);
  });

  test('a request without Host gets 400 with the JSON error object', async () => {
    const reply = await exchange(r.port, `GET /rest/system/identity HTTP/1.1\r\nAuthorization: ${ADMIN}\r\n\r\n`);
    assert.match(reply.data, /^HTTP\/1\.1 400 Bad Request\r\n/);
    assert.match(reply.data, /\r\nContent-Type: application\/json\r\n/);
    assert.ok(reply.data.endsWith('\r\n\r\n{"error":400,"message":"Bad Request"}'), reply.data);
    // HTTP/1.0 has no Host to require.
    const old = await exchange(r.port, `GET /rest/system/identity HTTP/1.0\r\nAuthorization: ${ADMIN}\r\n\r\n`);
    assert.ok(old.data.startsWith('HTTP/1.1 200 OK\r\n') && old.data.endsWith('{"name":"MikroTik"}'), old.data);
  });

  test('a body over the limit gets its 413 while the client is still sending, not a reset', async () => {
    const big = 12 * 1024 * 1024;
    assert.equal(await pythonUpload(r.port, big, 'length', ADMIN), '413 {"error":413,"message":"Payload Too Large"}');
    assert.equal(await pythonUpload(r.port, big, 'chunked', ADMIN), '413 {"error":413,"message":"Payload Too Large"}');
    // Anonymous, within the limit: 401 the same way, while its 7.5 MB are still coming.
    assert.equal(await pythonUpload(r.port, 7_500_000, 'length'), '401 {"error":401,"message":"Unauthorized"}');
  });
});

describe('what all connections together may hold of request bodies is capped', () => {
  test('a body that would pass the common budget is 503 with Retry-After; once the others are done it fits', async () => {
    const rest = {
      admit: async () => ({}),
      handle: async (req: { body: string }) => ({ status: 200, headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ got: req.body.length }) }),
    } as unknown as RestHandler;
    const www = new Www({
      rest, scheme: 'http', allowed: () => true, limits: { maxBodyBytes: 800_000, maxBodyTotalBytes: 1_000_000 },
      router: () => ({ identity: 'MikroTik', version: '7.24' }),
      parts: () => ({ rest: true, index: true, webfig: true, graphs: true }),
    });
    const port = await www.listen(0, '127.0.0.1');
    const head = (length: number) => `POST /rest/x HTTP/1.1\r\nHost: x\r\nAuthorization: ${ADMIN}\r\nContent-Type: application/json\r\nContent-Length: ${length}\r\n\r\n`;
    try {
      // A holds 600 kB of its 700 kB body and waits.
      const a = net.connect(port, '127.0.0.1');
      await new Promise((ok) => a.once('connect', ok));
      a.write(head(700_000));
      a.write(Buffer.alloc(600_000, 0x20));
      let aReply = '';
      a.on('data', (d) => { aReply += d.toString('latin1'); });
      await new Promise((ok) => setTimeout(ok, 300));
      // B's 600 kB do not fit beside it.
      const b = await exchange(port, head(600_000), Buffer.alloc(600_000, 0x20));
      assert.match(b.data, /^HTTP\/1\.1 503 Service Unavailable\r\n/);
      assert.match(b.data, /\r\nRetry-After: 1\r\n/);
      assert.ok(b.data.endsWith('\r\n\r\n{"error":503,"message":"Service Unavailable"}'), b.data);
      a.end(Buffer.alloc(100_000, 0x20));
      await new Promise((ok) => a.once('close', ok));
      assert.ok(aReply.startsWith('HTTP/1.1 200 OK\r\n') && aReply.endsWith('{"got":700000}'), aReply.slice(0, 200));
      const again = await exchange(port, head(600_000).replace('\r\n\r\n', '\r\nConnection: close\r\n\r\n'), Buffer.alloc(600_000, 0x20));
      assert.ok(again.data.startsWith('HTTP/1.1 200 OK\r\n') && again.data.endsWith('{"got":600000}'), again.data.slice(0, 200));
    } finally { await www.close(false); }
  });
});
