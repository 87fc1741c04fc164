// The console as people and their tools type it (issue 31, points 1 and 2): names written
// by their beginning, and `find` taking the whole expression language without `where`.
// Facts and their sources: docs/routeros-facts.md section 41.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { consoleRouter, outcome } from './harness.js';
import { client, startRouter } from '../helpers/router.js';
import { common, env, ssh, terminals, workDir } from '../services/ssh-clients.js';

const out = outcome;

// The rendered lines of netlab's RouterOS 7 templates (ipspace/netlab at 771eeee,
// netsim/ansible/templates/ospf/routeros7.ospf-include.j2 lines 6, 14 and 41,
// bgp/routeros7.j2 line 3, bgp/routeros7.macro.j2 line 7): `interface=` for the
// interface template's `interfaces`, `template=` for the connection's `templates`, and a
// `find` with `and` and no `where`.
const NETLAB_OSPF = [
  '/routing/ospf/instance add name=default4 version=2 router-id=10.0.0.1 vrf=main',
  '/routing/ospf/area add instance=default4 name="main_2_0.0.0.0" area-id=0.0.0.0',
  '/routing/ospf/interface-template add area=[/routing ospf area find area-id=0.0.0.0 and instance=default4] interface=ether1 passive',
].join('\n');
const NETLAB_BGP = [
  '/routing/bgp/template add name=main as=65000 output.network=bgp-networks',
  '/routing/bgp/connection add template=main name=10_1_0_2 remote.address=10.1.0.2 remote.as=65001 comment="r2" local.role=ebgp',
].join('\n');

test('menus, commands, arguments and print options by their beginning (the manual: `pin 10.1 c 3 si 100`)', async () => {
  assert.equal(await out('/ip ad pr'), await out('/ip address print'));
  assert.equal(await out('/ip address add addr=10.0.0.1/24 int=ether1; :put [/ip address get [find address=10.0.0.1/24] interface]'), 'ether1');
  // A real :parse of 7.22.1 (lsp-routeros-ts test-data): `/sys id get name`, `/ip fire conn`, `/log warn`.
  assert.equal(await out('/system identity set name=r1; :put [/sys id get name]'), 'r1');
  assert.equal(await out('/log warn "disk full"; :put [/log get [find message="disk full"] topics]'), 'script,warning');
  // Print's options: `pr ter` is `print terse`, `count-o` is count-only.
  assert.equal(await out('/ip address pr ter'), await out('/ip address print terse'));
  assert.equal(await out('/interface pr count-o'), await out('/interface print count-only'));
  // A bare yes/no argument by its beginning turns it on (`bl` for blackhole).
  assert.equal(await out('/ip route add dst-address=10.9.0.0/16 bl; :put [/ip route get [find dst-address=10.9.0.0/16] blackhole]'), 'true');
  // The language's commands too: `:pu` is `:put`, `:for` is `:for`, not `:foreach`.
  assert.equal(await out(':pu "hi"; :for i from=1 to=2 do={:pu $i}'), 'hi\n1\n2');
});

test('netlab\'s RouterOS 7 OSPF and BGP lines configure what they say', async () => {
  assert.equal(await out(`${NETLAB_OSPF}
:local t [/routing ospf interface-template find]
:put [/routing ospf interface-template get $t interfaces]
:put [/routing ospf interface-template get $t area]
:put [/routing ospf interface-template get $t passive]`), 'ether1\nmain_2_0.0.0.0\ntrue');
  assert.equal(await out(`${NETLAB_BGP}
:put [/routing bgp connection get [find name=10_1_0_2] templates]
:put [/routing bgp connection get [find name=10_1_0_2] remote.as]`), 'main\n65001');
});

