// Which VRF each interface is in, as the router assigns them (manual "Virtual Routing and
// Forwarding", routeros-facts.md 54.6): the enabled VRFs in order, each taking the interfaces
// (and the members of the interface lists) its `interfaces` names that no VRF before it took;
// `main` has the rest. The routing table (./rib.ts) puts an interface's connected routes in
// its VRF's table.

import type { Environment } from '../../core/schema.js';
import { parseId, type Row } from '../../core/store.js';
import { INTERFACE_TABLE } from '../interface/interface.js';

const rowOf = (env: Environment, table: string, stored: string): Row | undefined => {
  const id = stored.startsWith('*') ? parseId(stored) : undefined;
  return id !== undefined ? env.store.table(table).get(id) : env.store.table(table).byKey.get(stored);
};

/** The VRF of every interface a VRF other than main takes, by interface id. */
export function vrfOfInterfaces(env: Environment): Map<number, string> {
  const out = new Map<number, string>();
  const vrfs = env.store.table('ip/vrf').rows;
  if (!vrfs.length) return out;
  const members = env.store.table('interface/list/member').rows;
  for (const vrf of vrfs) {
    const name = vrf.values.name;
    if (vrf.values.disabled === 'true' || !name || name === 'main') continue;
    for (const item of (vrf.values.interfaces ?? '').split(',')) {
      if (!item) continue;
      const iface = rowOf(env, INTERFACE_TABLE, item);
      const ids = iface ? [iface.id] : (() => {
        const list = rowOf(env, 'interface/list', item);
        if (!list) return [];
        return members.flatMap((m) => (m.values.disabled !== 'true' && m.values.list && rowOf(env, 'interface/list', m.values.list)?.id === list.id
          ? [rowOf(env, INTERFACE_TABLE, m.values.interface ?? '')?.id ?? -1] : [])).filter((id) => id >= 0);
      })();
      for (const id of ids) if (!out.has(id)) out.set(id, name);
    }
  }
  return out;
}
