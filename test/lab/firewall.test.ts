// A firewall between two networks, from test/lab/firewall.clab.yml: h1 on the LAN, w1 on the
// WAN; masquerade out, a dst-nat in, the WAN kept out of the LAN, an address list on input.

import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { ApiClient } from '../api/client.js';
import { startLab, type TestLab } from './lab.js';

let t: TestLab;
before(async () => { t = await startLab('firewall.clab.yml', { requestLimitMs: 5000 }); });
after(() => t.stop());

type Rec = Record<string, string>;
const ping = async (node: string, address: string, more: Rec = {}) => (await t.rest(node).post('/rest/ping', { address, count: '1', ...more })).json[0] as Rec;
const counters = async (menu: string) => (await t.rest('fw').get(`/rest/ip/firewall/${menu}?.proplist=.id,bytes,packets`)).json as Rec[];

describe('a firewall between two networks', () => {
  test('the LAN reaches the WAN through masquerade; the WAN sees the firewall\'s address', async () => {
    const nat = await counters('nat');
    const res = await ping('h1', '203.0.113.20');
    assert.equal(res.received, '1', JSON.stringify(res));
    assert.equal(res.ttl, '63');
    // w1 learned the firewall's address, not h1's: the echo came from 203.0.113.1 (another test's
    // src-nat to 203.0.113.2 may have taught it that one too; never a LAN address).
    const arp = (await t.rest('w1').get('/rest/ip/arp')).json.map((a: Rec) => a.address) as string[];
    assert.ok(arp.includes('203.0.113.1'), JSON.stringify(arp));
    assert.deepEqual(arp.filter((a) => !a.startsWith('203.0.113.')), []);
    const after = await counters('nat');
    assert.equal(Number(after[0].packets), Number(nat[0].packets) + 1, 'masquerade counted the new connection');
    assert.equal(Number(after[0].bytes), Number(nat[0].bytes) + 84, 'an echo of 56 bytes is an 84-byte packet');
  });

  test('the WAN cannot open a connection into the LAN: the forward drop counts it', async () => {
    const before = await counters('filter');
    const res = await ping('w1', '192.168.1.10');
    assert.equal(res.status, 'timeout');
    const after = await counters('filter');
    assert.equal(Number(after[3].packets), Number(before[3].packets) + 1, 'drop in-interface-list=WAN');
    assert.equal(after[1].packets, before[1].packets, 'nothing established');
  });

  test('dst-nat forwards the WAN address to the LAN host; the answer comes back from the address pinged', async () => {
    const before = await counters('filter');
    const res = await ping('w1', '203.0.113.2');
    assert.equal(res.received, '1', JSON.stringify(res));
    assert.equal(res.host, '203.0.113.2');
    assert.equal(res.ttl, '63', 'the echo reply crossed the firewall');
    const after = await counters('filter');
    assert.equal(Number(after[2].packets), Number(before[2].packets) + 1, 'accept connection-nat-state=dstnat');
    assert.equal(Number(after[1].packets), Number(before[1].packets) + 1, 'the reply is established');
    const nat = await counters('nat');
    assert.ok(Number(nat[1].packets) >= 1, 'dst-nat counted');
  });

  test('an address list on input: the firewall stops answering a listed source', async () => {
    assert.equal((await ping('w1', '203.0.113.1')).received, '1');
    const fw = t.rest('fw');
    assert.equal((await fw.put('/rest/ip/firewall/address-list', { list: 'blocked', address: '203.0.113.20' })).status, 201);
    const before = await counters('filter');
    assert.equal((await ping('w1', '203.0.113.1')).status, 'timeout');
    const after = await counters('filter');
    assert.equal(Number(after[0].packets), Number(before[0].packets) + 1);
    const list = (await fw.get('/rest/ip/firewall/address-list?address=203.0.113.20')).json;
    await fw.delete(`/rest/ip/firewall/address-list/${list[0]['.id']}`);
    assert.equal((await ping('w1', '203.0.113.1')).received, '1');
  });

  test('address types, packet size and rate limits match as a ping meets them', async () => {
    const fw = t.rest('fw');
    const first = (await fw.get('/rest/ip/firewall/filter')).json[0]['.id'];
    const rule = (await fw.put('/rest/ip/firewall/filter', {
      chain: 'input', action: 'drop', protocol: 'icmp', 'dst-address-type': 'local', 'src-address-type': 'unicast',
      'packet-size': '0-100', limit: '10,5:packet', 'place-before': first,
    })).json;
    assert.ok(rule['.id'], JSON.stringify(rule));
    try {
      assert.equal((await ping('w1', '203.0.113.1')).status, 'timeout', 'an 84-byte echo to the firewall itself');
      assert.equal((await ping('w1', '203.0.113.1', { size: '200' })).received, '1', 'a 228-byte echo is not 0-100');
      assert.equal((await fw.get(`/rest/ip/firewall/filter/${rule['.id']}`)).json.packets, '1');
    } finally {
      await fw.delete(`/rest/ip/firewall/filter/${rule['.id']}`);
    }
  });

  test('reset-counters clears what the traffic counted', async () => {
    await ping('h1', '203.0.113.20');
    const fw = t.rest('fw');
    assert.equal((await fw.post('/rest/ip/firewall/filter/reset-counters-all')).status, 200);
    assert.deepEqual((await counters('filter')).map((r) => [r.bytes, r.packets]), [['0', '0'], ['0', '0'], ['0', '0'], ['0', '0']]);
  });

  test('an output rule on the host itself: its own echo never leaves', async () => {
    const h1 = t.rest('h1');
    const rule = (await h1.put('/rest/ip/firewall/filter', { chain: 'output', action: 'drop', 'dst-address': '203.0.113.0/24', protocol: 'icmp' })).json;
    assert.equal((await ping('h1', '203.0.113.20')).status, 'timeout');
    const counted = (await h1.get(`/rest/ip/firewall/filter/${rule['.id']}`)).json;
    assert.equal(counted.packets, '1');
    await h1.delete(`/rest/ip/firewall/filter/${rule['.id']}`);
    assert.equal((await ping('h1', '203.0.113.20')).received, '1');
  });

  test('src-nat to an address of choice counts, and the answer finds its way back', async () => {
    const fw = t.rest('fw');
    const masq = (await fw.get('/rest/ip/firewall/nat?action=masquerade')).json[0];
    await fw.patch(`/rest/ip/firewall/nat/${masq['.id']}`, { disabled: 'true' });
    const rule = (await fw.put('/rest/ip/firewall/nat', { chain: 'srcnat', action: 'src-nat', 'to-addresses': '203.0.113.2', 'src-address': '192.168.1.0/24' })).json;
    try {
      const res = await ping('h1', '203.0.113.20');
      assert.equal(res.received, '1', JSON.stringify(res));
      assert.equal((await fw.get(`/rest/ip/firewall/nat/${rule['.id']}`)).json.packets, '1');
    } finally {
      await fw.delete(`/rest/ip/firewall/nat/${rule['.id']}`);
      await fw.patch(`/rest/ip/firewall/nat/${masq['.id']}`, { disabled: 'false' });
    }
  });

  test('traceroute across the firewall, through the API', async () => {
    const api = await ApiClient.connect(t.port('h1', 'api'));
    try {
      await api.login();
      const reply = await api.call('/tool/traceroute', '=address=203.0.113.20', '=count=1', '=.proplist=address,status');
      assert.deepEqual(reply, [
        ['!re', '=address=192.168.1.1', '=status='],
        ['!re', '=address=203.0.113.20', '=status='],
        ['!done'],
      ]);
    } finally {
      api.socket.destroy();
    }
  });

  test('monitor-traffic follows the traffic of a port', async () => {
    const res = await t.rest('fw').post('/rest/interface/monitor-traffic', { interface: 'ether3', once: 'true' });
    assert.equal(res.status, 200, res.text);
    assert.ok(Number(res.json[0]['tx-packets-per-second']) >= 0);
    await ping('h1', '203.0.113.20', { count: '5', interval: '10ms' });
    const busy = await t.rest('fw').post('/rest/interface/monitor-traffic', { interface: 'ether3', once: 'true' });
    assert.ok(Number(busy.json[0]['tx-packets-per-second']) >= 5, busy.text);
    assert.ok(Number(busy.json[0]['rx-packets-per-second']) >= 5, busy.text);
  });
});
