import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Session } from '../../src/core/schema.js';
import { consoleRouter, outcome } from './harness.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const CORPUS = path.resolve(here, '../../../test/console/corpus');
const corpus = (f: string) => fs.readFileSync(path.join(CORPUS, f), 'utf8');

const out = outcome;

test('types of literals and :typeof', async () => {
  assert.equal(await out(':put [:typeof 10]; :put [:typeof "10"]; :put [:typeof 1.2.3.4]; :put [:typeof 10.0.0.0/8]; :put [:typeof 1h]; :put [:typeof true]; :put [:typeof {1;2}]; :put [:typeof $none]; :put [:typeof [:find "a" "b"]]; :put [:typeof 00:01:00]; :put [:typeof *1A]; :put [:typeof 2001:db8::1]'),
    'num\nstr\nip\nip-prefix\ntime\nbool\narray\nnothing\nnil\ntime\nid\nip6');
});

test('values print as the console prints them', async () => {
  assert.equal(await out(':put 90s; :put 1d2h3m4s; :put 8d; :put 1500ms; :put 2d11h12; :put {1;2;3}; :put {b=2;a=1}; :put (1.2.3.4 + 1)'),
    '00:01:30\n1d02:03:04\n1w1d00:00:00\n00:00:01.500\n2d11:00:12\n1;2;3\na=1;b=2\n1.2.3.5');
});

test('arithmetic, comparison, logic, concatenation', async () => {
  assert.equal(await out(':put (7 / 2); :put (7 % 3); :put (2 + 3 * 4); :put ((2 + 3) * 4); :put (-5 + 2); :put (1h + 30m); :put (1h / 2)'),
    '3\n1\n14\n20\n-3\n01:30:00\n00:30:00');
  assert.equal(await out(':put (1 < 2); :put ("abc" = "abc"); :put (3 != 3); :put (true && !false); :put (false || 1 > 2)'),
    'true\ntrue\nfalse\ntrue\nfalse');
  assert.equal(await out(':put ("a" . 1 . "b"); :local x 5; :put "x=$x"; :put ("n" . ($x + 1))'), 'a1b\nx=5\nn6');
  assert.equal(await out(':put (192.168.1.77 & 255.255.255.0); :put (10.0.0.5 - 10.0.0.1); :put (10.1.2.3 in 10.0.0.0/8); :put (10.1.2.3 in 192.168.0.0/16)'),
    '192.168.1.0\n4\ntrue\nfalse');
  assert.equal(await out(':put ("ether12" ~ "^ether[0-9]+\\$"); :put ("wlan1" ~ "^ether")'), 'true\nfalse');
  assert.equal(await out(':put (5 / 0)'), 'ERROR division by zero');
});

test('variables: :local, :global, :set, scopes', async () => {
  assert.equal(await out(':local a 1; { :local a 2; :put $a }; :put $a'), '2\n1');
  assert.equal(await out(':local a 1; { :set a 2 }; :put $a'), '2');
  assert.equal(await out(':global g "shared"; { :global g; :put $g }'), 'shared');
  assert.equal(await out(':local a; :put [:typeof $a]'), 'nothing');
  const r = consoleRouter();
  try {
    await r.run(':global counter 41');
    assert.equal(await r.run(':global counter; :set counter ($counter + 1); :put $counter'), '42');
  } finally { await r.close(); }
});

test('arrays: keys, indexes, :len, :pick, ->, :set of an element, :foreach over pairs', async () => {
  assert.equal(await out(':local a {1;2;3}; :put [:len $a]; :put [:pick $a 1]; :put ($a->2)'), '3\n2\n3');
  assert.equal(await out(':local m {"x"=1;"y"=2}; :set ($m->"z") 3; :put $m; :put ($m->"y")'), 'x=1;y=2;z=3\n2');
  assert.equal(await out(':foreach k,v in={"b"=2;"a"=1} do={ :put "$k:$v" }'), 'a:1\nb:2');
  assert.equal(await out(':local a {1;2}; :set a ($a, 3); :put $a; :put [:typeof [:toarray "1,2"]]; :put [:len [:toarray "a,b,c"]]'), '1;2;3\narray\n3');
});

