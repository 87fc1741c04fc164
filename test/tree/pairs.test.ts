// Upload/download pairs: an argument whose command also has `total-<name>` (a simple queue's
// max-limit, limit-at, burst-limit, burst-threshold, burst-time, bucket-size, priority, queue)
// takes `upload/download`, each half of the argument's own type, and one value for both.

import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { argsOf, dirAt } from '../../src/tree/tree.js';
import { typeFor } from '../../src/tree/types.js';
import { client, startRouter, type TestRouter } from '../helpers/router.js';

describe('upload/download pairs', () => {
  test('the tree decides which arguments are pairs', () => {
    const add = argsOf(dirAt('queue/simple'), 'add')!;
    const time = typeFor('burst-time', add['burst-time'], add);
    assert.equal(time.parse('10s/10s'), '10s/10s');
    assert.equal(time.parse('60s/00:00:30'), '1m/30s');
    assert.equal(time.parse('10s'), '10s/10s');
    for (const bad of ['10s/x', 'x', '1s/2s/3s', '10s/', '/10s']) assert.throws(() => time.parse(bad), { name: 'ValueError' }, bad);
    // The total of both directions is one value.
    assert.throws(() => typeFor('total-burst-time', add['total-burst-time'], add).parse('10s/10s'), { name: 'ValueError' });
    // A queue tree's burst-time has no total beside it: one time.
    const tree = argsOf(dirAt('queue/tree'), 'add')!;
    assert.throws(() => typeFor('burst-time', tree['burst-time'], tree).parse('10s/10s'), { name: 'ValueError' });
    assert.equal(typeFor('burst-time', tree['burst-time'], tree).parse('10s'), '10s');
  });

  describe('over REST and the console', () => {
    let r: TestRouter;
    let c: ReturnType<typeof client>;
    before(async () => { r = await startRouter(); c = client(r.port); });
    after(() => r.stop());
    const run = async (script: string) => (await c.post('/rest/execute', { script, 'as-string': '' })).json.ret as string;

    test('add with burst-time=10s/10s reads back', async () => {
      const put = await c.put('/rest/queue/simple', { name: 'q1', target: '10.0.0.1/32', 'burst-time': '10s/10s', 'max-limit': '10M/5M' });
      assert.equal(put.status, 201, put.text);
      assert.equal(put.json['burst-time'], '10s/10s');
      // Rates print in bits per second (issue 23); export writes them back as 10M/5M (below).
      assert.equal(put.json['max-limit'], '10000000/5000000');
      const got = (await c.get(`/rest/queue/simple/${put.json['.id']}`)).json;
      assert.equal(got['burst-time'], '10s/10s');
      assert.equal(got['priority'], '8/8');
    });

    test('one value stands for both directions', async () => {
      const put = await c.put('/rest/queue/simple', { name: 'q2', target: '10.0.0.2/32', 'burst-time': '20s', priority: '3' });
      assert.equal(put.status, 201, put.text);
      assert.equal(put.json['burst-time'], '20s/20s');
      assert.equal(put.json.priority, '3/3');
    });

    test('a queue added without it shows 0s/0s', async () => {
      const put = await c.put('/rest/queue/simple', { name: 'q3', target: '10.0.0.3/32' });
      assert.equal(put.status, 201, put.text);
      assert.equal(put.json['burst-time'], '0s/0s');
    });

    test('the console takes and prints the pair, and export writes it', async () => {
      assert.equal(await run('/queue simple add name=q4 target=10.0.0.4/32 burst-time=1m/30s priority=1/2; :put [/queue simple get q4 burst-time]'), '1m/30s');
      assert.equal(await run('/queue simple set q4 burst-time=5s/6s; :put [/queue simple get q4 burst-time]'), '5s/6s');
      const exported = await run('/queue simple export');
      assert.match(exported, /^add burst-time=5s\/6s name=q4 priority=1\/2 target=10\.0\.0\.4\/32$/m);
      // A rate is written with the largest unit that divides it, as 7.24.4 exports write max-limit=500M/750M.
      assert.equal(await run('/queue simple set q4 max-limit=1500k/2G limit-at=64000/1M; :put [/queue simple get q4 max-limit]'), '1500000/2000000000');
      assert.match((await run('/queue simple export')).replaceAll('\\\n    ', ''), /^add burst-time=5s\/6s limit-at=64k\/1M max-limit=1500k\/2G name=q4 priority=1\/2 target=10\.0\.0\.4\/32$/m);
      // The default is left out of a compact export.
      assert.match(exported, /^add name=q3 target=10\.0\.0\.3\/32$/m);
    });

    test('a bad pair is refused as a bad time is', async () => {
      for (const value of ['10s/x', '1s/2s/3s', '10s/', 'x']) {
        const put = await c.put('/rest/queue/simple', { name: 'bad', target: '10.0.0.9/32', 'burst-time': value });
        assert.equal(put.status, 400, value);
        assert.deepEqual(put.json, { error: 400, message: 'Bad Request', detail: 'invalid value for argument burst-time' }, value);
      }
      const patch = await c.patch('/rest/queue/simple/q1', { 'burst-time': '10s/abc' });
      assert.equal(patch.status, 400);
      assert.equal(patch.json.detail, 'invalid value for argument burst-time');
      assert.equal((await c.get('/rest/queue/simple/q1')).json['burst-time'], '10s/10s');
      assert.equal((await c.get('/rest/queue/simple?name=bad')).json.length, 0);
    });
  });
});
