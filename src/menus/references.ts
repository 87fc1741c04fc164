// What the arguments of generated menus name: an `interface` is an interface, an
// `address-pool` a pool. Stored as the record's id, so a rename follows through (as on the
// router: rename ether1 and every menu shows the new name) and a value naming nothing is
// refused with the router's `input does not match any value of <arg>`.

import type { Reference } from '../core/schema.js';

// Words the router takes besides names (`interface=all`, `address-pool=static-only`).
const INTERFACE: Reference = { table: 'interface', words: ['all', 'none'] };

const BY_NAME: Record<string, Reference> = {
  interface: INTERFACE,
  'master-interface': INTERFACE,
  'address-pool': { table: 'ip/pool', words: ['static-only', 'none'] },
  'interface-list': { table: 'interface/list', words: ['none'] },
};

export function references(path: string, name: string): Reference | undefined {
  // The menus of a kind of interface name their own records otherwise (bridge ports: `bridge`).
  if (path === 'interface/bridge/port' || path === 'interface/list/member') return undefined;
  return BY_NAME[name];
}