test('control flow: :if/:else, :while, :for, :do while, :foreach, :return in functions', async () => {
  assert.equal(await out(':if (1 > 2) do={ :put a } else={ :put b }'), 'b');
  assert.equal(await out(':local i 0; :while ($i < 3) do={ :put $i; :set i ($i + 1) }'), '0\n1\n2');
  assert.equal(await out(':for i from=1 to=7 step=3 do={ :put $i }'), '1\n4\n7');
  assert.equal(await out(':for i from=3 to=1 do={ :put $i }'), '3\n2\n1');
  assert.equal(await out(':local n 0; :do { :set n ($n + 1) } while=($n < 5); :put $n'), '5');
  assert.equal(await out(':local f do={ :return ($1 * $factor) }; :put [$f 6 factor=7]'), '42');
  assert.equal(await out(':local f do={ :local x 1; :return [:typeof $outer] }; :local outer 1; :put [$f]'), 'nothing');
  assert.equal(await out(':local s [:parse ":return (\\$1 + 1)"]; :put [$s 41]'), '42');
});

test('errors: :error, :do on-error, :onerror, failing commands', async () => {
  assert.equal(await out(':do { :error "boom" } on-error={ :put caught }; :put after'), 'caught\nafter');
  assert.equal(await out(':onerror e in={ :error "bad thing" } do={ :put "got: $e" }'), 'got: bad thing');
  assert.equal(await out(':put 1; :error "stop here"; :put 2'), 'ERROR stop here');
  assert.equal(await out('/ip address add address=1.1.1.1/24 interface=nope'), 'ERROR input does not match any value of interface');
  assert.equal(await out(':do { /ip address add address=1.1.1.1/24 interface=nope } on-error={ :put "failed" }'), 'failed');
});

test('string commands: :len :pick :find :tostr :tonum :tobool :toip :totime', async () => {
  assert.equal(await out(':put [:len "hello"]; :put [:pick "hello" 1 3]; :put [:pick "hello" 4]; :put [:find "hello" "l"]; :put [:find "hello" "l" 2]'),
    '5\nel\no\n2\n3');
  assert.equal(await out(':put ([:tonum "40"] + 2); :put [:tobool "yes"]; :put ([:toip "10.0.0.1"] + 1); :put [:totime "90"]; :put [:tostr 1.2.3.4]'),
    '42\ntrue\n10.0.0.2\n00:01:30\n1.2.3.4');
});

test('menu commands: paths, relative paths after a path line, .., find and get', async () => {
  assert.equal(await out('/interface; :put [get ether1 mtu]; ethernet; :put [get ether2 name]; ..; :put [:len [find]]'), '1500\nether2\n9');
  assert.equal(await out(':put [/ip address get [find interface=bridge] address]'), '192.168.88.1/24');
  assert.equal(await out(':put [:typeof [/interface get ether1 mtu]]; :put [:typeof [/interface get ether1 running]]; :put [:typeof [/ip address get [find] address]]'), 'num\nbool\nip-prefix');
  assert.equal(await out(':put [:typeof [/interface get ether1 comment]]'), 'nil');
  assert.equal(await out(':put [:len [/ip firewall filter find where chain=input and action=drop]]; :put [:len [/ip firewall filter find chain=forward]]'), '2\n6');
  assert.equal(await out(':put [:len [/interface find where !running]]; :put [:len [/interface find where disabled=no]]; :put [:len [/interface find where name~"^ether[1-3]\\$"]]'), '0\n9\n3');
  assert.equal(await out(':put [:len [/ip address find where address in 192.168.0.0/16]]'), '1');
  assert.equal(await out('/ip address add address=10.9.0.1/24 interface=ether2 comment=lab; :put [/ip address get [find comment=lab] network]'), '10.9.0.0');
  assert.equal(await out('/ip address remove [find comment=nothing-here]; :put ok'), 'ok');
});

