// Issue 23 point 3 over REST (and once over the API): an argument that names another record
// (a VRF, an interface list, a certificate, a pool, a profile) takes only a record that exists,
// answers `input does not match any value of <arg>` otherwise, shows the record's current name
// after a rename, and its id (`*N`, the record `invalid`) once the record is removed — the
// router's behaviour for an interface (docs/routeros-facts.md 23.2).

import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { client, error, startRouter, type TestRouter } from '../helpers/router.js';
import { ApiClient, records } from '../api/client.js';

let r: TestRouter;
let c: ReturnType<typeof client>;
before(async () => { r = await startRouter(); c = client(r.port); });
after(() => r.stop());

const run = async (script: string) => (await c.post('/rest/execute', { script, 'as-string': '' })).json.ret as string;
/** The `add`/`set` lines of an export, with wrapped lines joined. */
const exportOf = async (menu: string) => (await run(`${menu} export`)).replaceAll('\\\n    ', '').split('\n').filter((l) => /^(add|set) /.test(l));
const noMatch = (arg: string) => error(400, 'Bad Request', `input does not match any value of ${arg}`);

describe('a VRF where an interface or a VRF is taken', () => {
  test('a firewall rule\'s in-interface and /ip service vrf follow a renamed VRF, in print and export', async () => {
    assert.equal((await c.put('/rest/ip/vrf', { name: 'mgmt', interfaces: 'ether5' })).status, 201);
    const rule = await c.put('/rest/ip/firewall/filter', { chain: 'input', action: 'accept', 'in-interface': 'mgmt', comment: 'vrf-in' });
    assert.equal(rule.status, 201, rule.text);
    const out = await c.put('/rest/ip/firewall/filter', { chain: 'output', action: 'accept', 'out-interface': '!mgmt', comment: 'vrf-out' });
    assert.equal(out.status, 201, out.text);
    assert.equal((await c.patch('/rest/ip/service/ssh', { vrf: 'mgmt' })).json.vrf, 'mgmt');

    assert.equal((await c.patch('/rest/ip/vrf/mgmt', { name: 'oob' })).status, 200);
    assert.equal((await c.get(`/rest/ip/firewall/filter/${rule.json['.id']}`)).json['in-interface'], 'oob');
    assert.equal((await c.get(`/rest/ip/firewall/filter/${out.json['.id']}`)).json['out-interface'], '!oob');
    assert.equal((await c.get('/rest/ip/service/ssh')).json.vrf, 'oob');
    const lines = await exportOf('/ip firewall filter');
    assert.ok(lines.includes('add action=accept chain=input comment=vrf-in in-interface=oob'), lines.join('\n'));
    assert.ok(lines.includes('add action=accept chain=output comment=vrf-out out-interface=!oob'), lines.join('\n'));
    // (The test router's ssh listens on a free port, which the line also sets.)
    assert.ok((await exportOf('/ip service')).some((l) => /^set ssh .*\bvrf=oob$/.test(l)));

    // Removed: the rule keeps the VRF's id and is flagged invalid, as for a removed interface.
    const vrf = (await c.get('/rest/ip/vrf/oob')).json['.id'];
    await c.patch('/rest/ip/service/ssh', { vrf: 'main' });
    assert.equal((await c.delete('/rest/ip/vrf/oob')).status, 204);
    const gone = (await c.get(`/rest/ip/firewall/filter/${rule.json['.id']}`)).json;
    assert.equal(gone['in-interface'], vrf);
    assert.equal(gone.invalid, 'true');
    await c.delete(`/rest/ip/firewall/filter/${rule.json['.id']}`);
    await c.delete(`/rest/ip/firewall/filter/${out.json['.id']}`);
  });

  test('a VRF no record has is refused', async () => {
    assert.deepEqual((await c.patch('/rest/ip/service/ssh', { vrf: 'nosuch' })).json, noMatch('vrf'));
    assert.deepEqual((await c.post('/rest/system/ntp/client/set', { vrf: 'nosuch' })).json, noMatch('vrf'));
  });

  test('/system ntp client and /ip dns follow a renamed VRF', async () => {
    await c.put('/rest/ip/vrf', { name: 'time', interfaces: 'ether4' });
    assert.equal((await c.post('/rest/system/ntp/client/set', { vrf: 'time' })).status, 200);
    assert.equal((await c.post('/rest/ip/dns/set', { vrf: 'time' })).status, 200);
    await c.patch('/rest/ip/vrf/time', { name: 'clock' });
    assert.equal((await c.get('/rest/system/ntp/client')).json.vrf, 'clock');
    assert.equal((await c.get('/rest/ip/dns')).json.vrf, 'clock');
    await c.post('/rest/system/ntp/client/set', { vrf: 'main' });
    await c.post('/rest/ip/dns/set', { vrf: 'main' });
    assert.equal((await c.get('/rest/system/ntp/client')).json.vrf, 'main');
    assert.equal((await c.get('/rest/ip/dns')).json.vrf, 'main');
  });
});

