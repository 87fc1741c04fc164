// The board's own menus, read from the catalogue: /system/routerboard (what Ansible's
// api_facts reports as model and serial number), the switch chips, and `vrouter --like`
// starting a router shaped like the one an export came from.

import { after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { client, startRouter, tempDir } from '../helpers/router.js';
import { VROUTER } from '../helpers/vrouter.js';

const CLI = VROUTER;
const CORPUS = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..', '..', 'shared', 'corpus', 'real-exports');

/** Runs a command to its end without blocking the routers of this process. */
function run(cmd: string, args: string[]): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const p = spawn(cmd, args, { env: { ...process.env, ANSIBLE_NOCOLOR: '1' } });
    let stdout = '', stderr = '';
    p.stdout.on('data', (d) => { stdout += d; });
    p.stderr.on('data', (d) => { stderr += d; });
    p.on('exit', (status) => resolve({ status, stdout, stderr }));
  });
}

/** `ansible -m community.routeros.api_facts` against the api service on `port`: the facts it gathered. */
async function apiFacts(port: number): Promise<Record<string, unknown>> {
  const r = await run('ansible', ['localhost', '-c', 'local', '-i', 'localhost,', '-m', 'community.routeros.api_facts',
    '-a', `hostname=127.0.0.1 port=${port} username=admin password= gather_subset=default`, '-e', 'ansible_python_interpreter=/usr/bin/python3', '-o']);
  assert.equal(r.status, 0, r.stdout + r.stderr);
  return JSON.parse(r.stdout.slice(r.stdout.indexOf('{'))).ansible_facts;
}

const running: ChildProcess[] = [];
after(() => { for (const p of running) p.kill('SIGKILL'); });

