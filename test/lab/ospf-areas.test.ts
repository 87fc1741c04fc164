// OSPF areas, redistribution and agreement from test/lab/ospf-areas.clab.yml: h borders the
// backbone (with b: originate-default=always, redistribute=connected,static), the stub area 0.0.0.1
// (with st, default-cost=5) and the NSSA 0.0.0.3 (with n: redistribute=static); s1 to s4 each disagree with h on one thing; h and b
// also run OSPFv3. Expected values are the real router's (docs/routeros-facts.md 26).

import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startLab, type TestLab } from './lab.js';

let t: TestLab;
before(async () => { t = await startLab('ospf-areas.clab.yml', { requestLimitMs: 5000 }); });
after(() => t.stop());

const strip = (rows: Record<string, string>[]) => rows.map(({ '.id': _, ...r }) => r);
const ROUTE = '.proplist=dst-address,gateway,ospf.metric,ospf.type&ospf=true';

describe('OSPF: areas, redistribution, agreement, v3', () => {
  test('hellos that disagree (hello interval, area, authentication key) make no neighbour; an MTU mismatch stops in ExStart', async () => {
    const n = (await t.rest('h').get('/rest/routing/ospf/neighbor?.proplist=interface,router-id,state,state-changes&instance=v2')).json;
    assert.deepEqual(strip(n), [
      { interface: 'ether2', 'router-id': '10.255.1.2', state: 'Full', 'state-changes': '6' },
      { interface: 'ether7', 'router-id': '10.255.2.4', state: 'ExStart', 'state-changes': '3' },
      { interface: 'ether3', 'router-id': '10.255.1.3', state: 'Full', 'state-changes': '6' },
      { interface: 'ether8', 'router-id': '10.255.3.1', state: 'Full', 'state-changes': '6' },
    ]);
    for (const s of ['s1', 's2', 's3']) assert.deepEqual((await t.rest(s).get('/rest/routing/ospf/neighbor')).json, [], s);
  });

  test('redistribution of connected and static routes and originate-default: external type-2 routes of metric 1', async () => {
    const routes = (await t.rest('h').get(`/rest/routing/route?${ROUTE}&ospf.type=ext-type-2`)).json;
    assert.deepEqual(strip(routes), [
      { 'dst-address': '0.0.0.0/0', gateway: '10.1.0.2%ether2', 'ospf.metric': '1', 'ospf.type': 'ext-type-2' },
      // b's connected network outside OSPF; its OSPF networks (10.1.0.0/30, the loopback) are no externals.
      { 'dst-address': '172.20.0.0/24', gateway: '10.1.0.2%ether2', 'ospf.metric': '1', 'ospf.type': 'ext-type-2' },
      { 'dst-address': '192.0.2.0/24', gateway: '10.1.0.2%ether2', 'ospf.metric': '1', 'ospf.type': 'ext-type-2' },
    ]);
    const lsa = (await t.rest('b').get('/rest/routing/ospf/lsa?.proplist=type,id,originator,self-originated,body&type=external&id=192.0.2.0')).json;
    assert.deepEqual(strip(lsa), [{
      type: 'external', id: '192.0.2.0', originator: '10.255.1.2', 'self-originated': 'true',
      body: 'options=E\nnetmask=255.255.255.0\nforwarding-address=0.0.0.0\nmetric=1 type-2\nroute-tag=0',
    }]);
  });

  test('a stub area: no external routes, the ABR\'s default summary and inter-area routes', async () => {
    const routes = strip((await t.rest('st').get(`/rest/routing/route?${ROUTE}`)).json);
    assert.deepEqual(routes.find((r) => r['dst-address'] === '0.0.0.0/0'), { 'dst-address': '0.0.0.0/0', gateway: '10.1.1.1%ether2', 'ospf.metric': '6', 'ospf.type': 'inter' });
    assert.deepEqual(routes.find((r) => r['dst-address'] === '10.255.1.2/32'), { 'dst-address': '10.255.1.2/32', gateway: '10.1.1.1%ether2', 'ospf.metric': '3', 'ospf.type': 'inter' });
    assert.equal(routes.find((r) => r['dst-address'] === '192.0.2.0/24'), undefined);
    assert.ok(routes.every((r) => r['ospf.type'] === 'inter'));
    const lsas = (await t.rest('st').get('/rest/routing/ospf/lsa?.proplist=type&type=external')).json;
    assert.deepEqual(lsas, []);
  });

  test('a router of the backbone reaches the stub area through the ABR\'s summaries', async () => {
    const routes = strip((await t.rest('b').get(`/rest/routing/route?${ROUTE}&dst-address=10.255.1.3/32`)).json);
    assert.deepEqual(routes, [{ 'dst-address': '10.255.1.3/32', gateway: '10.1.0.1%ether2', 'ospf.metric': '3', 'ospf.type': 'inter' }]);
    const ping = await t.rest('b').post('/rest/ping', { address: '10.255.1.3', count: '1' });
    assert.equal(ping.json[0].received, '1');
  });

  test('an NSSA: its router\'s static route enters as type 7, the ABR translates it to type 5 for the backbone', async () => {
    assert.deepEqual(strip((await t.rest('h').get(`/rest/routing/route?${ROUTE}&dst-address=198.51.100.0/24`)).json),
      [{ 'dst-address': '198.51.100.0/24', gateway: '10.3.0.2%ether8', 'ospf.metric': '1', 'ospf.type': 'nssa-type-2' }]);
    assert.deepEqual(strip((await t.rest('b').get(`/rest/routing/route?${ROUTE}&dst-address=198.51.100.0/24`)).json),
      [{ 'dst-address': '198.51.100.0/24', gateway: '10.1.0.1%ether2', 'ospf.metric': '1', 'ospf.type': 'ext-type-2' }]);
    const lsas = (await t.rest('b').get('/rest/routing/ospf/lsa?.proplist=type,originator&id=198.51.100.0')).json;
    assert.deepEqual(strip(lsas), [{ type: 'external', originator: '10.255.1.1' }]);
    const nssa = (await t.rest('n').get('/rest/routing/ospf/lsa?.proplist=type,originator,area&id=198.51.100.0')).json;
    assert.deepEqual(strip(nssa), [{ type: 'nssa-external', originator: '10.255.3.1', area: 'nssa3' }]);
    // No type 5 enters the NSSA: b's external routes stay out; the stub area has none either.
    assert.deepEqual((await t.rest('n').get('/rest/ip/route?dst-address=192.0.2.0/24')).json, []);
    assert.deepEqual((await t.rest('st').get('/rest/ip/route?dst-address=198.51.100.0/24')).json, []);
  });

  test('a passive interface: no hellos, its network in the router LSA, state passive', async () => {
    const lo = (await t.rest('b').get('/rest/routing/ospf/interface?.proplist=interface,state,network-type&interface=lo&address=10.255.1.2%lo')).json;
    assert.deepEqual(strip(lo), [{ interface: 'lo', state: 'passive', 'network-type': 'broadcast' }]);
    const template = (await t.rest('b').get('/rest/routing/ospf/interface-template?.proplist=passive&interfaces=lo')).json;
    assert.deepEqual(strip(template), [{ passive: 'true' }, { passive: 'true' }]);
  });

  test('OSPFv3: a neighbour by its link-local address and a route in /ipv6/route', async () => {
    const n = (await t.rest('h').get('/rest/routing/ospf/neighbor?.proplist=address,router-id,state&instance=v3')).json;
    const mac = (await t.rest('b').get('/rest/interface/ether2')).json['mac-address'] as string;
    const b = mac.split(':').map((x) => parseInt(x, 16));
    const ll = `fe80::${(((b[0] ^ 2) << 8) | b[1]).toString(16)}:${((b[2] << 8) | 0xff).toString(16)}:${(0xfe00 | b[3]).toString(16)}:${((b[4] << 8) | b[5]).toString(16)}`;
    assert.deepEqual(strip(n), [{ address: ll, 'router-id': '10.255.1.2', state: 'Full' }]);
    const routes = (await t.rest('h').get('/rest/ipv6/route?.proplist=dst-address,gateway,distance,active,ospf,dynamic,inactive,scope&ospf=true')).json;
    assert.deepEqual(strip(routes), [{ 'dst-address': '2001:db8:b::/64', gateway: `${ll}%ether2`, distance: '110', active: 'true', ospf: 'true', dynamic: 'true', inactive: 'false', scope: '20' }]);
    const all = (await t.rest('h').get('/rest/routing/route?.proplist=afi,ospf.type,ospf.metric&dst-address=2001:db8:b::/64')).json;
    assert.deepEqual(strip(all), [{ afi: 'ip6', 'ospf.type': 'intra', 'ospf.metric': '2' }]);
  });
});
