// Site-to-site tunnels from test/lab/tunnels.clab.yml: r1 - r0 - r2, where r0 routes only
// between the sites' public addresses (10.1.0.0/24, 10.2.0.0/24). A network behind r1 reaches
// the one behind r2 only through a tunnel whose two ends agree: GRE, IPIP (with OSPF over it),
// WireGuard, EoIP and VXLAN bridging, and IPsec. Each test puts back what it changes.

import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { ApiClient, records } from '../api/client.js';
import { startLab, until, type TestLab } from './lab.js';

let t: TestLab;
before(async () => { t = await startLab('tunnels.clab.yml', { requestLimitMs: 5000 }); });
after(() => t.stop());

/** One echo from `src` on r1: what came back (received, and the TTL or status). */
async function ping(dst: string, src: string) {
  const res = await t.rest('r1').post('/rest/ping', { address: dst, 'src-address': src, count: '1' });
  assert.equal(res.status, 200, res.text);
  const [r] = res.json;
  return { received: r.received, ...(r.ttl ? { ttl: r.ttl } : {}), ...(r.status ? { status: r.status } : {}) };
}
const REPLY = { received: '1', ttl: '64' };
const LOST = { received: '0', status: 'timeout' };

const get = async (node: string, path: string) => (await t.rest(node).get(`/rest${path}`)).json;
const patch = async (node: string, path: string, body: Record<string, string>) => {
  const res = await t.rest(node).patch(`/rest${path}`, body);
  assert.equal(res.status, 200, res.text);
};
const running = async (node: string, name: string) => (await get(node, `/interface/${name}?.proplist=running`)).running;

describe('GRE and IPIP', () => {
  test('GRE carries the static route between the sites; its interfaces count the packets', async () => {
    assert.equal(await running('r1', 'gre1'), 'true');
    assert.equal(await running('r2', 'gre1'), 'true');
    const out = Number((await get('r1', '/interface/gre1?.proplist=tx-packet'))['tx-packet']);
    const into = Number((await get('r2', '/interface/gre1?.proplist=rx-packet'))['rx-packet']);
    assert.deepEqual(await ping('192.168.2.1', '192.168.1.1'), REPLY);
    assert.ok(Number((await get('r1', '/interface/gre1?.proplist=tx-packet'))['tx-packet']) >= out + 1, 'the echo went out of gre1');
    assert.ok(Number((await get('r2', '/interface/gre1?.proplist=rx-packet'))['rx-packet']) >= into + 1, 'and came in by r2 gre1');
    // From r1's public address the echo still goes by the tunnel (the route), but the answer
    // to a public address goes back by the underlay: one router (r0) on its way, TTL 63.
    assert.deepEqual(await ping('192.168.2.1', '10.1.0.1'), { received: '1', ttl: '63' });
  });

  test('GRE keepalive (the default 10s,10): the far end disabled, the tunnel stops running and carries nothing', async () => {
    await patch('r2', '/interface/gre/gre1', { disabled: 'true' });
    try {
      assert.equal(await until(() => running('r1', 'gre1'), (v) => v === 'false'), 'false');
      assert.deepEqual(await ping('192.168.2.1', '192.168.1.1'), LOST);
    } finally {
      await patch('r2', '/interface/gre/gre1', { disabled: 'false' });
    }
    assert.equal(await until(() => running('r1', 'gre1'), (v) => v === 'true'), 'true');
    assert.deepEqual(await ping('192.168.2.1', '192.168.1.1'), REPLY);
  });

  test('a firewall of the far end dropping GRE: the keepalives go unanswered, both ends stop running', async () => {
    const res = await t.rest('r2').put('/rest/ip/firewall/filter', { chain: 'input', protocol: 'gre', action: 'drop' });
    assert.equal(res.status, 201, res.text);
    try {
      assert.equal(await until(() => running('r1', 'gre1'), (v) => v === 'false'), 'false');
      assert.equal(await running('r2', 'gre1'), 'false');
      assert.deepEqual(await ping('192.168.2.1', '192.168.1.1'), LOST);
    } finally {
      await t.rest('r2').delete(`/rest/ip/firewall/filter/${res.json['.id']}`);
    }
    assert.equal(await until(() => running('r1', 'gre1'), (v) => v === 'true'), 'true');
  });

  test('OSPF over IPIP: the far network is an OSPF route through the tunnel, and carries', async () => {
    const routes = await get('r1', '/ip/route?dst-address=192.168.12.0/24&.proplist=gateway,immediate-gw,ospf,active');
    assert.deepEqual(routes, [{ active: 'true', gateway: '172.16.2.2%ipip1', 'immediate-gw': '172.16.2.2%ipip1', ospf: 'true' }]);
    assert.deepEqual(await ping('192.168.12.1', '192.168.11.1'), REPLY);
  });

  test('IPIP without keepalive keeps running with its far end disabled, but carries nothing', async () => {
    await patch('r2', '/interface/ipip/ipip1', { disabled: 'true' });
    try {
      await until(() => get('r1', '/ip/route?dst-address=192.168.12.0/24'), (v) => v.length === 0);
      assert.equal(await running('r1', 'ipip1'), 'true');
      assert.deepEqual(await ping('172.16.2.2', '172.16.2.1'), LOST);
    } finally {
      await patch('r2', '/interface/ipip/ipip1', { disabled: 'false' });
    }
    await until(() => get('r1', '/ip/route?dst-address=192.168.12.0/24'), (v) => v.length === 1);
    assert.deepEqual(await ping('192.168.12.1', '192.168.11.1'), REPLY);
  });
});

