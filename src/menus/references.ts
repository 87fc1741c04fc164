// What the arguments of generated menus name: an `interface` is an interface, an
// `address-pool` a pool. Stored as the record's id, so a rename follows through (as on the
// router: rename ether1 and every menu shows the new name) and a value naming nothing is
// refused with the router's `input does not match any value of <arg>`.

import type { Reference } from '../core/schema.js';
import { dirAt } from '../tree/tree.js';

// Words the router takes besides names (`interface=all`, `address-pool=static-only`).
const INTERFACE: Reference = { table: 'interface', words: ['all', 'none'] };

// A simple queue by name, or where a new one goes (`insert-queue-before=first`): DHCP servers,
// leases, PPP and hotspot profiles place the queues they make (manual "DHCP": insert-queue-before
// "bottom | first | queue name").
const SIMPLE_QUEUE: Reference = { table: 'queue/simple', words: ['bottom', 'first'] };

const BY_NAME: Record<string, Reference> = {
  interface: INTERFACE,
  'master-interface': INTERFACE,
  'address-pool': { table: 'ip/pool', words: ['static-only', 'none'] },
  'interface-list': { table: 'interface/list', words: ['none'] },
  'insert-queue-before': SIMPLE_QUEUE,
  'parent-queue': { table: 'queue/simple', words: ['none'] },
  'default-profile': { table: 'ppp/profile' },
};

// Arguments whose word means different records in different menus: a PPP client's `profile`
// is a /ppp profile, an IPsec peer's an /ip ipsec profile.
const PPP_PROFILE: Reference = { table: 'ppp/profile' };
const BY_PATH: Record<string, Record<string, Reference>> = {
  'ppp/secret': { profile: PPP_PROFILE },
  'interface/l2tp-client': { profile: PPP_PROFILE },
  'interface/pptp-client': { profile: PPP_PROFILE },
  'interface/sstp-client': { profile: PPP_PROFILE },
  'interface/ovpn-client': { profile: PPP_PROFILE },
  'interface/pppoe-client': { profile: PPP_PROFILE },
  'ip/ipsec/peer': { profile: { table: 'ip/ipsec/profile' } },
  'ip/ipsec/identity': { peer: { table: 'ip/ipsec/peer' } },
  'ip/ipsec/policy': { proposal: { table: 'ip/ipsec/proposal' }, group: { table: 'ip/ipsec/policy/group' } },
  'interface/wireless': { 'security-profile': { table: 'interface/wireless/security-profiles' } },
  'ip/dhcp-server/lease': { server: { table: 'ip/dhcp-server', words: ['all'] } },
  'routing/ospf/area': { instance: { table: 'routing/ospf/instance' } },
  'routing/ospf/interface-template': { area: { table: 'routing/ospf/area' } },
  'routing/bgp/connection': { templates: { table: 'routing/bgp/template' } },
};

export function references(path: string, name: string): Reference | undefined {
  const found = BY_PATH[path]?.[name]
    // The menus of a kind of interface name their own records otherwise (bridge ports: `bridge`).
    ?? (path === 'interface/bridge/port' || path === 'interface/list/member' ? undefined : BY_NAME[name]);
  // A release whose tree lacks the table named has no such records to name: the tree's type stands.
  return found && (found.table === 'interface' || dirAt(found.table)) ? found : undefined;
}
