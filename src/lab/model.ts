// The lab's model of one router: what the network sees of it, read from its configuration
// once and kept until the configuration changes (Batfish's vendor-independent model:
// configuration -> model -> computed data plane). Forwarding, ARP/ND, DHCP, discovery,
// tunnels and every routing stage (./routing/*) read a node through this model and nothing
// else; only the builder (./model-*.ts) reads a router. The data's way is one-directional:
//
//   router (store, device) -> model (this file's shapes) -> network (./fabric.ts, ./forward.ts,
//   ./routing/*) -> published dynamic records (routes, neighbours, sessions, leases)
//
// The model is plain data of both address families: a host of the lab (containerlab's
// `kind: linux`, made from its `exec:` lines) is a model of the same shape, built from
// something other than a router's store. Every section is the router's configuration as
// the router itself reads it (defaults filled in, references resolved to ids and names,
// running state worked out); where a field comes from is said beside it as `menu field`.
//
// Sections are built lazily and rebuilt only when a table they read changes (the store's
// onCommit), or the carrier of a port (./model-router.ts says which tables each reads): a
// change on one router of a thousand rebuilds that router's changed sections alone.
//
// Adding a field: put it in the shape here (with its source), fill it in its section's
// builder (./model-*.ts), and if it reads a table the section did not read yet, add the
// table to the section's `tables` in ./model-router.ts. Adding a section: a key of
// RouterModel, its builder, and its entry in ./model-router.ts SECTIONS (the tables it reads,
// the sections it uses, whether it reads carrier). A reader never keeps a section across a
// change it must see: it asks the node's model again (`node.model.interfaces`), which is the
// current one.

import type { FilterRoute } from '../menus/routing/filter-language.js';
import type { Prefix } from '../core/prefix.js';

export type { FilterRoute } from '../menus/routing/filter-language.js';
/** Where the lab's VRRP election is published, and the interfaces section reads it back. */
export { VRRP_STATE_TABLE } from '../menus/interface/interface.js';
/** Where the lab's tunnels publish whether a tunnel with keepalive hears its far end. */
export { TUNNEL_STATE_TABLE } from '../menus/interface/interface.js';

/** An address family: 4 (`/ip`) or 6 (`/ipv6`). */
export type Family = 4 | 6;

/** A node of the lab as the network reads it. */
export interface RouterModel {
  /** A RouterOS router (its store) or a Linux host (its `exec:` lines). */
  readonly kind: 'router' | 'host';
  readonly system: SystemModel;
  readonly interfaces: InterfacesModel;
  readonly addresses: AddressesModel;
  readonly routing: RoutingModel;
  readonly firewall: { readonly 4: FirewallModel; readonly 6: FirewallModel };
  readonly dhcp: DhcpModel;
  readonly ipv6: Ipv6Model;
  readonly tunnels: TunnelsModel;
  readonly ospf: OspfModel;
  readonly bgp: BgpModel;
  /** The routing filters (`/routing/filter/rule`) with the lists their rules name. */
  readonly filters: RoutingFilters;
}

// ---------------------------------------------------------------- system

export interface SystemModel {
  /** `/system identity name`; `MikroTik` when none is set. */
  readonly identity: string;
  /** `/system resource version` (`7.24 (stable)`). */
  readonly version: string;
  /** `/system routerboard board-name` of the emulated board. */
  readonly board: string;
  /** `/ip neighbor discovery-settings`, defaults filled in. */
  readonly discovery: {
    /** `discover-interface-list` as stored: a list name or id, `!` in front for "all but". */
    readonly interfaceList: string;
    /** `protocol`: `cdp,lldp,mndp` by default. */
    readonly protocols: readonly string[];
    /** `mode`: `tx-and-rx`, `tx-only` or `rx-only`. */
    readonly mode: string;
  };
}

// ---------------------------------------------------------------- interfaces

