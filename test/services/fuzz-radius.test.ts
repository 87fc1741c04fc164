// Bad input from the network for RADIUS: random, mutated, truncated and forged datagrams to
// /radius/incoming; forged replies (random bytes, a wrong Response Authenticator, a wrong
// Message-Authenticator) to the router's own Access-Requests; a flood of logins waiting on a
// server that never answers. The router must drop what is bad, count it, hold bounded memory
// and never stop; a right reply that comes after forged ones is still taken.

import assert from 'node:assert/strict';
import crypto from 'node:crypto';
import dgram from 'node:dgram';
import { after, before, describe, test } from 'node:test';
import { freePort } from '../helpers/ports.js';
import { client, startRouter, type TestRouter } from '../helpers/router.js';
import { random, flood } from '../helpers/fuzz.js';

const SECRET = 'fuzzsecret';

const md5 = (...parts: Buffer[]) => { const h = crypto.createHash('md5'); for (const p of parts) h.update(p); return h.digest(); };

/** A packet as RFC 2865 3 lays it out: code, id, length, authenticator, attributes. */
function packet(code: number, id: number, authenticator: Buffer, attributes: [number, Buffer][]): Buffer {
  const body = Buffer.concat(attributes.map(([t, v]) => Buffer.concat([Buffer.from([t, v.length + 2]), v])));
  const head = Buffer.from([code, id, 0, 0]);
  head.writeUInt16BE(20 + body.length, 2);
  return Buffer.concat([head, authenticator, body]);
}

/** A Disconnect-Request signed as RFC 5176 2.3 says (the authenticator over zeros, then the secret). */
function disconnect(id: number, user: string, secret = SECRET): Buffer {
  const p = packet(40, id, Buffer.alloc(16), [[1, Buffer.from(user)]]);
  md5(p, Buffer.from(secret)).copy(p, 4);
  return p;
}

/** A reply to `request` with a right Response Authenticator (RFC 2865 3), and optionally a Message-Authenticator. */
function signedReply(code: number, request: Buffer, secret: string, messageAuth?: 'right' | 'wrong'): Buffer {
  const attrs: [number, Buffer][] = messageAuth ? [[80, Buffer.alloc(16)]] : [];
  const p = packet(code, request[1], request.subarray(4, 20), attrs);
  if (messageAuth === 'right') crypto.createHmac('md5', secret).update(p).digest().copy(p, 22);
  if (messageAuth === 'wrong') crypto.randomBytes(16).copy(p, 22);
  md5(p, Buffer.from(secret)).copy(p, 4);
  return p;
}

/** One request to the incoming port and its answer, or undefined after a second. */
function ask(port: number, request: Buffer): Promise<Buffer | undefined> {
  return new Promise((resolve) => {
    const s = dgram.createSocket('udp4');
    const timer = setTimeout(() => { s.close(); resolve(undefined); }, 1000);
    s.on('message', (m) => { clearTimeout(timer); s.close(); resolve(m); });
    s.send(request, port, '127.0.0.1');
  });
}

