// The `vrouter` command as a user runs it: flags, errors with exit status 2, start and stop,
// and persistence across kill -9.

import { after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { freePort } from './helpers/ports.js';
import { call, tempDir, within } from './helpers/router.js';
import { VROUTER } from './helpers/vrouter.js';

const CLI = VROUTER;

const running: ChildProcess[] = [];
after(() => { for (const p of running) p.kill('SIGKILL'); });

/** Starts vrouter and resolves once it printed its URL. */
function start(args: string[]): Promise<{ proc: ChildProcess; out: string }> {
  return new Promise((resolve, reject) => {
    const proc = spawn(process.execPath, [CLI, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    running.push(proc);
    let out = '';
    proc.stdout!.on('data', (d) => {
      out += d;
      // `out` goes on growing: what the router writes later (stderr too) is read from it.
      if (out.includes('\n')) resolve({ proc, get out() { return out; } });
    });
    proc.stderr!.on('data', (d) => { out += d; });
    proc.on('exit', (code) => reject(new Error(`exited ${code}: ${out}`)));
  });
}

const exited = (proc: ChildProcess) => new Promise<number | null>((ok) => proc.on('exit', (code) => ok(code)));

async function ports() {
  return ['--www-port', String(await freePort()), '--www-ssl-port', String(await freePort()), '--api-port', String(await freePort()), '--api-ssl-port', String(await freePort()), '--ssh-port', '0', '--telnet-port', '0', '--snmp-port', '0', '--dns-port', '0', '--ntp-port', '0'];
}

describe('vrouter flags', () => {
  test('--help prints the usage and exits 0', () => {
    const r = spawnSync(process.execPath, [CLI, '--help'], { encoding: 'utf8' });
    assert.equal(r.status, 0);
    assert.match(r.stdout, /^Usage: vrouter \[FLAGS\]/);
    for (const flag of ['--data-dir', '--listen', '--www-port', '--www-ssl-port', '--api-port', '--api-ssl-port', '--login-keep', '--request-limit']) {
      assert.ok(r.stdout.includes(flag), flag);
    }
    assert.ok(r.stdout.includes('\n`vrouter console [URL]` opens the console of a running router (see vrouter console --help).\n'));
  });

  for (const [args, message] of [
    [['--bogus'], 'vrouter: unknown flag --bogus (see --help)\n'],
    [['--www-port', 'http'], 'vrouter: --www-port: "http" is not a port (0-65535)\n'],
    [['--www-port', '70000'], 'vrouter: --www-port: "70000" is not a port (0-65535)\n'],
    [['--listen', 'localhost:80'], 'vrouter: --listen: "localhost:80" is not an IP address\n'],
    [['--login-keep', 'soon'], 'vrouter: --login-keep: "soon" is not a duration (e.g. 60s, 10m)\n'],
    [['--request-limit'], 'vrouter: --request-limit needs a value\n'],
    [['--ros-version', '6.49'], 'vrouter: --ros-version: RouterOS "6.49" is not supported; supported releases are 7.9, 7.10, 7.11, 7.12, 7.13, 7.14, 7.15, 7.16, 7.17, 7.18, 7.19, 7.20, 7.21, 7.22, 7.23, 7.24 (any patch of these, e.g. 7.12.1)\n'],
    // The oldest release held is 7.9 (../shared/reference/versions), the newest 7.24.
    [['--ros-version', '7.8'], 'vrouter: --ros-version: RouterOS "7.8" is not supported; supported releases are 7.9, 7.10, 7.11, 7.12, 7.13, 7.14, 7.15, 7.16, 7.17, 7.18, 7.19, 7.20, 7.21, 7.22, 7.23, 7.24 (any patch of these, e.g. 7.12.1)\n'],
    [['--ros-version', '7.25.1'], 'vrouter: --ros-version: RouterOS "7.25.1" is not supported; supported releases are 7.9, 7.10, 7.11, 7.12, 7.13, 7.14, 7.15, 7.16, 7.17, 7.18, 7.19, 7.20, 7.21, 7.22, 7.23, 7.24 (any patch of these, e.g. 7.12.1)\n'],
    [['--packages', 'container,nosuch'], 'vrouter: --packages: RouterOS 7.24 has no package "nosuch"; its extra packages are calea, container, dude, gps, iot, netinstall, openflow, rose-storage, tr069-client, user-manager, wifi-qcom, wifi-qcom-ac, wireless, zerotier\n'],
    // wifiwave2 became wifi-qcom in 7.13; netinstall came with 7.24.
    [['--startup-config', 'no-such.rsc'], 'vrouter: --startup-config: no-such.rsc: no such file\n'],
    [['--ros-version', '7.12.1', '--packages', 'netinstall'], 'vrouter: --packages: RouterOS 7.12.2 has no package "netinstall"; its extra packages are calea, container, dude, gps, iot, rose-storage, tr069-client, user-manager, wifiwave2, zerotier\n'],
  ] as [string[], string][]) {
    test(`a bad flag (${args.join(' ')}) is one line on stderr and exit status 2`, () => {
      const r = spawnSync(process.execPath, [CLI, ...args], { encoding: 'utf8' });
      assert.equal(r.status, 2);
      assert.equal(r.stderr, message);
      assert.equal(r.stdout, '');
    });
  }

  test('the environment gives flags (VROUTER_*), checked as flags; a bad CLAB_INTFS is one line and status 2', () => {
    const env = { ...process.env, VROUTER_ROS_VERSION: '6.49' };
    const bad = spawnSync(process.execPath, [CLI], { encoding: 'utf8', env });
    assert.equal(bad.status, 2);
    assert.match(bad.stderr, /^vrouter: --ros-version: RouterOS "6\.49" is not supported;/);
    const clab = spawnSync(process.execPath, [CLI, '--data-dir', tempDir()], { encoding: 'utf8', env: { ...process.env, CLAB_INTFS: 'two' } });
    assert.equal(clab.status, 2);
    assert.equal(clab.stderr, 'vrouter: CLAB_INTFS: "two" is not a number of interfaces\n');
  });

  test('an unusable data directory is exit status 2 with one line saying why', () => {
    const file = path.join(tempDir(), 'a-file');
    fs.writeFileSync(file, 'x');
    for (const [dir, why] of [
      [path.join(file, 'sub'), 'a file is in its way (ENOTDIR)'],
      [file, 'it is a file (EEXIST)'],
      // Node's own recursive mkdir spins for ever here (100% CPU, issue 37).
      ['/proc/nope', 'it cannot be made there (ENOENT)'],
      ['/proc/nope/deeper', 'it cannot be made there (ENOENT)'],
    ]) {
      const r = spawnSync(process.execPath, [CLI, '--data-dir', dir, '--www-port', '0', '--ssh-port', '0', '--telnet-port', '0', '--dns-port', '0', '--ntp-port', '0'], { encoding: 'utf8', timeout: 10_000 });
      assert.equal(r.status, 2, `${dir}: ${r.error ?? r.stderr}`);
      assert.equal(r.stderr, `vrouter: data directory ${dir} is not usable: ${why}\n`);
      assert.equal(r.stdout, '');
    }
  });

  test('an address to listen on that is not this machine\'s is exit status 2 with one line saying so', () => {
    // 192.0.2.1 is TEST-NET-1 (RFC 5737): no machine has it.
    const r = spawnSync(process.execPath, [CLI, '--data-dir', tempDir(), '--listen', '192.0.2.1', '--www-port', '0'], { encoding: 'utf8', timeout: 10_000 });
    assert.equal(r.status, 2);
    assert.equal(r.stderr, 'vrouter: cannot listen on 192.0.2.1:0 (www): 192.0.2.1 is not an address of this machine (EADDRNOTAVAIL)\n');
  });

  test('a taken port is exit status 2 with one line', async () => {
    const blocker = net.createServer().listen(0, '127.0.0.1');
    await new Promise((ok) => blocker.once('listening', ok));
    const port = (blocker.address() as net.AddressInfo).port;
    const r = spawnSync(process.execPath, [CLI, '--data-dir', tempDir(), '--www-port', String(port), '--ssh-port', '0', '--telnet-port', '0', '--snmp-port', '0', '--dns-port', '0', '--ntp-port', '0'], { encoding: 'utf8' });
    blocker.close();
    assert.equal(r.status, 2);
    assert.equal(r.stderr, `vrouter: cannot listen on 127.0.0.1:${port} (www): address already in use\n`);
  });

  test('a corrupt or foreign file in the data directory is a clear error, not a reset', () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, 'config.db'), 'this is not a database at all, just text'.repeat(200));
    const r = spawnSync(process.execPath, [CLI, '--data-dir', dir, '--www-port', '0', '--ssh-port', '0', '--telnet-port', '0', '--snmp-port', '0', '--dns-port', '0', '--ntp-port', '0'], { encoding: 'utf8' });
    assert.equal(r.status, 2);
    assert.match(r.stderr, /^vrouter: .*config\.db cannot be read as a vrouter configuration: file is not a database\n$/);
    assert.equal(fs.readFileSync(path.join(dir, 'config.db'), 'utf8').startsWith('this is not'), true);
  });

  test('a foreign SQLite database is refused', () => {
    const dir = tempDir();
    const made = spawnSync('python3', ['-c', `import sqlite3; c=sqlite3.connect('${path.join(dir, 'config.db')}'); c.execute('create table t(x)'); c.commit()`]);
    assert.equal(made.status, 0);
    const r = spawnSync(process.execPath, [CLI, '--data-dir', dir, '--www-port', '0', '--ssh-port', '0', '--telnet-port', '0', '--snmp-port', '0', '--dns-port', '0', '--ntp-port', '0'], { encoding: 'utf8' });
    assert.equal(r.status, 2);
    assert.match(r.stderr, /is not a vrouter configuration \(a foreign SQLite database\)/);
  });
});

