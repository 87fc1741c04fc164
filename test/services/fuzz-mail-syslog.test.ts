// Bad input from the network for the router's e-mail client and its remote syslog: SMTP
// servers that never answer, answer without end, answer garbage or random bytes, and a flood
// of log lines to a syslog server that is not there. Each delivery fails with its reason in
// /log, the router drops the connection once a reply passes its bounds, and the router keeps
// answering throughout.

import assert from 'node:assert/strict';
import dgram from 'node:dgram';
import net from 'node:net';
import { after, before, describe, test } from 'node:test';
import { freePort } from '../helpers/ports.js';
import { client, eventually, startRouter, type TestRouter } from '../helpers/router.js';
import { random } from '../helpers/fuzz.js';

/** A TCP server that does `serve` with each connection; counts the bytes it got out before the router hung up. */
async function badServer(serve: (socket: net.Socket, written: (n: number) => void) => void) {
  const port = await freePort();
  const stats = { connections: 0, written: 0, closedByPeer: 0 };
  const server = net.createServer((socket) => {
    stats.connections++;
    socket.on('error', () => {});
    socket.on('close', () => { stats.closedByPeer++; });
    serve(socket, (n) => { stats.written += n; });
    // What the router sends is read and dropped, so that its hanging up is seen.
    socket.resume();
  });
  await new Promise<void>((ok) => server.listen(port, '127.0.0.1', () => ok()));
  return { port, stats, close: () => new Promise<void>((ok) => { server.close(() => ok()); }) };
}

/** Writes `chunk` again and again while the peer reads it. */
function endless(socket: net.Socket, chunk: string, written: (n: number) => void) {
  const push = () => {
    while (!socket.destroyed && socket.write(chunk)) written(chunk.length);
    if (!socket.destroyed) socket.once('drain', push);
  };
  push();
}

