// `print` in each of its forms, set up as the router of a public capture was and compared with
// what that router printed (docs/routeros-facts.md 43 names each capture). Captures pasted
// into documents lost their lines' trailing blanks; those are compared without them
// (`trimmed`), the ones that kept them byte for byte.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Reply } from '../../src/core/schema.js';
import { formatTable, formatValueList } from '../../src/console/print.js';
import type { ConsoleSession } from '../../src/console/host.js';
import { adminSession, consoleRouter } from './harness.js';

const trimmed = (text: string) => text.replace(/ +$/gm, '');
const lower = (quirk: string) => quirk !== 'print-detail-legend-upper';

test('/ip address print: one address on ether1, byte for byte as a 7.18.2 CRS prints it', async () => {
  const r = consoleRouter();
  try {
    await r.run('/ip address remove [find]; /ip address add address=192.168.1.2/24 interface=ether1');
    // The cell under INTERFACE is padded to the header's width: `ether1   ` (find_string id 8723059088).
    assert.equal(await r.run('/ip address print'),
      'Columns: ADDRESS, NETWORK, INTERFACE\n# ADDRESS         NETWORK      INTERFACE\n0 192.168.1.2/24  192.168.1.0  ether1   ');
  } finally { await r.close(); }
});

test('/ip route print: only the static route is numbered, the connected one is not (a 7.x containerlab client)', async () => {
  const r = consoleRouter();
  try {
    await r.run('/ip address remove [find]; /interface vlan add name=vlan20-bond1 interface=ether1 vlan-id=20');
    await r.run('/ip address add address=10.1.50.10/24 interface=vlan20-bond1; /ip route add dst-address=0.0.0.0/0 gateway=10.1.50.254');
    // find_string id 71394190712 (`[admin@client1] > /ip route print`).
    assert.equal(await r.run('/ip route print'), [
      'Flags: D - DYNAMIC; A - ACTIVE; c - CONNECT, s - STATIC',
      'Columns: DST-ADDRESS, GATEWAY, ROUTING-TABLE, DISTANCE',
      '#     DST-ADDRESS   GATEWAY       ROUTING-TABLE  DISTANCE',
      '0  As 0.0.0.0/0     10.1.50.254   main                  1',
      '  DAc 10.1.50.0/24  vlan20-bond1  main                  0',
    ].join('\n'));
    assert.equal(trimmed(await r.run('/ip address print')),
      'Columns: ADDRESS, NETWORK, INTERFACE\n# ADDRESS        NETWORK    INTERFACE\n0 10.1.50.10/24  10.1.50.0  vlan20-bond1');
  } finally { await r.close(); }
});

test('/ip route print with no static route has no number column and no `#` (the manual\'s connected routes)', async () => {
  const r = consoleRouter();
  try {
    await r.run('/ip address remove [find]; /interface vlan add name=vlan2 interface=ether1 vlan-id=2');
    await r.run('/ip address add address=10.155.125.2/24 interface=ether1; /ip address add address=192.168.1.1/24 interface=vlan2');
    // The manual's IP Routing page, `[admin@TempTest] /ip/route> print where connect`.
    assert.equal(await r.run('/ip route print where connect'), [
      'Flags: D - DYNAMIC; A - ACTIVE; c - CONNECT',
      'Columns: DST-ADDRESS, GATEWAY, ROUTING-TABLE, DISTANCE',
      '    DST-ADDRESS      GATEWAY  ROUTING-TABLE  DISTANCE',
      'DAc 10.155.125.0/24  ether1   main                  0',
      'DAc 192.168.1.0/24   vlan2    main                  0',
    ].join('\n'));
  } finally { await r.close(); }
});

