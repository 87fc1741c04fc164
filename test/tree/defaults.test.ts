// The documented defaults of generated menus, as the manual and real prints give them
// (test/tree/manual-defaults.ts, literals with their sources): each names a menu of the 7.24
// tree and an argument of its add or set, is written as the field's type reads it back (so a
// default in the wrong form fails here), is left to the hand declaration where a menu has one,
// is the menu's default, and shows over REST on a blank router.

import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { allMenus, handMenus } from '../../src/menus/index.js';
import { argsOf, dirAt } from '../../src/tree/tree.js';
import { kindOf } from '../../src/tree/declare.js';
import { typeFor } from '../../src/tree/types.js';
import { formOf } from '../../src/menus/forms.js';
import { client, startRouter, type TestRouter } from '../helpers/router.js';
import { availablePackages } from '../../src/device/packages.js';
import { NEWEST_RELEASE } from '../../src/tree/tree.js';
import { MANUAL_DEFAULTS } from './manual-defaults.js';

const menus = allMenus();

describe('the documented defaults', () => {
  const handFields = new Map<string, Set<string>>();
  for (const m of handMenus) handFields.set(m.path, new Set([...(handFields.get(m.path) ?? []), ...Object.keys(m.fields ?? {})]));
  for (const [path, fields] of Object.entries(MANUAL_DEFAULTS)) {
    test(`/${path}`, () => {
      const dir = dirAt(path);
      assert.ok(dir, `/${path} is no menu of the tree`);
      assert.notEqual(kindOf(dir), 'dir', `/${path} prints nothing`);
      const set = argsOf(dir, 'set');
      const add = argsOf(dir, 'add');
      const args = { ...set, ...add };
      const menu = menus.find((m) => m.path === path);
      assert.ok(menu?.fields);
      for (const [name, value] of Object.entries(fields)) {
        // A hand declaration (own records, rule menus) decides the fields it declares.
        assert.ok(!handFields.get(path)?.has(name), `/${path} ${name} has a hand declaration: it decides the default`);
        const spec = args[name];
        assert.ok(spec !== undefined, `${name} is no argument of /${path} add or set`);
        const tree = typeFor(name, spec, add?.[name] !== undefined ? add : set);
        assert.equal((formOf(path, name, tree) ?? tree).parse(value), value, `${name}=${value} does not read back as itself`);
        assert.equal(menu.fields[name]?.default, value, `the menu's ${name} does not default to ${value}`);
      }
    });
  }
});

describe('a router with every package shows each settings menu\'s', () => {
  test('every settings menu of the manual\'s defaults prints each of them over REST', async () => {
    // Without the default configuration, which sets some (discover-interface-list=LAN ...).
    const r = await startRouter({ packages: availablePackages(NEWEST_RELEASE), noDefaults: true });
    try {
      const c = client(r.port);
      let menus = 0;
      for (const [path, fields] of Object.entries(MANUAL_DEFAULTS)) {
        // The RouterBOARD's own menus (boot loader, buttons) follow the board: its data, not these defaults.
        if (menus_kind(path) !== 'settings' || path.startsWith('system/routerboard/')) continue;
        const got = (await c.get(`/rest/${path}`)).json;
        for (const [name, value] of Object.entries(fields)) assert.equal(got[name], value, `/${path} ${name}`);
        menus++;
      }
      assert.ok(menus > 60, String(menus));
    } finally { await r.stop(); }
  });
});

const menus_kind = (path: string) => menus.find((m) => m.path === path)?.kind;

