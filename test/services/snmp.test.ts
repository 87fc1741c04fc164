// The SNMP agent as monitoring systems meet it: Debian's snmpget, snmpwalk, snmpbulkwalk and
// snmpset (v1, v2c, v3 authPriv) against a router whose /snmp is enabled. Every value is
// the one REST shows for the same state; OIDs, types and forms are the router's
// (docs/routeros-facts.md 44).

import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { client } from '../helpers/router.js';
import { lines, netSnmp, startSnmpRouter, v2c, values, type SnmpRouter } from './snmp-clients.js';

let t: SnmpRouter;
let rest: ReturnType<typeof client>;
before(async () => {
  t = await startSnmpRouter();
  rest = client(t.port);
  // A community that may write, and v3 users of each security (manual: SNMP, Community).
  for (const c of [
    { name: 'rw', 'write-access': 'yes' },
    { name: 'sha-aes', security: 'private', 'authentication-protocol': 'SHA1', 'authentication-password': 'authpass-sha', 'encryption-protocol': 'AES', 'encryption-password': 'privpass-aes' },
    { name: 'md5-des', security: 'private', 'authentication-protocol': 'MD5', 'authentication-password': 'authpass-md5', 'encryption-protocol': 'DES', 'encryption-password': 'privpass-des' },
    { name: 'signed', security: 'authorized', 'authentication-protocol': 'SHA1', 'authentication-password': 'authpass-signed' },
  ]) assert.equal((await rest.put('/rest/snmp/community', c)).status, 201);
});
after(() => t.stop());

const SYS = '.1.3.6.1.2.1.1';
const IF = '.1.3.6.1.2.1.2.2.1';
const IFX = '.1.3.6.1.2.1.31.1.1.1';
const MTXR = '.1.3.6.1.4.1.14988.1.1';

const get = (...oids: string[]) => v2c('snmpget', t.snmp, 'public', ...oids);
const walk = (oid: string) => v2c('snmpwalk', t.snmp, 'public', oid);
const idx = (id: string) => parseInt(id.slice(1), 16);

describe('the agent follows /snmp', () => {
  test('/snmp prints the engine id the agent uses: 80003a8c04 and the suffix in hex', async () => {
    assert.equal((await rest.get('/rest/snmp')).json['engine-id'], '80003a8c04');
    assert.deepEqual(await get('.1.3.6.1.6.3.10.2.1.1.0'), ['.1.3.6.1.6.3.10.2.1.1.0 = Hex-STRING: 80 00 3A 8C 04']);
  });

  test('disabled, nothing answers; enabled again, the same port answers', async () => {
    assert.equal((await rest.post('/rest/snmp/set', { enabled: 'no' })).status, 200);
    await t.router.services!.settled();
    assert.equal(t.router.bound.snmp, undefined);
    const silent = await netSnmp('snmpget', ['-v2c', '-c', 'public', '-t', '0.3', '-r', '0', `127.0.0.1:${t.snmp}`, `${SYS}.5.0`]);
    assert.equal(silent.stdout + silent.stderr, `Timeout: No Response from 127.0.0.1:${t.snmp}.\n`);
    assert.equal((await rest.post('/rest/snmp/set', { enabled: 'yes' })).status, 200);
    await t.router.services!.settled();
    assert.equal(t.router.bound.snmp, t.snmp);
    assert.deepEqual(await get(`${SYS}.5.0`), [`${SYS}.5.0 = STRING: "MikroTik"`]);
  });
});

