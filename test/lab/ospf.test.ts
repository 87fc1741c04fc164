// OSPF between the routers of test/lab/ospf.clab.yml: a triangle r1 - r2 - r3 of
// point-to-point links (costs 10, 10 and 30 on r1 - r3) with loopbacks, and a LAN where
// r1, r2, r3 and r4 (priority 0) elect a DR and a BDR. Expected values are the real
// router's (docs/routeros-facts.md 26).

import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { ApiClient, records } from '../api/client.js';
import { startLab, until, type TestLab } from './lab.js';

let t: TestLab;
before(async () => { t = await startLab('ospf.clab.yml', { requestLimitMs: 5000 }); });
after(() => t.stop());

const NEIGHBOR = '.proplist=interface,address,router-id,priority,dr,bdr,state,state-changes,area,instance';
const ROUTE = '.proplist=dst-address,gateway,immediate-gw,distance,scope,target-scope,active,inactive,ospf,dynamic,disabled';

describe('OSPF: a triangle and a LAN', () => {
  test('neighbours: Full over point-to-point links and with the DR and BDR, TwoWay between DROthers', async () => {
    const r1 = (await t.rest('r1').get(`/rest/routing/ospf/neighbor?${NEIGHBOR}`)).json;
    const common = { area: 'backbone', instance: 'v2' };
    const lan = { dr: '10.0.100.3', bdr: '10.0.100.2' };
    // By interface and address: a neighbour that went away and came back (a test that failed a link
    // before this one) is listed after the others, as a record made again.
    const key = (n: Record<string, string>) => `${n.interface} ${n.address}`;
    assert.deepEqual(r1.map(({ '.id': _, ...n }: Record<string, string>) => n).sort((a: Record<string, string>, b: Record<string, string>) => key(a).localeCompare(key(b))), [
      { ...common, interface: 'ether2', address: '10.0.12.2', 'router-id': '10.255.0.2', priority: '128', state: 'Full', 'state-changes': '6' },
      { ...common, interface: 'ether3', address: '10.0.13.2', 'router-id': '10.255.0.3', priority: '128', state: 'Full', 'state-changes': '6' },
      { ...common, ...lan, interface: 'ether4', address: '10.0.100.2', 'router-id': '10.255.0.2', priority: '128', state: 'Full', 'state-changes': '6' },
      { ...common, ...lan, interface: 'ether4', address: '10.0.100.3', 'router-id': '10.255.0.3', priority: '128', state: 'Full', 'state-changes': '6' },
      { ...common, ...lan, interface: 'ether4', address: '10.0.100.4', 'router-id': '10.255.0.4', priority: '0', state: 'TwoWay', 'state-changes': '2' },
    ]);
    // Time-driven values: how long the adjacency is up, when the neighbour times out (40s dead interval).
    const [first] = (await t.rest('r1').get('/rest/routing/ospf/neighbor?.proplist=adjacency,timeout,virtual,dynamic&interface=ether2')).json;
    assert.match(first.adjacency, /^\d+s$/);
    assert.ok(Number(first.timeout.slice(0, -1)) > 30 && Number(first.timeout.slice(0, -1)) <= 40, first.timeout);
    assert.equal(first.virtual, 'false');
    assert.equal(first.dynamic, 'true');
    const states = (await t.rest('r4').get('/rest/routing/ospf/interface?.proplist=interface,state,dr,bdr,network-type&interface=ether2')).json;
    assert.deepEqual(states.map(({ '.id': _, ...s }: Record<string, string>) => s), [
      { interface: 'ether2', state: 'dr-other', dr: '10.0.100.3', bdr: '10.0.100.2', 'network-type': 'broadcast' },
    ]);
  });

  test('the LSA database: router LSAs of every router and the DR\'s network LSA', async () => {
    const lsas = (await t.rest('r4').get('/rest/routing/ospf/lsa?.proplist=type,id,originator,self-originated,body,area')).json;
    assert.deepEqual(lsas.map((l: Record<string, string>) => `${l.type} ${l.id} ${l.originator} ${l['self-originated']}`), [
      'router 10.255.0.1 10.255.0.1 false',
      'router 10.255.0.2 10.255.0.2 false',
      'network 10.0.100.3 10.255.0.3 false',
      'router 10.255.0.3 10.255.0.3 false',
      'router 10.255.0.4 10.255.0.4 true',
    ]);
    assert.ok(lsas.every((l: Record<string, string>) => l.area === 'backbone'));
    const ages = (await t.rest('r4').get('/rest/routing/ospf/lsa?.proplist=age,sequence')).json;
    // Sequence numbers start at 0x80000001 and grow with each change (other tests change links).
    assert.ok(ages.every((l: Record<string, string>) => /^\d+$/.test(l.age) && /^0x8000[0-9A-F]{4}$/.test(l.sequence)), JSON.stringify(ages));
    const network = lsas.find((l: Record<string, string>) => l.type === 'network');
    assert.equal(network.body, 'netmask=255.255.255.0\nrouter-id=10.255.0.3\nrouter-id=10.255.0.1\nrouter-id=10.255.0.2\nrouter-id=10.255.0.4');
    const own = lsas.find((l: Record<string, string>) => l['self-originated'] === 'true');
    assert.equal(own.body, 'bits=\ntype=network id=10.0.100.3 data=10.0.100.4 metric=100\ntype=stub id=10.255.0.4 data=255.255.255.255 metric=1');
  });

  test('routes: costs, gateways and the router\'s values for OSPF routes', async () => {
    // /ip/route as a real 7.x REST print shows an OSPF route: no `disabled`, no attributes.
    const routes = (await t.rest('r1').get(`/rest/ip/route?${ROUTE}&ospf=true`)).json;
    const ospf = { distance: '110', scope: '20', 'target-scope': '10', active: 'true', inactive: 'false', ospf: 'true', dynamic: 'true' };
    assert.deepEqual(routes.map(({ '.id': _, ...r }: Record<string, string>) => r), [
      { ...ospf, 'dst-address': '10.0.23.0/30', gateway: '10.0.12.2%ether2', 'immediate-gw': '10.0.12.2%ether2' },
      { ...ospf, 'dst-address': '10.255.0.2/32', gateway: '10.0.12.2%ether2', 'immediate-gw': '10.0.12.2%ether2' },
      { ...ospf, 'dst-address': '10.255.0.3/32', gateway: '10.0.12.2%ether2', 'immediate-gw': '10.0.12.2%ether2' },
      { ...ospf, 'dst-address': '10.255.0.4/32', gateway: '10.0.100.4%ether4', 'immediate-gw': '10.0.100.4%ether4' },
    ]);
    // /routing/route shows the OSPF attributes: the cost and the route type.
    const rib = (await t.rest('r1').get('/rest/routing/route?.proplist=dst-address,afi,contribution,belongs-to,ospf.metric,ospf.type&ospf=true')).json;
    const common = { afi: 'ip4', contribution: 'active', 'belongs-to': 'OSPF route', 'ospf.type': 'intra' };
    assert.deepEqual(rib.map(({ '.id': _, ...r }: Record<string, string>) => r), [
      { ...common, 'dst-address': '10.0.23.0/30', 'ospf.metric': '20' },
      { ...common, 'dst-address': '10.255.0.2/32', 'ospf.metric': '11' },
      { ...common, 'dst-address': '10.255.0.3/32', 'ospf.metric': '21' },
      { ...common, 'dst-address': '10.255.0.4/32', 'ospf.metric': '101' },
    ]);
  });

  test('ECMP: two equal-cost paths over the LAN give two active OSPF routes, each flagged ecmp', async () => {
    const routes = (await t.rest('r4').get('/rest/routing/route?.proplist=gateway,active,ecmp,ospf.metric&dst-address=10.0.12.0/30')).json;
    assert.deepEqual(routes.map(({ '.id': _, ...r }: Record<string, string>) => r).sort((a: Record<string, string>, b: Record<string, string>) => a.gateway.localeCompare(b.gateway)), [
      { gateway: '10.0.100.1%ether2', active: 'true', ecmp: 'true', 'ospf.metric': '110' },
      { gateway: '10.0.100.2%ether2', active: 'true', ecmp: 'true', 'ospf.metric': '110' },
    ]);
  });

  test('a static route of lower distance wins over the OSPF route; both show', async () => {
    const r4 = t.rest('r4');
    const add = await r4.put('/rest/ip/route', { 'dst-address': '10.255.0.1/32', gateway: '10.0.100.2' });
    assert.equal(add.status, 201, add.text);
    // Dynamic routes are numbered apart: the first static route is *80000001 as on any router.
    assert.equal(add.json['.id'], '*80000001');
    try {
      const routes = (await r4.get('/rest/ip/route?.proplist=gateway,distance,active,static,ospf&dst-address=10.255.0.1/32')).json;
      assert.deepEqual(routes.map(({ '.id': _, ...r }: Record<string, string>) => r), [
        { gateway: '10.0.100.2', distance: '1', active: 'true', static: 'true' },
        { gateway: '10.0.100.1%ether2', distance: '110', ospf: 'true' },
      ]);
      // /routing/route: the OSPF route that lost is a best-candidate (the manual's print detail).
      const rib = (await r4.get('/rest/routing/route?.proplist=contribution,belongs-to,distance&dst-address=10.255.0.1/32')).json;
      assert.deepEqual(rib.map(({ '.id': _, ...r }: Record<string, string>) => r), [
        { contribution: 'active', 'belongs-to': 'Static route', distance: '1' },
        { contribution: 'best-candidate', 'belongs-to': 'OSPF route', distance: '110' },
      ]);
    } finally {
      await r4.delete(`/rest/ip/route/${add.json['.id']}`);
    }
  });

  test('ping crosses the triangle by the OSPF route', async () => {
    const res = await t.rest('r1').post('/rest/ping', { address: '10.255.0.3', count: '1' });
    assert.equal(res.status, 200, res.text);
    assert.equal(res.json[0].received, '1');
    assert.equal(res.json[0].ttl, '63');
  });

  test('point-to-multipoint: no neighbour until one end names the other as a static neighbour', async () => {
    const r1 = t.rest('r1'), r2 = t.rest('r2');
    const tpl1 = (await r1.get('/rest/routing/ospf/interface-template?interfaces=ether2')).json[0]['.id'];
    const tpl2 = (await r2.get('/rest/routing/ospf/interface-template?interfaces=ether2,ether3')).json[0]['.id'];
    let added: string | undefined;
    const state = async () => (await r1.get('/rest/routing/ospf/neighbor?.proplist=state&interface=ether2')).json.map((n: Record<string, string>) => n.state);
    try {
      await r1.patch(`/rest/routing/ospf/interface-template/${tpl1}`, { type: 'ptmp' });
      await r2.patch(`/rest/routing/ospf/interface-template/${tpl2}`, { type: 'ptmp' });
      assert.deepEqual(await until(state, (s) => s.length === 0), []);
      const res = await r1.put('/rest/routing/ospf/static-neighbor', { address: '10.0.12.2%ether2', area: 'backbone' });
      assert.equal(res.status, 201, res.text);
      added = res.json['.id'];
      assert.deepEqual(await until(state, (s) => s.length === 1), ['Full']);
    } finally {
      if (added) await r1.delete(`/rest/routing/ospf/static-neighbor/${added}`);
      await r1.patch(`/rest/routing/ospf/interface-template/${tpl1}`, { type: 'ptp' });
      await r2.patch(`/rest/routing/ospf/interface-template/${tpl2}`, { type: 'ptp' });
    }
    assert.deepEqual(await until(state, (s) => s[0] === 'Full'), ['Full']);
  });

  test('a route keeps its .id across reads and while it stays, its metric updated in place; GET by that id reads it', async () => {
    const r1 = t.rest('r1'), r2 = t.rest('r2');
    const read = async () => (await r1.get('/rest/routing/route?.proplist=.id,dst-address,gateway,ospf.metric&ospf=true')).json as Record<string, string>[];
    const byDst = (routes: Record<string, string>[], dst: string) => routes.filter((r) => r['dst-address'] === dst);
    const first = await read();
    assert.deepEqual(await read(), first);
    const [far] = byDst(first, '10.255.0.3/32');
    assert.deepEqual({ gateway: far.gateway, metric: far['ospf.metric'] }, { gateway: '10.0.12.2%ether2', metric: '21' });
    const one = (await r1.get(`/rest/ip/route/${far['.id']}?.proplist=dst-address,gateway`)).json;
    assert.deepEqual(one, { 'dst-address': '10.255.0.3/32', gateway: '10.0.12.2%ether2' });
    // r2's links cost 15: r1 still reaches r3 through r2 (26 against 31 over its own link), by the same record.
    const tpl = (await r2.get('/rest/routing/ospf/interface-template?interfaces=ether2,ether3')).json[0]['.id'];
    try {
      await r2.patch(`/rest/routing/ospf/interface-template/${tpl}`, { cost: '15' });
      const changed = await until(read, (routes) => byDst(routes, '10.255.0.3/32')[0]?.['ospf.metric'] === '26');
      assert.deepEqual(byDst(changed, '10.255.0.3/32'), [{ ...far, 'ospf.metric': '26' }]);
      // The routes whose metric did not change are the same records.
      assert.deepEqual(byDst(changed, '10.255.0.2/32'), byDst(first, '10.255.0.2/32'));
      assert.deepEqual(await read(), changed);
    } finally {
      await r2.patch(`/rest/routing/ospf/interface-template/${tpl}`, { cost: '10' });
    }
    const back = await until(read, (routes) => byDst(routes, '10.255.0.3/32')[0]?.['ospf.metric'] === '21');
    assert.deepEqual(back, first);
  });

  test('a failing link: routes go round, the log says so, and listen on /ip/route streams the change', async () => {
    const seq = async () => parseInt((await t.rest('r1').get('/rest/routing/ospf/lsa?.proplist=sequence&type=router&originator=10.255.0.2')).json[0].sequence, 16);
    const seqBefore = await seq();
    const api = await ApiClient.connect(t.port('r1', 'api'));
    try {
      await api.login();
      api.send('/ip/route/listen', '=.proplist=dst-address,gateway', '.tag=l');
      await new Promise((r) => setTimeout(r, 50));
      assert.equal((await t.rest('r2').patch('/rest/interface/ether3', { disabled: 'true' })).status, 200);
      const seen: Record<string, string>[] = [];
      while (!seen.some((r) => r['dst-address'] === '10.255.0.3/32' && r.gateway === '10.0.13.2%ether3')) {
        seen.push(...records([await api.read(3000)]));
      }
      api.send('/cancel', '=tag=l');
    } finally { api.close(); }
    const routes = (await until(() => t.rest('r1').get(`/rest/ip/route?${ROUTE}&dst-address=10.255.0.3/32`), (r) => r.json?.[0]?.gateway === '10.0.13.2%ether3')).json;
    assert.deepEqual(routes.map(({ '.id': _, ...r }: Record<string, string>) => r), [{
      'dst-address': '10.255.0.3/32', gateway: '10.0.13.2%ether3', 'immediate-gw': '10.0.13.2%ether3', distance: '110', scope: '20',
      'target-scope': '10', active: 'true', inactive: 'false', ospf: 'true', dynamic: 'true',
    }]);
    assert.equal((await t.rest('r1').get('/rest/routing/route?.proplist=ospf.metric&dst-address=10.255.0.3/32')).json[0]['ospf.metric'], '31');
    const ping = await t.rest('r1').post('/rest/ping', { address: '10.255.0.3', count: '1' });
    assert.equal(ping.json[0].ttl, '64');
    // r2's router LSA lost a link: a new instance of it, one sequence number on.
    assert.equal(await seq(), seqBefore + 1);
    const log = (await t.rest('r2').get('/rest/log?topics=route,ospf,info')).json.map((l: Record<string, string>) => l.message);
    assert.ok(log.includes('v2 { version: 2 router-id: 10.255.0.2 } backbone { 0.0.0.0 } interface { ptp 10.0.23.1%ether3 } neighbor { router-id: 10.255.0.3 state: Full } state change to Down'), log.join('\n'));
    const n = (await t.rest('r2').get('/rest/routing/ospf/neighbor?.proplist=router-id,state&interface=ether3')).json;
    assert.deepEqual(n, []);
    await t.rest('r2').patch('/rest/interface/ether3', { disabled: 'false' });
    const back = await until(() => t.rest('r1').get('/rest/ip/route?.proplist=gateway&dst-address=10.255.0.3/32'), (r) => r.json?.[0]?.gateway === '10.0.12.2%ether2');
    assert.equal(back.json[0].gateway, '10.0.12.2%ether2');
    // Coming back, the router logs every step to Full (a real 7.x log: routeros-facts.md 26.5).
    const head = 'v2 { version: 2 router-id: 10.255.0.2 } backbone { 0.0.0.0 } interface { ptp 10.0.23.1%ether3 } neighbor { router-id: 10.255.0.3 state: ';
    const again = (await t.rest('r2').get('/rest/log?topics=route,ospf,info')).json.map((l: Record<string, string>) => l.message);
    const down = again.lastIndexOf(`${head}Full } state change to Down`);
    assert.deepEqual(again.slice(down + 1).filter((m: string) => m.startsWith(head)), [
      `${head}Down } state change to Init`,
      `${head}Init } state change to TwoWay`,
      `${head}TwoWay } state change to ExStart`,
      `${head}ExStart } negotiation done`,
      `${head}ExStart } state change to Exchange`,
      `${head}Exchange } exchange done`,
      `${head}Exchange } state change to Loading`,
      `${head}Loading } loading done`,
      `${head}Loading } state change to Full`,
    ]);
  });
});
