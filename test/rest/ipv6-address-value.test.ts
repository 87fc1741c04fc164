// /ipv6/address `address` is an IPv6 address with its prefix length (docs/routeros-facts.md 23.6):
// without a length the router takes /64 and prints it so; a bad value is refused in its words.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { client, startRouter } from '../helpers/router.js';

test('/ipv6/address: 2001:db8::1 prints as 2001:db8::1/64; a bad address or length is refused', async () => {
  const r = await startRouter();
  try {
    const c = client(r.port);
    const added = await c.put('/rest/ipv6/address', { address: '2001:db8::1', interface: 'ether1' });
    assert.equal(added.status, 201);
    assert.equal(added.json.address, '2001:db8::1/64');
    const kept = await c.put('/rest/ipv6/address', { address: '2001:DB8:0:1::2/48', interface: 'ether1' });
    assert.equal(kept.json.address, '2001:db8:0:1::2/48');
    for (const address of ['bogus', '2001:db8::1/129', '192.168.88.1/24']) {
      const bad = await c.put('/rest/ipv6/address', { address, interface: 'ether1' });
      assert.equal(bad.status, 400);
      assert.deepEqual(bad.json, { error: 400, message: 'Bad Request', detail: 'invalid value for argument address' });
    }
  } finally { await r.stop(); }
});
