// The file store and /file over REST: files and folders under <data-dir>/files, names with
// %2F in URLs, contents of small text files, file/read in chunks, and no way out of the store.

import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { FileStore } from '../../src/device/files.js';
import { client, error, startRouter, tempDir, type TestRouter } from '../helpers/router.js';
import { makeUser } from '../auth/setup.js';

const DATE_TIME = /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/;
const BAD = (detail: string) => error(400, 'Bad Request', detail);

describe('FileStore', () => {
  test('writes, reads, lists and removes files and folders under its root', () => {
    const root = path.join(tempDir(), 'files');
    const store = new FileStore(root);
    store.write('flash/backup.rsc', '/ip address print\n');
    store.mkdir('pub/empty');
    assert.equal(store.read('flash/backup.rsc').toString(), '/ip address print\n');
    assert.ok(fs.existsSync(path.join(root, 'flash', 'backup.rsc')));
    assert.deepEqual(store.list().map((e) => [e.name, e.type, e.size]), [
      ['flash', 'directory', 0], ['flash/backup.rsc', 'file', 18], ['pub', 'directory', 0], ['pub/empty', 'directory', 0],
    ]);
    assert.equal(store.exists('flash'), true);
    store.remove('flash');
    assert.equal(store.exists('flash/backup.rsc'), false);
    assert.throws(() => store.read('flash/backup.rsc'), { message: 'failure: no such file' });
  });

  test('refuses every name that could leave the store: .., absolute paths, empty parts', () => {
    const dir = tempDir();
    const store = new FileStore(path.join(dir, 'files'));
    for (const name of ['../x', 'a/../../x', '/etc/passwd', '..', '.', 'a//b', 'a/./b', 'C:/x', 'a\0b', '']) {
      assert.throws(() => store.write(name, 'x'), { message: 'failure: invalid file name' }, JSON.stringify(name));
      assert.equal(store.exists(name), false);
    }
    assert.deepEqual(fs.readdirSync(dir), ['files']);
  });

  test('refuses to follow links, to a file or a folder outside, anywhere on the way', () => {
    const dir = tempDir();
    const root = path.join(dir, 'files');
    const store = new FileStore(root);
    fs.writeFileSync(path.join(dir, 'secret'), 'top secret');
    fs.mkdirSync(path.join(dir, 'outside'));
    fs.symlinkSync(path.join(dir, 'secret'), path.join(root, 'link'));
    fs.symlinkSync(path.join(dir, 'outside'), path.join(root, 'dirlink'));
    assert.throws(() => store.read('link'), { message: 'failure: invalid file name' });
    assert.throws(() => store.write('link', 'overwritten'), { message: 'failure: invalid file name' });
    assert.throws(() => store.write('dirlink/new.txt', 'x'), { message: 'failure: invalid file name' });
    assert.throws(() => store.remove('dirlink'), { message: 'failure: invalid file name' });
    assert.equal(fs.readFileSync(path.join(dir, 'secret'), 'utf8'), 'top secret');
    assert.deepEqual(fs.readdirSync(path.join(dir, 'outside')), []);
    // Links are not the router's files: they are not listed.
    assert.deepEqual(store.list(), []);
  });
});