test('an exact name wins over a longer one it begins; an ambiguous or unknown name ends the command there', async () => {
  // dst-address is exact; it also begins dst-address-list and dst-address-type.
  assert.equal(await out('/ip firewall filter add chain=forward dst-address=10.0.0.0/8 action=drop; :put [/ip firewall filter get [find dst-address=10.0.0.0/8] action]'), 'drop');
  assert.equal(await out('/ip firewall filter add chain=forward dst-address-l=blocked action=drop; :put [/ip firewall filter get [find dst-address-list=blocked] action]'), 'drop');
  assert.equal(await out('/ip firewall filter add chain=forward dst-addr=10.0.0.0/8'), 'ERROR expected end of command (line 1 column 39)');
  assert.equal(await out('/ip address add address=10.0.0.1/24 interface=ether1 nosuch=1'), 'ERROR expected end of command (line 1 column 54)');
  // A menu or command word that begins several names is no name: `/ip d` (dhcp-client, dhcp-relay, dhcp-server, dns).
  assert.equal(await out('/ip d print'), 'ERROR bad command name d (line 1 column 5)');
  assert.equal(await out(':lo x 1'), 'ERROR bad command name lo (line 1 column 2)');
});

test('values: names of records by their beginning; enumerations and yes/no only whole', async () => {
  // One interface begins `br`: the bridge. Several begin `ether`.
  assert.equal(await out('/ip address add address=10.2.0.1/24 interface=br; :put [/ip address get [find address=10.2.0.1/24] interface]'), 'bridge');
  assert.equal(await out('/ip address add address=10.2.0.1/24 interface=ether'), 'ERROR ambiguous value of interface, more than one possible value matches input');
  assert.equal(await out('/ip address add address=10.2.0.1/24 interface=ether9'), 'ERROR input does not match any value of interface');
  assert.equal(await out('/ip firewall filter add chain=forward action=acc'), 'ERROR input does not match any value of action');
  assert.equal(await out('/ip firewall filter add chain=forward disabled=y'), 'ERROR invalid value for argument disabled');
});

const ADDRESSES = [
  '/ip address add address=10.1.0.1/24 interface=ether1 comment=a',
  '/ip address add address=10.2.0.1/24 interface=ether2 comment=b disabled=yes',
  '/ip address add address=172.16.0.1/16 interface=ether3 comment=c',
  '/interface ethernet set ether2 mtu=9000',
].join('\n');
/** The comments of the addresses a find gives, in order. */
const comments = (find: string) => `:local s ""; :foreach i in=[/ip address find ${find}] do={:set s ($s . [/ip address get $i comment])}; :put $s`;

test('find without where: and, or, !, comparisons, ~, in, parentheses, values as the console computes them', async () => {
  const r = consoleRouter();
  try {
    await r.run(ADDRESSES);
    const c = async (find: string) => r.run(comments(find));
    assert.equal(await c('address in 10.0.0.0/8'), 'ab');
    assert.equal(await c('address in 10.0.0.0/8 and !disabled'), 'a');
    assert.equal(await c('address in 10.0.0.0/8 !disabled'), 'a');
    assert.equal(await c('comment=a or comment=c'), 'ac');
    assert.equal(await c('(comment=a or comment=b) and disabled'), 'b');
    assert.equal(await c('!disabled'), 'defconfac');
    assert.equal(await c('comment~"^[bc]\\$"'), 'bc');
    assert.equal(await c('comment!=b'), 'defconfac');
    assert.equal(await c('where interface=ether1 or comment=c'), 'ac');
    // A bare word compared in find's arguments is a value: `interface=ether2` names ether2.
    assert.equal(await c('interface=ether2'), 'b');
    // The value computed: a variable, a command's value, an expression.
    assert.equal(await r.run(':local n "c"; :put [/ip address get [find comment=$n] address]'), '172.16.0.1/16');
    assert.equal(await c('interface=[/interface get [find name=ether3] name]'), 'c');
    // Compared as the values' types: numbers as numbers, addresses as addresses.
    assert.equal(await r.run(':put [:len [/interface ethernet find mtu>1500]]'), '1');
    assert.equal(await r.run(':put [/interface ethernet get [find mtu=(8000+1000)] name]'), 'ether2');
    assert.equal(await r.run(':put [/interface ethernet get [find mtu>=9000 and mtu<9001] name]'), 'ether2');
    // An address-list entry's address is text or an address: `in` reads it as an address.
    assert.equal(await r.run('/ip firewall address-list add list=x address=10.0.3.4; :put [:len [/ip firewall address-list find list=x and address in 10.0.0.0/16]]'), '1');
    assert.equal(await c('network>10.1.255.255'), 'defconfbc');
    assert.equal(await c('network<10.1.255.255'), 'a');
    // Names of find's arguments by their beginning too; a name find does not take ends it there.
    assert.equal(await c('comm=a'), 'a');
    assert.equal(await r.run(':put [/ip address find nosuch=1]').catch((e: Error) => e.message), 'expected end of command (line 1 column 24)');
    assert.equal(await r.run(':put [/ip address find comment=a and]').catch((e: Error) => e.message), 'syntax error (line 1 column 37)');
  } finally {
    await r.close();
  }
});

