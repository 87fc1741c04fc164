// What the REST service refuses in a body (issue 13, item 9): bytes that are not UTF-8,
// lists where one value is expected, host names longer than a DNS name, and `__proto__`
// as a parameter. Each is answered, and nothing is stored.

import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { client, error, startRouter, type TestRouter } from '../helpers/router.js';

let r: TestRouter;
let c: ReturnType<typeof client>;
before(async () => { r = await startRouter(); c = client(r.port); });
after(() => r.stop());

const bad = (detail: string) => error(400, 'Bad Request', detail);
const PARSE = bad('Failed to parse json');
const identity = async () => (await c.get('/rest/system/identity')).json.name;

describe('invalid UTF-8', () => {
  test('a body with bytes that are not UTF-8 is refused: Failed to parse json', async () => {
    const raw = Buffer.concat([Buffer.from('{"name":"bad-'), Buffer.from([0xff, 0xfe, 0x80]), Buffer.from('"}')]);
    assert.deepEqual((await c.post('/rest/system/identity/set', undefined, { raw })).json, PARSE);
    // A lone continuation byte, and an overlong encoding of '/'.
    assert.deepEqual((await c.put('/rest/system/script', undefined, { raw: Buffer.from([...Buffer.from('{"name":"s'), 0x80, ...Buffer.from('"}')]) })).json, PARSE);
    assert.deepEqual((await c.put('/rest/system/script', undefined, { raw: Buffer.from([...Buffer.from('{"name":"s'), 0xc0, 0xaf, ...Buffer.from('"}')]) })).json, PARSE);
    assert.equal(await identity(), 'MikroTik');
    assert.deepEqual((await c.get('/rest/system/script')).json, []);
  });

  test('UTF-8 text is stored as sent', async () => {
    const raw = Buffer.from('{"name":"Café ✓ 路由器"}', 'utf8');
    assert.deepEqual((await c.post('/rest/system/identity/set', undefined, { raw })).json, []);
    assert.equal(await identity(), 'Café ✓ 路由器');
    await c.post('/rest/system/identity/set', { name: 'MikroTik' });
  });
});

describe('lists where one value is expected', () => {
  test('a list as a parameter value is refused, not joined into a comma list', async () => {
    assert.deepEqual((await c.put('/rest/ip/firewall/address-list', { list: ['a', 'b'], address: '10.0.0.1' })).json, PARSE);
    assert.deepEqual((await c.post('/rest/system/identity/set', { name: ['a', 'b'] })).json, PARSE);
    assert.deepEqual((await c.patch('/rest/ip/address/*1', { comment: ['x'] })).json, PARSE);
    assert.deepEqual((await c.get('/rest/ip/firewall/address-list')).json, []);
    assert.equal(await identity(), 'MikroTik');
  });

  test('.proplist and .query still take lists', async () => {
    const res = await c.post('/rest/interface/print', { '.proplist': ['name', 'type'], '.query': ['name=ether1'] });
    assert.deepEqual(res.json, [{ name: 'ether1', type: 'ether' }]);
  });
});

describe('host names', () => {
  test('a host name of 1 MB is refused; 253 characters is the most', async () => {
    const huge = 'a'.repeat(1 << 20);
    assert.deepEqual((await c.post('/rest/system/identity/set', { name: huge })).json, bad('invalid value for argument name'));
    assert.deepEqual((await c.put('/rest/ip/dns/static', { name: huge, address: '10.1.1.1' })).json, bad('invalid value for argument name'));
    assert.deepEqual((await c.put('/rest/ip/dns/static', { name: 'x.lan', type: 'CNAME', cname: huge })).json, bad('invalid value for argument cname'));
    assert.equal(await identity(), 'MikroTik');
    assert.deepEqual((await c.post('/rest/system/identity/set', { name: 'h'.repeat(254) })).json, bad('invalid value for argument name'));
    assert.deepEqual((await c.post('/rest/system/identity/set', { name: 'h'.repeat(253) })).json, []);
    assert.equal(await identity(), 'h'.repeat(253));
    const label = `${'l'.repeat(63)}.`;
    const longest = (label.repeat(4)).slice(0, 253);
    const added = await c.put('/rest/ip/dns/static', { name: longest, address: '10.1.1.1' });
    assert.equal(added.status, 201, added.text);
    assert.equal(added.json.name, longest);
    await c.post('/rest/system/identity/set', { name: 'MikroTik' });
  });
});

describe('__proto__ as a parameter', () => {
  test('is an unknown parameter, not silently dropped', async () => {
    const raw = '{"__proto__":"x","name":"proto-set"}';
    assert.deepEqual((await c.post('/rest/system/identity/set', undefined, { raw })).json, bad('unknown parameter __proto__'));
    assert.equal(await identity(), 'MikroTik');
    assert.deepEqual((await c.put('/rest/ip/firewall/address-list', undefined, { raw: '{"list":"p","address":"10.9.9.9","__proto__":"y"}' })).json,
      bad('unknown parameter __proto__'));
    assert.deepEqual((await c.patch('/rest/ip/address/*1', undefined, { raw: '{"__proto__":"","comment":"z"}' })).json,
      bad('unknown parameter __proto__'));
    // A command's own arguments (not a record's fields) too, and other inherited names.
    assert.deepEqual((await c.post('/rest/execute', undefined, { raw: '{"script":":put 1","as-string":"","__proto__":"1"}' })).json,
      bad('unknown parameter __proto__'));
    assert.deepEqual((await c.post('/rest/execute', { script: ':put 1', constructor: 'x' })).json, bad('unknown parameter constructor'));
    assert.deepEqual((await c.get('/rest/ip/firewall/address-list')).json, []);
    assert.equal((await c.get('/rest/ip/address/*1')).json.comment, 'defconf');
  });
});
