// Dual-stack from test/lab/dualstack.clab.yml: r1 - r2 - r3 with IPv4 by static routes and
// IPv6 by a static default route on r1 and OSPFv3 between r2 and r3. Echoes of both families
// cross r2 (TTL and hop limit down by one), neighbour discovery fills /ipv6/neighbor on the
// hops crossed, traceroute names the IPv6 hops, and r2's IPv6 firewall drops what its rule says.

import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { ApiClient } from '../api/client.js';
import { startLab, until, type TestLab } from './lab.js';

let t: TestLab;
before(async () => { t = await startLab('dualstack.clab.yml', { requestLimitMs: 5000 }); });
after(() => t.stop());

/** The link-local address a port has: fe80:: and its MAC address's modified EUI-64 (RFC 4291 appendix A). */
async function linkLocal(node: string, port: string): Promise<string> {
  const rows = (await t.rest(node).get(`/rest/ipv6/address?interface=${port}`)).json as Record<string, string>[];
  const ll = rows.find((r) => r['link-local'] === 'true');
  assert.ok(ll, `${node} ${port} has a link-local address`);
  return ll.address.split('/')[0];
}

const ping = async (node: string, address: string, extra: Record<string, string> = {}) =>
  (await t.rest(node).post('/rest/ping', { address, count: '1', ...extra })).json as Record<string, string>[];