test('the same conditions in print where, print count-only where, set [find ...] and remove [find ...]', async () => {
  const r = consoleRouter();
  try {
    await r.run(ADDRESSES);
    assert.equal(await r.run('/ip address print count-only where address in 10.0.0.0/8 !disabled'), '1');
    assert.equal(await r.run('/ip address print count-only where (comment=a or comment=c) and address in 172.16.0.0/12'), '1');
    assert.equal(await r.run('/ip address print count-only where comment~"^[ab]"'), '2');
    await r.run('/ip address set [find comment~"^[ab]\\$" and address in 10.0.0.0/8] comment=z');
    assert.equal(await r.run(comments('comment=z')), 'zz');
    await r.run('/ip address remove [find comment=z and !disabled]');
    assert.equal(await r.run(comments('address in 10.0.0.0/8 or address in 172.16.0.0/12')), 'zc');
  } finally {
    await r.close();
  }
});

test('dotted argument names in find and where (remote.address, output.network)', async () => {
  const r = consoleRouter();
  try {
    await r.run(NETLAB_BGP);
    assert.equal(await r.run(':put [/routing bgp connection get [find remote.address=10.1.0.2] name]'), '10_1_0_2');
    assert.equal(await r.run(':put [/routing bgp connection get [find where remote.as=65001 and local.role=ebgp] name]'), '10_1_0_2');
    assert.equal(await r.run(':put [/routing bgp template get [find output.network=bgp-networks] name]'), 'main');
  } finally {
    await r.close();
  }
});

test('the release decides what is ambiguous: `m=` is mtu on 7.9.2 and ambiguous (mtu, mvrp) on 7.24, `:de` likewise (delay, deserialize)', async () => {
  const script = '/interface vlan add name=v10 vlan-id=10 interface=ether1 m=1400; :put [/interface vlan get v10 mtu]';
  for (const [release, vlan, delay] of [
    ['7.9.2', '1400', 'ok'],
    ['7.24', 'expected end of command (line 1 column 58)', 'bad command name de (line 1 column 2)'],
  ]) {
    const t = await startRouter({ rosVersion: release });
    try {
      const c = client(t.port);
      assert.deepEqual((await c.post('/rest/execute', { script, 'as-string': '' })).json, { ret: vlan }, release);
      assert.deepEqual((await c.post('/rest/execute', { script: ':de 0s; :put ok', 'as-string': '' })).json, { ret: delay }, release);
    } finally {
      await t.stop();
    }
  }
});

