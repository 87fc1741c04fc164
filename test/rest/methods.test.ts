// The method table of the REST specification (section 4.1) and its rules, over real HTTP.

import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { client, error, startRouter, type TestRouter } from '../helpers/router.js';

let r: TestRouter;
let api: ReturnType<typeof client>;
before(async () => { r = await startRouter(); api = client(r.port); });
after(() => r.stop());

const DEFAULT_ADDRESS = {
  '.id': '*1', 'actual-interface': 'bridge', address: '192.168.88.1/24', comment: 'defconf',
  disabled: 'false', dynamic: 'false', interface: 'bridge', invalid: 'false', network: '192.168.88.0',
  slave: 'false', vrf: 'main',
};

describe('GET', () => {
  test('a menu with records gives a list of records, keys in alphabetical order with .id first', async () => {
    const res = await api.get('/rest/ip/address');
    assert.equal(res.status, 200);
    assert.equal(res.headers['content-type'], 'application/json');
    assert.deepEqual(res.json, [DEFAULT_ADDRESS]);
    assert.deepEqual(Object.keys(res.json[0]), Object.keys(DEFAULT_ADDRESS));
  });

  test('a menu without records gives one object', async () => {
    const res = await api.get('/rest/system/identity');
    assert.equal(res.status, 200);
    assert.deepEqual(res.json, { name: 'MikroTik' });
  });

  test('one record by id, and by name in menus whose records have names', async () => {
    assert.deepEqual((await api.get('/rest/ip/address/*1')).json, DEFAULT_ADDRESS);
    const ether = await api.get('/rest/interface/ether1');
    assert.equal(ether.status, 200);
    assert.equal(ether.json.name, 'ether1');
    assert.equal(ether.json.type, 'ether');
  });

  test('records the router computes (connected routes) have URLs too', async () => {
    const routes = (await api.get('/rest/ip/route?connect=true')).json;
    assert.equal(routes.length, 1);
    assert.equal(routes[0]['dst-address'], '192.168.88.0/24');
    const one = await api.get(`/rest/ip/route/${routes[0]['.id']}`);
    assert.deepEqual(one.json, routes[0]);
    assert.deepEqual((await api.patch(`/rest/ip/route/${routes[0]['.id']}`, { comment: 'x' })).json,
      error(400, 'Bad Request', 'failure: can not change dynamic entry'));
  });

  test('a record that does not exist is 404 with the router\'s body', async () => {
    const res = await api.get('/rest/ip/address/*99');
    assert.equal(res.status, 404);
    assert.deepEqual(res.json, { error: 404, message: 'Not Found' });
    assert.equal((await api.get('/rest/interface/nosuch')).status, 404);
  });

  test('URL parameters are exact-match filters, ANDed; no match is []', async () => {
    const ethers = await api.get('/rest/interface?type=ether');
    assert.deepEqual(ethers.json.map((i: any) => i.name), ['ether1', 'ether2', 'ether3', 'ether4', 'ether5']);
    const one = await api.get('/rest/interface?type=ether&name=ether3');
    assert.deepEqual(one.json.map((i: any) => i.name), ['ether3']);
    assert.deepEqual((await api.get('/rest/interface?type=ether&name=bridge')).json, []);
    assert.deepEqual((await api.get('/rest/ip/address?interface=nosuch')).json, []);
  });

  test('.id works as a URL filter, the way clients read one record', async () => {
    assert.deepEqual((await api.get('/rest/ip/address?.id=*1')).json, [DEFAULT_ADDRESS]);
    assert.deepEqual((await api.get('/rest/ip/address?.id=*7')).json, []);
  });

  test('.proplist selects properties, in lists and single records', async () => {
    assert.deepEqual((await api.get('/rest/ip/address?.proplist=address,interface')).json,
      [{ address: '192.168.88.1/24', interface: 'bridge' }]);
    assert.deepEqual((await api.get('/rest/ip/address?.proplist=.id,address')).json,
      [{ '.id': '*1', address: '192.168.88.1/24' }]);
    assert.deepEqual((await api.get('/rest/ip/address/*1?.proplist=network')).json, { network: '192.168.88.0' });
    assert.deepEqual((await api.get('/rest/system/identity?.proplist=name')).json, { name: 'MikroTik' });
  });

  test('.query in a URL has no effect as a query', async () => {
    assert.deepEqual((await api.get('/rest/ip/address?.query=address=1.2.3.4/32')).json, [DEFAULT_ADDRESS]);
  });

  test('a GET to a command path is not a command call', async () => {
    const res = await api.get('/rest/ip/address/print');
    assert.equal(res.status, 400);
    assert.deepEqual(res.json, error(400, 'Bad Request', 'no such command'));
  });

  test('an unknown menu names the word the router does not know', async () => {
    assert.deepEqual((await api.get('/rest/nosuch')).json, error(400, 'Bad Request', 'no such command or directory (nosuch)'));
    assert.deepEqual((await api.get('/rest/ip/nosuch/x')).json, error(400, 'Bad Request', 'no such command or directory (nosuch)'));
  });

  test('a percent-encoded * in an id is refused; %20 and %2F in names are decoded', async () => {
    const res = await api.get('/rest/ip/address/%2A1');
    assert.equal(res.status, 400);
    assert.deepEqual(res.json, error(400, 'Bad Request', 'no such command prefix'));
    const made = await api.put('/rest/interface/list', { name: 'my list/one' });
    assert.equal(made.status, 201);
    const got = await api.get('/rest/interface/list/my%20list%2Fone');
    assert.equal(got.status, 200);
    assert.equal(got.json.name, 'my list/one');
    await api.delete(`/rest/interface/list/${made.json['.id']}`);
  });
});

