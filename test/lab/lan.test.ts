// Three routers on one LAN through a switch of the host (test/lab/lan.clab.yml): containerlab's
// `bridge` kind joins every link to it into one segment; it is no router.

import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startLab, type TestLab } from './lab.js';

let t: TestLab;
before(async () => { t = await startLab('lan.clab.yml'); });
after(() => t.stop());

describe('a LAN through a switch of the host', () => {
  test('only the routers are nodes of the lab', () => {
    assert.deepEqual(t.lab.nodes.map((n) => n.name), ['r1', 'r2', 'r3']);
  });

  test('every router reaches every other in one hop and hears it', async () => {
    for (const address of ['10.5.0.2', '10.5.0.3']) {
      const res = (await t.rest('r1').post('/rest/ping', { address, count: '1' })).json[0];
      assert.equal(res.received, '1', address);
      assert.equal(res.ttl, '64');
    }
    const heard = (await t.rest('r1').get('/rest/ip/neighbor')).json.map((n: Record<string, string>) => [n.interface, n.identity]);
    assert.deepEqual(heard, [['ether2', 'r2'], ['ether2', 'r3']]);
  });

  test('a router that disables its port leaves the LAN; the others keep their link', async () => {
    await t.rest('r3').patch('/rest/interface/ether2', { disabled: 'true' });
    try {
      assert.equal((await t.rest('r1').get('/rest/interface/ether2')).json.running, 'true');
      assert.equal((await t.rest('r1').post('/rest/ping', { address: '10.5.0.3', count: '1' })).json[0].status, 'timeout');
      assert.equal((await t.rest('r1').post('/rest/ping', { address: '10.5.0.2', count: '1' })).json[0].received, '1');
      assert.deepEqual((await t.rest('r1').get('/rest/ip/neighbor')).json.map((n: Record<string, string>) => n.identity), ['r2']);
    } finally {
      await t.rest('r3').patch('/rest/interface/ether2', { disabled: 'false' });
    }
  });
});
