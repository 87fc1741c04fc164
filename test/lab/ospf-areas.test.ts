// OSPF areas, redistribution and agreement from test/lab/ospf-areas.clab.yml: h borders the
// backbone (with b: originate-default=always, redistribute=static) and the stub area
// 0.0.0.1 (with st, default-cost=5); s1 to s4 each disagree with h on one thing; h and b
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
    ]);
    for (const s of ['s1', 's2', 's3']) assert.deepEqual((await t.rest(s).get('/rest/routing/ospf/neighbor')).json, [], s);
  });

  test('redistribution and originate-default: external type-2 routes of metric 1 in the backbone', async () => {
    const routes = (await t.rest('h').get(`/rest/ip/route?${ROUTE}&ospf.type=ext-type-2`)).json;
    assert.deepEqual(strip(routes), [
      { 'dst-address': '0.0.0.0/0', gateway: '10.1.0.2%ether2', 'ospf.metric': '1', 'ospf.type': 'ext-type-2' },
      { 'dst-address': '192.0.2.0/24', gateway: '10.1.0.2%ether2', 'ospf.metric': '1', 'ospf.type': 'ext-type-2' },
    ]);
    const lsa = (await t.rest('b').get('/rest/routing/ospf/lsa?.proplist=type,id,originator,self-originated,body&type=external&id=192.0.2.0')).json;
    assert.deepEqual(strip(lsa), [{
      type: 'external', id: '192.0.2.0', originator: '10.255.1.2', 'self-originated': 'true',
      body: 'options=E\nnetmask=255.255.255.0\nforwarding-address=0.0.0.0\nmetric=1 type-2\nroute-tag=0',
    }]);
  });

  test('a stub area: no external routes, the ABR\'s default summary and inter-area routes', async () => {
    const routes = strip((await t.rest('st').get(`/rest/ip/route?${ROUTE}`)).json);
    assert.deepEqual(routes.find((r) => r['dst-address'] === '0.0.0.0/0'), { 'dst-address': '0.0.0.0/0', gateway: '10.1.1.1%ether2', 'ospf.metric': '6', 'ospf.type': 'inter' });
    assert.deepEqual(routes.find((r) => r['dst-address'] === '10.255.1.2/32'), { 'dst-address': '10.255.1.2/32', gateway: '10.1.1.1%ether2', 'ospf.metric': '3', 'ospf.type': 'inter' });
    assert.equal(routes.find((r) => r['dst-address'] === '192.0.2.0/24'), undefined);
    assert.ok(routes.every((r) => r['ospf.type'] === 'inter'));
    const lsas = (await t.rest('st').get('/rest/routing/ospf/lsa?.proplist=type&type=external')).json;
    assert.deepEqual(lsas, []);
  });

  test('a router of the backbone reaches the stub area through the ABR\'s summaries', async () => {
    const routes = strip((await t.rest('b').get(`/rest/ip/route?${ROUTE}&dst-address=10.255.1.3/32`)).json);
    assert.deepEqual(routes, [{ 'dst-address': '10.255.1.3/32', gateway: '10.1.0.1%ether2', 'ospf.metric': '3', 'ospf.type': 'inter' }]);
    const ping = await t.rest('b').post('/rest/ping', { address: '10.255.1.3', count: '1' });
    assert.equal(ping.json[0].received, '1');
  });

  test('OSPFv3: a neighbour by its link-local address and a route in /ipv6/route', async () => {
    const n = (await t.rest('h').get('/rest/routing/ospf/neighbor?.proplist=address,router-id,state&instance=v3')).json;
    const mac = (await t.rest('b').get('/rest/interface/ether2')).json['mac-address'] as string;
    const b = mac.split(':').map((x) => parseInt(x, 16));
    const ll = `fe80::${(((b[0] ^ 2) << 8) | b[1]).toString(16)}:${((b[2] << 8) | 0xff).toString(16)}:${(0xfe00 | b[3]).toString(16)}:${((b[4] << 8) | b[5]).toString(16)}`;
    assert.deepEqual(strip(n), [{ address: ll, 'router-id': '10.255.1.2', state: 'Full' }]);
    const routes = (await t.rest('h').get('/rest/ipv6/route?.proplist=dst-address,gateway,distance,active,ospf,ospf.type&ospf=true')).json;
    assert.deepEqual(strip(routes), [{ 'dst-address': '2001:db8:b::/64', gateway: `${ll}%ether2`, distance: '110', active: 'true', ospf: 'true', 'ospf.type': 'intra' }]);
  });
});