describe('PUT', () => {
  test('creates one record: 201, the whole new record, Location of its URL', async () => {
    const res = await api.put('/rest/ip/address', { address: '10.9.9.9', interface: 'ether2', comment: 'made by PUT' });
    assert.equal(res.status, 201);
    const id = res.json['.id'];
    assert.match(id, /^\*[0-9A-F]+$/);
    assert.deepEqual(res.json, {
      '.id': id, 'actual-interface': 'bridge', address: '10.9.9.9/32', comment: 'made by PUT', disabled: 'false',
      dynamic: 'false', interface: 'ether2', invalid: 'false', network: '10.9.9.9', slave: 'true', vrf: 'main',
    });
    assert.equal(res.headers.location, `http://127.0.0.1:${r.port}/rest/ip/address/${id}`);
    assert.deepEqual((await api.get(`/rest/ip/address/${id}`)).json, res.json);
    assert.equal((await api.delete(`/rest/ip/address/${id}`)).status, 204);
  });

  test('place-before puts the new record before the one given', async () => {
    const a = await api.put('/rest/ip/firewall/filter', { chain: 'forward', action: 'accept', comment: 'A' });
    const b = await api.put('/rest/ip/firewall/filter', { chain: 'forward', action: 'accept', comment: 'B', 'place-before': a.json['.id'] });
    const order = (await api.get('/rest/ip/firewall/filter?chain=forward&.proplist=.id')).json.map((x: any) => x['.id']);
    assert.ok(order.indexOf(b.json['.id']) === order.indexOf(a.json['.id']) - 1, `order ${order}`);
    await api.delete(`/rest/ip/firewall/filter/${a.json['.id']}`);
    await api.delete(`/rest/ip/firewall/filter/${b.json['.id']}`);
  });

  test('the console\'s refusals are 400 with its words', async () => {
    assert.deepEqual((await api.put('/rest/ip/address', { address: '10.0.0.1/24', interface: 'nosuch' })).json,
      error(400, 'Bad Request', 'input does not match any value of interface'));
    assert.deepEqual((await api.put('/rest/ip/address', { address: '10.0.0.1/24', interface: 'ether1', colour: 'red' })).json,
      error(400, 'Bad Request', 'unknown parameter colour'));
    assert.deepEqual((await api.put('/rest/ip/address', { address: '10.0.0.300', interface: 'ether1' })).json,
      error(400, 'Bad Request', 'invalid value for argument address'));
    assert.deepEqual((await api.put('/rest/ip/address', { interface: 'ether1' })).json,
      error(400, 'Bad Request', 'missing =address='));
  });

  test('a duplicate address-list entry is refused', async () => {
    const first = await api.put('/rest/ip/firewall/address-list', { list: 'dup', address: '10.1.1.1' });
    assert.equal(first.status, 201);
    const again = await api.put('/rest/ip/firewall/address-list', { list: 'dup', address: '10.1.1.1' });
    assert.deepEqual(again.json, error(400, 'Bad Request', 'failure: already have such entry'));
    await api.delete(`/rest/ip/firewall/address-list/${first.json['.id']}`);
  });

  test('a menu without records takes no PUT', async () => {
    assert.deepEqual((await api.put('/rest/system/identity', { name: 'x' })).json, error(400, 'Bad Request', 'no such command'));
  });
});

