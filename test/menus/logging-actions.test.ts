// The disk and echo logging actions (manual "Log", Actions; routeros-facts.md 53.2, 53.3): lines in
// /file as `<disk-file-name>.0.txt`, a full `.0` becoming `.1` and the oldest going past
// `disk-file-count`; echo lines on a console that is logged in (telnet, as a user connects),
// and the lines no console saw shown to the next one after its banner.

import assert from 'node:assert/strict';
import net from 'node:net';
import { after, before, describe, test } from 'node:test';
import { client, eventually, readFile, startRouter, type TestRouter } from '../helpers/router.js';

const LINE = /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d script,info /;

describe('disk logging action', () => {
  let r: TestRouter;
  let c: ReturnType<typeof client>;
  before(async () => {
    r = await startRouter();
    c = client(r.port);
  });
  after(() => r.stop());

  const files = async (prefix: string) => ((await c.get('/rest/file')).json as { name: string }[]).map((f) => f.name).filter((n) => n.startsWith(prefix)).sort();
  const lines = async (name: string) => (await readFile(c, name)).split('\n').filter(Boolean);

  test('lines go to <name>.0.txt; a full file becomes .1 and the oldest goes past disk-file-count', async () => {
    const made = await c.put('/rest/system/logging/action', { name: 'keep', target: 'disk', 'disk-file-name': 'keep', 'disk-lines-per-file': '2', 'disk-file-count': '2' });
    assert.equal(made.status, 201, made.text);
    await c.put('/rest/system/logging', { topics: 'script', action: 'keep' });
    for (const m of ['l1', 'l2', 'l3']) await c.post('/rest/log/info', { message: m });
    await eventually(async () => (await files('keep')).length === 2, 'two files');
    assert.deepEqual(await files('keep'), ['keep.0.txt', 'keep.1.txt']);
    const zero = await lines('keep.0.txt');
    assert.equal(zero.length, 1);
    assert.match(zero[0], LINE);
    assert.equal(zero[0].replace(LINE, ''), 'l3');
    assert.deepEqual((await lines('keep.1.txt')).map((l) => l.replace(LINE, '')), ['l1', 'l2']);
    for (const m of ['l4', 'l5']) await c.post('/rest/log/info', { message: m });
    await eventually(async () => (await lines('keep.0.txt')).at(-1)?.endsWith('l5') === true, 'l5 written');
    assert.deepEqual(await files('keep'), ['keep.0.txt', 'keep.1.txt']);
    assert.deepEqual((await lines('keep.1.txt')).map((l) => l.replace(LINE, '')), ['l3', 'l4']);
    assert.deepEqual((await lines('keep.0.txt')).map((l) => l.replace(LINE, '')), ['l5']);
  });

  test('disk-stop-on-full keeps the full files as they are', async () => {
    await c.put('/rest/system/logging/action', { name: 'stop', target: 'disk', 'disk-file-name': 'stop', 'disk-lines-per-file': '1', 'disk-file-count': '1', 'disk-stop-on-full': 'yes' });
    await c.put('/rest/system/logging', { topics: 'script,warning', action: 'stop' });
    await c.post('/rest/log/warning', { message: 'first' });
    await eventually(async () => (await files('stop')).length === 1, 'the file');
    // Lines are delivered in order: once a later line is in another file, 'second' was dealt with.
    await c.put('/rest/system/logging/action', { name: 'mark', target: 'disk', 'disk-file-name': 'mark' });
    await c.put('/rest/system/logging', { topics: 'script,error', action: 'mark' });
    await c.post('/rest/log/warning', { message: 'second' });
    await c.post('/rest/log/error', { message: 'a mark' });
    await eventually(async () => (await files('mark')).length === 1, 'the mark');
    assert.deepEqual((await lines('stop.0.txt')).map((l) => l.replace(/^\S+ \S+ /, '')), ['script,warning first']);
  });
});

/** A telnet client logged in as admin, collecting what the console shows. */
async function telnet(port: number) {
  const socket = net.connect({ host: '127.0.0.1', port });
  let got = '';
  socket.on('data', (d: Buffer) => { got += d.toString('latin1'); });
  const until = async (what: string) => {
    const end = Date.now() + 5000;
    while (!got.includes(what)) {
      if (Date.now() > end) throw new Error(`never got ${JSON.stringify(what)}: ${JSON.stringify(got)}`);
      await new Promise((ok) => setTimeout(ok, 10));
    }
    const out = got;
    got = '';
    return out;
  };
  await until('Login: ');
  socket.write('admin+ct\r\n');
  await until('Password: ');
  socket.write('\r\n');
  return { socket, until };
}

describe('echo logging action', () => {
  test('a console logged in shows echo lines as they come; lines no console saw wait for the next one', async () => {
    const r = await startRouter();
    const c = client(r.port);
    try {
      await c.put('/rest/system/logging', { topics: 'script,warning', action: 'echo' });
      await c.post('/rest/log/warning', { message: 'while nobody watched' });
      const t = await telnet(r.router.bound.telnet!);
      const banner = await t.until('] > ');
      assert.match(banner, /Press F1 for help\r\n\r\n\r\d\d:\d\d:\d\d script,warning while nobody watched\r\n/);
      await c.post('/rest/log/warning', { message: 'the disk is full' });
      assert.match(await t.until('the disk is full\r\n'), /\r\d\d:\d\d:\d\d script,warning the disk is full\r\n$/);
      t.socket.destroy();
    } finally {
      await r.stop();
    }
  });
});
