// Console output into files takes the `ftp` policy, like `export file=` (issue 13, item 3):
// `/rest/execute` with `file=`, `print file=` and `:execute ... file=` neither create nor
// overwrite a file for a user without it.

import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { client, error, startRouter, type TestRouter } from '../helpers/router.js';
import { READER as reader, WRITER as writer, addReaderAndWriter } from '../auth/setup.js';

let r: TestRouter;
let admin: ReturnType<typeof client>;
before(async () => {
  r = await startRouter();
  admin = client(r.port);
  await addReaderAndWriter(admin);
  assert.equal((await admin.post('/rest/file/add', { name: 'keep.txt', contents: 'original\n' })).status, 200);
});
after(() => r.stop());

const sleep = (ms: number) => new Promise((res) => setTimeout(res, ms));
const NOT_ENOUGH = error(500, 'Internal Server Error', 'not enough permissions (9)');
const fileNames = async () => (await admin.get('/rest/file')).json.map((f: { name: string }) => f.name).sort();
const contents = async (name: string) => (await admin.post('/rest/file/read', { file: name, 'chunk-size': 4096 })).json[0].data;

test('/rest/execute with file= is refused without ftp, for read and write users alike', async () => {
  for (const who of [reader, writer]) {
    assert.deepEqual((await admin.post('/rest/execute', { script: ':put hi', file: 'out' }, who)).json, NOT_ENOUGH);
    assert.deepEqual((await admin.post('/rest/execute', { script: ':put overwritten', file: 'keep' }, who)).json, NOT_ENOUGH);
  }
  await sleep(200);
  assert.deepEqual(await fileNames(), ['keep.txt']);
  assert.equal(await contents('keep.txt'), 'original\n');
});

test('print file= at the console is refused without ftp', async () => {
  const res = await admin.post('/rest/execute', { script: '/ip address print file=keep', 'as-string': '' }, reader);
  assert.deepEqual(res.json, { ret: 'not enough permissions (9) (/ip/address/print; line 1)' });
  await admin.post('/rest/execute', { script: '/ip address print file=addr', 'as-string': '' }, writer);
  assert.deepEqual(await fileNames(), ['keep.txt']);
  assert.equal(await contents('keep.txt'), 'original\n');
});

test(':execute file= is refused without ftp', async () => {
  const res = await admin.post('/rest/execute', { script: ':execute script=":put x" file=keep', 'as-string': '' }, reader);
  assert.deepEqual(res.json, { ret: 'not enough permissions (9) (:execute; line 1)' });
  await sleep(200);
  assert.deepEqual(await fileNames(), ['keep.txt']);
  assert.equal(await contents('keep.txt'), 'original\n');
});

test('a user with ftp still writes console output to files', async () => {
  assert.equal((await admin.post('/rest/execute', { script: '/system identity print file=ident', 'as-string': '' })).status, 200);
  assert.equal(await contents('ident.txt'), '  name: MikroTik\n');
});