test('/ip route print detail: every flag in the legend, groups wrapped whole, pairs wrapped at 80 columns (7.x)', async () => {
  const r = consoleRouter({ since: lower });
  try {
    await r.run('/ip address remove [find]; /interface vlan add name=Vlan12 interface=ether1 vlan-id=12');
    await r.run('/ip address add address=192.168.12.12/24 interface=Vlan12; /ip route add gateway=192.168.12.254');
    const lines = (await r.run('/ip route print detail')).split('\n');
    // find_string id 35497206517 (`[admin@NODE-12-12] > /ip/route/print detail`); its terminal cut
    // the legend's second line at 80 columns (`m - >`).
    assert.equal(lines[0], 'Flags: D - dynamic; X - disabled, I - inactive, A - active;');
    assert.ok(lines[1].startsWith('c - connect, s - static, r - rip, b - bgp, o - ospf, i - is-is, d - dhcp, v - vpn, m - '), lines[1]);
    assert.equal(lines[2], 'H - hw-offloaded; + - ecmp ');
    assert.deepEqual(lines.slice(3, 6).map((l) => l.trimEnd()), [
      ' 0  As   dst-address=0.0.0.0/0 routing-table=main gateway=192.168.12.254',
      '         immediate-gw=192.168.12.254%Vlan12 distance=1 scope=30 target-scope=10',
      '',
    ]);
    assert.match(lines[6], /^ {3}DAc {3}dst-address=192\.168\.12\.0\/24 /);
  } finally { await r.close(); }
});

test('/ip firewall filter print: defconf\'s input rules, the values each rule was given (7.x)', async () => {
  const r = consoleRouter({ since: lower });
  try {
    // find_string id 52092167760 (`/ip firewall filter print chain=input`, defconf rules 0-3).
    assert.equal(trimmed((await r.run('/ip firewall filter print where chain=input')).split('\n').slice(0, 12).join('\n')), [
      'Flags: X - disabled, I - invalid; D - dynamic',
      ' 0    ;;; defconf: accept established,related,untracked',
      '      chain=input action=accept connection-state=established,related,untracked',
      '',
      ' 1    ;;; defconf: drop invalid',
      '      chain=input action=drop connection-state=invalid',
      '',
      ' 2    ;;; defconf: accept ICMP',
      '      chain=input action=accept protocol=icmp',
      '',
      ' 3    ;;; defconf: accept to local loopback (for CAPsMAN)',
      '      chain=input action=accept dst-address=127.0.0.1',
    ].join('\n'));
    // The legend ends in a blank, as a 7.x prints it (a client's fixture of `print detail`, find_string id 68381650010).
    assert.ok((await r.run('/ip firewall filter print')).startsWith('Flags: X - disabled, I - invalid; D - dynamic \n'));
  } finally { await r.close(); }
});

test('detail in capitals from 7.22 on; a rule that does not name its action prints none (a 7.2x router\'s filter)', async () => {
  const r = consoleRouter();
  try {
    await r.run('/ip firewall filter remove [find]');
    await r.run('/ip firewall filter add chain=input protocol=udp dst-port=1701,500,4500 comment="Allow L2TP/IPsec"');
    await r.run('/ip firewall filter add chain=forward action=drop src-address=192.168.199.0/24 dst-address=!192.168.0.0/16 log=no log-prefix=""');
    // find_string id 69527356372 (rules 2 and 9 of `/ip firewall filter print`, on a terminal of
    // about 128 columns).
    assert.equal(trimmed(await r.run('/ip firewall filter print', { ...adminSession, width: 128 } as ConsoleSession)), [
      'Flags: X - DISABLED, I - INVALID; D - DYNAMIC',
      ' 0    ;;; Allow L2TP/IPsec',
      '      chain=input protocol=udp dst-port=1701,500,4500',
      '',
      ' 1    chain=forward action=drop src-address=192.168.199.0/24 dst-address=!192.168.0.0/16 log=no log-prefix=""',
    ].join('\n'));
  } finally { await r.close(); }
});