describe('WireGuard', () => {
  test('each interface shows the X25519 public key of its private key', async () => {
    assert.equal((await get('r1', '/interface/wireguard/wg1'))['public-key'], 'N4OeoBtxvghyQXVKbdIIcS4JSMp/1PQAg6qq6s0Zw0U=');
    assert.equal((await get('r2', '/interface/wireguard/wg1'))['public-key'], 'wq44f/BgE3jxfl/L8JzDzRGbLrJRJvCBnqAKSRDSk3Y=');
  });

  test('site to site: ping across, a handshake on both peers, and what one sent the other received', async () => {
    assert.deepEqual(await ping('192.168.22.1', '192.168.21.1'), REPLY);
    const fields = '.proplist=current-endpoint-address,current-endpoint-port,last-handshake,rx,tx';
    const [r1] = await get('r1', `/interface/wireguard/peers?name=to-r2&${fields}`);
    assert.match(r1['last-handshake'], /^\d+s$/);
    assert.equal(r1['current-endpoint-address'], '10.2.0.2');
    assert.equal(r1['current-endpoint-port'], '13231');
    assert.ok(Number(r1.tx) > 0 && Number(r1.rx) > 0, JSON.stringify(r1));
    // r2 answers where r1's handshake came from, and shows it over the API as well.
    const api = await ApiClient.connect(t.port('r2', 'api'));
    try {
      await api.login();
      const reply = await api.call('/interface/wireguard/peers/print', '?name=to-r1', `=${fields}`);
      const [r2] = records(reply);
      assert.match(r2['last-handshake'], /^\d+s$/);
      assert.equal(r2['current-endpoint-address'], '10.1.0.1');
      assert.equal(r2['current-endpoint-port'], '13231');
      assert.equal(r2.rx, r1.tx);
      assert.equal(r2.tx, r1.rx);
    } finally {
      api.socket.destroy();
    }
  });

  test('a peer whose public key is not the far end\'s: no handshake and no traffic', async () => {
    assert.deepEqual(await ping('10.255.1.2', '10.255.1.1'), LOST);
    const fields = '.proplist=current-endpoint-address,current-endpoint-port,last-handshake,rx,tx';
    assert.deepEqual(await get('r1', `/interface/wireguard/peers?name=wrong&${fields}`), [
      { 'current-endpoint-address': '10.2.0.2', 'current-endpoint-port': '13232', rx: '0', tx: '0' },
    ]);
    assert.deepEqual(await get('r2', `/interface/wireguard/peers?name=r1-wg2&${fields}`), [
      { 'current-endpoint-address': '', 'current-endpoint-port': '0', rx: '0', tx: '0' },
    ]);
  });

  test('interfaces added with keys of their own, each peer given the other\'s public key: persistent-keepalive handshakes without traffic', async () => {
    const made: [string, string][] = [];
    try {
      const add = async (node: string, path: string, body: Record<string, string>) => {
        const res = await t.rest(node).put(`/rest${path}`, body);
        assert.equal(res.status, 201, res.text);
        made.unshift([node, `/rest${path}/${res.json['.id']}`]);
        return res.json;
      };
      const a = await add('r1', '/interface/wireguard', { name: 'wg3', 'listen-port': '13233' });
      const b = await add('r2', '/interface/wireguard', { name: 'wg3', 'listen-port': '13233' });
      await add('r2', '/interface/wireguard/peers', { interface: 'wg3', name: 'new', 'public-key': a['public-key'], 'allowed-address': '10.255.3.1/32' });
      await add('r1', '/interface/wireguard/peers', {
        interface: 'wg3', name: 'new', 'public-key': b['public-key'], 'endpoint-address': '10.2.0.2', 'endpoint-port': '13233',
        'allowed-address': '10.255.3.2/32', 'persistent-keepalive': '25s',
      });
      const shown = await until(() => get('r2', '/interface/wireguard/peers?name=new&.proplist=current-endpoint-address,last-handshake,rx,tx'), (v) => !!v[0]?.['last-handshake']);
      assert.match(shown[0]['last-handshake'], /^\d+s$/);
      // r2 received the handshake initiation (148 bytes) and a keepalive (32), and answered (92).
      assert.deepEqual({ ...shown[0], 'last-handshake': 'seen' }, { 'current-endpoint-address': '10.1.0.1', 'last-handshake': 'seen', rx: '180', tx: '92' });
    } finally {
      for (const [node, path] of made) await t.rest(node).delete(path);
    }
  });

  test('cryptokey routing: a destination no peer allows is not sent; a source the far peer does not allow is dropped there', async () => {
    const fields = '.proplist=rx,tx';
    // Routed into wg1, but 192.168.2.129 is in none of r1's peer's allowed-address: nothing is sent.
    const res = await t.rest('r1').put('/rest/ip/route', { 'dst-address': '192.168.2.128/25', gateway: '10.255.0.2' });
    assert.equal(res.status, 201, res.text);
    try {
      await ping('192.168.22.1', '192.168.21.1');
      const [sent] = await get('r1', `/interface/wireguard/peers?name=to-r2&${fields}`);
      assert.deepEqual(await ping('192.168.2.129', '192.168.1.1'), LOST);
      assert.deepEqual(await get('r1', `/interface/wireguard/peers?name=to-r2&${fields}`), [sent]);
    } finally {
      await t.rest('r1').delete(`/rest/ip/route/${res.json['.id']}`);
    }
    // From lan-gre's 192.168.1.1 to r2's lan-wg: r1 sends it (tx), r2 receives it (rx) and
    // drops it, for its peer allows only 10.255.0.1/32 and 192.168.21.0/24 from r1.
    const [before] = await get('r2', `/interface/wireguard/peers?name=to-r1&${fields}`);
    assert.deepEqual(await ping('192.168.22.1', '192.168.1.1'), LOST);
    const [after] = await get('r2', `/interface/wireguard/peers?name=to-r1&${fields}`);
    // The 84-byte echo in a data message: 16 bytes of header, 96 padded, a 16-byte tag.
    assert.equal(Number(after.rx), Number(before.rx) + 128, 'the echo came in');
    assert.equal(after.tx, before.tx, 'and nothing went back');
  });
});

