// What the arguments of generated menus name: an `interface` is an interface, an
// `address-pool` a pool. Stored as the record's id, so a rename follows through (as on the
// router: rename ether1 and every menu shows the new name) and a value naming nothing is
// refused with the router's `input does not match any value of <arg>`. A record whose target
// is removed shows the target's id (`*7`) and, where the menu has the flag, `invalid`.
// Which arguments name what, and which are free names: docs/routeros-facts.md 23.2.

import { referenced } from '../core/records.js';
import type { Environment, MenuDecl, Reference } from '../core/schema.js';
import { dirAt } from '../tree/tree.js';
import { invalid } from './common.js';
import { hasField, withFields } from '../core/later.js';

// Words the router takes besides names (`interface=all`, `address-pool=static-only`).
const INTERFACE: Reference = { table: 'interface', words: ['all', 'none'] };
const BRIDGE: Reference = { table: 'interface', where: { type: 'bridge' } };

// A simple queue by name, or where a new one goes (`insert-queue-before=first`): DHCP servers,
// leases, PPP and hotspot profiles place the queues they make (manual "DHCP": insert-queue-before
// "bottom | first | queue name").
const SIMPLE_QUEUE: Reference = { table: 'queue/simple', words: ['bottom', 'first'] };

// A VRF, or the built-in `main` (manual "Virtual Routing and Forwarding": `main` is the
// router's own, listed with `*` builtin; the vrouter table holds only the added ones).
const VRF: Reference = { table: 'ip/vrf', words: ['main'] };
// A routing table: a /routing/table entry, the table a VRF makes (the manual: "a dynamic table
// with the same name is created"), or `main`.
const ROUTING_TABLE: Reference = { table: 'routing/table', words: ['main'], orNames: ['ip/vrf'] };

// A certificate of /certificate (manuals of CAPsMAN, OpenVPN, SSTP, IPsec, Hotspot, RADIUS,
// netwatch: "certificate name | none"); real exports never carry certificates, so an imported
// export that names one is refused as on the router.
const CERTIFICATE: Reference = { table: 'certificate', words: ['none'] };
// The CAPsMAN manager makes its own (`auto`), a CAP asks it for one (`request`).
const MANAGER_CERTIFICATE: Reference = { table: 'certificate', words: ['auto', 'none'] };
const CAP_CERTIFICATE: Reference = { table: 'certificate', words: ['none', 'request'] };

// Interfaces and interface lists, any number (`interfaces=ether1,LAN`; the tree completes both
// kinds: "ether1|lo|all|dynamic|none|static").
const INTERFACES: Reference = { table: 'interface', orNames: ['interface/list'], list: true };
const DHCP_OPTIONS: Reference = { table: 'ip/dhcp-server/option', list: true };
const DHCPV6_OPTIONS: Reference = { table: 'ipv6/dhcp-server/option', list: true };

const PPP_PROFILE: Reference = { table: 'ppp/profile' };
const IPV6_POOL: Reference = { table: 'ipv6/pool', words: ['static-only', 'none'] };
const QUEUE_TYPE: Reference = { table: 'queue/type' };
const OPTION_SET: Reference = { table: 'ip/dhcp-server/option/sets', words: ['none'] };

const BY_NAME: Record<string, Reference> = {
  interface: INTERFACE,
  'master-interface': INTERFACE,
  'address-pool': { table: 'ip/pool', words: ['static-only', 'none'] },
  'interface-list': { table: 'interface/list', words: ['none'] },
  'insert-queue-before': SIMPLE_QUEUE,
  'parent-queue': { table: 'queue/simple', words: ['none'] },
  'default-profile': PPP_PROFILE,
  vrf: VRF,
  'routing-table': ROUTING_TABLE,
  certificate: CERTIFICATE,
  'ca-certificate': CERTIFICATE,
  'remote-certificate': CERTIFICATE,
  'tls-certificate': CERTIFICATE,
  'ssl-certificate': CERTIFICATE,
  'eap-tls-certificate': CERTIFICATE,
  'security.tls-certificate': CERTIFICATE,
  'security.eap-tls-certificate': CERTIFICATE,
  'client-certificate': CERTIFICATE,
  'radsec-certificate': CERTIFICATE,
  'queue-type': QUEUE_TYPE,
  'dhcp-option-set': OPTION_SET,
};

