// The default configuration of each family of boards, held to the real defconf of a model of
// that family: the defconf scripts routers print (`/system default-configuration print`),
// real exports of routers still on their defconf, each written out below with its source
// (docs/routeros-facts.md 52.2), and, for the board with a modem, a real export read here
// from ../shared/corpus/real-exports. Not a file the product wrote: the expected records
// are the sources' words, compared over REST and, for the LTE board, line by line in export.

import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { client, startRouter, type TestRouter } from '../helpers/router.js';
import { ALIKE, defconfLines, realDefconf } from '../helpers/defconf.js';

type Rows = Record<string, string>[];
type Client = ReturnType<typeof client>;

/** The records of a menu, with only the named fields (the router's own builtin records left out by `where`). */
async function rows(c: Client, menu: string, fields: readonly string[], where = ''): Promise<Rows> {
  const res = await c.get(`/rest/${menu}?.proplist=${fields.join(',')}${where}`);
  assert.equal(res.status, 200, `${menu}: ${res.text}`);
  return res.json;
}
const mac = async (c: Client, port: string) => (await c.get(`/rest/interface/ethernet/${port}?.proplist=mac-address`)).json['mac-address'] as string;

// The RouterMode defconf script (a RouterOS 7 home router's `/system default-configuration
// script`; find_string id 16111611602, routeros-facts.md 3), its IPv4 rules in order.
const ROUTER_FILTER: readonly [chain: string, action: string, comment: string][] = [
  ['input', 'accept', 'defconf: accept established,related,untracked'],
  ['input', 'drop', 'defconf: drop invalid'],
  ['input', 'accept', 'defconf: accept ICMP'],
  ['input', 'accept', 'defconf: accept to local loopback (for CAPsMAN)'],
  ['input', 'drop', 'defconf: drop all not coming from LAN'],
  ['forward', 'accept', 'defconf: accept in ipsec policy'],
  ['forward', 'accept', 'defconf: accept out ipsec policy'],
  ['forward', 'fasttrack-connection', 'defconf: fasttrack'],
  ['forward', 'accept', 'defconf: accept established,related, untracked'],
  ['forward', 'drop', 'defconf: drop invalid'],
  ['forward', 'drop', 'defconf: drop all from WAN not DSTNATed'],
];