describe('EoIP and VXLAN', () => {
  test('EoIP bridges one network across both sites: ping and ARP as on one segment', async () => {
    assert.deepEqual(await ping('192.168.50.2', '192.168.50.1'), REPLY);
    const mac = (await get('r2', '/interface/bridge/br-eoip'))['mac-address'];
    assert.deepEqual(await get('r1', '/ip/arp?address=192.168.50.2&.proplist=interface,mac-address'), [{ interface: 'br-eoip', 'mac-address': mac }]);
  });

  test('EoIP with another tunnel-id on the far end: not running (keepalive), nothing crosses', async () => {
    await patch('r2', '/interface/eoip/eoip1', { 'tunnel-id': '8' });
    try {
      assert.equal(await until(() => running('r1', 'eoip1'), (v) => v === 'false'), 'false');
      assert.deepEqual(await ping('192.168.50.2', '192.168.50.1'), LOST);
    } finally {
      await patch('r2', '/interface/eoip/eoip1', { 'tunnel-id': '7' });
    }
    assert.equal(await until(() => running('r1', 'eoip1'), (v) => v === 'true'), 'true');
  });

  test('VXLAN with VTEPs bridges a network across; another VNI on the far end does not', async () => {
    assert.deepEqual(await ping('192.168.60.2', '192.168.60.1'), REPLY);
    await patch('r2', '/interface/vxlan/vxlan1', { vni: '101' });
    try {
      assert.deepEqual(await until(() => ping('192.168.60.2', '192.168.60.1'), (v) => v.received === '0'), LOST);
    } finally {
      await patch('r2', '/interface/vxlan/vxlan1', { vni: '100' });
    }
    assert.deepEqual(await until(() => ping('192.168.60.2', '192.168.60.1'), (v) => v.received === '1'), REPLY);
  });
});

