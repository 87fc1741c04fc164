// Traps as Debian's snmptrapd receives them: coldStart when the agent starts (start-trap),
// linkDown and linkUp for the interfaces of trap-interfaces (interfaces), in trap-version
// 1, 2 and 3. The router sends to its --snmp-trap-port stand-in of 162 on trap-target.

import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { client, eventually, tempDir } from '../helpers/router.js';
import { freePort } from '../helpers/ports.js';
import { startSnmpRouter, type SnmpRouter } from './snmp-clients.js';
import { health } from '../../src/menus/system/health.js';

let t: SnmpRouter;
let rest: ReturnType<typeof client>;
let trapd: ChildProcess;
let received = '';
const dir = tempDir();

before(async () => {
  const port = await freePort();
  // The v3 user of the traps, as the router's engine id names it (80003a8c04: no suffix).
  fs.writeFileSync(path.join(dir, 'snmptrapd.conf'), [
    'authCommunity log public',
    'createUser -e 0x80003a8c04 traps SHA trap-auth-pass AES trap-priv-pass',
    'authUser log traps',
    '',
  ].join('\n'));
  trapd = spawn('snmptrapd', ['-f', '-Lo', '-On', '-m', '', '-C', '-c', path.join(dir, 'snmptrapd.conf'), '-p', path.join(dir, 'pid'), `udp:127.0.0.1:${port}`], {
    stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, MIBS: '', SNMP_PERSISTENT_DIR: dir },
  });
  trapd.stdout!.on('data', (d) => { received += String(d); });
  trapd.stderr!.on('data', (d) => { received += String(d); });
  await eventually(async () => received.includes('NET-SNMP version'), 'snmptrapd listening');
  t = await startSnmpRouter({ snmpTrapPort: port });
  rest = client(t.port);
  assert.equal((await rest.put('/rest/snmp/community', {
    name: 'traps', security: 'private', 'authentication-protocol': 'SHA1', 'authentication-password': 'trap-auth-pass',
    'encryption-protocol': 'AES', 'encryption-password': 'trap-priv-pass',
  })).status, 201);
});
after(async () => {
  await t.stop();
  // snmptrapd writes its persistent state as it exits: remove the directory after.
  await new Promise((ok) => { trapd.once('exit', ok); trapd.kill(); });
  fs.rmSync(dir, { recursive: true, force: true });
});

/** The traps snmptrapd printed since `from`: each its varbind lines. */
function trapsSince(from: number): string[][] {
  return received.slice(from).split(/\n(?=\d{4}-\d\d-\d\d )/).filter((b) => /^\d{4}-/.test(b))
    .map((b) => b.split('\n').slice(1).join('\t').split('\t').map((s) => s.trim()).filter(Boolean));
}

async function waitTraps(from: number, n: number): Promise<string[][]> {
  await eventually(async () => trapsSince(from).length >= n, `${n} trap(s)`);
  return trapsSince(from);
}

const IF = '.1.3.6.1.2.1.2.2.1';