test('/ip dhcp-server lease print detail: one flag column, quoted texts, wrapped at the terminal\'s width (7.x, 120 columns)', async () => {
  const r = consoleRouter();
  try {
    const menu = r.engine.nodeAt('ip/dhcp-server/lease')!.menu!;
    const leases: Reply[] = [
      { '.id': '*1', address: '192.168.1.199', 'address-lists': '', server: 'dhcp1', 'dhcp-option': '', status: 'conflict', 'expires-after': '9h46m43s', 'last-seen': '14h13m17s', 'active-address': '192.168.1.199', 'active-server': 'dhcp1', 'src-mac-address': '0C:E6:9A:F5:00:00', dynamic: 'true' },
      { '.id': '*2', address: '192.168.1.198', 'mac-address': '0C:C9:5C:7D:00:00', 'address-lists': '', server: 'dhcp1', 'dhcp-option': '', status: 'bound', 'expires-after': '23h59m24s', 'last-seen': '36s', 'active-address': '192.168.1.198', 'active-mac-address': '0C:C9:5C:7D:00:00', 'active-server': 'dhcp1', 'host-name': 'ubuntu-cloud', dynamic: 'true' },
    ];
    // find_string id 61603813617 (`[admin@MikroTik] > /ip dhcp-server lease print detail`).
    assert.equal(trimmed(formatTable(menu, leases, { detail: true, width: 120, upperLegend: false }).join('\n')), [
      'Flags: X - disabled, R - radius, D - dynamic, B - blocked',
      ' 0 D address=192.168.1.199 address-lists="" server=dhcp1 dhcp-option="" status=conflict expires-after=9h46m43s',
      '     last-seen=14h13m17s active-address=192.168.1.199 active-server=dhcp1 src-mac-address=0C:E6:9A:F5:00:00',
      '',
      ' 1 D address=192.168.1.198 mac-address=0C:C9:5C:7D:00:00 address-lists="" server=dhcp1 dhcp-option="" status=bound',
      '     expires-after=23h59m24s last-seen=36s active-address=192.168.1.198 active-mac-address=0C:C9:5C:7D:00:00',
      '     active-server=dhcp1 host-name="ubuntu-cloud"',
    ].join('\n'));
  } finally { await r.close(); }
});

test('/interface print terse: unquoted values, a column for each flag group, numbers two wide (7.x)', async () => {
  const r = consoleRouter();
  try {
    const menu = r.engine.nodeAt('interface')!.menu!;
    const port = (n: number, extra: Reply = {}): Reply => ({ '.id': `*${n + 1}`, name: `port${n}`, type: 'ether', ...extra });
    const rows = [0, 1, 2, 3].map((n) => port(n));
    rows.push({ '.id': '*5', name: 'sfp-sfpplus1', 'default-name': 'sfp-sfpplus1', type: 'ether', mtu: '1500', 'actual-mtu': '1500', l2mtu: '1600', 'max-l2mtu': '9586', 'mac-address': '12:34:56:78:90:11', 'link-downs': '0', running: 'false' });
    rows.push(port(5), port(6));
    rows.push({ '.id': '*8', name: 'lo', type: 'loopback', mtu: '65536', 'actual-mtu': '65536', 'mac-address': '00:00:00:00:00:00', 'last-link-up-time': '1970-01-01 01:02:03', 'link-downs': '0', running: 'true' });
    const lines = formatTable(menu, rows, { terse: true });
    // ntc-templates tests/mikrotik_routeros/interface_print_terse_without-paging/..._without-paging2.raw, lines 5 and 8.
    assert.equal(lines[4], ' 4     name=sfp-sfpplus1 default-name=sfp-sfpplus1 type=ether mtu=1500 actual-mtu=1500 l2mtu=1600 max-l2mtu=9586 mac-address=12:34:56:78:90:11 link-downs=0');
    assert.equal(lines[7], ' 7  R  name=lo type=loopback mtu=65536 actual-mtu=65536 mac-address=00:00:00:00:00:00 last-link-up-time=1970-01-01 01:02:03 link-downs=0');
  } finally { await r.close(); }
});

test('/log print: one plain line a message, time, topics, message (7.x)', async () => {
  const r = consoleRouter();
  try {
    const menu = r.engine.nodeAt('log')!.menu!;
    const rows: Reply[] = [
      { '.id': '*1', time: '07:54:04', topics: 'system,info,account', message: 'user admin logged in from xxx.xxx.xxx.2 via api' },
      { '.id': '*2', time: '07:54:04', topics: 'system,info,account', message: 'user admin logged out from xxx.xxx.xxx.2 via api' },
    ];
    // find_string id 60286660312 (`[admin@MikroTik] > log print`).
    assert.deepEqual(formatTable(menu, rows), [
      '07:54:04 system,info,account user admin logged in from xxx.xxx.xxx.2 via api',
      '07:54:04 system,info,account user admin logged out from xxx.xxx.xxx.2 via api',
    ]);
    // Detail: the time bare, the message quoted (ntc-templates tests/mikrotik_routeros/log_print_detail_without-paging, 511 columns).
    assert.deepEqual(formatTable(menu, rows.slice(0, 1), { detail: true, width: 511 }), [' time=07:54:04 topics=system,info,account message="user admin logged in from xxx.xxx.xxx.2 via api" ']);
  } finally { await r.close(); }
});

