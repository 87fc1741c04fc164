// VLANs across a switch, from test/lab/vlans.clab.yml: a trunk through a VLAN-filtering
// bridge carries VLANs 10 and 20 tagged; VLAN 30 is not a member and does not cross.

import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startLab, type TestLab } from './lab.js';

let t: TestLab;
before(async () => { t = await startLab('vlans.clab.yml', { requestLimitMs: 5000 }); });
after(() => t.stop());

const ping = async (address: string) => (await t.rest('a').post('/rest/ping', { address, count: '1' })).json[0] as Record<string, string>;

describe('VLANs through a VLAN-filtering bridge', () => {
  test('a tagged VLAN the switch carries reaches the far router in one layer-2 hop', async () => {
    for (const address of ['10.10.0.2', '10.20.0.2']) {
      const res = await ping(address);
      assert.equal(res.received, '1', address);
      assert.equal(res.ttl, '64', 'switched, not routed');
    }
    // Learned on the VLAN interfaces (an entry of VLAN 30 that another test let through may be there too).
    const arp = (await t.rest('a').get('/rest/ip/arp?.proplist=address,interface')).json as Record<string, string>[];
    assert.deepEqual(arp.filter((a) => a.interface !== 'vlan30'), [{ address: '10.10.0.2', interface: 'vlan10' }, { address: '10.20.0.2', interface: 'vlan20' }]);
  });

  test('a VLAN the switch does not carry stays on its side', async () => {
    assert.equal((await ping('10.30.0.2')).status, 'timeout');
  });

  test('adding the VLAN to the switch lets it through; a port out of the bridge cuts them all', async () => {
    const sw = t.rest('sw');
    const added = await sw.put('/rest/interface/bridge/vlan', { bridge: 'bridge', 'vlan-ids': '30', tagged: 'ether1,ether24' });
    assert.equal(added.status, 201, added.text);
    const port = (await sw.get('/rest/interface/bridge/port?interface=ether24')).json[0];
    try {
      assert.equal((await ping('10.30.0.2')).received, '1');
      await sw.patch(`/rest/interface/bridge/port/${port['.id']}`, { disabled: 'true' });
      assert.equal((await ping('10.10.0.2')).status, 'timeout');
      await sw.patch(`/rest/interface/bridge/port/${port['.id']}`, { disabled: 'false' });
      assert.equal((await ping('10.10.0.2')).received, '1');
    } finally {
      // The switch as the lab made it, for the tests after this one.
      await sw.patch(`/rest/interface/bridge/port/${port['.id']}`, { disabled: 'false' });
      await sw.delete(`/rest/interface/bridge/vlan/${added.json['.id']}`);
    }
  });
});
