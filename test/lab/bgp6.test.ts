// BGP in both families from test/lab/bgp6.clab.yml: r1 (AS 65001) and r2 (AS 65002) hold an
// IPv4 session carrying IPv4 and an IPv6 session carrying IPv6 (`afi=ipv6`); the Linux hosts
// behind them, h1 (static addresses) and h2 (IPv4 static, IPv6 by SLAAC), ping each other in
// both families across the routes BGP put in /ip/route and /ipv6/route. Moving the IPv6
// prefixes onto the IPv4 session (`afi=ip,ipv6`) needs both ends to offer the family.
// Expected values are the router's facts (docs/routeros-facts.md 59, 60) and Linux's.

import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { ApiClient } from '../api/client.js';
import { startLab, until, type TestLab } from './lab.js';

let t: TestLab;
before(async () => { t = await startLab('bgp6.clab.yml', { requestLimitMs: 5000 }); });
after(() => t.stop());

const run = (node: string, ...cmd: string[]) => t.lab.exec(node, cmd);
type Rec = Record<string, string>;
const get = async (node: string, path: string) => (await t.rest(node).get(path)).json as Rec[];
const pick = (rows: Rec[], keys: string[]) => rows.map((r) => keys.map((k) => r[k]));

/** h2's SLAAC address on eth1: r2's /64 and the interface id its link-local address has too (RFC 4862). */
async function slaac(): Promise<string> {
  const out = (await until(() => run('h2', 'ip', '-6', '-br', 'address', 'show', 'dev', 'eth1'), (r) => r.stdout.includes('2001:db8:b:'))).stdout;
  const m = /^eth1 +UP +2001:db8:b:0:([0-9a-f:]+)\/64 fe80::([0-9a-f:]+)\/64 \n$/.exec(out);
  assert.ok(m, out);
  assert.equal(m[1], m[2]);
  return `2001:db8:b:0:${m[1]}`;
}