describe('MIB-2 system and HOST-RESOURCES-MIB', () => {
  test('sysDescr names the board, sysObjectID is MikroTik\'s, sysName/sysContact/sysLocation are /system identity and /snmp', async () => {
    assert.equal((await rest.post('/rest/snmp/set', { contact: 'noc@example.net', location: 'rack 4' })).status, 200);
    const out = await get(`${SYS}.1.0`, `${SYS}.2.0`, `${SYS}.4.0`, `${SYS}.5.0`, `${SYS}.6.0`);
    assert.deepEqual(out, [
      // The default board, hAP ax^2: RouterOS and its model.
      `${SYS}.1.0 = STRING: "RouterOS C52iG-5HaxD2HaxD"`,
      `${SYS}.2.0 = OID: .1.3.6.1.4.1.14988.1`,
      `${SYS}.4.0 = STRING: "noc@example.net"`,
      `${SYS}.5.0 = STRING: "MikroTik"`,
      `${SYS}.6.0 = STRING: "rack 4"`,
    ]);
    const up = await get(`${SYS}.3.0`);
    assert.match(up[0], /^\.1\.3\.6\.1\.2\.1\.1\.3\.0 = Timeticks: \(\d+\) /);
  });

  test('hrStorage: RAM at 65536 and the system disk at 131072 in KiB, as /system resource', async () => {
    const res = (await rest.get('/rest/system/resource')).json;
    const v = values(await walk('.1.3.6.1.2.1.25.2.3.1'));
    const kib = (n: string) => String(Math.floor(Number(n) / 1024));
    assert.equal(v.get('.1.3.6.1.2.1.25.2.3.1.2.65536'), 'OID: .1.3.6.1.2.1.25.2.1.2');
    assert.equal(v.get('.1.3.6.1.2.1.25.2.3.1.2.131072'), 'OID: .1.3.6.1.2.1.25.2.1.4');
    assert.equal(v.get('.1.3.6.1.2.1.25.2.3.1.3.65536'), 'STRING: "main memory"');
    assert.equal(v.get('.1.3.6.1.2.1.25.2.3.1.3.131072'), 'STRING: "system disk"');
    assert.equal(v.get('.1.3.6.1.2.1.25.2.3.1.4.65536'), 'INTEGER: 1024');
    assert.equal(v.get('.1.3.6.1.2.1.25.2.3.1.5.65536'), `INTEGER: ${kib(res['total-memory'])}`);
    assert.equal(v.get('.1.3.6.1.2.1.25.2.3.1.5.131072'), `INTEGER: ${kib(res['total-hdd-space'])}`);
    assert.equal(v.get('.1.3.6.1.2.1.25.2.3.1.6.131072'), `INTEGER: ${Number(kib(res['total-hdd-space'])) - Number(kib(res['free-hdd-space']))}`);
    // One processor row per CPU, its load /system resource's cpu-load.
    const cpus = values(await walk('.1.3.6.1.2.1.25.3.3.1.2'));
    assert.deepEqual([...cpus.keys()], Array.from({ length: Number(res['cpu-count']) }, (_, i) => `.1.3.6.1.2.1.25.3.3.1.2.${i + 1}`));
    for (const load of cpus.values()) assert.match(load, /^INTEGER: \d+$/);
  });
});

