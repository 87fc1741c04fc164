// The whole 7.24 tree over REST: every directory with print answers, the generic commands
// are exactly where the tree lists them, values are checked by the tree's type notes, and
// commands vrouter does not emulate answer and say so in the log.

import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { directories, NEWEST_RELEASE, type Tree } from '../../src/tree/tree.js';
import { availablePackages } from '../../src/device/packages.js';
import { kindOf } from '../../src/tree/declare.js';
import { MANUAL_DEFAULTS } from './manual-defaults.js';
import { client, error, startRouter, type TestRouter } from '../helpers/router.js';

let r: TestRouter;
let c: ReturnType<typeof client>;
// A router with every extra package of 7.24, so that every directory of the tree is its.
before(async () => { r = await startRouter({ packages: availablePackages(NEWEST_RELEASE) }); c = client(r.port); });
after(() => r.stop());

const bad = (detail: string) => error(400, 'Bad Request', detail);

describe('every directory of the tree answers', () => {
  test('GET of every directory with print: a list for a table, an object for settings', async () => {
    let tables = 0, settings = 0;
    const wrong: string[] = [];
    // The router's own tree: its board (a hAP ax²) lacks what only other boards have (src/device/boards/features.ts).
    for (const [path, dir] of directories(r.router.engine.services.tree as Tree)) {
      // A RouterBOARD lists its health sensors; the CHR capture has x86's settings object.
      const kind = path === 'system/health' ? 'table' : kindOf(dir);
      if (kind === 'dir') continue;
      const res = await c.get(`/rest/${path}`);
      const ok = res.status === 200 && (kind === 'table' ? Array.isArray(res.json) : typeof res.json === 'object' && !Array.isArray(res.json));
      if (!ok) wrong.push(`/${path} (${kind}): ${res.status} ${res.text.slice(0, 120)}`);
      if (kind === 'table') tables++; else settings++;
    }
    assert.deepEqual(wrong, []);
    // The 7.24 captures with every extra package: 522 directories with print, 420 of them
    // tables; tree/packages.json adds 14 menus of hardware the captures lack (7 tables, 7
    // settings), of which a hAP ax² lacks the mode and WPS buttons' (routeros-facts.md 51.4);
    // /system/health, a settings object in the CHR capture, is a RouterBOARD's table of sensors.
    assert.deepEqual([tables, settings], [428, 106]);
  });

  test('a sub-directory of a table is a menu, not a record name', async () => {
    const res = await c.get('/rest/certificate/settings');
    assert.equal(res.status, 200);
    assert.ok(!Array.isArray(res.json));
    assert.equal((await c.get('/rest/interface/wireguard/peers')).status, 200);
    assert.deepEqual((await c.get('/rest/interface/wireguard/peers')).json, []);
  });

  test('add, set, remove exist exactly where the tree lists them', async () => {
    // /ip/dns/cache has no add; /ip/settings has set but no add; /system/license has no set.
    assert.deepEqual((await c.put('/rest/ip/dns/cache', { name: 'x' })).json, bad('no such command'));
    assert.deepEqual((await c.put('/rest/ip/settings', { 'rp-filter': 'strict' })).json, bad('no such command'));
    assert.deepEqual((await c.post('/rest/system/license/set', { level: 'free' })).json, bad('no such command'));
    // A settings menu changes with POST set and shows what was set.
    assert.deepEqual((await c.post('/rest/ip/settings/set', { 'rp-filter': 'strict', 'tcp-syncookies': 'yes' })).json, []);
    const s = (await c.get('/rest/ip/settings')).json;
    assert.equal(s['rp-filter'], 'strict');
    assert.equal(s['tcp-syncookies'], 'true');
  });
});