/** One interface of `/interface` (every kind: ports, bridges, VLANs, VRRP, tunnels ...). */
export interface Interface {
  /** The record's id (`*1A` is 0x1A). */
  readonly id: number;
  /** How other records name it: `*1A`. */
  readonly ref: string;
  /** `name`. */
  readonly name: string;
  /** `default-name`: the board's port name links name (`ether2`), whatever the user renamed it to. */
  readonly defaultName?: string;
  /** `type` as /interface shows it: `ether`, `bridge`, `vlan`, `vrrp`, `loopback`, `wg`, `gre-tunnel` ... */
  readonly type: string;
  /** Not `disabled`. */
  readonly enabled: boolean;
  /** `running`: enabled, with carrier (a port), its parent running (VLAN, VRRP), master (VRRP). */
  readonly running: boolean;
  /** `actual-mtu`: `mtu`, or for `auto` the smallest of a bridge's ports (1500 without). */
  readonly mtu: number;
  /** `mac-address` in use: a bridge's first port's (or `admin-mac`), a VLAN's parent's; 00:00:00:00:00:00 when none. */
  readonly mac: string;
  /** The record's own `mac-address` (else `orig-mac-address`), whatever the kind makes of it. */
  readonly storedMac?: string;
  /** The IPv6 link-local address made from `mac` (fe80::/64, EUI-64), when it has a MAC address. */
  readonly linkLocal?: string;
  /** The bridge it is an enabled port of (`/interface bridge port`), by id. */
  readonly bridge?: number;
  /** The interface its addresses work on and frames enter the router by: its bridge, else itself. */
  readonly actual: number;
  /** The VRF it belongs to (`/ip vrf interfaces`): the first enabled one naming it, else `main`. */
  readonly vrf: string;
  /** A VLAN interface's `vlan-id` and parent (`interface`). */
  readonly vlan?: { readonly id: number; readonly parent?: number };
  /** A bridge's `vlan-filtering` and `pvid`. */
  readonly bridgeSettings?: { readonly vlanFiltering: boolean; readonly pvid: number };
  /** A VRRP interface's settings and the lab's election (`/interface vrrp`). */
  readonly vrrp?: VrrpInterface;
}

export type VrrpState = 'disabled' | 'failure' | 'backup' | 'master';

export interface VrrpInterface {
  /** `interface`: the interface it runs on. */
  readonly parent?: number;
  readonly vrid: number;
  readonly priority: number;
  /** `preemption-mode`. */
  readonly preempt: boolean;
  /** `version`: 2 or 3 (default 3). */
  readonly version: string;
  /** `v3-protocol` (version 3; ipv4 otherwise). */
  readonly family: 'ipv4' | 'ipv6';
  /** `interval` as stored (`1s`). */
  readonly interval: string;
  /** Version 2's `authentication` and `password`. */
  readonly authentication: string;
  readonly password: string;
  /** `on-master`, `on-backup`, `on-fail` scripts. */
  readonly scripts: { readonly 'on-master'?: string; readonly 'on-backup'?: string; readonly 'on-fail'?: string };
  /** The interface whose state it follows (`group-authority`, older `group-master`), when another VRRP interface. */
  readonly authority?: number;
  /** Its state: disabled, failure (its parent does not run), else the lab's election (master alone). */
  readonly state: VrrpState;
}

/** A port of a bridge (`/interface bridge port`). */
export interface BridgePort {
  readonly id: number;
  readonly enabled: boolean;
  /** `bridge` and `interface`, by id. */
  readonly bridge?: number;
  readonly interface?: number;
  /** `pvid` (1). */
  readonly pvid: number;
}

/** A VLAN of a VLAN-filtering bridge (`/interface bridge vlan`). */
export interface BridgeVlan {
  readonly enabled: boolean;
  readonly bridge?: number;
  /** `vlan-ids`, ranges expanded (`10,20-22`). */
  readonly vlanIds: readonly number[];
  /** `tagged` and `untagged`, by interface id. */
  readonly tagged: readonly number[];
  readonly untagged: readonly number[];
}

/** A VRF (`/ip vrf`); `main` is every interface no other VRF takes. */
export interface Vrf {
  readonly name: string;
  readonly enabled: boolean;
  /** `interfaces` as stored (interfaces and interface lists). */
  readonly interfaces: string;
  /** The interfaces it takes, by id. */
  readonly members: readonly number[];
}