/** What every RouterMode defconf makes, with the board's bridge ports and WAN. */
async function assertRouterMode(c: Client, lan: readonly string[], wan: string, dhcpClient: boolean) {
  // `/interface bridge add name=bridge ... comment=defconf` then `set bridge auto-mac=no
  // admin-mac=` the MAC of the first port it bridges (the script's bMACIsSet loop).
  assert.deepEqual(await rows(c, 'interface/bridge', ['name', 'auto-mac', 'admin-mac', 'comment']),
    [{ name: 'bridge', 'auto-mac': 'false', 'admin-mac': await mac(c, lan[0]), comment: 'defconf' }]);
  // Every interface but the WAN: `/interface bridge port add bridge=bridge interface=$k comment=defconf`.
  assert.deepEqual(await rows(c, 'interface/bridge/port', ['bridge', 'interface', 'comment']), lan.map((i) => ({ bridge: 'bridge', interface: i, comment: 'defconf' })));
  assert.deepEqual(await rows(c, 'interface/list', ['name', 'comment'], '&comment=defconf'), [{ name: 'WAN', comment: 'defconf' }, { name: 'LAN', comment: 'defconf' }]);
  assert.deepEqual(await rows(c, 'interface/list/member', ['list', 'interface', 'comment']),
    [{ list: 'LAN', interface: 'bridge', comment: 'defconf' }, { list: 'WAN', interface: wan, comment: 'defconf' }]);
  assert.deepEqual(await rows(c, 'ip/address', ['address', 'interface', 'network', 'comment']),
    [{ address: '192.168.88.1/24', interface: 'bridge', network: '192.168.88.0', comment: 'defconf' }]);
  assert.deepEqual(await rows(c, 'ip/pool', ['name', 'ranges']), [{ name: 'default-dhcp', ranges: '192.168.88.10-192.168.88.254' }]);
  assert.deepEqual(await rows(c, 'ip/dhcp-server', ['name', 'interface', 'address-pool', 'disabled']),
    [{ name: 'defconf', interface: 'bridge', 'address-pool': 'default-dhcp', disabled: 'false' }]);
  assert.deepEqual(await rows(c, 'ip/dhcp-server/network', ['address', 'gateway', 'dns-server', 'comment']),
    [{ address: '192.168.88.0/24', gateway: '192.168.88.1', 'dns-server': '192.168.88.1', comment: 'defconf' }]);
  assert.equal((await c.get('/rest/ip/dns')).json['allow-remote-requests'], 'true');
  assert.deepEqual(await rows(c, 'ip/dns/static', ['name', 'address', 'comment']), [{ name: 'router.lan', address: '192.168.88.1', comment: 'defconf' }]);
  // A board whose WAN is its modem adds no DHCP client (the LTE export below).
  assert.deepEqual(await rows(c, 'ip/dhcp-client', ['interface', 'comment']), dhcpClient ? [{ interface: 'ether1', comment: 'defconf' }] : []);
  assert.deepEqual((await rows(c, 'ip/firewall/filter', ['chain', 'action', 'comment'])).map((r) => [r.chain, r.action, r.comment]), ROUTER_FILTER);
  assert.deepEqual(await rows(c, 'ip/firewall/nat', ['chain', 'action', 'out-interface-list', 'ipsec-policy', 'comment']),
    [{ chain: 'srcnat', action: 'masquerade', 'out-interface-list': 'WAN', 'ipsec-policy': 'out,none', comment: 'defconf: masquerade' }]);
  assert.equal((await c.get('/rest/ip/neighbor/discovery-settings')).json['discover-interface-list'], 'LAN');
  assert.equal((await c.get('/rest/tool/mac-server')).json['allowed-interface-list'], 'LAN');
  assert.equal((await c.get('/rest/tool/mac-server/mac-winbox')).json['allowed-interface-list'], 'LAN');
}

/** A board whose defconf makes none of the router's: nothing in these menus. */
async function assertNoRouterMode(c: Client) {
  for (const menu of ['ip/pool', 'ip/dhcp-server', 'ip/dhcp-server/network', 'ip/dns/static', 'ip/firewall/filter', 'ip/firewall/nat', 'interface/list/member', 'ipv6/firewall/filter']) {
    assert.deepEqual(await rows(c, menu, ['.id']), [], menu);
  }
  assert.deepEqual(await rows(c, 'interface/list', ['name'], '&comment=defconf'), []);
}

async function onBoard(board: string, fn: (c: Client) => Promise<void>) {
  const r = await startRouter({ board });
  try { await fn(client(r.port)); } finally { await r.stop(); }
}

