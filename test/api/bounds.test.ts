// Issue 27, point 2: what one API client can make the router hold, and how long it can make
// others wait. The router runs as a process of its own (the `vrouter` command), so that its
// memory is measured alone (VmHWM, the peak resident size, against the size before the
// probe) and so that the clients here do not share its event loop. Bounds are generous: the
// issue measured +906 MB, +507 MB and delays of 9.7 s.

import assert from 'node:assert/strict';
import net from 'node:net';
import { performance } from 'node:perf_hooks';
import { after, before, test } from 'node:test';
import { json, removeDir, startRouter, tempDir, type Server } from '../../bench/lib.js';
import { ApiClient, encode, encodeLength } from './client.js';

const MB = 1024 * 1024;

let router: Server;
let dir: string;
let apiPort: number;

before(async () => {
  dir = tempDir('api-bounds');
  router = await startRouter(dir);
  apiPort = Number((await json(router.port, 'GET', '/rest/ip/service/api')).port);
  // Room for the probes' connections: max-sessions is tested on its own (./sessions.test.ts).
  const id = (await json(router.port, 'GET', '/rest/ip/service/api'))['.id'];
  await json(router.port, 'PATCH', `/rest/ip/service/${id}`, { 'max-sessions': '100' });
  await json(router.port, 'PUT', '/rest/user', { name: 'reader', group: 'read', password: 'pw-reader' });
});
after(async () => {
  await router.stop();
  removeDir(dir);
});

/** The router's resident size now, and its peak so far, in MB. */
const rss = () => router.memory().now / 1024;
const peak = () => router.memory().peak / 1024;

/** A plain socket to the api service. */
function connect(): Promise<net.Socket> {
  return new Promise((resolve, reject) => {
    const s = net.connect({ host: '127.0.0.1', port: apiPort }, () => resolve(s));
    s.once('error', reject);
  });
}

/** Resolves once `socket` has sent nothing more for `quietMs` (the router stopped reading), or after `maxMs`. */
async function stalled(socket: net.Socket, quietMs: number, maxMs: number) {
  const until = performance.now() + maxMs;
  let last = -1;
  while (performance.now() < until) {
    const sent = socket.bytesWritten - socket.writableLength;
    if (sent === last) return;
    last = sent;
    await new Promise((ok) => setTimeout(ok, quietMs));
  }
}

/** The router still answers, by the API and by REST. */
async function stillAnswers() {
  const c = await ApiClient.connect(apiPort);
  await c.login();
  assert.deepEqual(await c.call('/system/identity/print'), [['!re', '=name=MikroTik'], ['!done']]);
  c.close();
  assert.equal((await json(router.port, 'GET', '/rest/system/identity')).name, 'MikroTik');
}

test('2,000,000 commands before login whose replies are never read: the router stops reading, memory grows < 100 MB', async (t) => {
  const before = rss();
  const s = await connect();
  // The client reads nothing: the router's replies stay unread.
  s.pause();
  const one = encode(['/x']);
  const flood = Buffer.alloc(one.length * 2_000_000);
  for (let at = 0; at < flood.length; at += one.length) one.copy(flood, at);
  s.write(flood);
  // Twelve seconds to grow (before: past the bound within four); ended sooner when past it.
  const until = performance.now() + 12_000;
  while (performance.now() < until && peak() - before < 100) {
    await new Promise((ok) => setTimeout(ok, 500));
  }
  const unsent = s.writableLength;
  const growth = peak() - before;
  t.diagnostic(`${(unsent / MB).toFixed(1)} MB unsent, grew by ${growth.toFixed(0)} MB`);
  s.destroy();
  assert.ok(unsent > 0, 'the router read every command although no reply was taken');
  assert.ok(growth < 100, `grew by ${growth.toFixed(0)} MB`);
  await stillAnswers();
});

test('20 connections each sending 15 MiB of one unfinished word, before and after login: memory grows < 100 MB', async () => {
  const word = Buffer.concat([encodeLength(15 * MB), Buffer.alloc(15 * MB - 1, 0x61)]);
  for (const login of [false, true]) {
    const before = rss();
    const clients = await Promise.all(Array.from({ length: 20 }, async () => {
      const c = await ApiClient.connect(apiPort);
      if (login) await c.login();
      c.socket.write(word);
      return c;
    }));
    await Promise.all(clients.map((c) => stalled(c.socket, 500, 30_000)));
    const growth = peak() - before;
    // Before a login a sentence has little room: each is ended at once. After, they share
    // one budget: those past it are ended, the others wait for the rest of their word.
    const ends = await Promise.all(clients.map((c) => c.read(3000).then((s) => s.join(' '), () => 'still open')));
    for (const c of clients) c.close();
    assert.ok(growth < 100, `${login ? 'after' : 'before'} login: grew by ${growth.toFixed(0)} MB`);
    if (!login) assert.deepEqual(new Set(ends), new Set(['!fatal sentence too long']));
    else {
      const ended = ends.filter((e) => e === '!fatal too much data').length;
      assert.ok(ended >= 10 && ends.every((e) => e === '!fatal too much data' || e === 'still open'), ends.join(', '));
    }
  }
  await stillAnswers();
});

test('while one client pipelines 2,000 /interface/print, another client\'s print answers within 2 s, by the API and by REST', async (t) => {
  const flood = await ApiClient.connect(apiPort);
  await flood.login('reader', 'pw-reader');
  // From here on its replies are only counted (the test client would keep them all).
  flood.socket.removeAllListeners('data');
  let done = 0;
  flood.socket.on('data', (chunk: Buffer) => {
    // Counted from the bytes: a `!done` word is 0x05 "!done".
    for (let i = chunk.indexOf('\x05!done'); i >= 0; i = chunk.indexOf('\x05!done', i + 1)) done++;
  });
  const one = encode(['/interface/print']);
  flood.socket.write(Buffer.concat(Array.from({ length: 2_000 }, () => one)));
  const other = await ApiClient.connect(apiPort);
  await other.login();
  const api: number[] = [];
  const rest: number[] = [];
  // Probes until the flood is answered (before: the first waited for all of it).
  const started = performance.now();
  while (done < 2_000 && performance.now() - started < 120_000) {
    let t = performance.now();
    assert.deepEqual(await other.call('/system/identity/print'), [['!re', '=name=MikroTik'], ['!done']]);
    api.push(performance.now() - t);
    t = performance.now();
    assert.equal((await json(router.port, 'GET', '/rest/system/identity')).name, 'MikroTik');
    rest.push(performance.now() - t);
    await new Promise((ok) => setTimeout(ok, 50));
  }
  flood.close();
  other.close();
  t.diagnostic(`${done} prints answered in ${((performance.now() - started) / 1000).toFixed(1)} s; ${api.length} probes, worst API ${Math.max(...api).toFixed(0)} ms, worst REST ${Math.max(...rest).toFixed(0)} ms`);
  assert.ok(api.length >= 2, `only ${api.length} probes while the flood ran`);
  assert.ok(Math.max(...api) < 2000, `API print answered after ${Math.max(...api).toFixed(0)} ms at worst`);
  assert.ok(Math.max(...rest) < 2000, `REST GET answered after ${Math.max(...rest).toFixed(0)} ms at worst`);
});
