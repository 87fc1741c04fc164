// A file name longer than the router's file system takes is refused in the router's words on
// every face, and no answer ever names the host's data directory (issue 27, point 7).
// The limits are Linux's: 255 bytes a name, 4095 a whole path (routeros-facts.md 21.5).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ApiClient } from '../api/client.js';
import { client, error, startRouter } from '../helpers/router.js';

const TOO_LONG = error(400, 'Bad Request', 'failure: file name too long');

test('export, backup and a rename to a name over 255 bytes are refused as too long; 255 bytes are taken', async () => {
  const t = await startRouter();
  const api = await ApiClient.connect(t.router.bound.api!);
  try {
    const c = client(t.port);
    const long = 'a'.repeat(252); // 256 bytes with the .rsc export adds
    assert.deepEqual((await c.post('/rest/export', { file: long })).json, TOO_LONG);
    assert.deepEqual((await c.post('/rest/system/backup/save', { name: long })).json, TOO_LONG);
    const console = await c.post('/rest/execute', { script: `/export file=${long}`, 'as-string': '' });
    assert.deepEqual(console.json, { ret: 'failure: file name too long (/export; line 1)' });
    await api.login();
    assert.deepEqual(await api.call('/export', `=file=${long}`), [['!trap', '=message=failure: file name too long'], ['!done']]);

    // Exactly 255 bytes (251 and `.rsc`) is a name the router keeps.
    assert.equal((await c.post('/rest/export', { file: 'b'.repeat(251) })).status, 200);
    assert.equal((await c.get(`/rest/file/${'b'.repeat(251)}.rsc?.proplist=name`)).json.name, `${'b'.repeat(251)}.rsc`);

    assert.equal((await c.post('/rest/export', { file: 'x' })).status, 200);
    assert.deepEqual((await c.patch('/rest/file/x.rsc', { name: `${'c'.repeat(252)}.txt` })).json, TOO_LONG);
    assert.deepEqual((await c.post('/rest/execute', { script: `/file set x.rsc name=${'é'.repeat(128)}`, 'as-string': '' })).json,
      { ret: 'failure: file name too long (/file/set; line 1)' });
    assert.equal((await c.get('/rest/file/x.rsc?.proplist=name')).json.name, 'x.rsc');
  } finally { api.close(); await t.stop(); }
});

test('a deep name the host cannot hold is refused without the host path', async () => {
  const t = await startRouter();
  try {
    const c = client(t.port);
    // 20 folders of 199 bytes and a file: the router's 4095 bytes exactly, over the host's
    // limit once its data directory is in front.
    const deep = Array.from({ length: 20 }, (_, i) => String(i).padEnd(199, 'd')).join('/') + '/' + 'f'.repeat(95);
    assert.equal(Buffer.byteLength(deep), 4095);
    for (const script of [`/file add name="${deep}" type=file`, `/export file="${deep}"`]) {
      const { json } = await c.post('/rest/execute', { script, 'as-string': '' });
      assert.ok(!json.ret.includes(t.dir) && !json.ret.includes('/tmp'), json.ret);
      assert.match(json.ret, /^failure: file name too long \(/);
    }
    const rest = await c.post('/rest/export', { file: deep });
    assert.deepEqual(rest.json, TOO_LONG);
    // Over 4095 bytes is the router's own refusal.
    assert.deepEqual((await c.post('/rest/export', { file: `${deep}x` })).json, TOO_LONG);
  } finally { await t.stop(); }
});
