// The routing filters of one router of a lab: its chains (/routing/filter/rule) and the lists
// a rule names (/ip/firewall/address-list, /routing/filter/num-list, community-list), read from
// its configuration for the language of src/menus/routing/filter-language.ts.

import type { Environment } from '../../core/schema.js';
import { chainsOf, runChain, type Chains, type FilterLists, type FilterRoute } from '../../menus/routing/filter-language.js';

export type { FilterRoute } from '../../menus/routing/filter-language.js';

/** A router's filters, read once per run of a stage. */
export class RouterFilters {
  readonly chains: Chains;
  readonly lists: FilterLists;

  constructor(env: Environment) {
    this.chains = chainsOf(env.store.table('routing/filter/rule').rows);
    const enabled = (table: string) => env.store.table(table).rows.filter((r) => r.values.disabled !== 'true');
    const addresses = new Map<string, string[]>();
    for (const r of enabled('ip/firewall/address-list')) {
      const list = addresses.get(r.values.list) ?? [];
      list.push(r.values.address ?? '');
      addresses.set(r.values.list, list);
    }
    this.lists = {
      addressList: (name) => addresses.get(name) ?? [],
      numList: (name) => enabled('routing/filter/num-list').filter((r) => r.values.list === name).map((r) => {
        const [a, b] = (r.values.range ?? '').split('-').map(Number);
        return [a, Number.isFinite(b) ? b : a] as [number, number];
      }),
      communityList: (name) => enabled('routing/filter/community-list').filter((r) => r.values.list === name)
        .flatMap((r) => (r.values.communities ?? '').split(',').filter(Boolean)),
    };
  }

  /** The route a chain lets through (with its changes), or undefined. No chain named: unchanged. */
  run(chain: string | undefined, route: FilterRoute): FilterRoute | undefined {
    if (!chain) return route;
    return runChain(this.chains, chain, route, this.lists);
  }
}
