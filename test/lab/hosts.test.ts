// Linux hosts beside a router (test/lab/hosts.clab.yml): DHCP from the router's
// /ip dhcp-server to udhcpc and dhclient, a VLAN interface made by `ip link add`, a port on a
// dummy link; and `vrouter lab exec` and a refused exec line as a user meets them, the
// command spawned. Expected values are the router's and Linux's (docs/routeros-facts.md 56).

import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { startLab as startSpawned, CLI, labDir, runLab } from './spawned.js';
import { parse } from 'yaml';
import { checkTopology } from '../../src/lab/topology.js';
import { startLab, until, type TestLab } from './lab.js';
import { v2c } from '../services/snmp-clients.js';

let t: TestLab;
before(async () => { t = await startLab('hosts.clab.yml', { requestLimitMs: 5000 }); });
after(() => t.stop());

const run = (node: string, ...cmd: string[]) => t.lab.exec(node, cmd);

describe('hosts: DHCP, a VLAN and a dummy link', () => {
  test('udhcpc and dhclient take leases from the router; the server shows what each client sends', async () => {
    const leases = (await until(() => t.rest('r1').get('/rest/ip/dhcp-server/lease'), (r) => r.json.length === 2)).json;
    const got = leases.map((l: Record<string, string>) => [l.address, l['mac-address'], l['client-id'], l['host-name'], l.server, l.status, l.dynamic]);
    assert.deepEqual(got, [
      // udhcpc sends its MAC address as client id and no host name; dhclient (Debian's dhclient.conf) its host name.
      ['10.0.0.10', 'AA:C1:AB:00:00:01', '1:aa:c1:ab:0:0:1', undefined, 'lan', 'bound', 'true'],
      ['10.0.0.11', 'AA:C1:AB:00:01:01', undefined, 'h2', 'lan', 'bound', 'true'],
    ]);
  });

  test('SNMP counts the bound leases: mtxrDHCPLeaseCount is 2 once both hosts hold theirs', async () => {
    await until(() => t.rest('r1').get('/rest/ip/dhcp-server/lease'), (r) => r.json.filter((l: Record<string, string>) => l.status === 'bound').length === 2);
    assert.equal((await t.rest('r1').post('/rest/snmp/set', { enabled: 'yes' })).status, 200);
    const json = await until(async () => JSON.parse(fs.readFileSync(path.join(t.dir, 'lab.json'), 'utf8')), (j) => j.nodes.r1.snmp !== undefined);
    assert.deepEqual(await v2c('snmpget', json.nodes.r1.snmp, 'public', '.1.3.6.1.4.1.14988.1.1.6.1.0'), ['.1.3.6.1.4.1.14988.1.1.6.1.0 = Gauge32: 2']);
  });

  test('a leased host holds the address and the default route its client script adds', async () => {
    assert.deepEqual(await run('h2', 'ip', '-4', '-br', 'address'), {
      stdout: 'lo               UNKNOWN        127.0.0.1/8 \neth0             UP             \neth1             UP             10.0.0.11/24 \n', stderr: '', code: 0,
    });
    assert.equal((await run('h2', 'ip', 'route')).stdout, 'default via 10.0.0.1 dev eth1 \n10.0.0.0/24 dev eth1 proto kernel scope link src 10.0.0.11 \n');
    const r = await run('h2', 'ping', '-c', '1', '10.0.0.10');
    assert.equal(r.code, 0, r.stdout);
    assert.match(r.stdout, /^64 bytes from 10\.0\.0\.10: icmp_seq=1 ttl=64 time=[\d.]+ ms$/m);
  });

  test('a VLAN interface of ip link add carries a route to the router\'s loopback; the router learns the host on its VLAN', async () => {
    const r = await run('h1', 'ping', '-c', '1', '-I', 'eth2.10', '10.0.20.1');
    assert.equal(r.code, 0, r.stdout);
    assert.match(r.stdout, /^64 bytes from 10\.0\.20\.1: icmp_seq=1 ttl=64 /m);
    const arp = (await t.rest('r1').get('/rest/ip/arp')).json.filter((a: Record<string, string>) => a.address === '10.0.10.2');
    assert.deepEqual(arp.map((a: Record<string, string>) => [a.interface, a['mac-address']]), [['vlan10', 'AA:C1:AB:00:00:02']]);
    assert.equal((await run('h1', 'ip', 'route')).stdout, [
      'default via 10.0.0.1 dev eth1 ',
      '10.0.0.0/24 dev eth1 proto kernel scope link src 10.0.0.10 ',
      '10.0.10.0/24 dev eth2.10 proto kernel scope link src 10.0.10.2 ',
      '10.0.20.0/24 via 10.0.10.1 dev eth2.10 ',
      '10.9.9.0/24 dev eth3 proto kernel scope link src 10.9.9.1 ',
      '',
    ].join('\n'));
  });

  test('a port on a dummy link runs with no peer: nothing answers behind it', async () => {
    assert.equal((await run('h1', 'ip', '-4', '-br', 'address', 'show', 'dev', 'eth3')).stdout, 'eth3             UP             10.9.9.1/24 \n');
    const r = await run('h1', 'ping', '-c', '2', '-i', '0', '10.9.9.2');
    assert.equal(r.code, 1);
    assert.match(r.stdout, /^PING 10\.9\.9\.2 \(10\.9\.9\.2\) 56\(84\) bytes of data\.\n\n--- 10\.9\.9\.2 ping statistics ---\n2 packets transmitted, 0 received, 100% packet loss, time \d+ms\n$/);
  });

  test('SLAAC: a host that takes router advertisements makes an EUI-64 address of the router\'s /64; accept_ra=0 keeps none', async () => {
    assert.equal((await run('h1', 'ip', '-6', '-br', 'address', 'show', 'dev', 'eth1')).stdout,
      'eth1             UP             2001:db8:1:0:a8c1:abff:fe00:1/64 fe80::a8c1:abff:fe00:1/64 \n');
    assert.equal((await run('h2', 'ip', '-6', '-br', 'address', 'show', 'dev', 'eth1')).stdout, 'eth1             UP             fe80::a8c1:abff:fe00:101/64 \n');
    // The advertisement's prefix is on-link, and r1 (its link-local address) a default router; advertise=no keeps 2001:db8:10::/64 out.
    const routes = (await run('h1', 'ip', '-6', 'route')).stdout.split('\n');
    assert.ok(routes.includes('2001:db8:1::/64 dev eth1 proto ra metric 1024 pref medium '), routes.join('\n'));
    assert.ok(routes.includes('2001:db8:10::/64 dev eth2.10 proto kernel metric 256 pref medium '), routes.join('\n'));
    // r1's link-local address on ether2, as its /ipv6 address shows it.
    const own = (await t.rest('r1').get('/rest/ipv6/address')).json as Record<string, string>[];
    const ll = own.find((a) => a.interface === 'ether2' && a.address.startsWith('fe80::'))!.address.split('/')[0];
    assert.ok(routes.includes(`default via ${ll} dev eth1 proto ra metric 1024 pref medium `), routes.join('\n'));
  });

  test('ping usage as iputils has it: no route, no name service, no count', async () => {
    // h2's default route takes it to r1, which has none: r1 answers.
    const far = await run('h2', 'ping', '-c', '1', '-I', 'eth1', '172.16.0.1');
    assert.equal(far.code, 1);
    assert.match(far.stdout, /^From 10\.0\.0\.1 icmp_seq=1 Destination Net Unreachable\n\n--- 172\.16\.0\.1 ping statistics ---\n1 packets transmitted, 0 received, \+1 errors, 100% packet loss, time \d+ms\n$/m);
    assert.deepEqual(await run('h1', 'ping', '-c', '1', 'r1'), { stdout: '', stderr: 'ping: r1: Name or service not known\n', code: 2 });
    assert.equal((await run('h1', 'ping', '10.0.0.1')).stderr, 'ping: give -c COUNT: vrouter lab exec runs a command to its end and prints its output then\n');
    await run('h1', 'ip', 'route', 'del', 'default');
    try {
      assert.deepEqual(await run('h1', 'ping', '-c', '1', '172.16.0.1'), { stdout: '', stderr: 'ping: connect: Network is unreachable\n', code: 2 });
    } finally {
      assert.equal((await run('h1', 'ip', 'route', 'add', 'default', 'via', '10.0.0.1')).code, 0);
    }
  });

  test('an exec line that fails on Linux fails with Linux\'s message, changing nothing', async () => {
    assert.deepEqual(await run('h1', 'ip', 'route', 'add', '10.1.0.0/16', 'via', '10.8.0.1'), { stdout: '', stderr: 'Error: Nexthop has invalid gateway.\n', code: 2 });
    assert.deepEqual(await run('h1', 'ip', 'addr', 'add', '10.7.0.1/24', 'dev', 'eth9'), { stdout: '', stderr: 'Cannot find device "eth9"\n', code: 2 });
    assert.deepEqual(await run('h1', 'ip', 'route', 'add', '10.0.20.0/24', 'via', '10.0.10.1'), { stdout: '', stderr: 'RTNETLINK answers: File exists\n', code: 2 });
  });
});

