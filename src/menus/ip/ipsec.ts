// /ip/ipsec/active-peers and /ip/ipsec/installed-sa: what a lab's IPsec (src/lab/tunnels/ipsec.ts)
// negotiated, published as dynamic records. The fields are the 7.x tree's (routeros-facts.md
// 55.4); `uptime` counts from the moment phase 1 was established, kept as a hidden value.

import type { FieldDecl, MenuDecl } from '../../core/schema.js';
import { formatDuration, str } from '../../core/values.js';

/** Whole seconds, as a console print shows an active peer's uptime (`31m53s`). */
const seconds = (ms: number) => formatDuration(Math.floor(ms / 1000) * 1000);

const shown = (names: readonly string[]): Record<string, FieldDecl> =>
  Object.fromEntries(names.map((n) => [n, { type: str(), readOnly: true }]));

export const ipsecActivePeers: MenuDecl = {
  path: 'ip/ipsec/active-peers',
  kind: 'table',
  fields: {
    ...shown(['id', 'local-address', 'port', 'remote-address', 'state', 'side', 'ph2-total', 'rx-bytes', 'tx-bytes', 'rx-packets', 'tx-packets', 'responder', 'natt-peer']),
    uptime: {
      type: str(), readOnly: true,
      derive: (row, env) => {
        const since = Number(row.values['.established-at']);
        return Number.isFinite(since) ? seconds(Math.max(0, env.now() - since)) : undefined;
      },
    },
  },
};

export const ipsecInstalledSa: MenuDecl = {
  path: 'ip/ipsec/installed-sa',
  kind: 'table',
  fields: shown(['spi', 'src-address', 'dst-address', 'state', 'auth-algorithm', 'enc-algorithm', 'enc-key-size', 'current-bytes', 'current-packets', 'add-lifetime', 'seen-traffic']),
};