describe('vrouter running', () => {
  test('prints its URL, writes its ports into /ip/service, and stops cleanly on SIGTERM and SIGINT', async () => {
    for (const signal of ['SIGTERM', 'SIGINT'] as const) {
      const dir = tempDir();
      const flags = await ports();
      const www = Number(flags[1]);
      const { proc, out } = await start(['--data-dir', dir, ...flags]);
      const services = (await call(www, 'GET', '/rest/ip/service?.proplist=name,port')).json;
      const port = (n: string) => services.find((s: any) => s.name === n).port;
      // Every face that listens, with the port it got (ssh and telnet asked for port 0); www-ssl
      // and api-ssl are disabled on a new router (no certificate).
      // The default configuration allows remote DNS requests: the dns face listens too (port 0 asked).
      assert.equal(out.replace(/, dns [1-9]\d*;/, ', dns N;'), `vrouter 7.24 (stable): REST at http://127.0.0.1:${www}/rest; www ${www}, api ${flags[5]}, ssh ${port('ssh')}, telnet ${port('telnet')}, dns N; hAP ax^2, data in ${dir}\n`);
      assert.notEqual(port('ssh'), '0');
      assert.equal(port('www'), flags[1]);
      assert.equal(port('www-ssl'), flags[3]);
      assert.equal(port('api'), flags[5]);
      assert.equal(port('api-ssl'), flags[7]);
      proc.kill(signal);
      assert.equal(await exited(proc), 0);
    }
  });

  test('SIGTERM ends it at once while TLS clients sit in unfinished handshakes on www-ssl and api-ssl', async () => {
    const dir = tempDir();
    const flags = await ports();
    const www = Number(flags[1]);
    const { proc } = await start(['--data-dir', dir, ...flags]);
    let out = '';
    proc.stdout!.on('data', (d) => { out += d; });
    for (const name of ['www-ssl', 'api-ssl']) {
      assert.equal((await call(www, 'PATCH', `/rest/ip/service/${name}`, { disabled: 'no' })).status, 200);
    }
    // Each sends the start of a ClientHello and then nothing. The services bind just after
    // the PATCH is answered: a refused connection is tried again.
    const connect = (port: number, tries = 100): Promise<net.Socket> => new Promise<net.Socket>((ok, fail) => {
      const s = net.connect(port, '127.0.0.1', () => { s.write(Buffer.from('160301020001', 'hex')); ok(s); });
      s.on('error', (e: NodeJS.ErrnoException) => {
        if (e.code === 'ECONNREFUSED' && tries > 0) setTimeout(() => connect(port, tries - 1).then(ok, fail), 20);
        else fail(e);
      });
    });
    const stalled = await Promise.all([flags[3], flags[7]].map((port) => connect(Number(port))));
    for (const s of stalled) s.on('error', () => {});
    await new Promise((ok) => setTimeout(ok, 200));
    const started = Date.now();
    proc.kill('SIGTERM');
    const code = await within(exited(proc), 10_000, 'still running');
    assert.equal(code, 0);
    assert.ok(Date.now() - started < 2500, `stopped after ${Date.now() - started} ms`);
    assert.equal(out, 'vrouter: stopped (SIGTERM)\n', 'a clean stop, not the deadline');
    for (const s of stalled) s.destroy();
  });

  test('--ros-version is the version the router reports: start line, /system/resource, /system/package, export', async () => {
    const dir = tempDir();
    const flags = await ports();
    const www = Number(flags[1]);
    const { proc, out } = await start(['--data-dir', dir, ...flags, '--ros-version', '7.17']);
    try {
      assert.match(out, new RegExp(`^vrouter 7\\.17 \\(stable\\): REST at http://127\\.0\\.0\\.1:${www}/rest; www ${www}, api ${flags[5]}, ssh \\d+, telnet \\d+, dns \\d+; hAP ax\\^2, data in ${dir}\n$`));
      assert.deepEqual((await call(www, 'GET', '/rest/system/resource?.proplist=version')).json, { version: '7.17 (stable)' });
      assert.deepEqual((await call(www, 'GET', '/rest/system/package?.proplist=name,version')).json.map((p: any) => p.version), ['7.17', '7.17']);
      assert.equal((await call(www, 'GET', '/rest/system/package/update')).json['installed-version'], '7.17');
      const exported = (await call(www, 'POST', '/rest/export', {})).text;
      assert.match(exported, /by RouterOS 7\.17\b/);
    } finally {
      proc.kill('SIGTERM');
      await exited(proc);
    }
  });

  test('--admin-password and --startup-config apply at the first boot only; a failing line stops the script, the router runs on', async () => {
    const dir = tempDir();
    const rsc = path.join(dir, 'startup.rsc');
    fs.writeFileSync(rsc, '/system identity set name=first\n/ip address add address=bogus interface=ether2\n/system identity set name=never\n');
    const flags = [...(await ports()), '--data-dir', path.join(dir, 'data'), '--admin-password', 'pw"$1', '--startup-config', rsc];
    const www = Number(flags[1]);
    const first = await start(flags);
    const auth = (password: string) => ({ authorization: `Basic ${Buffer.from(`admin:${password}`).toString('base64')}` });
    const get = async (url: string, password: string) => { const r = await fetch(`http://127.0.0.1:${www}/rest${url}`, { headers: auth(password) }); return [r.status, await r.json()]; };
    assert.deepEqual(await get('/system/identity', 'pw"$1'), [200, { name: 'first' }]);
    assert.equal((await get('/system/identity', ''))[0], 401);
    const [, log] = await get('/log', 'pw"$1') as [number, Record<string, string>[]];
    assert.deepEqual(log.filter((l) => l.topics === 'script,error').map((l) => l.message), [`startup-config ${rsc}: invalid value for argument address`]);
    first.proc.kill('SIGTERM');
    assert.equal(await exited(first.proc), 0);
    // On stderr, before the start line: the first boot is done before the router says it runs.
    assert.deepEqual(first.out.split('\n').filter((l) => l.startsWith('vrouter: startup')), [`vrouter: startup-config ${rsc}: invalid value for argument address`]);
    // Started again with the same flags: the configuration is the data directory's, not run again.
    fs.writeFileSync(rsc, '/system identity set name=again\n');
    const second = await start([...flags.slice(0, -4), '--admin-password', 'other', '--startup-config', rsc]);
    assert.deepEqual(await get('/system/identity', 'pw"$1'), [200, { name: 'first' }]);
    second.proc.kill('SIGTERM');
    assert.equal(await exited(second.proc), 0);
  });

  test('every acknowledged change survives kill -9, with the same ids and order, a script\'s once its command is answered', async () => {
    const dir = tempDir();
    const flags = await ports();
    const www = Number(flags[1]);
    let { proc } = await start(['--data-dir', dir, ...flags]);
    const ids: string[] = [];
    for (let i = 0; i < 20; i++) {
      const res = await call(www, 'PUT', '/rest/ip/firewall/address-list', { list: 'keep', address: `10.10.0.${i}` });
      assert.equal(res.status, 201);
      ids.push(res.json['.id']);
    }
    await call(www, 'POST', '/rest/ip/firewall/filter/move', { '.id': '*B', destination: '*1' });
    await call(www, 'DELETE', `/rest/ip/firewall/address-list/${ids[5]}`);
    await call(www, 'PATCH', '/rest/system/identity', {});
    await call(www, 'POST', '/rest/system/identity/set', { name: 'Durable' });
    // A script's lines do not wait for the disk one by one; its command does, once for all.
    const script = ':for i from=0 to=199 do={ /ip firewall address-list add list=script address="10.20.0.$i" }';
    assert.equal((await call(www, 'POST', '/rest/execute', { script, 'as-string': '' })).status, 200);
    const before = {
      list: (await call(www, 'GET', '/rest/ip/firewall/address-list')).json,
      filter: (await call(www, 'GET', '/rest/ip/firewall/filter')).json,
    };
    proc.kill('SIGKILL');
    await exited(proc);
    ({ proc } = await start(['--data-dir', dir, ...flags]));
    assert.deepEqual((await call(www, 'GET', '/rest/ip/firewall/address-list?list=keep')).json.map((x: any) => x['.id']), ids.filter((_, i) => i !== 5));
    const after = {
      list: (await call(www, 'GET', '/rest/ip/firewall/address-list')).json,
      filter: (await call(www, 'GET', '/rest/ip/firewall/filter')).json,
    };
    assert.deepEqual(after, before);
    assert.deepEqual(after.list.filter((x: any) => x.list === 'script').map((x: any) => x.address), Array.from({ length: 200 }, (_, i) => `10.20.0.${i}`));
    assert.deepEqual((await call(www, 'GET', '/rest/system/identity')).json, { name: 'Durable' });
    // Ids never go back: the next entry gets a new one.
    const next = (await call(www, 'PUT', '/rest/ip/firewall/address-list', { list: 'keep', address: '10.10.1.1' })).json['.id'];
    assert.ok(parseInt(next.slice(1), 16) > parseInt(ids[19].slice(1), 16));
    proc.kill('SIGTERM');
    await exited(proc);
  });
});
