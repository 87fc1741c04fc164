// The lab's model of a router (src/lab/model.ts), read from the configuration of
// test/lab/model/r1.rsc: what each section says, and that a section is read again only when
// what it reads changes (a commit of one of its tables, or a port's carrier), on that router.

import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Interface, RouterModel } from '../../src/lab/model.js';
import { startLab, type TestLab } from './lab.js';

let t: TestLab;
before(async () => { t = await startLab('model.clab.yml'); });
after(() => t.stop());

const model = (node: number): RouterModel => t.lab.nodes[node].model;
const iface = (m: RouterModel, name: string): Interface => {
  const i = m.interfaces.byName.get(name);
  assert.ok(i, name);
  return i;
};
const id = (m: RouterModel, name: string) => iface(m, name).id;
const pick = <T extends object>(o: T, keys: (keyof T)[]) => Object.fromEntries(keys.map((k) => [k, o[k]]));

describe('the model of a router', () => {
  test('interfaces: running state, MTU, MAC and link-local address, bridge, VLAN and VRF', () => {
    const m = model(0);
    const keys: (keyof Interface)[] = ['name', 'type', 'enabled', 'running', 'mtu', 'mac', 'bridge', 'actual', 'vrf'];
    // The lab gives node 1 the MAC addresses D4:01:C3:00:01:xx (src/lab/lab.ts firstBoot).
    assert.deepEqual(pick(iface(m, 'ether2'), [...keys, 'defaultName', 'linkLocal']), {
      name: 'ether2', type: 'ether', enabled: true, running: true, mtu: 1500, mac: 'D4:01:C3:00:01:02', bridge: undefined,
      actual: id(m, 'ether2'), vrf: 'main', defaultName: 'ether2',
      // EUI-64: D4 with the universal/local bit flipped is D6, ff:fe in the middle (RFC 4291 appendix A).
      linkLocal: 'fe80::d601:c3ff:fe00:102',
    });
    assert.equal(iface(m, 'ether3').vrf, 'red');
    // An unwired port has no carrier; a bridge port's addresses work on its bridge.
    assert.deepEqual(pick(iface(m, 'ether4'), keys), {
      name: 'ether4', type: 'ether', enabled: true, running: false, mtu: 1500, mac: 'D4:01:C3:00:01:04', bridge: id(m, 'br1'), actual: id(m, 'br1'), vrf: 'main',
    });
    // A bridge takes its first port's MAC address ("bridge MAC will be chosen from the first added bridge port", manual).
    assert.deepEqual(pick(iface(m, 'br1'), [...keys, 'bridgeSettings']), {
      name: 'br1', type: 'bridge', enabled: true, running: true, mtu: 1500, mac: 'D4:01:C3:00:01:04', bridge: undefined, actual: id(m, 'br1'), vrf: 'main',
      bridgeSettings: { vlanFiltering: true, pvid: 1 },
    });
    assert.deepEqual(pick(iface(m, 'vlan20'), [...keys, 'vlan']), {
      name: 'vlan20', type: 'vlan', enabled: true, running: true, mtu: 1500, mac: 'D4:01:C3:00:01:04', bridge: undefined, actual: id(m, 'vlan20'), vrf: 'main',
      vlan: { id: 20, parent: id(m, 'br1') },
    });
    assert.deepEqual(m.interfaces.ports.map((p) => pick(p, ['enabled', 'bridge', 'interface', 'pvid'])), [
      { enabled: true, bridge: id(m, 'br1'), interface: id(m, 'ether4'), pvid: 10 },
      { enabled: true, bridge: id(m, 'br1'), interface: id(m, 'ether5'), pvid: 1 },
    ]);
    assert.deepEqual(m.interfaces.bridgeVlans, [
      { enabled: true, bridge: id(m, 'br1'), vlanIds: [10, 20, 21], tagged: [id(m, 'br1'), id(m, 'ether5')], untagged: [id(m, 'ether4')] },
    ]);
    assert.deepEqual(m.interfaces.vrfs, [{ name: 'red', enabled: true, interfaces: iface(m, 'ether3').ref, members: [id(m, 'ether3')] }]);
  });

  test('interface lists: a bridge port is in its bridge\'s lists; `all` holds every interface', () => {
    const m = model(0);
    assert.equal(m.interfaces.inList('LAN', iface(m, 'br1')), true);
    assert.equal(m.interfaces.inList('LAN', iface(m, 'ether4')), true);
    assert.equal(m.interfaces.inList('LAN', iface(m, 'ether2')), false);
    assert.equal(m.interfaces.inList('all', iface(m, 'ether2')), true);
    assert.equal(m.interfaces.inList('none', iface(m, 'ether2')), false);
    // The built-in lists are records of /interface/list with ids of their own (`all` is *2000000).
    assert.equal(m.interfaces.listName('*2000000'), 'all');
    assert.equal(m.interfaces.resolve('ether2'), iface(m, 'ether2'));
    assert.equal(m.interfaces.resolve(iface(m, 'ether2').ref), iface(m, 'ether2'));
  });

  test('VRRP: its settings, and alone on its segment it is master', () => {
    const m = model(0);
    // Defaults of /interface vrrp (manual): version 3, interval 1s, preemption yes, v3-protocol ipv4.
    assert.deepEqual(iface(m, 'vrrp1').vrrp, {
      parent: id(m, 'ether3'), vrid: 7, priority: 150, preempt: true, version: '3', family: 'ipv4', interval: '1s',
      authentication: 'none', password: '', scripts: { 'on-master': undefined, 'on-backup': undefined, 'on-fail': undefined },
      authority: undefined, state: 'master',
    });
    assert.equal(iface(m, 'vrrp1').mac, '00:00:5E:00:01:07');
  });

  test('addresses of both families, and where each works', () => {
    const m = model(0);
    const shown = (family: 4 | 6) => m.addresses[family].map((a) => ({ address: a.address, network: a.network, on: m.interfaces.byId.get(a.on!)?.name, working: a.working }));
    assert.deepEqual(shown(4), [
      { address: '10.0.12.1/24', network: '10.0.12.0/24', on: 'ether2', working: true },
      { address: '10.3.0.1/24', network: '10.3.0.0/24', on: 'ether3', working: true },
      { address: '10.20.0.1/24', network: '10.20.0.0/24', on: 'vlan20', working: true },
      { address: '192.168.88.1/24', network: '192.168.88.0/24', on: 'br1', working: true },
      // On a port of a bridge that runs: the address works on the bridge, whatever the port's link.
      { address: '10.9.9.9/32', network: '10.9.9.9/32', on: 'br1', working: true },
      { address: '10.3.0.254/32', network: '10.3.0.254/32', on: 'vrrp1', working: true },
    ]);
    assert.deepEqual(shown(6), [{ address: '2001:db8:12::1/64', network: '2001:db8:12::/64', on: 'ether2', working: true }]);
    assert.deepEqual(m.addresses.working[6].map((a) => a.ip), ['2001:db8:12::1']);
  });

  test('routes as stored, the active routes of the routing table, tables, rules and router ids', () => {
    const m = model(0);
    assert.deepEqual(m.routing.records[4].filter((r) => !r.dynamic).map((r) => pick(r, ['dst', 'gateways', 'distance', 'scope', 'targetScope', 'table', 'type', 'protocol', 'dynamic'])), [
      { dst: '10.99.0.0/16', gateways: ['10.0.12.2'], distance: 5, scope: 30, targetScope: 10, table: 'main', type: 'unicast', protocol: 'static', dynamic: false },
      { dst: '10.98.0.0/16', gateways: ['10.3.0.2@red'], distance: 1, scope: 30, targetScope: 10, table: 'red', type: 'unicast', protocol: 'static', dynamic: false },
    ]);
    const active = m.routing.active[4].filter((r) => r.table === 'main').map((r) => ({ dst: r.dst, via: r.immediateGw, protocol: r.protocol, on: r.interfaces.map((i) => m.interfaces.byId.get(i)!.name) }));
    // r2's loopback comes by OSPF over the point-to-point link; the static route resolves through the connected one.
    assert.deepEqual(active, [
      { dst: '10.0.12.0/24', via: 'ether2', protocol: 'connected', on: ['ether2'] },
      { dst: '10.2.2.2/32', via: '10.0.12.2%ether2', protocol: 'ospf', on: ['ether2'] },
      { dst: '10.3.0.254/32', via: 'vrrp1', protocol: 'connected', on: ['vrrp1'] },
      { dst: '10.9.9.9/32', via: 'br1', protocol: 'connected', on: ['br1'] },
      { dst: '10.20.0.0/24', via: 'vlan20', protocol: 'connected', on: ['vlan20'] },
      { dst: '10.99.0.0/16', via: '10.0.12.2%ether2', protocol: 'static', on: ['ether2'] },
      { dst: '192.168.88.0/24', via: 'br1', protocol: 'connected', on: ['br1'] },
    ]);
    // ether3 is VRF red's: its connected route is in red's table, where red's static route resolves.
    assert.deepEqual(m.routing.active[4].filter((r) => r.table === 'red').map((r) => ({ dst: r.dst, via: r.immediateGw, protocol: r.protocol })), [
      { dst: '10.3.0.0/24', via: 'ether3', protocol: 'connected' },
      { dst: '10.98.0.0/16', via: '10.3.0.2%ether3', protocol: 'static' },
    ]);
    // The route OSPF published is a dynamic record of /ip/route, with its attributes.
    assert.deepEqual(m.routing.records[4].filter((r) => r.dynamic).map((r) => pick(r, ['dst', 'gateways', 'distance', 'scope', 'protocol', 'owner'])), [
      { dst: '10.2.2.2/32', gateways: ['10.0.12.2%ether2'], distance: 110, scope: 20, protocol: 'ospf', owner: 'ospf' },
    ]);
    assert.equal(m.routing.active[4].find((r) => r.dst === '10.2.2.2/32')?.attributes['ospf.type'], 'intra');
    assert.deepEqual(m.routing.tables, [
      { name: 'main', fib: true, enabled: true }, { name: 'red', fib: true, enabled: true }, { name: 't2', fib: true, enabled: true },
    ]);
    assert.deepEqual(m.routing.rules, [{ enabled: true, srcAddress: '10.20.0.0/24', dstAddress: undefined, routingMark: undefined, interface: undefined, action: 'lookup', table: 't2', minPrefix: undefined }]);
    assert.deepEqual([...m.routing.ids], [['ids', '1.1.1.1']]);
  });

  test('firewall filter and NAT of both families, with their address lists', () => {
    const m = model(0);
    const rules = (list: RouterModel['firewall'][4]['filter']) => list.map((r) => pick(r, ['table', 'enabled', 'chain', 'action', 'toAddresses', 'matchers']));
    assert.deepEqual(rules(m.firewall[4].filter), [
      { table: 'ip/firewall/filter', enabled: true, chain: 'input', action: 'accept', toAddresses: undefined, matchers: [['in-interface-list', listRef()]] },
      { table: 'ip/firewall/filter', enabled: false, chain: 'forward', action: 'drop', toAddresses: undefined, matchers: [['src-address-list', 'mgmt']] },
    ]);
    assert.deepEqual(rules(m.firewall[4].nat), [
      { table: 'ip/firewall/nat', enabled: true, chain: 'srcnat', action: 'masquerade', toAddresses: undefined, matchers: [['out-interface', iface(m, 'ether2').ref]] },
    ]);
    assert.deepEqual([...m.firewall[4].addressLists], [['mgmt', ['10.0.12.0/24']]]);
    assert.deepEqual(rules(m.firewall[6].filter), [
      { table: 'ipv6/firewall/filter', enabled: true, chain: 'input', action: 'accept', toAddresses: undefined, matchers: [['protocol', 'icmpv6']] },
    ]);
    assert.deepEqual(rules(m.firewall[6].nat), [
      { table: 'ipv6/firewall/nat', enabled: true, chain: 'dstnat', action: 'dst-nat', toAddresses: '2001:db8:12::99/128', matchers: [['dst-address', '2001:db8:12::1/128']] },
    ]);
    assert.deepEqual([...m.firewall[6].addressLists], [['v6mgmt', ['2001:db8:12::/64']]]);
  });

  test('DHCP servers with their pools and networks, and clients', () => {
    const m = model(0);
    assert.deepEqual(m.dhcp.servers.map((s) => pick(s, ['family', 'name', 'enabled', 'interface', 'poolRanges', 'leaseMs'])), [
      { family: 4, name: 'lan', enabled: true, interface: id(m, 'br1'), poolRanges: '192.168.88.10-192.168.88.20', leaseMs: 3_600_000 },
    ]);
    assert.deepEqual(m.dhcp.networks, [{ address: '192.168.88.0/24', netmask: 0, gateway: '192.168.88.1', dnsServers: ['192.168.88.1'], dnsNone: false }]);
    assert.deepEqual(m.dhcp.clients.map((c) => pick(c, ['family', 'enabled', 'interface', 'addDefaultRoute', 'defaultRouteDistance'])), [
      { family: 4, enabled: false, interface: id(m, 'vlan20'), addDefaultRoute: false, defaultRouteDistance: '1' },
    ]);
  });

  test('tunnels as configured: WireGuard with its peers and keys, GRE, EoIP, VXLAN with VTEPs, IPsec', () => {
    const m = model(0);
    const [wg1, wg2, gre1, eoip1, vx1] = m.tunnels.list;
    // The public key of the private key, as `openssl pkey -pubout` derives it (X25519).
    assert.deepEqual(wg1, {
      interface: id(m, 'wg1'), name: 'wg1', enabled: true, mtu: undefined, kind: 'wireguard', listenPort: 51820,
      privateKey: 'MGct3wUQo61v/vabtOQ1/ps2oZ4cogmtq07wmvsPXWs=', publicKey: '19tRcWL2P1SGynU8zC9G9eI34KnaGI9fkVfOzBoXNUc=',
      peers: [{
        id: 1, name: undefined, enabled: true, publicKey: 'g7UUuWlg/Uu3udq/GVU9L4BIyDZZacDBSux3M+nf8HU=', presharedKey: undefined,
        endpointAddress: '10.0.12.2', endpointPort: 51821, allowedAddress: ['10.255.0.2/32', '192.168.2.0/24'], persistentKeepaliveMs: 25_000, responder: false,
      }],
    });
    // Unset, the port is 13231 (a 7.x REST capture of /interface/wireguard: routeros-facts.md 46.4).
    assert.equal(wg2.kind === 'wireguard' && wg2.listenPort, 13231);
    assert.deepEqual(gre1, {
      interface: id(m, 'gre1'), name: 'gre1', enabled: true, mtu: undefined, kind: 'gre', family: 4, localAddress: '10.0.12.1', remoteAddress: '10.0.12.2',
      keepalive: '10s,10', ipsecSecret: undefined, dontFragment: undefined,
    });
    assert.deepEqual(eoip1, {
      interface: id(m, 'eoip1'), name: 'eoip1', enabled: true, mtu: undefined, kind: 'eoip', family: 4, localAddress: undefined, remoteAddress: '10.0.12.2',
      tunnelId: 42, keepalive: undefined, ipsecSecret: undefined,
    });
    // Unset, VXLAN's port is 8472 and its VTEPs IPv4 (a 7.x REST capture: routeros-facts.md 46.4).
    assert.deepEqual(vx1, {
      interface: id(m, 'vx1'), name: 'vx1', enabled: true, mtu: undefined, kind: 'vxlan', vni: 100, port: 8472, localAddress: undefined, vtepsFamily: 4,
      vtepVrf: undefined, bridge: undefined, vteps: [{ remoteIp: '10.0.12.2', enabled: true }],
    });
    assert.equal(m.tunnels.list.length, 5);
    const ipsec = m.tunnels.ipsec;
    assert.deepEqual(ipsec.peers, [{ name: 'p2', enabled: true, address: '10.0.12.2/32', localAddress: undefined, exchangeMode: 'main', passive: false, profile: 'default' }]);
    assert.deepEqual(ipsec.identities, [{ enabled: true, peer: 'p2', authMethod: 'pre-shared-key', secret: 's3cret', generatePolicy: 'no' }]);
    // The default proposal and profile every router has (a 7.x REST capture: routeros-facts.md 46.4).
    assert.deepEqual(ipsec.proposals, [{ name: 'default', enabled: true, authAlgorithms: ['sha1'], encAlgorithms: ['aes-256-cbc', 'aes-192-cbc', 'aes-128-cbc'], pfsGroup: 'modp1024', lifetime: '30m' }]);
    assert.deepEqual(ipsec.profiles, [{ name: 'default', dhGroup: ['modp2048', 'modp1024'], encAlgorithm: ['aes-128', '3des'], hashAlgorithm: 'sha1' }]);
    assert.deepEqual(ipsec.policies, [{
      enabled: true, peer: 'p2', srcAddress: '192.168.88.0/24', dstAddress: '192.168.2.0/24', protocol: 'all', action: 'encrypt', level: 'require',
      tunnel: true, proposal: 'default', saSrcAddress: undefined, saDstAddress: undefined,
    }]);
  });

  test('OSPF: an instance whose router-id names a /routing/id entry, its area and the interfaces its template takes', () => {
    const m = model(0);
    const [v2] = m.ospf.instances;
    assert.deepEqual(pick(v2, ['name', 'version', 'routerId', 'originateDefault', 'table', 'vrf']), {
      name: 'v2', version: 2, routerId: '1.1.1.1', originateDefault: 'never', table: 'main', vrf: 'main',
    });
    assert.deepEqual(v2.areas.map((a) => pick(a, ['name', 'id', 'type', 'noSummaries', 'translator'])), [
      { name: 'backbone', id: '0.0.0.0', type: 'default', noSummaries: false, translator: 'candidate' },
    ]);
    // Every address in 10.0.12.0/24 (`networks`) of the instance's VRF, with the template's settings and the interface's MTU.
    assert.deepEqual(v2.areas[0].interfaces, [
      { interface: id(m, 'ether2'), name: 'ether2', ip: '10.0.12.1', network: '10.0.12.0/24', prefixes: ['10.0.12.0/24'], type: 'ptp', cost: 20, priority: 128, hello: 10_000, dead: 40_000, auth: '', authKey: '', authId: '', passive: false, mtu: 1500 },
    ]);
  });

  test('BGP: a connection with its template\'s values under its own', () => {
    const m = model(0);
    assert.deepEqual(m.bgp.connections.map((c) => pick(c, ['name', 'as', 'remoteAs', 'remoteText', 'role', 'holdTime', 'keepalive', 'connect', 'listen', 'routingTable', 'afi'])), [
      { name: 'to-r2', as: 65001, remoteAs: 65002, remoteText: '10.0.12.2', role: 'ebgp', holdTime: '1m', keepalive: '1m', connect: true, listen: true, routingTable: 'main', afi: ['ip'] },
    ]);
    assert.equal(m.bgp.multipath, false);
  });

  test('the node: identity, release, board and discovery settings; IPv6 settings and router advertisements', () => {
    const m = model(0);
    assert.deepEqual(m.system, {
      identity: 'r1', version: '7.24 (stable)', board: 'CHR',
      discovery: { interfaceList: 'static', protocols: ['cdp', 'lldp', 'mndp'], mode: 'tx-and-rx' },
    });
    assert.deepEqual(m.ipv6.settings, { disabled: false, forward: true, acceptRouterAdvertisements: 'yes-if-forwarding-disabled', acceptRouterAdvertisementsOn: 'all' });
    // The default /ipv6/nd entry every router has: interface=all (a 7.x export's defaults).
    assert.deepEqual(m.ipv6.nd.map((n) => pick(n, ['enabled', 'interface', 'raInterval', 'raLifetime', 'managedAddressConfiguration', 'otherConfiguration', 'advertiseMacAddress'])), [
      { enabled: true, interface: 'all', raInterval: '3m20s-10m', raLifetime: '30m', managedAddressConfiguration: false, otherConfiguration: false, advertiseMacAddress: true },
    ]);
  });
});

