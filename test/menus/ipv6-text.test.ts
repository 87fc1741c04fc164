// IPv6 values print as the router writes them (routeros-facts.md 31.1): an IPv4-mapped or
// IPv4-compatible address has its last 32 bits dotted, on every IPv6 field, whatever form
// the user typed. The expected texts are those of defconf's `bad_ipv6` lists in real exports.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { client, startRouter } from '../helpers/router.js';

test('an IPv4-mapped or -compatible address prints dotted on address lists, rules and routes', async () => {
  const t = await startRouter();
  try {
    const c = client(t.port);
    const listed = async (address: string) => (await c.put('/rest/ipv6/firewall/address-list', { list: 'l', address })).json.address;
    // defconf 7.x: `::ffff:0.0.0.0/96` and `::/96`; older defconf: `::224.0.0.0/100`, `::127.0.0.0/104`, `::/104`, `::255.0.0.0/104`.
    assert.equal(await listed('::FFFF:0:0/96'), '::ffff:0.0.0.0/96');
    assert.equal(await listed('0:0:0:0:0:0:0:0/96'), '::/96');
    assert.equal(await listed('::e000:0/100'), '::224.0.0.0/100');
    assert.equal(await listed('::7f00:0/104'), '::127.0.0.0/104');
    assert.equal(await listed('::0:0/104'), '::/104');
    assert.equal(await listed('::ff00:0/104'), '::255.0.0.0/104');
    assert.equal(await listed('::1/128'), '::1/128');
    assert.equal(await listed('100:0:0:0::/64'), '100::/64');
    const rule = (await c.put('/rest/ipv6/firewall/filter', { chain: 'input', 'src-address': '::ffff:c000:201' })).json;
    assert.equal(rule['src-address'], '::ffff:192.0.2.1');
    const route = (await c.put('/rest/ipv6/route', { 'dst-address': '::FFFF:A00:0/104', gateway: '2001:db8::1' })).json;
    assert.equal(route['dst-address'], '::ffff:10.0.0.0/104');
    const exported = (await c.post('/rest/execute', { script: '/ipv6 route export', 'as-string': '' })).json.ret;
    assert.match(exported, /\nadd dst-address=::ffff:10\.0\.0\.0\/104 gateway=2001:db8::1(\n|$)/);
  } finally { await t.stop(); }
});
