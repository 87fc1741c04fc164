// Settings menus that are nothing but counters (`/ip ipsec statistics`, `/ip proxy inserts`):
// on a router where nothing was counted each shows 0, so none prints an empty record.

import type { MenuDecl } from '../core/schema.js';
import { withFields } from '../core/later.js';

export const COUNTER_MENUS: ReadonlySet<string> = new Set(['ip/ipsec/statistics', 'ip/proxy/inserts', 'ip/proxy/lookups', 'ip/proxy/refreshes']);

/** The menus with their counters starting at 0. */
export function withCounters(decls: readonly MenuDecl[]): MenuDecl[] {
  return decls.map((decl) => {
    if (!COUNTER_MENUS.has(decl.path)) return decl;
    return withFields(decl, (fields) => Object.fromEntries(Object.entries(fields).map(([n, f]) => [n, f.readOnly && f.default === undefined && !f.derive ? { ...f, default: '0' } : f])));
  });
}
