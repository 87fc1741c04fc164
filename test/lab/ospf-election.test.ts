// The DR election of test/lab/ospf.clab.yml's LAN over time, in a lab of its own (it leaves
// the LAN with another DR): RouterOS follows RFC 2328 9.4, where an elected DR or BDR keeps
// its role (docs/routeros-facts.md 26.3).

import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startLab, until, type TestLab } from './lab.js';

let t: TestLab;
before(async () => { t = await startLab('ospf.clab.yml', { requestLimitMs: 5000 }); });
after(() => t.stop());

describe('OSPF: DR election over time', () => {
  test('the election does not preempt: a higher priority later takes nothing; the BDR takes over from a DR that goes', async () => {
    const r1 = t.rest('r1'), r3 = t.rest('r3');
    const lan = (await r1.get('/rest/routing/ospf/interface-template?networks=10.0.100.0/24')).json[0]['.id'];
    const view = async () => (await t.rest('r4').get('/rest/routing/ospf/interface?.proplist=dr,bdr&interface=ether2')).json[0];
    try {
      assert.equal((await r1.patch(`/rest/routing/ospf/interface-template/${lan}`, { priority: '255' })).status, 200);
      // Once the stage has run again (r1's interface shows the new priority), r3 is still the DR.
      await until(() => r1.get('/rest/routing/ospf/interface?.proplist=priority&interface=ether4'), (r) => r.json?.[0]?.priority === '255');
      assert.deepEqual(await view(), { dr: '10.0.100.3', bdr: '10.0.100.2' });
      await r3.patch('/rest/interface/ether4', { disabled: 'true' });
      assert.deepEqual(await until(view, (v) => v.dr === '10.0.100.2'), { dr: '10.0.100.2', bdr: '10.0.100.1' });
      await r3.patch('/rest/interface/ether4', { disabled: 'false' });
      const n = await until(() => r3.get('/rest/routing/ospf/neighbor?.proplist=state&interface=ether4'), (r) => r.json?.length === 3);
      assert.equal(n.json.length, 3);
      assert.deepEqual(await view(), { dr: '10.0.100.2', bdr: '10.0.100.1' });
    } finally {
      await r3.patch('/rest/interface/ether4', { disabled: 'false' });
      await r1.patch(`/rest/routing/ospf/interface-template/${lan}`, { priority: '128' });
    }
  });
});