// Records of a kind's own sub-menus: a wifi interface's `configuration=cfg1` names
// /interface/wifi/configuration cfg1 (manual "WiFi": "configuration ... name of a
// configuration profile"), as do CAPsMAN's.
const parts = (base: string, words: readonly string[]) =>
  Object.fromEntries(words.map((w) => [w, { table: `${base}/${w}` } as Reference]));
const WIFI_PARTS = parts('interface/wifi', ['configuration', 'datapath', 'security', 'channel', 'steering', 'interworking', 'aaa']);
const CAPSMAN_PARTS = parts('caps-man', ['configuration', 'datapath', 'security', 'channel']);

// Arguments whose word means different records in different menus: a PPP client's `profile`
// is a /ppp profile, an IPsec peer's an /ip ipsec profile.
const BY_PATH: Record<string, Record<string, Reference>> = {
  'ppp/secret': { profile: PPP_PROFILE },
  'ppp/profile': { bridge: BRIDGE, 'dhcpv6-pd-pool': IPV6_POOL, 'remote-ipv6-prefix-pool': IPV6_POOL },
  'interface/l2tp-client': { profile: PPP_PROFILE },
  'interface/pptp-client': { profile: PPP_PROFILE },
  'interface/sstp-client': { profile: PPP_PROFILE },
  'interface/ovpn-client': { profile: PPP_PROFILE },
  'interface/pppoe-client': { profile: PPP_PROFILE },
  'interface/ppp-client': { profile: PPP_PROFILE },
  'interface/ppp-server': { profile: PPP_PROFILE },
  'interface/macsec': { profile: { table: 'interface/macsec/profile' } },
  'interface/vpls': { bridge: BRIDGE },
  'interface/vxlan': { bridge: BRIDGE },
  'interface/bridge/vlan': { bridge: BRIDGE },
  'interface/bridge/host': { bridge: BRIDGE },
  'interface/bridge/mdb': { bridge: BRIDGE },
  'interface/bridge/msti': { bridge: BRIDGE },
  'interface/wifi': WIFI_PARTS,
  'interface/wifi/configuration': WIFI_PARTS,
  'interface/wifi/provisioning': {
    'master-configuration': { table: 'interface/wifi/configuration' },
    'slave-configurations': { table: 'interface/wifi/configuration', list: true },
  },
  'interface/wifi/capsman': { certificate: MANAGER_CERTIFICATE, 'ca-certificate': MANAGER_CERTIFICATE, interfaces: INTERFACES },
  'interface/wifi/cap': { certificate: CAP_CERTIFICATE },
  'caps-man/interface': CAPSMAN_PARTS,
  'caps-man/configuration': CAPSMAN_PARTS,
  'caps-man/datapath': { bridge: BRIDGE },
  'caps-man/provisioning': {
    'master-configuration': { table: 'caps-man/configuration' },
    'slave-configurations': { table: 'caps-man/configuration', list: true },
  },
  'caps-man/manager': { certificate: MANAGER_CERTIFICATE, 'ca-certificate': MANAGER_CERTIFICATE },
  // manual "CAPsMAN" (v6), CAP: "Set list of wireless interfaces to be controlled by Manager".
  'interface/wireless/cap': {
    certificate: CAP_CERTIFICATE, bridge: { ...BRIDGE, words: ['none'] },
    interfaces: { table: 'interface', where: { type: 'wlan' }, list: true },
  },
  'interface/wireless': { 'security-profile': { table: 'interface/wireless/security-profiles' } },
  'interface/wireless/connect-list': { 'security-profile': { table: 'interface/wireless/security-profiles' } },
  'ip/ipsec/peer': { profile: { table: 'ip/ipsec/profile' } },
  'ip/ipsec/identity': {
    peer: { table: 'ip/ipsec/peer' },
    // An EAP identity's export writes `certificate=""` (a CRS318-16P-2S+ 7.20.2 export, find_string 708714868).
    certificate: { ...CERTIFICATE, words: ['none', ''] },
    'policy-template-group': { table: 'ip/ipsec/policy/group' },
    'mode-config': { table: 'ip/ipsec/mode-config', words: ['none', 'request-only'] },
  },
  'ip/ipsec/policy': { proposal: { table: 'ip/ipsec/proposal' }, group: { table: 'ip/ipsec/policy/group' }, peer: { table: 'ip/ipsec/peer' } },
  'ip/vrf': { interfaces: INTERFACES },
  // The 7.22.3 deep inspect's completions: SMB takes interfaces and `all` (no lists: `dynamic`,
  // `static`, `none` are not offered), traffic flow interfaces, lists and `local`.
  'ip/smb': { interfaces: { table: 'interface', words: ['all'], list: true } },
  'ip/traffic-flow': { interfaces: { ...INTERFACES, words: ['local'] } },
  // The manual's CLI reference of the zerotier package: `interfaces`, `multi { interface:
  // iface_enum }` (interfaces, any number, no list), `all` by default (manual "ZeroTier").
  zerotier: { interfaces: { table: 'interface', words: ['all'], list: true } },
  'ipv6/dhcp-server': { 'address-pool': IPV6_POOL, 'prefix-pool': IPV6_POOL, 'dhcp-option': DHCPV6_OPTIONS },
  'ip/dhcp-server/lease': { server: { table: 'ip/dhcp-server', words: ['all'] }, 'dhcp-option': DHCP_OPTIONS },
  'ip/dhcp-server/network': { 'dhcp-option': DHCP_OPTIONS },
  'ip/dhcp-server/option/sets': { options: DHCP_OPTIONS },
  'ip/dhcp-server/matcher': { server: { table: 'ip/dhcp-server', words: ['all'] }, 'option-set': OPTION_SET },
  'ip/hotspot': { profile: { table: 'ip/hotspot/profile' } },
  'ip/hotspot/profile': { 'trial-user-profile': { table: 'ip/hotspot/user/profile' } },
  'ip/hotspot/user': { profile: { table: 'ip/hotspot/user/profile' }, server: { table: 'ip/hotspot', words: ['all'] } },
  'ip/hotspot/ip-binding': { server: { table: 'ip/hotspot', words: ['all'] } },
  'ip/kid-control/device': { user: { table: 'ip/kid-control' } },
  'ipv6/dhcp-server/binding': { 'prefix-pool': IPV6_POOL, server: { table: 'ipv6/dhcp-server', words: ['all'] }, 'dhcp-option': DHCPV6_OPTIONS },
  'queue/tree': {
    // manual "Queues": parent "any interface or another queue or global".
    parent: { table: 'interface', words: ['global'], orNames: ['queue/tree'] },
    queue: QUEUE_TYPE,
  },
  'routing/rule': { table: ROUTING_TABLE },
  'routing/ospf/area': { instance: { table: 'routing/ospf/instance' } },
  'routing/ospf/area/range': { area: { table: 'routing/ospf/area' } },
  'routing/ospf/interface-template': { area: { table: 'routing/ospf/area' }, interfaces: INTERFACES },
  'routing/ospf/static-neighbor': { area: { table: 'routing/ospf/area' } },
  'routing/rip/interface-template': { instance: { table: 'routing/rip/instance' }, interfaces: INTERFACES },
  'routing/rip/static-neighbor': { instance: { table: 'routing/rip/instance' } },
  'routing/isis/interface-template': { instance: { table: 'routing/isis/instance' }, interfaces: INTERFACES },
  'routing/pimsm/interface-template': { instance: { table: 'routing/pimsm/instance' }, interfaces: INTERFACES },
  'routing/pimsm/igmp-interface-template': { instance: { table: 'routing/pimsm/instance' }, interfaces: INTERFACES },
  'routing/gmp': { interfaces: INTERFACES },
  'routing/bfd/configuration': { interfaces: INTERFACES },
  'routing/pimsm/static-rp': { instance: { table: 'routing/pimsm/instance' } },
  'routing/pimsm/bsr/candidate': { instance: { table: 'routing/pimsm/instance' } },
  'routing/pimsm/bsr/rp-candidate': { instance: { table: 'routing/pimsm/instance' } },
  'routing/bgp/connection': { templates: { table: 'routing/bgp/template' }, instance: { table: 'routing/bgp/instance' } },
  'routing/bgp/evpn': { instance: { table: 'routing/bgp/instance' } },
  'routing/bgp/vpn': { instance: { table: 'routing/bgp/instance' } },
  'routing/bgp/vpls': { bridge: BRIDGE },
  'mpls/ldp/accept-filter': { vrf: { ...VRF, words: ['any', 'main'] } },
  'mpls/ldp/advertise-filter': { vrf: { ...VRF, words: ['any', 'main'] } },
  'user-manager/user': { group: { table: 'user-manager/user/group' } },
  'user-manager/user-profile': { user: { table: 'user-manager/user' }, profile: { table: 'user-manager/profile' } },
  'user-manager/payment': { user: { table: 'user-manager/user' }, profile: { table: 'user-manager/profile' } },
  'user-manager/profile-limitation': { profile: { table: 'user-manager/profile' }, limitation: { table: 'user-manager/limitation' } },
};

