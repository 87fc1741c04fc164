// Issue 27, point 2: what one API client can make the router hold, and how long it can make
// others wait. The router runs as a process of its own (the `vrouter` command), so that its
// memory is measured alone (VmHWM, the peak resident size, against the size before the
// probe) and so that the clients here do not share its event loop. Bounds are generous: the
// issue measured +906 MB, +507 MB and delays of 9.7 s. Once the abusive clients have gone, an
// honest client finds the router as it was (issue 36): as fast as when it was fresh, with the
// shared input budget and the memory they held given back.

import assert from 'node:assert/strict';
import fs from 'node:fs';
import net from 'node:net';
import { performance } from 'node:perf_hooks';
import { after, before, test } from 'node:test';
import { SentenceCounter, json, removeDir, startRouter, tempDir, type Server } from '../../bench/lib.js';
import { ApiClient, encode, encodeLength } from './client.js';

const MB = 1024 * 1024;

let router: Server;
let dir: string;
let apiPort: number;
/** The fresh router: 2,000 pipelined prints answered in this many ms, and its resident size. */
let freshMs: number;
let freshRss: number;
/** The fresh router's open sockets (its listeners, the probes' REST connection and the like). */
let freshSockets: number;

before(async () => {
  dir = tempDir('api-bounds');
  router = await startRouter(dir);
  apiPort = Number((await json(router.port, 'GET', '/rest/ip/service/api')).port);
  // Room for the probes' connections: max-sessions is tested on its own (./sessions.test.ts).
  const id = (await json(router.port, 'GET', '/rest/ip/service/api'))['.id'];
  await json(router.port, 'PATCH', `/rest/ip/service/${id}`, { 'max-sessions': '100' });
  await json(router.port, 'PUT', '/rest/user', { name: 'reader', group: 'read', password: 'pw-reader' });
  // Once before, so that the first pipeline does not pay for code compiled on first use.
  await (await pipeline(200)).answered;
  freshMs = await (await pipeline(2_000)).answered;
  freshRss = rss();
  freshSockets = sockets();
});
after(async () => {
  await router.stop();
  removeDir(dir);
});

/** The router's resident size now, and its peak so far, in MB. */
const rss = () => router.memory().now / 1024;
const peak = () => router.memory().peak / 1024;

/** The sockets the router's process has open, from /proc (each open connection is one). */
function sockets(): number {
  const fds = `/proc/${router.pid}/fd`;
  return fs.readdirSync(fds).filter((fd) => {
    try { return fs.readlinkSync(`${fds}/${fd}`).startsWith('socket:'); } catch { return false; }
  }).length;
}

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

/**
 * A client logged in as `reader` that pipelines `count` `/interface/print` in one write;
 * `answered` resolves with the ms until the last `!done` came (rejects after 60 s).
 */
async function pipeline(count: number) {
  const c = await ApiClient.connect(apiPort);
  await c.login('reader', 'pw-reader');
  // From here on its replies are only counted (the test client would keep them all).
  c.socket.removeAllListeners('data');
  const done = new SentenceCounter('!done');
  const started = performance.now();
  const answered = new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => { c.close(); reject(new Error(`${done.count} of ${count} prints answered in 60 s`)); }, 60_000);
    c.socket.on('data', (chunk: Buffer) => {
      if (done.feed(chunk) < count) return;
      clearTimeout(timer);
      c.close();
      resolve(performance.now() - started);
    });
  });
  const one = encode(['/interface/print']);
  c.socket.write(Buffer.concat(Array.from({ length: count }, () => one)));
  return { answered };
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
  // Until the router stops reading (before: it read on, past the bound within four seconds).
  await stalled(s, 500, 12_000);
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
    // A `!fatal` was sent before its connection stopped being read: it has come by now, and
    // a connection still open after a second more is one left waiting for its word.
    const ends = await Promise.all(clients.map((c) => c.read(1000).then((s) => s.join(' '), () => 'still open')));
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
  const flood = await pipeline(2_000);
  const other = await ApiClient.connect(apiPort);
  await other.login();
  const api: number[] = [];
  const rest: number[] = [];
  // Probes until the flood is answered (before: the first waited for all of it).
  let answered = false;
  const floodMs = flood.answered.finally(() => { answered = true; });
  while (!answered) {
    let t = performance.now();
    assert.deepEqual(await other.call('/system/identity/print'), [['!re', '=name=MikroTik'], ['!done']]);
    api.push(performance.now() - t);
    t = performance.now();
    assert.equal((await json(router.port, 'GET', '/rest/system/identity')).name, 'MikroTik');
    rest.push(performance.now() - t);
    await new Promise((ok) => setTimeout(ok, 50));
  }
  other.close();
  t.diagnostic(`2000 prints answered in ${((await floodMs) / 1000).toFixed(1)} s; ${api.length} probes, worst API ${Math.max(...api).toFixed(0)} ms, worst REST ${Math.max(...rest).toFixed(0)} ms`);
  assert.ok(api.length >= 2, `only ${api.length} probes while the flood ran`);
  assert.ok(Math.max(...api) < 2000, `API print answered after ${Math.max(...api).toFixed(0)} ms at worst`);
  assert.ok(Math.max(...rest) < 2000, `REST GET answered after ${Math.max(...rest).toFixed(0)} ms at worst`);
});