describe('home routers with radios', () => {
  test('hAP ax² (C52iG-5HaxD2HaxD, wifi): RouterMode, ether2-ether5 and both radios bridged, the radios access points', async () => {
    await onBoard('hap-ax2', async (c) => {
      await assertRouterMode(c, ['ether2', 'ether3', 'ether4', 'ether5', 'wifi1', 'wifi2'], 'ether1', true);
      // A cAP ax still on defconf (Bagumka/Mikrotik test.draft.rsc, RouterOS 7.21.1; the owner added
      // the country, SSID and passphrase): `set [ find default-name=wifi1 ] channel.skip-dfs-channels=10min-cac
      // configuration.mode=ap disabled=no security.authentication-types=wpa2-psk,wpa3-psk .ft=yes .ft-over-ds=yes`.
      // The SSID is MikroTik- and the last three bytes of the bridge's MAC (pastebin VjnCpGX8, a cAP ac's
      // 6.45.8 export: admin-mac=11:22:33:44:55:66, ssid=MikroTik-445566).
      const ssid = `MikroTik-${(await mac(c, 'ether2')).split(':').slice(3).join('')}`;
      const fields = ['name', 'disabled', 'configuration.mode', 'configuration.ssid', 'channel.skip-dfs-channels', 'security.authentication-types', 'security.ft', 'security.ft-over-ds'];
      assert.deepEqual(await rows(c, 'interface/wifi', fields), ['wifi1', 'wifi2'].map((name) => ({
        name, disabled: 'false', 'configuration.mode': 'ap', 'configuration.ssid': ssid, 'channel.skip-dfs-channels': '10min-cac',
        'security.authentication-types': 'wpa2-psk,wpa3-psk', 'security.ft': 'true', 'security.ft-over-ds': 'true',
      })));
    });
  });

  test('hAP ac² (RBD52G-5HacD2HnD, wireless): RouterMode, the wlan radios access points in 2.4 and 5 GHz', async () => {
    await onBoard('hap-ac2', async (c) => {
      await assertRouterMode(c, ['ether2', 'ether3', 'ether4', 'ether5', 'wlan1', 'wlan2'], 'ether1', true);
      // pastebin VjnCpGX8 (6.45.8 export of a board on defconf): `set [ find default-name=wlan1 ]
      // band=2ghz-b/g/n channel-width=20/40mhz-XX disabled=no distance=indoors frequency=auto
      // installation=indoor mode=ap-bridge ssid=MikroTik-445566 wireless-protocol=802.11`, and wlan2
      // `band=5ghz-a/n/ac channel-width=20/40/80mhz-XXXX` with the rest the same.
      const ssid = `MikroTik-${(await mac(c, 'ether2')).split(':').slice(3).join('')}`;
      const same = { disabled: 'false', distance: 'indoors', frequency: 'auto', installation: 'indoor', mode: 'ap-bridge', ssid, 'wireless-protocol': '802.11' };
      assert.deepEqual(await rows(c, 'interface/wireless', ['name', 'band', 'channel-width', ...Object.keys(same)]), [
        { name: 'wlan1', band: '2ghz-b/g/n', 'channel-width': '20/40mhz-XX', ...same },
        { name: 'wlan2', band: '5ghz-a/n/ac', 'channel-width': '20/40/80mhz-XXXX', ...same },
      ]);
    });
  });
});

describe('access points', () => {
  test('cAP ac (RBcAPGi-5acD2nD): RouterMode too, ether1 the WAN and ether2 with both radios bridged', async () => {
    // pastebin VjnCpGX8, the 6.45.8 export of a cAP ac (model = RBcAPGi-5acD2nD) on defconf:
    // `/interface list add comment=defconf name=WAN` ... `/ip dhcp-server add address-pool=default-dhcp
    // disabled=no interface=bridge name=defconf`, `/interface bridge port add bridge=bridge comment=defconf
    // interface=ether2` then wlan1, wlan2, `/interface list member add comment=defconf interface=bridge
    // list=LAN` and `interface=ether1 list=WAN`, `/ip address add address=192.168.88.1/24 comment=defconf`.
    await onBoard('cap-ac', (c) => assertRouterMode(c, ['ether2', 'wlan1', 'wlan2'], 'ether1', true));
  });
});

