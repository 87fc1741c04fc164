// eBGP across three ASes from test/lab/bgp.clab.yml: r1 (AS 65001) - r2 (AS 65002) - r3
// (AS 65003), and r4, r3's iBGP peer in AS 65003. Sessions come up only where both sides agree; networks of output.network and
// redistribution reach the far routers' /ip/route with BGP's attributes, through r2's filters;
// a link that goes down takes its session and routes away. Facts: routeros-facts.md 26.6.

import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { ApiClient } from '../api/client.js';
import { startLab, until, type TestLab } from './lab.js';

let t: TestLab;
before(async () => { t = await startLab('bgp.clab.yml', { requestLimitMs: 5000 }); });
after(() => t.stop());

type Rec = Record<string, string>;
const get = async (node: string, path: string): Promise<Rec[]> => (await t.rest(node).get(path)).json;
const sessions = (node: string) => get(node, '/rest/routing/bgp/session?.proplist=name,remote.address,remote.as,local.address,local.as,established');
// /routing/route shows a route's BGP attributes; /ip/route only the basic ones (routeros-facts.md 26.6.3).
const bgpRoutes = (node: string) => get(node, '/rest/routing/route?bgp=true&.proplist=dst-address,gateway,distance,bgp.as-path,bgp.local-pref,bgp.origin,bgp.communities,belongs-to');
const byName = (list: Rec[], name: string) => list.find((s) => s.name === name);
const established = async (node: string, name: string, want: string) =>
  until(() => sessions(node), (l) => byName(l, name)?.established === want, 3000).then((l) => byName(l, name)?.established);

