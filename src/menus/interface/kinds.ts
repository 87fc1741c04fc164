// The kinds of interface the tree has menus for (`/interface/wireguard`, `/interface/vrrp`
// ...) beyond those declared by hand: each is a view of the one interface table, narrowed to
// its `type`, so that its interfaces show in `/interface`, share one name space with the
// others and can be named wherever an interface is asked for.

import { failure } from '../../core/errors.js';
import type { MenuDecl } from '../../core/schema.js';
import { hasField, withFields } from '../../core/later.js';
import { DUPLICATE_NAME, INTERFACE_TABLE, interfaceFields } from './interface.js';

/**
 * The `type` /interface shows for each kind and the stem of the names the router gives a
 * new one (`wireguard1`); the menu's own word where the router uses it for both.
 */
const KINDS: Record<string, { type?: string; stem?: string; builtinRemove?: string }> = {
  '6to4': { type: '6to4-tunnel', stem: '6to4-tunnel' },
  bonding: { type: 'bond' },
  eoip: { stem: 'eoip-tunnel' },
  eoipv6: { type: 'eoipv6-tunnel', stem: 'eoipv6-tunnel' },
  gre: { type: 'gre-tunnel', stem: 'gre-tunnel' },
  gre6: { type: 'gre6-tunnel', stem: 'gre6-tunnel' },
  ipip: { type: 'ipip-tunnel', stem: 'ipip-tunnel' },
  ipipv6: { type: 'ipipv6-tunnel', stem: 'ipipv6-tunnel' },
  'l2tp-client': { type: 'l2tp-out', stem: 'l2tp-out' },
  'l2tp-server': { type: 'l2tp-in', stem: 'l2tp-in' },
  'l2tp-ether': {},
  macsec: {},
  macvlan: {},
  mesh: {},
  'ovpn-client': { type: 'ovpn-out', stem: 'ovpn-out' },
  'ovpn-server': { type: 'ovpn-in', stem: 'ovpn-in' },
  'ppp-client': { type: 'ppp-out', stem: 'ppp-out' },
  'ppp-server': { type: 'ppp-in', stem: 'ppp-in' },
  'pppoe-client': { type: 'pppoe-out', stem: 'pppoe-out' },
  'pppoe-server': { type: 'pppoe-in', stem: 'pppoe-in' },
  'pptp-client': { type: 'pptp-out', stem: 'pptp-out' },
  'pptp-server': { type: 'pptp-in', stem: 'pptp-in' },
  'sstp-client': { type: 'sstp-out', stem: 'sstp-out' },
  'sstp-server': { type: 'sstp-in', stem: 'sstp-in' },
  veth: {},
  vpls: {},
  vrrp: {},
  vxlan: {},
  // The radios are hardware (community.routeros PR 266, RouterOS 7.13: routeros-facts.md 21).
  wifi: { builtinRemove: 'not allowed to remove' },
  // 7.9-7.12's menu of the same radios (the wifiwave2 package): interfaces of type wifi, named wifi1 ...
  wifiwave2: { type: 'wifi', stem: 'wifi', builtinRemove: 'not allowed to remove' },
  wireguard: { type: 'wg' },
  // A ZeroTier network's interface, whose menu is /zerotier/interface (ELSEWHERE).
  zerotier: {},
  // The wireless package's radios and virtual APs (tree/packages.json).
  wireless: { type: 'wlan', stem: 'wlan' },
};

/**
 * The router's words when a remove names one of the board's own interfaces (a radio, found by
 * its `default-name`): a wireless radio over REST answers `failure: cannot remove hardware
 * device` (terraform-provider-routeros issue 570; routeros-facts.md 21).
 */
export const HARDWARE_REMOVE = 'cannot remove hardware device';

/** Kinds whose menu is elsewhere: a ZeroTier network's interface (`/zerotier interface add name=zerotier1`). */
const ELSEWHERE: Record<string, string> = { 'zerotier/interface': 'zerotier' };

/** Where a generated menu's records live: an interface kind's in the interface table. */
export function placeInterfaceKind(path: string, decl: MenuDecl): MenuDecl | undefined {
  const word = ELSEWHERE[path] ?? /^interface\/([^/]+)$/.exec(path)?.[1];
  const kind = word === undefined ? undefined : KINDS[word];
  if (!kind || decl.kind !== 'table' || !hasField(decl, 'name')) return undefined;
  const type = kind.type ?? word;
  const stem = kind.stem ?? word;
  // The generated declaration is the tree's own, placed once: its fields stay to come.
  return Object.assign(withFields(decl, (fields) => ({ ...fields, name: { ...fields.name, ...interfaceFields.name(stem) } })), {
    table: INTERFACE_TABLE,
    variant: { type },
    key: 'name',
    duplicateKey: DUPLICATE_NAME,
    // A user's interfaces of the kind go; the board's own (its radios) stay for good.
    canRemove(row) {
      if (row.values['default-name'] !== undefined) throw failure(kind.builtinRemove ?? HARDWARE_REMOVE);
    },
  } satisfies Partial<MenuDecl>);
}
