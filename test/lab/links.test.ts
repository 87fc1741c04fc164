// containerlab's links beyond a cable, through `vrouter lab` run as a process
// (docs/routeros-facts.md 47): a dummy link and links whose far side is on the host give a port
// that runs with no peer in the lab, except where ends share what is on the host (the
// management network, the macvlans of one host interface in bridge mode); the extended veth
// form is a cable like the brief one; what containerlab would refuse is refused with one line.

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { parse } from 'yaml';
import { checkTopology, TopologyError } from '../../src/lab/topology.js';
import { client } from '../helpers/router.js';
import { labDir, runLab, startLab } from './spawned.js';

const TOPOLOGY = `name: ends
topology:
  nodes:
    r1: { kind: mikrotik_ros, startup-config: r1.rsc, certificate: { issue: false } }
    r2: { kind: mikrotik_ros, startup-config: r2.rsc, certificate: { issue: false } }
  links:
    - type: veth
      endpoints:
        - { node: r1, interface: eth1, mac: "02:00:00:00:01:01" }
        - { node: r2, interface: ether2 }
    - type: dummy
      endpoint: { node: r1, interface: eth2 }
    - endpoints: ["r1:eth3", "host:r1-eth3"]
    - endpoints: ["r1:eth4", "mgmt-net:r1-eth4"]
    - type: mgmt-net
      endpoint: { node: r2, interface: eth4 }
      host-interface: r2-eth4
    - type: macvlan
      endpoint: { node: r1, interface: eth5 }
      host-interface: eth0
    - type: macvlan
      endpoint: { node: r2, interface: eth5 }
      host-interface: eth0
    - type: macvlan
      endpoint: { node: r1, interface: eth6 }
      host-interface: eth0
      mode: private
    - type: macvlan
      endpoint: { node: r2, interface: eth6 }
      host-interface: eth0
      mode: private
    - type: vxlan
      endpoint: { node: r2, interface: eth7 }
      remote: 192.0.2.10
      vni: 100
      dst-port: 4789
`;

/** ether2 cable, ether3 dummy, ether4 host, ether5 mgmt-net, ether6 macvlan bridge, ether7 macvlan private. */
const rsc = (n: number) => [2, 3, 4, 5, 6, 7].map((p) => `/ip address add address=10.${p}.0.${n}/24 interface=ether${p}`).join('\n') + '\n';

const ping = async (port: number, address: string) => (await client(port).post('/rest/ping', { address, count: '1' })).json[0];