export interface InterfacesModel {
  /** Every interface, in the order of `/interface`. */
  readonly list: readonly Interface[];
  readonly byId: ReadonlyMap<number, Interface>;
  readonly byName: ReadonlyMap<string, Interface>;
  /** By `default-name`. */
  readonly byDefaultName: ReadonlyMap<string, Interface>;
  /** Every bridge port entry, enabled or not, in order. */
  readonly ports: readonly BridgePort[];
  readonly bridgeVlans: readonly BridgeVlan[];
  readonly vrfs: readonly Vrf[];
  /** The interface a stored reference (`*1A`) or a name points at. */
  resolve(stored: string | undefined): Interface | undefined;
  /** The name of an interface list a record names (`*2000010` or the name itself). */
  listName(stored: string): string | undefined;
  /**
   * Whether an interface belongs to an interface list (`/interface list member`, its
   * `include`s; a bridge port counts with its bridge; `all` and `static` hold every one).
   */
  inList(list: string, iface: Interface): boolean;
}

// ---------------------------------------------------------------- addresses

/** An address of `/ip address` or `/ipv6 address` as stored (dynamic ones too: DHCP's). */
export interface Address {
  readonly family: Family;
  readonly id: number;
  readonly dynamic: boolean;
  readonly enabled: boolean;
  /** `address` as stored: `10.0.0.1/24`. */
  readonly address: string;
  readonly ip: string;
  readonly prefix: number;
  /** The network with its length: `10.0.0.0/24`. */
  readonly network?: string;
  /** `interface` as stored (`*3`), and the interface it names. */
  readonly interfaceRef: string;
  readonly interface?: number;
  /** The interface it works on: its interface's bridge, else that interface. */
  readonly on?: number;
  /** Enabled, on an interface that runs (a bridge port's address on its running bridge). */
  readonly working: boolean;
  /**
   * IPv6: `advertise` (its prefix, a /64's, in the router advertisements of its interface);
   * yes by default (routeros-facts.md 54.3). Never for IPv4 (nor a host's: undefined).
   */
  readonly advertise?: boolean;
  /**
   * IPv6: how the address was made: as written, `eui-64` (the prefix with the interface's
   * EUI-64 identifier), or `from-pool` (a pool's prefix with the written address's host bits;
   * not working while the pool has no prefix).
   */
  readonly origin?: 'eui-64' | 'from-pool';
}

export interface AddressesModel {
  /** Every address of the family, in the order of its menu. */
  readonly 4: readonly Address[];
  readonly 6: readonly Address[];
  /** The working ones (see Address.working). */
  readonly working: { readonly 4: readonly Address[]; readonly 6: readonly Address[] };
}

// ---------------------------------------------------------------- routing

/** A route of `/ip route` or `/ipv6 route` as stored: users' static routes and protocols' dynamic ones. */
export interface RouteRecord {
  readonly family: Family;
  readonly id: number;
  readonly dynamic: boolean;
  readonly enabled: boolean;
  /** `dst-address` (`0.0.0.0/0` or `::/0` when none). */
  readonly dst: string;
  /** `gateway`, each of its comma-separated gateways (`10.0.0.1`, `ether2`, `10.0.0.1%ether2`). */
  readonly gateways: readonly string[];
  /** `distance` (1), `scope` (30), `target-scope` (10). */
  readonly distance: number;
  readonly scope: number;
  readonly targetScope: number;
  /** `routing-table` by name (`main`). */
  readonly table: string;
  /** `type`: unicast, or blackhole (also `blackhole=yes`), unreachable, prohibit. */
  readonly type: 'unicast' | 'blackhole' | 'unreachable' | 'prohibit';
  readonly blackhole: boolean;
  /**
   * What made it: `connected` (an address), `static` (a user), else the protocol flag it
   * carries (`ospf`, `bgp`, `dhcp`, `rip`, `vpn`, `modem`, `bgp-mpls-vpn`); undefined when none.
   */
  readonly protocol?: string;
  /** The lab stage that published it (`ospf`, `bgp`: its `.owner` tag). */
  readonly owner?: string;
  /** The protocol's attributes as the route shows them (`ospf.metric`, `bgp.as-path` ...). */
  readonly attributes: Readonly<Record<string, string>>;
}

