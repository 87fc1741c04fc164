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
};

export function references(path: string, name: string): Reference | undefined {
  const own = BY_PATH[path]?.[name];
  if (own) return own;
  // The menus of a kind of interface name their own records otherwise (bridge ports: `bridge`).
  if (path === 'interface/bridge/port' || path === 'interface/list/member') return undefined;
  return BY_NAME[name];
}