test('print: table with flags and comments, detail, terse, count-only, as-value, where', async () => {
  assert.equal(await out('/ip address print'),
    'Columns: ADDRESS, NETWORK, INTERFACE\n# ADDRESS          NETWORK       INTERFACE\n;;; defconf\n0 192.168.88.1/24  192.168.88.0  bridge   ');
  assert.equal(await out('/ip address add address=10.0.0.1/24 interface=ether1 disabled=yes; /ip address print'),
    'Flags: X - DISABLED\nColumns: ADDRESS, NETWORK, INTERFACE\n#   ADDRESS          NETWORK       INTERFACE\n;;; defconf\n0   192.168.88.1/24  192.168.88.0  bridge   \n1 X 10.0.0.1/24      10.0.0.0      ether1   ');
  assert.equal(await out('/ip address print count-only'), '1');
  assert.equal(await out(':put [/ip address print count-only where interface=ether9]'), '0');
  assert.equal(await out('/ip route add dst-address=0.0.0.0/0 gateway=192.168.88.254; /ip route print'),
    'Flags: D - DYNAMIC; A - ACTIVE; c - CONNECT, s - STATIC\nColumns: DST-ADDRESS, GATEWAY, ROUTING-TABLE, DISTANCE\n#     DST-ADDRESS      GATEWAY         ROUTING-TABLE  DISTANCE\n0  As 0.0.0.0/0        192.168.88.254  main                  1\n  DAc 192.168.88.0/24  bridge          main                  0');
  assert.equal(await out('/interface print where name=ether1 terse'.replace(' terse', '') + '; /ip pool print terse'),
    'Flags: R - RUNNING\nColumns: NAME, TYPE, ACTUAL-MTU, L2MTU, MAX-L2MTU, MAC-ADDRESS\n# R NAME    TYPE   ACTUAL-MTU  L2MTU  MAX-L2MTU  MAC-ADDRESS      \n0 R ether1  ether        1500   1598       9214  D4:01:C3:00:00:01\n 0 name=default-dhcp ranges=192.168.88.10-192.168.88.254'.replace('# R NAME', '#   NAME'));
  assert.equal(await out(':foreach r in=[/ip address print as-value] do={ :put ($r->"address") }'), '192.168.88.1/24');
  assert.equal(await out('/system identity print'), '  name: MikroTik');
  assert.equal(await out(':put ([/system identity print as-value]->"name")'), 'MikroTik');
});

test('item numbers of the latest print name records', async () => {
  const r = consoleRouter();
  try {
    await r.run('/ip address add address=10.0.0.1/24 interface=ether1; /ip address print');
    await r.run('/ip address remove 1');
    assert.equal(await r.run(':put [/ip address print count-only]'), '1');
    await r.run('/ip address print; /ip address set 0 comment=renamed');
    assert.equal(await r.run(':put [/ip address get [find] comment]'), 'renamed');
  } finally { await r.close(); }
});

test('the router checks a script before running it: line and column of the bad word', async () => {
  const r = consoleRouter();
  try {
    const err = (src: string) => r.run(src).then(() => 'ran', (e: Error) => e.message);
    assert.equal(await err('/foo'), 'bad command name foo (line 1 column 2)');
    assert.equal(await err('/nonsense/command'), 'syntax error (line 1 column 10)');
    assert.equal(await err('/system/resource/print bogus=1'), 'expected end of command (line 1 column 24)');
    // Nothing ran: the error on line 2 is found before line 1 runs.
    assert.equal(await err('/ip address add address=10.5.5.1/24 interface=ether1\n/ip address add adress=1'), 'expected end of command (line 2 column 17)');
    assert.equal(await r.run(':put [:len [/ip address find where address=10.5.5.1/24]]'), '0');
    assert.equal(await err(':put 1\n  :frobnicate 2'), 'bad command name frobnicate (line 2 column 4)');
  } finally { await r.close(); }
});