/** A route the router's routing table chose (active), with how it leaves the router. */
export interface ActiveRoute extends RouteRecord {
  /** The immediate gateways, resolved (`10.0.0.1%ether2`, or an interface for a connected route). */
  readonly immediateGw?: string;
  /** The interface each immediate gateway leaves by, by id. */
  readonly interfaces: readonly number[];
  /** One of several active routes of equal distance to one destination. */
  readonly ecmp: boolean;
}

/** A routing table (`/routing table`, and `main`). */
export interface RoutingTable {
  readonly name: string;
  /** `fib`: the table forwards (a VRF's always does). */
  readonly fib: boolean;
  readonly enabled: boolean;
}

/** A policy routing rule (`/routing rule`). */
export interface RoutingRule {
  readonly enabled: boolean;
  readonly srcAddress?: string;
  readonly dstAddress?: string;
  readonly routingMark?: string;
  readonly interface?: number;
  /** `action`: lookup (default), lookup-only-in-table, drop, unreachable. */
  readonly action: string;
  /** `table` by name. */
  readonly table?: string;
  readonly minPrefix?: number;
}

export interface RoutingModel {
  /** Every route as stored, per family, in the order of the menu. */
  readonly records: { readonly 4: readonly RouteRecord[]; readonly 6: readonly RouteRecord[] };
  /**
   * The active routes of every table (connected, static and protocol routes, gateways
   * resolved recursively within target-scope, as the router's own print works them out:
   * src/menus/ip/rib.ts), per family, in print order.
   */
  readonly active: { readonly 4: readonly ActiveRoute[]; readonly 6: readonly ActiveRoute[] };
  readonly tables: readonly RoutingTable[];
  readonly rules: readonly RoutingRule[];
  /** `/routing id` entries: a router id by name (`main` is the highest IPv4 address). */
  readonly ids: ReadonlyMap<string, string>;
}

// ---------------------------------------------------------------- firewall

/** A rule of `/ip firewall filter|nat` or `/ipv6 firewall filter|nat`. */
export interface FirewallRule {
  readonly id: number;
  /** The menu it is in (`ip/firewall/filter`): where its counters are written. */
  readonly table: string;
  readonly enabled: boolean;
  readonly chain: string;
  /** `action` (accept). */
  readonly action: string;
  readonly jumpTarget?: string;
  /** `to-addresses` (IPv4 NAT) or `to-address` (IPv6 NAT). */
  readonly toAddresses?: string;
  /** Its matchers (every field that is no action, counter or comment), as stored. */
  readonly matchers: readonly (readonly [string, string])[];
}

export interface FirewallModel {
  readonly filter: readonly FirewallRule[];
  readonly nat: readonly FirewallRule[];
  /** `/ip firewall address-list` (`/ipv6 ...`): the enabled entries' addresses per list, in order. */
  readonly addressLists: ReadonlyMap<string, readonly string[]>;
}

// ---------------------------------------------------------------- DHCP

export interface DhcpServer {
  readonly family: Family;
  readonly id: number;
  readonly name: string;
  readonly enabled: boolean;
  readonly interface?: number;
  /** `address-pool`'s ranges (`10.0.0.10-10.0.0.20,10.0.1.0/24`); none for static-only or a pool without. */
  readonly poolRanges?: string;
  /** `lease-time` in ms (30m). */
  readonly leaseMs: number;
  /** DHCPv6: `prefix-pool` by name (prefix delegation; before 7.x gave it, `address-pool`). */
  readonly prefixPool?: string;
  /** DHCPv6: `route-distance` of the route to each delegated prefix, as stored. */
  readonly routeDistance?: string;
  /** DHCPv6: the pool addresses (IA_NA) come from, on a release where `prefix-pool` delegates. */
  readonly addressPool?: string;
}

