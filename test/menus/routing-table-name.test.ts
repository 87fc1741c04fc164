// The routing table a protocol's `routing-table` or `vrf` names (routeros-facts.md 26.8): each
// stored value is read through its own reference, so a VRF's id is never taken for the
// /routing/table entry that has the same id, and a VRF given as a routing table (`ip/vrf*N`)
// is that VRF's table.

import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { boot } from '../helpers/engine.js';
import { routingTableName } from '../../src/menus/references.js';

const r = boot();
after(() => r.close());

test('routing-table and vrf values name their own tables', async () => {
  const table = await r.add('routing/table', { name: 't1', fib: '' });
  const vrf = await r.add('ip/vrf', { name: 'v1', interfaces: 'ether2' });
  // Both tables number their records alike: the same id names a table and a VRF.
  assert.equal(table, vrf);
  const env = r.engine as unknown as Parameters<typeof routingTableName>[0];
  assert.equal(routingTableName(env, undefined), 'main');
  assert.equal(routingTableName(env, 'main'), 'main');
  assert.equal(routingTableName(env, table), 't1');
  assert.equal(routingTableName(env, vrf, 'vrf'), 'v1');
  assert.equal(routingTableName(env, `ip/vrf${vrf}`), 'v1');
  // What a route added with routing-table=v1 stores: the VRF's table.
  const route = await r.add('ip/route', { 'dst-address': '10.9.0.0/16', gateway: '192.168.88.2', 'routing-table': 'v1' });
  const stored = r.store.table('ip/route').get(parseInt(String(route).slice(1), 16))!.values['routing-table'];
  assert.equal(routingTableName(env, stored), 'v1');
});