describe('IF-MIB from /interface', () => {
  test('ifTable and ifXTable: one row per interface, its id the ifIndex, as REST shows it', async () => {
    const ifs = ((await rest.get('/rest/interface')).json as Record<string, string>[]).filter((i) => i.name !== 'lo');
    const descr = await walk(`${IF}.2`);
    assert.deepEqual(descr, ifs.map((i) => `${IF}.2.${idx(i['.id'])} = STRING: "${i.name}"`));
    const v = values([...await walk(IF), ...await walk(IFX)]);
    // IANAifType of a real router's walk: ethernetCsmacd(6), bridge(209), ieee80211(71).
    const TYPES: Record<string, string> = { ether: '6', bridge: '209', wifi: '71' };
    for (const i of ifs) {
      const n = idx(i['.id']);
      assert.equal(v.get(`${IF}.3.${n}`), `INTEGER: ${TYPES[i.type]}`, i.name);
      assert.equal(v.get(`${IF}.4.${n}`), `INTEGER: ${i['actual-mtu']}`, i.name);
      assert.equal(v.get(`${IF}.6.${n}`), `Hex-STRING: ${i['mac-address'].replaceAll(':', ' ')}`, i.name);
      assert.equal(v.get(`${IF}.7.${n}`), 'INTEGER: 1', i.name);
      assert.equal(v.get(`${IFX}.1.${n}`), `STRING: "${i.name}"`, i.name);
      // ifAlias is the comment (the default bridge's is "defconf").
      assert.equal(v.get(`${IFX}.18.${n}`), i.comment ? `STRING: "${i.comment}"` : '""', i.name);
      assert.match(v.get(`${IFX}.6.${n}`)!, /^Counter64: \d+$/);
      assert.match(v.get(`${IF}.10.${n}`)!, /^Counter32: \d+$/);
    }
    // A running gigabit port: 1000000000 b/s and 1000 Mb/s; a bridge shows no speed.
    const ether1 = idx(ifs.find((i) => i.name === 'ether1')!['.id']);
    assert.equal(v.get(`${IF}.5.${ether1}`), 'Gauge32: 1000000000');
    assert.equal(v.get(`${IFX}.15.${ether1}`), 'Gauge32: 1000');
  });

  test('a disabled interface is down both ways; the counters are the ones REST printed a moment before', async () => {
    const e3 = ((await rest.get('/rest/interface/ether3')).json) as Record<string, string>;
    const n = idx(e3['.id']);
    assert.equal((await rest.post('/rest/interface/disable', { numbers: 'ether3' })).status, 200);
    try {
      assert.deepEqual(await get(`${IF}.7.${n}`, `${IF}.8.${n}`), [`${IF}.7.${n} = INTEGER: 2`, `${IF}.8.${n} = INTEGER: 2`]);
    } finally {
      await rest.post('/rest/interface/enable', { numbers: 'ether3' });
    }
    const before = Number((await rest.get('/rest/interface/ether1')).json['rx-byte']);
    const octets = Number((await get(`${IFX}.6.1`))[0].split('Counter64: ')[1]);
    const after = Number((await rest.get('/rest/interface/ether1')).json['rx-byte']);
    assert.ok(octets >= before && octets <= after, `${before} <= ${octets} <= ${after}`);
  });

  test('64-bit counters to v2c only: v1 gets noSuchName for one and walks past them (RFC 3584 4.2.2.1)', async () => {
    const v1get = await netSnmp('snmpget', ['-v1', '-c', 'public', `127.0.0.1:${t.snmp}`, `${IFX}.6.1`]);
    assert.equal(v1get.stderr, `Error in packet\nReason: (noSuchName) There is no such variable name in this MIB.\nFailed object: ${IFX}.6.1\n\n`);
    const v1walk = lines((await netSnmp('snmpwalk', ['-v1', '-c', 'public', `127.0.0.1:${t.snmp}`, IFX])).stdout);
    assert.ok(v1walk.length > 0);
    assert.ok(v1walk.every((l) => !/Counter64/.test(l)));
    const columns = new Set(v1walk.map((l) => l.split(' ')[0].slice(IFX.length + 1).split('.')[0]));
    assert.deepEqual([...columns], ['1', '2', '3', '4', '5', '15', '18']);
  });

  test('a bulk walk reads the objects a walk reads, of the same types', async () => {
    // Counters move between the two walks: compare each object and its type.
    const typed = (out: string[]) => out.map((l) => l.replace(/^(\S+ = [^:]+):.*$/, '$1'));
    assert.deepEqual(typed(await v2c('snmpbulkwalk', t.snmp, 'public', IF)), typed(await walk(IF)));
    const bulk = await v2c('snmpbulkwalk', t.snmp, 'public', '-Cr50', '.1.3.6.1.2.1');
    assert.ok(bulk.length > 200, String(bulk.length));
  });
});

describe('IP-MIB, IP-FORWARD-MIB and BRIDGE-MIB', () => {
  test('the default address 192.168.88.1/24 on the bridge, and its connected route', async () => {
    const bridgeIf = (await rest.get('/rest/interface?name=bridge')).json[0];
    const bridge = idx(bridgeIf['.id']);
    assert.deepEqual(await walk('.1.3.6.1.2.1.4.20.1'), [
      '.1.3.6.1.2.1.4.20.1.1.192.168.88.1 = IpAddress: 192.168.88.1',
      `.1.3.6.1.2.1.4.20.1.2.192.168.88.1 = INTEGER: ${bridge}`,
      '.1.3.6.1.2.1.4.20.1.3.192.168.88.1 = IpAddress: 255.255.255.0',
      '.1.3.6.1.2.1.4.20.1.4.192.168.88.1 = INTEGER: 1',
    ]);
    const route = values(await walk('.1.3.6.1.2.1.4.24.4.1'));
    const key = '192.168.88.0.255.255.255.0.0.0.0.0.0';
    assert.equal(route.get(`.1.3.6.1.2.1.4.24.4.1.5.${key}`), `INTEGER: ${bridge}`);
    // A connected route: local(3) type, local(2) protocol.
    assert.equal(route.get(`.1.3.6.1.2.1.4.24.4.1.6.${key}`), 'INTEGER: 3');
    assert.equal(route.get(`.1.3.6.1.2.1.4.24.4.1.7.${key}`), 'INTEGER: 2');
    assert.deepEqual(await get('.1.3.6.1.2.1.4.24.3.0'), ['.1.3.6.1.2.1.4.24.3.0 = Gauge32: 1']);
    const mac = bridgeIf['mac-address'] as string;
    assert.deepEqual(await get('.1.3.6.1.2.1.17.1.1.0'), [`.1.3.6.1.2.1.17.1.1.0 = Hex-STRING: ${mac.replaceAll(':', ' ')}`]);
  });
});

