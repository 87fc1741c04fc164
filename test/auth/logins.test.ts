// Logins over REST (spec section 5): Basic credentials on every request, one login kept for
// the login keep time over any number of connections, changes to the user that apply at
// once, group changes that wait for the next login, address binding, /password, the
// account log and /user/active.

import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { call, client, error, startRouter, type TestRouter } from '../helpers/router.js';
import { DATE_TIME, activeOf, logOf, makeUser, sleep, type Client } from './setup.js';

const KEEP_MS = 2000;
/** Long enough for a kept login to end: the keep time and one sweep of the router. */
const PAST_KEEP_MS = KEEP_MS + 1200;

let r: TestRouter;
let admin: Client;
before(async () => { r = await startRouter({ loginKeepMs: KEEP_MS }); admin = client(r.port); });
after(() => r.stop());

const ok = async (p: Promise<{ status: number; text: string }>) => { const res = await p; assert.equal(res.status, 200, res.text); };
const refused = async (p: Promise<{ status: number; headers: Record<string, unknown>; json: unknown }>) => {
  const res = await p;
  assert.equal(res.status, 401);
  assert.equal(res.headers['www-authenticate'], 'Basic');
  assert.deepEqual(res.json, error(401, 'Unauthorized'));
};

describe('credentials', () => {
  test('a request without credentials is 401 with WWW-Authenticate: Basic', async () => {
    await refused(call(r.port, 'GET', '/rest/system/identity', undefined, { noAuth: true }));
    await refused(call(r.port, 'GET', '/rest/system/identity', undefined, { noAuth: true, headers: { Authorization: 'Bearer abc' } }));
  });

  test('a wrong password or an unknown user is 401 and a login failure in the log', async () => {
    await makeUser(admin, 'fred', 'read,api,rest-api', 'right');
    await refused(admin.get('/rest/system/identity', { user: 'fred', password: 'wrong' }));
    await refused(admin.get('/rest/system/identity', { user: 'nobody', password: 'x' }));
    const log = (await admin.get('/rest/log')).json;
    const failures = log.filter((l: any) => l.message.startsWith('login failure'));
    assert.deepEqual(failures.map((l: any) => [l.message, l.topics]), [
      ['login failure for user fred from 127.0.0.1 via rest-api', 'system,error,critical'],
      ['login failure for user nobody from 127.0.0.1 via rest-api', 'system,error,critical'],
    ]);
  });
});

describe('the kept login', () => {
  test('one login serves every request and connection: logged once, shown twice in /user/active', async () => {
    const u = await makeUser(admin, 'kim', 'read,api,rest-api');
    for (let i = 0; i < 4; i++) await ok(admin.get('/rest/system/identity', u)); // each on a new connection
    const log = (await admin.get('/rest/log')).json.filter((l: any) => l.message.includes('user kim '));
    assert.deepEqual(log.map((l: any) => [l.message, l.topics]), [
      ['user kim logged in from 127.0.0.1 via rest-api', 'system,info,account'],
      ['user kim logged in via api', 'system,info,account'],
    ]);
    const active = await activeOf(admin, 'kim');
    assert.equal(active.length, 2);
    assert.match(active[0].when, DATE_TIME);
    assert.deepEqual(active, [
      { address: '127.0.0.1', group: 'g-kim', name: 'kim', radius: 'false', via: 'rest-api', when: active[0].when },
      { group: 'g-kim', name: 'kim', radius: 'false', via: 'api', when: active[0].when },
    ]);
    assert.equal((await admin.get('/rest/user/kim')).json['last-logged-in'], active[0].when);
  });

  test('a wrong password does not end the login its owner keeps', async () => {
    const u = await makeUser(admin, 'lena', 'read,api,rest-api');
    await ok(admin.get('/rest/system/identity', u));
    await refused(admin.get('/rest/system/identity', { user: 'lena', password: 'guess' }));
    await ok(admin.get('/rest/system/identity', u));
    assert.deepEqual(await logOf(admin, 'lena'), [
      'user lena logged in from 127.0.0.1 via rest-api',
      'user lena logged in via api',
      'login failure for user lena from 127.0.0.1 via rest-api',
    ]);
  });

  test('after the keep time the login ends, and a group change applies to the new login', async () => {
    const u = await makeUser(admin, 'max', 'read,api,rest-api');
    await ok(admin.get('/rest/system/identity', u));
    // The group loses read: the kept login still has it.
    assert.equal((await admin.patch('/rest/user/group/g-max', { policy: '!read' })).status, 200);
    await ok(admin.get('/rest/system/identity', u));
    await sleep(PAST_KEEP_MS);
    assert.deepEqual(await activeOf(admin, 'max'), []);
    assert.deepEqual(await logOf(admin, 'max'), [
      'user max logged in from 127.0.0.1 via rest-api',
      'user max logged in via api',
      'user max logged out via api',
      'user max logged out from 127.0.0.1 via rest-api',
    ]);
    // The next request logs in again, now with the group as it is.
    const res = await admin.get('/rest/system/identity', u);
    assert.equal(res.status, 500);
    assert.deepEqual(res.json, error(500, 'Internal Server Error', 'not enough permissions (9)'));
    assert.equal((await logOf(admin, 'max')).filter((m) => m === 'user max logged in via api').length, 2);
    assert.equal((await activeOf(admin, 'max')).length, 2);
  });
});