describe('a host\'s exec lines as the topology is read', () => {
  /** The line `vrouter lab` refuses a topology with (after `vrouter lab: `), or none. */
  const refusal = (exec: string[], links = '    - endpoints: ["r1:eth1", "h1:eth1"]\n    - endpoints: ["r1:eth2", "h1:net0"]\n') => {
    const doc = parse(`name: t\ntopology:\n  nodes:\n    r1: {}\n    h1:\n      kind: linux\n      exec: ${JSON.stringify(exec)}\n  links:\n${links}`);
    try {
      return checkTopology(doc, '.').hosts[0].config;
    } catch (e) {
      return (e as Error).message;
    }
  };

  test('iproute2\'s short forms, -6, dev anywhere, a link-local gateway, and any port name', () => {
    const c = refusal(['ip a add dev eth1 10.0.0.2/24', 'ip -6 addr add 2001:DB8::2/64 dev eth1', 'ip l set dev net0 mtu 1400 down',
      'ip -6 r add default via fe80::1 dev net0', 'ip r replace 10.8.0.0/16 dev eth1 metric 5', 'sysctl -w net.ipv6.conf.all.accept_ra=0', 'ip a', 'ip route show']);
    assert.ok(typeof c !== 'string', String(c));
    assert.deepEqual(c.addresses, [{ family: 4, ip: '10.0.0.2', prefix: 24, dev: 'eth1' }, { family: 6, ip: '2001:db8::2', prefix: 64, dev: 'eth1' }]);
    assert.deepEqual(c.routes, [
      { family: 6, dst: '::', prefix: 0, via: 'fe80::1', dev: 'net0', metric: 0 },
      { family: 4, dst: '10.8.0.0', prefix: 16, via: undefined, dev: 'eth1', metric: 5 },
    ]);
    assert.deepEqual(c.links.map((l) => [l.name, l.up, l.mtu, l.mac, l.acceptRa]), [
      // net0 ends in 0 as eth0 does: its MAC address is made apart.
      ['eth0', true, 1500, 'AA:C1:AB:00:00:00', 0], ['eth1', true, 9500, 'AA:C1:AB:00:00:01', 0], ['net0', false, 1400, 'AA:C1:AB:00:00:82', 0],
    ]);
  });

  test('what Linux refuses, and what a host does not run, name the node and the line', () => {
    assert.equal(refusal(['ip route add 10.0.0.1/24 dev eth1']), 'node h1: exec "ip route add 10.0.0.1/24 dev eth1": Error: Invalid prefix for given prefix length.');
    assert.equal(refusal(['ip link set eth1 mtu 40']), 'node h1: exec "ip link set eth1 mtu 40": Error: mtu less than device minimum.');
    assert.equal(refusal(['ip addr add 10.0.0.2/24']), 'node h1: exec "ip addr add 10.0.0.2/24": Not enough information: "dev" argument is required.');
    assert.equal(refusal(['ip link add link eth1 name eth1.10 type vlan id 10', 'ip route add 10.5.0.0/16 dev eth1.10']),
      'node h1: exec "ip route add 10.5.0.0/16 dev eth1.10": Error: Device for nexthop is not up.');
    assert.equal(String(refusal(['ip addr add 10.0.0.2/24 dev eth1 && ip link set eth1 up'])).replace(/ \(a host runs .*\)$/, ''),
      'node h1: exec "ip addr add 10.0.0.2/24 dev eth1 && ip link set eth1 up": not supported');
    assert.equal(String(refusal(['sysctl -w net.ipv4.ip_forward=1'])).replace(/ \(a host runs .*\)$/, ''), 'node h1: exec "sysctl -w net.ipv4.ip_forward=1": not supported');
    assert.equal(refusal([], '    - endpoints: ["r1:eth1", "h1:eth0"]\n'), 'link 1: h1:eth0 is the management interface (containerlab\'s eth0)');
  });
});