describe('IPsec', () => {
  const PEER = '.proplist=local-address,remote-address,state,side,ph2-total';
  const SA = '.proplist=src-address,dst-address,state,auth-algorithm,enc-algorithm,enc-key-size';

  test('matching proposals: the peer established, an SA each way, and the policy\'s traffic crosses', async () => {
    assert.deepEqual(await get('r1', `/ip/ipsec/active-peers?${PEER}`), [
      { 'local-address': '10.1.0.1', 'ph2-total': '1', 'remote-address': '10.2.0.2', side: 'initiator', state: 'established' },
    ]);
    assert.deepEqual(await get('r2', `/ip/ipsec/active-peers?${PEER}`), [
      { 'local-address': '10.2.0.2', 'ph2-total': '1', 'remote-address': '10.1.0.1', side: 'responder', state: 'established' },
    ]);
    const sa = { 'auth-algorithm': 'sha256', 'enc-algorithm': 'aes-cbc', 'enc-key-size': '256', state: 'mature' };
    assert.deepEqual(await get('r1', `/ip/ipsec/installed-sa?${SA}`), [
      { ...sa, 'src-address': '10.1.0.1', 'dst-address': '10.2.0.2' },
      { ...sa, 'src-address': '10.2.0.2', 'dst-address': '10.1.0.1' },
    ]);
    assert.deepEqual(await ping('192.168.32.1', '192.168.31.1'), REPLY);
  });

  test('mismatching proposals: phase 1 up, no SA (ph2-total 0), the policy\'s traffic dropped', async () => {
    const [proposal] = await get('r2', '/ip/ipsec/proposal?name=site');
    await patch('r2', `/ip/ipsec/proposal/${proposal['.id']}`, { 'enc-algorithms': '3des' });
    try {
      assert.deepEqual(await until(() => get('r1', `/ip/ipsec/active-peers?${PEER}`), (v) => v[0]?.['ph2-total'] === '0'), [
        { 'local-address': '10.1.0.1', 'ph2-total': '0', 'remote-address': '10.2.0.2', side: 'initiator', state: 'established' },
      ]);
      assert.deepEqual(await get('r1', `/ip/ipsec/installed-sa?${SA}`), []);
      assert.deepEqual(await ping('192.168.32.1', '192.168.31.1'), LOST);
    } finally {
      await patch('r2', `/ip/ipsec/proposal/${proposal['.id']}`, { 'enc-algorithms': 'aes-256-cbc' });
    }
    await until(() => get('r1', `/ip/ipsec/installed-sa?${SA}`), (v) => v.length === 2);
    assert.deepEqual(await ping('192.168.32.1', '192.168.31.1'), REPLY);
  });

  test('a different pre-shared secret: no active peer at all', async () => {
    const [identity] = await get('r2', '/ip/ipsec/identity');
    await patch('r2', `/ip/ipsec/identity/${identity['.id']}`, { secret: 'other' });
    try {
      assert.deepEqual(await until(() => get('r1', `/ip/ipsec/active-peers?${PEER}`), (v) => v.length === 0), []);
    } finally {
      await patch('r2', `/ip/ipsec/identity/${identity['.id']}`, { secret: 'site-to-site' });
    }
    await until(() => get('r1', `/ip/ipsec/active-peers?${PEER}`), (v) => v.length === 1);
  });
});