describe('a dual-stack chain', () => {
  test('ping in both families crosses r2: one hop less of TTL and of hop limit', async () => {
    const v6 = await ping('r1', '2001:db8:23::3');
    assert.deepEqual([v6[0].host, v6[0].received, v6[0].ttl, v6[0].size], ['2001:db8:23::3', '1', '63', '56']);
    const v4 = await ping('r1', '10.0.23.3');
    assert.deepEqual([v4[0].host, v4[0].received, v4[0].ttl], ['10.0.23.3', '1', '63']);
    // An address written long is the same address.
    const long = await ping('r1', '2001:0db8:0023:0000:0000:0000:0000:0003');
    assert.equal(long[0].received, '1');
  });

  test('OSPFv3 carries r3\'s loopback prefix to r2 and r1\'s network back to r3, by link-local next hops', async () => {
    const r3ll = await linkLocal('r3', 'ether2');
    const r2ll = await linkLocal('r2', 'ether3');
    const r2 = await until(async () => (await t.rest('r2').get('/rest/ipv6/route?dst-address=2001:db8:3::3/128')).json, (v: any[]) => v.length === 1);
    assert.deepEqual([r2[0].gateway, r2[0]['immediate-gw'], r2[0].active, r2[0].ospf], [`${r3ll}%ether3`, `${r3ll}%ether3`, 'true', 'true']);
    const r3 = (await t.rest('r3').get('/rest/ipv6/route?dst-address=2001:db8:12::/64')).json;
    assert.deepEqual([r3[0].gateway, r3[0].active], [`${r2ll}%ether2`, 'true']);
    const res = await ping('r1', '2001:db8:3::3');
    assert.deepEqual([res[0].host, res[0].received, res[0].ttl], ['2001:db8:3::3', '1', '63']);
  });

  test('neighbour discovery: /ipv6/neighbor lists the neighbours traffic crossed, with their MAC addresses', async () => {
    await ping('r1', '2001:db8:3::3');
    const mac = async (node: string, port: string) => (await t.rest(node).get(`/rest/interface/${port}`)).json['mac-address'];
    const rows = (await t.rest('r2').get('/rest/ipv6/neighbor?.proplist=address,interface,mac-address,router,status,dynamic')).json as Record<string, string>[];
    const seen = rows.map(({ '.id': _, ...r }) => r);
    // Other tests' traffic may have taught r2 more (r3's global address): these two are there.
    for (const want of [
      { address: '2001:db8:12::1', dynamic: 'true', interface: 'ether2', 'mac-address': await mac('r1', 'ether2'), router: 'true', status: 'reachable' },
      { address: await linkLocal('r3', 'ether2'), dynamic: 'true', interface: 'ether3', 'mac-address': await mac('r3', 'ether2'), router: 'true', status: 'reachable' },
    ]) assert.ok(seen.some((r) => JSON.stringify(r) === JSON.stringify(want)), `${JSON.stringify(want)} in ${JSON.stringify(seen)}`);
    // r1's echo went to its gateway r2: r1 knows r2, and no IPv4 ARP entry came of IPv6 traffic alone.
    const r1 = (await t.rest('r1').get('/rest/ipv6/neighbor')).json as Record<string, string>[];
    assert.ok(r1.some((r) => r.address === '2001:db8:12::2' && r.interface === 'ether2'), JSON.stringify(r1));
  });

  test('a link-local address with its interface answers on that link alone', async () => {
    const r2ll = await linkLocal('r2', 'ether2');
    const res = await ping('r1', `${r2ll}%ether2`);
    assert.deepEqual([res[0].host, res[0].received, res[0].ttl], [`${r2ll}%ether2`, '1', '64']);
    // r2's link-local address on ether3 is not on r1's link, and a link-local address is never routed.
    const far = await ping('r1', `${await linkLocal('r2', 'ether3')}%ether2`);
    assert.equal(far[0].status, 'timeout');
    assert.equal((await ping('r1', r2ll))[0].status, 'timeout');
  });

  test('a link with link-local addresses alone: OSPFv3 still carries, r3 sends from its loopback', async () => {
    const r3 = t.rest('r3');
    const addr = (await r3.get('/rest/ipv6/address?address=2001:db8:23::3/64')).json[0];
    assert.equal((await r3.delete(`/rest/ipv6/address/${addr['.id']}`)).status, 204);
    try {
      const res = await ping('r3', '2001:db8:12::1');
      assert.deepEqual([res[0].host, res[0].received, res[0].ttl], ['2001:db8:12::1', '1', '63']);
      // r1 answered r3's loopback address, the source r3 chose: r1's neighbour r2 forwarded it.
      assert.equal((await ping('r1', '2001:db8:3::3'))[0].received, '1');
    } finally {
      await r3.put('/rest/ipv6/address', { address: '2001:db8:23::3/64', interface: 'ether2', advertise: 'no' });
    }
  });

  test('traceroute over IPv6 names r2, then r3', async () => {
    const res = await t.rest('r1').post('/rest/tool/traceroute', { address: '2001:db8:3::3', count: '1' });
    assert.equal(res.status, 200, res.text);
    assert.deepEqual(res.json.map((h: Record<string, string>) => [h.address, h.loss, h.status]), [
      ['2001:db8:12::2', '0', ''],
      ['2001:db8:3::3', '0', ''],
    ]);
  });

  test('hop limit 1: r2 answers time exceeded from its address toward r1', async () => {
    const res = await ping('r1', '2001:db8:3::3', { ttl: '1' });
    assert.deepEqual([res[0].host, res[0].status, res[0].received], ['2001:db8:12::2', 'TTL exceeded', '0']);
  });

  test('the IPv6 firewall on the path drops what its rule says and counts it; IPv4 rules do not see IPv6', async () => {
    const before = (await t.rest('r2').get('/rest/ipv6/firewall/filter')).json[0];
    const res = await ping('r1', '2001:db8:33::3');
    assert.deepEqual([res[0].status, res[0].received], ['timeout', '0']);
    const rule = (await t.rest('r2').get('/rest/ipv6/firewall/filter')).json[0];
    assert.equal(Number(rule.packets), Number(before.packets ?? 0) + 1);
    assert.equal(Number(rule.bytes), Number(before.bytes ?? 0) + 104, '56 bytes of data, 8 of ICMPv6 and 40 of IPv6');
    // The neighbour prefix on the same router still answers.
    assert.equal((await ping('r1', '2001:db8:3::3'))[0].received, '1');
    // An IPv4 rule that would drop everything forwarded leaves IPv6 alone.
    const add = await t.rest('r2').put('/rest/ip/firewall/filter', { chain: 'forward', action: 'drop' });
    assert.equal(add.status, 201, add.text);
    try {
      assert.equal((await ping('r1', '10.3.3.3'))[0].status, 'timeout');
      assert.equal((await ping('r1', '2001:db8:3::3'))[0].received, '1');
    } finally {
      await t.rest('r2').delete(`/rest/ip/firewall/filter/${add.json['.id']}`);
    }
  });

  test('IPv6 NAT on the path: r2 masquerades toward r3, so r3\'s input rule against r1\'s network lets the echo in', async () => {
    const r3 = t.rest('r3'), r2 = t.rest('r2');
    const drop = await r3.put('/rest/ipv6/firewall/filter', { chain: 'input', action: 'drop', protocol: 'icmpv6', 'src-address': '2001:db8:12::/64' });
    assert.equal(drop.status, 201, drop.text);
    try {
      assert.equal((await ping('r1', '2001:db8:23::3'))[0].status, 'timeout');
      const nat = await r2.put('/rest/ipv6/firewall/nat', { chain: 'srcnat', action: 'masquerade', 'out-interface': 'ether3' });
      // The echo now reaches r3 from r2's address there, which the rule does not name.
      assert.equal(nat.status, 201, nat.text);
      try {
        const res = await ping('r1', '2001:db8:23::3');
        assert.deepEqual([res[0].host, res[0].received], ['2001:db8:23::3', '1']);
      } finally {
        await r2.delete(`/rest/ipv6/firewall/nat/${nat.json['.id']}`);
      }
    } finally {
      await r3.delete(`/rest/ipv6/firewall/filter/${drop.json['.id']}`);
    }
  });

  test('an address nobody holds in a connected network: r2 answers host unreachable', async () => {
    const res = await ping('r1', '2001:db8:23::99');
    assert.deepEqual([res[0].host, res[0].status], ['2001:db8:12::2', 'host unreachable']);
  });

  test('the API face: an IPv6 ping and the IPv6 neighbours through a real socket', async () => {
    const api = await ApiClient.connect(t.port('r1', 'api'));
    try {
      await api.login();
      const res = await api.call('/ping', '=address=2001:db8:3::3', '=count=1');
      assert.equal(res[0][0], '!re');
      assert.ok(res[0].includes('=ttl=63') && res[0].includes('=received=1'), res[0].join(' '));
      const nd = await api.call('/ipv6/neighbor/print', '=.proplist=address,interface', '?address=2001:db8:12::2');
      assert.deepEqual(nd, [['!re', '=address=2001:db8:12::2', '=interface=ether2'], ['!done']]);
    } finally {
      api.close();
    }
  });
});