describe('MIKROTIK-MIB', () => {
  test('system, license and health from /system routerboard, resource, license, note and health', async () => {
    const rb = (await rest.get('/rest/system/routerboard')).json;
    const res = (await rest.get('/rest/system/resource')).json;
    const lic = (await rest.get('/rest/system/license')).json;
    assert.equal((await rest.post('/rest/system/note/set', { note: 'rack 4, shelf 2' })).status, 200);
    assert.deepEqual(await get(`${MTXR}.7.3.0`, `${MTXR}.7.4.0`, `${MTXR}.7.5.0`, `${MTXR}.7.6.0`, `${MTXR}.7.9.0`, `${MTXR}.4.1.0`, `${MTXR}.4.4.0`), [
      `${MTXR}.7.3.0 = STRING: "${rb['serial-number']}"`,
      `${MTXR}.7.4.0 = STRING: "${rb['current-firmware']}"`,
      `${MTXR}.7.5.0 = STRING: "rack 4, shelf 2"`,
      `${MTXR}.7.6.0 = STRING: "${res['build-time']}"`,
      `${MTXR}.7.9.0 = STRING: "${res['board-name']}"`,
      `${MTXR}.4.1.0 = STRING: "${lic['system-id']}"`,
      `${MTXR}.4.4.0 = STRING: "7.24"`,
    ]);
    const health = (await rest.get('/rest/system/health')).json as Record<string, string>[];
    const gauges = await walk(`${MTXR}.3.100.1`);
    const expected = [1, 2, 3, 4].flatMap((col) => health.map((h) => {
      const n = idx(h['.id']);
      return [`INTEGER: ${n}`, `STRING: "${h.name}"`, `Gauge32: ${h.value}`, 'INTEGER: 1'].map((v) => `${MTXR}.3.100.1.${col}.${n} = ${v}`)[col - 1];
    }));
    assert.deepEqual(gauges, expected);
    // The CPU temperature scalar, in tenths of a degree (Temperature ::= d-1).
    const cpu = health.find((h) => h.name === 'cpu-temperature')!;
    assert.deepEqual(await get(`${MTXR}.3.11.0`), [`${MTXR}.3.11.0 = INTEGER: ${Number(cpu.value) * 10}`]);
  });

  test('tables of hardware the board lacks are empty and a walk of them ends cleanly', async () => {
    for (const table of ['.1.1', '.16.1', '.19.1']) {
      assert.deepEqual(await walk(`${MTXR}${table}`), [`${MTXR}${table} = No Such Object available on this agent at this OID`]);
    }
  });

  test('interface stats of the Ethernet ports, and scripts by their ids', async () => {
    const stats = values(await walk(`${MTXR}.14.1.1.2`));
    const ethers = (await rest.get('/rest/interface/ethernet')).json as Record<string, string>[];
    assert.deepEqual([...stats.values()], ethers.map((e) => `STRING: "${e.name}"`));
    const added = await rest.put('/rest/system/script', { name: 'hello', source: ':put "hello from snmp"' });
    const n = idx(added.json['.id']);
    assert.deepEqual(await walk(`${MTXR}.8.1.1.2`), [`${MTXR}.8.1.1.2.${n} = STRING: "hello"`]);
  });
});