describe('a generated table stores, queries, changes and removes like any other', () => {
  test('PUT, GET by id and by name, PATCH, .query, DELETE on /ip/dhcp-server', async () => {
    const put = await c.put('/rest/ip/dhcp-server', { name: 'lan-dhcp', interface: 'bridge', 'lease-time': '30m', 'address-pool': 'default-dhcp' });
    assert.equal(put.status, 201, put.text);
    const id = put.json['.id'];
    // What was not given shows the manual's defaults (test/tree/manual-defaults.ts); the collection's
    // _api_data.py fills what the manual leaves out (('ip', 'dhcp-server'): lease-script default '').
    assert.deepEqual(put.json, { ...MANUAL_DEFAULTS['ip/dhcp-server'], 'lease-script': '', '.id': id, 'address-pool': 'default-dhcp', disabled: 'false', dynamic: 'false', interface: 'bridge', invalid: 'false', 'lease-time': '30m', name: 'lan-dhcp' });
    assert.deepEqual((await c.get('/rest/ip/dhcp-server/lan-dhcp')).json, put.json);
    const patched = await c.patch(`/rest/ip/dhcp-server/${id}`, { 'lease-time': '1d', disabled: true });
    assert.equal(patched.json['lease-time'], '1d');
    assert.equal(patched.json.disabled, 'true');
    const found = await c.post('/rest/ip/dhcp-server/print', { '.query': ['lease-time=1d'], '.proplist': 'name' });
    assert.deepEqual(found.json, [{ name: 'lan-dhcp' }]);
    assert.equal((await c.delete(`/rest/ip/dhcp-server/${id}`)).status, 204);
    // The default configuration's server stays (src/device/defconf.ts).
    assert.deepEqual((await c.get('/rest/ip/dhcp-server?.proplist=name')).json, [{ name: 'defconf' }]);
  });

  test('an interface kind of the tree is an interface: named by the router, shown in /interface, one name space', async () => {
    const wg = await c.put('/rest/interface/wireguard', { 'listen-port': '13231' });
    assert.equal(wg.status, 201, wg.text);
    assert.equal(wg.json.name, 'wireguard1');
    const all = (await c.get('/rest/interface?name=wireguard1')).json;
    assert.equal(all.length, 1);
    assert.equal(all[0].type, 'wg');
    assert.deepEqual((await c.put('/rest/interface/vrrp', { name: 'wireguard1', interface: 'bridge' })).json, bad('failure: already have interface with such name'));
    assert.equal((await c.delete('/rest/interface/wireguard/wireguard1')).status, 204);
  });
});

