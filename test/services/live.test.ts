// The services follow /ip/service while the router runs: ports, enable/disable,
// available-from, a port that cannot be bound. Real sockets on loopback; 127.0.0.2 is a
// second client.

import assert from 'node:assert/strict';
import http from 'node:http';
import net from 'node:net';
import { describe, test } from 'node:test';
import { POLICIES } from '../../src/core/schema.js';
import { call, client, startRouter, type TestRouter } from '../helpers/router.js';
import { freePort, raw } from './helpers.js';

const console = { user: 'admin', via: 'console', policies: new Set(POLICIES) };
/** The router's own console, for when no network face is left to ask through. */
const consoleRun = (r: TestRouter, where: string, command: string, args: Record<string, string>) =>
  r.router.engine.run({ path: where.split('/'), command, args }, console);
const settled = (r: TestRouter) => r.router.services!.settled();
const refused = (port: number) => call(port, 'GET', '/rest/system/identity').then(
  () => assert.fail(`port ${port} still answers`),
  (e: NodeJS.ErrnoException) => assert.equal(e.code, 'ECONNREFUSED'),
);

describe('services follow /ip/service without a restart', () => {
  test('a new www port: the old listener closes, the new one binds, the change is acknowledged on the old one', async () => {
    const r = await startRouter();
    try {
      const next = await freePort();
      const reply = await client(r.port).patch('/rest/ip/service/www', { port: next });
      assert.equal(reply.status, 200);
      assert.equal(reply.json.port, String(next));
      await settled(r);
      assert.equal(r.router.bound.www, next);
      assert.equal(r.router.url(), `http://127.0.0.1:${next}`);
      await refused(r.port);
      const identity = await call(next, 'GET', '/rest/system/identity');
      assert.deepEqual([identity.status, identity.json], [200, { name: 'MikroTik' }]);
    } finally { await r.stop(); }
  });

  test('a request under way on a replaced listener still gets its answer, then the connection closes', async () => {
    const r = await startRouter();
    try {
      const slow = client(r.port).post('/rest/delay', { 'delay-time': '600ms' });
      await new Promise((ok) => setTimeout(ok, 150));
      await consoleRun(r, 'ip/service', 'set', { numbers: 'www', port: String(await freePort()) });
      await settled(r);
      const reply = await slow;
      assert.equal(reply.status, 200);
      assert.equal(reply.headers.connection, 'close');
      await refused(r.port);
    } finally { await r.stop(); }
  });

  test('REST is served only while www or www-ssl is enabled', async () => {
    const r = await startRouter();
    try {
      const www = r.port;
      const reply = await client(www).post('/rest/ip/service/disable', { '.id': 'www' });
      assert.deepEqual([reply.status, reply.json], [200, []]);
      await settled(r);
      await refused(www);
      assert.equal(r.router.bound.www, undefined);
      assert.equal(r.router.url(), undefined);
      // www-ssl alone serves (over TLS; its certificate does not matter for being up).
      await consoleRun(r, 'ip/service', 'enable', { numbers: 'www-ssl' });
      await settled(r);
      assert.equal(typeof r.router.bound['www-ssl'], 'number');
      await consoleRun(r, 'ip/service', 'disable', { numbers: 'www-ssl' });
      await settled(r);
      assert.equal(r.router.bound['www-ssl'], undefined);
      await consoleRun(r, 'ip/service', 'enable', { numbers: 'www' });
      await settled(r);
      assert.equal(r.router.bound.www, www, 'the configured port is bound again');
      assert.equal((await call(www, 'GET', '/rest/system/identity')).status, 200);
    } finally { await r.stop(); }
  });

  test('a port that cannot be bound leaves the service down, invalid, with the reason in /log', async () => {
    const r = await startRouter();
    const blocker = net.createServer().listen(0, '127.0.0.1');
    await new Promise((ok) => blocker.once('listening', ok));
    const taken = (blocker.address() as net.AddressInfo).port;
    try {
      const c = client(r.port);
      assert.equal((await c.patch('/rest/ip/service/www-ssl', { port: taken, disabled: 'no' })).status, 200);
      await settled(r);
      const row = (await c.get('/rest/ip/service/www-ssl?.proplist=name,port,invalid,disabled')).json;
      assert.deepEqual(row, { disabled: 'false', invalid: 'true', name: 'www-ssl', port: String(taken) });
      assert.equal(r.router.bound['www-ssl'], undefined);
      const log = (await c.get('/rest/log')).json as { message: string; topics: string }[];
      const line = log.find((l) => l.message.includes('www-ssl'));
      assert.deepEqual(line && { message: line.message, topics: line.topics }, {
        message: `www-ssl service could not listen on port ${taken}: address already in use`, topics: 'system,error,critical',
      });
      // Only the service is down: the rest of the router goes on.
      assert.equal((await c.get('/rest/system/identity')).status, 200);
      const free = await freePort();
      await c.patch('/rest/ip/service/www-ssl', { port: free });
      await settled(r);
      assert.equal((await c.get('/rest/ip/service/www-ssl?.proplist=invalid')).json.invalid, 'false');
      assert.equal(r.router.bound['www-ssl'], free);
    } finally {
      blocker.close();
      await r.stop();
    }
  });

  test('a client outside available-from has its connection reset before any byte of HTTP is read', async () => {
    const r = await startRouter();
    try {
      const c = client(r.port);
      assert.equal((await c.patch('/rest/ip/service/www', { 'available-from': '127.0.0.1/32' })).json['available-from'], '127.0.0.1/32');
      await settled(r);
      const other = await raw(r.port, 'GET /rest/system/identity HTTP/1.1\r\nHost: x\r\nAuthorization: Basic YWRtaW46\r\n\r\n', { localAddress: '127.0.0.2' });
      assert.deepEqual(other, { data: '', error: 'ECONNRESET' });
      assert.equal((await c.get('/rest/system/identity')).status, 200);
      // `address`, the old name, does the same; an empty list lets everyone in again.
      await c.post('/rest/ip/service/set', { '.id': 'www', address: '10.0.0.0/8' });
      await settled(r);
      assert.equal((await raw(r.port, 'GET / HTTP/1.1\r\n\r\n')).error, 'ECONNRESET');
      await consoleRun(r, 'ip/service', 'set', { numbers: 'www', 'available-from': '' });
      await settled(r);
      const back = await call(r.port, 'GET', '/rest/system/identity', undefined, { localAddress: '127.0.0.2' });
      assert.equal(back.status, 200);
    } finally { await r.stop(); }
  });

  test('connections are kept alive between requests', async () => {
    const r = await startRouter();
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const c = client(r.port, { agent });
      const sockets = new Set<net.Socket>();
      agent.on('free', (s) => sockets.add(s));
      for (let i = 0; i < 3; i++) {
        const reply = await c.get('/rest/system/identity');
        assert.equal(reply.status, 200);
        assert.equal(reply.headers.connection, 'keep-alive');
      }
      assert.equal(sockets.size, 1, 'three requests, one connection');
    } finally {
      agent.destroy();
      await r.stop();
    }
  });
});