describe('a blank router shows them', () => {
  let r: TestRouter;
  let c: ReturnType<typeof client>;
  // With the wireless package (/caps-man, /interface/wireless), as on an 802.11ac board.
  before(async () => { r = await startRouter({ packages: ['wireless'] }); c = client(r.port); });
  after(() => r.stop());

  test('/ip/firewall/connection/tracking and /ip/socks are full objects', async () => {
    const tracking = (await c.get('/rest/ip/firewall/connection/tracking')).json;
    for (const [name, value] of Object.entries(MANUAL_DEFAULTS['ip/firewall/connection/tracking'])) assert.equal(tracking[name], value, name);
    const socks = (await c.get('/rest/ip/socks')).json;
    assert.equal(socks.port, '1080');
    assert.equal(socks.enabled, 'false');
    assert.equal(socks['connection-idle-timeout'], '2m');
  });

  test('settings menus without a manual page show what real routers print', async () => {
    for (const path of ['ip/ssh', 'system/ntp/server', 'ip/upnp', 'tool/mac-server/ping']) {
      const got = (await c.get(`/rest/${path}`)).json;
      for (const [name, value] of Object.entries(MANUAL_DEFAULTS[path])) assert.equal(got[name], value, `${path} ${name}`);
    }
  });

  test('settings menus nobody changed show what a real 7.24 router prints', async () => {
    const paths = [
      'tool/e-mail', 'tool/sniffer', 'disk/settings', 'certificate/settings', 'tool/graphing', 'mpls/settings',
      'ipv6/nd/prefix/default', 'system/leds/settings', 'system/routerboard/reset-button',
      'interface/bridge/settings', 'interface/detect-internet', 'interface/l2tp-server/server', 'ip/dhcp-server/config',
      'ip/tftp/settings', 'caps-man/manager', 'interface/wireless/cap',
    ];
    for (const path of paths) {
      const got = (await c.get(`/rest/${path}`)).json;
      assert.deepEqual(got, MANUAL_DEFAULTS[path], path);
    }
    // A few as the 7.24.4 export prints them, in REST's words.
    const email = (await c.get('/rest/tool/e-mail')).json;
    assert.equal(email.from, '<>');
    assert.equal(email.port, '25');
    assert.equal(email.password, undefined);
    const l2tp = (await c.get('/rest/interface/l2tp-server/server')).json;
    assert.equal(l2tp['default-profile'], 'default-encryption');
    assert.equal(l2tp['use-ipsec'], 'no');
    assert.equal(l2tp['max-mtu'], '1450');
    assert.equal(l2tp['ipsec-secret'], undefined);
    // ip:port, as V writes it (issue 23: the tree's `A.B.C.D` note took no port).
    assert.equal((await c.get('/rest/tool/sniffer')).json['streaming-server'], '0.0.0.0:37008');
    assert.equal((await c.get('/rest/system/routerboard/reset-button')).json['hold-time'], '0s..1m');
    // What the default configuration would set is not made up: no USB sharing on the bridge.
    assert.equal((await c.get('/rest/disk/settings')).json['auto-media-interface'], 'none');
    // A set value shows over the default and a compact export names only it.
    assert.equal((await c.post('/rest/tool/e-mail/set', { server: '192.0.2.25' })).status, 200);
    const exported = (await c.post('/rest/execute', { script: '/tool e-mail export', 'as-string': '' })).json.ret as string;
    assert.match(exported, /^\/tool e-mail\nset server=192\.0\.2\.25$/m);
  });

  test('an interface list shows empty include and exclude, which only a verbose export prints', async () => {
    const put = await c.put('/rest/interface/list', { name: 'L1' });
    assert.equal(put.status, 201, put.text);
    assert.equal(put.json.include, '');
    assert.equal(put.json.exclude, '');
    const all = (await c.get('/rest/interface/list')).json as Record<string, string>[];
    for (const l of all) assert.ok(l.include !== undefined && l.exclude !== undefined, l.name);
    assert.equal((await c.put('/rest/interface/list', { name: 'L2', include: 'L1' })).json.include, 'L1');
    const compact = (await c.post('/rest/execute', { script: '/interface list export', 'as-string': '' })).json.ret as string;
    assert.match(compact, /^add name=L1$/m);
    assert.match(compact, /^add include=L1 name=L2$/m);
    const verbose = (await c.post('/rest/execute', { script: '/interface list export verbose', 'as-string': '' })).json.ret as string;
    assert.match(verbose, /^add exclude="" include="" name=L1$/m);
  });

  test('a PPP profile added by name shows what a real added profile does, the own ones keep theirs', async () => {
    const put = await c.put('/rest/ppp/profile', { name: 'vpn', 'local-address': '10.0.0.1' });
    assert.equal(put.status, 201, put.text);
    for (const [name, value] of Object.entries(MANUAL_DEFAULTS['ppp/profile'])) assert.equal(put.json[name], value, name);
    assert.equal(put.json['change-tcp-mss'], 'default');
    assert.equal(put.json['use-encryption'], undefined);
    const own = (await c.get('/rest/ppp/profile/*0')).json;
    assert.equal(own['change-tcp-mss'], 'yes');
    assert.equal(own['use-ipv6'], 'yes');
    const exported = (await c.post('/rest/execute', { script: '/ppp profile export', 'as-string': '' })).json.ret as string;
    assert.match(exported, /^\/ppp profile\nadd local-address=10\.0\.0\.1 name=vpn$/m);
  });

  test('an IPsec profile added by name shows the values of the default one', async () => {
    const put = await c.put('/rest/ip/ipsec/profile', { name: 'p1' });
    assert.equal(put.status, 201, put.text);
    const own = (await c.get('/rest/ip/ipsec/profile/*0')).json;
    for (const name of ['dh-group', 'enc-algorithm', 'hash-algorithm', 'lifetime', 'proposal-check', 'dpd-interval']) assert.equal(put.json[name], own[name], name);
  });

  test('a set value shows over the default, and reset brings the default back', async () => {
    assert.equal((await c.post('/rest/ip/socks/set', { port: '1081' })).status, 200);
    assert.equal((await c.get('/rest/ip/socks')).json.port, '1081');
    const reset = await c.post('/rest/ip/socks/reset', { port: '' });
    assert.equal(reset.status, 200, reset.text);
    assert.equal((await c.get('/rest/ip/socks')).json.port, '1080');
  });

  test('a wireless security profile added by name shows the values of the default one', async () => {
    const put = await c.put('/rest/interface/wireless/security-profiles', { name: 'p1' });
    assert.equal(put.status, 201, put.text);
    const own = (await c.get('/rest/interface/wireless/security-profiles/*0')).json;
    for (const [name, value] of Object.entries(MANUAL_DEFAULTS['interface/wireless/security-profiles'])) {
      assert.equal(put.json[name], value, name);
      assert.equal(own[name], value, name);
    }
    assert.equal(put.json['eap-methods'], 'passthrough');
    assert.equal(put.json['group-key-update'], '5m');
    // Given values show over the defaults and a compact export names only them.
    const set = await c.patch('/rest/interface/wireless/security-profiles/p1', { mode: 'dynamic-keys', 'authentication-types': 'wpa2-psk' });
    assert.equal(set.status, 200, set.text);
    assert.equal(set.json.mode, 'dynamic-keys');
    const exported = (await c.post('/rest/execute', { script: '/interface wireless security-profiles export', 'as-string': '' })).json.ret as string;
    assert.match(exported, /^add authentication-types=wpa2-psk mode=dynamic-keys name=p1$/m);
  });

  test('an IPsec identity given its peer and secret shows the method and policy generation, as a real one does', async () => {
    assert.equal((await c.put('/rest/ip/ipsec/peer', { name: 'peer1', address: '192.0.2.1/32' })).status, 201);
    const put = await c.put('/rest/ip/ipsec/identity', { peer: 'peer1', secret: 's3cret' });
    assert.equal(put.status, 201, put.text);
    assert.equal(put.json['auth-method'], 'pre-shared-key');
    assert.equal(put.json['generate-policy'], 'no');
    // The manual's other defaults are not printed by a real router for an identity that leaves them unset.
    for (const name of ['my-id', 'remote-id', 'match-by', 'mode-config', 'policy-template-group']) assert.equal(put.json[name], undefined, name);
  });

  test('a WiFi interface shows arp but no configuration nobody set', async () => {
    // Without the default configuration, which sets the radios up as access points.
    const own = await startRouter();
    try {
      const oc = client(own.port);
      await oc.post('/rest/system/reset-configuration', { 'no-defaults': 'yes' });
      const wifi = (await oc.get('/rest/interface/wifi')).json as Record<string, string>[];
      assert.ok(wifi.length > 0);
      for (const w of wifi) {
        assert.equal(w.arp, 'enabled');
        assert.equal(w['arp-timeout'], 'auto');
        // A radio the default configuration has not enabled is disabled.
        assert.equal(w.disabled, 'true');
        assert.ok(!Object.keys(w).some((k) => k.startsWith('configuration.') || k.startsWith('security.')), JSON.stringify(w));
      }
    } finally { await own.stop(); }
  });

  test('a DHCP server added with only its interface shows the documented values', async () => {
    const put = await c.put('/rest/ip/dhcp-server', { name: 'd1', interface: 'ether1' });
    assert.equal(put.status, 201, put.text);
    const d = put.json;
    assert.equal(d['lease-time'], '30m');
    assert.equal(d['address-pool'], 'static-only');
    assert.equal(d.authoritative, 'yes');
    assert.equal(d['add-arp'], 'false');
  });
});

