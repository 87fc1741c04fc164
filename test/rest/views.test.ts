// A GET of one record answers from a view the engine keeps while the configuration stays
// the same (src/core/views.ts). What the user sees must not tell: a change anywhere shows
// at once, live fields move on, and each reader sees what their policies allow.

import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { client, startRouter, type TestRouter } from '../helpers/router.js';
import { makeUser, sleep } from '../auth/setup.js';

let r: TestRouter;
let admin: ReturnType<typeof client>;
before(async () => {
  r = await startRouter();
  admin = client(r.port);
});
after(() => r.stop());

test('a record read again shows a rename made in another menu', async () => {
  const first = await admin.get('/rest/ip/address/*1');
  assert.equal(first.status, 200, first.text);
  assert.equal(first.json.interface, 'bridge');
  assert.equal(first.json['actual-interface'], 'bridge');
  // The same bytes while nothing changes.
  assert.equal((await admin.get('/rest/ip/address/*1')).text, first.text);

  const bridge = (await admin.get('/rest/interface/bridge?name=bridge')).json[0];
  assert.equal((await admin.patch(`/rest/interface/bridge/${bridge['.id']}`, { name: 'lan' })).status, 200);
  const renamed = await admin.get('/rest/ip/address/*1');
  assert.equal(renamed.json.interface, 'lan');
  assert.equal(renamed.json['actual-interface'], 'lan');
  assert.equal(renamed.text, first.text.replaceAll('"bridge"', '"lan"'));
  assert.equal((await admin.patch(`/rest/interface/bridge/${bridge['.id']}`, { name: 'bridge' })).status, 200);
});

test('a record read again shows its own change, and a record made the same way shows its own values', async () => {
  const put = await admin.put('/rest/ip/address', { address: '10.1.1.1/24', interface: 'ether2', comment: 'one' });
  assert.equal(put.status, 201, put.text);
  const id = put.json['.id'];
  assert.equal((await admin.get(`/rest/ip/address/${id}`)).json.comment, 'one');
  assert.equal((await admin.patch(`/rest/ip/address/${id}`, { comment: 'two' })).status, 200);
  const after = await admin.get(`/rest/ip/address/${id}`);
  assert.equal(after.json.comment, 'two');
  assert.equal(after.json.network, '10.1.1.0');
  assert.equal((await admin.delete(`/rest/ip/address/${id}`)).status, 204);
  assert.equal((await admin.get(`/rest/ip/address/${id}`)).status, 404);
});

test('a record whose referenced record is removed reads as invalid at once', async () => {
  const vlan = await admin.put('/rest/interface/vlan', { name: 'v77', 'vlan-id': 77, interface: 'ether3' });
  assert.equal(vlan.status, 201, vlan.text);
  const address = await admin.put('/rest/ip/address', { address: '10.77.0.1/24', interface: 'v77' });
  const url = `/rest/ip/address/${address.json['.id']}`;
  assert.equal((await admin.get(url)).json.invalid, 'false');
  assert.equal((await admin.delete(`/rest/interface/vlan/${vlan.json['.id']}`)).status, 204);
  const shown = await admin.get(url);
  assert.equal(shown.json.invalid, 'true');
  assert.equal(shown.json.interface, vlan.json['.id']);
  assert.equal((await admin.delete(url)).status, 204);
});

test('sensitive values follow the reader, whoever read the record before', async () => {
  const reader = await makeUser(admin, 'viewer', 'read,api,rest-api');
  const asReader = client(r.port, { user: reader.user, password: reader.password });
  const peer = await admin.put('/rest/interface/wireguard/peers', {
    interface: (await admin.put('/rest/interface/wireguard', { name: 'wg1' })).json.name,
    'public-key': 'yAnz5TF+lXXJte14tji3zlMNq+hd2rYUIgJBgB3fBmk=', 'preshared-key': 'HIgo9xNzJMWLKASShiTqIybxZ0U3wGLiUeJ1PKf8ykw=',
    'allowed-address': '10.0.0.2/32',
  });
  assert.equal(peer.status, 201, peer.text);
  const url = `/rest/interface/wireguard/peers/${peer.json['.id']}`;
  for (let i = 0; i < 2; i++) {
    const seen = await admin.get(url);
    assert.equal(seen.json['preshared-key'], 'HIgo9xNzJMWLKASShiTqIybxZ0U3wGLiUeJ1PKf8ykw=');
    const hidden = await asReader.get(url);
    assert.equal(hidden.status, 200, hidden.text);
    assert.equal(hidden.json['preshared-key'], undefined);
    assert.equal(hidden.json['public-key'], 'yAnz5TF+lXXJte14tji3zlMNq+hd2rYUIgJBgB3fBmk=');
  }
});

