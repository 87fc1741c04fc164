// Routing as netlab's RouterOS 7 templates configure it (test/lab/netlab.clab.yml; ipspace/netlab
// at 771eeee: netsim/ansible/templates/bgp/routeros7*.j2, ospf/routeros7*.j2 and
// netsim/extra/bgp.session/routeros7.j2 give the lines of the .rsc files): BGP as-override,
// allow-as-in, communities set and matched, local-pref and MED from filters in best-path
// selection; OSPF passive interfaces and costs; and the attributes /routing/route shows for each
// protocol, over REST, the API and the console. Facts: routeros-facts.md 26 and 59.

import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { ApiClient, records } from '../api/client.js';
import { startLab, until, type TestLab } from './lab.js';

let t: TestLab;
before(async () => { t = await startLab('netlab.clab.yml', { requestLimitMs: 5000 }); });
after(() => t.stop());

type Rec = Record<string, string>;
const strip = (l: Rec[]) => l.map(({ '.id': _, ...r }) => r);
const get = async (node: string, path: string): Promise<Rec[]> => (await t.rest(node).get(path)).json;
const BGP_FIELDS = 'dst-address,gateway,contribution,bgp.as-path,bgp.local-pref,bgp.med,bgp.communities,bgp.origin,bgp.atomic-aggregate';
/** A node's BGP routes to these destinations, in the table's order. */
const bgpRoutes = async (node: string, ...dsts: string[]) =>
  strip(await get(node, `/rest/routing/route?bgp=true&.proplist=${BGP_FIELDS}`)).filter((r) => dsts.includes(r['dst-address']));
const C1_NETS = ['192.168.11.0/24', '192.168.12.0/24', '192.168.13.0/24'];
const OSPF_FIELDS = 'dst-address,gateway,ospf.metric,ospf.type';
const ospfRoutes = async (node: string) => strip(await get(node, `/rest/routing/route?ospf=true&.proplist=${OSPF_FIELDS}`));
const connectionId = async (node: string, name: string) => (await get(node, `/rest/routing/bgp/connection?name=${name}`))[0]['.id'];

