// One request at a time per user, in arrival order; users in parallel; the request limit
// (spec section 8). `/delay` is the command that takes a known time.

import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { client, error, startRouter, type TestRouter } from '../helpers/router.js';
import { abandon, logOf, makeUser, sleep, type Client } from './setup.js';

const LIMIT_MS = 1000;

let r: TestRouter;
let admin: Client;
let ann: { user: string; password: string };
let ben: { user: string; password: string };
before(async () => {
  r = await startRouter({ requestLimitMs: LIMIT_MS });
  admin = client(r.port);
  ann = await makeUser(admin, 'ann', 'read,api,rest-api');
  ben = await makeUser(admin, 'ben', 'read,api,rest-api');
  // Log both in now, so the timings below measure the requests and not the password hash.
  for (const u of [ann, ben]) assert.equal((await admin.get('/rest/system/identity', u)).status, 200);
});
after(() => r.stop());

const SESSION_CLOSED = error(400, 'Bad Request', 'Session closed');
const delay = (u: { user: string; password: string }, time: string) => admin.post('/rest/delay', { 'delay-time': time }, u);
const timed = async <T>(work: () => Promise<T>): Promise<[T, number]> => {
  const start = performance.now();
  const out = await work();
  return [out, performance.now() - start];
};

describe('/delay', () => {
  test('waits the time given and replies with an empty list', async () => {
    const [res, ms] = await timed(() => delay(ann, '300ms'));
    assert.equal(res.status, 200);
    assert.deepEqual(res.json, []);
    assert.ok(ms >= 290, `took ${ms} ms`);
  });
});

describe('one request at a time per user', () => {
  test('two users run in parallel', async () => {
    const [replies, ms] = await timed(() => Promise.all([delay(ann, '600ms'), delay(ben, '600ms')]));
    for (const res of replies) assert.equal(res.status, 200);
    // One after the other would take at least 1,190 ms (the next test): under that, they overlapped.
    assert.ok(ms >= 590 && ms < 1190, `took ${ms} ms`);
  });

  test('one user\'s requests run one after the other', async () => {
    const [replies, ms] = await timed(() => Promise.all([delay(ann, '600ms'), delay(ann, '600ms')]));
    for (const res of replies) assert.equal(res.status, 200);
    assert.ok(ms >= 1190, `took ${ms} ms`);
  });

  test('in arrival order', async () => {
    const done: number[] = [];
    const pending: Promise<unknown>[] = [];
    for (const i of [1, 2, 3]) {
      pending.push(delay(ann, '200ms').then((res) => { assert.equal(res.status, 200); done.push(i); }));
      await sleep(40);
    }
    await Promise.all(pending);
    assert.deepEqual(done, [1, 2, 3]);
  });

  // A GET of one record is answered in the turn it arrives in when nothing of its user's is
  // under way (src/auth/lanes.ts): it must still wait behind a request that is.
  test('a GET of one record waits behind its user\'s request under way; another user\'s does not', async () => {
    const done: string[] = [];
    const start = performance.now();
    const long = delay(ann, '300ms').then((res) => { assert.equal(res.status, 200); done.push('delay'); });
    await sleep(40);
    const [annGet, benGet] = await Promise.all([
      admin.get('/rest/ip/address/*1', ann).then((res) => (done.push('ann'), [res, performance.now() - start] as const)),
      admin.get('/rest/ip/address/*1', ben).then((res) => (done.push('ben'), [res, performance.now() - start] as const)),
    ]);
    await long;
    assert.equal(annGet[0].status, 200);
    assert.equal(benGet[0].status, 200);
    assert.equal(annGet[0].json['.id'], '*1');
    assert.deepEqual(done, ['ben', 'delay', 'ann']);
    assert.ok(annGet[1] >= 290, `ann's GET answered after ${annGet[1]} ms`);
    assert.ok(benGet[1] < 290, `ben's GET answered after ${benGet[1]} ms`);
  });
});

describe('the request limit', () => {
  test('a request past the limit ends with Session closed, and so does every request queued behind it', async () => {
    const start = performance.now();
    const long = delay(ann, '5s').then((res) => [res, performance.now() - start] as const);
    await sleep(100);
    const queued = admin.get('/rest/system/identity', ann).then((res) => [res, performance.now() - start] as const);
    // Another user is not held up.
    const [other, otherMs] = await timed(() => delay(ben, '200ms'));
    assert.equal(other.status, 200);
    // Held up, it would wait for ann's 5 s request.
    assert.ok(otherMs < 1500, `ben took ${otherMs} ms`);
    for (const [res, ms] of [await long, await queued]) {
      assert.equal(res.status, 400);
      assert.deepEqual(res.json, SESSION_CLOSED);
      assert.equal(res.headers.connection, 'close');
      assert.ok(ms >= LIMIT_MS - 10 && ms < LIMIT_MS + 600, `took ${ms} ms`);
    }
  });

  test('the user\'s next request logs in again and works', async () => {
    const before = (await logOf(admin, 'ann')).length;
    const res = await admin.get('/rest/system/identity', ann);
    assert.equal(res.status, 200);
    assert.deepEqual((await logOf(admin, 'ann')).slice(before), [
      'user ann logged in from 127.0.0.1 via rest-api',
      'user ann logged in via api',
    ]);
    // The closed session's login ended with it.
    const log = await logOf(admin, 'ann');
    assert.deepEqual(log.slice(before - 2, before), ['user ann logged out via api', 'user ann logged out from 127.0.0.1 via rest-api']);
  });

  test('a request whose client went away runs on until it ends; the next one waits for it', async () => {
    const start = performance.now();
    await abandon(r.port, '/rest/delay', { 'delay-time': '700ms' }, ann.user, ann.password, 100);
    const res = await admin.get('/rest/system/identity', ann);
    const ms = performance.now() - start;
    assert.equal(res.status, 200);
    assert.ok(ms >= 690, `took ${ms} ms`);
  });

  test('a request whose client went away runs on to the limit; the one queued behind it is closed with it', async () => {
    const start = performance.now();
    await abandon(r.port, '/rest/delay', { 'delay-time': '5s' }, ann.user, ann.password, 100);
    const res = await admin.get('/rest/system/identity', ann);
    const ms = performance.now() - start;
    assert.deepEqual(res.json, SESSION_CLOSED);
    assert.ok(ms >= LIMIT_MS - 10 && ms < LIMIT_MS + 600, `took ${ms} ms`);
    assert.equal((await admin.get('/rest/system/identity', ann)).status, 200);
  });
});
