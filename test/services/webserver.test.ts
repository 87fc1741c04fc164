// The web server's own behaviour: the pages, the switches of /ip/service/webserver (403
// HTML pages), 415, and the limits that keep a slow or oversized client from taking the
// server down.

import assert from 'node:assert/strict';
import net from 'node:net';
import { after, before, describe, test } from 'node:test';
import { POLICIES } from '../../src/core/schema.js';
import type { RestHandler } from '../../src/services/rest/handler.js';
import { Www, type WwwOptions } from '../../src/services/www.js';
import { call, client, error, startRouter, type TestRouter } from '../helpers/router.js';
import { httpsCall, raw } from './helpers.js';

const admin = { user: 'admin', via: 'console', policies: new Set(POLICIES) };

describe('the web server\'s parts and switches', () => {
  let r: TestRouter;
  let c: ReturnType<typeof client>;
  const sslPort = () => r.router.bound['www-ssl']!;
  const webserver = async (args: Record<string, string>) => {
    await r.router.engine.run({ path: ['ip', 'service', 'webserver'], command: 'set', args }, admin);
  };

  before(async () => {
    r = await startRouter();
    c = client(r.port);
    // www-ssl with a self-signed certificate; these tests do not check it.
    await c.put('/rest/certificate', { name: 'self', 'common-name': 'router', 'key-size': 'prime256v1' });
    await c.post('/rest/certificate/sign', { number: 'self' });
    await (r.router.engine.services.signer as { settled(): Promise<void> }).settled();
    assert.equal((await c.patch('/rest/ip/service/www-ssl', { certificate: 'self', disabled: 'no' })).status, 200);
    await r.router.services!.settled();
  });
  after(async () => { await r.stop(); });

  test('the home page names the router, its identity and version, and links to the web configuration page', async () => {
    await c.post('/rest/system/identity/set', { name: 'edge-1' });
    const home = await call(r.port, 'GET', '/', undefined, { noAuth: true });
    assert.equal(home.status, 200);
    assert.equal(home.headers['content-type'], 'text/html; charset=utf-8');
    assert.match(home.text, /<title>edge-1 - RouterOS router configuration page<\/title>/);
    assert.match(home.text, /RouterOS v7\.24/);
    assert.match(home.text, /<a href="\/webfig\/">/);
    for (const p of ['/webfig/', '/graphs/', '/style.css']) assert.equal((await call(r.port, 'GET', p, undefined, { noAuth: true })).status, 200, p);
    const missing = await call(r.port, 'GET', '/nothing-here', undefined, { noAuth: true });
    assert.deepEqual([missing.status, missing.json], [404, error(404, 'Not Found')]);
    assert.equal((await httpsCall(sslPort(), 'GET', '/')).status, 200);
    await c.post('/rest/system/identity/set', { name: 'MikroTik' });
  });

  test('rest-plain=no: REST over HTTP answers 403 with an HTML page; HTTPS is unaffected', async () => {
    await webserver({ 'rest-plain': 'no' });
    try {
      const off = await c.get('/rest/system/identity');
      assert.equal(off.status, 403);
      assert.equal(off.headers['content-type'], 'text/html; charset=utf-8');
      assert.match(off.text, /<h1>403 Forbidden<\/h1>/);
      assert.equal((await c.post('/rest/ip/address/print', {})).status, 403);
      assert.equal((await call(r.port, 'GET', '/', undefined, { noAuth: true })).status, 200, 'the pages still answer');
      const secure = await httpsCall(sslPort(), 'GET', '/rest/system/identity');
      assert.deepEqual([secure.status, secure.json], [200, { name: 'MikroTik' }]);
    } finally {
      await webserver({ 'rest-plain': 'yes' });
    }
    assert.equal((await c.get('/rest/system/identity')).status, 200);
  });

  test('rest-secure=no: REST over HTTPS answers 403; HTTP is unaffected', async () => {
    assert.deepEqual((await c.post('/rest/ip/service/webserver/set', { 'rest-secure': 'no' })).json, []);
    try {
      const off = await httpsCall(sslPort(), 'GET', '/rest/system/identity');
      assert.equal(off.status, 403);
      assert.match(off.text, /403 Forbidden/);
      assert.equal((await c.get('/rest/system/identity')).status, 200);
    } finally {
      await c.post('/rest/ip/service/webserver/set', { 'rest-secure': 'yes' });
    }
  });

  test('webfig-secure and graphs-secure turn off their pages over HTTPS; the home page and its files go when index, webfig and graphs are all off', async () => {
    const secure = async (p: string) => (await httpsCall(sslPort(), 'GET', p)).status;
    const plain = async (p: string) => (await call(r.port, 'GET', p, undefined, { noAuth: true })).status;
    await webserver({ 'webfig-secure': 'no', 'graphs-secure': 'no' });
    try {
      assert.deepEqual([await secure('/webfig/'), await secure('/graphs/'), await secure('/')], [403, 403, 200]);
      assert.match((await httpsCall(sslPort(), 'GET', '/webfig/')).text, /403 Forbidden/);
      assert.deepEqual([await plain('/webfig/'), await plain('/graphs/')], [200, 200]);
      await webserver({ 'index-secure': 'no' });
      assert.deepEqual([await secure('/'), await secure('/index.html'), await secure('/style.css')], [403, 403, 403]);
      assert.deepEqual([await plain('/'), await plain('/style.css')], [200, 200]);
      assert.equal((await httpsCall(sslPort(), 'GET', '/rest/system/identity')).status, 200, 'REST is its own switch');
      // The same switches for plain HTTP.
      await webserver({ 'index-plain': 'no', 'webfig-plain': 'no', 'graphs-plain': 'no' });
      assert.deepEqual([await plain('/'), await plain('/webfig/'), await plain('/graphs/')], [403, 403, 403]);
    } finally {
      await webserver({ 'index-secure': 'yes', 'webfig-secure': 'yes', 'graphs-secure': 'yes', 'index-plain': 'yes', 'webfig-plain': 'yes', 'graphs-plain': 'yes' });
    }
  });

  test('a body without Content-Type application/json is 415', async () => {
    const reply = await c.put('/rest/ip/firewall/address-list', undefined, { raw: '{"list":"a","address":"10.0.0.1"}', headers: { 'Content-Type': 'text/plain' } });
    assert.deepEqual([reply.status, reply.json], [415, error(415, 'Unsupported Media Type', 'Content-Type must be application/json')]);
    assert.equal(reply.headers['content-type'], 'application/json');
    const form = await c.post('/rest/ip/address/print', undefined, { raw: 'a=b', headers: { 'Content-Type': 'application/x-www-form-urlencoded' } });
    assert.equal(form.status, 415);
    const charset = await c.post('/rest/system/identity/print', undefined, { raw: '{}', headers: { 'Content-Type': 'application/json; charset=utf-8' } });
    assert.equal(charset.status, 200);
  });

  test('an oversized body is 413 before it is read; an oversized head is 431; both as JSON, and the server goes on', async () => {
    const declared = await raw(r.port, 'PUT /rest/ip/address HTTP/1.1\r\nHost: x\r\nAuthorization: Basic YWRtaW46\r\nContent-Type: application/json\r\nContent-Length: 9000000\r\n\r\n{');
    assert.match(declared.data, /^HTTP\/1\.1 413 Payload Too Large\r\n/);
    assert.ok(declared.data.endsWith('{"error":413,"message":"Payload Too Large"}'));
    // A chunked body that grows past the limit.
    const chunk = Buffer.alloc(1024 * 1024, 'a');
    const streamed = await new Promise<string>((resolve) => {
      const s = net.connect(r.port, '127.0.0.1', () => {
        s.write('POST /rest/ip/address/print HTTP/1.1\r\nHost: x\r\nAuthorization: Basic YWRtaW46\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n');
        for (let i = 0; i < 10; i++) s.write(`${chunk.length.toString(16)}\r\n${chunk.toString()}\r\n`);
      });
      let got = '';
      s.on('data', (d) => { got += d.toString('latin1'); });
      s.on('error', () => {});
      s.on('close', () => resolve(got));
    });
    assert.match(streamed, /^HTTP\/1\.1 413 Payload Too Large\r\n/);
    const head = await raw(r.port, `GET /rest/system/identity HTTP/1.1\r\nHost: x\r\nX-Big: ${'b'.repeat(20_000)}\r\n\r\n`);
    assert.match(head.data, /^HTTP\/1\.1 431 Request Header Fields Too Large\r\n/);
    assert.ok(head.data.endsWith('{"error":431,"message":"Request Header Fields Too Large"}'));
    const garbage = await raw(r.port, 'NOT HTTP AT ALL\r\n\r\n');
    assert.match(garbage.data, /^HTTP\/1\.1 400 Bad Request\r\n[\s\S]*\{"error":400,"message":"Bad Request"\}$/);
    assert.equal((await c.get('/rest/system/identity')).status, 200);
  });
});