describe('an interface list as a bridge port', () => {
  test('the port follows a renamed list and keeps its id once the list is removed; an unknown name is refused', async () => {
    const list = await c.put('/rest/interface/list', { name: 'ports' });
    const bridge = await c.put('/rest/interface/bridge', { name: 'br-refs' });
    assert.equal(bridge.status, 201, bridge.text);
    const port = await c.put('/rest/interface/bridge/port', { bridge: 'br-refs', interface: 'ports' });
    assert.equal(port.status, 201, port.text);
    assert.equal(port.json.interface, 'ports');
    await c.patch('/rest/interface/list/ports', { name: 'access-ports' });
    assert.equal((await c.get(`/rest/interface/bridge/port/${port.json['.id']}`)).json.interface, 'access-ports');
    assert.ok((await exportOf('/interface bridge port')).includes('add bridge=br-refs interface=access-ports'));
    await c.delete('/rest/interface/list/access-ports');
    assert.equal((await c.get(`/rest/interface/bridge/port/${port.json['.id']}`)).json.interface, list.json['.id']);
    await c.delete(`/rest/interface/bridge/port/${port.json['.id']}`);
    await c.delete('/rest/interface/bridge/br-refs');
    assert.deepEqual((await c.put('/rest/interface/bridge/port', { bridge: 'bridge', interface: 'nosuch' })).json, noMatch('interface'));
  });
});

describe('an interface list a firewall rule names', () => {
  test('a removed list leaves the rule valid, naming the list by its id', async () => {
    const list = await c.put('/rest/interface/list', { name: 'guests' });
    const rule = await c.put('/rest/ip/firewall/filter', { chain: 'forward', action: 'drop', 'in-interface-list': '!guests', comment: 'not-guests' });
    assert.equal(rule.status, 201, rule.text);
    await c.delete('/rest/interface/list/guests');
    const shown = (await c.get(`/rest/ip/firewall/filter/${rule.json['.id']}`)).json;
    assert.equal(shown['in-interface-list'], `!${list.json['.id']}`);
    assert.equal(shown.invalid, 'false');
    // A new list of the same name does not repair the rule.
    await c.put('/rest/interface/list', { name: 'guests' });
    assert.equal((await c.get(`/rest/ip/firewall/filter/${rule.json['.id']}`)).json['in-interface-list'], `!${list.json['.id']}`);
    await c.delete(`/rest/ip/firewall/filter/${rule.json['.id']}`);
  });
});