describe('access from /snmp community', () => {
  test('a wrong community, or a client outside addresses, gets no answer', async () => {
    const silent = (await netSnmp('snmpget', ['-v2c', '-c', 'private', '-t', '0.3', '-r', '0', `127.0.0.1:${t.snmp}`, `${SYS}.5.0`]));
    assert.equal(silent.stdout + silent.stderr, `Timeout: No Response from 127.0.0.1:${t.snmp}.\n`);
    assert.equal((await rest.patch('/rest/snmp/community/public', { addresses: '10.0.0.0/8' })).status, 200);
    try {
      const outside = await netSnmp('snmpget', ['-v2c', '-c', 'public', '-t', '0.3', '-r', '0', `127.0.0.1:${t.snmp}`, `${SYS}.5.0`]);
      assert.equal(outside.stdout + outside.stderr, `Timeout: No Response from 127.0.0.1:${t.snmp}.\n`);
      assert.equal((await rest.patch('/rest/snmp/community/public', { addresses: '127.0.0.0/8' })).status, 200);
      assert.deepEqual(await get(`${SYS}.5.0`), [`${SYS}.5.0 = STRING: "MikroTik"`]);
    } finally {
      await rest.patch('/rest/snmp/community/public', { addresses: '::/0' });
    }
  });

  test('v3 authPriv with SHA1/AES and MD5/DES; the agent\'s engine is discovered', async () => {
    for (const [user, a, A, x, X] of [['sha-aes', 'SHA', 'authpass-sha', 'AES', 'privpass-aes'], ['md5-des', 'MD5', 'authpass-md5', 'DES', 'privpass-des']]) {
      const r = await netSnmp('snmpget', ['-v3', '-l', 'authPriv', '-u', user, '-a', a, '-A', A, '-x', x, '-X', X, `127.0.0.1:${t.snmp}`, `${SYS}.5.0`, `${IFX}.1.1`]);
      assert.deepEqual(lines(r.stdout + r.stderr), [`${SYS}.5.0 = STRING: "MikroTik"`, `${IFX}.1.1 = STRING: "ether1"`], user);
    }
    const walked = await netSnmp('snmpbulkwalk', ['-v3', '-l', 'authNoPriv', '-u', 'signed', '-a', 'SHA', '-A', 'authpass-signed', `127.0.0.1:${t.snmp}`, `${IF}.2`]);
    assert.deepEqual(lines(walked.stdout), await walk(`${IF}.2`));
  });

  test('USM reports: a wrong key is usmStatsWrongDigests, an unknown user and a low security level are reported too', async () => {
    const v3 = (...a: string[]) => netSnmp('snmpget', ['-v3', ...a, '-t', '1', '-r', '0', `127.0.0.1:${t.snmp}`, `${SYS}.5.0`]);
    const wrong = await v3('-l', 'authPriv', '-u', 'sha-aes', '-a', 'SHA', '-A', 'not-the-key', '-x', 'AES', '-X', 'privpass-aes');
    assert.equal(wrong.stderr, 'snmpget: Authentication failure (incorrect password, community or key)\n');
    const unknown = await v3('-l', 'authPriv', '-u', 'nobody', '-a', 'SHA', '-A', 'authpass-sha', '-x', 'AES', '-X', 'privpass-aes');
    assert.equal(unknown.stderr, 'snmpget: Unknown user name\n');
    const low = await v3('-l', 'authNoPriv', '-u', 'sha-aes', '-a', 'SHA', '-A', 'authpass-sha');
    assert.equal(low.stderr, 'snmpget: Unsupported security level\n');
    // The counters the reports carried (SNMP-USER-BASED-SM-MIB usmStats).
    const stats = values(await walk('.1.3.6.1.6.3.15.1.1'));
    assert.match(stats.get('.1.3.6.1.6.3.15.1.1.5.0')!, /^Counter32: [1-9]\d*$/);
    assert.match(stats.get('.1.3.6.1.6.3.15.1.1.3.0')!, /^Counter32: [1-9]\d*$/);
    assert.match(stats.get('.1.3.6.1.6.3.15.1.1.1.0')!, /^Counter32: [1-9]\d*$/);
  });

  test('a v3 user needs the security its community asks: v1 and v2c cannot use it', async () => {
    const r = await netSnmp('snmpget', ['-v2c', '-c', 'sha-aes', '-t', '0.3', '-r', '0', `127.0.0.1:${t.snmp}`, `${SYS}.5.0`]);
    assert.equal(r.stdout + r.stderr, `Timeout: No Response from 127.0.0.1:${t.snmp}.\n`);
  });
});

