// /routing/bgp/session: the sessions a lab's BGP stage publishes (src/lab/routing/bgp.ts).
// `uptime` counts from the moment the session was established, kept as a hidden value of the
// record, so each print shows the time since then as the router does.

import type { MenuDecl } from '../../core/schema.js';
import { formatDuration, str } from '../../core/values.js';
import { TREE } from '../../tree/declare.js';

/** The fields the lab's sessions carry, in the manual's order (types from the tree). */
const SHOWN = [
  'name', 'remote.address', 'remote.as', 'remote.id', 'remote.capabilities', 'remote.afi', 'remote.eor',
  'local.address', 'local.as', 'local.id', 'local.capabilities', 'local.afi', 'local.eor',
  'output.filter-chain', 'output.network', 'input.filter', 'ibgp', 'ebgp', 'multihop', 'routing-table',
  'hold-time', 'keepalive-time', 'uptime', 'last-started', 'prefix-count', 'established',
];

export const bgpSession: MenuDecl = {
  path: 'routing/bgp/session',
  kind: 'table',
  // Session ids as a real 7.x router numbers them (`*2800001` in an API capture).
  firstId: 0x2800001,
  fields: {
    ...Object.fromEntries(SHOWN.map((n) => [n, { type: TREE, readOnly: true }])),
    // With milliseconds, as a real 7.x API capture shows (`53m10s720ms`).
    uptime: {
      type: str(), readOnly: true,
      derive: (row, env) => {
        const since = Number(row.values['.established-at']);
        if (row.values.established !== 'true' || !Number.isFinite(since)) return undefined;
        return formatDuration(Math.max(0, env.now() - since));
      },
    },
  },
};
