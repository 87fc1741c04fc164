// BGP routes redistributed into OSPF (test/lab/redist.clab.yml): b learns e's networks over
// eBGP and originates them into OSPF (redistribute=bgp); o, b's OSPF neighbour, has them as
// externals as soon as the lab has converged, with no further change needed (the protocols
// run to a fixed point), through b's out-filter-chain and o's in-filter-chain (routeros-facts.md 26.8).

import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startLab, until, type TestLab } from './lab.js';

let t: TestLab;
before(async () => { t = await startLab('redist.clab.yml', { requestLimitMs: 5000 }); });
after(() => t.stop());

type Rec = Record<string, string>;
const strip = (l: Rec[]) => l.map(({ '.id': _, ...r }) => r);
const ospfRoutes = async (node: string): Promise<Rec[]> =>
  strip((await t.rest(node).get('/rest/routing/route?ospf=true&.proplist=dst-address,gateway,distance,ospf.metric,ospf.type')).json);

describe('BGP into OSPF', () => {
  test('o gets a BGP route b redistributes as an OSPF type 2 external, metric 1', async () => {
    const routes = await until(() => ospfRoutes('o'), (l) => l.some((r) => r['dst-address'] === '192.168.10.0/24'));
    assert.deepEqual(routes.find((r) => r['dst-address'] === '192.168.10.0/24'),
      { 'dst-address': '192.168.10.0/24', gateway: '10.0.2.1%ether2', distance: '110', 'ospf.metric': '1', 'ospf.type': 'ext-type-2' });
  });

  test("b's out-filter-chain holds 192.168.30.0/24 back and makes 192.168.20.0/24 type 1, metric 50; o's in-filter-chain drops 172.16.2.0/24 and sets distance 120 on type 1 externals", async () => {
    const routes = await until(() => ospfRoutes('o'), (l) => l.some((r) => r['dst-address'] === '192.168.20.0/24'));
    assert.deepEqual(routes, [
      { 'dst-address': '192.168.10.0/24', gateway: '10.0.2.1%ether2', distance: '110', 'ospf.metric': '1', 'ospf.type': 'ext-type-2' },
      // Type 1: the external metric plus the cost to the ASBR (10).
      { 'dst-address': '192.168.20.0/24', gateway: '10.0.2.1%ether2', distance: '120', 'ospf.metric': '60', 'ospf.type': 'ext-type-1' },
    ]);
    // b itself still has all three over BGP, active, the network its out filter holds back included.
    const b = strip((await t.rest('b').get('/rest/ip/route?bgp=true&active=true&.proplist=dst-address')).json);
    assert.deepEqual(b.map((r) => r['dst-address']), ['192.168.10.0/24', '192.168.20.0/24', '192.168.30.0/24']);
    const lsa = (await t.rest('o').get('/rest/routing/ospf/lsa?type=external&.proplist=id')).json as Rec[];
    assert.deepEqual(lsa.map((r) => r.id).sort(), ['192.168.10.0', '192.168.20.0']);
  });

  test('b lists both BGP paths to a network: the best one active, the other a candidate, not active', async () => {
    const paths = async () => strip((await t.rest('b').get('/rest/routing/route?bgp=true&dst-address=192.168.10.0/24&.proplist=gateway,distance,active,contribution,belongs-to,bgp.as-path')).json);
    // The winning path (to-e, 10.0.1.1) is configured last: off, then on again after to-e2's path is
    // the only one, so "the older path stays" would keep 10.0.3.1.
    const b = t.rest('b');
    const toE = ((await b.get('/rest/routing/bgp/connection?name=to-e')).json as Rec[])[0]['.id'];
    assert.equal((await b.patch(`/rest/routing/bgp/connection/${toE}`, { disabled: 'yes' })).status, 200);
    try {
      const alone = await until(paths, (l) => l.length === 1);
      assert.deepEqual(alone.map((r) => [r.gateway, r.active]), [['10.0.3.1', 'true']]);
    } finally {
      assert.equal((await b.patch(`/rest/routing/bgp/connection/${toE}`, { disabled: 'no' })).status, 200);
    }
    const both = await until(paths, (l) => l.length === 2);
    assert.deepEqual(both, [
      // Equal but for the peer address: the lower one wins (RFC 4271 9.1.2.2, the manual's order).
      { gateway: '10.0.1.1', distance: '20', active: 'true', contribution: 'active', 'belongs-to': 'bgp-IP-10.0.1.1', 'bgp.as-path': '65001' },
      { gateway: '10.0.3.1', distance: '20', contribution: 'candidate', 'belongs-to': 'bgp-IP-10.0.3.1', 'bgp.as-path': '65001' },
    ]);
    // The losing path does not forward: /ip/route has one active route there.
    const active = strip((await t.rest('b').get('/rest/ip/route?dst-address=192.168.10.0/24&active=true&.proplist=gateway')).json);
    assert.deepEqual(active, [{ gateway: '10.0.1.1' }]);
  });

  test("a connection's routing-table takes its routes, under the table's name: to-e2's paths go to t2", async () => {
    const b = t.rest('b');
    if (!((await b.get('/rest/routing/table?name=t2')).json as Rec[]).length) {
      assert.match((await b.put('/rest/routing/table', { name: 't2', fib: 'true' })).json['.id'], /^\*/);
    }
    const id = ((await b.get('/rest/routing/bgp/connection?name=to-e2')).json as Rec[])[0]['.id'];
    try {
      assert.equal((await b.patch(`/rest/routing/bgp/connection/${id}`, { 'routing-table': 't2' })).status, 200);
      const inT2 = async () => strip((await b.get('/rest/routing/route?bgp=true&belongs-to=bgp-IP-10.0.3.1&.proplist=dst-address,routing-table')).json);
      const routes = await until(inT2, (l) => l.every((r) => r['routing-table'] === 't2'));
      assert.deepEqual(routes, ['192.168.10.0/24', '192.168.20.0/24', '192.168.30.0/24'].map((dst) => ({ 'dst-address': dst, 'routing-table': 't2' })));
    } finally {
      await b.patch(`/rest/routing/bgp/connection/${id}`, { 'routing-table': 'main' });
    }
  });

  test("each routing table has its own best BGP path: to-e2's paths in t2 are active there while to-e's stay active in main (routeros-facts.md 26.9)", async () => {
    const b = t.rest('b');
    // The table may be there already (the test before makes it).
    if (!((await b.get('/rest/routing/table?name=t2')).json as Rec[]).length) {
      assert.match((await b.put('/rest/routing/table', { name: 't2', fib: 'true' })).json['.id'], /^\*/);
    }
    // t2 reaches the peer's network over ether4 with a route of scope 10, so eBGP next hops resolve there.
    const route = (await b.put('/rest/ip/route', { 'dst-address': '10.0.3.0/24', gateway: 'ether4', scope: '10', 'routing-table': 't2' })).json['.id'];
    const id = ((await b.get('/rest/routing/bgp/connection?name=to-e2')).json as Rec[])[0]['.id'];
    try {
      assert.equal((await b.patch(`/rest/routing/bgp/connection/${id}`, { 'routing-table': 't2' })).status, 200);
      const paths = async () => strip((await b.get('/rest/routing/route?bgp=true&dst-address=192.168.10.0/24&.proplist=gateway,routing-table,active,contribution')).json);
      const both = await until(paths, (l) => l.length === 2 && l.every((r) => r.active === 'true'));
      assert.deepEqual(both, [
        { gateway: '10.0.1.1', 'routing-table': 'main', active: 'true', contribution: 'active' },
        { gateway: '10.0.3.1', 'routing-table': 't2', active: 'true', contribution: 'active' },
      ]);
    } finally {
      await b.patch(`/rest/routing/bgp/connection/${id}`, { 'routing-table': 'main' });
      await b.delete(`/rest/ip/route/${route}`);
    }
  });
});