describe('values are checked by the tree\'s type notes', () => {
  test('time intervals with bounds, IP addresses, IPv6 prefixes, sized strings, MAC addresses', async () => {
    assert.deepEqual((await c.put('/rest/ip/dhcp-server', { name: 'd0', 'lease-time': '0s' })).json, bad('value of lease-time is out of range (00:00:01 .. 7101w3d06:28:15)'));
    assert.deepEqual((await c.put('/rest/ip/dhcp-server/network', { address: '10.0.0.0/24', gateway: '10.0.0.300' })).json, bad('invalid value for argument gateway'));
    // The note says `A.B.C.D (IP address)`, but the router takes the network's prefix there.
    assert.equal((await c.put('/rest/ip/dhcp-server/network', { address: '10.0.0.0/24', gateway: '10.0.0.1' })).json.address, '10.0.0.0/24');
    // `IPv6/0..128    (IPv6 prefix)`, written back in the router's short form.
    const v6 = await c.put('/rest/ipv6/pool', { name: 'v6', prefix: '2001:DB8:0:0::/48', 'prefix-length': '64' });
    assert.equal(v6.status, 201, v6.text);
    assert.equal(v6.json.prefix, '2001:db8::/48');
    assert.deepEqual((await c.put('/rest/ipv6/pool', { name: 'v6b', prefix: '2001:db8::/129' })).json, bad('invalid value for argument prefix'));
    // `string value, max length 31` (bridge MSTI names are not it; the bonding's name is free), a MAC address:
    assert.deepEqual((await c.put('/rest/interface/bridge/vlan', { bridge: 'bridge', 'vlan-ids': '10', comment: 'x' })).status, 201);
    assert.deepEqual((await c.put('/rest/interface/macvlan', { interface: 'ether1', 'mac-address': 'zz:00:00:00:00:00' })).json, bad('invalid value for argument mac-address'));
    const mv = await c.put('/rest/interface/macvlan', { interface: 'ether1', 'mac-address': 'aa-bb-cc-dd-ee-ff' });
    assert.equal(mv.json['mac-address'], 'AA:BB:CC:DD:EE:FF');
  });

  test('yes|no, enumerations from completion values, lists of words, unknown parameters', async () => {
    assert.deepEqual((await c.post('/rest/ip/settings/set', { 'rp-filter': 'sometimes' })).json, bad('input does not match any value of rp-filter'));
    assert.deepEqual((await c.post('/rest/ip/settings/set', { 'ip-forward': 'maybe' })).json, bad('invalid value for argument ip-forward'));
    assert.deepEqual((await c.post('/rest/ip/settings/set', { 'ip-forward': 'no' })).json, []);
    assert.equal((await c.get('/rest/ip/settings')).json['ip-forward'], 'false');
    // `ip|ipv6[,Afi*]`: a list of words.
    const bgp = await c.put('/rest/routing/bgp/template', { name: 't1', afi: 'ip,ipv6', as: '65000' });
    assert.equal(bgp.status, 201, bgp.text);
    assert.equal(bgp.json.afi, 'ip,ipv6');
    assert.deepEqual((await c.put('/rest/routing/bgp/template', { name: 't2', afi: 'ip,ipx' })).json, bad('input does not match any value of afi'));
    assert.deepEqual((await c.put('/rest/ip/dhcp-server', { name: 'd1', colour: 'blue' })).json, bad('unknown parameter colour'));
  });
});

describe('commands vrouter does not emulate', () => {
  test('answer as the router does with nothing to do, and log one line saying so', async () => {
    const client1 = await c.put('/rest/ip/dhcp-client', { interface: 'ether1' });
    assert.equal(client1.status, 201, client1.text);
    assert.deepEqual((await c.post('/rest/ip/dhcp-client/renew', { numbers: client1.json['.id'] })).json, []);
    const log = (await c.get('/rest/log')).json as Record<string, string>[];
    assert.deepEqual(log.filter((l) => l.message.includes('not emulated')).map((l) => [l.topics, l.message]),
      [['system,info', '/ip dhcp-client renew: not emulated by vrouter, nothing done']]);
    assert.deepEqual((await c.post('/rest/ip/dhcp-client/renew', { numbers: '*99' })).json, bad('no such item'));
    assert.deepEqual((await c.post('/rest/ip/dhcp-client/renew', { bogus: '1' })).json, bad('unknown parameter bogus'));
  });
});

describe('built-ins the tree implies', () => {
  test('the loopback interface lo', async () => {
    const lo = (await c.get('/rest/interface/lo')).json;
    assert.equal(lo.type, 'loopback');
    assert.equal(lo.mtu, '65536');
    assert.equal(lo['mac-address'], '00:00:00:00:00:00');
    assert.equal(lo.running, 'true');
  });

  test('/system/license and /system/device-mode are objects; /ip/dns/cache flush answers', async () => {
    assert.deepEqual((await c.get('/rest/system/license')).json, { level: 'p-unlimited', 'system-id': 'V7RT0001VR0UTR1' });
    const mode = (await c.get('/rest/system/device-mode')).json;
    assert.equal(Object.keys(mode).length, 24);
    assert.deepEqual([mode.mode, mode['allowed-versions'], mode['attempt-count'], mode.container, mode.fetch], ['advanced', '', '0', 'false', 'true']);
    // As captured on a 7.22.1 CHR: POST print is a 500; update's own errors come at once.
    const print = await c.post('/rest/system/device-mode/print', {});
    assert.deepEqual([print.status, print.json], [500, { error: 500, message: 'Internal Server Error' }]);
    assert.equal((await c.get('/rest/system/device-mode/print')).status, 500);
    assert.deepEqual((await c.post('/rest/system/device-mode/update', { mode: 'invalid' })).json, bad('input does not match any value of mode'));
    assert.deepEqual((await c.post('/rest/system/device-mode/update', { nonexistent: 'true' })).json, bad('unknown parameter nonexistent'));
    assert.deepEqual((await c.post('/rest/ip/dns/cache/flush', {})).json, []);
    // Flushing drops what was learnt; the cache still lists the answers of the static entries
    // (manual.mikrotik.com "DNS", Cache: routeros-facts.md 45.4).
    assert.deepEqual((await c.get('/rest/ip/dns/cache')).json, [{ '.id': '*1', data: '192.168.88.1', name: 'router.lan', static: 'true', ttl: '1d', type: 'A' }]);
  });
});

