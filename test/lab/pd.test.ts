// DHCPv6 prefix delegation from test/lab/pd.clab.yml: isp delegates a /62 of its pool to
// cpe's DHCPv6 client, which holds it as its pool lan-pool, makes its LAN address from it
// (`from-pool`) and advertises it to pc; pc's SLAAC address reaches isp through cpe, by the
// route isp keeps to the delegated prefix and the default route cpe's client adds.

import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { ApiClient } from '../api/client.js';
import { startLab, until, type TestLab } from './lab.js';

let t: TestLab;
before(async () => { t = await startLab('pd.clab.yml', { requestLimitMs: 5000 }); });
after(() => t.stop());

function eui64(mac: string): string {
  const b = mac.split(':').map((h) => parseInt(h, 16));
  return [((b[0] ^ 2) << 8) | b[1], (b[2] << 8) | 0xff, 0xfe00 | b[3], (b[4] << 8) | b[5]].map((g) => g.toString(16)).join(':');
}
const mac = async (node: string, port: string) => (await t.rest(node).get(`/rest/interface/${port}`)).json['mac-address'] as string;
const linkLocal = async (node: string, port: string) => `fe80::${eui64(await mac(node, port))}`;
const client = async () => (await t.rest('cpe').get('/rest/ipv6/dhcp-client')).json[0] as Record<string, string>;

