// The router's NTP client and server on the wire. chrony, as a user runs it: chronyd serves
// time on a free loopback port (its config written here, -x: the host's clock untouched, -d:
// in the foreground) as the client's upstream, and `chronyd -Q` asks the router's server as a
// client would and says how far off the router's clock is (Debian's sntp/ntpdig cannot name
// a port other than 123). The client's fields and log line are the router's
// (manual.mikrotik.com "NTP"; routeros-facts.md 45.7-45.10).

import assert from 'node:assert/strict';
import { spawn, execFile, type ChildProcess } from 'node:child_process';
import dgram from 'node:dgram';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { freePort } from '../helpers/ports.js';
import { client, eventually, startRouter, tempDir, type TestRouter } from '../helpers/router.js';

/** chronyd serving its own clock at stratum 3 on 127.0.0.1:port. */
async function startChrony(): Promise<{ port: number; stop(): Promise<void>; dir: string }> {
  const dir = tempDir();
  const port = await freePort();
  fs.writeFileSync(path.join(dir, 'chrony.conf'), [
    `port ${port}`, 'bindaddress 127.0.0.1', 'local stratum 3', 'allow 127.0.0.1', 'cmdport 0', `pidfile ${path.join(dir, 'chronyd.pid')}`, '',
  ].join('\n'));
  const proc: ChildProcess = spawn('chronyd', ['-d', '-x', '-f', path.join(dir, 'chrony.conf')], { stdio: ['ignore', 'pipe', 'pipe'] });
  let said = '';
  await new Promise<void>((ok, fail) => {
    const seen = (b: Buffer) => { said += b; if (said.includes('Disabled control of system clock')) ok(); };
    proc.stdout!.on('data', seen);
    proc.stderr!.on('data', seen);
    proc.on('exit', (code) => fail(new Error(`chronyd exited ${code}: ${said}`)));
  });
  return {
    port, dir,
    stop: () => new Promise<void>((ok) => { proc.removeAllListeners('exit'); proc.on('exit', () => ok()); proc.kill(); }),
  };
}

/** What `chronyd -Q` says of the router's server: seconds the local clock is wrong by, or its last line. */
function chronyQuery(port: number): Promise<string> {
  return new Promise((resolve) => {
    execFile('chronyd', ['-Q', '-t', '4', '-f', '/dev/null', `server 127.0.0.1 port ${port} iburst maxsamples 1`], { timeout: 8000 }, (_e, stdout, stderr) => {
      const lines = `${stdout}${stderr}`.trim().split('\n');
      const wrong = lines.find((l) => l.includes('System clock wrong by'));
      resolve((wrong ?? lines.filter((l) => !l.includes('chronyd exiting')).at(-1) ?? '').replace(/^\S+Z /, ''));
    });
  });
}

