// /system/backup over REST: save writes a .backup file to /file, load puts that configuration
// back in place of the running one; a backup with a password is encrypted and needs it.

import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { client, error, startRouter, type TestRouter } from '../helpers/router.js';

let r: TestRouter;
let c: ReturnType<typeof client>;
before(async () => { r = await startRouter(); c = client(r.port); });
after(() => r.stop());

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
  assert.equal((await c.get('/rest/system/identity')).json.name, 'sealed');
  assert.deepEqual((await c.post('/rest/system/backup/load', { name: 'nosuch' })).json, error(400, 'Bad Request', 'failure: no such backup file'));
});
