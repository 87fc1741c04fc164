// The routing table a protocol's configuration names. `routing-table` and `vrf` arguments are
// stored as references (src/menus/references.ts): the id of a /routing/table or /ip/vrf
// record (`*1`), or a word such as `main`; routes carry the table's name, as they print.

import type { Environment } from '../../core/schema.js';
import { parseId } from '../../core/store.js';

/** The name of the table `stored` names; `main` when nothing is named. */
export function tableName(env: Environment, stored: string | undefined): string {
  if (!stored) return 'main';
  const id = stored.startsWith('*') ? parseId(stored) : undefined;
  if (id === undefined) return stored;
  return (env.store.table('routing/table').get(id) ?? env.store.table('ip/vrf').get(id))?.values.name ?? stored;
}
