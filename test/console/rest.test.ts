// The console language's REST paths (spec 4.5): /execute, /system/script, jobs, the
// scheduler, export and import, over real HTTP to a running router.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { client, readFile, startRouter } from '../helpers/router.js';
import { freePorts } from '../corpus/corpus.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until<T>(what: () => Promise<T>, ok: (v: T) => boolean, ms = 5000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await what();
    if (ok(v) || Date.now() > end) return v;
    await sleep(50);
  }
}

test('REST /execute: as-string returns the output, or the failure with its command and line', async () => {
  const t = await startRouter();
  try {
    const c = client(t.port);
    assert.deepEqual((await c.post('/rest/execute', { script: ':put 1', 'as-string': '' })).json, { ret: '1' });
    assert.deepEqual((await c.post('/rest/execute', { script: ':put "a"; :put [/system identity get name]', 'as-string': '' })).json, { ret: 'a\r\nMikroTik' });
    assert.deepEqual((await c.post('/rest/execute', { script: '/ip service set www-ssl certificate=nope', 'as-string': '' })).json,
      { ret: 'input does not match any value of certificate (/ip/service/set (certificate); line 1)' });
    assert.deepEqual((await c.post('/rest/execute', { script: ':put 1\n/nonsense', 'as-string': '' })).json, { ret: 'bad command name nonsense (line 2 column 2)' });
    assert.deepEqual((await c.post('/rest/execute', { script: '/ip/address/print', 'as-string': '' })).json,
      { ret: 'Columns: ADDRESS, NETWORK, INTERFACE\r\n# ADDRESS          NETWORK       INTERFACE\r\n;;; defconf\r\n0 192.168.88.1/24  192.168.88.0  bridge   ' });
  } finally { await t.stop(); }
});

test('REST /execute: as-string is on by its presence, whatever its value (7.22.1), unlike once', async () => {
  const t = await startRouter();
  try {
    const c = client(t.port);
    for (const value of ['', 'true', 'false', 'no']) {
      const res = await c.post('/rest/execute', { script: ':put hello', 'as-string': value });
      assert.equal(res.status, 200);
      assert.deepEqual(res.json, { ret: 'hello' }, `as-string=${JSON.stringify(value)}`);
    }
    // Without it the script is a job and the reply its id.
    assert.match((await c.post('/rest/execute', { script: ':put hello' })).json.ret, /^\*[0-9A-F]+$/);
  } finally { await t.stop(); }
});