/** `/ip dhcp-server network`. */
export interface DhcpNetwork {
  readonly address: string;
  /** `netmask`: 0 when none (the network's length is used). */
  readonly netmask: number;
  /** `gateway`, none for `0.0.0.0`. */
  readonly gateway?: string;
  readonly dnsServers: readonly string[];
  readonly dnsNone: boolean;
}

export interface DhcpClient {
  readonly family: Family;
  readonly id: number;
  readonly enabled: boolean;
  /** `interface` as stored, and the interface it names. */
  readonly interfaceRef: string;
  readonly interface?: number;
  /** `add-default-route` (yes) and `default-route-distance` (1) as stored. */
  readonly addDefaultRoute: boolean;
  readonly defaultRouteDistance: string;
  /** DHCPv6: `request` (address, prefix), `pool-name` and `pool-prefix-length` (64). */
  readonly request?: readonly string[];
  readonly poolName?: string;
  readonly poolPrefixLength?: number;
}

export interface DhcpModel {
  readonly servers: readonly DhcpServer[];
  readonly clients: readonly DhcpClient[];
  readonly networks: readonly DhcpNetwork[];
  /** The addresses of static leases (`/ip dhcp-server lease` the user added). */
  readonly staticLeases: readonly string[];
  /** `/ipv6 pool`: prefix and prefix-length by name. */
  readonly ipv6Pools: ReadonlyMap<string, { readonly prefix: string; readonly prefixLength: number }>;
}

// ---------------------------------------------------------------- IPv6

export interface Ipv6Model {
  /** `/ipv6 settings`. */
  readonly settings: {
    readonly disabled: boolean;
    readonly forward: boolean;
    /** `accept-router-advertisements`: yes, no, or yes-if-forwarding-disabled (default). */
    readonly acceptRouterAdvertisements: string;
    /** `accept-router-advertisements-on`: the interface list RAs are taken on (`all` when undefined). */
    readonly acceptRouterAdvertisementsOn?: string;
  };
  /** `/ipv6 nd`: router advertisements per interface (`all` by default). */
  readonly nd: readonly NdInterface[];
  /** `/ipv6 nd prefix`. */
  readonly ndPrefixes: readonly { readonly prefix: string; readonly interface: string; readonly autonomous: boolean; readonly onLink: boolean }[];
}

export interface NdInterface {
  readonly enabled: boolean;
  /** `interface` as stored: an interface or `all`. */
  readonly interface: string;
  readonly raInterval: string;
  readonly raLifetime: string;
  readonly managedAddressConfiguration: boolean;
  readonly otherConfiguration: boolean;
  readonly advertiseMacAddress: boolean;
  readonly advertiseDns: boolean;
}

// ---------------------------------------------------------------- tunnels

/** Settings every tunnel interface has; the kind's own follow. Unset values stay undefined. */
interface TunnelBase {
  /** The tunnel's interface (in InterfacesModel), by id. */
  readonly interface: number;
  readonly name: string;
  readonly enabled: boolean;
  /** `mtu` as stored (`auto`, `1476`). */
  readonly mtu?: string;
}

/** GRE, GRE6, IPIP, IPIPv6 (`/interface gre|gre6|ipip|ipipv6`). */
export interface IpTunnel extends TunnelBase {
  readonly kind: 'gre' | 'gre6' | 'ipip' | 'ipipv6';
  readonly family: Family;
  readonly localAddress?: string;
  readonly remoteAddress?: string;
  /** `keepalive` as stored (`10s,10`). */
  readonly keepalive?: string;
  readonly ipsecSecret?: string;
  readonly dontFragment?: string;
}

/** EoIP (`/interface eoip|eoipv6`): Ethernet over GRE, bridged like a port. */
export interface EoipTunnel extends TunnelBase {
  readonly kind: 'eoip' | 'eoipv6';
  readonly family: Family;
  readonly localAddress?: string;
  readonly remoteAddress?: string;
  readonly tunnelId?: number;
  readonly keepalive?: string;
  readonly ipsecSecret?: string;
}

