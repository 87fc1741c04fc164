// Values the router refuses are refused on every face (issue 27, point 6): a set through the
// /interface view is checked by the interface's own kind menu; arguments the tree leaves
// without a note are typed from the router's facts; an address list's entry is bounded.
// Facts and sources: routeros-facts.md 21.3, 21.4.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ApiClient } from '../api/client.js';
import { client, error, startRouter } from '../helpers/router.js';

const bad = (detail: string) => error(400, 'Bad Request', detail);
const KEY = 'yAnz5TF+lXXJte14tji3zlMNq+hd2rYUIgJBgB3fBmk=';

test('/interface set of a port is checked by /interface/ethernet: REST, API and console alike', async () => {
  const t = await startRouter();
  const api = await ApiClient.connect(t.router.bound.api!);
  try {
    const c = client(t.port);
    const outOfRange = 'value of l2mtu out of range (0..9214)';
    assert.deepEqual((await c.patch('/rest/interface/ethernet/ether1', { l2mtu: '65535' })).json, bad(outOfRange));
    assert.deepEqual((await c.patch('/rest/interface/ether1', { l2mtu: '65535' })).json, bad(outOfRange));
    await api.login();
    assert.deepEqual(await api.call('/interface/set', '=.id=ether1', '=l2mtu=65535'), [['!trap', '=category=1', `=message=${outOfRange}`], ['!done']]);
    assert.deepEqual((await c.post('/rest/execute', { script: '/interface set ether1 l2mtu=65535', 'as-string': '' })).json,
      { ret: `${outOfRange} (/interface/set (l2mtu); line 1)` });
    assert.equal((await c.get('/rest/interface/ether1?.proplist=l2mtu')).text, '{"l2mtu":"1598"}');
    // What the port takes, it takes through either menu.
    assert.equal((await c.patch('/rest/interface/ether1', { l2mtu: '9214' })).json.l2mtu, '9214');
  } finally { api.close(); await t.stop(); }
});

test('wireguard: listen-port is a port 1..65535, keys are 32-byte base64 keys, mtu a number', async () => {
  const t = await startRouter();
  try {
    const c = client(t.port);
    assert.deepEqual((await c.put('/rest/interface/wireguard', { name: 'wg1', 'listen-port': 'fz560' })).json, bad('invalid value for argument listen-port'));
    assert.deepEqual((await c.put('/rest/interface/wireguard', { name: 'wg1', 'listen-port': '0' })).json, bad('value of listen-port out of range (1..65535)'));
    assert.deepEqual((await c.put('/rest/interface/wireguard', { name: 'wg1', 'listen-port': '65536' })).json, bad('value of listen-port out of range (1..65535)'));
    assert.deepEqual((await c.put('/rest/interface/wireguard', { name: 'wg1', 'private-key': '\u0000' })).json, bad('invalid value for argument private-key'));
    assert.deepEqual((await c.put('/rest/interface/wireguard', { name: 'wg1', mtu: 'big' })).json, bad('invalid value for argument mtu'));
    const made = await c.put('/rest/interface/wireguard', { name: 'wg1', 'listen-port': '51820', mtu: '1400' });
    assert.equal(made.status, 201);
    assert.equal(made.json['listen-port'], '51820');
    assert.deepEqual((await c.patch('/rest/interface/wg1', { mtu: '70000' })).json, bad('value of mtu out of range (0..65535)'));

    const peer = { interface: 'wg1', 'public-key': KEY, 'allowed-address': '10.0.0.2/32' };
    assert.deepEqual((await c.put('/rest/interface/wireguard/peers', { ...peer, 'private-key': '\u0000' })).json, bad('invalid value for argument private-key'));
    assert.deepEqual((await c.put('/rest/interface/wireguard/peers', { ...peer, 'endpoint-port': 'zz' })).json, bad('invalid value for argument endpoint-port'));
    assert.deepEqual((await c.put('/rest/interface/wireguard/peers', { ...peer, 'client-listen-port': '70000' })).json, bad('value of client-listen-port out of range (0..65535)'));
    const added = await c.put('/rest/interface/wireguard/peers', { ...peer, 'private-key': 'auto', 'endpoint-port': '13231' });
    assert.equal(added.status, 201);
    assert.equal(added.json['endpoint-port'], '13231');
  } finally { await t.stop(); }
});