describe('/file over REST', () => {
  let r: TestRouter;
  let c: ReturnType<typeof client>;
  before(async () => { r = await startRouter(); c = client(r.port); });
  after(() => r.stop());

  test('PUT makes a file in a folder; GET by its name with %2F shows name type size times and contents', async () => {
    const put = await c.put('/rest/file', { name: 'flash/backup.rsc', contents: '/ip address print\n' });
    assert.equal(put.status, 201, put.text);
    assert.equal(fs.readFileSync(path.join(r.dir, 'files', 'flash', 'backup.rsc'), 'utf8'), '/ip address print\n');
    const got = await c.get('/rest/file/flash%2Fbackup.rsc');
    assert.equal(got.status, 200, got.text);
    const { '.id': id, 'creation-time': created, 'last-modified': modified, ...rest } = got.json;
    assert.match(id, /^\*[0-9A-F]+$/);
    assert.match(created, DATE_TIME);
    assert.match(modified, DATE_TIME);
    assert.deepEqual(rest, { contents: '/ip address print\n', name: 'flash/backup.rsc', size: '18', type: 'script' });
    const folder = (await c.get('/rest/file?name=flash')).json;
    assert.equal(folder.length, 1);
    assert.equal(folder[0].type, 'directory');
    assert.equal(folder[0].size, undefined);
  });

  test('add type=directory makes a folder; types follow the extension', async () => {
    assert.equal((await c.post('/rest/file/add', { name: 'pub', type: 'directory' })).status, 200);
    assert.ok(fs.statSync(path.join(r.dir, 'files', 'pub')).isDirectory());
    for (const [name, type] of [['pub/a.txt', '.txt file'], ['pub/x.backup', 'backup'], ['pub/README', 'file'], ['pub/p.npk', 'package']]) {
      assert.equal((await c.post('/rest/file/add', { name })).status, 200);
      assert.equal((await c.get(`/rest/file/${encodeURIComponent(name)}`)).json.type, type, name);
    }
    assert.deepEqual((await c.post('/rest/file/add', { name: 'pub' })).json, BAD('failure: already have such name'));
  });

  test('set contents= rewrites a small text file; PATCH does the same', async () => {
    await c.put('/rest/file', { name: 'note.txt', contents: 'one' });
    assert.deepEqual((await c.post('/rest/file/set', { '.id': 'note.txt', contents: 'two\n' })).json, []);
    assert.equal(fs.readFileSync(path.join(r.dir, 'files', 'note.txt'), 'utf8'), 'two\n');
    const patched = await c.patch('/rest/file/note.txt', { contents: 'three' });
    assert.equal(patched.status, 200, patched.text);
    assert.equal(patched.json.contents, 'three');
    assert.equal(patched.json.size, '5');
  });

  test('files put in the store by other parts of the router and by hand show up', async () => {
    (r.router.engine.services.files as FileStore).write('auto.rsc', '# export\n');
    assert.equal((await c.get('/rest/file/auto.rsc')).json.size, '9');
    fs.writeFileSync(path.join(r.dir, 'files', 'byhand.txt'), 'hi');
    const list = (await c.get('/rest/file')).json.map((f: { name: string }) => f.name);
    assert.ok(list.includes('byhand.txt'), list.join());
  });

  test('set name= renames (and moves) a file; it keeps its id', async () => {
    const made = await c.put('/rest/file', { name: 'old.txt', contents: 'x' });
    const renamed = await c.patch('/rest/file/old.txt', { name: 'archive/new.txt' });
    assert.equal(renamed.status, 200, renamed.text);
    assert.equal(renamed.json['.id'], made.json['.id']);
    assert.equal(renamed.json.name, 'archive/new.txt');
    assert.equal(fs.readFileSync(path.join(r.dir, 'files', 'archive', 'new.txt'), 'utf8'), 'x');
    assert.equal((await c.get('/rest/file/old.txt')).status, 404);
    assert.deepEqual((await c.patch('/rest/file/archive%2Fnew.txt', { name: '../x.txt' })).json, BAD('failure: invalid file name'));
  });

  test('DELETE removes a file; removing a folder removes what is in it', async () => {
    await c.put('/rest/file', { name: 'gone/a.txt', contents: 'a' });
    assert.equal((await c.delete('/rest/file/gone%2Fa.txt')).status, 204);
    assert.equal(fs.existsSync(path.join(r.dir, 'files', 'gone', 'a.txt')), false);
    await c.put('/rest/file', { name: 'gone/b.txt', contents: 'b' });
    assert.equal((await c.delete('/rest/file/gone')).status, 204);
    assert.equal(fs.existsSync(path.join(r.dir, 'files', 'gone')), false);
    assert.equal((await c.get('/rest/file/gone%2Fb.txt')).status, 404);
  });

  test('no name reaches outside the store: .., absolute paths and links are refused', async () => {
    for (const name of ['../escape.txt', 'a/../../escape.txt', '/tmp/escape.txt']) {
      const res = await c.put('/rest/file', { name, contents: 'x' });
      assert.deepEqual(res.json, BAD('failure: invalid file name'), name);
    }
    assert.equal(fs.existsSync(path.join(r.dir, 'escape.txt')), false);
    fs.writeFileSync(path.join(r.dir, 'secret'), 'secret');
    fs.symlinkSync(path.join(r.dir, 'secret'), path.join(r.dir, 'files', 'link'));
    assert.deepEqual((await c.post('/rest/file/read', { file: 'link', 'chunk-size': '100' })).json, BAD('failure: no such file'));
    assert.deepEqual((await c.post('/rest/file/read', { file: '../config.db', 'chunk-size': '100' })).json, BAD('failure: no such file'));
    assert.deepEqual((await c.post('/rest/file/add', { name: 'link', contents: 'x' })).json, BAD('failure: invalid file name'));
    assert.equal(fs.readFileSync(path.join(r.dir, 'secret'), 'utf8'), 'secret');
  });

  test('file/read gives chunk-size bytes from offset, empty data at the end, and fails past it', async () => {
    await c.put('/rest/file', { name: 'data.txt', contents: '0123456789' });
    assert.deepEqual((await c.post('/rest/file/read', { file: 'data.txt', 'chunk-size': '4' })).json, [{ data: '0123' }]);
    assert.deepEqual((await c.post('/rest/file/read', { file: 'data.txt', 'chunk-size': 4, offset: 8 })).json, [{ data: '89' }]);
    assert.deepEqual((await c.post('/rest/file/read', { file: 'data.txt', 'chunk-size': 4, offset: 10 })).json, [{ data: '' }]);
    assert.deepEqual((await c.post('/rest/file/read', { file: 'data.txt', 'chunk-size': 4, offset: 11 })).json, BAD('failure: chunk out of file bounds'));
    assert.deepEqual((await c.post('/rest/file/read', { file: 'nosuch.txt', 'chunk-size': 4 })).json, BAD('failure: no such file'));
    assert.deepEqual((await c.post('/rest/file/read', { file: 'data.txt' })).json, BAD('missing =chunk-size='));
  });

  test('file/read reads a large binary file in chunks of at most 32768 bytes', async () => {
    const big = Buffer.alloc(40000, 0x41);
    big[39999] = 0x42;
    fs.writeFileSync(path.join(r.dir, 'files', 'big.bin'), big);
    assert.deepEqual((await c.post('/rest/file/read', { file: 'big.bin', 'chunk-size': 32769 })).json, BAD('value of chunk-size out of range (1..32768)'));
    const first = (await c.post('/rest/file/read', { file: 'big.bin', 'chunk-size': 32768 })).json;
    assert.equal(first[0].data.length, 32768);
    const rest = (await c.post('/rest/file/read', { file: 'big.bin', 'chunk-size': 32768, offset: 32768 })).json;
    assert.equal(rest[0].data, 'A'.repeat(7231) + 'B');
    // A big file shows no contents.
    assert.equal((await c.get('/rest/file/big.bin')).json.contents, undefined);
  });

  test('file/read needs ftp and test; writing files needs write', async () => {
    const body = { file: 'data.txt', 'chunk-size': '4' };
    const NOT_ENOUGH = error(500, 'Internal Server Error', 'not enough permissions (9)');
    const ftpOnly = await makeUser(c, 'fonly', 'read,ftp,api,rest-api');
    assert.deepEqual((await c.post('/rest/file/read', body, ftpOnly)).json, NOT_ENOUGH);
    const both = await makeUser(c, 'fboth', 'read,ftp,test,api,rest-api');
    assert.deepEqual((await c.post('/rest/file/read', body, both)).json, [{ data: '0123' }]);
    const reader = await makeUser(c, 'freader', 'read,api,rest-api');
    assert.equal((await c.get('/rest/file', reader)).status, 200);
    assert.deepEqual((await c.post('/rest/file/add', { name: 'x.txt' }, reader)).json, NOT_ENOUGH);
  });
});