test('a live field is read at every GET: an address-list entry counts its timeout down', async () => {
  const put = await admin.put('/rest/ip/firewall/address-list', { list: 'watch', address: '10.5.5.5', timeout: '1h' });
  assert.equal(put.status, 201, put.text);
  const url = `/rest/ip/firewall/address-list/${put.json['.id']}`;
  const first = (await admin.get(url)).json.timeout;
  await sleep(1100);
  const second = (await admin.get(url)).json.timeout;
  assert.match(first, /^(59m5\ds|1h)$/);
  assert.notEqual(second, first);
});

// A GET of a whole table answers from the engine's kept list of kept views and keeps its
// bytes (Engine.printAll): they must be the bytes the print command itself gives.
test('a whole table read again is the print command\'s own reply, and shows every change at once', async () => {
  const same = async (path: string, as = admin) => {
    const got = await as.get(path);
    assert.equal(got.status, 200, got.text);
    const printed = await as.post(`${path}/print`, {});
    assert.equal(printed.status, 200, printed.text);
    assert.equal(got.text, printed.text, path);
    // Read again, from what is kept.
    assert.equal((await as.get(path)).text, got.text, path);
    return got.json as Record<string, string>[];
  };
  for (const path of ['/rest/ip/address', '/rest/interface', '/rest/ip/route', '/rest/interface/bridge/port', '/rest/ip/pool']) await same(path);
  const before = await same('/rest/ip/address');
  const put = await admin.put('/rest/ip/address', { address: '10.9.9.1/24', interface: 'ether2' });
  assert.equal(put.status, 201, put.text);
  const added = await same('/rest/ip/address');
  assert.equal(added.length, before.length + 1);
  assert.equal(added.at(-1)!.network, '10.9.9.0');
  // A rename in another menu shows in the list at once.
  const bridge = (await admin.get('/rest/interface/bridge?name=bridge')).json[0];
  assert.equal((await admin.patch(`/rest/interface/bridge/${bridge['.id']}`, { name: 'lan2' })).status, 200);
  assert.ok((await same('/rest/ip/address')).some((a) => a.interface === 'lan2'));
  assert.equal((await admin.patch(`/rest/interface/bridge/${bridge['.id']}`, { name: 'bridge' })).status, 200);
  assert.equal((await admin.delete(`/rest/ip/address/${put.json['.id']}`)).status, 204);
  assert.deepEqual(await same('/rest/ip/address'), before);
});

test('a whole table\'s sensitive values follow the reader, whoever read the table before', async () => {
  const reader = await makeUser(admin, 'list-viewer', 'read,api,rest-api');
  const asReader = client(r.port, { user: reader.user, password: reader.password });
  const wg = await admin.put('/rest/interface/wireguard', { name: 'wg-list' });
  assert.equal(wg.status, 201, wg.text);
  const peer = await admin.put('/rest/interface/wireguard/peers', {
    interface: 'wg-list', 'public-key': 'Xm1a8b5kJ3hAqCwM5Sx1Zb5Q5tX1bWk3yRrV9E3u2Fw=', 'preshared-key': 'kVz1Q2y7Qd2sFQ0nQvYq9r0tE6hH9b8m3cVw1Lx4uTo=',
    'allowed-address': '10.0.0.3/32',
  });
  assert.equal(peer.status, 201, peer.text);
  for (let i = 0; i < 2; i++) {
    const seen = (await admin.get('/rest/interface/wireguard/peers')).json as Record<string, string>[];
    assert.ok(seen.some((p) => p['preshared-key'] === 'kVz1Q2y7Qd2sFQ0nQvYq9r0tE6hH9b8m3cVw1Lx4uTo='));
    const hidden = await asReader.get('/rest/interface/wireguard/peers');
    assert.equal(hidden.status, 200, hidden.text);
    assert.ok((hidden.json as Record<string, string>[]).every((p) => p['preshared-key'] === undefined));
    assert.equal(hidden.text, (await asReader.post('/rest/interface/wireguard/peers/print', {})).text);
  }
});