describe('the model follows the configuration', () => {
  test('a change rebuilds the sections that read the changed table, on that router alone', async () => {
    const r1 = model(0), r2 = model(1);
    const before = { interfaces: r1.interfaces, addresses: r1.addresses, firewall: r1.firewall, dhcp: r1.dhcp, r2i: r2.interfaces, r2a: r2.addresses, r2r: r2.routing };
    const added = await t.rest('r1').put('/rest/ip/address', { address: '10.77.0.1/24', interface: 'ether2' });
    assert.equal(added.status, 201);
    try {
      assert.notEqual(r1.addresses, before.addresses);
      assert.equal(r1.addresses[4].at(-1)?.address, '10.77.0.1/24');
      // What does not read /ip/address stays as it was, and so does every other router's model.
      assert.equal(r1.interfaces, before.interfaces);
      assert.equal(r1.firewall, before.firewall);
      assert.equal(r1.dhcp, before.dhcp);
      assert.equal(r2.interfaces, before.r2i);
      assert.equal(r2.addresses, before.r2a);
    } finally {
      await t.rest('r1').delete(`/rest/ip/address/${added.json['.id']}`);
    }
    assert.deepEqual(r1.addresses[4].filter((a) => a.address === '10.77.0.1/24'), []);
  });

  test('a port whose far end is disabled loses its carrier: the model sees it without a change of its own router', async () => {
    const r1 = model(0);
    const interfaces = r1.interfaces;
    assert.equal(iface(r1, 'ether3').running, true);
    const far = (await t.rest('r2').get('/rest/interface/ether3')).json['.id'];
    await t.rest('r2').patch(`/rest/interface/${far}`, { disabled: 'true' });
    try {
      assert.notEqual(r1.interfaces, interfaces);
      assert.equal(iface(r1, 'ether3').running, false);
      // A port without a link has no connected route (RouterOS 7 removes it: routeros-facts.md 26.9).
      assert.deepEqual(r1.routing.active[4].filter((r) => r.dst === '10.3.0.0/24'), []);
      assert.equal(r1.addresses[4].find((a) => a.address === '10.3.0.1/24')?.working, false);
    } finally {
      await t.rest('r2').patch(`/rest/interface/${far}`, { disabled: 'false' });
    }
    assert.equal(iface(r1, 'ether3').running, true);
    assert.equal(r1.routing.active[4].filter((r) => r.dst === '10.3.0.0/24').length, 1);
  });
});

/** How /ip/firewall/filter stores `in-interface-list=LAN`: a reference to the list. */
function listRef(): string {
  const lists = t.lab.nodes[0].env.store.table('interface/list');
  return `*${lists.byKey.get('LAN')!.id.toString(16).toUpperCase()}`;
}
