// OSPF area ranges (test/lab/ranges.clab.yml): the ABR summarises area 0.0.0.1's networks
// inside 10.1.0.0/16 as one inter-area route, at the highest cost of those it covers, and
// hides those inside 10.2.0.0/16 (advertise=no); routers inside the area still see every
// network (RFC 2328 12.4.3; routeros-facts.md 26.8).

import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startLab, until, type TestLab } from './lab.js';

let t: TestLab;
before(async () => { t = await startLab('ranges.clab.yml', { requestLimitMs: 5000 }); });
after(() => t.stop());

type Rec = Record<string, string>;
const strip = (l: Rec[]) => l.map(({ '.id': _, ...r }) => r);
const ospfRoutes = async (node: string): Promise<Rec[]> =>
  strip((await t.rest(node).get('/rest/routing/route?ospf=true&.proplist=dst-address,gateway,ospf.metric,ospf.type')).json);

describe('OSPF area ranges', () => {
  test('c, in the backbone, gets 10.1.0.0/16 in place of the two /24s, and nothing of 10.2.0.0/16', async () => {
    const routes = await until(() => ospfRoutes('c'), (l) => l.length >= 3);
    assert.deepEqual(routes, [
      { 'dst-address': '10.0.1.0/30', gateway: '10.0.2.1%ether2', 'ospf.metric': '20', 'ospf.type': 'inter' },
      { 'dst-address': '10.0.3.0/30', gateway: '10.0.2.1%ether2', 'ospf.metric': '20', 'ospf.type': 'intra' },
      // The highest of the covered costs (10 + 7 to 10.1.2.0/24), plus the backbone link's 10.
      { 'dst-address': '10.1.0.0/16', gateway: '10.0.2.1%ether2', 'ospf.metric': '27', 'ospf.type': 'inter' },
    ]);
  });

  test('the ABR itself keeps the networks of the area as they are', async () => {
    const routes = await until(() => ospfRoutes('abr'), (l) => l.length >= 3);
    // (abr's own networks are connected routes, not OSPF ones.)
    assert.deepEqual(routes.map((r) => [r['dst-address'], r['ospf.type'], r['ospf.metric']]), [
      ['10.1.1.0/24', 'intra', '15'], ['10.1.2.0/24', 'intra', '17'], ['10.2.0.0/24', 'intra', '11'],
    ]);
  });

  test("an instance's routing-table takes its routes: d's OSPF routes are in ospf-t, none in main", async () => {
    const all = async () => strip((await t.rest('d').get('/rest/routing/route?ospf=true&.proplist=dst-address,routing-table,ospf.type')).json);
    const routes = await until(all, (l) => l.length >= 3);
    assert.deepEqual(routes, [
      { 'dst-address': '10.0.1.0/30', 'routing-table': 'ospf-t', 'ospf.type': 'inter' },
      { 'dst-address': '10.0.2.0/30', 'routing-table': 'ospf-t', 'ospf.type': 'intra' },
      { 'dst-address': '10.1.0.0/16', 'routing-table': 'ospf-t', 'ospf.type': 'inter' },
    ]);
    assert.deepEqual((await t.rest('d').get('/rest/ip/route?ospf=true&routing-table=main')).json, []);
  });

  test("an instance works only on its VRF's interfaces: c's ether2 put in VRF v1 leaves the main instance, and one with vrf=v1 takes it (routeros-facts.md 26.9)", async () => {
    const c = t.rest('c');
    const ifaces = async () => strip((await c.get('/rest/routing/ospf/interface?.proplist=interface')).json);
    assert.deepEqual(await until(ifaces, (l) => l.length === 1), [{ interface: 'ether2' }]);
    const vrf = (await c.put('/rest/ip/vrf', { name: 'v1', interfaces: 'ether2' })).json['.id'];
    assert.match(vrf, /^\*/);
    const inst = ((await c.get('/rest/routing/ospf/instance?name=v2')).json as Rec[])[0]['.id'];
    try {
      assert.deepEqual(await until(ifaces, (l) => l.length === 0), []);
      assert.equal((await c.patch(`/rest/routing/ospf/instance/${inst}`, { vrf: 'v1' })).status, 200);
      assert.deepEqual(await until(ifaces, (l) => l.length === 1), [{ interface: 'ether2' }]);
    } finally {
      await c.patch(`/rest/routing/ospf/instance/${inst}`, { vrf: 'main' });
      await c.delete(`/rest/ip/vrf/${vrf}`);
    }
    assert.deepEqual(await until(ifaces, (l) => l.length === 1), [{ interface: 'ether2' }]);
  });
});