describe('PATCH', () => {
  test('changes a record and returns the whole changed record', async () => {
    const made = await api.put('/rest/ip/address', { address: '10.2.2.2/24', interface: 'ether1' });
    const id = made.json['.id'];
    const res = await api.patch(`/rest/ip/address/${id}`, { comment: 'patched', disabled: true });
    assert.equal(res.status, 200);
    assert.deepEqual(res.json, { ...made.json, comment: 'patched', disabled: 'true' });
    assert.equal((await api.patch(`/rest/ip/address/${id}`, { disabled: 'no' })).json.disabled, 'false');
    await api.delete(`/rest/ip/address/${id}`);
  });

  test('by name, in menus whose records have names', async () => {
    const res = await api.patch('/rest/interface/ether5', { comment: 'uplink' });
    assert.equal(res.status, 200);
    assert.equal(res.json.comment, 'uplink');
    await api.patch('/rest/interface/ether5', { '!comment': '' });
    assert.equal((await api.get('/rest/interface/ether5')).json.comment, undefined);
  });

  test('without an id (a menu without records) it has no resource identifier', async () => {
    const res = await api.patch('/rest/system/identity', { name: 'x' });
    assert.equal(res.status, 400);
    assert.deepEqual(res.json, error(400, 'Bad Request', 'missing or invalid resource identifier'));
  });

  test('a record that does not exist is 404', async () => {
    assert.deepEqual((await api.patch('/rest/ip/address/*77', { comment: 'x' })).json, error(404, 'Not Found'));
  });

  test('a refused value is 400 with the console\'s words', async () => {
    assert.deepEqual((await api.patch('/rest/ip/address/*1', { interface: 'nosuch' })).json,
      error(400, 'Bad Request', 'input does not match any value of interface'));
  });
});

describe('DELETE', () => {
  test('204 with an empty body; a second DELETE of the same id is 404', async () => {
    const made = await api.put('/rest/ip/firewall/address-list', { list: 'del', address: '10.3.3.3' });
    const id = made.json['.id'];
    const res = await api.delete(`/rest/ip/firewall/address-list/${id}`);
    assert.equal(res.status, 204);
    assert.equal(res.text, '');
    const again = await api.delete(`/rest/ip/firewall/address-list/${id}`);
    assert.equal(again.status, 404);
    assert.deepEqual(again.json, error(404, 'Not Found'));
  });

  test('a remove on /interface does not exist there', async () => {
    assert.deepEqual((await api.delete('/rest/interface/ether1')).json, error(400, 'Bad Request', 'no such command or directory (remove)'));
  });

  test('an Ethernet port cannot be removed', async () => {
    assert.deepEqual((await api.delete('/rest/interface/ethernet/ether1')).json, error(400, 'Bad Request', 'missing or invalid resource identifier'));
  });
});

