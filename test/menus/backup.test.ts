// /system/backup over REST: save writes a .backup file to /file, load puts that configuration
// back in place of the running one and the router reboots; a backup with a password is
// encrypted and needs it. /system reboot restarts the router with its configuration.

import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { client, error, startRouter, type TestRouter } from '../helpers/router.js';

let r: TestRouter;
let c: ReturnType<typeof client>;
before(async () => { r = await startRouter(); c = client(r.port); });
after(() => r.stop());

/** Waits for the reboot a command asked for: the services go down, then answer again. */
async function rebooted() {
  const before = Date.now();
  // The router goes down shortly after its answer; then it answers again, with a new uptime.
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    try {
      const res = await c.get('/rest/system/resource');
      if (res.status === 200 && Date.now() - before > 200) return res.json;
    } catch { /* down for the moment */ }
    if (Date.now() - before > 10_000) throw new Error('the router did not come back');
  }
}

const exported = async () => ((await c.post('/rest/export', {})).json.ret as string).split('\n').slice(1).join('\n');

test('save writes NAME.backup; load brings that configuration back', async () => {
  await c.post('/rest/system/identity/set', { name: 'before' });
  await c.put('/rest/ip/address', { address: '10.1.1.1/24', interface: 'ether3' });
  const saved = await exported();
  assert.deepEqual((await c.post('/rest/system/backup/save', { name: 'snap' })).json, []);
  const file = (await c.get('/rest/file/snap.backup')).json;
  assert.equal(file.type, 'backup');
  assert.ok(Number(file.size) > 100, file.size);

  await c.post('/rest/system/identity/set', { name: 'after' });
  await c.put('/rest/ip/pool', { name: 'extra', ranges: '10.9.9.2-10.9.9.9' });
  const address = (await c.get('/rest/ip/address?address=10.1.1.1/24')).json[0];
  await c.delete(`/rest/ip/address/${address['.id']}`);
  assert.notEqual(await exported(), saved);

  assert.deepEqual((await c.post('/rest/system/backup/load', { name: 'snap.backup' })).json, []);
  const resource = await rebooted();
  assert.match(resource.uptime, /^[0-9]+s$/);
  assert.equal(await exported(), saved);
  assert.equal((await c.get('/rest/system/identity')).json.name, 'before');
  // Ids are the saved ones, and new records go on from where the backup's counter was.
  assert.equal((await c.get('/rest/ip/address?address=10.1.1.1/24')).json[0]['.id'], address['.id']);
});

test('a backup with a password is encrypted: a wrong password loads nothing', async () => {
  await c.post('/rest/system/identity/set', { name: 'sealed' });
  await c.post('/rest/system/backup/save', { name: 'secret', password: 'pa55' });
  await c.post('/rest/system/identity/set', { name: 'changed' });
  assert.deepEqual((await c.post('/rest/system/backup/load', { name: 'secret', password: 'wrong' })).json, error(400, 'Bad Request', 'failure: wrong password'));
  assert.equal((await c.get('/rest/system/identity')).json.name, 'changed');
  await c.post('/rest/system/backup/load', { name: 'secret', password: 'pa55' });
  await rebooted();
  assert.equal((await c.get('/rest/system/identity')).json.name, 'sealed');
  assert.deepEqual((await c.post('/rest/system/backup/load', { name: 'nosuch' })).json, error(400, 'Bad Request', 'failure: no such backup file'));
});

test('/system reboot: logins end, uptime starts again, startup scripts run, the configuration stays', async () => {
  await c.put('/rest/system/scheduler', { name: 'at-boot', 'start-time': 'startup', 'on-event': '/system identity set name=booted' });
  await c.post('/rest/system/identity/set', { name: 'kept' });
  await new Promise((resolve) => setTimeout(resolve, 1100));
  assert.ok((await c.get('/rest/user/active')).json.length >= 1);
  assert.deepEqual((await c.post('/rest/system/reboot', {})).json, []);
  const resource = await rebooted();
  assert.match(resource.uptime, /^[0-9]s$/);
  const log = (await c.get('/rest/log')).json.map((e: Record<string, string>) => e.message);
  assert.ok(log.includes('system rebooted by admin'), log.join('\n'));
  assert.ok(log.includes('router rebooted'), log.join('\n'));
  // A startup entry runs a few seconds after the start, as on the router.
  for (let i = 0; i < 100 && (await c.get('/rest/system/identity')).json.name !== 'booted'; i++) await new Promise((resolve) => setTimeout(resolve, 100));
  assert.equal((await c.get('/rest/system/identity')).json.name, 'booted');
  assert.equal((await c.get('/rest/system/scheduler/at-boot')).json['run-count'], '1');
});

test('loading a backup (users, groups, scripts and their policies) needs policy and sensitive besides write, ftp and reboot', async () => {
  await c.put('/rest/user/group', { name: 'operators', policy: 'read,write,ftp,reboot,rest-api' });
  await c.put('/rest/user', { name: 'op', group: 'operators', password: 'op-pass' });
  await c.post('/rest/system/backup/save', { name: 'ops' });
  const op = client(r.port, { user: 'op', password: 'op-pass' });
  const refused = await op.post('/rest/system/backup/load', { name: 'ops' });
  // A command the user's policies do not cover answers 500 over REST (src/core/errors.ts, not-allowed).
  assert.deepEqual(refused.json, error(500, 'Internal Server Error', 'std failure: not allowed (9)'));
});

test('the console says `Configuration backup saved`; REST answers []', async () => {
  assert.deepEqual((await c.post('/rest/execute', { script: '/system backup save name=said', 'as-string': '' })).json, { ret: 'Configuration backup saved' });
  assert.equal((await c.get('/rest/file/said.backup')).json.type, 'backup');
  assert.deepEqual((await c.post('/rest/system/backup/save', { name: 'quiet' })).json, []);
  // A script that takes the command's value gets nothing printed.
  assert.deepEqual((await c.post('/rest/execute', { script: ':local r [/system backup save name=sub]', 'as-string': '' })).json, { ret: '' });
});
