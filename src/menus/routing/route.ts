// /routing/route: every route with all its attributes. RouterOS 7 keeps /ip/route to the basic
// ones ("/ip route and /ipv6 route menus are used to add static routes and for simplicity show
// only basic route attributes", manual "Moving from ROSv6 to v7"); the protocol's own
// attributes (`belongs-to`, `bgp.as-path` ...) are values of /routing/route only (the 7.22
// tree). The same records as /ip/route (one store table), read-only but for comment and
// disabled, as the tree's `set` takes.

import type { FieldDecl, MenuDecl } from '../../core/schema.js';
import { str } from '../../core/values.js';
import { route } from '../ip/route.js';
import { TREE } from '../../tree/declare.js';

const shown = (f: FieldDecl, name: string): FieldDecl => (name === 'disabled' ? f : { ...f, readOnly: true });

export const routingRoute: MenuDecl = {
  path: 'routing/route',
  kind: 'table',
  table: 'ip/route',
  rows: route.rows,
  fields: {
    // IPv4 routes only yet (the lab's protocols publish into /ip/route); `ip4` as the manual's print shows.
    afi: { type: str(), readOnly: true, stable: true, derive: () => 'ip4' },
    // /ip/route's fields but `dynamic` and `inactive`, which the 7.22 tree's /routing/route lacks.
    ...Object.fromEntries(Object.entries(route.fields ?? {}).filter(([n]) => n !== 'dynamic' && n !== 'inactive').map(([n, f]) => [n, shown(f, n)])),
    'belongs-to': { type: TREE, readOnly: true },
    'bgp.as-path': { type: TREE, readOnly: true },
    'bgp.local-pref': { type: TREE, readOnly: true },
    'bgp.med': { type: TREE, readOnly: true },
    'bgp.origin': { type: TREE, readOnly: true },
    'bgp.communities': { type: TREE, readOnly: true },
  },
};
