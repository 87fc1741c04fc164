// `__proto__` as an attribute word over the API protocol is a parameter like any other
// (issue 13, item 9): refused as unknown, never dropped.

import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { client, startRouter, type TestRouter } from '../helpers/router.js';
import { ApiClient } from './client.js';

let r: TestRouter;
before(async () => { r = await startRouter(); });
after(() => r.stop());

test('=__proto__= is an unknown parameter, and nothing changes', async () => {
  const c = await ApiClient.connect(r.router.bound.api!);
  await c.login();
  const reply = await c.call('/system/identity/set', '=__proto__=x', '=name=via-api');
  assert.equal(reply[0][0], '!trap');
  assert.ok(reply[0].includes('=message=unknown parameter __proto__'), reply[0].join(' '));
  // A command's own arguments (not a record's fields) answer alike.
  assert.deepEqual(await c.call('/ping', '=address=127.0.0.1', '=count=1', '=__proto__=1'), reply);
  c.close();
  assert.equal((await client(r.port).get('/rest/system/identity')).json.name, 'MikroTik');
});