describe('/system/routerboard', () => {
  test('a RouterBOARD shows its model, serial number and boot loader; Ansible api_facts reports them', async () => {
    const r = await startRouter({ board: 'rb4011' });
    try {
      const c = client(r.port);
      assert.deepEqual((await c.get('/rest/system/routerboard')).json, {
        routerboard: 'true', 'board-name': 'RB4011iGS+', model: 'RB4011iGS+', 'serial-number': 'HGA09VR0UTR1',
        'firmware-type': 'al2', 'factory-firmware': '6.43', 'current-firmware': '7.24', 'upgrade-firmware': '7.24',
      });
      // Two switch chips, each with its own ports (block diagram of the RB4011).
      assert.deepEqual((await c.get('/rest/interface/ethernet/switch?.proplist=name,type')).json,
        [{ name: 'switch1', type: 'RTL8367' }, { name: 'switch2', type: 'RTL8367' }]);
      const ports = (await c.get('/rest/interface/ethernet?.proplist=name,switch')).json;
      assert.deepEqual(ports, [
        ...Array.from({ length: 10 }, (_, i) => ({ name: `ether${i + 1}`, switch: i < 5 ? 'switch1' : 'switch2' })),
        // The SFP+ cage is wired to the CPU.
        { name: 'sfp-sfpplus1' },
      ]);
      const facts = await apiFacts(r.router.bound.api!);
      assert.equal(facts.ansible_net_model, 'RB4011iGS+');
      assert.equal(facts.ansible_net_serialnum, 'HGA09VR0UTR1');
      assert.equal(facts.ansible_net_arch, 'arm');
    } finally { await r.stop(); }
  });

  test('/system/health lists the board\'s sensors: an ARM64 CPU\'s temperature, a CCR\'s fans and power supplies', async () => {
    const r = await startRouter({ board: 'ccr2004' });
    try {
      const c = client(r.port);
      assert.deepEqual((await c.get('/rest/system/health?.proplist=name,type')).json, [
        { name: 'cpu-temperature', type: 'C' }, { name: 'fan1-speed', type: 'RPM' }, { name: 'fan2-speed', type: 'RPM' },
        { name: 'psu1-state' }, { name: 'psu2-state' }, { name: 'board-temperature1', type: 'C' },
      ]);
      assert.deepEqual((await c.post('/rest/system/health/print', { '.query': ['name=psu1-state'], '.proplist': 'value' })).json, [{ value: 'ok' }]);
    } finally { await r.stop(); }
    const old = await startRouter({ board: 'hap-ac2' });
    try {
      assert.deepEqual((await client(old.port).get('/rest/system/health?.proplist=name,type')).json, [{ name: 'voltage', type: 'V' }, { name: 'temperature', type: 'C' }]);
    } finally { await old.stop(); }
  });

  test('hardware menus exist where the board has the hardware: PoE out, LCD, SwOS, the switch chip family\'s tables', async () => {
    const r = await startRouter({ board: 'rb3011' });
    try {
      const c = client(r.port);
      assert.deepEqual((await c.get('/rest/interface/ethernet/poe?.proplist=name,poe-out,poe-priority')).json, [{ name: 'ether10', 'poe-out': 'auto-on', 'poe-priority': '10' }]);
      await c.patch('/rest/interface/ethernet/poe/ether10', { 'poe-out': 'off' });
      await c.post('/rest/lcd/set', { 'default-screen': 'stats' });
      const text = (await c.post('/rest/execute', { script: '/export', 'as-string': '' })).json.ret as string;
      assert.match(text, /\n\/interface ethernet poe\nset ether10 poe-out=off\n/);
      assert.match(text, /\n\/lcd\nset default-screen=stats\n/);
      // Two QCA-8337 chips: their ports, then each chip's CPU port; VLAN tables of the chip, no port isolation.
      const ports = (await c.get('/rest/interface/ethernet/switch/port?.proplist=name,switch')).json;
      assert.deepEqual(ports.slice(-4), [{ name: 'ether10', switch: 'switch2' }, { name: 'sfp1', switch: 'switch1' }, { name: 'switch1-cpu', switch: 'switch1' }, { name: 'switch2-cpu', switch: 'switch2' }]);
      assert.equal((await c.put('/rest/interface/ethernet/switch/vlan', { switch: 'switch1', 'vlan-id': '10', ports: 'ether2,ether3' })).status, 201);
      assert.equal((await c.get('/rest/system/swos')).status, 400);
      // A menu of hardware the board lacks is not there, whatever the method (routeros-facts.md 50.2).
      assert.deepEqual((await c.get('/rest/interface/ethernet/switch/port-isolation')).json, { detail: 'no such command or directory (port-isolation)', error: 400, message: 'Bad Request' });
    } finally { await r.stop(); }
    const crs = await startRouter({ board: 'crs326' });
    try {
      const c = client(crs.port);
      assert.equal((await c.get('/rest/system/swos')).json['address-acquisition-mode'], 'dhcp-with-fallback');
      // Port isolation: a record per switch port, then the CPU's (export verbose of 98DX and 88E chips, routeros-facts.md 51.3).
      const isolation = (await c.get('/rest/interface/ethernet/switch/port-isolation?.proplist=name')).json;
      assert.equal(isolation.length, 27);
      assert.deepEqual([isolation[0], isolation[25], isolation[26]], [{ name: 'ether1' }, { name: 'sfp-sfpplus2' }, { name: 'switch1-cpu' }]);
      assert.deepEqual((await c.get('/rest/lcd')).json, { detail: 'no such command or directory (lcd)', error: 400, message: 'Bad Request' });
      // The console answers as for any menu the router does not have.
      assert.deepEqual((await c.post('/rest/execute', { script: '/lcd print', 'as-string': '' })).json, { ret: 'bad command name lcd (line 1 column 2)' });
      assert.deepEqual((await c.get('/rest/interface/ethernet/poe')).json, { detail: 'no such command or directory (poe)', error: 400, message: 'Bad Request' });
      // The CRS1xx/2xx tables only on those switches.
      assert.equal((await c.get('/rest/interface/ethernet/switch/unicast-fdb')).status, 400);
    } finally { await crs.stop(); }
    const crs1 = await startRouter({ board: 'crs125' });
    try {
      assert.deepEqual((await client(crs1.port).get('/rest/interface/ethernet/switch/unicast-fdb')).json, []);
    } finally { await crs1.stop(); }
  });

  test('a CHR is no RouterBOARD: only routerboard=false, no switch chip, no model in its export', async () => {
    const r = await startRouter({ board: 'chr' });
    try {
      const c = client(r.port);
      assert.deepEqual((await c.get('/rest/system/routerboard')).json, { routerboard: 'false' });
      assert.deepEqual((await c.get('/rest/interface/ethernet/switch')).json, []);
      assert.deepEqual((await c.get('/rest/system/health')).json, []);
      const text = (await c.post('/rest/execute', { script: '/export', 'as-string': '' })).json.ret as string;
      assert.match(text, /^# \d{4}-\d\d-\d\d \d\d:\d\d:\d\d by RouterOS 7\.24\n# software id = \n#\n\//);
    } finally { await r.stop(); }
  });
});

describe('vrouter --like FILE.rsc', () => {
  test('starts a router of the export\'s model, release and serial number, with its default configuration', async () => {
    const file = path.join(CORPUS, 'foundryserver__infrastructure__microtik__nov1625-ccr2116.rsc');
    const proc = spawn(process.execPath, [CLI, '--like', file, '--data-dir', tempDir(), '--www-port', '0', '--www-ssl-port', '0', '--api-port', '0', '--api-ssl-port', '0', '--ssh-port', '0', '--telnet-port', '0', '--snmp-port', '0', '--dns-port', '0', '--ntp-port', '0'], { stdio: ['ignore', 'pipe', 'pipe'] });
    running.push(proc);
    const line = await new Promise<string>((resolve, reject) => {
      let out = '';
      proc.stdout!.on('data', (d) => { out += d; if (out.includes('\n')) resolve(out); });
      proc.on('exit', (code) => reject(new Error(`exited ${code}: ${out}`)));
    });
    assert.match(line, /^vrouter 7\.20\.4 \(stable\): REST at http:\/\/127\.0\.0\.1:\d+\/rest; www \d+, api \d+, ssh \d+, telnet \d+; CCR2116-12G-4S\+, data in /);
    const c = client(Number(/:(\d+)\/rest/.exec(line)![1]));
    const rb = (await c.get('/rest/system/routerboard')).json;
    assert.equal(rb.model, 'CCR2116-12G-4S+');
    assert.equal(rb['serial-number'], 'HK10AH2B85W');
    assert.equal((await c.get('/rest/system/resource')).json['board-name'], 'CCR2116-12G-4S+');
    // A CCR's default configuration: 192.168.88.1/24 on ether1 and nothing else.
    assert.deepEqual((await c.get('/rest/ip/address?.proplist=address,interface,comment')).json,
      [{ address: '192.168.88.1/24', comment: 'defconf', interface: 'ether1' }]);
    assert.deepEqual((await c.get('/rest/port?.proplist=name')).json, [{ name: 'serial0' }]);
    const api = Number((await c.get('/rest/ip/service/api')).json.port);
    const facts = await apiFacts(api);
    assert.equal(facts.ansible_net_model, 'CCR2116-12G-4S+');
    assert.equal(facts.ansible_net_serialnum, 'HK10AH2B85W');
    proc.kill('SIGTERM');
  });

  test('--board takes the model as the router prints it, or as it is sold', async () => {
    for (const [name, model] of [['RB4011iGS+', 'RB4011iGS+'], ['rb4011igs+rm', 'RB4011iGS+'], ['C52iG-5HaxD2HaxD', 'C52iG-5HaxD2HaxD']]) {
      const proc = spawn(process.execPath, [CLI, '--board', name, '--data-dir', tempDir(), '--www-port', '0', '--www-ssl-port', '0', '--api-port', '0', '--api-ssl-port', '0', '--ssh-port', '0', '--telnet-port', '0', '--snmp-port', '0', '--dns-port', '0', '--ntp-port', '0'], { stdio: ['ignore', 'pipe', 'pipe'] });
      running.push(proc);
      const line = await new Promise<string>((resolve, reject) => {
        let out = '';
        proc.stdout!.on('data', (d) => { out += d; if (out.includes('\n')) resolve(out); });
        proc.on('exit', (code) => reject(new Error(`exited ${code}: ${out}`)));
      });
      const c = client(Number(/:(\d+)\/rest/.exec(line)![1]));
      assert.equal((await c.get('/rest/system/routerboard')).json.model, model, name);
      proc.kill('SIGTERM');
    }
  });

  test('an export that is not there, or of a model the catalogue lacks, is refused with exit status 2', async () => {
    const missing = await run(process.execPath, [CLI, '--like', '/nonexistent/x.rsc', '--data-dir', tempDir()]);
    assert.equal(missing.status, 2);
    assert.equal(missing.stderr, 'vrouter: --like: /nonexistent/x.rsc: no such file\n');
  });
});
