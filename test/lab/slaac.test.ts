// Router advertisements and SLAAC from test/lab/slaac.clab.yml: gw advertises its /64 on a
// switched segment; cpe, which accepts advertisements, takes an address (the prefix and its
// port's EUI-64 identifier) and a default route by gw's link-local address; other, with the
// default settings of a router that forwards, takes none until it stops forwarding.

import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { ApiClient } from '../api/client.js';
import { startLab, until, type TestLab } from './lab.js';

let t: TestLab;
before(async () => { t = await startLab('slaac.clab.yml', { requestLimitMs: 5000 }); });
after(() => t.stop());

/** The modified EUI-64 identifier of a MAC address, as the four last groups of an address (RFC 4291 appendix A). */
function eui64(mac: string): string {
  const b = mac.split(':').map((h) => parseInt(h, 16));
  return [((b[0] ^ 2) << 8) | b[1], (b[2] << 8) | 0xff, 0xfe00 | b[3], (b[4] << 8) | b[5]].map((g) => g.toString(16)).join(':');
}

const mac = async (node: string, port: string) => (await t.rest(node).get(`/rest/interface/${port}`)).json['mac-address'] as string;
const slaac = async (node: string) => (await t.rest(node).get('/rest/ipv6/address?dynamic=true&link-local=false&.proplist=address,interface,dynamic,global')).json as Record<string, string>[];

describe('router advertisements and SLAAC', () => {
  test('cpe takes an address of the advertised prefix with its EUI-64 identifier, and a default route by gw', async () => {
    const want = `2001:db8:a:0:${eui64(await mac('cpe', 'ether2'))}/64`;
    const rows = await until(() => slaac('cpe'), (v) => v.length === 1);
    assert.deepEqual(rows.map(({ '.id': _, ...r }) => r), [{ address: want, dynamic: 'true', global: 'true', interface: 'ether2' }]);
    const gwLl = `fe80::${eui64(await mac('gw', 'ether2'))}`;
    const def = (await t.rest('cpe').get('/rest/ipv6/route?dst-address=::/0')).json as Record<string, string>[];
    assert.deepEqual(def.map((r) => [r.gateway, r.dynamic, r.active, r.distance]), [[`${gwLl}%ether2`, 'true', 'true', '1']]);
  });

  test('the default route carries traffic: cpe reaches what lies behind gw, from its SLAAC address', async () => {
    await until(() => slaac('cpe'), (v) => v.length === 1);
    const res = (await t.rest('cpe').post('/rest/ping', { address: '2001:db8:b::1', count: '1' })).json;
    assert.deepEqual([res[0].host, res[0].received, res[0].ttl], ['2001:db8:b::1', '1', '64']);
    // gw learned cpe by the address the echo came from.
    const nd = (await t.rest('gw').get('/rest/ipv6/neighbor?interface=ether2')).json as Record<string, string>[];
    const cpe = `2001:db8:a:0:${eui64(await mac('cpe', 'ether2'))}`;
    assert.ok(nd.some((r) => r.address === cpe && r.router === 'true'), JSON.stringify(nd));
  });

  test('a router that forwards takes no advertisement by default; with forward=no it does', async () => {
    assert.deepEqual(await slaac('other'), []);
    const c = t.rest('other');
    assert.equal((await c.post('/rest/ipv6/settings/set', { forward: 'no' })).status, 200);
    try {
      const rows = await until(() => slaac('other'), (v) => v.length === 1);
      assert.equal(rows[0].address, `2001:db8:a:0:${eui64(await mac('other', 'ether2'))}/64`);
    } finally {
      await c.post('/rest/ipv6/settings/set', { forward: 'yes' });
    }
    assert.deepEqual(await until(() => slaac('other'), (v) => v.length === 0), []);
  });

  test('advertise=no on gw\'s address takes the prefix out of its advertisements: cpe\'s address goes, the default route stays', async () => {
    const gw = t.rest('gw');
    const addr = (await gw.get('/rest/ipv6/address?address=2001:db8:a::1/64')).json[0];
    assert.equal((await gw.patch(`/rest/ipv6/address/${addr['.id']}`, { advertise: 'no' })).status, 200);
    try {
      assert.deepEqual(await until(() => slaac('cpe'), (v) => v.length === 0), []);
      assert.equal((await t.rest('cpe').get('/rest/ipv6/route?dst-address=::/0')).json.length, 1);
    } finally {
      await gw.patch(`/rest/ipv6/address/${addr['.id']}`, { advertise: 'yes' });
    }
    assert.equal((await until(() => slaac('cpe'), (v) => v.length === 1)).length, 1);
  });

  test('an eui-64 address on gw: its own identifier in the prefix, advertised too, reached from cpe', async () => {
    const gw = t.rest('gw');
    const add = await gw.put('/rest/ipv6/address', { address: '2001:db8:c::/64', 'eui-64': 'yes', interface: 'ether2' });
    assert.equal(add.status, 201, add.text);
    try {
      const gwEui = `2001:db8:c:0:${eui64(await mac('gw', 'ether2'))}`;
      const cpeEui = `2001:db8:c:0:${eui64(await mac('cpe', 'ether2'))}/64`;
      const rows = await until(() => slaac('cpe'), (v) => v.length === 2);
      assert.deepEqual(rows.map((r) => r.address).sort(), [`2001:db8:a:0:${eui64(await mac('cpe', 'ether2'))}/64`, cpeEui].sort());
      const res = (await t.rest('cpe').post('/rest/ping', { address: gwEui, count: '1' })).json;
      assert.deepEqual([res[0].host, res[0].received, res[0].ttl], [gwEui, '1', '64']);
    } finally {
      await gw.delete(`/rest/ipv6/address/${add.json['.id']}`);
    }
    assert.equal((await until(() => slaac('cpe'), (v) => v.length === 1)).length, 1);
  });

  test('the API face: cpe\'s SLAAC address through a real socket', async () => {
    const api = await ApiClient.connect(t.port('cpe', 'api'));
    try {
      await api.login();
      const rows = await api.call('/ipv6/address/print', '=.proplist=address', '?dynamic=true', '?global=true');
      assert.deepEqual(rows, [['!re', `=address=2001:db8:a:0:${eui64(await mac('cpe', 'ether2'))}/64`], ['!done']]);
    } finally {
      api.close();
    }
  });
});
