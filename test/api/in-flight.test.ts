// Issue 37, point 4: many commands in flight on one API connection. A fuzzing client sent
// 1,000 `listen`s on one connection and heard nothing after the 256th: every command sent is
// answered, and one the router will not take is refused with a `!trap` that says why.

import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { client, startRouter, type TestRouter } from '../helpers/router.js';
import { ApiClient, encode } from './client.js';

let r: TestRouter;
before(async () => { r = await startRouter(); });
after(async () => { await r.stop(); });

async function session(): Promise<ApiClient> {
  const c = await ApiClient.connect(r.router.bound.api!);
  await c.login();
  return c;
}

/** Sentences until `done` says it has seen enough. */
async function readUntil(c: ApiClient, done: (seen: string[][]) => boolean, ms = 5000): Promise<string[][]> {
  const seen: string[][] = [];
  while (!done(seen)) seen.push(await c.read(ms));
  return seen;
}

const tagOf = (s: string[]) => s.find((w) => w.startsWith('.tag='))?.slice(5);

test('1,000 listens on one connection are all served: a print after them is answered, a change reaches each, /cancel ends each', async () => {
  const c = await session();
  const tags = Array.from({ length: 1000 }, (_, i) => `L${i}`);
  // All in one write, as the fuzzer sent them, then a print behind them.
  c.socket.write(Buffer.concat([...tags.map((t) => encode(['/system/identity/listen', `.tag=${t}`])), encode(['/system/identity/print', '.tag=P'])]));
  const printed = await readUntil(c, (seen) => seen.some((s) => s[0] === '!done' && tagOf(s) === 'P'));
  assert.deepEqual(printed.filter((s) => tagOf(s) === 'P'), [['!re', '=name=MikroTik', '.tag=P'], ['!done', '.tag=P']]);
  assert.deepEqual(printed.filter((s) => tagOf(s) !== 'P'), [], 'no listen is refused');
  // A change: every listen tells it.
  assert.equal((await client(r.port).post('/rest/system/identity/set', { name: 'Heard' })).status, 200);
  const told = await readUntil(c, (seen) => seen.length === tags.length);
  assert.deepEqual(told.map(tagOf).sort(), [...tags].sort());
  assert.ok(told.every((s) => s[0] === '!re' && s.includes('=name=Heard')), JSON.stringify(told.find((s) => !s.includes('=name=Heard'))));
  // /cancel without a tag ends every one: each its `interrupted` and its `!done`.
  c.send('/cancel', '.tag=C');
  const ended = await readUntil(c, (seen) => seen.filter((s) => s[0] === '!done' && tagOf(s) !== 'C').length === tags.length);
  assert.equal(ended.filter((s) => s[0] === '!trap' && s.includes('=message=interrupted')).length, tags.length);
  c.close();
  await client(r.port).post('/rest/system/identity/set', { name: 'MikroTik' });
});

test('a listen past 1,024 on one connection is answered with a !trap saying why, and the others go on', async () => {
  const c = await session();
  const tags = Array.from({ length: 1030 }, (_, i) => `L${i}`);
  c.socket.write(Buffer.concat(tags.map((t) => encode(['/system/note/listen', `.tag=${t}`]))));
  const refused = await readUntil(c, (seen) => seen.filter((s) => s[0] === '!done').length === 6);
  assert.deepEqual(refused, tags.slice(1024).flatMap((t) => [
    ['!trap', '=category=5', '=message=too many listen commands on this connection (1024 at most)', `.tag=${t}`],
    ['!done', `.tag=${t}`],
  ]));
  // Once one ends, there is room for another.
  c.send('/cancel', '=tag=L0', '.tag=C');
  assert.deepEqual(await readUntil(c, (seen) => seen.length === 3), [
    ['!trap', '=category=2', '=message=interrupted', '.tag=L0'], ['!done', '.tag=C'], ['!done', '.tag=L0'],
  ]);
  c.send('/system/note/listen', '.tag=again');
  c.send('/system/note/print', '=.proplist=show-at-login', '.tag=P');
  assert.deepEqual(await readUntil(c, (seen) => seen.some((s) => s[0] === '!done')), [['!re', '=show-at-login=true', '.tag=P'], ['!done', '.tag=P']]);
  c.close();
});

test('300 commands that wait, on one connection at once, are each answered', async () => {
  const c = await session();
  const tags = Array.from({ length: 300 }, (_, i) => `D${i}`);
  c.socket.write(Buffer.concat(tags.map((t) => encode(['/delay', '=delay-time=200ms', `.tag=${t}`]))));
  const answered = await readUntil(c, (seen) => seen.length === tags.length);
  assert.deepEqual(answered.map((s) => s[0]), tags.map(() => '!done'));
  assert.deepEqual(answered.map(tagOf).sort(), [...tags].sort());
  c.close();
});