describe('sets change the records REST shows', () => {
  test('sysName, sysContact and sysLocation by a write community: /system identity and /snmp, one history action each', async () => {
    const r = await netSnmp('snmpset', ['-v2c', '-c', 'rw', `127.0.0.1:${t.snmp}`, `${SYS}.5.0`, 's', 'edge-1', `${SYS}.6.0`, 's', 'hall B']);
    assert.deepEqual(lines(r.stdout), [`${SYS}.5.0 = STRING: "edge-1"`, `${SYS}.6.0 = STRING: "hall B"`]);
    try {
      assert.deepEqual((await rest.get('/rest/system/identity')).json, { name: 'edge-1' });
      assert.equal((await rest.get('/rest/snmp')).json.location, 'hall B');
      const history = (await rest.get('/rest/system/history')).json as Record<string, string>[];
      assert.deepEqual(history.slice(0, 2).map((h) => [h.redo, h.by]), [
        ['/snmp set location="hall B"', 'rw'],
        ['/system identity set name=edge-1', 'rw'],
      ]);
    } finally {
      await rest.post('/rest/system/identity/set', { name: 'MikroTik' });
    }
  });

  test('what the agent refuses: noAccess without write access (noSuchName to v1), notWritable, noCreation, wrongType', async () => {
    const set = (v: string, c: string, ...a: string[]) => netSnmp('snmpset', [v, '-c', c, `127.0.0.1:${t.snmp}`, ...a]);
    const reason = (r: { stderr: string }) => lines(r.stderr)[1];
    assert.equal(reason(await set('-v2c', 'public', `${SYS}.5.0`, 's', 'x')), 'Reason: noAccess');
    assert.equal(reason(await set('-v1', 'public', `${SYS}.5.0`, 's', 'x')), 'Reason: (noSuchName) There is no such variable name in this MIB.');
    assert.equal(reason(await set('-v2c', 'rw', `${IF}.2.1`, 's', 'x')), 'Reason: notWritable (That object does not support modification)');
    assert.equal(reason(await set('-v2c', 'rw', `${SYS}.99.0`, 's', 'x')), 'Reason: noCreation (That table does not support row creation or that object can not ever be created)');
    assert.equal(reason(await set('-v2c', 'rw', `${SYS}.5.0`, 'i', '5')), 'Reason: wrongType (The set datatype does not match the data type the agent expects)');
    assert.deepEqual((await rest.get('/rest/system/identity')).json, { name: 'MikroTik' });
  });

  test('mtxrScriptRunCmd runs a script; mtxrScriptRunOutput runs it and answers its output', async () => {
    const added = await rest.put('/rest/system/script', { name: 'rename', source: '/system identity set name=by-script\n:put "renamed"' });
    const n = idx(added.json['.id']);
    try {
      const r = await netSnmp('snmpset', ['-v2c', '-c', 'rw', `127.0.0.1:${t.snmp}`, `${MTXR}.8.1.1.3.${n}`, 'i', '1']);
      assert.deepEqual(lines(r.stdout), [`${MTXR}.8.1.1.3.${n} = INTEGER: 1`]);
      assert.deepEqual((await rest.get('/rest/system/identity')).json, { name: 'by-script' });
      assert.deepEqual(await v2c('snmpget', t.snmp, 'rw', `${MTXR}.18.1.1.2.${n}`), [`${MTXR}.18.1.1.2.${n} = STRING: "renamed"`]);
      assert.equal((await rest.get(`/rest/system/script/${added.json['.id']}`)).json['run-count'], '2');
      // Without write access the script does not run.
      assert.deepEqual(await get(`${MTXR}.18.1.1.2.${n}`), [`${MTXR}.18.1.1.2.${n} = No Such Instance currently exists at this OID`]);
    } finally {
      await rest.post('/rest/system/identity/set', { name: 'MikroTik' });
      await rest.delete(`/rest/system/script/${added.json['.id']}`);
    }
  });
});
