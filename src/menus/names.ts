// Menus whose records carry a name the router does not keep unique: two records may share
// it, so it names no record in URLs and `numbers` (a record is found by its id, or with
// `find name=...`). Real exports repeat names in these menus (issue 23: `/routing id` and
// `/routing bgp connection` entries exported with the same name load on a real router).

import type { MenuDecl } from '../core/schema.js';
import { copyOf } from '../core/later.js';

export const NAMES_REPEAT: ReadonlySet<string> = new Set(['routing/id', 'routing/bgp/connection']);

/** The menus with `key` taken off where names repeat. */
export function withRepeatingNames(decls: readonly MenuDecl[]): MenuDecl[] {
  return decls.map((decl) => {
    if (!NAMES_REPEAT.has(decl.path) || decl.key === undefined) return decl;
    const copy = copyOf(decl);
    copy.key = undefined;
    return copy;
  });
}