test('arp-timeout of a generated interface kind is auto or a time, a tunnel\'s dscp inherit or 0..63', async () => {
  const t = await startRouter();
  try {
    const c = client(t.port);
    const tunnel = { name: 'eoip1', 'remote-address': '10.0.0.1', 'tunnel-id': '1' };
    assert.deepEqual((await c.put('/rest/interface/eoip', { ...tunnel, 'arp-timeout': 'zz' })).json, bad('invalid value for argument arp-timeout'));
    assert.equal((await c.put('/rest/interface/eoip', { ...tunnel, 'arp-timeout': 'auto' })).json['arp-timeout'], 'auto');
    assert.equal((await c.patch('/rest/interface/eoip/eoip1', { 'arp-timeout': '1m' })).json['arp-timeout'], '1m');
    // Its DSCP is `inherit` or 0..63.
    assert.deepEqual((await c.patch('/rest/interface/eoip/eoip1', { dscp: '64' })).json, bad('value of dscp out of range (0..63)'));
    assert.deepEqual((await c.patch('/rest/interface/eoip/eoip1', { dscp: 'copy' })).json, bad('invalid value for argument dscp'));
    assert.equal((await c.patch('/rest/interface/eoip/eoip1', { dscp: 'inherit' })).json.dscp, 'inherit');
    assert.equal((await c.patch('/rest/interface/eoip/eoip1', { dscp: '46' })).json.dscp, '46');
  } finally { await t.stop(); }
});

test('default-route-distance of a client is 0..255', async () => {
  const t = await startRouter();
  try {
    const c = client(t.port);
    const base = { name: 'pppoe-out1', interface: 'ether1' };
    assert.deepEqual((await c.put('/rest/interface/pppoe-client', { ...base, 'default-route-distance': '256' })).json, bad('value of default-route-distance out of range (0..255)'));
    assert.deepEqual((await c.put('/rest/interface/pppoe-client', { ...base, 'default-route-distance': 'far' })).json, bad('invalid value for argument default-route-distance'));
    assert.equal((await c.put('/rest/interface/pppoe-client', { ...base, 'default-route-distance': '5' })).json['default-route-distance'], '5');
  } finally { await t.stop(); }
});

test('an IPv6 rule matches an IPv6 address or prefix, negated or not', async () => {
  const t = await startRouter();
  try {
    const c = client(t.port);
    assert.deepEqual((await c.put('/rest/ipv6/firewall/filter', { chain: 'input', 'src-address': 'x'.repeat(100_000) })).json, bad('invalid value for argument src-address'));
    assert.deepEqual((await c.put('/rest/ipv6/firewall/raw', { chain: 'prerouting', 'dst-address': '10.0.0.1' })).json, bad('invalid value for argument dst-address'));
    const rule = (await c.put('/rest/ipv6/firewall/filter', { chain: 'input', 'src-address': '!fe80::/10', 'dst-address': 'FF02::1' })).json;
    assert.equal(rule['src-address'], '!fe80::/10');
    assert.equal(rule['dst-address'], 'ff02::1');
  } finally { await t.stop(); }
});

test('an address list entry is an address, a range, a prefix or a DNS name of at most 255 characters', async () => {
  const t = await startRouter();
  try {
    const c = client(t.port);
    const label = 'a'.repeat(63);
    const longest = [label, label, label, 'a'.repeat(63)].join('.'); // 255 characters
    assert.equal(longest.length, 255);
    assert.equal((await c.put('/rest/ip/firewall/address-list', { list: 'l', address: longest })).status, 201);
    const refused = bad('invalid value for argument address');
    assert.deepEqual((await c.put('/rest/ip/firewall/address-list', { list: 'l', address: longest + 'a' })).json, refused);
    assert.deepEqual((await c.put('/rest/ip/firewall/address-list', { list: 'l', address: 'a'.repeat(64) + '.com' })).json, refused);
    assert.deepEqual((await c.put('/rest/ip/firewall/address-list', { list: 'l', address: 'x'.repeat(1024 * 1024) })).json, refused);
    assert.deepEqual((await c.put('/rest/ipv6/firewall/address-list', { list: 'l', address: 'x'.repeat(1024 * 1024) })).json, refused);
    assert.deepEqual((await c.put('/rest/ipv6/firewall/address-list', { list: 'l', address: 'not an address' })).json, refused);
    assert.equal((await c.put('/rest/ipv6/firewall/address-list', { list: 'l', address: '2001:DB8::/32' })).json.address, '2001:db8::/32');
    assert.equal((await c.put('/rest/ipv6/firewall/address-list', { list: 'l', address: 'example.com' })).json.address, 'example.com');
    assert.equal((await c.get('/rest/ip/firewall/address-list?.proplist=address')).text, `[{"address":"${longest}"}]`);
  } finally { await t.stop(); }
});
