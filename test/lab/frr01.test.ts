// containerlab's own frr01 example (test/lab/frr01.clab.yml): three routers in an OSPF
// triangle and a Linux PC behind each, the PCs made by the example's exec lines. The PCs are
// reached as a user reaches them: the lab's exec port named in lab.json (the REST way of
// `vrouter lab exec`), the routers over REST. Expected output is iputils' ping and
// iproute2's `ip route` (docs/routeros-facts.md 56).

import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { startLab, until, type TestLab } from './lab.js';

let t: TestLab;
let execUrl: string;
before(async () => {
  t = await startLab('frr01.clab.yml', { requestLimitMs: 5000 });
  execUrl = JSON.parse(fs.readFileSync(path.join(t.dir, 'lab.json'), 'utf8')).exec;
});
after(() => t.stop());

interface Exec { stdout: string; stderr: string; 'return-code': number }

async function exec(node: string, cmd: string[]): Promise<Exec> {
  const res = await fetch(execUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ node, cmd }) });
  assert.equal(res.status, 200);
  return await res.json() as Exec;
}

/** A ping's output with each round trip (and the total time) as `T`: the rest is exact. */
const shape = (out: string) => out.replace(/time=\d+(\.\d+)? ms/g, 'time=T ms').replace(/time \d+ms/, 'time Tms')
  .replace(/= [\d.]+\/[\d.]+\/[\d.]+\/[\d.]+ ms/, '= T ms');

describe('containerlab frr01: PCs behind an OSPF triangle', () => {
  test('the lab lists its hosts and where exec reaches them', () => {
    const json = JSON.parse(fs.readFileSync(path.join(t.dir, 'lab.json'), 'utf8'));
    assert.deepEqual(json.hosts, ['PC1', 'PC2', 'PC3']);
    assert.match(json.exec, /^http:\/\/127\.0\.0\.1:\d+\/exec$/);
    assert.deepEqual(Object.keys(json.nodes), ['router1', 'router2', 'router3']);
  });

  test('a PC pings the PCs behind the other routers: two routers on the way, TTL 62', async () => {
    for (const [to, dst] of [['PC2', '192.168.12.2'], ['PC3', '192.168.13.2']]) {
      const r = await exec('PC1', ['ping', '-c', '2', '-i', '0.2', dst]);
      assert.equal(r['return-code'], 0, `${to}: ${r.stdout}${r.stderr}`);
      assert.equal(shape(r.stdout), [
        `PING ${dst} (${dst}) 56(84) bytes of data.`,
        `64 bytes from ${dst}: icmp_seq=1 ttl=62 time=T ms`,
        `64 bytes from ${dst}: icmp_seq=2 ttl=62 time=T ms`,
        '',
        `--- ${dst} ping statistics ---`,
        '2 packets transmitted, 2 received, 0% packet loss, time Tms',
        'rtt min/avg/max/mdev = T ms',
        '',
      ].join('\n'));
      // ping waits its interval between echoes.
      assert.ok(Number(/time (\d+)ms/.exec(r.stdout)![1]) >= 200, r.stdout);
    }
  });

  test('a PC\'s routes are its exec lines\' and its network\'s, as ip route prints them', async () => {
    const r = await exec('PC1', ['ip', 'route']);
    assert.equal(r.stdout, [
      '10.10.10.0/24 via 192.168.11.1 dev eth1 ',
      '192.168.0.0/16 via 192.168.11.1 dev eth1 ',
      '192.168.11.0/24 dev eth1 proto kernel scope link src 192.168.11.2 ',
      '',
    ].join('\n'));
  });

  test('a router answers its PC and holds the PC\'s MAC address (containerlab\'s aa:c1:ab) in its ARP table', async () => {
    const ping = await t.rest('router1').post('/rest/ping', { address: '192.168.11.2', count: '1' });
    assert.equal(ping.json[0].received, '1', ping.text);
    assert.equal(ping.json[0].ttl, '64');
    const arp = (await t.rest('router1').get('/rest/ip/arp')).json.filter((a: Record<string, string>) => a.address === '192.168.11.2');
    assert.deepEqual(arp.map((a: Record<string, string>) => [a.interface, a['mac-address']]), [['ether4', 'AA:C1:AB:00:00:01']]);
  });

  test('the example\'s loopbacks are in no OSPF network: a PC reaches its own router\'s, not another\'s', async () => {
    const own = await exec('PC1', ['ping', '-c', '1', '10.10.10.1']);
    assert.equal(own['return-code'], 0, own.stdout);
    const other = await exec('PC1', ['ping', '-c', '1', '10.10.10.2']);
    assert.equal(other['return-code'], 1);
    assert.equal(shape(other.stdout), [
      'PING 10.10.10.2 (10.10.10.2) 56(84) bytes of data.',
      'From 192.168.11.1 icmp_seq=1 Destination Net Unreachable',
      '',
      '--- 10.10.10.2 ping statistics ---',
      '1 packets transmitted, 0 received, +1 errors, 100% packet loss, time Tms',
      '',
    ].join('\n'));
  });

  test('a PC\'s link set down: its router\'s port loses carrier, OSPF withdraws the network; up again, back', async () => {
    try {
      assert.deepEqual(await exec('PC3', ['ip', 'link', 'set', 'eth1', 'down']), { stdout: '', stderr: '', 'return-code': 0 });
      const port = await until(() => t.rest('router3').get('/rest/interface/ether4'), (r) => r.json.running === 'false');
      assert.equal(port.json.running, 'false');
      const r = await exec('PC1', ['ping', '-c', '1', '192.168.13.2']);
      assert.equal(r['return-code'], 1);
      assert.match(r.stdout, /^From 192\.168\.11\.1 icmp_seq=1 Destination Net Unreachable$/m);
    } finally {
      await exec('PC3', ['ip', 'link', 'set', 'eth1', 'up']);
    }
    await until(() => t.rest('router3').get('/rest/interface/ether4'), (r) => r.json.running === 'true');
    const back = await exec('PC1', ['ping', '-c', '1', '192.168.13.2']);
    assert.equal(back['return-code'], 0, back.stdout);
  });

  test('a command a host does not run, and exec on a router, are refused', async () => {
    assert.deepEqual(await exec('PC1', ['traceroute', '192.168.12.2']), {
      stdout: '', 'return-code': 127,
      stderr: 'traceroute: not supported (a lab host runs ping -c, ip route, ip -br address, ip address add|del, ip route add|replace|del, '
        + 'ip link set (up, down, mtu), ip link add ... type vlan, ip -6 ..., udhcpc -i IF, dhclient IF, sysctl net.ipv6.conf.IF.accept_ra|autoconf)\n',
    });
    assert.deepEqual(await exec('router1', ['ping', '-c', '1', '192.168.11.2']), {
      stdout: '', 'return-code': 1, stderr: 'node router1 is a RouterOS router: reach it at its ports in lab.json (ssh, api, www)\n',
    });
    const bad = await fetch(execUrl, { method: 'POST', body: '{"node": "PC1"' });
    assert.equal(bad.status, 400);
    assert.deepEqual(await bad.json(), { error: 'body is not JSON ({"node": ..., "cmd": [...]})' });
  });
});