describe('a board with the wireless package shows them', () => {
  let r: TestRouter;
  let c: ReturnType<typeof client>;
  before(async () => {
    r = await startRouter({ board: 'hap-ac2' });
    c = client(r.port);
    // Without the default configuration, which sets the radios up as access points.
    await c.post('/rest/system/reset-configuration', { 'no-defaults': 'yes' });
  });
  after(() => r.stop());

  test('each radio and a virtual AP show the board-independent wireless values', async () => {
    const radios = (await c.get('/rest/interface/wireless')).json as Record<string, string>[];
    assert.deepEqual(radios.map((w) => w.name), ['wlan1', 'wlan2']);
    const put = await c.put('/rest/interface/wireless', { name: 'wlan3', 'master-interface': 'wlan1' });
    assert.equal(put.status, 201, put.text);
    for (const w of [...radios, put.json]) {
      for (const [name, value] of Object.entries(MANUAL_DEFAULTS['interface/wireless'])) assert.equal(w[name], value, `${w.name} ${name}`);
      // What depends on the radio, band or country is not made up.
      for (const name of ['band', 'country', 'frequency', 'channel-width', 'ssid']) assert.equal(w[name], undefined, `${w.name} ${name}`);
    }
    // A radio left as it is adds nothing to a compact export.
    const exported = (await c.post('/rest/execute', { script: '/interface wireless export', 'as-string': '' })).json.ret as string;
    assert.doesNotMatch(exported, /default-name=wlan1/);
  });
});
