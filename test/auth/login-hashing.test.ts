// Issue 13, items 6 and 7, over HTTP as a client meets them: a refused login takes as long
// whether the user exists (and is logged in) or not; a flood of bad logins from one address
// does not hold up another address's first login. Timings are compared with each other
// within the run (medians, generous factors), never with fixed numbers of milliseconds.

import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { POLICIES } from '../../src/core/schema.js';
import { call, startRouter, type TestRouter } from '../helpers/router.js';

const consoleUser = { user: 'admin', via: 'console', policies: new Set(POLICIES) };

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** One REST request with these credentials; resolves with its status and how long it took. */
async function timed(port: number, user: string, password: string, localAddress?: string): Promise<{ status: number; ms: number }> {
  const started = process.hrtime.bigint();
  const reply = await call(port, 'GET', '/rest/system/identity', undefined, { user, password, localAddress });
  return { status: reply.status, ms: Number(process.hrtime.bigint() - started) / 1e6 };
}

let r: TestRouter;
const addUser = (name: string, password: string) =>
  r.router.engine.run({ path: ['user'], command: 'add', args: { name, password, group: 'full' } }, consoleUser);

before(async () => {
  r = await startRouter();
  // The floods below are 200 connections at once: more than www's default max-sessions (20).
  await r.router.engine.run({ path: ['ip', 'service'], command: 'set', args: { numbers: 'www', 'max-sessions': '1000' } }, consoleUser);
  await r.router.services!.settled();
});
after(async () => { await r.stop(); });

describe('a refused login does not tell who exists', () => {
  test('a wrong password for a logged-in user, for a user not logged in, and an unknown user take alike', async () => {
    await addUser('alice', 'secret');
    await addUser('carol', 'secret');
    // From an address of their own: its failures make it a suspect for the tests below.
    const from = '127.0.0.3';
    assert.equal((await timed(r.port, 'alice', 'secret', from)).status, 200, 'alice keeps a login');
    const times: Record<string, number[]> = { kept: [], existing: [], unknown: [] };
    // Interleaved, so that a change of load on the machine meets all three alike.
    for (let i = 0; i < 9; i++) {
      for (const [kind, user] of [['kept', 'alice'], ['existing', 'carol'], ['unknown', 'nobody']] as const) {
        const t = await timed(r.port, user, `wrong-${i}`, from);
        assert.equal(t.status, 401);
        times[kind].push(t.ms);
      }
    }
    const m = { kept: median(times.kept), existing: median(times.existing), unknown: median(times.unknown) };
    // Before: about 1 ms against 40 ms. Within a factor of three counts as alike.
    for (const kind of ['kept', 'existing'] as const) {
      const ratio = m[kind] / m.unknown;
      assert.ok(ratio > 1 / 3 && ratio < 3, `median ${kind} ${m[kind].toFixed(1)} ms, unknown ${m.unknown.toFixed(1)} ms`);
    }
    // And the kept login still serves its owner at once.
    assert.equal((await timed(r.port, 'alice', 'secret', from)).status, 200);
  });
});

describe('failed logins cannot hold up the logins of others', () => {
  test('200 bad logins at once from one address: another address\'s first login is about as quick as without them', async () => {
    const names = ['b1', 'b2', 'b3', 'b4', 'b5', 'good'];
    for (const name of names) await addUser(name, `pw-${name}`);
    // A first login (one hash) of each of five users, with nothing else going on.
    const quiet: number[] = [];
    for (const name of names.slice(0, 5)) {
      const t = await timed(r.port, name, `pw-${name}`);
      assert.equal(t.status, 200);
      quiet.push(t.ms);
    }
    const flood = Array.from({ length: 200 }, (_, i) => timed(r.port, i % 2 ? 'admin' : `ghost${i}`, `guess-${i}`, '127.0.0.2'));
    await new Promise((ok) => setTimeout(ok, 50));
    const good = await timed(r.port, 'good', 'pw-good');
    const bad = await Promise.all(flood);
    assert.equal(good.status, 200);
    assert.deepEqual([...new Set(bad.map((b) => b.status))], [401]);
    // Before: the good login waited for the whole flood, some fifty hashes' worth (about
    // 4 s). Now at most a few hashes' worth.
    const baseline = median(quiet);
    assert.ok(good.ms < 8 * baseline + 100, `first login took ${good.ms.toFixed(0)} ms during the flood, ${baseline.toFixed(0)} ms without`);
  });

  test('bad logins from many addresses at once: a first login from an address without failures is still served promptly', async () => {
    const quiet: number[] = [];
    for (const name of ['q1', 'q2', 'q3']) {
      await addUser(name, 'pw');
      quiet.push((await timed(r.port, name, 'pw')).ms);
    }
    const flood = Array.from({ length: 200 }, (_, i) => timed(r.port, 'admin', `guess-${i}`, `127.0.1.${1 + (i % 20)}`));
    await new Promise((ok) => setTimeout(ok, 300));
    await addUser('good3', 'pw-good3');
    const good = await timed(r.port, 'good3', 'pw-good3');
    await Promise.all(flood);
    assert.equal(good.status, 200);
    // Before: behind the whole flood (about 4 s). Now behind at most one round of the
    // addresses that have not failed yet.
    const baseline = median(quiet);
    assert.ok(good.ms < 12 * baseline + 100, `first login took ${good.ms.toFixed(0)} ms during the flood, ${baseline.toFixed(0)} ms without`);
  });

  test('issue 27: during 200 wrong logins from one address, another user\'s correct first login from it is served, never refused', async () => {
    await addUser('dave', 'pw-dave');
    const from = '127.0.0.4';
    const started = Date.now();
    const flood = Array.from({ length: 200 }, (_, i) => timed(r.port, i % 2 ? 'admin' : `ghost${i}`, `guess-${i}`, from));
    await new Promise((ok) => setTimeout(ok, 50));
    const good = await timed(r.port, 'dave', 'pw-dave', from);
    const bad = await Promise.all(flood);
    // Before: refused after some 200 ms, the address's queue being full.
    assert.equal(good.status, 200, `answered ${good.status} after ${good.ms.toFixed(0)} ms`);
    assert.deepEqual([...new Set(bad.map((b) => b.status))], [401]);
    // Slow is acceptable; within the whole flood's time, generously.
    assert.ok(good.ms < 30_000 && Date.now() - started < 60_000, `first login took ${good.ms.toFixed(0)} ms`);
  });
});