describe('a list of records', () => {
  test('a VRF\'s interfaces name interfaces and interface lists, each followed through a rename', async () => {
    await c.put('/rest/interface/list', { name: 'uplinks' });
    await c.put('/rest/interface/bridge', { name: 'br-vrf' });
    const vrf = await c.put('/rest/ip/vrf', { name: 'multi', interfaces: 'br-vrf,uplinks' });
    assert.equal(vrf.status, 201, vrf.text);
    await c.patch('/rest/interface/list/uplinks', { name: 'wan-links' });
    await c.patch('/rest/interface/bridge/br-vrf', { name: 'br-cust' });
    assert.equal((await c.get('/rest/ip/vrf/multi')).json.interfaces, 'br-cust,wan-links');
    assert.deepEqual((await c.patch('/rest/ip/vrf/multi', { interfaces: 'br-cust,nosuch' })).json, noMatch('interfaces'));
    await c.delete('/rest/ip/vrf/multi');
  });

  test('an interface list\'s include and exclude follow renamed lists; an unknown list is refused', async () => {
    await c.put('/rest/interface/list', { name: 'wired' });
    await c.put('/rest/interface/list', { name: 'radios' });
    const all = await c.put('/rest/interface/list', { name: 'everything', include: 'wired,radios', exclude: 'dynamic' });
    assert.equal(all.status, 201, all.text);
    await c.patch('/rest/interface/list/wired', { name: 'copper' });
    const shown = (await c.get('/rest/interface/list/everything')).json;
    assert.equal(shown.include, 'copper,radios');
    assert.equal(shown.exclude, 'dynamic');
    assert.deepEqual((await c.patch('/rest/interface/list/everything', { include: 'nosuch' })).json, noMatch('include'));
  });

  test('a DHCP network\'s dhcp-option follows a renamed option', async () => {
    await c.put('/rest/ip/dhcp-server/option', { name: 'opt-ntp', code: '42', value: "'10.0.0.1'" });
    const net = await c.put('/rest/ip/dhcp-server/network', { address: '10.66.0.0/24', 'dhcp-option': 'opt-ntp' });
    assert.equal(net.status, 201, net.text);
    await c.patch('/rest/ip/dhcp-server/option/opt-ntp', { name: 'ntp-server' });
    assert.equal((await c.get(`/rest/ip/dhcp-server/network/${net.json['.id']}`)).json['dhcp-option'], 'ntp-server');
    assert.deepEqual((await c.patch(`/rest/ip/dhcp-server/network/${net.json['.id']}`, { 'dhcp-option': 'nosuch' })).json, noMatch('dhcp-option'));
  });
});

describe('a routing table', () => {
  test('a route follows a renamed /routing table and a renamed VRF; an unknown table is refused', async () => {
    assert.equal((await c.put('/rest/routing/table', { name: 'isp2', fib: '' })).status, 201);
    const route = await c.put('/rest/ip/route', { 'dst-address': '0.0.0.0/0', gateway: '192.168.88.254', 'routing-table': 'isp2' });
    assert.equal(route.status, 201, route.text);
    await c.patch('/rest/routing/table/isp2', { name: 'backup' });
    assert.equal((await c.get(`/rest/ip/route/${route.json['.id']}`)).json['routing-table'], 'backup');
    await c.put('/rest/ip/vrf', { name: 'cust', interfaces: 'ether2' });
    assert.equal((await c.patch(`/rest/ip/route/${route.json['.id']}`, { 'routing-table': 'cust' })).status, 200);
    await c.patch('/rest/ip/vrf/cust', { name: 'customer' });
    assert.equal((await c.get(`/rest/ip/route/${route.json['.id']}`)).json['routing-table'], 'customer');
    assert.deepEqual((await c.patch(`/rest/ip/route/${route.json['.id']}`, { 'routing-table': 'nosuch' })).json, noMatch('routing-table'));
    await c.delete(`/rest/ip/route/${route.json['.id']}`);
  });
});

describe('a certificate', () => {
  test('an SSTP server\'s certificate follows a renamed certificate; an unknown one is refused', async () => {
    assert.equal((await c.post('/rest/certificate/add', { name: 'vpn', 'common-name': 'vpn' })).status, 200);
    assert.equal((await c.post('/rest/interface/sstp-server/server/set', { certificate: 'vpn' })).status, 200);
    await c.patch('/rest/certificate/vpn', { name: 'vpn-2026' });
    assert.equal((await c.get('/rest/interface/sstp-server/server')).json.certificate, 'vpn-2026');
    assert.ok((await exportOf('/interface sstp-server server')).includes('set certificate=vpn-2026'));
    assert.deepEqual((await c.post('/rest/interface/sstp-server/server/set', { certificate: 'nosuch' })).json, noMatch('certificate'));
    assert.deepEqual((await c.post('/rest/interface/wifi/capsman/set', { certificate: 'nosuch' })).json, noMatch('certificate'));
    assert.equal((await c.post('/rest/interface/sstp-server/server/set', { certificate: 'none' })).status, 200);
    assert.equal((await c.get('/rest/interface/sstp-server/server')).json.certificate, 'none');
  });
});