describe('BGP between four routers in three ASes', () => {
  test('eBGP sessions are established on both ends, with the router fields', async () => {
    const r1 = await until(() => get('r1', '/rest/routing/bgp/session'), (l) => l.length === 1);
    const { '.id': id, uptime, 'last-started': started, ...rest } = r1[0];
    // The session table's dynamic ids: *2800001 for the first session a fresh lab makes, the next
    // for a session made again (tests before this one may have taken the link down and up).
    assert.match(id, /^\*28[0-9A-F]{5}$/);
    assert.match(uptime, /^(?=.)(\d+m)?(\d+s)?(\d+ms)?$/);
    assert.match(started, /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    assert.deepEqual(rest, {
      name: 'to-r2-1', established: 'true', ebgp: '',
      'remote.address': '10.0.12.2', 'remote.as': '65002', 'remote.id': '10.0.12.2',
      'remote.capabilities': 'mp,rr,gr,as4', 'remote.afi': 'ip', 'remote.eor': '',
      'local.address': '10.0.12.1', 'local.as': '65001', 'local.id': '10.0.12.1',
      'local.capabilities': 'mp,rr,gr,as4', 'local.afi': 'ip', 'local.eor': '',
      'output.network': 'bgp-networks', 'hold-time': '3m', 'keepalive-time': '1m', 'prefix-count': '5',
    });
    assert.deepEqual(await sessions('r2'), [
      { name: 'to-r1-1', 'remote.address': '10.0.12.1', 'remote.as': '65001', 'local.address': '10.0.12.2', 'local.as': '65002', established: 'true' },
      { name: 'to-r3-1', 'remote.address': '10.0.23.3', 'remote.as': '65003', 'local.address': '10.0.23.2', 'local.as': '65002', established: 'true' },
    ]);
  });

  test("r2's input filter rejects 172.16.0.0/12 and sets local-pref and a community; 198.51.100.0/24 has no route on r1 and is not advertised", async () => {
    const r2 = (await until(() => bgpRoutes('r2'), (l) => l.length === 4)).map(({ '.id': _, ...r }) => r);
    assert.deepEqual(r2, [
      // Rejected: kept as received, filtered (routeros-facts.md 59.6).
      { 'dst-address': '172.16.1.0/24', gateway: '10.0.12.1', distance: '20', 'bgp.as-path': '65001', 'bgp.local-pref': '100', 'bgp.origin': 'igp', 'belongs-to': 'bgp-IP-10.0.12.1' },
      { 'dst-address': '192.168.1.0/24', gateway: '10.0.12.1', distance: '20', 'bgp.as-path': '65001', 'bgp.local-pref': '200', 'bgp.origin': 'igp', 'bgp.communities': '65002:100', 'belongs-to': 'bgp-IP-10.0.12.1' },
      { 'dst-address': '192.168.3.0/24', gateway: '10.0.23.3', distance: '20', 'bgp.as-path': '65003', 'bgp.local-pref': '100', 'bgp.origin': 'igp', 'belongs-to': 'bgp-IP-10.0.23.3' },
      { 'dst-address': '192.168.4.0/24', gateway: '10.0.23.3', distance: '20', 'bgp.as-path': '65003', 'bgp.local-pref': '100', 'bgp.origin': 'igp', 'belongs-to': 'bgp-IP-10.0.23.3' },
    ]);
    const filtered = await get('r2', '/rest/routing/route?dst-address=172.16.1.0/24&.proplist=contribution,filtered,active,unreachable');
    assert.deepEqual(filtered.map(({ '.id': _, ...r }) => r), [{ contribution: 'filtered', filtered: 'true' }]);
    // /ip/route does not list it; r2 does not pass it on.
    assert.deepEqual(await get('r2', '/rest/ip/route?dst-address=172.16.1.0/24'), []);
    assert.equal((await bgpRoutes('r3')).some((r) => r['dst-address'] === '172.16.1.0/24'), false);
  });

  test('r3 gets r1 network through r2: AS path prepended, next hop r2, local-pref not carried over eBGP; redistributed connected routes are incomplete; the output filter holds 10.0.99.0/24 back', async () => {
    const r3 = (await until(() => bgpRoutes('r3'), (l) => l.length === 4)).map(({ '.id': _, ...r }) => r);
    assert.deepEqual(r3, [
      { 'dst-address': '10.0.12.0/24', gateway: '10.0.23.2', distance: '20', 'bgp.as-path': '65002', 'bgp.local-pref': '100', 'bgp.origin': 'incomplete', 'belongs-to': 'bgp-IP-10.0.23.2' },
      { 'dst-address': '10.0.23.0/24', gateway: '10.0.23.2', distance: '20', 'bgp.as-path': '65002', 'bgp.local-pref': '100', 'bgp.origin': 'incomplete', 'belongs-to': 'bgp-IP-10.0.23.2' },
      { 'dst-address': '192.168.1.0/24', gateway: '10.0.23.2', distance: '20', 'bgp.as-path': '65002,65001', 'bgp.local-pref': '100', 'bgp.origin': 'igp', 'bgp.communities': '65002:100', 'belongs-to': 'bgp-IP-10.0.23.2' },
      { 'dst-address': '192.168.4.0/24', gateway: '10.0.34.4', distance: '200', 'bgp.local-pref': '100', 'bgp.origin': 'igp', 'belongs-to': 'bgp-IP-10.0.34.4' },
    ]);
    // /ip/route: the same routes with the basic attributes and the bgp flag.
    const basic = await get('r3', '/rest/ip/route?dst-address=192.168.1.0/24&.proplist=dst-address,gateway,distance,scope,target-scope,bgp,dynamic,active,bgp.as-path');
    assert.deepEqual(basic, [{ active: 'true', bgp: 'true', distance: '20', 'dst-address': '192.168.1.0/24', dynamic: 'true', gateway: '10.0.23.2', scope: '40', 'target-scope': '10' }]);
    // The connected network wins over the BGP route to the same destination (distance 0 < 20).
    const active = await get('r3', '/rest/ip/route?dst-address=10.0.23.0/24&.proplist=gateway,active');
    assert.deepEqual(active.map(({ '.id': _, ...r }) => r), [{ gateway: 'ether2', active: 'true' }, { gateway: '10.0.23.2' }]);
  });

  test('iBGP: r4 (AS and networks from a template) gets the eBGP routes with next hop, AS path and local-pref unchanged, distance 200; r3 passes r4 network on to eBGP with its AS', async () => {
    const r4 = (await until(() => bgpRoutes('r4'), (l) => l.length === 3)).map(({ '.id': _, ...r }) => r);
    assert.deepEqual(r4.find((r) => r['dst-address'] === '192.168.1.0/24'), {
      'dst-address': '192.168.1.0/24', gateway: '10.0.23.2', distance: '200', 'bgp.as-path': '65002,65001', 'bgp.local-pref': '100', 'bgp.origin': 'igp', 'bgp.communities': '65002:100', 'belongs-to': 'bgp-IP-10.0.34.3',
    });
    const r1 = await until(() => bgpRoutes('r1'), (l) => l.some((r) => r['dst-address'] === '192.168.4.0/24'));
    const { '.id': _, ...far } = r1.find((r) => r['dst-address'] === '192.168.4.0/24')!;
    assert.deepEqual(far, { 'dst-address': '192.168.4.0/24', gateway: '10.0.12.2', distance: '20', 'bgp.as-path': '65002,65003', 'bgp.local-pref': '100', 'bgp.origin': 'igp', 'belongs-to': 'bgp-IP-10.0.12.2' });
    const ibgp = await get('r4', '/rest/routing/bgp/session?.proplist=name,remote.as,local.as,ibgp,established');
    assert.deepEqual(ibgp.map(({ '.id': _, ...r }) => r), [{ name: 'to-r3-1', 'remote.as': '65003', 'local.as': '65003', ibgp: '', established: 'true' }]);
  });

  test("an output filter's bgp-out-med and bgp-path-prepend reach the eBGP peer; bgp-med stays local; the MED goes no further", async () => {
    const r1 = t.rest('r1');
    const rule = (await r1.put('/rest/routing/filter/rule', { chain: 'to-r2-out', rule: 'if (bgp-network) { set bgp-out-med 30; set bgp-med 99; set bgp-path-prepend 2; accept }' })).json['.id'];
    const id = (await get('r1', '/rest/routing/bgp/connection?name=to-r2'))[0]['.id'];
    const med = async (node: string) => (await get(node, '/rest/routing/route?dst-address=192.168.1.0/24&bgp=true&.proplist=bgp.as-path,bgp.med'))[0];
    try {
      assert.equal((await r1.patch(`/rest/routing/bgp/connection/${id}`, { 'output.filter-chain': 'to-r2-out' })).status, 200);
      assert.deepEqual(await until(() => med('r2'), (r) => r?.['bgp.med'] === '30'), { 'bgp.as-path': '65001,65001,65001', 'bgp.med': '30' });
      assert.deepEqual(await until(() => med('r3'), (r) => r?.['bgp.as-path'] === '65002,65001,65001,65001'), { 'bgp.as-path': '65002,65001,65001,65001' });
    } finally {
      await r1.post('/rest/routing/bgp/connection/unset', { numbers: id, 'value-name': 'output.filter-chain' });
      await r1.delete(`/rest/routing/filter/rule/${rule}`);
    }
    assert.deepEqual(await until(() => med('r2'), (r) => r?.['bgp.med'] === undefined), { 'bgp.as-path': '65001' });
  });

  test('output.redistribute=static sends static routes (a blackhole too) with origin incomplete', async () => {
    const r3 = t.rest('r3');
    const route = (await r3.put('/rest/ip/route', { 'dst-address': '203.0.113.0/24', blackhole: 'true' })).json['.id'];
    const id = (await get('r3', '/rest/routing/bgp/connection?name=to-r2'))[0]['.id'];
    const seen = async () => (await bgpRoutes('r2')).find((r) => r['dst-address'] === '203.0.113.0/24');
    try {
      await r3.patch(`/rest/routing/bgp/connection/${id}`, { 'output.redistribute': 'static' });
      const { '.id': _, ...got } = (await until(seen, (r) => r !== undefined))!;
      assert.deepEqual(got, { 'dst-address': '203.0.113.0/24', gateway: '10.0.23.3', distance: '20', 'bgp.as-path': '65003', 'bgp.local-pref': '100', 'bgp.origin': 'incomplete', 'belongs-to': 'bgp-IP-10.0.23.3' });
    } finally {
      await r3.post('/rest/routing/bgp/connection/unset', { numbers: id, 'value-name': 'output.redistribute' });
      await r3.delete(`/rest/ip/route/${route}`);
    }
    assert.equal(await until(seen, (r) => r === undefined), undefined);
  });

  test('output.default-originate=always sends a default route', async () => {
    const r2 = t.rest('r2');
    const id = (await get('r2', '/rest/routing/bgp/connection?name=to-r3'))[0]['.id'];
    await r2.patch(`/rest/routing/bgp/connection/${id}`, { 'output.default-originate': 'always' });
    try {
      const r3 = await until(() => bgpRoutes('r3'), (l) => l.some((r) => r['dst-address'] === '0.0.0.0/0'));
      const { '.id': _, ...dflt } = r3.find((r) => r['dst-address'] === '0.0.0.0/0')!;
      assert.deepEqual(dflt, { 'dst-address': '0.0.0.0/0', gateway: '10.0.23.2', distance: '20', 'bgp.as-path': '65002', 'bgp.local-pref': '100', 'bgp.origin': 'igp', 'belongs-to': 'bgp-IP-10.0.23.2' });
    } finally {
      await r2.patch(`/rest/routing/bgp/connection/${id}`, { 'output.default-originate': 'never' });
    }
    const after = await until(() => bgpRoutes('r3'), (l) => !l.some((r) => r['dst-address'] === '0.0.0.0/0'));
    assert.equal(after.some((r) => r['dst-address'] === '0.0.0.0/0'), false);
  });

  test('a ping crosses two ASes over BGP routes', async () => {
    const res = await t.rest('r3').post('/rest/ping', { address: '192.168.1.1', count: '1' });
    assert.equal(res.json[0].received, '1', res.text);
    assert.equal(res.json[0].ttl, '63');
  });

  test('a session comes up only when both sides agree: AS numbers, TCP MD5 key, addresses', async () => {
    const r1 = t.rest('r1'), r2 = t.rest('r2');
    const a = (await r1.put('/rest/routing/bgp/connection', { name: 'side', as: '65001', 'remote.address': '10.0.99.2', 'remote.as': '65010', 'local.role': 'ebgp' })).json['.id'];
    const b = (await r2.put('/rest/routing/bgp/connection', { name: 'side', as: '65002', 'remote.address': '10.0.99.1', 'remote.as': '65001', 'local.role': 'ebgp' })).json['.id'];
    try {
      // r1 expects AS 65010 behind 10.0.99.2, which is AS 65002.
      assert.equal(await established('r1', 'side-1', 'false'), 'false');
      await r1.patch(`/rest/routing/bgp/connection/${a}`, { 'remote.as': '65002' });
      assert.equal(await established('r1', 'side-1', 'true'), 'true');
      assert.equal(await established('r2', 'side-1', 'true'), 'true');
      // A TCP MD5 key on one side only: the segments fail authentication.
      await r1.patch(`/rest/routing/bgp/connection/${a}`, { 'tcp-md5-key': 'secret' });
      assert.equal(await established('r1', 'side-1', 'false'), 'false');
      await r2.patch(`/rest/routing/bgp/connection/${b}`, { 'tcp-md5-key': 'secret' });
      assert.equal(await established('r1', 'side-1', 'true'), 'true');
      // r2 expects its peer at an address nobody holds.
      await r2.patch(`/rest/routing/bgp/connection/${b}`, { 'remote.address': '10.0.99.7' });
      assert.equal(await established('r1', 'side-1', 'false'), 'false');
      // A network as the remote address: r2 listens for any peer in it, r1 connects.
      await r2.patch(`/rest/routing/bgp/connection/${b}`, { 'remote.address': '10.0.99.0/24' });
      assert.equal(await established('r1', 'side-1', 'true'), 'true');
      // One address written as a /32 (as a real export writes `remote.address=169.254.169.254/32`).
      await r1.patch(`/rest/routing/bgp/connection/${a}`, { 'remote.address': '10.0.99.2/32' });
      await r2.patch(`/rest/routing/bgp/connection/${b}`, { 'remote.address': '10.0.99.1/32' });
      await new Promise((r) => setTimeout(r, 100));
      assert.equal(await established('r1', 'side-1', 'true'), 'true');
      assert.equal(await established('r2', 'side-1', 'true'), 'true');
    } finally {
      await r1.delete(`/rest/routing/bgp/connection/${a}`);
      await r2.delete(`/rest/routing/bgp/connection/${b}`);
    }
    assert.equal((await until(() => sessions('r1'), (l) => !byName(l, 'side-1'))).some((s) => s.name === 'side-1'), false);
  });

  test('eBGP two hops away stays down without multihop, and comes up with it', async () => {
    const r1 = t.rest('r1'), r3 = t.rest('r3');
    // Each end reaches the other's address through r2 by a static route.
    const s1 = (await r1.put('/rest/ip/route', { 'dst-address': '10.0.23.3/32', gateway: '10.0.12.2' })).json['.id'];
    const s3 = (await r3.put('/rest/ip/route', { 'dst-address': '10.0.12.1/32', gateway: '10.0.23.2' })).json['.id'];
    const a = (await r1.put('/rest/routing/bgp/connection', { name: 'far', as: '65001', 'remote.address': '10.0.23.3', 'remote.as': '65003', 'local.role': 'ebgp' })).json['.id'];
    const b = (await r3.put('/rest/routing/bgp/connection', { name: 'far', as: '65003', 'remote.address': '10.0.12.1', 'remote.as': '65001', 'local.role': 'ebgp' })).json['.id'];
    try {
      assert.equal(await established('r1', 'far-1', 'false'), 'false');
      await r1.patch(`/rest/routing/bgp/connection/${a}`, { multihop: 'yes' });
      await new Promise((r) => setTimeout(r, 100));
      assert.equal(await established('r1', 'far-1', 'false'), 'false', 'both ends need multihop');
      await r3.patch(`/rest/routing/bgp/connection/${b}`, { multihop: 'yes' });
      assert.equal(await established('r1', 'far-1', 'true'), 'true');
      assert.equal(await established('r3', 'far-1', 'true'), 'true');
    } finally {
      await r1.delete(`/rest/routing/bgp/connection/${a}`);
      await r3.delete(`/rest/routing/bgp/connection/${b}`);
      await r1.delete(`/rest/ip/route/${s1}`);
      await r3.delete(`/rest/ip/route/${s3}`);
    }
  });

  test('disabling the r2 - r3 link takes the session and its routes away, with log lines; enabling brings them back', async () => {
    const r2 = t.rest('r2');
    await r2.patch('/rest/interface/ether3', { disabled: 'true' });
    try {
      assert.equal(await established('r3', 'to-r2-1', 'false'), 'false');
      const left = await until(() => bgpRoutes('r3'), (l) => l.length === 1);
      assert.deepEqual(left.map((r) => r['dst-address']), ['192.168.4.0/24'], 'only what r4 sends over iBGP is left');
      const r1 = await until(() => bgpRoutes('r1'), (l) => !l.some((r) => r['dst-address'] === '192.168.3.0/24'));
      assert.equal(r1.some((r) => r['dst-address'] === '192.168.3.0/24'), false);
      const log = (await get('r3', '/rest/log?topics=route,bgp,info')).map((l) => l.message);
      assert.deepEqual(log.slice(-1), ['to-r2-1 closed, remote 10.0.23.2']);
    } finally {
      await r2.patch('/rest/interface/ether3', { disabled: 'false' });
    }
    assert.equal(await established('r3', 'to-r2-1', 'true'), 'true');
    assert.equal((await until(() => bgpRoutes('r1'), (l) => l.some((r) => r['dst-address'] === '192.168.3.0/24'))).some((r) => r['dst-address'] === '192.168.3.0/24'), true);
    const log = (await get('r3', '/rest/log?topics=route,bgp,info')).map((l) => l.message);
    assert.deepEqual(log.slice(-1), ['to-r2-1 established, remote 10.0.23.2']);
  });

  test('disabling a connection ends its session: the peer, still connecting, shows it not established', async () => {
    const r1 = t.rest('r1');
    const id = (await get('r1', '/rest/routing/bgp/connection?name=to-r2'))[0]['.id'];
    await r1.patch(`/rest/routing/bgp/connection/${id}`, { disabled: 'true' });
    try {
      assert.equal(await established('r2', 'to-r1-1', 'false'), 'false');
      assert.deepEqual(await until(() => sessions('r1'), (l) => l.length === 0), []);
      const r2 = await until(() => bgpRoutes('r2'), (l) => !l.some((r) => r['dst-address'] === '192.168.1.0/24'));
      assert.equal(r2.some((r) => r['dst-address'] === '192.168.1.0/24'), false);
    } finally {
      await r1.patch(`/rest/routing/bgp/connection/${id}`, { disabled: 'false' });
    }
    assert.equal(await established('r2', 'to-r1-1', 'true'), 'true');
  });

  test('two equal paths: the lower peer address wins, with multipath on the instance both next hops are used; a path back to its own AS is dropped', async () => {
    const r1 = t.rest('r1'), r2 = t.rest('r2');
    // The winning path (10.0.12.1) comes last: its connection is removed on both routers, the other
    // path is the only one, then the connections are added again after it and win by the lower
    // address, so neither "the older path stays" nor "the first connection wins" would pass here.
    const TO_R1 = { name: 'to-r1', as: '65002', 'remote.address': '10.0.12.1', 'remote.as': '65001', 'local.role': 'ebgp', 'input.filter': 'from-r1', 'output.redistribute': 'connected' };
    const TO_R2 = { name: 'to-r2', as: '65001', 'remote.address': '10.0.12.2', 'remote.as': '65002', 'local.role': 'ebgp', 'output.network': 'bgp-networks' };
    let first = ((await r2.get('/rest/routing/bgp/connection?name=to-r1')).json as Rec[])[0]['.id'];
    assert.equal((await r2.delete(`/rest/routing/bgp/connection/${first}`)).status, 204);
    const mine = ((await r1.get('/rest/routing/bgp/connection?name=to-r2')).json as Rec[])[0]['.id'];
    assert.equal((await r1.delete(`/rest/routing/bgp/connection/${mine}`)).status, 204);
    const a = (await r1.put('/rest/routing/bgp/connection', { name: 'second', as: '65001', 'remote.address': '10.0.99.2', 'remote.as': '65002', 'local.role': 'ebgp', 'output.network': 'bgp-networks' })).json['.id'];
    const b = (await r2.put('/rest/routing/bgp/connection', { name: 'second', as: '65002', 'remote.address': '10.0.99.1', 'remote.as': '65001', 'local.role': 'ebgp', 'input.filter': 'from-r1' })).json['.id'];
    const gateway = async () => (await get('r2', '/rest/routing/bgp/session?name=second-1'))[0]?.established === 'true'
      ? (await get('r2', '/rest/ip/route?dst-address=192.168.1.0/24&bgp=true'))[0]?.gateway : undefined;
    let inst: string | undefined;
    try {
      assert.equal(await until(gateway, (g) => g === '10.0.99.1'), '10.0.99.1');
      const back = await r1.put('/rest/routing/bgp/connection', TO_R2);
      assert.equal(back.status, 201, back.text);
      const again = await r2.put('/rest/routing/bgp/connection', TO_R1);
      assert.equal(again.status, 201, again.text);
      first = again.json['.id'];
      assert.equal(await until(gateway, (g) => g === '10.0.12.1'), '10.0.12.1');
      // r2 sends r1's network back over the other session; its AS path holds 65001: r1 drops it.
      assert.equal((await bgpRoutes('r1')).some((r) => r['dst-address'] === '192.168.1.0/24'), false);
      const res = await r2.put('/rest/routing/bgp/instance', { name: 'multi', as: '65002', multipath: 'yes' });
      assert.equal(res.status, 201, res.text);
      inst = res.json['.id'];
      assert.equal(await until(gateway, (g) => g === '10.0.12.1,10.0.99.1'), '10.0.12.1,10.0.99.1');
    } finally {
      if (!((await r2.get('/rest/routing/bgp/connection?name=to-r1')).json as Rec[]).length) await r2.put('/rest/routing/bgp/connection', TO_R1);
      if (!((await r1.get('/rest/routing/bgp/connection?name=to-r2')).json as Rec[]).length) await r1.put('/rest/routing/bgp/connection', TO_R2);
      if (inst) await r2.delete(`/rest/routing/bgp/instance/${inst}`);
      await r1.delete(`/rest/routing/bgp/connection/${a}`);
      await r2.delete(`/rest/routing/bgp/connection/${b}`);
    }
    assert.equal(await until(gateway, (g) => g === undefined), undefined);
  });

  test('a filter rule that does not parse is kept and flagged inactive', async () => {
    const r2 = t.rest('r2');
    const res = await r2.put('/rest/routing/filter/rule', { chain: 'from-r1', rule: 'if (dst in 10.0.0.0/8 { accept }' });
    assert.equal(res.status, 201, res.text);
    try {
      const rule = (await r2.get(`/rest/routing/filter/rule/${res.json['.id']}`)).json;
      assert.equal(rule.inactive, 'true');
      const good = (await r2.get('/rest/routing/filter/rule/*1')).json;
      assert.equal(good.inactive, 'false');
    } finally {
      await r2.delete(`/rest/routing/filter/rule/${res.json['.id']}`);
    }
  });

  test('the console face: /routing bgp session print flags established sessions E', async () => {
    const res = await t.rest('r1').post('/rest/execute', { script: '/routing bgp session print', 'as-string': '' });
    const lines = String(res.json.ret).split('\r\n');
    // Each dotted group on a line of its own, its names after the first from the dot, addresses
    // and numbers bare (a real 7.x session print detail: routeros-facts.md 59.4).
    assert.deepEqual(lines.slice(0, 3), ['Flags: E - ESTABLISHED ', ' 0 E name="to-r2-1" ', '     remote.address=10.0.12.2 .as=65002 .id=10.0.12.2 ']);
  });

  test('the API face: sessions and BGP routes', async () => {
    const api = await ApiClient.connect(t.port('r3', 'api'));
    try {
      await api.login();
      const words = (reply: string[][]) => reply.map((s) => [s[0], ...s.slice(1).sort()]);
      const sorted = (reply: string[][]) => [...reply.slice(0, -1).sort((a, b) => a.join().localeCompare(b.join())), reply[reply.length - 1]];
      assert.deepEqual(sorted(words(await api.call('/routing/bgp/session/print', '=.proplist=name,remote.as,established'))), [
        ['!re', '=established=true', '=name=to-r2-1', '=remote.as=65002'],
        ['!re', '=established=true', '=name=to-r4-1', '=remote.as=65003'], ['!done'],
      ]);
      assert.deepEqual(words(await api.call('/routing/route/print', '?dst-address=192.168.1.0/24', '=.proplist=gateway,bgp.as-path')), [
        ['!re', '=bgp.as-path=65002,65001', '=gateway=10.0.23.2'], ['!done'],
      ]);
    } finally {
      api.socket.destroy();
    }
  });

  test('listen on /ip/route over the API streams a BGP route as it comes and as it goes', async () => {
    const api = await ApiClient.connect(t.port('r1', 'api'));
    const r3 = t.rest('r3');
    let addr: string | undefined, entry: string | undefined;
    try {
      await api.login();
      api.send('/ip/route/listen', '=.proplist=dst-address,gateway', '.tag=L');
      addr = (await r3.put('/rest/ip/address', { address: '192.168.33.1/24', interface: 'loop' })).json['.id'];
      entry = (await r3.put('/rest/ip/firewall/address-list', { list: 'bgp-networks', address: '192.168.33.0/24' })).json['.id'];
      let s: string[];
      do s = await api.read(); while (!s.includes('=dst-address=192.168.33.0/24'));
      assert.deepEqual(s, ['!re', '=dst-address=192.168.33.0/24', '=gateway=10.0.12.2', '.tag=L']);
      const id = (await get('r1', '/rest/ip/route?dst-address=192.168.33.0/24'))[0]['.id'];
      await r3.delete(`/rest/ip/firewall/address-list/${entry}`);
      entry = undefined;
      do s = await api.read(); while (!s.includes(`=.id=${id}`));
      assert.deepEqual(s, ['!re', `=.id=${id}`, '=.dead=true', '.tag=L']);
      api.send('/cancel', '=tag=L', '.tag=C');
    } finally {
      if (entry) await r3.delete(`/rest/ip/firewall/address-list/${entry}`);
      if (addr) await r3.delete(`/rest/ip/address/${addr}`);
      api.socket.destroy();
    }
  });
});