describe('vrouter lab with hosts, as a user runs it', () => {
  const topology = (exec: string[]) => `name: t
topology:
  nodes:
    r1: { kind: mikrotik_ros, startup-config: r1.rsc }
    h1:
      kind: linux
      exec:
${exec.map((l) => `        - ${l}`).join('\n')}
  links:
    - endpoints: ["r1:eth1", "h1:eth1"]
`;
  const r1 = '/ip address add address=10.0.0.1/24 interface=ether2\n';

  test('an unsupported exec line is refused with one line, and the lab does not start', async () => {
    const dir = labDir(topology(['ip addr add 10.0.0.2/24 dev eth1', 'iptables -A INPUT -j DROP']), { 'r1.rsc': r1 });
    const r = await runLab(dir);
    assert.equal(r.status, 2);
    assert.equal(r.stderr, 'vrouter lab: node h1: exec "iptables -A INPUT -j DROP": not supported (a host runs ip address add|del, ip route add|replace|del, '
      + 'ip link set (up, down, mtu), ip link add ... type vlan, ip -6 ..., udhcpc -i IF, dhclient IF, sysctl net.ipv6.conf.IF.accept_ra|autoconf)\n');
    assert.equal(fs.existsSync(path.join(dir, 'clab-t')), false);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  test('vrouter lab exec HOST -- ping prints ping\'s output with its exit status; the table lists the host', async () => {
    const dir = labDir(topology(['ip addr add 10.0.0.2/24 dev eth1', 'ip route add default via 10.0.0.1']), { 'r1.rsc': r1 });
    const lab = await startSpawned(dir, 2);
    try {
      assert.match(lab.stdout, /^vrouter lab t: 1 router, 1 host, 1 link, data in /);
      assert.match(lab.stdout, /^h1 +linux +- +-/m);
      const exec = (...args: string[]) => new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve) => {
        const p = spawn(process.execPath, [CLI, 'lab', 'exec', ...args], { cwd: dir });
        let stdout = '', stderr = '';
        p.stdout.on('data', (d) => { stdout += d; });
        p.stderr.on('data', (d) => { stderr += d; });
        p.on('close', (status) => resolve({ status, stdout, stderr }));
      });
      const ok = await exec('h1', '--', 'ping', '-c', '1', '10.0.0.1');
      assert.equal(ok.status, 0, ok.stderr);
      assert.match(ok.stdout, /^PING 10\.0\.0\.1 \(10\.0\.0\.1\) 56\(84\) bytes of data\.\n64 bytes from 10\.0\.0\.1: icmp_seq=1 ttl=64 time=[\d.]+ ms\n\n--- 10\.0\.0\.1 ping statistics ---\n1 packets transmitted, 1 received, 0% packet loss, time \d+ms\nrtt min\/avg\/max\/mdev = [\d.]+\/[\d.]+\/[\d.]+\/[\d.]+ ms\n$/);
      const lost = await exec('-t', 'lab.clab.yml', 'h1', '--', 'ping', '-c', '1', '10.0.0.9');
      assert.equal(lost.status, 1);
      assert.deepEqual(await exec('h9', '--', 'ping', '-c', '1', '10.0.0.1'), { status: 1, stdout: '', stderr: 'no node h9 in lab t\n' });
      assert.deepEqual(await exec('h1'), { status: 2, stdout: '', stderr: 'vrouter lab exec: exec needs a command after -- (vrouter lab exec NODE -- ping -c 3 ADDRESS)\n' });
    } finally {
      await lab.stop();
    }
    const gone = spawn(process.execPath, [CLI, 'lab', 'exec', 'h1', '--', 'ping', '-c', '1', '10.0.0.1'], { cwd: dir });
    let stderr = '';
    gone.stderr.on('data', (d) => { stderr += d; });
    const status = await new Promise((resolve) => gone.on('close', resolve));
    assert.equal(status, 2);
    assert.match(stderr, /^vrouter lab exec: the lab in .*clab-t is not running \(nothing answers at http:\/\/127\.0\.0\.1:\d+\/exec\)\n$/);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