// Menus whose word names their own kind of record otherwise (bridge ports: `bridge`, list
// members: `list`), declared by hand.
const OWN = new Set(['interface/bridge/port', 'interface/list/member']);

const has = (table: string) => table === 'interface' || dirAt(table) !== undefined;

export function references(path: string, name: string): Reference | undefined {
  const found = BY_PATH[path]?.[name] ?? (OWN.has(path) ? undefined : BY_NAME[name]);
  // A release whose tree lacks the table named has no such records to name: the tree's type stands.
  if (!found || !has(found.table)) return undefined;
  const others = found.orNames?.filter(has);
  return others?.length === found.orNames?.length ? found : { ...found, orNames: others };
}

/**
 * A generated menu whose records name others flags a record `invalid` when its target is gone,
 * where the router shows the flag (its `get` names `invalid`): a DHCP server whose interface or
 * pool was removed (manual "DHCP": "I - invalid").
 */
export function withReferenceStatus(decls: readonly MenuDecl[], handPaths: ReadonlySet<string>): MenuDecl[] {
  return decls.map((decl) => handPaths.has(decl.path) || !hasField(decl, 'invalid') ? decl : withFields(decl, (fields) => {
    const status = fields.invalid;
    if (!status || status.derive || !Object.values(fields).some((f) => f.ref)) return undefined;
    return { ...fields, invalid: invalid(decl.path) };
  }));
}

/**
 * The name of the routing table a stored value names, read through the reference it was
 * stored by: a `routing-table` (`*1` a /routing/table entry, `ip/vrf*1` a VRF's table) or,
 * with `as: 'vrf'`, a `vrf` (`*1` a VRF). `main` when nothing is named; the stored text when
 * its target is gone.
 */
export function routingTableName(env: Environment, stored: string | undefined, as: 'routing-table' | 'vrf' = 'routing-table'): string {
  if (!stored) return 'main';
  const target = referenced(as === 'vrf' ? VRF : ROUTING_TABLE, stored);
  return (target && env.nameOf(target.table, target.id)) ?? stored;
}