/** VXLAN (`/interface vxlan` and its `vteps`). */
export interface VxlanTunnel extends TunnelBase {
  readonly kind: 'vxlan';
  readonly vni?: number;
  /** `port` (8472). */
  readonly port: number;
  readonly localAddress?: string;
  /** `vteps-ip-version` (ipv4). */
  readonly vtepsFamily: Family;
  readonly vtepVrf?: string;
  /** `bridge`: the bridge it is a port of by its own setting. */
  readonly bridge?: number;
  /** `/interface vxlan vteps`: the remote VTEPs. */
  readonly vteps: readonly { readonly remoteIp: string; readonly enabled: boolean }[];
}

/** WireGuard (`/interface wireguard` and its `peers`). */
export interface WireguardTunnel extends TunnelBase {
  readonly kind: 'wireguard';
  /** `listen-port` (13231). */
  readonly listenPort: number;
  readonly privateKey?: string;
  /** Worked out from the private key, as /interface wireguard shows it. */
  readonly publicKey?: string;
  readonly peers: readonly WireguardPeer[];
}

export interface WireguardPeer {
  readonly id: number;
  readonly name?: string;
  readonly enabled: boolean;
  readonly publicKey: string;
  readonly presharedKey?: string;
  readonly endpointAddress?: string;
  readonly endpointPort?: number;
  /** `allowed-address`, each prefix. */
  readonly allowedAddress: readonly string[];
  /** `persistent-keepalive` in ms; 0 off. */
  readonly persistentKeepaliveMs: number;
  readonly responder: boolean;
}

export type Tunnel = IpTunnel | EoipTunnel | VxlanTunnel | WireguardTunnel;

/** IPsec (`/ip ipsec`): peers, identities, proposals, profiles and policies, as configured. */
export interface IpsecModel {
  readonly peers: readonly { readonly name: string; readonly enabled: boolean; readonly address?: string; readonly localAddress?: string; readonly exchangeMode: string; readonly passive: boolean; readonly profile: string }[];
  readonly identities: readonly { readonly enabled: boolean; readonly peer?: string; readonly authMethod: string; readonly secret?: string; readonly generatePolicy: string }[];
  readonly proposals: readonly { readonly name: string; readonly enabled: boolean; readonly authAlgorithms: readonly string[]; readonly encAlgorithms: readonly string[]; readonly pfsGroup: string; readonly lifetime: string }[];
  readonly profiles: readonly { readonly name: string; readonly dhGroup: readonly string[]; readonly encAlgorithm: readonly string[]; readonly hashAlgorithm: string }[];
  readonly policies: readonly {
    readonly enabled: boolean; readonly peer?: string; readonly srcAddress: string; readonly dstAddress: string; readonly protocol: string;
    readonly action: string; readonly level: string; readonly tunnel: boolean; readonly proposal: string; readonly saSrcAddress?: string; readonly saDstAddress?: string;
  }[];
}

export interface TunnelsModel {
  /** Every tunnel interface, in the order of `/interface`. */
  readonly list: readonly Tunnel[];
  readonly ipsec: IpsecModel;
}

// ---------------------------------------------------------------- OSPF

export type OspfNetworkType = 'broadcast' | 'nbma' | 'ptp' | 'ptp-unnumbered' | 'ptmp' | 'ptmp-broadcast';

/** An OSPF instance (`/routing ospf instance`) with its areas and the interfaces they run on. */
export interface OspfInstanceConfig {
  readonly name: string;
  /** `version`: 2 (IPv4) or 3 (IPv6). */
  readonly version: 2 | 3;
  /** `router-id` resolved: an address, a `/routing id` entry, or the highest IPv4 address (`main`). */
  readonly routerId: string;
  /** `redistribute` (connected, static, bgp ...). */
  readonly redistribute: ReadonlySet<string>;
  /** `originate-default`: never, always, if-installed. */
  readonly originateDefault: string;
  /** The routing table its routes go to: `routing-table`, else its VRF's, else main. */
  readonly table: string;
  /** `vrf` by name (main): it runs only on that VRF's interfaces. */
  readonly vrf: string;
  readonly inFilter?: string;
  readonly outFilter?: string;
  readonly areas: readonly OspfAreaConfig[];
}

