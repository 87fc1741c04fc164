// /ip/pool: named address ranges the DHCP server (and PPP, hotspot) hand addresses out of.

import type { Environment, MenuDecl } from '../../core/schema.js';
import { ipRange, listOf, name } from '../../core/values.js';
import { ref } from '../common.js';

function freeName(env: Environment, stem: string): string {
  const taken = env.store.table('ip/pool').byKey;
  let n = 1;
  while (taken.has(stem + n)) n++;
  return stem + n;
}

export const pool: MenuDecl = {
  path: 'ip/pool',
  kind: 'table',
  key: 'name',
  fields: {
    // A pool added without a name gets the first free `poolN`, as the router names new items.
    name: { type: name, initial: (env) => freeName(env, 'pool') },
    ranges: { type: listOf(ipRange), required: true },
    // Where addresses come from once this pool is used up; shown only when set.
    'next-pool': ref('ip/pool'),
  },
};
