// Issue 37: a menu of a package that is not installed gives one answer, whatever the method.
// It answered 404 to a GET under a table (`/interface/wireless` read as an interface's name)
// but 400 `no such command or directory` to a POST of its print. The menu is not there: every
// method gets the spec's 400 for a menu that does not exist (spec/rest-service.md section 7),
// the console's and the API's `no such command or directory (<word>)`. A word that names no
// menu of the release stays what the spec says of it under a table: a record's name, 404 when
// none has it (routeros-facts.md 50.2).

import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { client, error, startRouter, type TestRouter } from '../helpers/router.js';
import { ApiClient } from '../api/client.js';

let chr: TestRouter;
before(async () => { chr = await startRouter({ board: 'chr' }); });
after(async () => { await chr.stop(); });

const noSuch = (word: string) => error(400, 'Bad Request', `no such command or directory (${word})`);
const NOT_FOUND = error(404, 'Not Found');

/** Every method on `path`: status and body. */
async function everyMethod(path: string): Promise<Record<string, unknown>> {
  const c = client(chr.port);
  const out: Record<string, unknown> = {};
  out.GET = (await c.get(path)).json;
  out['POST print'] = (await c.post(`${path}/print`, {})).json;
  out.PUT = (await c.put(path, { name: 'x' })).json;
  out.PATCH = (await c.patch(`${path}/*1`, { name: 'x' })).json;
  out['PATCH by name'] = (await c.patch(path, { name: 'x' })).json;
  out.DELETE = (await c.delete(`${path}/*1`)).json;
  return out;
}

const everywhere = (body: unknown) => ({ GET: body, 'POST print': body, PUT: body, PATCH: body, 'PATCH by name': body, DELETE: body });

test('a menu of a package not installed, under a table (/interface/wireless on a CHR): 400 no such command or directory, every method', async () => {
  assert.deepEqual(await everyMethod('/rest/interface/wireless'), everywhere(noSuch('wireless')));
});

test('a menu of a package not installed at the top (/container): the same', async () => {
  assert.deepEqual(await everyMethod('/rest/container'), everywhere(noSuch('container')));
});

test('a menu of hardware the board lacks (/interface/ethernet/poe on a CHR): the same', async () => {
  assert.deepEqual(await everyMethod('/rest/interface/ethernet/poe'), everywhere(noSuch('poe')));
});

test('the API face says the same of it', async () => {
  const api = await ApiClient.connect(chr.router.bound.api!);
  await api.login();
  assert.deepEqual(await api.call('/interface/wireless/print'), [
    ['!trap', '=category=0', '=message=no such command or directory (wireless)'], ['!done'],
  ]);
  api.close();
});

test('a word under a table that is no menu of the release is a record\'s name: 404 when no record has it', async () => {
  const c = client(chr.port);
  assert.deepEqual((await c.get('/rest/interface/wirelss')).json, NOT_FOUND);
  // An interface that happens to be named like a menu it lacks is still found by its name.
  assert.equal((await c.put('/rest/interface/bridge', { name: 'wireless' })).status, 201);
  try {
    assert.equal((await c.get('/rest/interface/wireless?.proplist=name,type')).text, '{"name":"wireless","type":"bridge"}');
  } finally {
    await c.delete('/rest/interface/bridge/wireless');
  }
});

test('installed, the same menu answers (a CHR with --packages wireless)', async () => {
  const r = await startRouter({ board: 'chr', packages: ['wireless'] });
  try {
    assert.deepEqual((await client(r.port).get('/rest/interface/wireless')).json, []);
  } finally { await r.stop(); }
});
