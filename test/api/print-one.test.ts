// `print =.id=X`, the commonest API read, is answered from the record the engine keeps
// (src/core/views.ts) with its words framed once. It must answer exactly as the whole print
// does: the same words, the same errors, a change anywhere seen at once, and each user's
// own view of sensitive values.

import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { client, startRouter, type TestRouter } from '../helpers/router.js';
import { makeUser } from '../auth/setup.js';
import { ApiClient, records } from './client.js';

let r: TestRouter;
before(async () => { r = await startRouter(); });
after(() => r.stop());

async function session(name = 'admin', password = ''): Promise<ApiClient> {
  const c = await ApiClient.connect(r.router.bound.api!);
  await c.login(name, password);
  return c;
}

test('print =.id= gives the very sentences the print of a query gives, tagged or not', async () => {
  const c = await session();
  const byId = await c.call('/ip/address/print', '=.id=*1');
  const byQuery = await c.call('/ip/address/print', '?.id=*1');
  assert.deepEqual(byId, byQuery);
  assert.equal(byId.length, 2);
  assert.deepEqual(records(byId), [{
    '.id': '*1', address: '192.168.88.1/24', network: '192.168.88.0', interface: 'bridge', 'actual-interface': 'bridge',
    invalid: 'false', dynamic: 'false', disabled: 'false', comment: 'defconf', slave: 'false', vrf: 'main',
  }]);
  c.send('/ip/address/print', '=.id=*1', '.tag=7');
  const tagged = await c.until('7');
  assert.deepEqual(tagged, byId.map((s) => [...s, '.tag=7']));
  c.close();
});

test('print =.id= of an id that names nothing is the router\'s own error', async () => {
  const c = await session();
  const missing = await c.call('/ip/address/print', '=.id=*99');
  assert.deepEqual(missing, [['!trap', '=category=0', '=message=no such item'], ['!done']]);
  c.close();
});

test('print =.id= shows a rename made in another menu at once', async () => {
  const c = await session();
  const bridge = records(await c.call('/interface/bridge/print', '?name=bridge'))[0]['.id'];
  assert.equal(records(await c.call('/ip/address/print', '=.id=*1'))[0]['actual-interface'], 'bridge');
  assert.deepEqual(await c.call('/interface/bridge/set', `=.id=${bridge}`, '=name=lan'), [['!done']]);
  const shown = records(await c.call('/ip/address/print', '=.id=*1'))[0];
  assert.equal(shown.interface, 'lan');
  assert.equal(shown['actual-interface'], 'lan');
  assert.deepEqual(await c.call('/interface/bridge/set', `=.id=${bridge}`, '=name=bridge'), [['!done']]);
  c.close();
});

test('print =.id= shows sensitive values only to a user with the sensitive policy, whoever printed first', async () => {
  const admin = client(r.port);
  const reader = await makeUser(admin, 'apireader', 'read,api,rest-api');
  await admin.put('/rest/interface/wireguard', { name: 'wg9' });
  const peer = await admin.put('/rest/interface/wireguard/peers', {
    interface: 'wg9', 'public-key': 'yAnz5TF+lXXJte14tji3zlMNq+hd2rYUIgJBgB3fBmk=', 'preshared-key': 'HIgo9xNzJMWLKASShiTqIybxZ0U3wGLiUeJ1PKf8ykw=',
    'allowed-address': '10.0.0.2/32',
  });
  assert.equal(peer.status, 201, peer.text);
  const asAdmin = await session();
  const asReader = await session(reader.user, reader.password);
  for (let i = 0; i < 2; i++) {
    const seen = records(await asAdmin.call('/interface/wireguard/peers/print', `=.id=${peer.json['.id']}`))[0];
    assert.equal(seen['preshared-key'], 'HIgo9xNzJMWLKASShiTqIybxZ0U3wGLiUeJ1PKf8ykw=');
    const hidden = records(await asReader.call('/interface/wireguard/peers/print', `=.id=${peer.json['.id']}`))[0];
    assert.equal(hidden['preshared-key'], undefined);
    assert.equal(hidden['public-key'], 'yAnz5TF+lXXJte14tji3zlMNq+hd2rYUIgJBgB3fBmk=');
  }
  asAdmin.close();
  asReader.close();
});
