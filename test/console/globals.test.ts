// Global variables are each user's own (issue 13, item 4): another user's `:global` values
// can be neither read nor replaced, and /system/script/environment shows a user only their
// own, unless they have the `policy` policy.

import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { client, error, startRouter, type TestRouter } from '../helpers/router.js';
import { READER as reader, WRITER as writer, addReaderAndWriter } from '../auth/setup.js';

let r: TestRouter;
let admin: ReturnType<typeof client>;
before(async () => {
  r = await startRouter();
  admin = client(r.port);
  await addReaderAndWriter(admin);
});
after(() => r.stop());

const run = async (script: string, who?: { user: string; password: string }) =>
  (await admin.post('/rest/execute', { script, 'as-string': '' }, who ?? {})).json.ret;

test("a read user neither reads nor replaces the admin's globals", async () => {
  assert.equal(await run(':global secret "admin-only"; :global shared 1'), '');
  assert.equal(await run(':global secret; :put $secret'), 'admin-only');
  assert.equal(await run(':global secret; :put [:typeof $secret]', reader), 'nothing');
  assert.equal(await run(':global secret "replaced"; :put $secret', reader), 'replaced');
  assert.equal(await run(':global secret; :put $secret'), 'admin-only');
  // Each user's later scripts see that user's own value.
  assert.equal(await run(':global secret; :put $secret', reader), 'replaced');
});

test('/system/script/environment shows a user their own globals; policy shows everyone\'s', async () => {
  const mine = (await admin.get('/rest/system/script/environment', reader)).json;
  assert.deepEqual(mine.map((v: Record<string, string>) => [v.name, v.value]), [['secret', 'replaced']]);
  const all = (await admin.get('/rest/system/script/environment')).json;
  assert.deepEqual(all.map((v: Record<string, string>) => [v.name, v.value]), [['secret', 'admin-only'], ['secret', 'replaced'], ['shared', '1']]);
  const adminsSecret = all[0]['.id'];
  // An id of another user's variable names nothing for them.
  assert.equal((await admin.get(`/rest/system/script/environment/${adminsSecret}`, reader)).status, 404);
  assert.deepEqual((await admin.post('/rest/system/script/environment/remove', { '.id': adminsSecret }, writer)).json,
    error(400, 'Bad Request', 'no such item'));
  assert.deepEqual((await admin.post('/rest/system/script/environment/remove', { '.id': 'shared' }, writer)).json,
    error(400, 'Bad Request', 'no such item'));
  assert.equal(await run(':global secret; :put $secret'), 'admin-only');
  // The admin (policy) may remove another user's variable; by name, their own goes first.
  assert.deepEqual((await admin.post('/rest/system/script/environment/remove', { '.id': 'secret' })).json, []);
  assert.equal(await run(':global secret; :put [:typeof $secret]'), 'nothing');
  assert.equal(await run(':global secret; :put $secret', reader), 'replaced');
});