describe('changes to the user apply to the very next request', () => {
  test('a new password', async () => {
    const u = await makeUser(admin, 'nina', 'read,api,rest-api', 'first');
    await ok(admin.get('/rest/system/identity', u));
    assert.equal((await admin.patch('/rest/user/nina', { password: 'second' })).status, 200);
    await refused(admin.get('/rest/system/identity', u));
    await ok(admin.get('/rest/system/identity', { user: 'nina', password: 'second' }));
  });

  test('disabled, and enabled again', async () => {
    const u = await makeUser(admin, 'otto', 'read,api,rest-api');
    await ok(admin.get('/rest/system/identity', u));
    assert.equal((await admin.patch('/rest/user/otto', { disabled: 'yes' })).status, 200);
    await refused(admin.get('/rest/system/identity', u));
    // Disabling ends the kept login at once.
    assert.deepEqual(await activeOf(admin, 'otto'), []);
    assert.equal((await admin.patch('/rest/user/otto', { disabled: 'no' })).status, 200);
    await ok(admin.get('/rest/system/identity', u));
  });

  test('removed', async () => {
    const u = await makeUser(admin, 'paul', 'read,api,rest-api');
    await ok(admin.get('/rest/system/identity', u));
    assert.equal((await admin.delete('/rest/user/paul')).status, 204);
    await refused(admin.get('/rest/system/identity', u));
    assert.deepEqual(await activeOf(admin, 'paul'), []);
  });

  test('an address that no longer allows the client', async () => {
    const u = await makeUser(admin, 'quinn', 'read,api,rest-api');
    await ok(admin.get('/rest/system/identity', u));
    assert.equal((await admin.patch('/rest/user/quinn', { address: '127.0.0.2/32' })).status, 200);
    await refused(admin.get('/rest/system/identity', u));
    assert.deepEqual(await activeOf(admin, 'quinn'), []);
  });
});

describe('a user bound to an address', () => {
  test('is refused from any other client address, and logs in from its own', async () => {
    const u = await makeUser(admin, 'rita', 'read,api,rest-api', 'pw', { address: '127.0.0.2/32' });
    await refused(admin.get('/rest/system/identity', u));
    await ok(admin.get('/rest/system/identity', { ...u, localAddress: '127.0.0.2' }));
    // A kept login does not let another address in.
    await refused(admin.get('/rest/system/identity', u));
    await ok(admin.get('/rest/system/identity', { ...u, localAddress: '127.0.0.2' }));
    assert.deepEqual(await logOf(admin, 'rita'), [
      'login failure for user rita from 127.0.0.1 via rest-api',
      'user rita logged in from 127.0.0.2 via rest-api',
      'user rita logged in via api',
      'login failure for user rita from 127.0.0.1 via rest-api',
    ]);
    assert.deepEqual((await activeOf(admin, 'rita')).map((a) => [a.via, a.address]), [['rest-api', '127.0.0.2'], ['api', undefined]]);
  });

  test('a network admits every client address inside it', async () => {
    const u = await makeUser(admin, 'sam', 'read,api,rest-api', 'pw', { address: '10.0.0.0/8,127.0.0.0/30' });
    await ok(admin.get('/rest/system/identity', { ...u, localAddress: '127.0.0.2' }));
    await ok(admin.get('/rest/system/identity', u));
    await refused(admin.get('/rest/system/identity', { ...u, localAddress: '127.0.0.5' }));
  });
});

describe('/password', () => {
  test('changes the user\'s own password; the old one stops working at once', async () => {
    const u = await makeUser(admin, 'tina', 'read,password,api,rest-api', 'old-pw');
    const res = await admin.post('/rest/password', { 'old-password': 'old-pw', 'new-password': 'new-pw', 'confirm-new-password': 'new-pw' }, u);
    assert.equal(res.status, 200);
    assert.deepEqual(res.json, []);
    await refused(admin.get('/rest/system/identity', u));
    await ok(admin.get('/rest/system/identity', { user: 'tina', password: 'new-pw' }));
    assert.match(r.router.store.table('user').byKey.get('tina')!.values.password, /^scrypt\$/);
  });

  test('refuses a wrong old password and a confirmation that differs, and changes nothing', async () => {
    const u = await makeUser(admin, 'uma', 'read,password,api,rest-api', 'pw');
    const wrongOld = await admin.post('/rest/password', { 'old-password': 'nope', 'new-password': 'a', 'confirm-new-password': 'a' }, u);
    assert.equal(wrongOld.status, 400);
    assert.match(wrongOld.json.detail, /^failure: /);
    const differs = await admin.post('/rest/password', { 'old-password': 'pw', 'new-password': 'a', 'confirm-new-password': 'b' }, u);
    assert.equal(differs.status, 400);
    assert.match(differs.json.detail, /^failure: /);
    await ok(admin.get('/rest/system/identity', u));
  });
});