describe('links with one end', () => {
  test('a dummy or host link gives a running port with no peer; mgmt-net and bridge-mode macvlans share a segment', async () => {
    const dir = labDir(TOPOLOGY, { 'r1.rsc': rsc(1), 'r2.rsc': rsc(2) + '/ip address add address=10.8.0.2/24 interface=ether8\n' });
    const lab = await startLab(dir, 2);
    try {
      const r1 = lab.json.nodes.r1.www, r2 = lab.json.nodes.r2.www;
      assert.match(lab.stdout, /^vrouter lab ends: 2 routers, 10 links, data in /);
      const running = (await client(r1).get('/rest/interface?type=ether&.proplist=name,running')).json;
      assert.deepEqual(running, [
        { name: 'ether1', running: 'true' }, { name: 'ether2', running: 'true' }, { name: 'ether3', running: 'true' },
        { name: 'ether4', running: 'true' }, { name: 'ether5', running: 'true' }, { name: 'ether6', running: 'true' },
        { name: 'ether7', running: 'true' },
      ]);
      // A port with no peer still makes its network's connected route, active: a stub network.
      const stub = (await client(r1).get('/rest/ip/route?dst-address=10.3.0.0/24&.proplist=dst-address,gateway,active')).json;
      assert.deepEqual(stub, [{ 'dst-address': '10.3.0.0/24', gateway: 'ether3', active: 'true' }]);
      // The cable (extended form), the shared management network and the bridge-mode macvlans reach r2.
      for (const p of [2, 5, 6]) assert.equal((await ping(r1, `10.${p}.0.2`)).received, '1', `ether${p}`);
      // Nothing answers behind the dummy, the host's veth, private macvlans or the far VTEP.
      for (const p of [3, 4, 7]) assert.equal((await ping(r1, `10.${p}.0.2`)).status, 'timeout', `ether${p}`);
      assert.equal((await ping(r2, '10.8.0.1')).status, 'timeout');
      const heard = (await client(r1).get('/rest/ip/neighbor?.proplist=interface,identity')).json;
      assert.deepEqual(heard.sort((a: { interface: string }, b: { interface: string }) => a.interface.localeCompare(b.interface)), [
        { interface: 'ether2', identity: 'r2' }, { interface: 'ether5', identity: 'r2' }, { interface: 'ether6', identity: 'r2' },
      ]);
    } finally {
      await lab.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  test('what containerlab refuses in a link is refused with one line', async () => {
    const nodes = 'name: bad\ntopology:\n  nodes:\n    r1: { kind: mikrotik_ros }\n    r2: { kind: mikrotik_ros }\n    sw: { kind: bridge }\n  links:\n';
    const cases: [string, string][] = [
      ['    - type: bridge\n      endpoint: { node: r1, interface: eth1 }\n',
        'link 1: type bridge is not a link type (veth, veth-stitch, mgmt-net, macvlan, host, vxlan, vxlan-stitch, dummy)'],
      ['    - type: dummy\n', 'link 1: a dummy link needs endpoint'],
      ['    - type: dummy\n      endpoints: [{ node: r1, interface: eth1 }]\n',
        'link 1: a dummy link takes no endpoints (it takes endpoint, mtu, labels, ipv4, ipv6, vars)'],
      ['    - type: veth\n      endpoints: [{ node: r1, interface: eth1 }]\n', 'link 1: needs two endpoints, has 1'],
      ['    - endpoints: ["r1:eth1"]\n', 'link 1: needs two endpoints, has 1'],
      ['    - type: host\n      endpoint: { node: r1, interface: eth1 }\n', 'link 1: a host link needs host-interface'],
      ['    - type: host\n      endpoint: { node: r1, interface: eth1 }\n      host-interface: a/b\n',
        'link 1: host-interface a/b is not an interface name (at most 15 characters, no / or space)'],
      ['    - endpoints: ["r1:eth1", "host:r1-e1"]\n    - type: mgmt-net\n      endpoint: { node: r2, interface: eth1 }\n      host-interface: r1-e1\n',
        'link 2: host-interface r1-e1 is already on link 1'],
      ['    - endpoints: ["host:a", "mgmt-net:b"]\n', 'link 1: mgmt-net:b: the other end must be a node'],
      ['    - type: vxlan\n      endpoint: { node: r1, interface: eth1 }\n      remote: 192.0.2.1\n      vni: 0\n',
        'link 1: vni 0 is not a number from 1 to 16777215'],
      ['    - type: macvlan\n      endpoint: { node: r1, interface: eth1 }\n      host-interface: eth0\n      mode: bridged\n',
        'link 1: mode bridged is not a macvlan mode (private, vepa, bridge, passthru, source)'],
      ['    - type: veth\n      endpoints: [{ node: r1, interface: eth1, mac: zz }, { node: r2, interface: eth1 }]\n',
        'link 1: mac zz of r1:eth1 is not a MAC address'],
      ['    - type: veth\n      endpoints: [{ node: r1, interface: eth1, ipv4: 10.0.0.1 }, { node: r2, interface: eth1 }]\n',
        'link 1: ipv4 10.0.0.1 of r1:eth1 is not an IPv4 address with its prefix length'],
      ['    - type: dummy\n      endpoint: { node: r1 }\n', 'link 1: endpoint of r1 needs interface'],
      ['    - type: dummy\n      endpoint: { node: r9, interface: eth1 }\n', 'link 1: unknown node r9 in r9:eth1'],
      ['    - type: dummy\n      endpoint: { node: r1, interface: eth1 }\n    - endpoints: ["r1:ether2", "r2:eth1"]\n',
        'link 2: port r1:ether2 is already on link 1'],
      ['    - endpoints: ["r1:eth1", "r2:eth1"]\n      color: red\n',
        'link 1: a link takes no color (it takes endpoints, mtu, labels, ipv4, ipv6, vars; or type: with the extended form)'],
      ['    - type: dummy\n      endpoint: { node: r1, interface: eth1 }\n      mtu: 0\n', 'link 1: mtu 0 is not a number from 1 to 65535'],
    ];
    // Each refused as the command reads it (the same reader), two through the command itself.
    for (const [links, message] of cases) {
      assert.throws(() => checkTopology(parse(nodes + links), '/'), (e: Error) => e instanceof TopologyError && e.message === message, message);
    }
    await Promise.all(cases.slice(0, 2).map(async ([links, message]) => {
      const dir = labDir(nodes + links);
      try {
        const r = await runLab(dir);
        assert.equal(r.status, 2, links);
        assert.equal(r.stderr, `vrouter lab: ${message}\n`);
        assert.equal(r.stdout, '');
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    }));
  });
});
