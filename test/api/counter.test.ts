// The counter of the pipelines of ./bounds.test.ts and bench/fairness.ts: it counted a `!done` only when its
// word came whole in one chunk, so a reply split there was never counted and a pipeline of
// 2,000 prints, answered in a second, looked unanswered for minutes (issue 36).

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { SentenceCounter } from '../../bench/lib.js';
import { encode } from './client.js';

const stream = Buffer.concat([encode(['!re', '=name=ether1']), encode(['!done']), encode(['!re', '=name=!done']), encode(['!done', '=ret=*1'])]);

test('a !done is counted once wherever the stream is cut, in one chunk or in pieces', () => {
  for (let cut = 0; cut <= stream.length; cut++) {
    const c = new SentenceCounter('!done');
    c.feed(stream.subarray(0, cut));
    assert.equal(c.feed(stream.subarray(cut)), 2, `cut at byte ${cut}`);
  }
  const bytewise = new SentenceCounter('!done');
  for (let i = 0; i < stream.length; i++) bytewise.feed(stream.subarray(i, i + 1));
  assert.equal(bytewise.count, 2);
});