describe('hand declarations refine the tree, never add to it', () => {
  /**
   * Properties real routers show that the 7.24 tree (captured on a CHR) does not offer for
   * `get`: they come from hardware the CHR lacks, or from captures of real replies.
   */
  const SHOWN_ON_HARDWARE: Record<string, readonly string[]> = {
    'interface/ethernet': ['max-l2mtu', 'switch'],
    'interface/bridge/port': ['port-number', 'designated-bridge', 'designated-port-number'],
    'interface/list/member': ['invalid'],
    file: ['creation-time'],
    'tool/bandwidth-server/session': ['remote-address', 'connection-count'],
    // RouterOS 7 on a RouterBOARD lists its sensors (manual "Health"); the CHR capture has x86's settings.
    'system/health': ['name', 'value', 'type'],
  };

  test('every menu and field a hand declaration names is one the tree has', async () => {
    const { handMenus } = await import('../../src/menus/index.js');
    const { argsOf, dirAt, valuesOf } = await import('../../src/tree/tree.js');
    const unknown: string[] = [];
    for (const decl of handMenus) {
      const dir = dirAt(decl.path);
      if (!dir) { unknown.push(`menu /${decl.path}`); continue; }
      const known = new Set([...Object.keys(argsOf(dir, 'add') ?? {}), ...Object.keys(argsOf(dir, 'set') ?? {})]);
      const get = argsOf(dir, 'get')?.['value-name'];
      for (const name of get ? valuesOf(get) : []) known.add(name);
      for (const name of Object.keys(decl.fields ?? {})) {
        if (!known.has(name) && !SHOWN_ON_HARDWARE[decl.path]?.includes(name)) unknown.push(`field /${decl.path} ${name}`);
      }
    }
    assert.deepEqual(unknown, []);
  });
});

describe('references of generated menus', () => {
  test('an interface or pool a generated menu names must exist, and a rename shows through', async () => {
    assert.deepEqual((await c.put('/rest/ip/dhcp-server', { name: 'ref1', interface: 'nosuch' })).json, bad('input does not match any value of interface'));
    const put = await c.put('/rest/ip/dhcp-server', { name: 'ref1', interface: 'ether4', 'address-pool': 'default-dhcp' });
    assert.equal(put.status, 201, put.text);
    await c.patch('/rest/interface/ether4', { name: 'lan4' });
    await c.patch('/rest/ip/pool/default-dhcp', { name: 'lan-pool' });
    const got = (await c.get('/rest/ip/dhcp-server/ref1')).json;
    assert.deepEqual([got.interface, got['address-pool']], ['lan4', 'lan-pool']);
    await c.patch('/rest/interface/lan4', { name: 'ether4' });
    await c.patch('/rest/ip/pool/lan-pool', { name: 'default-dhcp' });
    assert.equal((await c.delete(`/rest/ip/dhcp-server/${put.json['.id']}`)).status, 204);
  });
});