test('the faces a user meets: /execute, /import of a file, a script, and ssh COMMAND', async () => {
  const t = await startRouter();
  const dir = workDir();
  try {
    const c = client(t.port);
    const ask = async (script: string) => (await c.post('/rest/execute', { script, 'as-string': '' })).json;

    // /execute over REST
    assert.deepEqual(await ask('/ip address add addr=10.0.0.1/24 int=ether1'), { ret: '' });
    assert.deepEqual(await ask(':put [/ip address get [find address=10.0.0.1/24 and interface=ether1] interface]'), { ret: 'ether1' });

    // A name by its beginning over REST too: one match is taken, several are refused with the
    // words terraform-provider-routeros issue 511 shows from a real router's REST (400).
    assert.equal((await c.put('/rest/ip/address', { address: '10.3.0.1/24', interface: 'br' })).json.interface, 'bridge');
    assert.deepEqual((await c.put('/rest/ip/address', { address: '10.4.0.1/24', interface: 'ether' })).json,
      { detail: 'ambiguous value of interface, more than one possible value matches input', error: 400, message: 'Bad Request' });

    // /import of a file with netlab's OSPF lines
    assert.equal((await c.put('/rest/file', { name: 'ospf.rsc', contents: NETLAB_OSPF + '\n' })).status, 201);
    assert.deepEqual((await c.post('/rest/import', { 'file-name': 'ospf.rsc' })).json, []);
    assert.deepEqual(await ask(':put [/routing ospf interface-template get [find interfaces=ether1] area]'), { ret: 'main_2_0.0.0.0' });

    // a script of /system script
    assert.equal((await c.put('/rest/system/script', { name: 'bgp', source: NETLAB_BGP })).status, 201);
    assert.deepEqual(await ask('/system script run bgp'), { ret: '' });
    assert.deepEqual(await ask(':put [/routing bgp connection get [find remote.address=10.1.0.2] templates]'), { ret: 'main' });

    // a scheduler's event: it runs once, then turns itself off
    assert.equal((await c.put('/rest/system/scheduler', { name: 'once', interval: '100ms',
      'on-event': '/ip ad add addr=10.8.0.1/24 int=ether2; /system sch set [find name=once] dis=yes' })).status, 201);
    const end = Date.now() + 5000;
    let ran: unknown;
    while ((ran = await ask(':put [:len [/ip address find addr=10.8.0.1/24 and interface=ether2]]')) && (ran as { ret: string }).ret !== '1' && Date.now() < end) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    assert.deepEqual(ran, { ret: '1' });
    assert.equal((await c.get('/rest/system/scheduler/once')).json.disabled, 'true');

    // ssh COMMAND, as the issue types them
    const l = { port: t.router.bound.ssh!, dir, password: '' };
    const area = await ssh(l, ':put [/routing ospf area find area-id=0.0.0.0 and instance=default4]');
    assert.equal(area.code, 0);
    assert.deepEqual(await ask(':put [/routing ospf area find area-id=0.0.0.0 and instance=default4]'), { ret: area.stdout.replace(/\r\n$/, '') });
    assert.match(area.stdout, /^\*[0-9A-F]+\r\n$/);
    const print = await ssh(l, '/ip ad pr where interface=ether1');
    assert.equal(print.stdout, [
      'Columns: ADDRESS, NETWORK, INTERFACE',
      '# ADDRESS      NETWORK   INTERFACE',
      '0 10.0.0.1/24  10.0.0.0  ether1   ', // cells padded to the column's width, the last too (docs/routeros-facts.md 43)
      '',
    ].join('\r\n'));
    const bad = await ssh(l, '/ip address add addr=10.0.0.2/24 i=ether1 x=1');
    assert.equal(bad.stdout, 'expected end of command (line 1 column 43)\r\n');
  } finally {
    await t.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('ssh -tt: a person types abbreviated lines and find conditions, and a mistake', async () => {
  const t = await startRouter();
  const dir = workDir();
  try {
    const l = { port: t.router.bound.ssh!, dir, password: '' };
    const argv = ['ssh', ...common(l), '-tt', '-p', String(l.port), 'admin@127.0.0.1'];
    // Each step waits for what only the answer shows (the echo of the line shows the rest), then for the prompt.
    const prompt = String.raw`\[admin@MikroTik\] /ip/address> `;
    const screens = (await terminals([argv], [
      [0, null, String.raw`\[admin@MikroTik\] > `],
      [0, '/ip ad\r', prompt],
      [0, 'add addr=10.0.0.1/24 int=ether1; :put ("ad" . "ded")\r', 'added'],
      [0, null, prompt],
      [0, 'pr where interface=ether1\r', String.raw`10\.0\.0\.0  ether1`],
      [0, null, prompt],
      [0, ':put ("n=" . [:len [find address in 10.0.0.0/8 and !disabled]])\r', 'n=[0-9]+'],
      [0, null, prompt],
      [0, 'add addr=10.0.0.2/24 i=ether1 x=1\r', String.raw`expected end of command \(line \d+ column \d+\)`],
      [0, null, prompt],
      [0, '/quit\r', '<eof>'],
    ], env(l))).map((s) => s.replace(/\x1b\[[0-9;?]*[A-Za-z]/g, '').replace(/\r/g, ''));
    // What the screen shows, without the sequences that move the cursor and clear the line.
    assert.match(screens[4], /\nColumns: ADDRESS, NETWORK, INTERFACE\n# ADDRESS      NETWORK   INTERFACE\n0 10\.0\.0\.1\/24  10\.0\.0\.0  ether1$/);
    assert.match(screens[6], /n=1$/);
    assert.match(screens[8], /\nexpected end of command \(line 1 column 31\)$/);
  } finally {
    await t.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