describe('NTP on the wire (chrony)', () => {
  let chrony: Awaited<ReturnType<typeof startChrony>>;
  let r: TestRouter;
  let c: ReturnType<typeof client>;
  const clock = async (rc = c) => { const v = (await rc.get('/rest/system/clock')).json; return Date.parse(`${v.date}T${v.time}Z`); };

  before(async () => {
    chrony = await startChrony();
    r = await startRouter({ upstreamPorts: { ntp: chrony.port } });
    c = client(r.port);
    await c.post('/rest/system/clock/set', { 'time-zone-name': 'UTC' });
  });
  after(async () => {
    await r.stop();
    await chrony.stop();
    fs.rmSync(chrony.dir, { recursive: true, force: true });
  });

  test('a disabled client is stopped and shows nothing else', async () => {
    assert.deepEqual((await c.get('/rest/system/ntp/client')).json, { enabled: 'false', mode: 'unicast', servers: '', status: 'stopped', vrf: 'main' });
  });

  test('the client follows chrony: synchronized, its stratum, the router\'s clock set and the change logged', async () => {
    await c.post('/rest/system/clock/set', { date: '2030-01-02', time: '03:04:05' });
    assert.ok(Math.abs(await clock() - Date.parse('2030-01-02T03:04:05Z')) < 2000);
    await c.post('/rest/system/ntp/client/set', { enabled: 'yes', servers: '127.0.0.1' });
    await eventually(async () => (await c.get('/rest/system/ntp/client')).json.status === 'synchronized', 'synchronized');
    const shown = (await c.get('/rest/system/ntp/client')).json;
    assert.deepEqual({ ...shown, 'system-offset': undefined }, {
      enabled: 'true', 'freq-drift': '0', mode: 'unicast', servers: '127.0.0.1', status: 'synchronized',
      'synced-server': '127.0.0.1', 'synced-stratum': '3', 'system-offset': undefined, vrf: 'main',
    });
    assert.match(shown['system-offset'], /^-?\d+(\.\d{1,3})?$/, 'ms, as the REST print shows it');
    assert.ok(Math.abs(await clock() - Date.now()) < 2000, 'the router\'s clock is chrony\'s (the host\'s) again');
    const line = (await c.get('/rest/log')).json.find((l: Record<string, string>) => l.message.startsWith('ntp change time'));
    assert.equal(line.topics, 'system,clock,critical,info');
    assert.match(line.message, /^ntp change time Jan\/02\/2030 03:04:0\d => [A-Z][a-z]{2}\/\d\d\/\d{4} \d\d:\d\d:\d\d$/);
  });

  test('the server answers chrony as a client: with the router\'s clock, and not while it has no time to give', async () => {
    const s = await startRouter();
    const cs = client(s.port);
    try {
      await cs.post('/rest/system/clock/set', { 'time-zone-name': 'UTC', date: '2030-01-02', time: '03:04:05' });
      await cs.post('/rest/system/ntp/server/set', { enabled: 'yes' });
      await s.router.services!.settled();
      const port = s.router.bound.ntp!;
      assert.ok(port > 0);
      // Unsynchronized and no local clock: leap 3, stratum 16, which no client takes.
      assert.equal(await chronyQuery(port), 'Timeout reached');
      await cs.post('/rest/system/ntp/server/set', { 'use-local-clock': 'yes' });
      const expected = (await clock(cs) - Date.now()) / 1000;
      const said = await chronyQuery(port);
      // chrony's sign: the host's clock is behind the router's by that much.
      const wrong = Number(/System clock wrong by (-?[\d.]+) seconds/.exec(said)?.[1]);
      assert.ok(Math.abs(wrong - expected) < 2, `${said}: about ${expected}`);
      // The client of another router follows it, at the stratum its local clock is given.
      await cs.post('/rest/system/ntp/server/set', { 'local-clock-stratum': '7' });
      const b = await startRouter({ upstreamPorts: { ntp: port } });
      const cb = client(b.port);
      try {
        await cb.post('/rest/system/clock/set', { 'time-zone-name': 'UTC' });
        await cb.post('/rest/system/ntp/client/set', { enabled: 'yes', servers: '127.0.0.1' });
        await eventually(async () => (await cb.get('/rest/system/ntp/client')).json.status === 'synchronized', 'b synchronized');
        assert.equal((await cb.get('/rest/system/ntp/client')).json['synced-stratum'], '7');
        assert.ok(Math.abs(await clock(cb) - await clock(cs)) < 2000, 'b\'s clock is a\'s');
        assert.equal((await cb.get('/rest/system/clock')).json.date, (await cs.get('/rest/system/clock')).json.date);
      } finally {
        await b.stop();
      }
      await cs.post('/rest/system/ntp/server/set', { enabled: 'no' });
      await s.router.services!.settled();
      assert.equal(s.router.bound.ntp, undefined);
    } finally {
      await s.stop();
    }
  });

  test('while no server answers, a client with the server\'s local clock shows it', async () => {
    await c.post('/rest/system/ntp/client/set', { servers: '127.0.0.3' });
    await c.post('/rest/system/ntp/server/set', { enabled: 'yes', 'use-local-clock': 'yes' });
    // A new server list starts over: nothing answers at 127.0.0.3.
    await eventually(async () => (await c.get('/rest/system/ntp/client')).json.status !== 'synchronized', 'no longer synchronized');
    const shown = (await c.get('/rest/system/ntp/client')).json;
    assert.deepEqual([shown.status, shown['synced-server'], shown['synced-stratum']], ['using-local-clock', '127.127.1.0', '5']);
    await c.post('/rest/system/ntp/client/set', { enabled: 'no' });
    await c.post('/rest/system/ntp/server/set', { enabled: 'no', 'use-local-clock': 'no' });
  });
});

test('a stopped router\'s NTP client sends nothing more, even with a query of its waiting for an answer', async () => {
  // A server that takes every query and never answers: the router's query is under way when it stops.
  const silent = dgram.createSocket('udp4');
  let queries = 0;
  let first!: () => void;
  const asked = new Promise<void>((ok) => { first = ok; });
  silent.on('message', () => { queries++; first(); });
  await new Promise<void>((ok) => silent.bind(0, '127.0.0.1', () => ok()));
  try {
    const r = await startRouter({ upstreamPorts: { ntp: silent.address().port } });
    await client(r.port).post('/rest/system/ntp/client/set', { enabled: 'yes', servers: '127.0.0.1' });
    await asked;
    await r.stop();
    const sent = queries;
    // Before: the query under way timed out after 1 s, and the next of the burst went 1 s later.
    await new Promise((ok) => setTimeout(ok, 2500));
    assert.equal(queries, sent);
  } finally {
    silent.close();
  }
});
