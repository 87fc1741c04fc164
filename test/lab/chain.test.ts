// A chain of three routers from test/lab/chain.clab.yml: r1 - r2 - r3. Links carry while both
// ends are enabled; neighbours and ARP follow; ping and traceroute go hop by hop.

import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { ApiClient } from '../api/client.js';
import { startLab, type TestLab } from './lab.js';

let t: TestLab;
before(async () => { t = await startLab('chain.clab.yml', { requestLimitMs: 5000 }); });
after(() => t.stop());

const RTT = /^(\d+ms)?\d+us$|^\d+ms$/;
/** Ping records with the round trips checked and replaced by a marker. */
function shape(recs: Record<string, string>[]) {
  return recs.map((r) => {
    const out = { ...r };
    for (const k of ['time', 'min-rtt', 'avg-rtt', 'max-rtt']) if (out[k] !== undefined) { assert.match(out[k], RTT, k); out[k] = 'RTT'; }
    return out;
  });
}

describe('a chain of three routers', () => {
  test('each node is its own router: identity, board and release from the topology', async () => {
    assert.deepEqual((await t.rest('r1').get('/rest/system/identity')).json, { name: 'r1' });
    const r2 = (await t.rest('r2').get('/rest/system/resource')).json;
    assert.equal(r2['board-name'], 'RB5009UG+S+');
    assert.equal(r2.version, '7.20 (stable)');
    assert.equal((await t.rest('r3').get('/rest/system/resource')).json['board-name'], 'CHR');
  });

  test('a port on a link runs; an unwired port has no link', async () => {
    const r2 = (await t.rest('r2').get('/rest/interface?type=ether&.proplist=name,running')).json;
    assert.deepEqual(r2.slice(0, 4), [
      { name: 'ether1', running: 'true' },
      { name: 'ether2', running: 'true' },
      { name: 'ether3', running: 'true' },
      { name: 'ether4', running: 'false' },
    ]);
  });

  test('ping crosses a router: the TTL drops by one per hop, and interface counters follow', async () => {
    const before = (await t.rest('r3').get('/rest/interface/ether2?.proplist=rx-packet,tx-packet')).json;
    const res = await t.rest('r1').post('/rest/ping', { address: '10.0.23.3', count: '2', interval: '20ms' });
    assert.equal(res.status, 200, res.text);
    const common = { 'avg-rtt': 'RTT', host: '10.0.23.3', 'max-rtt': 'RTT', 'min-rtt': 'RTT', 'packet-loss': '0', size: '56', time: 'RTT', ttl: '63' };
    assert.deepEqual(shape(res.json), [
      { ...common, received: '1', sent: '1', seq: '0' },
      { ...common, received: '2', sent: '2', seq: '1' },
    ]);
    const after = (await t.rest('r3').get('/rest/interface/ether2?.proplist=rx-packet,tx-packet')).json;
    assert.ok(Number(after['rx-packet']) >= Number(before['rx-packet']) + 2, 'echo requests counted in');
    assert.ok(Number(after['tx-packet']) >= Number(before['tx-packet']) + 2, 'echo replies counted out');
  });

  test('ARP fills on both ends of each hop the traffic crossed', async () => {
    await t.rest('r1').post('/rest/ping', { address: '10.0.23.3', count: '1' });
    const r2 = (await t.rest('r2').get('/rest/ip/arp?.proplist=address,interface,mac-address,dynamic,complete')).json;
    const macOf = async (node: string, port: string) => (await t.rest(node).get(`/rest/interface/${port}`)).json['mac-address'];
    assert.deepEqual(r2.map(({ '.id': _, ...r }: Record<string, string>) => r).sort((a: any, b: any) => a.address.localeCompare(b.address)), [
      { address: '10.0.12.1', complete: 'true', dynamic: 'true', interface: 'ether2', 'mac-address': await macOf('r1', 'ether2') },
      { address: '10.0.23.3', complete: 'true', dynamic: 'true', interface: 'ether3', 'mac-address': await macOf('r3', 'ether2') },
    ]);
    assert.notEqual(await macOf('r1', 'ether2'), await macOf('r3', 'ether2'), 'routers of a lab have MAC addresses of their own');
  });

  test('TTL too small: the router where it runs out answers TTL exceeded', async () => {
    const res = await t.rest('r1').post('/rest/ping', { address: '10.0.23.3', count: '1', ttl: '1' });
    assert.deepEqual(shape(res.json), [
      { host: '10.0.12.2', 'packet-loss': '100', received: '0', sent: '1', seq: '0', size: '84', status: 'TTL exceeded', time: 'RTT', ttl: '64' },
    ]);
  });

  test('a routing loop ends in TTL exceeded; an address nobody holds is host unreachable; no route is net unreachable', async () => {
    const loop = await t.rest('r1').post('/rest/ping', { address: '10.99.0.1', count: '1' });
    assert.equal(loop.json[0].status, 'TTL exceeded');
    assert.ok(['10.0.12.2', '10.0.23.3'].includes(loop.json[0].host), loop.text);
    const nobody = await t.rest('r1').post('/rest/ping', { address: '10.0.23.99', count: '1' });
    assert.equal(nobody.json[0].status, 'host unreachable');
    assert.equal(nobody.json[0].host, '10.0.12.2');
    const noRoute = await t.rest('r3').post('/rest/ping', { address: '172.31.0.1', count: '1' });
    assert.equal(noRoute.json[0].status, 'net unreachable');
    assert.equal(noRoute.json[0].host, '10.0.23.2');
  });

  test('traceroute names every hop', async () => {
    const res = await t.rest('r1').post('/rest/tool/traceroute', { address: '10.0.23.3', count: '1' });
    assert.equal(res.status, 200, res.text);
    assert.deepEqual(res.json.map((h: Record<string, string>) => [h['.section'], h.address, h.loss, h.sent, h.status]), [
      ['0', '10.0.12.2', '0', '1', ''],
      ['0', '10.0.23.3', '0', '1', ''],
    ]);
    assert.match(res.json[0].avg, /^\d+\.\d$/);
  });

  test('neighbours: identity, platform, version, board, interface, address and MAC of each', async () => {
    const r2 = (await t.rest('r2').get('/rest/ip/neighbor')).json;
    const strip = ({ '.id': _i, age: _a, uptime: _u, ...r }: Record<string, string>) => r;
    const mac1 = (await t.rest('r1').get('/rest/interface/ether2')).json['mac-address'];
    assert.deepEqual(r2.map(strip)[0], {
      address: '10.0.12.1', address4: '10.0.12.1', board: 'CHR', 'discovered-by': 'cdp,lldp,mndp', identity: 'r1',
      interface: 'ether2', 'interface-name': 'ether2', ipv6: 'false', 'mac-address': mac1, platform: 'MikroTik',
      'system-caps': 'bridge,router', 'system-caps-enabled': 'router', unpack: 'none', version: '7.24 (stable)',
    });
    assert.deepEqual(r2.map((n: Record<string, string>) => [n.interface, n.identity]), [['ether2', 'r1'], ['ether3', 'r3']]);
  });

  test('discovery-settings: a router that does not listen on a list hears no one', async () => {
    const c = t.rest('r3');
    assert.equal((await c.post('/rest/ip/neighbor/discovery-settings/set', { 'discover-interface-list': 'none' })).status, 200);
    assert.deepEqual((await c.get('/rest/ip/neighbor')).json, []);
    // r3 no longer sends either: r2 hears only r1.
    assert.deepEqual((await t.rest('r2').get('/rest/ip/neighbor')).json.map((n: Record<string, string>) => n.identity), ['r1']);
    await c.post('/rest/ip/neighbor/discovery-settings/set', { 'discover-interface-list': 'all' });
    assert.deepEqual((await c.get('/rest/ip/neighbor')).json.map((n: Record<string, string>) => n.identity), ['r2']);
  });

  test('disabling one end takes the link down on both; ping and neighbours follow; enabling brings it back', async () => {
    const r3 = t.rest('r3');
    assert.equal((await t.rest('r2').patch('/rest/interface/ether3', { disabled: 'true' })).status, 200);
    assert.equal((await r3.get('/rest/interface/ether2')).json.running, 'false');
    assert.equal((await t.rest('r2').get('/rest/interface/ether3')).json.running, 'false');
    assert.deepEqual((await r3.get('/rest/ip/neighbor')).json, []);
    const res = await t.rest('r1').post('/rest/ping', { address: '10.0.23.3', count: '1' });
    assert.equal(res.json[0].status, 'net unreachable');
    await t.rest('r2').patch('/rest/interface/ether3', { disabled: 'false' });
    assert.equal((await r3.get('/rest/interface/ether2')).json.running, 'true');
    assert.equal((await r3.get('/rest/interface/ether2')).json['link-downs'], '1');
    const again = await t.rest('r1').post('/rest/ping', { address: '10.0.23.3', count: '1' });
    assert.equal(again.json[0].received, '1');
  });

  test('the API face: neighbours and ping through a real socket', async () => {
    const api = await ApiClient.connect(t.port('r1', 'api'));
    try {
      await api.login();
      const neighbors = await api.call('/ip/neighbor/print', '=.proplist=identity,interface');
      assert.deepEqual(neighbors, [['!re', '=identity=r2', '=interface=ether2'], ['!done']]);
      const ping = await api.call('/ping', '=address=10.0.23.3', '=count=1');
      assert.equal(ping[0][0], '!re');
      assert.ok(ping[0].includes('=ttl=63'), ping[0].join(' '));
      assert.ok(ping[0].includes('=received=1'), ping[0].join(' '));
    } finally {
      api.socket.destroy();
    }
  });
});