describe('BGP as netlab configures it: c1, c2, c3 (AS 65001) around p (AS 65000), pi p\'s iBGP peer', () => {
  test("netlab's lines load (template=, find ... and templates=main) and every session comes up", async () => {
    const p = await until(() => get('p', '/rest/routing/bgp/session?.proplist=name,remote.as,established'), (l) => l.length === 4);
    assert.deepEqual(strip(p), [
      { name: '10_1_0_1-1', 'remote.as': '65001', established: 'true' },
      { name: '10_1_0_5-1', 'remote.as': '65001', established: 'true' },
      { name: '10_1_0_9-1', 'remote.as': '65001', established: 'true' },
      { name: '10_1_0_14-1', 'remote.as': '65000', established: 'true' },
    ]);
    assert.equal((await get('c3', '/rest/routing/bgp/connection'))[0]['input.allow-as'], '1');
  });

  test("as-override: p sends c1's prefix to c2 with its own AS in place of c2's, and c2 takes it; without it c2 drops the path (its own AS)", async () => {
    const want = [{
      'dst-address': '10.0.0.1/32', gateway: '10.1.0.6', contribution: 'active', 'bgp.as-path': '65000,65000',
      'bgp.local-pref': '100', 'bgp.origin': 'igp', 'bgp.atomic-aggregate': 'false',
    }];
    assert.deepEqual(await until(() => bgpRoutes('c2', '10.0.0.1/32'), (l) => l.length === 1), want);
    const id = await connectionId('p', '10_1_0_5');
    const off = await t.rest('p').patch(`/rest/routing/bgp/connection/${id}`, { 'output.as-override': 'no' });
    assert.equal(off.status, 200, off.text);
    try {
      assert.deepEqual(await until(() => bgpRoutes('c2', '10.0.0.1/32'), (l) => l.length === 0), []);
    } finally {
      await t.rest('p').patch(`/rest/routing/bgp/connection/${id}`, { 'output.as-override': 'yes' });
    }
    assert.deepEqual(await until(() => bgpRoutes('c2', '10.0.0.1/32'), (l) => l.length === 1), want);
  });

  test('allow-as-in: c3 (input.allow-as=1) takes the path with its own AS once; with 0 it drops it', async () => {
    const want = [{
      'dst-address': '10.0.0.1/32', gateway: '10.1.0.10', contribution: 'active', 'bgp.as-path': '65000,65001',
      'bgp.local-pref': '100', 'bgp.origin': 'igp', 'bgp.atomic-aggregate': 'false',
    }];
    assert.deepEqual(await until(() => bgpRoutes('c3', '10.0.0.1/32'), (l) => l.length === 1), want);
    const id = await connectionId('c3', '10_1_0_10');
    const none = await t.rest('c3').patch(`/rest/routing/bgp/connection/${id}`, { 'input.allow-as': '0' });
    assert.equal(none.status, 200, none.text);
    try {
      assert.deepEqual(await until(() => bgpRoutes('c3', '10.0.0.1/32'), (l) => l.length === 0), []);
    } finally {
      await t.rest('c3').patch(`/rest/routing/bgp/connection/${id}`, { 'input.allow-as': '1' });
    }
    assert.deepEqual(await until(() => bgpRoutes('c3', '10.0.0.1/32'), (l) => l.length === 1), want);
  });

  test('communities: set and appended by c1, matched by p (includes 65001:100 sets local-pref 300); no-export stays in AS 65000, no-advertise on p', async () => {
    const onP = await until(() => bgpRoutes('p', ...C1_NETS), (l) => l.length === 3);
    assert.deepEqual(onP, [
      { 'dst-address': '192.168.11.0/24', gateway: '10.1.0.1', contribution: 'active', 'bgp.as-path': '65001', 'bgp.local-pref': '300', 'bgp.communities': '65001:100', 'bgp.origin': 'igp', 'bgp.atomic-aggregate': 'false' },
      { 'dst-address': '192.168.12.0/24', gateway: '10.1.0.1', contribution: 'active', 'bgp.as-path': '65001', 'bgp.local-pref': '100', 'bgp.communities': 'no-export', 'bgp.origin': 'igp', 'bgp.atomic-aggregate': 'false' },
      { 'dst-address': '192.168.13.0/24', gateway: '10.1.0.1', contribution: 'active', 'bgp.as-path': '65001', 'bgp.local-pref': '100', 'bgp.communities': 'no-advertise', 'bgp.origin': 'igp', 'bgp.atomic-aggregate': 'false' },
    ]);
    // iBGP: local-pref travels, the next hop is p itself (netlab's nexthop-choice=force-self).
    assert.deepEqual(await until(() => bgpRoutes('pi', ...C1_NETS), (l) => l.length === 2), [
      { 'dst-address': '192.168.11.0/24', gateway: '10.1.0.13', contribution: 'active', 'bgp.as-path': '65001', 'bgp.local-pref': '300', 'bgp.communities': '65001:100', 'bgp.origin': 'igp', 'bgp.atomic-aggregate': 'false' },
      { 'dst-address': '192.168.12.0/24', gateway: '10.1.0.13', contribution: 'active', 'bgp.as-path': '65001', 'bgp.local-pref': '100', 'bgp.communities': 'no-export', 'bgp.origin': 'igp', 'bgp.atomic-aggregate': 'false' },
    ]);
    // eBGP: only the prefix with neither well-known community; local-pref is not sent.
    assert.deepEqual((await until(() => bgpRoutes('c3', ...C1_NETS), (l) => l.length === 1)).map((r) => [r['dst-address'], r['bgp.communities'], r['bgp.local-pref']]), [['192.168.11.0/24', '65001:100', '100']]);
  });

  test('local-pref and MED set by input filters choose the best path; without them the lower router id (c2) wins', async () => {
    const onP = await until(() => bgpRoutes('p', '192.168.50.0/24', '192.168.60.0/24', '192.168.70.0/24'), (l) => l.length === 6);
    const paths = (dst: string) => onP.filter((r) => r['dst-address'] === dst).map((r) => [r.gateway, r.contribution, r['bgp.local-pref'], r['bgp.med'] ?? '']);
    // MED: c3's 10 beats c2's 20 (same neighbouring AS).
    assert.deepEqual(paths('192.168.50.0/24'), [['10.1.0.9', 'active', '100', '10'], ['10.1.0.5', 'candidate', '100', '20']]);
    // LOCAL_PREF: c2's path set to 50 loses to c3's 100.
    assert.deepEqual(paths('192.168.60.0/24'), [['10.1.0.9', 'active', '100', ''], ['10.1.0.5', 'candidate', '50', '']]);
    // Nothing set: equal paths, the lower router id (10.1.0.5) wins.
    assert.deepEqual(paths('192.168.70.0/24'), [['10.1.0.5', 'active', '100', ''], ['10.1.0.9', 'candidate', '100', '']]);
    // The MED goes on over iBGP ("It is also used in the output of iBGP peers").
    assert.deepEqual(await until(() => bgpRoutes('pi', '192.168.50.0/24'), (l) => l.length === 1), [
      { 'dst-address': '192.168.50.0/24', gateway: '10.1.0.13', contribution: 'active', 'bgp.as-path': '65001', 'bgp.local-pref': '100', 'bgp.med': '10', 'bgp.origin': 'igp', 'bgp.atomic-aggregate': 'false' },
    ]);
  });

  test("iBGP without next-hop-self: pi lists c1's paths with their next hop unreachable, never active", async () => {
    const id = await connectionId('p', '10_1_0_14');
    const res = await t.rest('p').patch(`/rest/routing/bgp/connection/${id}`, { 'nexthop-choice': 'default' });
    assert.equal(res.status, 200, res.text);
    const fields = '/rest/routing/route?bgp=true&dst-address=192.168.11.0/24&.proplist=gateway,contribution,unreachable,active,bgp.local-pref';
    try {
      const got = await until(() => get('pi', fields), (l) => l[0]?.gateway === '10.1.0.1');
      assert.deepEqual(strip(got), [{ gateway: '10.1.0.1', contribution: 'unreachable', unreachable: 'true', 'bgp.local-pref': '300' }]);
      assert.deepEqual(strip(await get('pi', '/rest/ip/route?dst-address=192.168.11.0/24&.proplist=gateway,active,inactive,bgp')), [
        { gateway: '10.1.0.1', inactive: 'true', bgp: 'true' },
      ]);
    } finally {
      await t.rest('p').patch(`/rest/routing/bgp/connection/${id}`, { 'nexthop-choice': 'force-self' });
    }
    const back = await until(() => get('pi', fields), (l) => l[0]?.gateway === '10.1.0.13');
    assert.deepEqual(strip(back), [{ gateway: '10.1.0.13', contribution: 'active', active: 'true', 'bgp.local-pref': '300' }]);
  });

  test('/ip/route shows the basic attributes and the bgp flag, not the BGP ones', async () => {
    const basic = await until(() => get('c2', '/rest/ip/route?dst-address=10.0.0.1/32'), (l) => l.length === 1);
    assert.deepEqual(strip(basic), [{
      active: 'true', bgp: 'true', distance: '20', 'dst-address': '10.0.0.1/32', dynamic: 'true', gateway: '10.1.0.6',
      'immediate-gw': '10.1.0.6%ether2', inactive: 'false', 'routing-table': 'main', scope: '40', 'target-scope': '10',
    }]);
  });

  test('the console: /routing route print detail groups the BGP attributes as the router does', async () => {
    await until(() => bgpRoutes('c2', '10.0.0.1/32'), (l) => l.length === 1);
    const res = await t.rest('c2').post('/rest/execute', { script: '/routing route print detail where dst-address=10.0.0.1/32', 'as-string': '' });
    assert.deepEqual(String(res.json.ret).split('\r\n'), [
      'Flags: X - disabled, F - filtered, U - unreachable, A - active;',
      'c - connect, s - static, r - rip, b - bgp, o - ospf, d - dhcp, v - vpn, m - modem;',
      'H - hw-offloaded; + - ecmp, B - blackhole ',
      ' Ab   afi=ip4 contribution=active dst-address=10.0.0.1/32 routing-table=main ',
      '       gateway=10.1.0.6 immediate-gw=10.1.0.6%ether2 distance=20 scope=40 ',
      '       target-scope=10 belongs-to="bgp-IP-10.1.0.6" ',
      // The 80 columns of the lab's console wrap the group (a pair never crosses the line end).
      '       bgp.as-path="65000,65000" .local-pref=100 .atomic-aggregate=no ',
      '       .origin=igp ',
    ]);
  });

  test("the console: /routing bgp session print detail puts each group on lines of its own (a 7.x session's print)", async () => {
    const res = await t.rest('p').post('/rest/execute', { script: '/routing bgp session print detail where name="10_1_0_1-1"', 'as-string': '' });
    assert.deepEqual(String(res.json.ret).split('\r\n').slice(0, 8), [
      'Flags: E - established ',
      ' 0 E name="10_1_0_1-1" ',
      // `.afi` after `.capabilities`: the families each end offered (7.x prints: `.capabilities=mp,rr,gr,as4 .afi=ip`).
      '     remote.address=10.1.0.1 .as=65001 .id=10.0.0.1 .capabilities=mp,rr,gr,as4 ',
      '     .afi=ip .eor="" ',
      '     local.address=10.1.0.2 .as=65000 .id=10.0.0.2 .capabilities=mp,rr,gr,as4 ',
      '     .afi=ip .eor="" ',
      '     output.network=bgp-networks ',
      '     input.filter=from-c1 ebgp ',
    ]);
  });

  test('the API face: /routing/route/print gives the same attributes', async () => {
    const api = await ApiClient.connect(t.port('p', 'api'));
    try {
      await api.login();
      const reply = await api.call('/routing/route/print', '?dst-address=192.168.11.0/24', '=.proplist=bgp.as-path,bgp.local-pref,bgp.communities,bgp.origin,belongs-to');
      assert.equal(reply[reply.length - 1][0], '!done');
      assert.deepEqual(records(reply), [
        { 'bgp.as-path': '65001', 'bgp.local-pref': '300', 'bgp.communities': '65001:100', 'bgp.origin': 'igp', 'belongs-to': 'bgp-IP-10.1.0.1' },
      ]);
    } finally {
      api.close();
    }
  });
});

