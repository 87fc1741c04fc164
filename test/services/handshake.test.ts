// Issue 13, item 2: a client that opens a TLS connection and never finishes its handshake
// is closed at the handshake limit, on www-ssl and api-ssl alike, and is never answered with
// HTTP text (there is no HTTP yet). The limit is shortened here as the other time-limit tests
// do; the full 20 s is stated in the README.

import assert from 'node:assert/strict';
import net from 'node:net';
import tls from 'node:tls';
import { describe, test } from 'node:test';
import type { RestHandler } from '../../src/services/rest/handler.js';
import { tlsOptions } from '../../src/services/services.js';
import { Www } from '../../src/services/www.js';
import { ApiServer } from '../../src/services/api/server.js';
import { within } from '../helpers/router.js';
import type { ApiContext } from '../../src/services/api/session.js';

/** The first bytes of a TLS ClientHello record, and then nothing: a stalled handshake. */
const STALLED_HELLO = Buffer.from('160301020001', 'hex');

/** Opens a connection, sends a partial ClientHello; resolves with what came back and when the server closed it. */
function stall(port: number, guardMs: number): Promise<{ closedAfterMs?: number; data: string }> {
  return new Promise((resolve) => {
    const started = Date.now();
    const chunks: Buffer[] = [];
    const socket = net.connect(port, '127.0.0.1', () => socket.write(STALLED_HELLO));
    const guard = setTimeout(() => { socket.destroy(); resolve({ data: Buffer.concat(chunks).toString('latin1') }); }, guardMs);
    socket.on('data', (c) => chunks.push(c));
    socket.on('error', () => {});
    socket.on('close', () => {
      clearTimeout(guard);
      resolve({ closedAfterMs: Date.now() - started, data: Buffer.concat(chunks).toString('latin1') });
    });
  });
}

/** A real TLS client (node:tls) that completes its handshake: the server still serves. */
function handshakeWorks(port: number): Promise<string> {
  return new Promise((resolve) => {
    const socket = tls.connect({ host: '127.0.0.1', port, rejectUnauthorized: false, ciphers: 'aNULL:@SECLEVEL=0', maxVersion: 'TLSv1.2' },
      () => { resolve(socket.getProtocol() ?? 'none'); socket.destroy(); });
    socket.on('error', (e: NodeJS.ErrnoException) => resolve(e.code ?? e.message));
  });
}

describe('a stalled TLS handshake is closed at the handshake limit', () => {
  test('www-ssl closes it, without writing HTTP into the handshake, and goes on serving', async () => {
    const rest = { admit: async () => ({}), handle: async () => ({ status: 200, headers: {}, body: '[]' }) } as unknown as RestHandler;
    const www = new Www({
      rest, scheme: 'https', tls: tlsOptions('any'), allowed: () => true, limits: { handshakeTimeoutMs: 300 },
      router: () => ({ identity: 'MikroTik', version: '7.24' }),
      parts: () => ({ rest: true, index: true, webfig: true, graphs: true }),
    });
    const port = await www.listen(0, '127.0.0.1');
    try {
      const stalled = await stall(port, 5000);
      assert.ok(stalled.closedAfterMs !== undefined, 'the server closed the stalled connection');
      assert.ok(stalled.closedAfterMs >= 250, `not before the limit (${stalled.closedAfterMs} ms)`);
      assert.equal(stalled.data, '', 'no HTTP answer inside a TLS handshake');
      assert.equal(await handshakeWorks(port), 'TLSv1.2');
    } finally { await www.close(false); }
  });

  test('api-ssl closes it too', async () => {
    const api = new ApiServer({ context: {} as ApiContext, tls: tlsOptions('any'), allowed: () => true, handshakeTimeoutMs: 300 });
    const port = await api.listen(0, '127.0.0.1');
    try {
      const stalled = await stall(port, 5000);
      assert.ok(stalled.closedAfterMs !== undefined, 'the server closed the stalled connection');
      assert.ok(stalled.closedAfterMs >= 250, `not before the limit (${stalled.closedAfterMs} ms)`);
      assert.equal(await handshakeWorks(port), 'TLSv1.2');
    } finally { await api.close(false); }
  });

  test('closing a listener (as on SIGTERM) does not wait for a client stuck in its handshake', async () => {
    const rest = { admit: async () => ({}), handle: async () => ({ status: 200, headers: {}, body: '[]' }) } as unknown as RestHandler;
    const www = new Www({
      rest, scheme: 'https', tls: tlsOptions('any'), allowed: () => true,
      router: () => ({ identity: 'MikroTik', version: '7.24' }),
      parts: () => ({ rest: true, index: true, webfig: true, graphs: true }),
    });
    const api = new ApiServer({ context: {} as ApiContext, tls: tlsOptions('any'), allowed: () => true });
    const ports = [await www.listen(0, '127.0.0.1'), await api.listen(0, '127.0.0.1')];
    const stalled = ports.map((p) => stall(p, 10_000));
    await new Promise((ok) => setTimeout(ok, 200));
    const started = Date.now();
    const closed = Promise.all([www.close(false), api.close(false)]).then(() => Date.now() - started);
    const took = await within(closed, 3000, 'still open');
    assert.equal(typeof took, 'number', `close() returned: ${took}`);
    for (const s of await Promise.all(stalled)) assert.ok(s.closedAfterMs !== undefined, 'the stalled client was cut');
  });
});