describe('RADIUS under bad input', () => {
  let r: TestRouter;
  let c: ReturnType<typeof client>;
  let incoming: number;
  /** The fake server: what it answers each Access-Request with, as the test says. */
  let server: dgram.Socket;
  let answer: (request: Buffer) => Buffer[] = () => [];

  before(async () => {
    server = dgram.createSocket('udp4');
    server.on('message', (m, from) => { for (const a of answer(m)) server.send(a, from.port, from.address); });
    await new Promise<void>((ok) => server.bind(0, '127.0.0.1', () => ok()));
    r = await startRouter();
    c = client(r.port);
    incoming = await freePort();
    await c.put('/rest/radius', { address: '127.0.0.1', secret: SECRET, service: 'login', 'authentication-port': String(server.address().port), timeout: '200ms' });
    await c.post('/rest/user/aaa/set', { 'use-radius': 'yes', accounting: 'no' });
    await c.post('/rest/radius/incoming/set', { accept: 'yes', port: String(incoming) });
    await r.router.services!.settled();
  });
  after(async () => { await r.stop(); await new Promise<void>((ok) => server.close(() => ok())); });

  test('random, mutated, truncated and forged datagrams to /radius/incoming are dropped and counted; a right request is still answered', async () => {
    const rnd = random(57);
    const good = disconnect(7, 'nobody');
    const datagrams: Buffer[] = [];
    for (let i = 0; i < 3000; i++) {
      const kind = i % 5;
      if (kind === 0) datagrams.push(crypto.randomBytes(Math.floor(rnd() * 600)));
      else if (kind === 1) { const b = Buffer.from(good); for (let k = 0; k < 3; k++) b[Math.floor(rnd() * b.length)] = Math.floor(rnd() * 256); datagrams.push(b); }
      else if (kind === 2) datagrams.push(good.subarray(0, Math.floor(rnd() * good.length)));
      else if (kind === 3) datagrams.push(disconnect(i & 0xff, 'nobody', 'not the secret'));
      // A right authenticator over a Message-Authenticator that is not.
      else { const p = packet(40, i & 0xff, Buffer.alloc(16), [[1, Buffer.from('nobody')], [80, crypto.randomBytes(16)]]); md5(p, Buffer.from(SECRET)).copy(p, 4); datagrams.push(p); }
    }
    const heap = process.memoryUsage().heapUsed;
    await flood(incoming, datagrams);
    const reply = await ask(incoming, good);
    assert.ok(reply, 'answered after the flood');
    assert.deepEqual([reply[0], reply[1]], [42, 7], 'Disconnect-NAK to id 7');
    // Error-Cause 503, Session Context Not Found (RFC 5176 3.5).
    assert.deepEqual([...reply.subarray(20, 26)], [101, 6, 0, 0, 0x01, 0xf7]);
    assert.deepEqual([...reply.subarray(4, 20)], [...md5(Buffer.concat([reply.subarray(0, 4), good.subarray(4, 20), reply.subarray(20)]), Buffer.from(SECRET))]);
    const m = (await c.post('/rest/radius/incoming/monitor', { once: '' })).json[0];
    // Whatever of the flood reached the socket (the kernel drops some) was a bad request; only the right one was answered.
    assert.deepEqual([m.naks, m.acks], ['1', '0']);
    assert.ok(Number(m['bad-requests']) > 0);
    assert.equal(Number(m.requests), Number(m['bad-requests']) + 1);
    assert.equal((await c.get('/rest/system/identity')).status, 200);
    assert.ok(process.memoryUsage().heapUsed - heap < 64 * 1024 * 1024, 'memory stays bounded');
  });

  test('forged replies to an Access-Request are bad replies; the right one after them is taken', async () => {
    await c.post('/rest/radius/reset-counters');
    answer = (request) => [
      Buffer.concat([Buffer.from([2, request[1] ^ 1]), crypto.randomBytes(38)]),
      Buffer.concat([Buffer.from([2, request[1], 0, 20]), crypto.randomBytes(16)]),
      signedReply(2, request, 'another secret'),
      signedReply(2, request, SECRET, 'wrong'),
      signedReply(2, request, SECRET, 'right'),
    ];
    assert.equal((await client(r.port, { user: 'mallory', password: 'x' }).get('/rest/system/identity')).status, 200);
    const m = (await c.post('/rest/radius/monitor', { numbers: '*1', once: '' })).json[0];
    // A datagram of another id is no reply to this request at all; the three forged ones are bad replies.
    assert.deepEqual([m.accepts, m['bad-replies'], m.timeouts], ['1', '3', '0']);
  });

  test('only forged replies: the login is refused after the timeouts', async () => {
    await c.post('/rest/radius/reset-counters');
    answer = (request) => [signedReply(2, request, 'another secret'), signedReply(2, request, SECRET, 'wrong')];
    assert.equal((await client(r.port, { user: 'trudy', password: 'x' }).get('/rest/system/identity')).status, 401);
    const m = (await c.post('/rest/radius/monitor', { numbers: '*1', once: '' })).json[0];
    assert.deepEqual([m.accepts, m['bad-replies'], m.resends, m.timeouts], ['0', '6', '2', '1']);
  });

  test('a flood of logins waiting on a silent server: bounded, and a local login answers meanwhile', async () => {
    answer = () => [];
    const heap = process.memoryUsage().heapUsed;
    const logins = Array.from({ length: 1000 }, (_, i) => r.router.logins.authenticate(`flood${i}`, 'x', '127.0.0.9', 'rest-api'));
    await new Promise((ok) => setTimeout(ok, 50));
    const pending = Number((await c.post('/rest/radius/monitor', { numbers: '*1', once: '' })).json[0].pending);
    assert.ok(pending <= 256, `at most 256 wait at once (${pending})`);
    const t = performance.now();
    assert.equal((await c.get('/rest/system/identity')).status, 200);
    assert.ok(performance.now() - t < 500, 'a local login is not held up');
    assert.deepEqual(new Set(await Promise.all(logins)), new Set([undefined]));
    assert.ok(process.memoryUsage().heapUsed - heap < 64 * 1024 * 1024, 'memory stays bounded');
  });
});
