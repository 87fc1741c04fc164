// Issue 27, point 3: API words are bytes. A tag or a value that is not UTF-8 comes back byte
// for byte (the router stores and returns bytes; clients such as node-routeros read words in
// a single-byte code page), while UTF-8 text stays text for every face.

import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { client, startRouter, type TestRouter } from '../helpers/router.js';
import { ApiClient, encodeLength } from './client.js';

let r: TestRouter;
before(async () => { r = await startRouter(); });
after(() => r.stop());

/** A sentence of words given as bytes (a string word is its latin1 bytes: one byte per character). */
function sentence(...words: (string | Buffer)[]): Buffer {
  const parts = words.map((w) => (typeof w === 'string' ? Buffer.from(w, 'latin1') : w));
  return Buffer.concat([...parts.flatMap((w) => [encodeLength(w.length), w]), Buffer.from([0])]);
}

/** Everything the router sends until `bytes` more have come (or the time is up). */
async function received(c: ApiClient, from: number, bytes: number, ms = 3000): Promise<Buffer> {
  const until = Date.now() + ms;
  for (;;) {
    const all = Buffer.concat(c.chunks).subarray(from);
    if (all.length >= bytes || Date.now() > until) return all;
    await new Promise((ok) => setTimeout(ok, 10));
  }
}

const sent = (c: ApiClient) => Buffer.concat(c.chunks).length;

test('a tag and a value that are not UTF-8 come back byte for byte', async () => {
  const c = await ApiClient.connect(r.router.bound.api!);
  await c.login();
  let at = sent(c);
  // \xff\xfe as a tag; "caf\xe9" (latin1) as a value; U+FFFD and an emoji as real UTF-8 around them.
  c.socket.write(sentence('/system/identity/set', '=name=caf\xe9', '.tag=\xff\xfe'));
  let expected = sentence('!done', '.tag=\xff\xfe');
  assert.deepEqual(await received(c, at, expected.length), expected);
  at = sent(c);
  c.socket.write(sentence('/system/identity/print', '.tag=\x80'));
  expected = Buffer.concat([sentence('!re', '=name=caf\xe9', '.tag=\x80'), sentence('!done', '.tag=\x80')]);
  assert.deepEqual(await received(c, at, expected.length), expected);

  const mixed = Buffer.concat([Buffer.from('=name=a\ufffdb\u{1F600}', 'utf8'), Buffer.from([0xc3, 0x28, 0xed, 0xa0, 0x80, 0xf8])]);
  at = sent(c);
  c.socket.write(sentence('/system/identity/set', mixed));
  c.socket.write(sentence('/system/identity/print'));
  expected = Buffer.concat([sentence('!done'), sentence('!re', mixed), sentence('!done')]);
  assert.deepEqual(await received(c, at, expected.length), expected);
  c.close();
});

test('UTF-8 text stays text: a comment set by the API in UTF-8 reads the same by REST, and back', async () => {
  const c = await ApiClient.connect(r.router.bound.api!);
  await c.login();
  assert.deepEqual(await c.call('/system/identity/set', '=name=café ✓'), [['!done']]);
  assert.equal((await client(r.port).get('/rest/system/identity')).json.name, 'café ✓');
  assert.equal((await client(r.port).post('/rest/system/identity/set', { name: 'Ωmega' })).status, 200);
  assert.deepEqual(await c.call('/system/identity/print'), [['!re', '=name=Ωmega'], ['!done']]);
  c.close();
});

test('a value that is not UTF-8 is kept byte for byte across a restart', async () => {
  const own = await startRouter();
  const c = await ApiClient.connect(own.router.bound.api!);
  await c.login();
  let at = sent(c);
  c.socket.write(sentence('/system/identity/set', '=name=r\xe9seau\xff'));
  assert.deepEqual(await received(c, at, 7), sentence('!done'));
  c.close();
  await own.stop();
  const again = await startRouter({ dataDir: own.dir });
  try {
    const d = await ApiClient.connect(again.router.bound.api!);
    await d.login();
    at = sent(d);
    d.socket.write(sentence('/system/identity/print'));
    const expected = Buffer.concat([sentence('!re', '=name=r\xe9seau\xff'), sentence('!done')]);
    assert.deepEqual(await received(d, at, expected.length), expected);
    d.close();
  } finally {
    await again.stop();
  }
});
