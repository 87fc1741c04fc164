// A list reply larger than one 64 KiB piece arrives whole: valid JSON, every record in
// order, and a Content-Length that counts every byte.

import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { client, startRouter, type TestRouter } from '../helpers/router.js';

let r: TestRouter;
before(async () => { r = await startRouter(); });
after(() => r.stop());

test('a list of 5,000 entries (several pieces) is one JSON list with the right Content-Length', async () => {
  const { store } = r.router;
  const rows = Array.from({ length: 5000 }, (_, i) =>
    store.newRow('ip/firewall/address-list', { list: 'big', address: `10.20.${i >> 8}.${i & 255}`, 'creation-time': '2026-01-01 00:00:00' }, false));
  store.commit(rows.map((row) => ({ op: 'insert' as const, table: 'ip/firewall/address-list', row })));
  await store.settled();
  const res = await client(r.port).get('/rest/ip/firewall/address-list?list=big');
  assert.equal(res.status, 200);
  assert.equal(Number(res.headers['content-length']), Buffer.byteLength(res.text));
  assert.ok(res.text.length > 3 * 65536, `${res.text.length} bytes`);
  assert.equal(res.json.length, 5000);
  assert.deepEqual(res.json[0], {
    '.id': `*${rows[0].id.toString(16).toUpperCase()}`, address: '10.20.0.0', 'creation-time': '2026-01-01 00:00:00',
    disabled: 'false', dynamic: 'false', list: 'big',
  });
  assert.equal(res.json[4999].address, '10.20.19.135');
  const print = await client(r.port).post('/rest/ip/firewall/address-list/print', { '.query': ['list=big'], '.proplist': 'address' });
  assert.equal(print.json.length, 5000);
  assert.deepEqual(print.json[1], { address: '10.20.0.1' });
});
