// Issue 27, point 2: `max-sessions` of /ip/service is enforced on every face. A session is
// a connection (for www, one connection with its keep-alive requests); one connection more
// than max-sessions is closed at once, before a byte of it is read. A session that ends
// frees its place.

import assert from 'node:assert/strict';
import net from 'node:net';
import { after, before, test } from 'node:test';
import { client, startRouter, type TestRouter } from '../helpers/router.js';
import { ApiClient } from './client.js';

let r: TestRouter;
before(async () => { r = await startRouter(); });
after(() => r.stop());

async function setMaxSessions(service: string, n: number) {
  const id = (await client(r.port).get(`/rest/ip/service/${service}`)).json['.id'];
  assert.equal((await client(r.port).patch(`/rest/ip/service/${id}`, { 'max-sessions': String(n) })).status, 200);
  await r.router.services!.settled();
}

/** What happens to one more connection: 'closed' (by the router, nothing sent) or 'served'. */
async function oneMoreApi(): Promise<'closed' | 'served'> {
  const c = await ApiClient.connect(r.router.bound.api!).catch(() => undefined);
  if (!c) return 'closed';
  c.send('/login', '=name=admin', '=password=');
  const closed = await c.closedByRouter(1000);
  c.close();
  return closed && !c.chunks.length ? 'closed' : 'served';
}

test('max-sessions=3 of api: the 4th connection is closed unread; a session that ends frees its place', async () => {
  await setMaxSessions('api', 3);
  try {
    const open = await Promise.all([0, 1, 2].map(async () => {
      const c = await ApiClient.connect(r.router.bound.api!);
      await c.login();
      return c;
    }));
    assert.equal(await oneMoreApi(), 'closed');
    // The three go on being served.
    for (const c of open) assert.deepEqual(await c.call('/system/identity/print'), [['!re', '=name=MikroTik'], ['!done']]);
    open[0].close();
    await new Promise((ok) => setTimeout(ok, 100));
    const next = await ApiClient.connect(r.router.bound.api!);
    await next.login();
    assert.deepEqual(await next.call('/system/identity/print'), [['!re', '=name=MikroTik'], ['!done']]);
    for (const c of [...open.slice(1), next]) c.close();
  } finally {
    await new Promise((ok) => setTimeout(ok, 100));
    await setMaxSessions('api', 20);
  }
});

/** A raw HTTP/1.1 keep-alive connection; `ask` sends one GET and resolves with the status line, or 'closed'. */
async function httpConnection() {
  const s = net.connect({ host: '127.0.0.1', port: r.port });
  await new Promise((ok, fail) => { s.once('connect', ok); s.once('error', fail); });
  let data = '';
  let closed = false;
  s.on('data', (c) => { data += c; });
  s.on('close', () => { closed = true; });
  s.on('error', () => {});
  return {
    async ask(): Promise<string> {
      data = '';
      s.write(`GET /rest/system/identity HTTP/1.1\r\nHost: x\r\nAuthorization: Basic ${Buffer.from('admin:').toString('base64')}\r\n\r\n`);
      const until = Date.now() + 2000;
      while (!data.includes('MikroTik') && !closed && Date.now() < until) await new Promise((ok) => setTimeout(ok, 10));
      return closed && !data ? 'closed' : data.split('\r\n')[0];
    },
    close: () => s.destroy(),
  };
}

test('max-sessions=2 of www: a 3rd connection is closed unread, the two keep-alive ones go on', async () => {
  await setMaxSessions('www', 2);
  try {
    const a = await httpConnection();
    const b = await httpConnection();
    assert.equal(await a.ask(), 'HTTP/1.1 200 OK');
    assert.equal(await b.ask(), 'HTTP/1.1 200 OK');
    const c = await httpConnection();
    assert.equal(await c.ask(), 'closed');
    assert.equal(await a.ask(), 'HTTP/1.1 200 OK');
    a.close();
    await new Promise((ok) => setTimeout(ok, 100));
    const d = await httpConnection();
    assert.equal(await d.ask(), 'HTTP/1.1 200 OK');
    b.close();
    d.close();
  } finally {
    await new Promise((ok) => setTimeout(ok, 100));
    // Over a connection of its own: the limit holds for this request too.
    await setMaxSessions('www', 20);
  }
});