test('print value-list, count-only, show-ids, proplist, file=', async () => {
  const r = consoleRouter();
  try {
    // The manual's `/snmp community print value-list`: `name: public`, `address: 0.0.0.0/0` from the line's start.
    const menu = r.engine.nodeAt('ip/address')!.menu!;
    assert.deepEqual(formatValueList(menu, [{ '.id': '*1', address: '10.0.0.1/24', network: '10.0.0.0', interface: 'ether1' }, { '.id': '*2', address: '192.168.88.1/24', network: '192.168.88.0', interface: 'bridge' }]),
      ['address: 10.0.0.1/24  192.168.88.1/24', 'network: 10.0.0.0     192.168.88.0', 'interface: ether1       bridge']);
    assert.equal(await r.run('/ip address print count-only'), '1');
    assert.equal(await r.run(':put [/ip address print count-only]'), '1');
    // show-ids names each record by its id where the number would be.
    assert.equal(await r.run('/ip address print show-ids'),
      'Columns: ADDRESS, NETWORK, INTERFACE\n # ADDRESS          NETWORK       INTERFACE\n;;; defconf\n*1 192.168.88.1/24  192.168.88.0  bridge   ');
    // proplist= makes the columns, in its order.
    assert.equal(await r.run('/ip address print proplist=interface,address'),
      'Columns: INTERFACE, ADDRESS\n# INTERFACE  ADDRESS        \n;;; defconf\n0 bridge     192.168.88.1/24');
    assert.equal(await r.run('/ip address print terse proplist=address'), ' 0     comment=defconf address=192.168.88.1/24');
    await r.run('/ip address print file=addresses');
    assert.equal(r.files.read('addresses.txt').toString(), 'Columns: ADDRESS, NETWORK, INTERFACE\n# ADDRESS          NETWORK       INTERFACE\n;;; defconf\n0 192.168.88.1/24  192.168.88.0  bridge   \n');
  } finally { await r.close(); }
});

test('print follow-only prints each change until stopped; follow prints the records first; interval prints again', async () => {
  const r = consoleRouter();
  try {
    // Started before the line is logged, printed when it is.
    let logged = false;
    const out = await r.untilStopped('/log print follow-only where topics~"script"', (lines) => logged && lines.length >= 1,
      async () => { await new Promise((ok) => setTimeout(ok, 50)); await r.run('/log info "hello from script"'); logged = true; });
    assert.equal(out.length, 1);
    assert.match(out[0], /^\d\d:\d\d:\d\d script,info hello from script$/);

    let added = false;
    const table = await r.untilStopped('/ip address print follow', (lines) => added && lines.length >= 5,
      async () => { await new Promise((ok) => setTimeout(ok, 50)); await r.run('/ip address add address=10.9.9.1/24 interface=ether1'); added = true; });
    assert.deepEqual(table.map((l) => l.trimEnd()), [
      'Columns: ADDRESS, NETWORK, INTERFACE', '# ADDRESS          NETWORK       INTERFACE', ';;; defconf', '0 192.168.88.1/24  192.168.88.0  bridge',
      '0 10.9.9.1/24  10.9.9.0  ether1',
    ]);

    const again = await r.untilStopped('/ip address print count-only interval=200ms', (lines) => lines.length >= 2);
    assert.deepEqual(again.slice(0, 2), ['2', '2']);
    assert.equal(await r.run('/ip address print interval=100ms').catch((e: Error) => e.message), 'value of interval is out of range (00:00:00.200 .. )');
  } finally { await r.close(); }
});
