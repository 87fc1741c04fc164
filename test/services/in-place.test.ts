// Issue 13, item 8: a change of an /ip/service record that keeps its port (available-from,
// tls-version, certificate) applies to the listening socket in place: no client is refused
// while it applies, and an open (kept-alive) connection goes on serving. www, www-ssl, api
// and api-ssl alike.

import assert from 'node:assert/strict';
import https from 'node:https';
import net from 'node:net';
import type tls from 'node:tls';
import { after, before, describe, test } from 'node:test';
import { client, startRouter, type TestRouter } from '../helpers/router.js';
import { handshake, httpsCall } from './helpers.js';

let r: TestRouter;
let c: ReturnType<typeof client>;
const settled = () => r.router.services!.settled();
const set = async (service: string, values: Record<string, string>) => {
  const reply = await c.patch(`/rest/ip/service/${service}`, values);
  assert.equal(reply.status, 200, reply.text);
  await settled();
};

async function selfSigned(name: string) {
  assert.equal((await c.put('/rest/certificate', { name, 'common-name': name, 'key-size': 'prime256v1' })).status, 201);
  await c.post('/rest/certificate/sign', { number: name });
  await (r.router.engine.services.signer as { settled(): Promise<void> }).settled();
}

/** Four clients connecting over and over until stopped; counts the connections refused. */
function hammer(port: number) {
  let refused = 0;
  let made = 0;
  let running = true;
  const loops = Array.from({ length: 4 }, async () => {
    while (running) {
      await new Promise<void>((ok) => {
        const s = net.connect(port, '127.0.0.1', () => { made++; s.destroy(); ok(); });
        s.on('error', (e: NodeJS.ErrnoException) => { if (e.code === 'ECONNREFUSED') refused++; ok(); });
      });
    }
  });
  return { stop: async () => { running = false; await Promise.all(loops); return { refused, made }; } };
}

before(async () => {
  r = await startRouter();
  c = client(r.port);
  await selfSigned('one');
  await selfSigned('two');
  await set('www-ssl', { certificate: 'one', disabled: 'no' });
  await set('api-ssl', { certificate: 'one', disabled: 'no' });
});
after(async () => { await r.stop(); });

describe('service settings apply in place', () => {
  test('www-ssl: a kept-alive HTTPS connection stays through tls-version, available-from and certificate changes, which new connections meet', async () => {
    const port = r.router.bound['www-ssl']!;
    const agent = new https.Agent({ keepAlive: true, maxSockets: 1, rejectUnauthorized: false });
    const sockets = new Set<tls.TLSSocket>();
    const get = () => new Promise<number>((resolve, reject) => {
      const req = https.request({ host: '127.0.0.1', port, path: '/rest/system/identity', agent, headers: { Authorization: 'Basic YWRtaW46' } }, (res) => {
        sockets.add(res.socket as tls.TLSSocket);
        res.resume();
        res.on('end', () => resolve(res.statusCode!));
      });
      req.on('error', reject);
      req.end();
    });
    try {
      assert.equal(await get(), 200);
      await set('www-ssl', { 'tls-version': 'only-1.2' });
      assert.equal(await get(), 200);
      assert.equal(await handshake(port, { minVersion: 'TLSv1', maxVersion: 'TLSv1' }), 'ERR_SSL_TLSV1_ALERT_PROTOCOL_VERSION', 'a new TLS 1.0 client is refused');
      await set('www-ssl', { 'available-from': '127.0.0.0/8' });
      assert.equal(await get(), 200);
      await set('www-ssl', { certificate: 'two' });
      assert.equal(await get(), 200);
      const fresh = await httpsCall(port, 'GET', '/rest/system/identity');
      assert.equal(fresh.socket.getPeerCertificate().subject.CN, 'two', 'a new connection gets the new certificate');
      assert.equal(sockets.size, 1, 'every request went over the one kept-alive connection');
      assert.equal(r.router.bound['www-ssl'], port);
    } finally {
      agent.destroy();
      await set('www-ssl', { certificate: 'one', 'tls-version': 'any', 'available-from': '' });
    }
  });

  for (const service of ['www', 'www-ssl', 'api', 'api-ssl']) {
    test(`${service}: no connection is refused while available-from and TLS settings change over and over`, async () => {
      const port = r.router.bound[service as 'www']!;
      const h = hammer(port);
      const secure = service.endsWith('-ssl');
      for (let i = 0; i < 30; i++) {
        await set(service, { 'available-from': i % 2 ? '127.0.0.0/8' : '', ...(secure ? { 'tls-version': i % 2 ? 'only-1.2' : 'any', certificate: i % 3 ? 'one' : 'two' } : {}) });
      }
      const { refused, made } = await h.stop();
      assert.ok(made > 0);
      assert.equal(refused, 0, `${refused} of ${made + refused} connections refused`);
      assert.equal(r.router.bound[service as 'www'], port);
    });
  }
});