describe('pools and profiles', () => {
  test('a DHCPv6 server takes an IPv6 pool (not an IPv4 one) and follows its rename', async () => {
    await c.put('/rest/ip/pool', { name: 'v4only', ranges: '10.44.0.10-10.44.0.20' });
    assert.equal((await c.put('/rest/ipv6/pool', { name: 'pd', prefix: '2001:db8:44::/48', 'prefix-length': '64' })).status, 201);
    const server = await c.put('/rest/ipv6/dhcp-server', { name: 'd6', interface: 'ether3', 'address-pool': 'pd' });
    assert.equal(server.status, 201, server.text);
    await c.patch('/rest/ipv6/pool/pd', { name: 'pd-lan' });
    assert.equal((await c.get('/rest/ipv6/dhcp-server/d6')).json['address-pool'], 'pd-lan');
    assert.deepEqual((await c.patch('/rest/ipv6/dhcp-server/d6', { 'address-pool': 'v4only' })).json, noMatch('address-pool'));
    // Removed: the server shows the pool's id and is invalid (manual "DHCP": flag I - invalid).
    const pool = (await c.get('/rest/ipv6/pool/pd-lan')).json['.id'];
    await c.delete('/rest/ipv6/pool/pd-lan');
    const shown = (await c.get('/rest/ipv6/dhcp-server/d6')).json;
    assert.equal(shown['address-pool'], pool);
    assert.equal(shown.invalid, 'true');
  });

  test('a hotspot user follows its renamed user profile; an unknown profile is refused', async () => {
    assert.equal((await c.put('/rest/ip/hotspot/user/profile', { name: 'guests' })).status, 201);
    const user = await c.put('/rest/ip/hotspot/user', { name: 'visitor', profile: 'guests' });
    assert.equal(user.status, 201, user.text);
    await c.patch('/rest/ip/hotspot/user/profile/guests', { name: 'visitors' });
    assert.equal((await c.get('/rest/ip/hotspot/user/visitor')).json.profile, 'visitors');
    assert.deepEqual((await c.patch('/rest/ip/hotspot/user/visitor', { profile: 'nosuch' })).json, noMatch('profile'));
  });
});

test('over the API: a firewall rule naming a VRF shows the VRF\'s new name', async () => {
  const api = await ApiClient.connect(r.router.bound.api!);
  await api.login();
  assert.equal((await api.call('/ip/vrf/add', '=name=blue', '=interfaces=ether3'))[0][0], '!done');
  const added = await api.call('/ip/firewall/filter/add', '=chain=forward', '=action=drop', '=in-interface=blue');
  const id = added[0].find((w) => w.startsWith('=ret='))!.slice('=ret='.length);
  assert.deepEqual(await api.call('/ip/vrf/set', '=numbers=blue', '=name=green'), [['!done']]);
  assert.equal(records(await api.call('/ip/firewall/filter/print', `?.id=${id}`))[0]['in-interface'], 'green');
  assert.deepEqual(await api.call('/ip/firewall/filter/add', '=chain=forward', '=action=drop', '=in-interface=blue'),
    [['!trap', '=category=1', '=message=input does not match any value of in-interface'], ['!done']]);
  api.close();
});