test('commands run with the caller\'s policies', async () => {
  const reader: Session = { user: 'viewer', via: 'test', policies: new Set(['read', 'api', 'rest-api']) };
  assert.equal(await out(':put [/system identity get name]', reader), 'MikroTik');
  assert.equal(await out('/system identity set name=x', reader), 'ERROR not enough permissions (9)');
});

test(':log writes to the router log; :delay waits; :time measures', async () => {
  const r = consoleRouter();
  try {
    await r.run(':log info "hello from a script"; /log warning "via the menu"');
    assert.deepEqual(r.logged, ['script,info: hello from a script']);
    // `/log warning` is the menu's own command: it writes the router's log itself.
    assert.deepEqual(r.engine.store.table('log').rows.map((row) => `${row.values.topics}: ${row.values.message}`), ['script,warning: via the menu']);
    const t0 = Date.now();
    assert.equal(await r.run(':delay 150ms; :put done'), 'done');
    assert.ok(Date.now() - t0 >= 140);
    assert.match(await r.run(':put [:typeof [:time {:delay 10ms}]]'), /^time$/);
  } finally { await r.close(); }
});

test(':resolve reads the router\'s static names', async () => {
  assert.equal(await out(':put [:resolve router.lan]; :put [:resolve 10.1.1.1]'), '192.168.88.1\n10.1.1.1');
  assert.equal(await out(':put [:resolve nosuch.example]'), 'ERROR failure: dns name does not exist');
});

test('corpus scripts run on the router', async () => {
  assert.equal(await out(corpus('11-interface-report.rsc')),
    'ether1 is up, mtu 1500\nether2 is up, mtu 1500\nether3 is up, mtu 1500\nether4 is up, mtu 1500\nether5 is up, mtu 1500\nbridge is up, mtu auto\nlo is up, mtu 65536\nwifi1 is up, mtu 1500\nwifi2 is up, mtu 1500');
  assert.equal(await out(corpus('12-count-rules.rsc')), 'rules: 11, disabled: 0');
  assert.equal(await out(corpus('13-functions.rsc')), 'a+b+c\n007');
  assert.equal(await out(corpus('14-arrays.rsc')), 'ether2 -> vlan 10\nether3 -> vlan 20\nether4 -> vlan 30\n4\n20\n4');
  assert.equal(await out(corpus('23-time-math.rsc')), '01:40:00\n01:20:00\n03:00:00\n2d03:00:00\n50');
  assert.equal(await out(corpus('24-ip-math.rsc')), 'true\ntrue\n192.168.88.11\n10.0.0.1\n192.168.88.2\n192.168.88.3\n192.168.88.4');
  assert.equal(await out(corpus('25-string-ops.rsc')), '18\nRouterOS\n9\nnil\nRouterOS scripting rocks\ntab\there, quote "q", dollar $x');
  assert.equal(await out(corpus('31-onerror.rsc')), 'caught');
  const r = consoleRouter();
  try {
    await r.run(corpus('16-vlan-setup.rsc'));
    assert.equal(await r.run(':put [/interface vlan get vlan20-guest vlan-id]; :put [/ip address get [find interface=vlan10-staff] address]; :put [/ip pool get guest ranges]'),
      '20\n10.10.10.1/24\n10.10.20.100-10.10.20.250');
    await r.run(corpus('02-blacklist-ssh.rsc'));
    assert.equal(await r.run(':put [/ip firewall filter print count-only where dst-port=22]'), '5');
    await r.run(corpus('26-firewall-toggle.rsc'));
    assert.deepEqual(r.logged, ['script,info: maintenance mode: true']);
  } finally { await r.close(); }
});