describe('the e-mail client and remote syslog under bad input', () => {
  let r: TestRouter;
  let c: ReturnType<typeof client>;
  /** A DNS server that takes every question and never answers. */
  let silent: dgram.Socket;

  before(async () => {
    silent = dgram.createSocket('udp4');
    silent.on('message', () => {});
    await new Promise<void>((ok) => silent.bind(0, '127.0.0.1', () => ok()));
    r = await startRouter({ mailTimeoutMs: 500, upstreamPorts: { dns: silent.address().port } });
    c = client(r.port);
  });
  after(async () => {
    await r.stop();
    silent.close();
  });

  /** Sends one message to the port and gives the reason it failed, as /log has it. */
  const failure = async (port: number, tls = 'no', server = '127.0.0.1') => {
    await c.post('/rest/tool/e-mail/send', { server, port: String(port || 25), tls, to: 'ops@lab.test', subject: 'fuzz', body: 'b' });
    await eventually(async () => (await c.get('/rest/tool/e-mail')).json['last-status'] !== 'in-progress', 'delivery over');
    assert.equal((await c.get('/rest/tool/e-mail')).json['last-status'], 'failed');
    const lines = ((await c.get('/rest/log')).json as { topics: string; message: string }[]).filter((l) => l.topics === 'system,e-mail,error');
    return lines.at(-1)!.message.replace('Error sending e-mail <fuzz>: ', '');
  };
  /** A remote action `void` to `remote`:`port` and a rule sending the scripts' lines there. */
  const toVoid = async (remote: string, port: number) => {
    if ((await c.get('/rest/system/logging/action?name=void')).json.length) {
      await c.patch('/rest/system/logging/action/void', { remote, 'remote-port': String(port) });
      return;
    }
    await c.put('/rest/system/logging/action', { name: 'void', target: 'remote', remote, 'remote-port': String(port) });
    await c.put('/rest/system/logging', { topics: 'script', action: 'void' });
  };
  const alive = async () => assert.equal((await c.get('/rest/system/identity')).status, 200);

  test('a server that never answers: the client gives up after its timeout (plain and TLS)', async () => {
    const s = await badServer(() => {});
    try {
      assert.equal(await failure(s.port), 'timeout');
      assert.equal(await failure(s.port, 'yes'), 'TLS handshake failed');
      await eventually(async () => s.stats.closedByPeer === 2, 'both connections closed');
      await alive();
    } finally {
      await s.close();
    }
  });

  test('a reply without end (one endless line; endless continuation lines) is cut off at its bound', async () => {
    const line = await badServer((socket, written) => endless(socket, 'x'.repeat(65536), written));
    const lines = await badServer((socket, written) => endless(socket, '220-more\r\n'.repeat(1000), written));
    try {
      assert.equal(await failure(line.port), 'server reply too long');
      assert.equal(await failure(lines.port), 'server reply too long');
      await eventually(async () => line.stats.closedByPeer === 1 && lines.stats.closedByPeer === 1, 'connections closed');
      // The router hung up long before the servers could push what they had: memory stays bounded.
      assert.ok(line.stats.written < 64 * 1024 * 1024, `line server wrote ${line.stats.written}`);
      assert.ok(lines.stats.written < 64 * 1024 * 1024, `lines server wrote ${lines.stats.written}`);
      await alive();
    } finally {
      await line.close();
      await lines.close();
    }
  });

  test('garbage replies, replies nobody asked for, and a server that hangs up mid-way', async () => {
    const garbage = await badServer((socket) => socket.write('hello there\r\n'));
    const eager = await badServer((socket) => socket.write('220 hi\r\n250 a\r\n250 b\r\n250 c\r\n250 d\r\n250 e\r\n'));
    const rude = await badServer((socket) => { socket.write('220 hi\r\n'); socket.once('data', () => socket.destroy()); });
    try {
      assert.equal(await failure(garbage.port), 'bad server reply');
      assert.equal(await failure(eager.port), 'bad server reply');
      assert.equal(await failure(rude.port), 'server closed connection');
      await alive();
    } finally {
      await garbage.close();
      await eager.close();
      await rude.close();
    }
  });

  test('random bytes from the server, 30 connections: each fails, none stops the router', async () => {
    const next = random(33);
    const s = await badServer((socket) => {
      const size = Math.floor(next() * 3000);
      const bytes = Buffer.alloc(size);
      for (let i = 0; i < size; i++) bytes[i] = Math.floor(next() * 256);
      // Now and then a greeting first, so that the client gets further before the soup.
      socket.write(next() < 0.5 ? Buffer.concat([Buffer.from('220 ok\r\n'), bytes]) : bytes);
      if (next() < 0.5) socket.end();
    });
    try {
      for (let i = 0; i < 30; i++) assert.ok((await failure(s.port)).length > 0);
      await alive();
    } finally {
      await s.close();
    }
  });

  test('addresses that would smuggle SMTP commands are refused before anything is sent', async () => {
    const to = await c.post('/rest/tool/e-mail/send', { to: 'ops@lab.test>\r\nRCPT TO:<other@evil.test', subject: 's' });
    assert.deepEqual([to.status, to.json.detail], [400, 'invalid value for argument to']);
    const from = await c.post('/rest/tool/e-mail/send', { to: 'ops@lab.test', from: 'a@b.c>\r\nDATA', subject: 's' });
    assert.deepEqual([from.status, from.json.detail], [400, 'invalid value for argument from']);
  });

  test('a flood of log lines to a syslog server that is not there: the router keeps answering', async () => {
    const port = await freePort();
    await toVoid('127.0.0.1', port);
    const script = ':for i from=1 to=3000 do={ :log info "flood $i" }';
    const ran = await c.post('/rest/execute', { script, 'as-string': '' });
    assert.equal(ran.status, 200, ran.text);
    await alive();
    const last = ((await c.get('/rest/log')).json as { message: string }[]).at(-1)!.message;
    assert.equal(last, 'flood 3000');
  });

  test('a flood of lines to a syslog server by a name the DNS server never answers: the lookups waiting are bounded', async () => {
    await c.post('/rest/ip/dns/set', { servers: '127.0.0.1' });
    await toVoid('syslog.never.test', await freePort());
    const ran = await c.post('/rest/execute', { script: ':for i from=1 to=3000 do={ :log info "named $i" }', 'as-string': '' });
    assert.equal(ran.status, 200, ran.text);
    const started = Date.now();
    await alive();
    assert.ok(Date.now() - started < 2000, 'the router answers at once');
    // Mail by a name nobody resolves fails with its reason, the router still answering.
    await c.post('/rest/ip/dns/set', { 'query-server-timeout': '200ms', 'query-total-timeout': '500ms' });
    assert.equal(await failure(0, 'no', 'mail.never.test'), 'failed to resolve server name');
    await alive();
  });
});