describe('the console face', () => {
  test('/ip neighbor print and /ip arp print show the manual\'s columns', async () => {
    await t.rest('r1').post('/rest/ping', { address: '10.0.12.2', count: '1' });
    const mac2 = (await t.rest('r2').get('/rest/interface/ether2')).json['mac-address'];
    const neighbors = await t.rest('r1').post('/rest/execute', { script: '/ip neighbor print', 'as-string': '' });
    assert.equal(neighbors.json.ret, [
      'Columns: INTERFACE, ADDRESS, MAC-ADDRESS, IDENTITY, VERSION, BOARD',
      // Every cell padded to its column's width, the last one too (routeros-facts.md 43.1).
      '# INTERFACE  ADDRESS    MAC-ADDRESS        IDENTITY  VERSION        BOARD      ',
      `0 ether2     10.0.12.2  ${mac2}  r2        7.20 (stable)  RB5009UG+S+`,
    ].join('\r\n'));
    const arp = await t.rest('r1').post('/rest/execute', { script: '/ip arp print', 'as-string': '' });
    assert.equal(arp.json.ret, [
      'Flags: D - DYNAMIC',
      'Columns: ADDRESS, MAC-ADDRESS, INTERFACE, STATUS',
      '#   ADDRESS    MAC-ADDRESS        INTERFACE  STATUS   ',
      `0 D 10.0.12.2  ${mac2}  ether2     reachable`,
    ].join('\r\n'));
  });
});

describe('what the lab cannot forward', () => {
  test('an IPv6 destination or a bad source address times out, and the router keeps answering', async () => {
    const v6 = await t.rest('r1').post('/rest/ping', { address: '2001:db8::1', count: '1' });
    assert.equal(v6.status, 200, v6.text);
    assert.equal(v6.json[0].status, 'timeout');
    const src = await t.rest('r1').post('/rest/ping', { address: '10.0.23.3', count: '1', 'src-address': 'nonsense' });
    assert.equal(src.json[0].status, 'timeout');
    assert.equal((await t.rest('r1').post('/rest/ping', { address: '10.0.23.3', count: '1' })).json[0].received, '1');
  });
});