describe('traps to trap-target', () => {
  test('v2c: coldStart when SNMP starts, then linkDown and linkUp of a trap interface', async () => {
    const from = received.length;
    await rest.post('/rest/snmp/set', { enabled: 'no' });
    await t.router.services!.settled();
    assert.equal((await rest.post('/rest/snmp/set', {
      enabled: 'yes', 'trap-target': '127.0.0.1', 'trap-version': '2', 'trap-community': 'public',
      'trap-generators': 'start-trap,interfaces', 'trap-interfaces': 'ether2',
    })).status, 200);
    const [cold] = await waitTraps(from, 1);
    assert.match(cold[0], /^\.1\.3\.6\.1\.2\.1\.1\.3\.0 = Timeticks: \(\d+\) /);
    assert.equal(cold[1], '.1.3.6.1.6.3.1.1.4.1.0 = OID: .1.3.6.1.6.3.1.1.5.1');

    const n = parseInt((await rest.get('/rest/interface/ether2')).json['.id'].slice(1), 16);
    // ether3 is no trap interface: its change sends nothing.
    await rest.post('/rest/interface/disable', { numbers: 'ether3,ether2' });
    const [, down] = await waitTraps(from, 2);
    assert.deepEqual(down.slice(1), [
      '.1.3.6.1.6.3.1.1.4.1.0 = OID: .1.3.6.1.6.3.1.1.5.3',
      `${IF}.1.${n} = INTEGER: ${n}`, `${IF}.7.${n} = INTEGER: 2`, `${IF}.8.${n} = INTEGER: 2`,
    ]);
    await rest.post('/rest/interface/enable', { numbers: 'ether2,ether3' });
    const [, , up] = await waitTraps(from, 3);
    assert.deepEqual(up.slice(1), [
      '.1.3.6.1.6.3.1.1.4.1.0 = OID: .1.3.6.1.6.3.1.1.5.4',
      `${IF}.1.${n} = INTEGER: ${n}`, `${IF}.7.${n} = INTEGER: 1`, `${IF}.8.${n} = INTEGER: 1`,
    ]);
    assert.equal(trapsSince(from).length, 3);
  });

  test('v1: a generic linkDown trap from the router', async () => {
    assert.equal((await rest.post('/rest/snmp/set', { 'trap-version': '1', 'trap-interfaces': 'all' })).status, 200);
    const from = received.length;
    await rest.post('/rest/interface/disable', { numbers: 'ether4' });
    try {
      const [trap] = await waitTraps(from, 1);
      // snmptrapd's v1 line: enterprise, agent address, generic trap 2 (linkDown), specific 0, uptime.
      assert.match(received.slice(from), /Link Down Trap \(0\) Uptime: /);
      assert.ok(trap.some((l) => /^\.1\.3\.6\.1\.2\.1\.2\.2\.1\.8\.\d+ = INTEGER: 2$/.test(l)), trap.join('\n'));
    } finally {
      await rest.post('/rest/interface/enable', { numbers: 'ether4' });
    }
  });

  test('v3: authenticated and encrypted as the trap-community\'s user', async () => {
    assert.equal((await rest.post('/rest/snmp/set', { 'trap-version': '3', 'trap-community': 'traps', 'trap-interfaces': 'ether5' })).status, 200);
    const from = received.length;
    await rest.post('/rest/interface/disable', { numbers: 'ether5' });
    try {
      const [trap] = await waitTraps(from, 1);
      assert.equal(trap[1], '.1.3.6.1.6.3.1.1.4.1.0 = OID: .1.3.6.1.6.3.1.1.5.3');
    } finally {
      await rest.post('/rest/interface/enable', { numbers: 'ether5' });
    }
  });
  test('temp-exception: mtxrTemperatureException (enterprise trap 14988.1.1.9.0.2) with the sensor\'s reading when it runs hot', async () => {
    // The default board (hAP ax^2, ARM64) reads cpu-temperature 47 C at idle. No user can heat a
    // simulated board: the test raises the sensor's reading as the board's hardware would.
    const sensor = health.rows!(t.router.engine, []).find((r) => r.values.name === 'cpu-temperature')!;
    assert.equal((await rest.get('/rest/system/health')).json.find((h: Record<string, string>) => h.name === 'cpu-temperature').value, '47');
    assert.equal((await rest.post('/rest/snmp/set', { 'trap-version': '2', 'trap-community': 'public', 'trap-generators': 'temp-exception' })).status, 200);
    // The first look learns how the sensors are: let it pass before the board runs hot.
    await new Promise((ok) => setTimeout(ok, 1500));
    const from = received.length;
    sensor.values.value = '95';
    try {
      const [trap] = await waitTraps(from, 1);
      assert.equal(trap[1], '.1.3.6.1.6.3.1.1.4.1.0 = OID: .1.3.6.1.4.1.14988.1.1.9.0.2');
      assert.equal(trap[2], `.1.3.6.1.4.1.14988.1.1.3.100.1.3.${sensor.id} = Gauge32: 95`);
      // One trap while it stays hot.
      await new Promise((ok) => setTimeout(ok, 1500));
      assert.equal(trapsSince(from).length, 1);
    } finally {
      sensor.values.value = '47';
      await rest.post('/rest/snmp/set', { 'trap-generators': '' });
    }
  });
});
