// VRFs in forwarding, from test/lab/vrf.clab.yml: pe holds 10.1.0.1/24 twice, in VRF red
// (toward ce1) and in VRF blue (toward ce2), and both CEs are 10.1.0.2. Each VRF's traffic
// keeps to its table: its connected routes, its static routes; route leaking with `@main`
// and `@red` gateways lets ce1's loopback and core's reach each other; `/routing rule`s
// send a packet to another table.

import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { ApiClient } from '../api/client.js';
import { startLab, type TestLab } from './lab.js';

let t: TestLab;
before(async () => { t = await startLab('vrf.clab.yml', { requestLimitMs: 5000 }); });
after(() => t.stop());

const ping = async (node: string, address: string, extra: Record<string, string> = {}) =>
  (await t.rest(node).post('/rest/ping', { address, count: '1', ...extra })).json as Record<string, string>[];

describe('VRFs with overlapping addresses', () => {
  test('each VRF\'s connected routes are in its own table', async () => {
    const rows = (await t.rest('pe').get('/rest/ip/route?connect=true&.proplist=dst-address,gateway,routing-table,active')).json as Record<string, string>[];
    assert.deepEqual(rows.map(({ '.id': _, ...r }) => r), [
      { active: 'true', 'dst-address': '10.1.0.0/24', gateway: 'ether2', 'routing-table': 'red' },
      { active: 'true', 'dst-address': '10.1.0.0/24', gateway: 'ether3', 'routing-table': 'blue' },
      { active: 'true', 'dst-address': '10.9.0.0/24', gateway: 'ether4', 'routing-table': 'main' },
    ]);
  });

  test('one address in two VRFs: ping vrf=red reaches ce1, vrf=blue ce2, main neither', async () => {
    const mac = async (node: string) => (await t.rest(node).get('/rest/interface/ether2')).json['mac-address'];
    assert.equal((await ping('pe', '10.1.0.2', { vrf: 'red' }))[0].received, '1');
    assert.equal((await ping('pe', '10.1.0.2', { vrf: 'blue' }))[0].received, '1');
    const arp = (await t.rest('pe').get('/rest/ip/arp?address=10.1.0.2&.proplist=interface,mac-address')).json as Record<string, string>[];
    assert.deepEqual(arp.map(({ '.id': _, ...r }) => r).sort((a, b) => a.interface.localeCompare(b.interface)), [
      { interface: 'ether2', 'mac-address': await mac('ce1') },
      { interface: 'ether3', 'mac-address': await mac('ce2') },
    ]);
    // main has no route to 10.1.0.0/24: the echo finds no way.
    assert.equal((await ping('pe', '10.1.0.2'))[0].status, 'timeout');
  });

  test('IPv6 too: one /64 in both VRFs, each echo answered by its own VRF\'s neighbour', async () => {
    const added: [string, string][] = [];
    const add = async (node: string, address: string, iface: string) => {
      const res = await t.rest(node).put('/rest/ipv6/address', { address, interface: iface, advertise: 'no' });
      assert.equal(res.status, 201, res.text);
      added.push([node, res.json['.id']]);
    };
    try {
      await add('pe', '2001:db8:1::1/64', 'ether2');
      await add('pe', '2001:db8:1::1/64', 'ether3');
      await add('ce1', '2001:db8:1::2/64', 'ether2');
      await add('ce2', '2001:db8:1::2/64', 'ether2');
      const v6 = (await t.rest('pe').get('/rest/ipv6/route?connect=true&.proplist=dst-address,gateway,routing-table')).json as Record<string, string>[];
      assert.deepEqual(v6.map(({ '.id': _, ...r }) => r), [
        { 'dst-address': '2001:db8:1::/64', gateway: 'ether2', 'routing-table': 'red' },
        { 'dst-address': '2001:db8:1::/64', gateway: 'ether3', 'routing-table': 'blue' },
      ]);
      assert.equal((await ping('pe', '2001:db8:1::2', { vrf: 'red' }))[0].received, '1');
      assert.equal((await ping('pe', '2001:db8:1::2', { vrf: 'blue' }))[0].received, '1');
      assert.equal((await ping('pe', '2001:db8:1::2'))[0].status, 'timeout');
      const nd = (await t.rest('pe').get('/rest/ipv6/neighbor?address=2001:db8:1::2&.proplist=interface,mac-address')).json as Record<string, string>[];
      const mac = async (node: string) => (await t.rest(node).get('/rest/interface/ether2')).json['mac-address'];
      assert.deepEqual(nd.map(({ '.id': _, ...r }) => r).sort((a, b) => a.interface.localeCompare(b.interface)), [
        { interface: 'ether2', 'mac-address': await mac('ce1') },
        { interface: 'ether3', 'mac-address': await mac('ce2') },
      ]);
    } finally {
      for (const [node, id] of added) await t.rest(node).delete(`/rest/ipv6/address/${id}`);
    }
  });

  test('a VRF\'s static routes serve it alone: each CE\'s loopback from its own VRF only', async () => {
    assert.equal((await ping('pe', '172.16.1.1', { vrf: 'red' }))[0].received, '1');
    assert.equal((await ping('pe', '172.16.2.1', { vrf: 'blue' }))[0].received, '1');
    // red's 172.16.0.0/16 leads to ce1, which has no 172.16.2.1 and sends it back by its
    // default route: round between pe and ce1 until the TTL runs out.
    const loop = await ping('pe', '172.16.2.1', { vrf: 'red' });
    assert.deepEqual([loop[0].status, loop[0].received], ['TTL exceeded', '0']);
  });

  test('route leaking: ce1\'s loopback and core\'s reach each other through red and main', async () => {
    const res = await ping('ce1', '10.99.0.1', { 'src-address': '172.16.1.1' });
    assert.deepEqual([res[0].host, res[0].received, res[0].ttl], ['10.99.0.1', '1', '63']);
    const route = (await t.rest('pe').get('/rest/ip/route?dst-address=10.99.0.1/32')).json[0];
    assert.deepEqual([route['routing-table'], route.gateway, route['immediate-gw'], route.active], ['red', '10.9.0.2@main', '10.9.0.2%ether4', 'true']);
    const back = (await t.rest('pe').get('/rest/ip/route?dst-address=172.16.1.1/32')).json[0];
    assert.deepEqual([back['routing-table'], back['immediate-gw'], back.active], ['main', '10.1.0.2%ether2', 'true']);
    // From its link address ce1 gets no answer: red has no way back to core's network 10.9.0.0/24.
    assert.equal((await ping('ce1', '10.99.0.1'))[0].status, 'timeout');
  });

  test('blue has no leak: ce2 gets net unreachable from pe', async () => {
    const res = await ping('ce2', '10.99.0.1', { 'src-address': '172.16.2.1' });
    assert.deepEqual([res[0].host, res[0].status], ['10.1.0.1', 'net unreachable']);
  });

  test('a routing rule sends blue\'s traffic for core to red\'s table; removed, it is unreachable again', async () => {
    const pe = t.rest('pe');
    const leak = await pe.put('/rest/ip/route', { 'dst-address': '172.16.2.1/32', gateway: '10.1.0.2@blue' });
    assert.equal(leak.status, 201, leak.text);
    const rule = await pe.put('/rest/routing/rule', { 'dst-address': '10.99.0.0/24', interface: 'ether3', action: 'lookup-only-in-table', table: 'red' });
    assert.equal(rule.status, 201, rule.text);
    try {
      const res = await ping('ce2', '10.99.0.1', { 'src-address': '172.16.2.1' });
      assert.deepEqual([res[0].host, res[0].received], ['10.99.0.1', '1']);
      // The rule takes only what it names: blue's other destinations stay unrouted ...
      const other = await ping('ce2', '10.9.0.2', { 'src-address': '172.16.2.1' });
      assert.deepEqual([other[0].host, other[0].status], ['10.1.0.1', 'net unreachable']);
    } finally {
      await pe.delete(`/rest/routing/rule/${rule.json['.id']}`);
      await pe.delete(`/rest/ip/route/${leak.json['.id']}`);
    }
    assert.equal((await ping('ce2', '10.99.0.1', { 'src-address': '172.16.2.1' }))[0].status, 'net unreachable');
  });

  test('a rule with action=drop drops; lookup in a table without a route falls through to the VRF\'s own', async () => {
    const pe = t.rest('pe');
    const table = await pe.put('/rest/routing/table', { name: 'empty', fib: '' });
    assert.equal(table.status, 201, table.text);
    const lookup = await pe.put('/rest/routing/rule', { 'dst-address': '10.99.0.1/32', action: 'lookup', table: 'empty' });
    assert.equal(lookup.status, 201, lookup.text);
    try {
      assert.equal((await ping('ce1', '10.99.0.1', { 'src-address': '172.16.1.1' }))[0].received, '1');
      const drop = await pe.put('/rest/routing/rule', { 'src-address': '172.16.1.1/32', action: 'drop', 'place-before': lookup.json['.id'] });
      assert.equal(drop.status, 201, drop.text);
      assert.equal((await ping('ce1', '10.99.0.1', { 'src-address': '172.16.1.1' }))[0].status, 'timeout');
      await pe.delete(`/rest/routing/rule/${drop.json['.id']}`);
    } finally {
      await pe.delete(`/rest/routing/rule/${lookup.json['.id']}`);
      await pe.delete(`/rest/routing/table/${table.json['.id']}`);
    }
  });

  test('the API face: ping with vrf= through a real socket', async () => {
    const api = await ApiClient.connect(t.port('pe', 'api'));
    try {
      await api.login();
      const red = await api.call('/ping', '=address=172.16.1.1', '=count=1', '=vrf=red');
      assert.ok(red[0].includes('=received=1'), red[0].join(' '));
      // blue has no route to core's loopback: the echo finds no way.
      const blue = await api.call('/ping', '=address=10.99.0.1', '=count=1', '=vrf=blue');
      assert.ok(blue[0].includes('=status=timeout') && blue[0].includes('=received=0'), blue[0].join(' '));
    } finally {
      api.close();
    }
  });
});
