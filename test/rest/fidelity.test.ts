// Answers as real 7.2x routers give them (issue 13, item 10): a remove on /interface, a user
// disabling itself, a fresh admin's `expired`, `once=false` on a monitor, and the line ends
// of /execute's output.

import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { client, error, startRouter, type TestRouter } from '../helpers/router.js';

let r: TestRouter;
let c: ReturnType<typeof client>;
before(async () => { r = await startRouter({ requestLimitMs: 1500 }); c = client(r.port); });
after(() => r.stop());

describe('REST', () => {
  test('POST /rest/interface/remove is 406 no such command or directory (remove), as the REST manual shows', async () => {
    const res = await c.post('/rest/interface/remove', { '.id': '*1' });
    assert.equal(res.status, 406);
    assert.deepEqual(res.json, error(406, 'Not Acceptable', 'no such command or directory (remove)'));
    assert.equal((await c.get('/rest/interface/ether1')).status, 200);
    // Other commands a menu lacks are still `no such command`.
    assert.deepEqual((await c.post('/rest/interface/nosuch', {})).json, error(400, 'Bad Request', 'no such command'));
  });

  test('/execute output separates lines with \\r\\n', async () => {
    assert.deepEqual((await c.post('/rest/execute', { script: ':put a; :put b; :put c', 'as-string': '' })).json, { ret: 'a\r\nb\r\nc' });
    assert.deepEqual((await c.post('/rest/execute', { script: ':put 1', 'as-string': '' })).json, { ret: '1' });
  });
});

describe('users', () => {
  test("a fresh router's admin shows expired=true while its password is empty, and REST works", async () => {
    const t = await startRouter();
    try {
      const a = client(t.port);
      const admin = await a.get('/rest/user/admin');
      assert.equal(admin.status, 200);
      assert.equal(admin.json.expired, 'true');
      // Setting a password clears it.
      assert.deepEqual((await a.post('/rest/password', { 'old-password': '', 'new-password': 'secret', 'confirm-new-password': 'secret' })).json, []);
      assert.equal((await a.get('/rest/user/admin', { password: 'secret' })).json.expired, 'false');
    } finally { await t.stop(); }
  });

  test('a user disabling itself over REST gets 200 and nothing changes', async () => {
    assert.equal((await c.put('/rest/user', { name: 'self', group: 'full', password: 'pw' })).status, 201);
    const self = { user: 'self', password: 'pw' };
    const res = await c.patch('/rest/user/self', { disabled: 'true' }, self);
    assert.equal(res.status, 200);
    assert.equal(res.json.disabled, 'false');
    assert.deepEqual((await c.post('/rest/user/disable', { '.id': 'self' }, self)).json, []);
    assert.equal((await c.get('/rest/user/self')).json.disabled, 'false');
    assert.equal((await c.get('/rest/system/identity', self)).status, 200);
    // Another user (the admin) may disable it.
    assert.equal((await c.patch('/rest/user/self', { disabled: 'true' })).json.disabled, 'true');
    assert.equal((await c.get('/rest/system/identity', self)).status, 401);
  });
});

describe('monitors', () => {
  test('once=false means not once: the monitor runs to the request limit', async () => {
    for (const once of [false, 'false', 'no']) {
      const started = Date.now();
      const res = await c.post('/rest/interface/monitor-traffic', { interface: 'ether1', once });
      assert.deepEqual(res.json, error(400, 'Bad Request', 'Session closed'), String(once));
      assert.ok(Date.now() - started >= 1400, String(once));
    }
    for (const once of [true, 'yes', '']) {
      const res = await c.post('/rest/interface/monitor-traffic', { interface: 'ether1', once });
      assert.equal(res.json.length, 1, String(once));
      assert.equal(res.json[0].name, 'ether1');
    }
  });
});
