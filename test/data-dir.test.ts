// Issue 37: a data directory is one router. It remembers its board (with a virtual machine's
// hardware) and its packages, as it remembers its release: started again without flags it is
// the same router; another --board is refused with one line; --packages adds packages as
// uploading them and rebooting does, and the router logs each install as the real one does
// (`system,info installed <package>-<version>`, as real routers' logs show: routeros-facts.md 50.3).

import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { call, tempDir } from './helpers/router.js';
import { VROUTER } from './helpers/vrouter.js';

const CLI = VROUTER;
const FREE = ['--www-port', '0', '--api-port', '0', '--ssh-port', '0', '--telnet-port', '0', '--dns-port', '0', '--ntp-port', '0'];

const running: ChildProcess[] = [];
after(() => { for (const p of running) p.kill('SIGKILL'); });

/** Starts vrouter on `dir`; its www port once it printed its start line, and a stop. */
function start(dir: string, args: string[] = []): Promise<{ www: number; line: string; stop(): Promise<void> }> {
  return new Promise((resolve, reject) => {
    const proc = spawn(process.execPath, [CLI, '--data-dir', dir, ...FREE, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    running.push(proc);
    let out = '';
    proc.stdout!.on('data', (d) => {
      out += d;
      const m = /REST at http:\/\/127\.0\.0\.1:(\d+)\/rest/.exec(out);
      if (m && out.includes('\n')) resolve({ www: Number(m[1]), line: out, stop: () => new Promise((ok) => { proc.once('exit', () => ok()); proc.kill('SIGTERM'); }) });
    });
    proc.stderr!.on('data', (d) => { out += d; });
    proc.on('exit', (code) => reject(new Error(`exited ${code}: ${out}`)));
  });
}

const get = async (www: number, p: string) => (await call(www, 'GET', p)).json;
const packages = async (www: number) => (await get(www, '/rest/system/package?.proplist=name')).map((p: { name: string }) => p.name);
const installs = async (www: number) => (await get(www, '/rest/log?.proplist=topics,message')).filter((l: { message: string }) => l.message.startsWith('installed '));

test('a data directory started again without flags is the same board with the same packages', async () => {
  const dir = tempDir();
  let r = await start(dir, ['--board', 'chr', '--packages', 'container']);
  assert.match(r.line, /; CHR, data in /);
  await r.stop();
  r = await start(dir);
  try {
    assert.match(r.line, /; CHR, data in /);
    assert.equal((await get(r.www, '/rest/system/resource'))['board-name'], 'CHR');
    assert.deepEqual(await packages(r.www), ['routeros', 'container']);
    // Still a CHR: no radios of the default board, and the package's menu is there.
    assert.deepEqual((await get(r.www, '/rest/interface?.proplist=name')).map((i: { name: string }) => i.name).filter((n: string) => n.startsWith('wifi')), []);
    assert.equal((await call(r.www, 'GET', '/rest/container')).status, 200);
    assert.deepEqual(await installs(r.www), [], 'nothing was installed at this boot');
  } finally { await r.stop(); }
});

test('another --board on a data directory is refused with one line and exit status 2, and the directory is left as it was', async () => {
  const dir = tempDir();
  const r = await start(dir, ['--board', 'rb4011']);
  await r.stop();
  const refused = spawnSync(process.execPath, [CLI, '--data-dir', dir, ...FREE, '--board', 'hex'], { encoding: 'utf8', timeout: 10_000 });
  assert.equal(refused.status, 2, refused.stdout);
  assert.equal(refused.stderr, `vrouter: --board: ${dir} holds the configuration of a RB4011iGS+, not of a hEX (RB750Gr3); start it without --board, or give another --data-dir\n`);
  assert.equal(refused.stdout, '');
  // The same board given again is no change.
  const again = await start(dir, ['--board', 'RB4011iGS+']);
  try {
    assert.deepEqual((await get(again.www, '/rest/interface/ethernet?.proplist=name')).map((i: { name: string }) => i.name).slice(-2), ['ether10', 'sfp-sfpplus1']);
  } finally { await again.stop(); }
});

test('--packages on a data directory that ran without them installs them at this boot, logged as the router logs an install; they stay', async () => {
  const dir = tempDir();
  let r = await start(dir, ['--board', 'chr', '--ros-version', '7.16.2']);
  assert.deepEqual(await packages(r.www), ['routeros']);
  await r.stop();
  r = await start(dir, ['--packages', 'iot,container']);
  try {
    assert.deepEqual(await packages(r.www), ['routeros', 'container', 'iot']);
    assert.deepEqual(await installs(r.www), [
      { message: 'installed container-7.16.2', topics: 'system,info' },
      { message: 'installed iot-7.16.2', topics: 'system,info' },
    ]);
    assert.equal((await call(r.www, 'GET', '/rest/iot/mqtt/brokers')).status, 200);
  } finally { await r.stop(); }
  r = await start(dir);
  try {
    assert.deepEqual(await packages(r.www), ['routeros', 'container', 'iot']);
    assert.deepEqual(await installs(r.www), []);
    assert.deepEqual(await get(r.www, '/rest/system/resource?.proplist=version'), { version: '7.16.2 (stable)' });
  } finally { await r.stop(); }
});

test('a CHR keeps the hardware its owner gave it, and takes other hardware when given', async () => {
  const dir = tempDir();
  let r = await start(dir, ['--board', 'chr', '--ports', '8']);
  await r.stop();
  r = await start(dir);
  const ports = async () => (await get(r.www, '/rest/interface/ethernet?.proplist=name')).map((i: { name: string }) => i.name);
  try {
    assert.deepEqual(await ports(), ['ether1', 'ether2', 'ether3', 'ether4', 'ether5', 'ether6', 'ether7', 'ether8']);
  } finally { await r.stop(); }
  r = await start(dir, ['--ports', '10']);
  try {
    assert.deepEqual((await ports()).slice(-2), ['ether9', 'ether10']);
  } finally { await r.stop(); }
});
