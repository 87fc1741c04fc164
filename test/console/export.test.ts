import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Session } from '../../src/core/schema.js';
import { wrap } from '../../src/console/export.js';
import { resetConfiguration } from '../../src/menus/system/reset.js';
import { consoleRouter } from './harness.js';
import { ALIKE, defconfLines, realDefconf } from '../helpers/defconf.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const SOURCE = path.resolve(here, '../../../test/console');
const golden = (name: string) => fs.readFileSync(path.join(SOURCE, 'golden', name), 'utf8');
const rich = () => fs.readFileSync(path.join(SOURCE, 'rich-config.rsc'), 'utf8');

/** An export without its first line (the date and time it was made). */
const body = (text: string) => {
  const [first, ...rest] = text.split('\n');
  assert.match(first, /^# \d{4}-\d\d-\d\d \d\d:\d\d:\d\d by RouterOS 7\.24$/);
  return rest.join('\n');
};

test('export of the default configuration writes defconf\'s lines as a real export of a board on defconf does', async () => {
  const r = consoleRouter();
  try {
    await r.run('/export file=all');
    const exported = body(r.files.read('all.rsc').toString());
    // Bagumka/Mikrotik test.draft.rsc (7.21.1, on defconf): the lists, the IPv4 and IPv6 firewall
    // and the bad_ipv6 list, line for line (test/helpers/defconf.ts).
    const real = realDefconf();
    assert.deepEqual([...real.keys()], ALIKE);
    assert.deepEqual(defconfLines(exported), real);
    // Its header names the board (# model = ...) as the real one's does.
    assert.match(exported, /^# software id = V7RT-0001\n#\n# model = C52iG-5HaxD2HaxD\n# serial number = HGA09VR0UTR1\n\/interface bridge\n/);
    // To the reply (the console prints it) the same text.
    assert.equal(body(await r.run('/export') + '\n'), exported);
  } finally { await r.close(); }
});

test('export of a rich configuration, and of one menu, match the golden files', async () => {
  const r = consoleRouter();
  try {
    await r.run(rich());
    assert.equal(body(await r.run('/export') + '\n'), golden('rich.rsc'));
    assert.equal(body(await r.run('/ip address export') + '\n'), golden('ip-address.rsc'));
    // Relative to the current path, and a directory exports everything below it.
    assert.equal(body(await r.run('/ip address\nexport') + '\n'), golden('ip-address.rsc'));
    const ip = await r.run('/ip export');
    assert.match(ip, /\n\/ip address\n/);
    assert.match(ip, /\n\/ip firewall nat\n/);
    assert.doesNotMatch(ip, /\/interface/);
  } finally { await r.close(); }
});

test('export writes NAME.rsc to the file store; the header carries the board', async () => {
  const r = consoleRouter();
  try {
    await r.run('/ip pool export file=pools; /ip pool export file=again.rsc');
    assert.ok(r.files.exists('pools.rsc'));
    assert.ok(r.files.exists('again.rsc'));
    const text = r.files.read('pools.rsc').toString();
    assert.deepEqual(text.split('\n').slice(1, 6), ['# software id = V7RT-0001', '#', '# model = C52iG-5HaxD2HaxD', '# serial number = HGA09VR0UTR1', '/ip pool']);
    assert.ok(text.endsWith('add name=default-dhcp ranges=192.168.88.10-192.168.88.254\n'));
  } finally { await r.close(); }
});

test('export: only values that differ from the default; verbose shows all; terse and compact', async () => {
  const r = consoleRouter();
  try {
    await r.run('/ip pool add name=p2 ranges=10.0.0.1-10.0.0.9 comment="two words"');
    assert.match(await r.run('/ip pool export'), /\nadd comment="two words" name=p2 ranges=10\.0\.0\.1-10\.0\.0\.9$/);
    const verbose = await r.run('/interface ethernet export verbose where name=ether1');
    assert.match(verbose, /^set \[ find default-name=ether1 \] advertise=\\$/m);
    assert.match(verbose, / arp=enabled /);
    assert.match(verbose, / mtu=1500 /);
    assert.equal((await r.run('/interface ethernet export')).split('\n').length, 5, 'unchanged ports export nothing');
    const terse = await r.run('/ip firewall nat export terse');
    assert.equal(terse.split('\n').slice(5).join('\n'),
      '/ip firewall nat add action=masquerade chain=srcnat comment="defconf: masquerade" ipsec-policy=out,none out-interface-list=WAN');
    assert.equal(await r.run('/ip pool export compact'), await r.run('/ip pool export'));
  } finally { await r.close(); }
});

test('export where: only the records the condition accepts', async () => {
  const r = consoleRouter();
  try {
    await r.run('/ip firewall address-list add list=a address=10.0.0.1; /ip firewall address-list add list=b address=10.0.0.2');
    const lines = (await r.run(':local l "b"; /ip firewall address-list export where list=$l')).split('\n').slice(5);
    assert.deepEqual(lines, ['/ip firewall address-list', 'add address=10.0.0.2 list=b']);
  } finally { await r.close(); }
});

test('export leaves secrets out unless show-sensitive is given by a user with the sensitive policy', async () => {
  const r = consoleRouter();
  try {
    await r.run('/interface lte apn set default password=s3cret apn=corp');
    assert.match(await r.run('/interface lte apn export'), /\nset \[ find default=yes \] apn=corp$/);
    assert.match(await r.run('/interface lte apn export show-sensitive'), /\nset \[ find default=yes \] apn=corp password=s3cret$/);
    const noSensitive: Session = { user: 'auditor', via: 'test', policies: new Set(['read', 'api', 'rest-api']) };
    assert.match(await r.run('/interface lte apn export show-sensitive', noSensitive), /\nset \[ find default=yes \] apn=corp$/);
    // Users are never exported, nor their passwords; their groups are (docs/routeros-facts.md 14).
    await r.run('/user add name=bob group=read password=hunter2');
    await r.run('/user group add name=ops policy=read,api');
    const users = await r.run('/user export show-sensitive');
    assert.doesNotMatch(users, /bob|hunter2|\n\/user\n/);
    assert.match(users, /\n\/user group\nadd name=ops policy=\\\n {4}"read,api,!local,/);
  } finally { await r.close(); }
});

test('export wraps long lines as the router does', () => {
  assert.deepEqual(wrap(['add', 'action=drop', 'chain=input', 'comment="defconf: drop invalid"', 'connection-state=invalid']),
    ['add action=drop chain=input comment="defconf: drop invalid" connection-state=\\', '    invalid']);
  assert.deepEqual(wrap(['add', 'action=drop', 'chain=forward', 'comment="defconf: drop invalid"', 'connection-state=invalid']),
    ['add action=drop chain=forward comment="defconf: drop invalid" \\', '    connection-state=invalid']);
  assert.deepEqual(wrap(['add', 'action=drop', 'chain=forward', 'comment="defconf: drop all from WAN not DSTNATed"', 'connection-nat-state=!dstnat', 'connection-state=new', 'in-interface-list=WAN']),
    ['add action=drop chain=forward comment=\\', '    "defconf: drop all from WAN not DSTNATed" connection-nat-state=!dstnat \\', '    connection-state=new in-interface-list=WAN']);
  assert.deepEqual(wrap(['set [ find default-name=ether1 ]', 'comment=x']), ['set [ find default-name=ether1 ] comment=x']);
  assert.deepEqual(wrap(['add', 'name=s', 'source=":put 1\\r\\n:put 2"']), ['add name=s source=":put 1\\r\\', '    \\n:put 2"']);
});

test('import runs an exported file; verbose reports line by line; an error stops with its line', async () => {
  const r = consoleRouter();
  try {
    r.files.write('ok.rsc', '/ip pool\nadd name=a ranges=10.0.0.1-10.0.0.2\n:put "imported"\n');
    assert.equal(await r.run('/import file-name=ok.rsc'), 'Opening script file ok.rsc\nimported\n\nScript file loaded and executed successfully');
    r.files.write('bad.rsc', '/ip pool\nadd name=b ranges=10.0.1.1-10.0.1.2\nadd name=b ranges=10.0.2.1\nadd name=c ranges=10.0.3.1\n');
    await assert.rejects(r.run('/import bad.rsc'), { message: 'Script Error: failure: already have such name (/ip/pool/add; line 3)' });
    assert.equal(await r.run(':put [:len [/ip pool find name=b]]; :put [:len [/ip pool find name=c]]'), '1\n0');
    r.files.write('v.rsc', '/ip pool\nadd name=v ranges=10.0.4.1\n\n:put done\n');
    assert.equal(await r.run('/import file-name=v.rsc verbose=yes'),
      'Opening script file v.rsc\n#line 1: /ip pool\n#line 2: add name=v ranges=10.0.4.1\n#line 4: :put done\ndone\n\nScript file loaded and executed successfully');
    r.files.write('syntax.rsc', ':put 1\n:put (1 +\n');
    await assert.rejects(r.run('/import syntax.rsc'), { message: 'Script Error: syntax error (line 3 column 1)' });
    await assert.rejects(r.run('/import missing.rsc'), { message: 'Cannot open import file, file does not exist' });
  } finally { await r.close(); }
});

for (const [name, setup] of [['the default configuration', ''], ['a rich configuration', 'rich']] as const) {
  test(`round trip of ${name}: export, reset to a blank configuration, import, export again`, async () => {
    const r = consoleRouter();
    try {
      if (setup) await r.run(rich());
      await r.run('/export file=before');
      const before = body(r.files.read('before.rsc').toString());
      resetConfiguration(r.engine, { noDefaults: true, keepUsers: false });
      // Blank: only what the router has by itself, which exports nothing but the iot package's
      // Wiliot server, which every 7.23+ export writes (routeros-facts.md 51.6).
      assert.equal(body(await r.run('/export') + '\n'), '# software id = V7RT-0001\n#\n# model = C52iG-5HaxD2HaxD\n# serial number = HGA09VR0UTR1\n'
        + '/iot wiliot servers\nset *1 address=mqtt.us-east-2.prod.wiliot.cloud name="Wiliot US East"\n');
      assert.equal(await r.run(':put [/interface ethernet print count-only]; :put [/user print count-only]; :put [/ip service print count-only]'), '5\n1\n8');
      await r.run('/import file-name=before.rsc');
      await r.run('/export file=after');
      assert.equal(body(r.files.read('after.rsc').toString()), before);
    } finally { await r.close(); }
  });
}

test('reset-configuration without no-defaults brings the default configuration back', async () => {
  const r = consoleRouter();
  try {
    await r.run(rich());
    await r.run('/system reset-configuration');
    await r.run('/export file=x');
    // The same text as a router that never left its default configuration.
    const fresh = consoleRouter();
    try {
      await fresh.run('/export file=x');
      assert.equal(body(r.files.read('x.rsc').toString()), body(fresh.files.read('x.rsc').toString()));
    } finally { await fresh.close(); }
    assert.deepEqual(defconfLines(body(r.files.read('x.rsc').toString())), realDefconf());
    // Ids start afresh, as after the router's reboot.
    assert.equal(await r.run(':put [/ip address find]'), '*1');
  } finally { await r.close(); }
});