describe('POST', () => {
  test('add returns the new id under ret', async () => {
    const res = await api.post('/rest/ip/firewall/address-list/add', { list: 'post', address: '10.4.4.4' });
    assert.equal(res.status, 200);
    assert.match(res.json.ret, /^\*[0-9A-F]+$/);
    await api.post('/rest/ip/firewall/address-list/remove', { '.id': res.json.ret });
    assert.deepEqual((await api.get('/rest/ip/firewall/address-list?list=post')).json, []);
  });

  test('set on several records at once, by comma-separated ids, returns []', async () => {
    const a = (await api.post('/rest/ip/firewall/address-list/add', { list: 'many', address: '10.5.5.1' })).json.ret;
    const b = (await api.post('/rest/ip/firewall/address-list/add', { list: 'many', address: '10.5.5.2' })).json.ret;
    const res = await api.post('/rest/ip/firewall/address-list/set', { '.id': `${a},${b}`, comment: 'both' });
    assert.equal(res.status, 200);
    assert.deepEqual(res.json, []);
    const comments = (await api.get('/rest/ip/firewall/address-list?list=many')).json.map((x: any) => x.comment);
    assert.deepEqual(comments, ['both', 'both']);
    await api.post('/rest/ip/firewall/address-list/remove', { '.id': `${a},${b}` });
  });

  test('set on a menu without records returns []', async () => {
    assert.deepEqual((await api.post('/rest/system/identity/set', { name: 'Lab' })).json, []);
    assert.deepEqual((await api.get('/rest/system/identity')).json, { name: 'Lab' });
    await api.post('/rest/system/identity/set', { name: 'MikroTik' });
  });

  test('print returns records; count-only returns {ret}', async () => {
    const list = await api.post('/rest/interface/print', { '.proplist': 'name', '.query': ['type=ether'] });
    assert.deepEqual(list.json, ['ether1', 'ether2', 'ether3', 'ether4', 'ether5'].map((name) => ({ name })));
    assert.deepEqual((await api.post('/rest/interface/print', { 'count-only': '', '.query': ['type=ether'] })).json, { ret: '5' });
  });

  test('print with oid gives the SNMP OID of each property that has one instead of its value', async () => {
    const res = await api.post('/rest/interface/print', { oid: '', '.query': ['name=ether2'] });
    assert.equal(res.status, 200);
    assert.equal(res.json.length, 1);
    const rec = res.json[0];
    const n = parseInt(rec['.id'].slice(1), 16);
    assert.equal(rec.name, `.1.3.6.1.2.1.2.2.1.2.${n}`);
    assert.equal(rec.mtu, `.1.3.6.1.2.1.2.2.1.4.${n}`);
    assert.equal(rec.comment, undefined);
  });

  test('reset returns named properties (or all settable ones) to their defaults', async () => {
    await api.post('/rest/system/identity/set', { name: 'Changed' });
    assert.deepEqual((await api.post('/rest/system/identity/reset', {})).json, []);
    assert.deepEqual((await api.get('/rest/system/identity')).json, { name: 'MikroTik' });
    await api.patch('/rest/interface/ethernet/ether3', { mtu: 1400, comment: 'lab' });
    await api.post('/rest/interface/ethernet/reset', { '.id': 'ether3', mtu: '' });
    const port = (await api.get('/rest/interface/ethernet/ether3')).json;
    assert.equal(port.mtu, '1500');
    assert.equal(port.comment, 'lab');
    await api.post('/rest/interface/ethernet/reset', { '.id': 'ether3' });
    assert.equal((await api.get('/rest/interface/ethernet/ether3')).json.comment, undefined);
    assert.equal((await api.get('/rest/interface/ethernet/ether3')).json.name, 'ether3');
  });

  test('get returns one value under ret', async () => {
    assert.deepEqual((await api.post('/rest/ip/address/get', { number: '*1', 'value-name': 'address' })).json, { ret: '192.168.88.1/24' });
  });

  test('move places a record before the destination', async () => {
    const ids = (await api.get('/rest/ip/firewall/filter?.proplist=.id')).json.map((x: any) => x['.id']);
    const last = ids[ids.length - 1];
    assert.deepEqual((await api.post('/rest/ip/firewall/filter/move', { '.id': last, destination: ids[0] })).json, []);
    const moved = (await api.get('/rest/ip/firewall/filter?.proplist=.id')).json.map((x: any) => x['.id']);
    assert.deepEqual(moved, [last, ...ids.slice(0, -1)]);
    await api.post('/rest/ip/firewall/filter/move', { '.id': last });
    assert.deepEqual((await api.get('/rest/ip/firewall/filter?.proplist=.id')).json.map((x: any) => x['.id']), ids);
  });

  test('an unknown command is refused', async () => {
    assert.deepEqual((await api.post('/rest/ip/address/frobnicate', {})).json, error(400, 'Bad Request', 'no such command'));
  });

  test('a command naming a record that does not exist', async () => {
    assert.deepEqual((await api.post('/rest/ip/address/set', { '.id': '*99', comment: 'x' })).json, error(400, 'Bad Request', 'no such item'));
  });

  test('enable, disable and comment', async () => {
    const id = (await api.post('/rest/ip/firewall/address-list/add', { list: 'flags', address: '10.6.6.6' })).json.ret;
    await api.post('/rest/ip/firewall/address-list/disable', { '.id': id });
    assert.equal((await api.get(`/rest/ip/firewall/address-list/${id}`)).json.disabled, 'true');
    await api.post('/rest/ip/firewall/address-list/enable', { '.id': id });
    assert.equal((await api.get(`/rest/ip/firewall/address-list/${id}`)).json.disabled, 'false');
    await api.post('/rest/ip/firewall/address-list/comment', { '.id': id, comment: 'noted' });
    assert.equal((await api.get(`/rest/ip/firewall/address-list/${id}`)).json.comment, 'noted');
    await api.delete(`/rest/ip/firewall/address-list/${id}`);
  });

  test('unset returns a field to its default, where the menu has unset', async () => {
    await api.patch('/rest/interface/ethernet/ether4', { comment: 'temporary', mtu: 1400 });
    assert.deepEqual((await api.post('/rest/interface/ethernet/unset', { '.id': 'ether4', 'value-name': 'comment' })).json, []);
    assert.equal((await api.get('/rest/interface/ethernet/ether4')).json.comment, undefined);
    await api.post('/rest/interface/ethernet/set', { '.id': 'ether4', mtu: 1500 });
    assert.deepEqual((await api.post('/rest/ip/address/unset', { '.id': '*1', 'value-name': 'comment' })).json,
      { detail: 'no such command', error: 400, message: 'Bad Request' });
  });
});