describe('BGP in both families between two routers, with hosts', () => {
  test('two sessions come up: one over IPv4 offering ip, one over IPv6 offering ipv6', async () => {
    const rows = await until(() => get('r1', '/rest/routing/bgp/session'), (r) => r.filter((s) => s.established === 'true').length === 2);
    const keys = ['name', 'remote.address', 'remote.as', 'local.address', 'local.as', 'remote.afi', 'local.afi', 'established', 'ebgp'];
    assert.deepEqual(pick(rows, keys).sort(), [
      ['10_0_12_2-1', '10.0.12.2', '65002', '10.0.12.1', '65001', 'ip', 'ip', 'true', ''],
      ['2001_db8_12__2-1', '2001:db8:12::2', '65002', '2001:db8:12::1', '65001', 'ipv6', 'ipv6', 'true', ''],
    ]);
  });

  test('/ipv6/route has the IPv6 prefix of the IPv6 session, /ip/route the IPv4 one of the IPv4 session', async () => {
    const v6 = await until(() => get('r1', '/rest/ipv6/route?dst-address=2001:db8:b::/64'), (r) => r.length === 1);
    assert.deepEqual(pick(v6, ['dst-address', 'gateway', 'distance', 'active', 'bgp', 'dynamic']), [['2001:db8:b::/64', '2001:db8:12::2', '20', 'true', 'true', 'true']]);
    const v4 = await get('r1', '/rest/ip/route?dst-address=10.2.0.0/24');
    assert.deepEqual(pick(v4, ['dst-address', 'gateway', 'distance', 'active', 'bgp']), [['10.2.0.0/24', '10.0.12.2', '20', 'true', 'true']]);
    // Each family went only over its own session: the IPv6 one carries one prefix, the IPv4 one one.
    const sessions = await get('r2', '/rest/routing/bgp/session?established=true');
    assert.deepEqual(pick(sessions, ['remote.address', 'prefix-count']).sort(), [['10.0.12.1', '1'], ['2001:db8:12::1', '1']]);
  });

  test('/routing/route shows the IPv6 BGP route with afi=ip6 and the attributes an IPv4 one has', async () => {
    const rows = await until(() => get('r2', '/rest/routing/route?dst-address=2001:db8:a::/64'), (r) => r.length === 1);
    assert.deepEqual(pick(rows, ['afi', 'contribution', 'gateway', 'bgp.as-path', 'bgp.local-pref', 'bgp.origin', 'bgp.atomic-aggregate', 'belongs-to']), [
      ['ip6', 'active', '2001:db8:12::1', '65001', '100', 'igp', 'false', 'bgp-IPv6-2001:db8:12::1'],
    ]);
    const v4 = await get('r2', '/rest/routing/route?dst-address=10.1.0.0/24');
    assert.deepEqual(pick(v4, ['afi', 'gateway', 'bgp.as-path']), [['ip4', '10.0.12.1', '65001']]);
  });

  test('the hosts ping each other in both families across the BGP routes (TTL and hop limit 64 less two)', async () => {
    const h2 = await slaac();
    await until(() => get('r1', '/rest/ipv6/route?dst-address=2001:db8:b::/64'), (r) => r.length === 1);
    const v6 = await run('h1', 'ping', '-c', '1', h2);
    assert.equal(v6.code, 0, v6.stdout);
    assert.match(v6.stdout, new RegExp(`^64 bytes from ${h2}: icmp_seq=1 ttl=62 time=[\\d.]+ ms$`, 'm'));
    const back = await run('h2', 'ping', '-c', '1', '2001:db8:a::10');
    assert.equal(back.code, 0, back.stdout);
    assert.match(back.stdout, /^64 bytes from 2001:db8:a::10: icmp_seq=1 ttl=62 /m);
    const v4 = await run('h1', 'ping', '-c', '1', '10.2.0.10');
    assert.equal(v4.code, 0, v4.stdout);
    assert.match(v4.stdout, /^64 bytes from 10\.2\.0\.10: icmp_seq=1 ttl=62 /m);
  });

  test('output.redistribute=connected sends IPv6 connected networks (no link-local ones), an output filter\'s community with them', async () => {
    const r2 = t.rest('r2');
    const id = (await get('r2', '/rest/routing/bgp/connection?name=2001_db8_12__1'))[0]['.id'];
    const addr = (await r2.put('/rest/ipv6/address', { address: '2001:db8:ff::2/128', interface: 'lo', advertise: 'no' })).json['.id'];
    const rule = (await r2.put('/rest/routing/filter/rule', { chain: 'out6', rule: 'set bgp-communities 65002:6; accept' })).json['.id'];
    try {
      assert.equal((await r2.patch(`/rest/routing/bgp/connection/${id}`, { 'output.redistribute': 'connected', 'output.filter-chain': 'out6' })).status, 200);
      const rows = await until(() => get('r1', '/rest/routing/route?afi=ip6&bgp=true'), (r) => r.length === 3);
      // r2's loopback /128, its LAN and the shared link (r1's own connected route stays the active one there).
      assert.deepEqual(pick(rows, ['dst-address', 'gateway', 'bgp.origin', 'bgp.communities', 'active']).sort(), [
        ['2001:db8:12::/64', '2001:db8:12::2', 'incomplete', '65002:6', undefined],
        ['2001:db8:b::/64', '2001:db8:12::2', 'igp', '65002:6', 'true'],
        ['2001:db8:ff::2/128', '2001:db8:12::2', 'incomplete', '65002:6', 'true'],
      ]);
      const res = await t.rest('r1').post('/rest/ping', { address: '2001:db8:ff::2', count: '1' });
      assert.deepEqual(pick(res.json as Rec[], ['host', 'received', 'ttl']), [['2001:db8:ff::2', '1', '64']]);
    } finally {
      await r2.post('/rest/routing/bgp/connection/unset', { numbers: id, 'value-name': 'output.redistribute' });
      await r2.post('/rest/routing/bgp/connection/unset', { numbers: id, 'value-name': 'output.filter-chain' });
      await r2.delete(`/rest/routing/filter/rule/${rule}`);
      await r2.delete(`/rest/ipv6/address/${addr}`);
    }
  });

  test('the API face: the IPv6 session and the IPv6 route', async () => {
    const api = await ApiClient.connect(t.port('r2', 'api'));
    try {
      await api.login();
      // Each sentence's words in order of name: the test holds what they say, not their order.
      const words = (reply: string[][]) => reply.map((s) => [s[0], ...s.slice(1).sort()]);
      assert.deepEqual(words(await api.call('/routing/bgp/session/print', '?remote.address=2001:db8:12::1', '=.proplist=name,remote.as,local.afi,established')), [
        ['!re', '=established=true', '=local.afi=ipv6', '=name=2001_db8_12__1-1', '=remote.as=65001'], ['!done'],
      ]);
      assert.deepEqual(words(await api.call('/ipv6/route/print', '?dst-address=2001:db8:a::/64', '=.proplist=gateway,distance,bgp')), [
        ['!re', '=bgp=true', '=distance=20', '=gateway=2001:db8:12::1'], ['!done'],
      ]);
      assert.deepEqual(words(await api.call('/routing/route/print', '?dst-address=2001:db8:a::/64', '=.proplist=afi,bgp.as-path')), [
        ['!re', '=afi=ip6', '=bgp.as-path=65001'], ['!done'],
      ]);
    } finally { api.socket.destroy(); }
  });

  test('IPv6 prefixes over the IPv4 session: only once both ends offer ipv6, with the sender\'s IPv6 address on that link as next hop', async () => {
    const conn = async (node: string, name: string) => (await get(node, `/rest/routing/bgp/connection?name=${name}`))[0]['.id'];
    const set = async (node: string, id: string, body: Rec) => assert.equal((await t.rest(node).patch(`/rest/routing/bgp/connection/${id}`, body)).status, 200);
    const r1v6 = await conn('r1', '2001_db8_12__2'), r2v6 = await conn('r2', '2001_db8_12__1');
    const r1v4 = await conn('r1', '10_0_12_2'), r2v4 = await conn('r2', '10_0_12_1');
    await set('r1', r1v6, { disabled: 'yes' });
    try {
      // r1 offers ipv6 on the IPv4 session, r2 does not yet: the session carries IPv4 alone.
      await set('r1', r1v4, { afi: 'ip,ipv6' });
      // Once r2 sees r1's offer (the same run of BGP as the routes), r2 has no IPv6 prefix from r1.
      const one = await until(() => get('r2', '/rest/routing/bgp/session?remote.address=10.0.12.1'), (r) => r[0]?.['remote.afi'] === 'ip,ipv6');
      assert.deepEqual(pick(one, ['remote.afi', 'local.afi', 'prefix-count']), [['ip,ipv6', 'ip', '1']]);
      assert.deepEqual(await get('r2', '/rest/ipv6/route?dst-address=2001:db8:a::/64'), []);
      await set('r2', r2v4, { afi: 'ip,ipv6' });
      const got = await until(() => get('r2', '/rest/ipv6/route?dst-address=2001:db8:a::/64'), (r) => r.length === 1);
      assert.deepEqual(pick(got, ['gateway', 'active', 'bgp']), [['2001:db8:12::1', 'true', 'true']]);
      const two = await get('r2', '/rest/routing/bgp/session?remote.address=10.0.12.1');
      assert.deepEqual(pick(two, ['remote.afi', 'local.afi', 'prefix-count']), [['ip,ipv6', 'ip,ipv6', '2']]);
      const h2 = await slaac();
      const r = await run('h1', 'ping', '-c', '1', h2);
      assert.equal(r.code, 0, r.stdout);
    } finally {
      await set('r1', r1v4, { afi: 'ip' });
      await set('r2', r2v4, { afi: 'ip' });
      await set('r1', r1v6, { disabled: 'no' });
    }
  });

  test('IPv4 prefixes over the IPv6 session: again only once both ends offer ip', async () => {
    const conn = async (node: string, name: string) => (await get(node, `/rest/routing/bgp/connection?name=${name}`))[0]['.id'];
    const set = async (node: string, id: string, body: Rec) => assert.equal((await t.rest(node).patch(`/rest/routing/bgp/connection/${id}`, body)).status, 200);
    const r1v6 = await conn('r1', '2001_db8_12__2'), r2v6 = await conn('r2', '2001_db8_12__1');
    const r1v4 = await conn('r1', '10_0_12_2');
    await set('r1', r1v4, { disabled: 'yes' });
    try {
      await until(() => get('r2', '/rest/ip/route?dst-address=10.1.0.0/24'), (r) => r.length === 0);
      await set('r2', r2v6, { afi: 'ipv6,ip' });
      // Once r1 sees r2's offer (the same run of BGP as the routes), r2 still has no IPv4 prefix from r1.
      const seen = await until(() => get('r1', '/rest/routing/bgp/session?remote.address=2001:db8:12::2'), (r) => r[0]?.['remote.afi'] === 'ipv6,ip');
      assert.deepEqual(pick(seen, ['remote.afi', 'local.afi']), [['ipv6,ip', 'ipv6']]);
      assert.deepEqual(await get('r2', '/rest/ip/route?dst-address=10.1.0.0/24'), []);
      await set('r1', r1v6, { afi: 'ip,ipv6' });
      const got = await until(() => get('r2', '/rest/ip/route?dst-address=10.1.0.0/24'), (r) => r.length === 1);
      // The lab's next hop: r1's IPv4 address on the link (RFC 8950's IPv6 next hop is not emulated: facts 60.2).
      assert.deepEqual(pick(got, ['gateway', 'active', 'bgp']), [['10.0.12.1', 'true', 'true']]);
      const s = await get('r2', '/rest/routing/bgp/session?remote.address=2001:db8:12::1');
      assert.deepEqual(pick(s, ['remote.afi', 'local.afi', 'prefix-count']), [['ip,ipv6', 'ipv6,ip', '2']]);
      const r = await run('h2', 'ping', '-c', '1', '10.1.0.10');
      assert.equal(r.code, 0, r.stdout);
    } finally {
      await set('r1', r1v6, { afi: 'ipv6' });
      await set('r2', r2v6, { afi: 'ipv6' });
      await set('r1', r1v4, { disabled: 'no' });
    }
  });
});