describe('DHCPv6 prefix delegation', () => {
  test('cpe\'s client is bound: the first /62 of isp\'s pool, from isp\'s link-local address', async () => {
    const c = await until(client, (v) => v.status === 'bound');
    assert.deepEqual([c.status, c.prefix, c['dhcp-server-v6']], ['bound', '2001:db8:100::/62, 3d', await linkLocal('isp', 'ether2')]);
    const pool = (await t.rest('cpe').get('/rest/ipv6/pool')).json as Record<string, string>[];
    assert.deepEqual(pool.map(({ '.id': _, ...r }) => r), [{ dynamic: 'true', name: 'lan-pool', prefix: '2001:db8:100::/62', 'prefix-length': '64' }]);
  });

  test('isp shows the binding and routes the prefix to cpe; cpe has a default route by isp', async () => {
    await until(client, (v) => v.status === 'bound');
    const b = (await t.rest('isp').get('/rest/ipv6/dhcp-server/binding')).json as Record<string, string>[];
    assert.deepEqual(b.map((r) => [r.address, r.server, r.status, r.dynamic, r.duid]), [
      ['2001:db8:100::/62', 'pd', 'bound', 'true', `0x00030001${(await mac('cpe', 'ether2')).replace(/:/g, '').toLowerCase()}`],
    ]);
    const route = (await t.rest('isp').get('/rest/ipv6/route?dst-address=2001:db8:100::/62')).json[0];
    assert.deepEqual([route.gateway, route.active], [`${await linkLocal('cpe', 'ether2')}%ether2`, 'true']);
    const def = (await t.rest('cpe').get('/rest/ipv6/route?dst-address=::/0')).json[0];
    assert.deepEqual([def.gateway, def.active], [`${await linkLocal('isp', 'ether2')}%ether2`, 'true']);
  });

  test('cpe\'s from-pool address takes the delegated prefix; its connected route follows', async () => {
    await until(client, (v) => v.status === 'bound');
    const r = (await t.rest('cpe').get('/rest/ipv6/route?connect=true&.proplist=dst-address,gateway')).json as Record<string, string>[];
    assert.deepEqual(r.map(({ '.id': _, ...x }) => x), [{ 'dst-address': '2001:db8:100::/64', gateway: 'ether3' }]);
    const res = (await t.rest('isp').post('/rest/ping', { address: '2001:db8:100::1', count: '1' })).json;
    assert.deepEqual([res[0].host, res[0].received, res[0].ttl], ['2001:db8:100::1', '1', '64']);
  });

  test('pc takes a SLAAC address of the delegated prefix and reaches isp\'s loopback', async () => {
    const want = `2001:db8:100:0:${eui64(await mac('pc', 'ether2'))}/64`;
    const rows = await until(async () => (await t.rest('pc').get('/rest/ipv6/address?dynamic=true&global=true')).json as Record<string, string>[], (v) => v.length === 1);
    assert.equal(rows[0].address, want);
    const res = (await t.rest('pc').post('/rest/ping', { address: '2001:db8:ffff::1', count: '1' })).json;
    assert.deepEqual([res[0].host, res[0].received, res[0].ttl], ['2001:db8:ffff::1', '1', '63']);
  });

  test('a disabled client gives the prefix back: the pool, the binding and pc\'s address go; enabled, they come back', async () => {
    const cpe = t.rest('cpe');
    const c = await until(client, (v) => v.status === 'bound');
    assert.equal((await cpe.patch(`/rest/ipv6/dhcp-client/${c['.id']}`, { disabled: 'true' })).status, 200);
    try {
      assert.equal((await client()).status, 'stopped');
      assert.deepEqual(await until(async () => (await t.rest('isp').get('/rest/ipv6/dhcp-server/binding')).json, (v: unknown[]) => v.length === 0), []);
      assert.deepEqual((await cpe.get('/rest/ipv6/pool')).json, []);
      assert.deepEqual(await until(async () => (await t.rest('pc').get('/rest/ipv6/address?dynamic=true&global=true')).json, (v: unknown[]) => v.length === 0), []);
    } finally {
      await cpe.patch(`/rest/ipv6/dhcp-client/${c['.id']}`, { disabled: 'false' });
    }
    assert.equal((await until(client, (v) => v.status === 'bound')).prefix, '2001:db8:100::/62, 3d');
  });

  test('on 7.24 address-pool gives addresses, not prefixes: a server with it alone delegates nothing', async () => {
    const isp = t.rest('isp');
    const server = (await isp.get('/rest/ipv6/dhcp-server?name=pd')).json[0];
    assert.equal((await isp.patch(`/rest/ipv6/dhcp-server/${server['.id']}`, { 'address-pool': 'pd-pool', 'prefix-pool': 'static-only' })).status, 200);
    try {
      assert.equal((await until(client, (v) => v.status !== 'bound')).status, 'searching...');
      assert.deepEqual((await t.rest('cpe').get('/rest/ipv6/pool')).json, []);
    } finally {
      await isp.patch(`/rest/ipv6/dhcp-server/${server['.id']}`, { 'address-pool': 'static-only', 'prefix-pool': 'pd-pool' });
    }
    assert.equal((await until(client, (v) => v.status === 'bound')).status, 'bound');
  });

  test('request=address,prefix: an address of isp\'s address-pool on cpe\'s port beside the prefix', async () => {
    const isp = t.rest('isp'), cpe = t.rest('cpe');
    const pool = await isp.put('/rest/ipv6/pool', { name: 'wan', prefix: '2001:db8:ff::/64', 'prefix-length': '64' });
    assert.equal(pool.status, 201, pool.text);
    const server = (await isp.get('/rest/ipv6/dhcp-server?name=pd')).json[0];
    const c = await until(client, (v) => v.status === 'bound');
    await isp.patch(`/rest/ipv6/dhcp-server/${server['.id']}`, { 'address-pool': 'wan' });
    await cpe.patch(`/rest/ipv6/dhcp-client/${c['.id']}`, { request: 'address,prefix' });
    try {
      const bound = await until(client, (v) => v.address !== undefined);
      assert.deepEqual([bound.status, bound.address, bound.prefix], ['bound', '2001:db8:ff::1/128, 3d', '2001:db8:100::/62, 3d']);
      const rows = (await cpe.get('/rest/ipv6/address?interface=ether2&global=true')).json as Record<string, string>[];
      assert.deepEqual(rows.map((r) => [r.address, r.dynamic]), [['2001:db8:ff::1/128', 'true']]);
      const b = (await isp.get('/rest/ipv6/dhcp-server/binding')).json as Record<string, string>[];
      assert.deepEqual(b.map((r) => [r.address, r['ia-type']]).sort(), [['2001:db8:100::/62', 'pd'], ['2001:db8:ff::1/128', 'na']]);
    } finally {
      await cpe.patch(`/rest/ipv6/dhcp-client/${c['.id']}`, { request: 'prefix' });
      await isp.patch(`/rest/ipv6/dhcp-server/${server['.id']}`, { 'address-pool': 'static-only' });
      await isp.delete(`/rest/ipv6/pool/${pool.json['.id']}`);
    }
    assert.deepEqual(await until(async () => (await cpe.get('/rest/ipv6/address?interface=ether2&global=true')).json, (v: unknown[]) => v.length === 0), []);
  });

  test('the API face: the client\'s state through a real socket', async () => {
    await until(client, (v) => v.status === 'bound');
    const api = await ApiClient.connect(t.port('cpe', 'api'));
    try {
      await api.login();
      const rows = await api.call('/ipv6/dhcp-client/print', '=.proplist=status,prefix');
      assert.deepEqual(rows.map((r) => [r[0], ...r.slice(1).sort()]), [['!re', '=prefix=2001:db8:100::/62, 3d', '=status=bound'], ['!done']]);
    } finally {
      api.close();
    }
  });
});