describe('slow clients meet the time limits', () => {
  const rest = { admit: async () => ({}), handle: async () => ({ status: 200, headers: { 'Content-Type': 'application/json' }, body: '[]' }) } as unknown as RestHandler;
  const base: WwwOptions = {
    rest, scheme: 'http', allowed: () => true,
    router: () => ({ identity: 'MikroTik', version: '7.24' }),
    parts: () => ({ rest: true, index: true, webfig: true, graphs: true }),
  };

  test('a request head that does not arrive in time is 408 and the connection closes', async () => {
    const www = new Www({ ...base, limits: { headersTimeoutMs: 300 } });
    const port = await www.listen(0, '127.0.0.1');
    try {
      const started = Date.now();
      const slow = await raw(port, 'GET /rest/x HTTP/1.1\r\nHost: x\r\n');
      assert.match(slow.data, /^HTTP\/1\.1 408 Request Timeout\r\n[\s\S]*\{"error":408,"message":"Request Timeout"\}$/);
      assert.ok(Date.now() - started < 3000);
    } finally { await www.close(false); }
  });

  test('a body that does not arrive in time is 408', async () => {
    const www = new Www({ ...base, limits: { requestTimeoutMs: 400, headersTimeoutMs: 300 } });
    const port = await www.listen(0, '127.0.0.1');
    try {
      const slow = await raw(port, 'POST /rest/x HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 10\r\n\r\n{');
      assert.match(slow.data, /^HTTP\/1\.1 408 Request Timeout\r\n/);
    } finally { await www.close(false); }
  });

  test('an idle kept-alive connection is closed after the keep-alive time', async () => {
    const www = new Www({ ...base, limits: { keepAliveMs: 200 } });
    const port = await www.listen(0, '127.0.0.1');
    try {
      const started = Date.now();
      const reply = await raw(port, 'GET /rest/x HTTP/1.1\r\nHost: x\r\n\r\n');
      assert.match(reply.data, /^HTTP\/1\.1 200 OK\r\n[\s\S]*Keep-Alive: timeout=0\r\n|^HTTP\/1\.1 200 OK\r\n/);
      assert.ok(Date.now() - started < 3000, 'closed by the server, not by the test');
    } finally { await www.close(false); }
  });
});