describe('switches', () => {
  test('CRS326-24G-2S+: every port in the bridge at 192.168.88.1/24, the bridge\'s MAC its first port\'s, nothing else', async () => {
    // The switch defconf script ("#| Switch mode: all interfaces switched", find_string id
    // 37818052434): `/interface bridge add name=bridge ... comment=defconf`; for each interface not a
    // slave nor a bridge, `/interface bridge port add bridge=bridge interface=$tmpPortName comment=defconf`,
    // the first ether one giving `admin-mac`; `/ip address add address=192.168.88.1/24 interface=bridge
    // comment="defconf"`. No DHCP, no lists, no firewall.
    await onBoard('crs326', async (c) => {
      const ports = [...Array.from({ length: 24 }, (_, i) => `ether${i + 1}`), 'sfp-sfpplus1', 'sfp-sfpplus2'];
      assert.deepEqual(await rows(c, 'interface/bridge', ['name', 'auto-mac', 'admin-mac', 'comment']),
        [{ name: 'bridge', 'auto-mac': 'false', 'admin-mac': await mac(c, 'ether1'), comment: 'defconf' }]);
      assert.deepEqual(await rows(c, 'interface/bridge/port', ['bridge', 'interface', 'comment']), ports.map((i) => ({ bridge: 'bridge', interface: i, comment: 'defconf' })));
      assert.deepEqual(await rows(c, 'ip/address', ['address', 'interface', 'comment']), [{ address: '192.168.88.1/24', interface: 'bridge', comment: 'defconf' }]);
      assert.deepEqual(await rows(c, 'ip/dhcp-client', ['.id']), []);
      await assertNoRouterMode(c);
    });
  });
});

describe('CCRs', () => {
  test('CCR2004-1G-12S+2XS: 192.168.88.1/24 on ether1 and nothing else', async () => {
    // A 7.13.4 `/system default-configuration print` of a CCR: "#| LAN: #|     IP on ether1:
    // 192.168.88.1/24;" and no other section; its revert removes `/ip address [find comment="defconf"]`.
    await onBoard('ccr2004', async (c) => {
      assert.deepEqual(await rows(c, 'ip/address', ['address', 'interface', 'comment']), [{ address: '192.168.88.1/24', interface: 'ether1', comment: 'defconf' }]);
      assert.deepEqual(await rows(c, 'interface/bridge', ['.id']), []);
      assert.deepEqual(await rows(c, 'ip/dhcp-client', ['.id']), []);
      await assertNoRouterMode(c);
    });
  });
});

describe('boards with a modem', () => {
  // Bridge ports and list members are the board's own: the real export's are the cAP ax LTE's.
  const SECTIONS = [...ALIKE, '/interface bridge port', '/interface list member'];
  let r: TestRouter;
  let c: Client;
  before(async () => { r = await startRouter({ board: 'cap-ax-lte' }); c = client(r.port); });
  after(() => r.stop());

  test('cAP ax LTE (cAPGi-5HaxD2HaxD&EG12-EA): every defconf line of a real 7.21.1 export of one, in order', async () => {
    // Bagumka/Mikrotik test.draft.rsc (RouterOS 7.21.1, model = cAPGi-5HaxD2HaxD&EG12-EA), read here.
    const real = realDefconf(SECTIONS);
    assert.equal(real.get('/ip firewall filter')?.length, 11);
    assert.equal(real.get('/ipv6 firewall filter')?.length, 22);
    const ours = defconfLines((await c.post('/rest/execute', { script: '/export', 'as-string': '' })).json.ret, SECTIONS);
    for (const s of SECTIONS) assert.deepEqual(ours.get(s), real.get(s), s);
  });

  test('the modem is the WAN: lte1 in WAN, ether1 out of the bridge, no defconf DHCP client', async () => {
    await assertRouterMode(c, ['ether2', 'wifi1', 'wifi2'], 'lte1', false);
  });
});

describe('CHR', () => {
  test('one DHCP client, on ether1, and nothing of a router\'s defconf', async () => {
    // A CHR's first boot leaves DHCP client number 0 to be turned off by whoever installs it (a
    // VULTR CentOS-to-CHR script's autorun: `/ip dhcp-client set disabled=yes numbers=0`); a CHR has
    // no defconf script of its own.
    await onBoard('chr', async (c) => {
      assert.deepEqual(await rows(c, 'ip/dhcp-client', ['interface', 'disabled']), [{ interface: 'ether1', disabled: 'false' }]);
      assert.deepEqual(await rows(c, 'ip/address', ['.id']), []);
      assert.deepEqual(await rows(c, 'interface/bridge', ['.id']), []);
      await assertNoRouterMode(c);
    });
  });
});