describe('OSPF as netlab configures it: o1 -(area 0, cost 10)- o2 -(area 0.0.0.1)- o3, o1 passive towards o4', () => {
  test('a passive interface forms no neighbour (o1 towards o4, o4 alone) and shows state passive', async () => {
    assert.deepEqual(strip(await until(() => get('o1', '/rest/routing/ospf/neighbor?.proplist=address,state'), (l) => l.length === 1)), [{ address: '10.2.0.2', state: 'Full' }]);
    assert.deepEqual(await get('o4', '/rest/routing/ospf/neighbor'), []);
    assert.deepEqual(strip(await get('o1', '/rest/routing/ospf/interface?.proplist=address,state,cost,network-type')), [
      { address: '10.0.0.11%loopback', state: 'passive', cost: '1', 'network-type': 'broadcast' },
      { address: '10.2.0.1%ether2', state: 'ptp', cost: '10', 'network-type': 'ptp' },
      { address: '10.2.0.5%ether3', state: 'passive', cost: '15', 'network-type': 'broadcast' },
    ]);
    // o4 learns nothing over the link whose other end is passive.
    assert.deepEqual(await get('o4', '/rest/routing/route?ospf=true'), []);
  });

  // netlab's tests/integration/ospf/ospfv2/04-passive.yml: a passive link of cost 15 behind a
  // link of cost 10 is seen at 25 by the neighbour.
  test("passive networks are advertised: o2 has o1's loopback and its link to o4, intra-area, at the sum of the costs", async () => {
    const o2 = await until(() => ospfRoutes('o2'), (l) => l.length === 5);
    assert.deepEqual(o2, [
      { 'dst-address': '10.0.0.11/32', gateway: '10.2.0.1%ether2', 'ospf.metric': '11', 'ospf.type': 'intra' },
      { 'dst-address': '10.0.0.13/32', gateway: '10.2.0.10%ether3', 'ospf.metric': '2', 'ospf.type': 'intra' },
      { 'dst-address': '10.2.0.4/30', gateway: '10.2.0.1%ether2', 'ospf.metric': '25', 'ospf.type': 'intra' },
      { 'dst-address': '172.16.30.0/24', gateway: '10.2.0.10%ether3', 'ospf.metric': '21', 'ospf.type': 'ext-type-1' },
      { 'dst-address': '172.16.31.0/24', gateway: '10.2.0.10%ether3', 'ospf.metric': '20', 'ospf.type': 'ext-type-2' },
    ]);
  });

  test("each type as the router names it: o1's routes intra, inter, ext-type-1 (external plus cost to the ASBR), ext-type-2 (external only)", async () => {
    const o1 = await until(() => ospfRoutes('o1'), (l) => l.length === 5);
    assert.deepEqual(o1, [
      { 'dst-address': '10.0.0.12/32', gateway: '10.2.0.2%ether2', 'ospf.metric': '11', 'ospf.type': 'intra' },
      { 'dst-address': '10.0.0.13/32', gateway: '10.2.0.2%ether2', 'ospf.metric': '12', 'ospf.type': 'inter' },
      { 'dst-address': '10.2.0.8/30', gateway: '10.2.0.2%ether2', 'ospf.metric': '11', 'ospf.type': 'inter' },
      { 'dst-address': '172.16.30.0/24', gateway: '10.2.0.2%ether2', 'ospf.metric': '31', 'ospf.type': 'ext-type-1' },
      { 'dst-address': '172.16.31.0/24', gateway: '10.2.0.2%ether2', 'ospf.metric': '20', 'ospf.type': 'ext-type-2' },
    ]);
    // o3, in area 0.0.0.1, has the backbone's networks (o1's passive ones too) as inter-area.
    const o3 = await until(() => ospfRoutes('o3'), (l) => l.length === 4);
    assert.deepEqual(o3.map((r) => [r['dst-address'], r['ospf.metric'], r['ospf.type']]), [
      ['10.0.0.11/32', '12', 'inter'], ['10.0.0.12/32', '2', 'inter'], ['10.2.0.0/30', '11', 'inter'], ['10.2.0.4/30', '26', 'inter'],
    ]);
  });

  test("the template's cost is the SPF's: o1's ether2 at 20 puts o2's loopback at 21", async () => {
    const tpl = (await get('o1', '/rest/routing/ospf/interface-template?interfaces=ether2'))[0]['.id'];
    const res = await t.rest('o1').patch(`/rest/routing/ospf/interface-template/${tpl}`, { cost: '20' });
    assert.equal(res.status, 200, res.text);
    const loop = (l: Rec[]) => l.find((r) => r['dst-address'] === '10.0.0.12/32')?.['ospf.metric'];
    try {
      assert.equal(loop(await until(() => ospfRoutes('o1'), (l) => loop(l) === '21')), '21');
      // o2's own ether2 cost (10) decides its way back: unchanged.
      assert.equal((await ospfRoutes('o2')).find((r) => r['dst-address'] === '10.0.0.11/32')?.['ospf.metric'], '11');
    } finally {
      await t.rest('o1').patch(`/rest/routing/ospf/interface-template/${tpl}`, { cost: '10' });
    }
    assert.equal(loop(await until(() => ospfRoutes('o1'), (l) => loop(l) === '11')), '11');
  });

  test('the console: /routing route print detail shows ospf.metric and .type; /ip/route only the ospf flag', async () => {
    await until(() => ospfRoutes('o1'), (l) => l.length === 5);
    const run = async (script: string) => String((await t.rest('o1').post('/rest/execute', { script, 'as-string': '' })).json.ret).split('\r\n');
    assert.deepEqual((await run('/routing route print detail where dst-address=172.16.30.0/24')).slice(3), [
      ' Ao   afi=ip4 contribution=active dst-address=172.16.30.0/24 routing-table=main ',
      '       gateway=10.2.0.2%ether2 immediate-gw=10.2.0.2%ether2 distance=110 ',
      '       scope=20 target-scope=10 belongs-to="OSPF route" ',
      '       ospf.metric=31 .type=ext-type-1 ',
    ]);
    assert.deepEqual(strip(await get('o1', '/rest/ip/route?dst-address=172.16.30.0/24')), [{
      active: 'true', distance: '110', 'dst-address': '172.16.30.0/24', dynamic: 'true', gateway: '10.2.0.2%ether2',
      'immediate-gw': '10.2.0.2%ether2', inactive: 'false', ospf: 'true', 'routing-table': 'main', scope: '20', 'target-scope': '10',
    }]);
  });
});