test('once abusive clients have gone, the router is as fast as fresh and has given back what they held', async (t) => {
  // Whatever ran before this test (the floods above, when the file runs whole) has ended.
  const ms = await (await pipeline(2_000)).answered;
  // Every connection of the clients that have gone is closed (a pipeline's own goes just after its last reply).
  const until = performance.now() + 2000;
  while (sockets() > freshSockets && performance.now() < until) await new Promise((ok) => setTimeout(ok, 20));
  const held = sockets();
  // Resident size: the abusive clients' bytes are free, though the C allocator keeps much of
  // what it freed for the process (measured: +34 MB, and +1 MB with MALLOC_MMAP_THRESHOLD_=65536).
  // V8 gives its freed pages back when the router next idles, which on a loaded machine comes
  // some seconds later (measured in CI: +112 MB just after the floods; with four test files at
  // a time on two cores, still +101 MB after 10 s): the test waits for it, up to 30 s.
  let now = rss();
  for (const end = performance.now() + 30_000; now - freshRss >= 100 && performance.now() < end; now = rss()) await new Promise((ok) => setTimeout(ok, 100));
  // Two 15 MiB words at once, each past a connection's own 256 KiB, need 29.5 of the 32 MiB
  // that all connections share: the second is ended (`!fatal too much data`) if more than
  // 2.5 MiB of it is still held for clients that have gone.
  const word = Buffer.concat([encodeLength(15 * MB + 3), Buffer.from('=x='), Buffer.alloc(15 * MB, 0x61)]);
  const clients = await Promise.all([0, 1].map(async () => {
    const c = await ApiClient.connect(apiPort);
    await c.login();
    c.socket.write(Buffer.concat([encode(['/system/identity/set']).subarray(0, -1), word]));
    return c;
  }));
  // Both words are held (the router has read them) before either sentence ends.
  await Promise.all(clients.map((c) => stalled(c.socket, 200, 30_000)));
  const replies = await Promise.all(clients.map((c) => { c.socket.write(Buffer.from([0])); return c.until(); }));
  for (const c of clients) c.close();
  t.diagnostic(`2000 prints answered in ${ms.toFixed(0)} ms (fresh: ${freshMs.toFixed(0)} ms); resident ${now.toFixed(0)} MB (fresh: ${freshRss.toFixed(0)} MB); ${held} sockets (fresh: ${freshSockets})`);
  // Each sentence is run (`x` is no parameter of set), neither is ended for want of room.
  for (const reply of replies) {
    assert.equal(reply.length, 2, reply.map((s) => s.join(' ')).join(' | '));
    assert.equal(reply[0][0], '!trap');
    assert.ok(reply[0].includes('=message=unknown parameter x'), reply[0].join(' '));
    assert.deepEqual(reply[1], ['!done']);
  }
  // Close to the fresh router's time (room for a busy machine's noise; the slowness this
  // guards against was 100 times it).
  assert.ok(ms < 3 * freshMs + 1000, `2000 prints answered in ${ms.toFixed(0)} ms, fresh in ${freshMs.toFixed(0)} ms`);
  // At most as many as when fresh (then, the last pipeline's own connection may still have been closing).
  assert.ok(held <= freshSockets, `the router holds ${held} sockets, ${freshSockets} when fresh`);
  // The most the clients above may make it hold at once (their own bound): none of it stays.
  assert.ok(now - freshRss < 100, `resident ${now.toFixed(0)} MB, fresh ${freshRss.toFixed(0)} MB`);
});
