// A star from test/lab/star.clab.yml: a hub serving DHCP on VLAN 10 of a VLAN-filtering
// bridge, three clients on its access ports, and a fourth on a port nothing serves.

import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { ApiClient } from '../api/client.js';
import { startLab, until, type TestLab } from './lab.js';

let t: TestLab;
before(async () => { t = await startLab('star.clab.yml', { requestLimitMs: 5000 }); });
after(() => t.stop());

const client = (node: string) => until(() => t.rest(node).get('/rest/ip/dhcp-client'), (r) => r.json?.[0]?.status === 'bound');

describe('a star with DHCP over a VLAN-filtering bridge', () => {
  test('a client on a served link is bound: address, gateway, DNS, server', async () => {
    const res = await client('c1');
    const { '.id': _, 'expires-after': expires, ...c1 } = res.json[0];
    assert.deepEqual(c1, {
      'add-default-route': 'yes', address: '192.168.10.100/24', 'allow-reconfigure': 'false', 'check-gateway': 'none',
      'default-route-tables': 'default', 'dhcp-server': '192.168.10.1', disabled: 'false', dscp: '0', dynamic: 'false',
      gateway: '192.168.10.1', interface: 'ether2', invalid: 'false', 'primary-dns': '192.168.10.1', status: 'bound',
      'use-broadcast': 'both', 'use-peer-dns': 'true', 'use-peer-ntp': 'true', 'vlan-priority': '0',
    });
    assert.equal(expires, '30m');
  });

  test('the lease gives the client a dynamic address and a dynamic default route', async () => {
    await client('c2');
    const addrs = (await t.rest('c2').get('/rest/ip/address')).json;
    assert.equal(addrs.length, 1);
    assert.equal(addrs[0].address, '192.168.10.101/24');
    assert.equal(addrs[0].interface, 'ether2');
    assert.equal(addrs[0].dynamic, 'true');
    const routes = (await t.rest('c2').get('/rest/ip/route?dst-address=0.0.0.0/0')).json;
    assert.equal(routes.length, 1);
    assert.equal(routes[0].gateway, '192.168.10.1');
    assert.equal(routes[0].dynamic, 'true');
    assert.equal(routes[0].active, 'true');
    assert.equal(routes[0].dhcp, 'true');
    assert.equal(routes[0].static, undefined);
    assert.equal(routes[0].distance, '1');
  });

  test('the server shows each dynamic lease, bound, with the client\'s MAC address and host name', async () => {
    await client('c1'); await client('c2'); await client('c3');
    const leases = (await until(() => t.rest('hub').get('/rest/ip/dhcp-server/lease'), (r) => r.json.length === 3)).json;
    const mac = async (n: string) => (await t.rest(n).get('/rest/interface/ether2')).json['mac-address'];
    const got = leases.map((l: Record<string, string>) => [l.address, l['mac-address'], l.server, l.status, l.dynamic, l['host-name']]).sort();
    assert.deepEqual(got, [
      ['192.168.10.100', await mac('c1'), 'dhcp10', 'bound', 'true', 'c1'],
      ['192.168.10.101', await mac('c2'), 'dhcp10', 'bound', 'true', 'c2'],
      ['192.168.10.102', await mac('c3'), 'dhcp10', 'bound', 'true', 'c3'],
    ].sort());
  });

  test('without a server on its link a client keeps searching', async () => {
    await client('c1');
    const c4 = (await t.rest('c4').get('/rest/ip/dhcp-client')).json[0];
    assert.equal(c4.status, 'searching...');
    assert.equal(c4.address, undefined);
    assert.deepEqual((await t.rest('c4').get('/rest/ip/address')).json, []);
  });

  test('clients reach the hub and each other across the bridge (one layer-2 domain, VLAN 10)', async () => {
    await client('c1'); await client('c3');
    const hub = await t.rest('c1').post('/rest/ping', { address: '192.168.10.1', count: '1' });
    assert.equal(hub.json[0].received, '1', hub.text);
    assert.equal(hub.json[0].ttl, '64');
    const peer = await t.rest('c1').post('/rest/ping', { address: '192.168.10.102', count: '1' });
    assert.equal(peer.json[0].received, '1', peer.text);
    assert.equal(peer.json[0].ttl, '64', 'no router on the way: the bridge only switches');
    // The hub learned c1's address on its VLAN interface.
    const arp = (await t.rest('hub').get('/rest/ip/arp?address=192.168.10.100')).json;
    assert.equal(arp.length, 1);
    assert.equal(arp[0].interface, 'lan10');
  });

  test('traffic counts on the VLAN interface, its bridge and the bridge port it crossed', async () => {
    await client('c1');
    const hub = t.rest('hub');
    const read = async () => Object.fromEntries(await Promise.all(['lan10', 'bridge1', 'ether2', 'ether3'].map(async (n) =>
      [n, Number((await hub.get(`/rest/interface/${n}`)).json['rx-packet'])])));
    const before = await read();
    const res = await t.rest('c1').post('/rest/ping', { address: '192.168.10.1', count: '3', interval: '10ms' });
    assert.equal(res.json[2].received, '3');
    const after = await read();
    assert.equal(after.lan10 - before.lan10, 3);
    assert.equal(after.bridge1 - before.bridge1, 3);
    assert.ok(after.ether2 - before.ether2 >= 3, 'the port c1 is on');
    // ether3 hears only its ambient frames (two a second), not c1's echoes.
    assert.ok(after.ether3 - before.ether3 < 3, 'not the port of another client');
  });

  test('neighbours through a bridge port name the port and its bridge', async () => {
    const hub = (await t.rest('hub').get('/rest/ip/neighbor')).json;
    assert.deepEqual(hub.map((n: Record<string, string>) => [n.interface, n.identity]), [
      ['ether2,bridge1', 'c1'], ['ether3,bridge1', 'c2'], ['ether4,bridge1', 'c3'], ['ether5', 'c4'],
    ]);
    const c1 = (await t.rest('c1').get('/rest/ip/neighbor')).json;
    // Discovery frames are broadcast: they cross the hub's bridge (untagged on VLAN 10's access ports) to the other clients.
    assert.deepEqual(c1.map((n: Record<string, string>) => [n.identity, n['interface-name'], n.board]), [
      ['hub', 'bridge1/ether2', 'hEX'], ['c2', 'ether2', 'CHR'], ['c3', 'ether2', 'CHR'],
    ]);
  });

  test('a port taken out of the VLAN loses its lease; the server lets it go', async () => {
    await client('c3');
    const hub = t.rest('hub');
    const port = (await hub.get('/rest/interface/bridge/port?interface=ether4')).json[0];
    assert.equal((await hub.patch(`/rest/interface/bridge/port/${port['.id']}`, { pvid: '20' })).status, 200);
    const c3 = await until(() => t.rest('c3').get('/rest/ip/dhcp-client'), (r) => r.json[0].status === 'searching...');
    assert.equal(c3.json[0].status, 'searching...');
    assert.deepEqual((await t.rest('c3').get('/rest/ip/address')).json, []);
    const leases = (await until(() => hub.get('/rest/ip/dhcp-server/lease'), (r) => r.json.length === 2)).json;
    assert.deepEqual(leases.map((l: Record<string, string>) => l['host-name']).sort(), ['c1', 'c2']);
    // Nor do discovery frames cross from VLAN 10 to VLAN 20.
    assert.deepEqual((await t.rest('c1').get('/rest/ip/neighbor')).json.map((n: Record<string, string>) => n.identity), ['hub', 'c2']);
    await hub.patch(`/rest/interface/bridge/port/${port['.id']}`, { pvid: '10' });
    assert.equal((await client('c3')).json[0].status, 'bound');
  });

  test('the API face: the client\'s state and the server\'s leases', async () => {
    await client('c1');
    const api = await ApiClient.connect(t.port('c1', 'api'));
    try {
      await api.login();
      assert.deepEqual(await api.call('/ip/dhcp-client/print', '=.proplist=status,address,gateway'), [
        ['!re', '=address=192.168.10.100/24', '=gateway=192.168.10.1', '=status=bound'], ['!done'],
      ]);
    } finally {
      api.socket.destroy();
    }
  });
});
