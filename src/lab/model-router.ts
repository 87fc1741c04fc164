// A router's model (./model.ts), kept: each section is read from the router when a reader
// first asks for it and kept until a table it reads changes (the store's onCommit) or the
// carrier of a port does (the device's link changes). A change on one router of a lab
// rebuilds that router's sections that read the changed table, and nothing else.

import type { Environment } from '../core/schema.js';
import type { Board, Device } from '../device/board.js';
import { readBgp } from './model-bgp.js';
import { readAddresses, readInterfaces } from './model-interfaces.js';
import { readOspf } from './model-ospf.js';
import { readFilters, readFirewall, readRouting } from './model-routing.js';
import { readDhcp, readIpv6, readSystem } from './model-services.js';
import { readTunnels } from './model-tunnels.js';
import { TUNNEL_STATE_TABLE, VRRP_STATE_TABLE, type RouterModel } from './model.js';

type Name = Exclude<keyof RouterModel, 'kind'>;

/** What a section's builder reads from: the router, and the model's other sections. */
interface Source { env: Environment; device: Device; board: Board; model: RouterModel }

interface Section<K extends Name> {
  /** The tables it reads (a name ending in `/`: every table under it). */
  tables: readonly string[];
  /** The sections it reads: it is rebuilt when they are. */
  uses: readonly Name[];
  /** Whether it reads the carrier of the ports (running state). */
  carrier?: boolean;
  build(s: Source): RouterModel[K];
}

const INTERFACE_TABLES = [
  'interface', 'interface/bridge/port', 'interface/bridge/vlan', VRRP_STATE_TABLE, TUNNEL_STATE_TABLE, 'ip/vrf', 'interface/list', 'interface/list/member',
];

/** Every section: what it reads and how it is built. */
const SECTIONS: { [K in Name]: Section<K> } = {
  system: { tables: ['system/identity', 'ip/neighbor/discovery-settings'], uses: [], build: (s) => readSystem(s.env, s.device, s.board) },
  interfaces: { tables: INTERFACE_TABLES, uses: [], carrier: true, build: (s) => readInterfaces(s.env) },
  addresses: { tables: ['ip/address', 'ipv6/address', 'ipv6/pool'], uses: ['interfaces'], build: (s) => readAddresses(s.env, s.model.interfaces) },
  routing: {
    // The routing table resolves gateways through connected routes and names tables by reference.
    tables: ['ip/route', 'ipv6/route', 'routing/table', 'routing/rule', 'routing/id'], uses: ['interfaces', 'addresses'],
    build: (s) => readRouting(s.env, s.model.interfaces),
  },
  firewall: {
    tables: ['ip/firewall/filter', 'ip/firewall/nat', 'ip/firewall/address-list', 'ipv6/firewall/filter', 'ipv6/firewall/nat', 'ipv6/firewall/address-list'],
    uses: [], build: (s) => ({ 4: readFirewall(s.env, 4), 6: readFirewall(s.env, 6) }),
  },
  dhcp: {
    tables: ['ip/dhcp-server', 'ip/dhcp-client', 'ip/pool', 'ip/dhcp-server/network', 'ip/dhcp-server/lease', 'ipv6/dhcp-server', 'ipv6/dhcp-client', 'ipv6/pool'],
    uses: ['interfaces'], build: (s) => readDhcp(s.env, s.model.interfaces),
  },
  ipv6: { tables: ['ipv6/settings', 'ipv6/nd', 'ipv6/nd/prefix'], uses: [], build: (s) => readIpv6(s.env) },
  tunnels: {
    tables: ['interface/wireguard/peers', 'interface/vxlan/vteps', 'ip/ipsec/'], uses: ['interfaces'],
    build: (s) => readTunnels(s.env, s.model.interfaces),
  },
  ospf: {
    // Not the routing section: routes published by the protocols change no OSPF configuration.
    tables: [
      'routing/ospf/instance', 'routing/ospf/area', 'routing/ospf/area/range', 'routing/ospf/interface-template', 'routing/ospf/static-neighbor',
      'routing/id', 'routing/table',
    ],
    uses: ['interfaces', 'addresses'],
    build: (s) => readOspf(s.env, s.model.interfaces, s.model.addresses),
  },
  bgp: {
    tables: ['routing/bgp/connection', 'routing/bgp/template', 'routing/bgp/instance', 'routing/id', 'ip/vrf', 'routing/table'], uses: [],
    build: (s) => readBgp(s.env),
  },
  filters: { tables: ['routing/filter/'], uses: ['firewall'], build: (s) => readFilters(s.env, s.model.firewall[4].addressLists) },
};

const NAMES = Object.keys(SECTIONS) as Name[];

/** The sections a section's rebuild makes stale: itself and those that use it, over and over. */
function dependents(name: Name): Set<Name> {
  const out = new Set<Name>([name]);
  for (let grew = true; grew;) {
    grew = false;
    for (const n of NAMES) if (!out.has(n) && SECTIONS[n].uses.some((u) => out.has(u))) { out.add(n); grew = true; }
  }
  return out;
}

/** Per table name: the sections a change of it makes stale (worked out once per name). */
const staleBy = new Map<string, readonly Name[]>();
function staleSections(table: string): readonly Name[] {
  let out = staleBy.get(table);
  if (!out) {
    const set = new Set<Name>();
    for (const n of NAMES) {
      if (SECTIONS[n].tables.some((t) => (t.endsWith('/') ? table.startsWith(t) : table === t))) for (const d of dependents(n)) set.add(d);
    }
    staleBy.set(table, (out = [...set]));
  }
  return out;
}
const CARRIER = [...new Set(NAMES.filter((n) => SECTIONS[n].carrier).flatMap((n) => [...dependents(n)]))];

/** How often each section was built in this process (what bench/lab.ts reports). */
export const builds: Record<Name, number> = Object.fromEntries(NAMES.map((n) => [n, 0])) as Record<Name, number>;

/** The model of one router of the lab, its sections read when asked and kept until they change. */
export class RouterModelCache implements RouterModel {
  readonly kind = 'router';
  private readonly kept = new Map<Name, unknown>();
  private links: number;
  private readonly source: Source;
  /** Stops following the router's commits. */
  readonly close: () => void;

  constructor(env: Environment, private readonly device: Device, board: Board) {
    this.source = { env, device, board, model: this };
    this.links = device.linkChanges;
    this.close = env.store.onCommit((tables) => {
      for (const t of tables) for (const n of staleSections(t)) this.kept.delete(n);
    });
  }

  private section<K extends Name>(name: K): RouterModel[K] {
    if (this.device.linkChanges !== this.links) {
      this.links = this.device.linkChanges;
      for (const n of CARRIER) this.kept.delete(n);
    }
    let v = this.kept.get(name) as RouterModel[K] | undefined;
    if (v === undefined) {
      builds[name]++;
      v = (SECTIONS[name] as Section<K>).build(this.source);
      this.kept.set(name, v);
    }
    return v;
  }

  get system() { return this.section('system'); }
  get interfaces() { return this.section('interfaces'); }
  get addresses() { return this.section('addresses'); }
  get routing() { return this.section('routing'); }
  get firewall() { return this.section('firewall'); }
  get dhcp() { return this.section('dhcp'); }
  get ipv6() { return this.section('ipv6'); }
  get tunnels() { return this.section('tunnels'); }
  get ospf() { return this.section('ospf'); }
  get bgp() { return this.section('bgp'); }
  get filters() { return this.section('filters'); }
}
