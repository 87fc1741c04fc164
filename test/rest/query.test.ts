// POST print with a `.query` stack (spec 4.4) and the address-list's timed entries, over HTTP.

import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { client, startRouter, type TestRouter } from '../helpers/router.js';

let r: TestRouter;
let api: ReturnType<typeof client>;
before(async () => {
  r = await startRouter();
  api = client(r.port);
  await api.put('/rest/interface/vlan', { name: 'vlan10', 'vlan-id': 10, interface: 'ether1', mtu: 1400 });
  await api.put('/rest/interface/vlan', { name: 'vlan20', 'vlan-id': 20, interface: 'ether1' });
});
after(() => r.stop());

const names = async (query: string[]) =>
  (await api.post('/rest/interface/print', { '.proplist': 'name', '.query': query })).json.map((x: any) => x.name);

const ETHERS = ['ether1', 'ether2', 'ether3', 'ether4', 'ether5'];

describe('.query', () => {
  test('= pushes a match; leftovers are ANDed', async () => {
    assert.deepEqual(await names(['type=vlan']), ['vlan10', 'vlan20']);
    assert.deepEqual(await names(['type=vlan', 'name=vlan20']), ['vlan20']);
  });

  test('#| ORs the two previous results', async () => {
    assert.deepEqual(await names(['name=ether1', 'name=vlan10', '#|']), ['ether1', 'vlan10']);
  });

  test('#|! ORs and negates: the spec\'s example', async () => {
    assert.deepEqual(await names(['type=ether', 'type=vlan', '#|!']), ['bridge', 'lo', 'wifi1', 'wifi2']);
  });

  test('#& ANDs, #! negates', async () => {
    assert.deepEqual(await names(['type=vlan', 'mtu=1400', '#&']), ['vlan10']);
    assert.deepEqual(await names(['type=ether', '#!']), ['bridge', 'lo', 'wifi1', 'wifi2', 'vlan10', 'vlan20']);
  });

  test('< and > compare as numbers; a value of another kind (mtu=auto) is neither', async () => {
    assert.deepEqual(await names(['<mtu=1500']), ['vlan10']);
    assert.deepEqual(await names(['>mtu=1000']), [...ETHERS, 'lo', 'wifi1', 'wifi2', 'vlan10', 'vlan20']);
    assert.deepEqual(await names(['type=vlan', '>mtu=1400']), ['vlan20']);
  });

  test('a bare name tests presence, -name absence', async () => {
    await api.patch('/rest/interface/ether3', { comment: 'has one' });
    // The default bridge has comment=defconf.
    assert.deepEqual(await names(['comment']), ['ether3', 'bridge']);
    assert.deepEqual((await names(['-comment'])).includes('ether3'), false);
    await api.patch('/rest/interface/ether3', { '!comment': '' });
  });

  test('stack indexes pick earlier results', async () => {
    // push A (ether1), push B (vlan10), then "#0" replaces the stack with B.
    assert.deepEqual(await names(['name=ether1', 'name=vlan10', '#0']), ['vlan10']);
    // "#1|" pushes a copy of A then ORs it with the top (B): A or B, ANDed with A: just A.
    assert.deepEqual(await names(['name=ether1', 'name=vlan10', '#1|']), ['ether1']);
  });

  test('.query and .proplist together; typed equality reads values as the console does', async () => {
    const res = await api.post('/rest/interface/print', { '.proplist': ['name', 'mtu'], '.query': ['mtu=0x578'] });
    assert.deepEqual(res.json, [{ mtu: '1400', name: 'vlan10' }]);
    assert.deepEqual(await names(['disabled=yes']), []);
    assert.deepEqual(await names(['type=ether', 'disabled=no']), ETHERS);
  });
});

describe('address-list entries with a timeout', () => {
  test('are dynamic, show creation-time and the time left, and disappear when it ends', async () => {
    const res = await api.put('/rest/ip/firewall/address-list', { list: 'short', address: '10.8.8.8', timeout: '2s' });
    assert.equal(res.status, 201);
    assert.equal(res.json.dynamic, 'true');
    assert.match(res.json['creation-time'], /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    assert.match(res.json.timeout, /^[12]s$/);
    const plain = await api.put('/rest/ip/firewall/address-list', { list: 'short', address: '10.8.8.9' });
    assert.equal(plain.json.dynamic, 'false');
    assert.equal(plain.json.timeout, undefined);
    await new Promise((ok) => setTimeout(ok, 2600));
    const left = (await api.get('/rest/ip/firewall/address-list?list=short')).json.map((x: any) => x.address);
    assert.deepEqual(left, ['10.8.8.9']);
  });
});