describe('values in requests (section 2.4)', () => {
  test('numbers may be decimal, octal or hexadecimal JSON numbers; strings read as the console does', async () => {
    const id = (await api.put('/rest/interface/vlan', { name: 'v-num', 'vlan-id': 0x10, interface: 'ether1' })).json['.id'];
    assert.equal((await api.get(`/rest/interface/vlan/${id}`)).json['vlan-id'], '16');
    await api.call('PATCH', `/rest/interface/vlan/${id}`, undefined, { raw: '{"vlan-id": 010}' });
    assert.equal((await api.get(`/rest/interface/vlan/${id}`)).json['vlan-id'], '8');
    await api.call('PATCH', `/rest/interface/vlan/${id}`, undefined, { raw: '{"vlan-id": 0x1F}' });
    assert.equal((await api.get(`/rest/interface/vlan/${id}`)).json['vlan-id'], '31');
    await api.patch(`/rest/interface/vlan/${id}`, { 'vlan-id': '0x4' });
    assert.equal((await api.get(`/rest/interface/vlan/${id}`)).json['vlan-id'], '4');
    await api.patch(`/rest/interface/vlan/${id}`, { 'vlan-id': '5' });
    assert.equal((await api.get(`/rest/interface/vlan/${id}`)).json['vlan-id'], '5');
    await api.delete(`/rest/interface/vlan/${id}`);
  });

  test('a number with an exponent, or a body that is not JSON, fails to parse', async () => {
    for (const raw of ['{"vlan-id": 1e3}', '{"name": ', 'not json', '[1,2]', '{"a":1}x']) {
      const res = await api.call('POST', '/rest/interface/vlan/print', undefined, { raw });
      assert.equal(res.status, 400, raw);
      assert.deepEqual(res.json, error(400, 'Bad Request', 'Failed to parse json'), raw);
    }
  });

  test('"yes" and true have the same effect', async () => {
    const id = (await api.put('/rest/ip/firewall/address-list', { list: 'bools', address: '10.7.7.7', disabled: 'yes' })).json['.id'];
    assert.equal((await api.get(`/rest/ip/firewall/address-list/${id}`)).json.disabled, 'true');
    await api.patch(`/rest/ip/firewall/address-list/${id}`, { disabled: false });
    assert.equal((await api.get(`/rest/ip/firewall/address-list/${id}`)).json.disabled, 'false');
    await api.patch(`/rest/ip/firewall/address-list/${id}`, { disabled: true });
    assert.equal((await api.get(`/rest/ip/firewall/address-list/${id}`)).json.disabled, 'true');
    await api.delete(`/rest/ip/firewall/address-list/${id}`);
  });

  test('a body without Content-Type: application/json is 415', async () => {
    const res = await api.call('POST', '/rest/ip/address/print', undefined, { raw: '{}', headers: { 'Content-Type': 'text/plain' } });
    assert.equal(res.status, 415);
    assert.deepEqual(res.json, error(415, 'Unsupported Media Type', 'Content-Type must be application/json'));
  });
});

describe('other HTTP behaviour (section 4.6)', () => {
  test('OPTIONS is answered with 503 and no CORS headers', async () => {
    const res = await api.call('OPTIONS', '/rest/ip/address', undefined, { headers: { Origin: 'http://elsewhere.example', 'Access-Control-Request-Method': 'GET' } });
    assert.equal(res.status, 503);
    assert.equal(Object.keys(res.headers).filter((h) => h.startsWith('access-control')).length, 0);
  });

  test('no credentials: 401 with WWW-Authenticate: Basic', async () => {
    const res = await api.get('/rest/ip/address', { noAuth: true });
    assert.equal(res.status, 401);
    assert.equal(res.headers['www-authenticate'], 'Basic');
    assert.deepEqual(res.json, error(401, 'Unauthorized'));
  });

  test('a wrong password or user is 401', async () => {
    assert.equal((await api.get('/rest/ip/address', { password: 'wrong' })).status, 401);
    assert.equal((await api.get('/rest/ip/address', { user: 'nobody' })).status, 401);
  });

  test('errors never carry CORS headers either', async () => {
    const res = await api.get('/rest/nosuch', { headers: { Origin: 'http://elsewhere.example' } });
    assert.equal(Object.keys(res.headers).filter((h) => h.startsWith('access-control')).length, 0);
  });
});