test('REST /execute without as-string starts a job at once; jobs are listed and removing one stops it', async () => {
  const t = await startRouter();
  try {
    const c = client(t.port);
    const started = Date.now();
    const res = await c.post('/rest/execute', { script: ':delay 20s; /system identity set name=should-not-happen' });
    assert.equal(res.status, 200);
    assert.match(res.json.ret, /^\*[0-9A-F]+$/);
    assert.ok(Date.now() - started < 2000, 'the reply does not wait for the script');
    const jobs = (await c.get('/rest/system/script/job')).json;
    assert.equal(jobs.length, 1);
    assert.equal(jobs[0]['.id'], res.json.ret);
    assert.equal(jobs[0].type, 'command');
    assert.equal(jobs[0].owner, 'admin');
    assert.match(jobs[0].started, /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    assert.equal((await c.delete(`/rest/system/script/job/${res.json.ret}`)).status, 204);
    assert.deepEqual((await c.get('/rest/system/script/job')).json, []);
    await sleep(100);
    assert.equal((await c.get('/rest/system/identity')).json.name, 'MikroTik');

    // A job that ends by itself leaves the list; what it did stays.
    await c.post('/rest/execute', { script: ':delay 100ms; /system identity set name=done-by-job' });
    const after = await until(() => c.get('/rest/system/identity'), (r) => r.json.name === 'done-by-job');
    assert.equal(after.json.name, 'done-by-job');
    assert.deepEqual((await until(() => c.get('/rest/system/script/job'), (r) => r.json.length === 0)).json, []);
  } finally { await t.stop(); }
});

test('REST /system/script: add, run by name or id, run-count, last-started, policies', async () => {
  const t = await startRouter();
  try {
    const c = client(t.port);
    const added = await c.put('/rest/system/script', { name: 'rename', source: '/system identity set name=("from-" . "script")' });
    assert.equal(added.status, 201);
    assert.deepEqual(Object.keys(added.json), ['.id', 'dont-require-permissions', 'invalid', 'name', 'owner', 'policy', 'run-count', 'source']);
    assert.equal(added.json.owner, 'admin');
    assert.equal(added.json.policy, 'ftp,reboot,read,write,policy,test,password,sniff,sensitive,romon');
    assert.deepEqual((await c.post('/rest/system/script/run', { '.id': 'rename' })).json, []);
    assert.equal((await c.get('/rest/system/identity')).json.name, 'from-script');
    assert.deepEqual((await c.post('/rest/system/script/run', { '.id': added.json['.id'] })).json, []);
    const after = (await c.get('/rest/system/script/rename')).json;
    assert.equal(after['run-count'], '2');
    assert.match(after['last-started'], /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    // A failing script reports why.
    await c.put('/rest/system/script', { name: 'broken', source: ':error "it broke"' });
    assert.deepEqual((await c.post('/rest/system/script/run', { '.id': 'broken' })).json,
      { detail: 'it broke (:error; line 1)', error: 400, message: 'Bad Request' });
    // A user without every policy of the script may not run it.
    await c.put('/rest/user/group', { name: 'runner', policy: 'read,api,rest-api' });
    await c.put('/rest/user', { name: 'runner', group: 'runner', password: 'pw' });
    const runner = client(t.port, { user: 'runner', password: 'pw' });
    assert.deepEqual((await runner.post('/rest/system/script/run', { '.id': 'rename' })).json,
      { detail: 'not enough permissions (9)', error: 500, message: 'Internal Server Error' });
    await c.patch('/rest/system/script/rename', { 'dont-require-permissions': 'yes', source: '/system identity set name=trusted' });
    assert.deepEqual((await runner.post('/rest/system/script/run', { '.id': 'rename' })).json, []);
    assert.equal((await c.get('/rest/system/identity')).json.name, 'trusted');
  } finally { await t.stop(); }
});

test('REST /system/scheduler: events run on time, as jobs, counting run-count', async () => {
  const t = await startRouter();
  try {
    const c = client(t.port);
    const added = await c.put('/rest/system/scheduler', { name: 'tick', interval: '200ms', 'on-event': ':global ticks; :set ticks ($ticks + 1)' });
    assert.equal(added.status, 201);
    assert.deepEqual(Object.keys(added.json), ['.id', 'disabled', 'interval', 'name', 'next-run', 'on-event', 'owner', 'policy', 'run-count', 'start-date', 'start-time']);
    const counted = await until(() => c.get('/rest/system/scheduler/tick'), (r) => Number(r.json['run-count']) >= 3);
    assert.ok(Number(counted.json['run-count']) >= 3, counted.text);
    const env = (await c.get('/rest/system/script/environment')).json;
    assert.ok(Number(env.find((e: { name: string }) => e.name === 'ticks').value) >= 3);
    // Disabled: no more runs.
    await c.patch('/rest/system/scheduler/tick', { disabled: 'yes' });
    const stopped = (await c.get('/rest/system/scheduler/tick')).json['run-count'];
    await sleep(600);
    assert.equal((await c.get('/rest/system/scheduler/tick')).json['run-count'], stopped);
    // A one-time event at a given second.
    const at = new Date(Date.now() + 1500);
    const pad = (n: number) => String(n).padStart(2, '0');
    await c.put('/rest/system/scheduler', {
      name: 'once', 'start-date': `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`,
      'start-time': `${pad(at.getHours())}:${pad(at.getMinutes())}:${pad(at.getSeconds())}`, 'on-event': '/system identity set name=scheduled',
    });
    const id = await until(() => c.get('/rest/system/identity'), (r) => r.json.name === 'scheduled', 4000);
    assert.equal(id.json.name, 'scheduled');
    assert.equal((await c.get('/rest/system/scheduler/once')).json['run-count'], '1');
  } finally { await t.stop(); }
});

test('REST export: to the reply, to a file, of one menu; show-sensitive needs the sensitive policy', async () => {
  const t = await startRouter();
  try {
    const c = client(t.port);
    const whole = await c.post('/rest/export', {});
    assert.equal(whole.status, 200);
    assert.match(whole.json.ret, /^# \d{4}-\d\d-\d\d \d\d:\d\d:\d\d by RouterOS 7\.24\n# software id = /);
    assert.match(whole.json.ret, /\n\/ip firewall filter\nadd action=accept chain=input comment=\\\n/);
    const one = await c.post('/rest/ip/address/export', {});
    assert.equal(one.json.ret.split('\n').slice(5).join('\n'), '/ip address\nadd address=192.168.88.1/24 comment=defconf interface=bridge network=\\\n    192.168.88.0\n');
    assert.deepEqual((await c.post('/rest/export', { file: 'backup' })).json, []);
    const file = (await c.get('/rest/file/backup.rsc')).json;
    assert.equal(file.name, 'backup.rsc');
    // The default configuration's export is over 4 KiB: /file shows no contents, /file/read gives them.
    assert.equal(file.contents, undefined);
    // The same export, dated when the file was written: a second after the reply's, on a busy machine.
    const [dated, ...rest] = (await readFile(c, 'backup.rsc')).split('\n');
    assert.match(dated, /^# \d{4}-\d\d-\d\d \d\d:\d\d:\d\d by RouterOS 7\.24$/);
    assert.equal(rest.join('\n'), whole.json.ret.split('\n').slice(1).join('\n'));
    await c.post('/rest/interface/lte/apn/set', { '.id': 'default', password: 'apn-secret' });
    assert.doesNotMatch((await c.post('/rest/interface/lte/apn/export', {})).json.ret, /apn-secret/);
    assert.match((await c.post('/rest/interface/lte/apn/export', { 'show-sensitive': '' })).json.ret, /password=apn-secret/);
    await c.put('/rest/user/group', { name: 'nosens', policy: 'read,api,rest-api,ftp' });
    await c.put('/rest/user', { name: 'nosens', group: 'nosens', password: 'pw' });
    const nosens = client(t.port, { user: 'nosens', password: 'pw' });
    assert.doesNotMatch((await nosens.post('/rest/interface/lte/apn/export', { 'show-sensitive': '' })).json.ret, /apn-secret/);
    // Writing a file needs the ftp policy.
    await c.put('/rest/user/group', { name: 'noftp', policy: 'read,api,rest-api' });
    await c.put('/rest/user', { name: 'noftp', group: 'noftp', password: 'pw' });
    assert.equal((await client(t.port, { user: 'noftp', password: 'pw' }).post('/rest/export', { file: 'x' })).status, 500);
  } finally { await t.stop(); }
});

test('REST import: runs a file, reports failures with the line; round trip through a blank configuration', async () => {
  // Every service on a free port given by number (a router started with `npm start` may hold
  // the real ones): /ip/service shows them, and the import sets them back as they are.
  const t = await startRouter({ ports: await freePorts() });
  try {
    const c = client(t.port);
    const setup = [
      '/interface vlan add interface=bridge name=vlan7 vlan-id=7',
      '/ip address add address=10.7.0.1/24 interface=vlan7 comment="vlan seven"',
      '/ip firewall address-list add list=ok address=203.0.113.0/24',
      '/system scheduler add name=daily interval=1d start-date=2026-01-01 start-time=03:00:00 on-event="/export file=nightly"',
      '/system identity set name=round-trip',
    ].join('\n');
    assert.deepEqual((await c.post('/rest/execute', { script: setup, 'as-string': '' })).json, { ret: '' });
    await c.post('/rest/export', { file: 'before' });
    const before = await readFile(c, 'before.rsc');

    // A line that fails stops the import there.
    await c.post('/rest/execute', { script: '/file add name=bad.rsc contents="/ip pool add name=p ranges=10.0.0.1\\n/ip pool add name=p ranges=10.0.0.2\\n"', 'as-string': '' });
    assert.deepEqual((await c.post('/rest/import', { 'file-name': 'bad.rsc' })).json,
      { detail: 'Script Error: failure: already have such name (/ip/pool/add; line 2)', error: 400, message: 'Bad Request' });
    assert.deepEqual((await c.post('/rest/import', { 'file-name': 'nosuch.rsc' })).json,
      { detail: 'Cannot open import file, file does not exist', error: 400, message: 'Bad Request' });

    assert.deepEqual((await c.post('/rest/system/reset-configuration', { 'no-defaults': 'yes' })).json, []);
    assert.deepEqual((await c.get('/rest/ip/address')).json, []);
    const verbose = await c.post('/rest/import', { 'file-name': 'before.rsc', verbose: 'yes' });
    assert.equal(verbose.status, 200, verbose.text);
    assert.match(verbose.json.ret, /^#line 6: \/interface bridge\n#line 7: add admin-mac=/);
    await c.post('/rest/export', { file: 'after' });
    const after = await readFile(c, 'after.rsc');
    assert.equal(after.split('\n').slice(1).join('\n'), before.split('\n').slice(1).join('\n'));
    assert.equal((await c.get('/rest/system/identity')).json.name, 'round-trip');
  } finally { await t.stop(); }
});