export interface OspfAreaConfig {
  readonly name: string;
  /** `area-id` (0.0.0.0). */
  readonly id: string;
  readonly type: 'default' | 'stub' | 'nssa';
  readonly noSummaries: boolean;
  readonly defaultCost?: number;
  /** `nssa-translator` (candidate). */
  readonly translator: string;
  /** `/routing ospf static-neighbor` addresses of the area. */
  readonly staticNeighbors: ReadonlySet<string>;
  /** `/routing ospf area range`. */
  readonly ranges: readonly { readonly prefix: string; readonly advertise: boolean; readonly cost?: number }[];
  /** The interfaces the area's templates take (v2: one per matched address; v3: one per interface). */
  readonly interfaces: readonly OspfInterfaceConfig[];
}

/** An interface (and for v2 an address of it) an interface template puts into an area. */
export interface OspfInterfaceConfig {
  readonly interface: number;
  readonly name: string;
  /** The address hellos come from (v3: the link-local one; `::` without a MAC address). */
  readonly ip: string;
  /** v2: the network with its length (`10.0.12.0/24`); v3: empty. */
  readonly network: string;
  /** What the interface puts into the router's LSAs (v2: its network; v3: its global prefixes). */
  readonly prefixes: readonly string[];
  readonly type: OspfNetworkType;
  readonly cost: number;
  readonly priority: number;
  /** `hello-interval` and `dead-interval` in ms. */
  readonly hello: number;
  readonly dead: number;
  readonly auth: string;
  readonly authKey: string;
  readonly authId: string;
  readonly passive: boolean;
  /** The interface's actual MTU (hellos of v2 DBDs carry it: a mismatch keeps ExStart). */
  readonly mtu: number;
}

export interface OspfModel {
  readonly instances: readonly OspfInstanceConfig[];
}

// ---------------------------------------------------------------- BGP

/** A BGP connection (`/routing bgp connection`) with its templates' values under its own. */
export interface BgpConnection {
  readonly id: number;
  /** `name` (`*1` when none). */
  readonly name: string;
  /** `as` (or its 7.20 `instance`'s). */
  readonly as?: number;
  /** `remote.as`. */
  readonly remoteAs?: number;
  /** `remote.address`: one address (/32, /128) or a network it accepts connections from, of either family. */
  readonly remote?: Prefix;
  /** The address (one spelling: RFC 5952 for IPv6) or the network. */
  readonly remoteText: string;
  /** `local.address`, when one address (one spelling). */
  readonly local?: string;
  /** `local.role`: ebgp, ibgp ... */
  readonly role: string;
  readonly multihop: boolean;
  readonly md5: string;
  readonly connect: boolean;
  readonly listen: boolean;
  readonly holdTime: string;
  readonly keepalive: string;
  readonly inputFilter?: string;
  readonly outputFilter?: string;
  readonly outputNetwork?: string;
  readonly redistribute: readonly string[];
  readonly defaultOriginate: string;
  readonly nexthopChoice: string;
  /** The routing table it works in: `routing-table`, else its `vrf`'s, else main. */
  readonly routingTable: string;
  /** `input.allow-as`: how many times the router's own AS may be in a received path. */
  readonly allowAs: number;
  /** `output.as-override`: the peer's AS in a path sent to it becomes the router's own. */
  readonly asOverride: boolean;
  /** The connection's own `router-id` (older 7.x exports write one per connection). */
  readonly routerId?: string;
  /** `afi` (older `address-families`): the families it offers, ip, ipv6 ... (default ip). */
  readonly afi: readonly string[];
}

export interface BgpModel {
  readonly connections: readonly BgpConnection[];
  /** The first router id configured (`/routing bgp instance` router-id, else `/routing id` id). */
  readonly routerId?: string;
  /** `/routing bgp instance multipath` on any enabled instance. */
  readonly multipath: boolean;
}

// ---------------------------------------------------------------- routing filters

export interface RoutingFilters {
  /** The route a chain lets through (with its changes), or undefined. No chain named: unchanged. */
  run(chain: string | undefined, route: FilterRoute): FilterRoute | undefined;
}
