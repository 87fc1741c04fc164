// /routing/bgp/session: the sessions a lab's BGP stage publishes (src/lab/routing/bgp.ts).
// `uptime` counts from the moment the session was established, kept as a hidden value of the
// record, so each print shows the time since then as the router does.

import type { MenuDecl } from '../../core/schema.js';
import { formatDuration, str } from '../../core/values.js';
import { TREE } from '../../tree/declare.js';

/** The fields the lab's sessions carry, in the manual's order (types from the tree). */
const SHOWN = [
  'name', 'remote.address', 'remote.as', 'remote.id', 'remote.capabilities', 'remote.afi', 'remote.hold-time',
  'local.role', 'local.address', 'local.as', 'local.id', 'local.capabilities', 'local.afi',
  'output.filter-chain', 'output.network', 'input.filter', 'routing-table', 'ibgp', 'ebgp', 'multihop',
  'hold-time', 'keepalive-time', 'last-started', 'prefix-count', 'established',
];

export const bgpSession: MenuDecl = {
  path: 'routing/bgp/session',
  kind: 'table',
  fields: {
    ...Object.fromEntries(SHOWN.map((n) => [n, { type: TREE, readOnly: true }])),
    uptime: {
      type: str(), readOnly: true,
      derive: (row, env) => {
        const since = Number(row.values['.established-at']);
        if (row.values.established !== 'true' || !Number.isFinite(since)) return undefined;
        return formatDuration(Math.max(0, Math.floor((env.now() - since) / 1000)) * 1000);
      },
    },
  },
};