// docs/routeros-facts.md 23.5: the words the 7.22.3 deep inspect completes for each.
describe('interfaces of SMB and traffic flow, DHCPv6 options', () => {
  test('/ip smb interfaces: interfaces or `all`, no interface list; a renamed interface shows through', async () => {
    await c.put('/rest/interface/bridge', { name: 'br-files' });
    assert.deepEqual((await c.post('/rest/ip/smb/set', { interfaces: 'br-files,ether2' })).json, []);
    await c.patch('/rest/interface/bridge/br-files', { name: 'br-share' });
    assert.equal((await c.get('/rest/ip/smb')).json.interfaces, 'br-share,ether2');
    assert.deepEqual((await c.post('/rest/ip/smb/set', { interfaces: 'LAN' })).json, noMatch('interfaces'));
    assert.deepEqual((await c.post('/rest/ip/smb/set', { interfaces: 'nosuch' })).json, noMatch('interfaces'));
    assert.deepEqual((await c.post('/rest/ip/smb/set', { interfaces: 'all' })).json, []);
    assert.equal((await c.get('/rest/ip/smb')).json.interfaces, 'all');
    await c.delete('/rest/interface/bridge/br-share');
  });

  test('/ip traffic-flow interfaces: interfaces, interface lists and `local`; a renamed list shows through', async () => {
    await c.put('/rest/interface/list', { name: 'flows' });
    assert.deepEqual((await c.post('/rest/ip/traffic-flow/set', { interfaces: 'local,flows,ether3' })).json, []);
    await c.patch('/rest/interface/list/flows', { name: 'netflow' });
    assert.equal((await c.get('/rest/ip/traffic-flow')).json.interfaces, 'local,netflow,ether3');
    assert.deepEqual((await c.post('/rest/ip/traffic-flow/set', { interfaces: 'nosuch' })).json, noMatch('interfaces'));
    assert.deepEqual((await c.post('/rest/ip/traffic-flow/set', { interfaces: 'all' })).json, []);
    await c.delete('/rest/interface/list/netflow');
  });

  test('/zerotier interfaces: interfaces or `all`, no interface list; a renamed interface shows through', async () => {
    const zt = await startRouter({ packages: ['zerotier'] });
    try {
      const z = client(zt.port);
      assert.equal((await z.get('/rest/zerotier/zt1')).json.interfaces, 'all');
      await z.put('/rest/interface/bridge', { name: 'br-zt' });
      assert.equal((await z.patch('/rest/zerotier/zt1', { interfaces: 'br-zt,ether2' })).status, 200);
      await z.patch('/rest/interface/bridge/br-zt', { name: 'br-peers' });
      assert.equal((await z.get('/rest/zerotier/zt1')).json.interfaces, 'br-peers,ether2');
      assert.deepEqual((await z.patch('/rest/zerotier/zt1', { interfaces: 'LAN' })).json, noMatch('interfaces'));
      assert.deepEqual((await z.patch('/rest/zerotier/zt1', { interfaces: 'nosuch' })).json, noMatch('interfaces'));
      assert.equal((await z.patch('/rest/zerotier/zt1', { interfaces: 'all' })).json.interfaces, 'all');
    } finally { await zt.stop(); }
  });

  test('a DHCPv6 binding\'s dhcp-option names /ipv6 dhcp-server option records, renamed with them', async () => {
    const opt = await c.put('/rest/ipv6/dhcp-server/option', { name: 'dns6', code: '23', value: '0x20010db8000000000000000000000001' });
    assert.equal(opt.status, 201, opt.text);
    const bind = await c.put('/rest/ipv6/dhcp-server/binding', { duid: '0x0001', address: '2001:db8:1::/64', 'dhcp-option': 'dns6' });
    assert.equal(bind.status, 201, bind.text);
    await c.patch('/rest/ipv6/dhcp-server/option/dns6', { name: 'resolver6' });
    assert.equal((await c.get(`/rest/ipv6/dhcp-server/binding/${bind.json['.id']}`)).json['dhcp-option'], 'resolver6');
    assert.deepEqual((await c.patch(`/rest/ipv6/dhcp-server/binding/${bind.json['.id']}`, { 'dhcp-option': 'nosuch' })).json, noMatch('dhcp-option'));
    await c.delete(`/rest/ipv6/dhcp-server/binding/${bind.json['.id']}`);
    await c.delete('/rest/ipv6/dhcp-server/option/resolver6');
  });
});

test('/interface wireless cap interfaces: the wireless interfaces the manager controls, renamed with them', async () => {
  const board = await startRouter({ board: 'hap-ac2' });
  try {
    const b = client(board.port);
    assert.deepEqual((await b.post('/rest/interface/wireless/cap/set', { interfaces: 'wlan1,wlan2' })).json, []);
    await b.patch('/rest/interface/wireless/wlan1', { name: 'radio24' });
    assert.equal((await b.get('/rest/interface/wireless/cap')).json.interfaces, 'radio24,wlan2');
    assert.deepEqual((await b.post('/rest/interface/wireless/cap/set', { interfaces: 'ether2' })).json, noMatch('interfaces'));
    assert.deepEqual((await b.post('/rest/interface/wireless/cap/set', { interfaces: '' })).json, []);
    assert.equal((await b.get('/rest/interface/wireless/cap')).json.interfaces, '');
  } finally { await board.stop(); }
});
