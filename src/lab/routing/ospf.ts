// OSPF v2 and v3 between the routers of a lab (RFCs 2328, 5340), computed rather than
// simulated: after a change the state is what the routers reach once converged.
//
// 1. Each router's OSPF configuration (its model: ../model-ospf.ts): instances, areas, OSPF interfaces.
// 2. Adjacencies: OSPF interfaces of one version in one layer-2 domain hear each other's
//    hellos; they become neighbours only where the hellos agree (area id and type, network
//    and mask on multi-access networks, hello and dead intervals, authentication, distinct
//    router ids). On broadcast and NBMA networks the DR and BDR are elected (priority, then
//    router id; priority 0 never) and DROthers stay TwoWay with each other; an MTU mismatch
//    keeps the pair in ExStart.
// 3. The link-state database of each area (the routers joined by Full adjacencies): router
//    and network LSAs; summary LSAs from area border routers; external LSAs (type 5) from
//    redistribution and originate-default, type 7 inside NSSAs, translated by the NSSA's ABR.
// 4. SPF once per router and area (Dijkstra with ECMP next hops); routes intra-area, then
//    inter-area, then external, published into /ip/route (/ipv6/route for v3) with owner
//    `ospf`, distance 110, scope 20, target-scope 10 (routeros-facts.md 26). A router's
//    routes and LSA records are handed in as functions of its SPF tree and of its area's
//    shared LSAs, made when its table is read: a lab of a thousand routers would otherwise
//    hold five million route records nobody asks for (bench/LAB.md, OSPF convergence).

import { covers, prefixOf, type Prefix } from '../../core/prefix.js';
import { formatDuration } from '../../core/values.js';
import { TUNNEL_STATE_TABLE, type ActiveRoute, type FilterRoute, type OspfInterfaceConfig, type OspfNetworkType, type RouterModel, type RoutingFilters } from '../model.js';
import type { Published, RoutingContext, Stage } from './context.js';

const ROUTES = { 4: 'ip/route', 6: 'ipv6/route' } as const;
const ANY = { 4: '0.0.0.0/0', 6: '::/0' } as const;

// ---------------------------------------------------------------- the routers' OSPF, as one run works on it

/** An instance of one router, with the areas it is in (from its model's configuration). */
export interface Instance {
  node: number;
  name: string;
  version: 2 | 3;
  rid: string;
  redistribute: ReadonlySet<string>;
  originateDefault: string;
  table: string;
  vrf: string;
  inFilter?: string;
  outFilter?: string;
  areas: Area[];
}

export interface Area {
  inst: Instance;
  name: string;
  id: string;
  type: 'default' | 'stub' | 'nssa';
  noSummaries: boolean;
  defaultCost?: number;
  translator: string;
  ifaces: OspfInterface[];
  staticNeighbors: ReadonlySet<string>;
  ranges: AreaRange[];
}

export interface AreaRange { prefix: Prefix; text: string; advertise: boolean; cost?: number }

/** An interface OSPF runs on (v2: one per matched address; v3: one per interface), with what the run finds on it. */
export interface OspfInterface extends OspfInterfaceConfig {
  area: Area;
  node: number;
  /** Filled in by the adjacency step. */
  dr?: OspfInterface;
  bdr?: OspfInterface;
  neighbors: Neighbor[];
}

export interface Neighbor {
  me: OspfInterface;
  them: OspfInterface;
  state: 'Full' | 'TwoWay' | 'ExStart' | 'Init';
}

type NetType = OspfNetworkType;

/** An LSA record as shown, by its key. */
type LsaRecords = [string, Record<string, string>][];

/** The hidden field the routing marks its records with (./converge.ts). */
const OWNER_MARK = '.owner';

/** One router's instances for a run: its model's configuration, with room for what the run finds. */
function instancesOf(node: number, model: RouterModel): Instance[] {
  return model.ospf.instances.map((c) => {
    const inst: Instance = {
      node, name: c.name, version: c.version, rid: c.routerId, redistribute: c.redistribute, originateDefault: c.originateDefault,
      table: c.table, vrf: c.vrf, inFilter: c.inFilter, outFilter: c.outFilter, areas: [],
    };
    inst.areas = c.areas.map((a) => {
      const area: Area = {
        inst, name: a.name, id: a.id, type: a.type, noSummaries: a.noSummaries, defaultCost: a.defaultCost, translator: a.translator,
        ifaces: [], staticNeighbors: a.staticNeighbors,
        ranges: a.ranges.map((r) => ({ prefix: prefixOf(r.prefix)!, text: r.prefix, advertise: r.advertise, cost: r.cost })),
      };
      area.ifaces = a.interfaces.map((o) => ({ ...o, area, node, neighbors: [] }));
      return area;
    });
    return inst;
  });
}

/** One next hop: the neighbour's address (none: the network is attached) and the interface. */
interface Hop { gw?: string; iface: string; /** `gw%iface`, made once for every route through the hop. */ text?: string }

type RouteType = 'intra' | 'inter' | 'ext-type-1' | 'ext-type-2' | 'nssa-type-1' | 'nssa-type-2';
const RANK: Record<RouteType, number> = { intra: 0, inter: 1, 'ext-type-1': 2, 'nssa-type-1': 2, 'ext-type-2': 3, 'nssa-type-2': 3 };

interface Candidate { cost: number; type: RouteType; hops: Hop[]; direct: boolean; metric: number; tie: number }

/** A vertex of an area's graph: a router (`R rid`) or a transit network (`N drkey`). */
interface Edge { to: string; cost: number; oif?: OspfInterface; gw?: string; /** The vertex's number in its domain (-1: not there). */ at?: number }
interface Vertex { edges: Edge[]; stubs: { prefix: string; cost: number }[]; inst?: Instance; gwOn?: Map<string, string> }

/** How a router reaches the routers of an area: the cost and next hops, by router id. */
interface Reach { get(rid: string): { cost: number; hops: Hop[] } | undefined }

interface External { prefix: string; metric: number; type: 1 | 2; origin: Instance; nssa: boolean }

/** What one area's routers share: the graph built from its LSAs, and the LSAs as shown. */
interface Domain {
  areas: Area[];
  graph: Map<string, Vertex>;
  lsas: Lsa[];
  summaries: { abr: Instance; prefix: string; metric: number }[];
  type7: External[];
  /** Every LSA the area's routers show, built once per run. */
  shown?: Lsa[];
  /** The area's name across runs (its first router's), and whether its graph is the one of that name last run. */
  key?: string;
  unchanged?: boolean;
  /** The graph's vertices by number (in the graph's order), and the router vertices' numbers by router id: made by `number`. */
  vertices?: Vertex[];
  keys?: string[];
  routerAt?: Map<string, number>;
}

interface Lsa { type: string; id: string; originator: string; body: string; origin: Instance }

const DEFAULT_EXTERNAL_METRIC = 1;

const ipNum = (ip: string) => prefixOf(ip)?.net ?? 0n;
const cmpRid = (a: string, b: string) => (ipNum(a) > ipNum(b) ? 1 : ipNum(a) < ipNum(b) ? -1 : 0);
const isBackbone = (a: Area) => a.id === '0.0.0.0';
const MULTI_ACCESS = new Set(['broadcast', 'nbma']);
const maskOf = (len: number) => {
  const m = len === 0 ? 0 : (0xffffffff << (32 - len)) >>> 0;
  return `${m >>> 24}.${(m >>> 16) & 255}.${(m >>> 8) & 255}.${m & 255}`;
};

export class Ospf implements Stage {
  readonly name = 'ospf';
  readonly topics = 'route,ospf';
  // TUNNEL_STATE_TABLE: a tunnel coming up (its keepalive answered) is an interface OSPF runs on.
  readonly inputs = ['routing/ospf/', 'routing/id', 'ip/route', 'ipv6/route', 'ipv6/address', 'routing/filter/', 'ip/firewall/address-list', 'ip/vrf', TUNNEL_STATE_TABLE];
  /** Neighbour states of the last run, to log changes. */
  private states = new Map<string, NeighborMemory>();
  /** LSA sequence numbers: one more each time an LSA's body changes, and when that was. */
  private sequences = new Map<string, { body: string; seq: number; born: number }>();
  /** Each area's graph of the last run, by the area's name across runs (Domain.key). */
  private graphs = new Map<string, Domain>();
  /** Each node's routes of this run, by table, gathered from its instances before they are published. */
  private pending = new Map<string, RoutesShown[]>();
  /** Each node's routes as last published, by table: the parts, and the function that makes their records. */
  private routesPublished = new Map<string, { parts: RoutesShown[]; records: () => Published }>();

  run(ctx: RoutingContext): void {
    const fabric = ctx.fabric();
    const instances = ctx.nodes.flatMap((n) => instancesOf(n.index, n.model));
    const neighbors = adjacencies(instances, (node, ifId) => fabric.domainOf(node, ifId), this.segments);
    this.logChanges(ctx, neighbors, instances);
    const domains = areaDomains(instances);
    const externals = instances.map((i) => externalsOf(ctx.nodes[i.node].model, i));
    // Intra-area SPF, once per router and area, when first needed: an ABR's routes for its summaries,
    // a router's reach for inter-area and external routes, the others' routes as they are published.
    // A router whose area's database is what it was last run keeps its routes without an SPF, as a
    // router runs none while its database does not change.
    const trees = new Map<Area, Tree>();
    const treeOf = (area: Area) => { let t = trees.get(area); if (!t) trees.set(area, (t = spf(domainOf.get(area)!, area))); return t; };
    const reaches = new Map<Area, Reach>();
    const reach = { get: (area: Area) => { let r = reaches.get(area); if (!r) reaches.set(area, (r = reachOf(treeOf(area)))); return r; } };
    const kept = new Map<Area, Map<string, Candidate>>();
    const intra = { get: (area: Area) => kept.get(area) ?? routesOf(treeOf(area)) };
    const before = this.graphs;
    this.graphs = new Map();
    for (const d of domains) {
      d.key = `${d.areas[0].inst.version} ${d.areas[0].inst.node} ${d.areas[0].inst.name} ${d.areas[0].name}`;
      const old = before.get(d.key);
      d.unchanged = !!old && sameGraph(old, d);
      this.graphs.set(d.key, d);
    }
    const domainOf = new Map<Area, Domain>();
    for (const d of domains) for (const a of d.areas) domainOf.set(a, d);
    const abrs = instances.filter(isAbr);
    for (const abr of abrs) for (const area of abr.areas) kept.set(area, routesOf(treeOf(area)));
    // Summaries into the backbone: each ABR's intra-area routes of its other areas.
    for (const abr of abrs) {
      const backbone = abr.areas.find(isBackbone)!;
      for (const area of abr.areas) {
        if (area === backbone) continue;
        for (const sum of summarised(area, intra.get(area)!)) domainOf.get(backbone)!.summaries.push({ abr, ...sum });
      }
    }
    const inter = new Map<Area, Map<string, Candidate>>();
    for (const inst of instances) for (const area of inst.areas) if (isBackbone(area)) inter.set(area, interRoutes(domainOf.get(area)!, reach.get(area), inst));
    // Summaries into the other areas: intra routes of the ABR's other areas and what it learnt over the backbone.
    for (const abr of abrs) {
      const backbone = abr.areas.find(isBackbone)!;
      for (const area of abr.areas) {
        if (area === backbone) continue;
        const d = domainOf.get(area)!;
        const any = abr.version === 3 ? '::/0' : '0.0.0.0/0';
        if (area.type !== 'default' && area.defaultCost !== undefined) d.summaries.push({ abr, prefix: any, metric: area.defaultCost });
        if (area.type !== 'default' && area.noSummaries) continue;
        const seen = new Set<string>();
        for (const other of abr.areas) {
          if (other === area) continue;
          for (const sum of summarised(other, intra.get(other)!)) if (!seen.has(sum.prefix)) { seen.add(sum.prefix); d.summaries.push({ abr, ...sum }); }
        }
        for (const [prefix, c] of inter.get(backbone) ?? []) if (!seen.has(prefix)) { seen.add(prefix); d.summaries.push({ abr, prefix, metric: c.cost }); }
      }
    }
    for (const inst of instances) {
      if (isAbr(inst)) continue;
      for (const area of inst.areas) if (!isBackbone(area)) inter.set(area, interRoutes(domainOf.get(area)!, reach.get(area), inst));
    }
    // Externals: type 5 from routers outside NSSAs and stub areas; type 7 inside an NSSA, translated by its ABR.
    const type5: External[] = [];
    externals.forEach((list, i) => {
      const inst = instances[i];
      const normal = inst.areas.some((a) => a.type === 'default');
      for (const e of list) {
        if (normal) type5.push(e);
        else for (const a of inst.areas) if (a.type === 'nssa') domainOf.get(a)!.type7.push({ ...e, nssa: true });
      }
    });
    for (const abr of abrs) {
      for (const area of abr.areas) {
        if (area.type !== 'nssa' || area.translator === 'no') continue;
        for (const e of domainOf.get(area)!.type7) if (e.origin !== abr) type5.push({ ...e, origin: abr, nssa: false });
      }
    }
    // Each router's routes, published.
    const externalVersions = new Set(type5.map((e) => e.origin.version));
    for (const inst of instances) {
      // A router of one area with no other routes there: its intra-area routes are its best.
      const only = inst.areas.length === 1 ? inst.areas[0] : undefined;
      const others = only && (only.type === 'nssa' ? domainOf.get(only)!.type7.length > 0 : only.type === 'default' && externalVersions.has(inst.version));
      if (only && !others && !inter.get(only)?.size) {
        const d = domainOf.get(only)!;
        this.publishIntra(ctx, inst, () => treeOf(only), `${d.key} ${inst.rid} ${inst.table}`, !!d.unchanged);
        continue;
      }
      const best = new Map<string, Candidate>();
      const offer = (prefix: string, c: Candidate) => {
        if (c.direct) { best.set(prefix, c); return; }
        const cur = best.get(prefix);
        if (cur?.direct) return;
        if (!cur || RANK[c.type] < RANK[cur.type] || (RANK[c.type] === RANK[cur.type] && (c.cost < cur.cost || (c.cost === cur.cost && c.tie < cur.tie)))) best.set(prefix, c);
        // The candidates are the SPF's own (shared): the union is a new one.
        else if (RANK[c.type] === RANK[cur.type] && c.cost === cur.cost && c.tie === cur.tie) best.set(prefix, { ...cur, hops: union(cur.hops, c.hops) });
      };
      for (const area of inst.areas) for (const [p, c] of intra.get(area)) offer(p, c);
      for (const area of inst.areas) for (const [p, c] of inter.get(area) ?? []) if (!best.has(p) || RANK[best.get(p)!.type] > 0) offer(p, c);
      const asbrReach = (asbr: Instance) => reachRouter(inst, asbr, reach, abrs);
      const external = (e: External) => {
        if (e.origin === inst) return;
        const to = asbrReach(e.origin);
        if (!to) return;
        const type: RouteType = e.nssa ? (e.type === 1 ? 'nssa-type-1' : 'nssa-type-2') : e.type === 1 ? 'ext-type-1' : 'ext-type-2';
        const cost = e.type === 1 ? to.cost + e.metric : e.metric;
        offer(e.prefix, { cost, type, hops: to.hops, direct: false, metric: cost, tie: e.type === 2 ? to.cost : 0 });
      };
      if (inst.areas.some((a) => a.type === 'default')) for (const e of type5) if (e.origin.version === inst.version) external(e);
      for (const area of inst.areas) if (area.type === 'nssa') for (const e of domainOf.get(area)!.type7) external(e);
      this.publishBest(ctx, inst, best);
    }
    // Nodes without OSPF keep nothing of it.
    const withOspf = new Set(instances.map((i) => i.node));
    const byNode = new Map<number, Instance[]>();
    for (const i of instances) byNode.set(i.node, [...(byNode.get(i.node) ?? []), i]);
    const all = type5.map(externalLsa);
    const externalLsas = { 2: all.filter((l) => l.origin.version === 2), 3: all.filter((l) => l.origin.version === 3) };
    this.seen.clear();
    this.lsaShownNow = new Map();
    for (const n of ctx.nodes) {
      this.publishState(ctx, n.index, byNode.get(n.index) ?? [], domainOf, externalLsas);
      if (!withOspf.has(n.index)) { this.put(ctx, n.index, ROUTES[4], NONE); this.put(ctx, n.index, ROUTES[6], NONE); }
    }
    this.lsaShown = this.lsaShownNow;
    this.lsaShared = this.lsaSharedNow;
    this.lsaSharedNow = new Map();
    for (const k of this.routesShown.keys()) if (!this.shownNow.has(k)) this.routesShown.delete(k);
    this.shownNow.clear();
  }

  /** Each instance's routes as last published (see RoutesShown), by node, version and name. */
  private routesShown = new Map<string, RoutesShown>();

  /**
   * Publishes a router's routes of one area, its intra-area routes alone: made from its tree
   * (`treeOf`, the SPF) when its table is read. `graph`: the area's name; `unchanged`: its
   * graph is the one of last run, so the router runs no SPF and its routes are last run's.
   */
  private publishIntra(ctx: RoutingContext, inst: Instance, treeOf: () => Tree, graph: string, unchanged: boolean) {
    const filters = inst.inFilter ? ctx.nodes[inst.node].model.filters : undefined;
    const last = this.routesShown.get(memoKey(inst));
    // Through a filter every route is worked out again (the filter may have changed).
    if (!filters && unchanged && last?.graph === graph) return this.shown(inst, last);
    const tree = treeOf();
    this.shown(inst, { records: () => routeRecords(inst, routesOf(tree), filters), graph });
  }

  /** Publishes a router's best routes of every kind (kept: the next run compares its own with them). */
  private publishBest(ctx: RoutingContext, inst: Instance, best: Map<string, Candidate>) {
    const filters = inst.inFilter ? ctx.nodes[inst.node].model.filters : undefined;
    const last = this.routesShown.get(memoKey(inst));
    if (!filters && last?.best && sameCandidates(last.best, best)) return this.shown(inst, last);
    this.shown(inst, { records: () => routeRecords(inst, best, filters), best });
  }

  /** Takes an instance's routes for its node's table: several instances of one version on one router publish together. */
  private shown(inst: Instance, shown: RoutesShown) {
    const key = memoKey(inst);
    this.routesShown.set(key, shown);
    this.shownNow.add(key);
    const at = `${inst.node} ${inst.version === 3 ? ROUTES[6] : ROUTES[4]}`;
    const parts = this.pending.get(at);
    if (parts) parts.push(shown); else this.pending.set(at, [shown]);
  }

  /** The instances whose routes this run published (the others' memory goes). */
  private shownNow = new Set<string>();

  private publishState(ctx: RoutingContext, node: number, mine: Instance[], domainOf: Map<Area, Domain>, externalLsas: Record<2 | 3, Lsa[]>) {
    for (const table of [ROUTES[4], ROUTES[6]]) {
      const key = `${node} ${table}`;
      const parts = this.pending.get(key);
      this.pending.delete(key);
      if (!mine.length) continue;
      if (!parts) { this.routesPublished.delete(key); this.put(ctx, node, table, NONE); continue; }
      const last = this.routesPublished.get(key);
      if (last && last.parts.length === parts.length && last.parts.every((p, i) => p === parts[i])) { this.put(ctx, node, table, last.records); continue; }
      const records = parts.length === 1 ? parts[0].records : () => merged(parts.map((p) => p.records()));
      this.routesPublished.set(key, { parts, records });
      this.put(ctx, node, table, records);
    }
    const now = ctx.nodes[node].env.now();
    const parts: LsaRecords[] = [];
    const neighbors: Published = new Map();
    const interfaces: Published = new Map();
    for (const inst of mine) {
      for (const area of inst.areas) {
        for (const oif of area.ifaces) {
          interfaces.set(`${inst.name} ${oif.interface} ${oif.ip}`, {
            instance: inst.name, area: area.name, interface: oif.name, address: `${oif.ip}%${oif.name}`, 'network-type': oif.type,
            cost: String(oif.cost), priority: String(oif.priority), 'hello-interval': formatDuration(oif.hello), 'dead-interval': formatDuration(oif.dead),
            state: interfaceState(oif),
            ...(MULTI_ACCESS.has(oif.type) ? { dr: oif.dr ? ridOrIp(oif.dr) : '0.0.0.0', bdr: oif.bdr ? ridOrIp(oif.bdr) : '0.0.0.0' } : {}),
          });
          for (const n of oif.neighbors) {
            const memory = this.states.get(neighborKey(n));
            neighbors.set(`${inst.name} ${oif.interface} ${n.them.area.inst.rid}`, {
              instance: inst.name, area: area.name, interface: oif.name, address: n.them.ip, priority: String(n.them.priority),
              'router-id': n.them.area.inst.rid,
              ...(MULTI_ACCESS.has(oif.type) ? { dr: oif.dr ? ridOrIp(oif.dr) : '0.0.0.0', bdr: oif.bdr ? ridOrIp(oif.bdr) : '0.0.0.0' } : {}),
              state: n.state, 'state-changes': String(STATE_CHANGES[n.state]),
              '.hello': String(oif.hello), '.dead': String(oif.dead), '.heard-since': String(memory?.heard ?? now),
              ...(memory?.full !== undefined ? { '.full-since': String(memory.full) } : {}),
            });
          }
        }
        const d = domainOf.get(area)!;
        d.shown ??= [...d.lsas, ...summaryLsas(d), ...type7Lsas(d)];
        this.lsaParts(parts, `${d.areas[0].inst.node} ${d.areas[0].inst.name} ${d.areas[0].name}`, d, d.shown, inst, area, now);
      }
      if (inst.areas.some((a) => a.type === 'default')) {
        const list = externalLsas[inst.version];
        this.lsaParts(parts, `external ${inst.version}`, list, list, inst, undefined, now);
      }
    }
    this.put(ctx, node, 'routing/ospf/neighbor', neighbors);
    this.put(ctx, node, 'routing/ospf/interface', interfaces);
    // A router's LSAs are the parts shared by the routers of its areas and its own: put together
    // when its table is read, and handed in anew only when a part changed.
    const last = this.lsasOf.get(node);
    let lsas = last?.records;
    if (!last || last.parts.length !== parts.length || last.parts.some((p, i) => !sameRecords(p, parts[i]))) {
      lsas = () => merged(parts);
      this.lsasOf.set(node, { parts, records: lsas });
    }
    this.put(ctx, node, 'routing/ospf/lsa', lsas!);
  }

  /** Each node's LSA records of the last run, and the parts they were made of. */
  private lsasOf = new Map<number, { parts: LsaRecords[]; records: () => Published }>();
  /** The LSA records of the last run and of this one, by where they are shown and whether self-originated: kept while unchanged. */
  private lsaShown = new Map<string, Record<string, string>>();
  private lsaShownNow = new Map<string, Record<string, string>>();
  /** The records an area's LSAs are shown as (none self-originated), by the area and the instance's and area's names: kept while unchanged. */
  private lsaShared = new Map<string, LsaRecords>();
  private lsaSharedNow = new Map<string, LsaRecords>();

  /**
   * Adds the LSA records a router's instance shows of `list` (an area's LSAs, or the external
   * ones) to its parts: the records every router of the same names shows (made once a run,
   * kept across runs while none changed), then those it originated itself.
   */
  private lsaParts(parts: LsaRecords[], where: string, owner: object, list: Lsa[], inst: Instance, area: Area | undefined, now: number) {
    const sharedKey = `${where}\n${inst.name}\n${area?.name ?? ''}`;
    let shared = this.lsaSharedNow.get(sharedKey);
    if (!shared) {
      const made = list.map((l) => this.lsaRecord(where, inst, area, l, false, now));
      const old = this.lsaShared.get(sharedKey);
      shared = old && old.length === made.length && old.every((r, i) => r[1] === made[i][1]) ? old : made;
      this.lsaSharedNow.set(sharedKey, shared);
    }
    parts.push(shared);
    let byOrigin = this.lsaOrigins.get(owner);
    if (!byOrigin) {
      byOrigin = new Map();
      for (const l of list) { const mine = byOrigin.get(l.origin); if (mine) mine.push(l); else byOrigin.set(l.origin, [l]); }
      this.lsaOrigins.set(owner, byOrigin);
    }
    const own = byOrigin.get(inst);
    if (own) parts.push(own.map((l) => this.lsaRecord(where, inst, area, l, true, now)));
  }

  /** Each LSA list's LSAs by the instance that originated them (for one run). */
  private lsaOrigins = new WeakMap<object, Map<Instance, Lsa[]>>();

  /** One LSA as an instance shows it: the same object as last run's while nothing of it changed. */
  private lsaRecord(where: string, inst: Instance, area: Area | undefined, l: Lsa, self: boolean, now: number): [string, Record<string, string>] {
    let head = this.seen.get(l);
    if (!head) {
      const id = `${inst.version} ${area?.id ?? ''} ${l.type} ${l.id} ${l.originator}`;
      const known = this.sequences.get(id);
      let seq = known?.seq ?? 0x80000001;
      let born = known?.born ?? now;
      if (known && known.body !== l.body) { seq++; born = now; }
      this.sequences.set(id, { body: l.body, seq, born });
      head = { seq: `0x${seq.toString(16).toUpperCase()}`, born: String(born), checksum: checksum(l) };
      this.seen.set(l, head);
    }
    const key = `${inst.name} ${area?.name ?? ''} ${l.type} ${l.id} ${l.originator}`;
    const record: Record<string, string> = {
      instance: inst.name, ...(area ? { area: area.name } : {}), type: l.type, originator: l.originator, id: l.id,
      sequence: head.seq, '.born': head.born, checksum: head.checksum, body: l.body,
      'self-originated': String(self), flushing: 'false', wraparound: 'false',
    };
    const shownKey = `${where}\n${self}\n${key}`;
    const old = this.lsaShown.get(shownKey);
    const kept = old && sameRecord(old, record) ? old : record;
    this.lsaShownNow.set(shownKey, kept);
    return [key, kept];
  }

  /** What was last published in each node's table, with the table's version right after. */
  private last = new Map<string, { records: Published | (() => Published); version: number; table: unknown }>();

  /**
   * Publishes unless the records are those published last time (the same object) into a
   * table nobody changed since: a run where nothing changed then costs no store work.
   */
  private put(ctx: RoutingContext, node: number, table: string, records: Published | (() => Published)) {
    const key = `${node} ${table}`;
    const store = ctx.nodes[node].env.store.table(table);
    const before = this.last.get(key);
    if (before && before.table === store && before.version === store.version && before.records === records) return;
    ctx.publish(node, table, 'ospf', records);
    this.last.set(key, { records, version: store.version, table: store });
  }

  /** The LSAs' headers of this run, worked out once for every router that shows them. */
  private seen = new Map<Lsa, { seq: string; born: string; checksum: string }>();

  /** Each multi-access segment's DR and BDR: the election does not preempt them. */
  private segments = new Map<string, Elected>();
  /** The DR and BDR each multi-access interface last had, to log elections. */
  private elected = new Map<string, string>();

  /**
   * Writes the router's log lines for neighbours whose state changed since the last run
   * (every step on the way, as the router logs them: routeros-facts.md 26.5), and for
   * interfaces whose DR or BDR changed; remembers since when each neighbour is up.
   */
  private logChanges(ctx: RoutingContext, neighbors: Neighbor[], instances: Instance[]) {
    const next = new Map<string, NeighborMemory>();
    const log = (node: number, line: string) => ctx.log(node, `${this.topics},info`, line);
    const elected = new Map<string, string>();
    for (const inst of instances) {
      for (const area of inst.areas) {
        for (const oif of area.ifaces) {
          if (!MULTI_ACCESS.has(oif.type) || oif.passive || !oif.neighbors.length) continue;
          const who = (o?: OspfInterface) => (!o ? '0.0.0.0' : o === oif ? 'me' : o.area.inst.rid);
          const key = `${inst.node} ${inst.name} ${oif.interface} ${oif.ip}`;
          const now = `DR: ${who(oif.dr)} BDR: ${who(oif.bdr)}`;
          elected.set(key, now);
          if (this.elected.get(key) === now) continue;
          log(inst.node, `${interfaceHead(oif)} neighbor election`);
          log(inst.node, `${interfaceHead(oif)} change ${now}`);
        }
      }
    }
    this.elected = elected;
    for (const n of neighbors) {
      const inst = n.me.area.inst;
      const key = neighborKey(n);
      const head = `${interfaceHead(n.me)} neighbor { router-id: ${n.them.area.inst.rid}`;
      const old = this.states.get(key);
      const now = ctx.nodes[inst.node].env.now();
      next.set(key, {
        state: n.state, node: inst.node, head, heard: old?.heard ?? now,
        full: n.state === 'Full' ? (old?.state === 'Full' ? old.full : now) : undefined,
      });
      const from = old?.state ?? 'Down';
      if (from === n.state) continue;
      const a = STATES.indexOf(from as Neighbor['state'] | 'Down'), b = STATES.indexOf(n.state);
      if (b < a) { log(inst.node, `${head} state: ${from} } state change to ${n.state}`); continue; }
      for (let i = a; i < b; i++) {
        const step = STATES[i];
        const done = STEP_DONE[step];
        if (done) log(inst.node, `${head} state: ${step} } ${done}`);
        log(inst.node, `${head} state: ${step} } state change to ${STATES[i + 1]}`);
      }
    }
    for (const [key, old] of this.states) {
      if (!next.has(key)) log(old.node, `${old.head} state: ${old.state} } state change to Down`);
    }
    this.states = next;
  }
}

interface NeighborMemory { state: string; node: number; head: string; heard: number; full?: number }

const neighborKey = (n: Neighbor) => `${n.me.area.inst.node} ${n.me.area.inst.name} ${n.me.interface} ${n.me.ip} ${n.them.area.inst.rid}`;

/** How the router's log names an interface: `v2 { version: 2 router-id: ... } backbone { 0.0.0.0 } interface { broadcast 10.0.0.1%ether1 }`. */
const interfaceHead = (o: OspfInterface) =>
  `${o.area.inst.name} { version: ${o.area.inst.version} router-id: ${o.area.inst.rid} } ${o.area.name} { ${o.area.id} } interface { ${o.type} ${o.ip}%${o.name} }`;

/** The neighbour states in the order a neighbour goes through them (RFC 2328 10.1; the router's words). */
const STATES = ['Down', 'Init', 'TwoWay', 'ExStart', 'Exchange', 'Loading', 'Full'] as const;
/** What the router logs as a step ends, before the state change it causes. */
const STEP_DONE: Partial<Record<(typeof STATES)[number], string>> = { ExStart: 'negotiation done', Exchange: 'exchange done', Loading: 'loading done' };
/** Changes from Down to each state (`state-changes=6` at Full: routeros-facts.md 26.3). */
const STATE_CHANGES: Record<Neighbor['state'], number> = { Init: 1, TwoWay: 2, ExStart: 3, Full: 6 };

/** v2 names the DR by its interface address; v3 by its router id. */
const ridOrIp = (o: OspfInterface) => (o.area.inst.version === 3 ? o.area.inst.rid : o.ip);

function interfaceState(o: OspfInterface): string {
  if (o.passive) return 'passive';
  if (!MULTI_ACCESS.has(o.type)) return 'ptp';
  if (o.dr === o) return 'dr';
  if (o.bdr === o) return 'bdr';
  return o.priority === 0 || o.dr ? 'dr-other' : 'waiting';
}

function checksum(l: Lsa): string {
  let h = 0;
  const s = `${l.type}${l.id}${l.originator}${l.body}`;
  for (let i = 0; i < s.length; i++) h = (h * 31 + s.charCodeAt(i)) & 0xffff;
  return `0x${h.toString(16).toUpperCase().padStart(4, '0')}`;
}

/** A number as the records show it (the small ones made once). */
const NUMBERS: string[] = [];
const numberText = (n: number) => (Number.isInteger(n) && n >= 0 && n < 65536 ? (NUMBERS[n] ??= String(n)) : String(n));

/** Whether two records have the same fields (the owner's mark aside: see RoutingContext.publish). */
function sameRecord(a: Record<string, string>, b: Record<string, string>): boolean {
  let n = 0;
  for (const f in a) { if (f === OWNER_MARK) continue; if (a[f] !== b[f]) return false; n++; }
  for (const f in b) if (f !== OWNER_MARK) n--;
  return n === 0;
}

/** Whether two lists of records are the same records (the same objects) by the same keys. */
function sameRecords(a: LsaRecords, b: LsaRecords): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i][1] !== b[i][1] || a[i][0] !== b[i][0]) return false;
  return true;
}

/** No records. */
const NONE: Published = new Map();

/** The records of several parts as one table's (a later part's record of a key wins). */
function merged(parts: Iterable<Iterable<[string, Record<string, string>]>>): Published {
  const all: Published = new Map();
  for (const part of parts) for (const [k, v] of part) all.set(k, v);
  return all;
}

/** An instance's routes as published: the function that makes their records, and what they came from. */
interface RoutesShown {
  records: () => Published;
  /** The candidates they are made from, kept to compare with the next run's (none for intra-area routes alone: `graph` says). */
  best?: Map<string, Candidate>;
  /** The area's graph they are the intra-area routes of. */
  graph?: string;
}

const memoKey = (inst: Instance) => `${inst.node} ${inst.version} ${inst.name}`;

/**
 * An instance's routes as /ip/route shows them: one record per next hop with a gateway (an
 * attached network is the connected route's). The in-filter-chain sees the route OSPF would
 * install: rejected, it is not installed; accepted, with what the chain set (distance,
 * scopes). A route of several next hops is one route to the filter.
 */
function routeRecords(inst: Instance, routes: Map<string, Candidate>, filters: RoutingFilters | undefined): Published {
  const records: Published = new Map();
  for (const [prefix, c] of routes) {
    if (c.direct) continue;
    const hops = c.hops.filter((h) => h.gw);
    if (!hops.length) continue;
    const route = filters?.run(inst.inFilter, {
      ...filterRoute(inst, prefix, 'ospf', `${hops[0].gw}`, 110, 20), 'ospf-type': FILTER_TYPE[c.type], 'ospf-metric': c.metric,
    });
    if (filters && !route) continue;
    const metric = numberText(c.metric);
    for (const hop of hops) {
      const gateway = hop.text ??= `${hop.gw}%${hop.iface}`;
      records.set([inst.name, prefix, gateway].join(' '), {
        'dst-address': prefix, gateway, distance: numberText(route?.distance ?? 110), scope: numberText(route?.scope ?? 20),
        'target-scope': numberText(route?.['target-scope'] ?? 10), 'routing-table': inst.table,
        ospf: 'true', 'ospf.metric': metric, 'ospf.type': c.type,
      });
    }
  }
  return records;
}

/** Whether two sets of best routes are the same routes (cost, type, metric and next hops, in the same order). */
function sameCandidates(a: Map<string, Candidate>, b: Map<string, Candidate>): boolean {
  if (a.size !== b.size) return false;
  const bs = b.entries();
  for (const [ka, x] of a) {
    const [kb, y] = bs.next().value as [string, Candidate];
    if (ka !== kb || x.cost !== y.cost || x.type !== y.type || x.metric !== y.metric || x.direct !== y.direct || x.hops.length !== y.hops.length) return false;
    for (let i = 0; i < x.hops.length; i++) if (x.hops[i].gw !== y.hops[i].gw || x.hops[i].iface !== y.hops[i].iface) return false;
  }
  return true;
}

/**
 * The next hops of both, `a`'s first; `a` itself when `b` adds none (the SPF meets most
 * vertices of a grid again by paths of equal cost through hops it already has). Hop lists
 * are shared between vertices and routes and never changed in place.
 */
function union(a: Hop[], b: Hop[]): Hop[] {
  if (a === b) return a;
  let out = a;
  for (const h of b) {
    let found = false;
    for (const x of out) if (x.gw === h.gw && x.iface === h.iface) { found = true; break; }
    if (found) continue;
    if (out === a) out = a.slice();
    out.push(h);
  }
  return out;
}

/** Whether an instance is an area border router: in the backbone and another area. */
function isAbr(inst: Instance): boolean {
  return inst.areas.length > 1 && inst.areas.some(isBackbone) && inst.areas.filter((a) => a.ifaces.length).length > 1;
}

// ---------------------------------------------------------------- adjacencies

/** Whether two OSPF interfaces' hellos agree (RFC 2328 10.5; RouterOS manual "Neighbor relationship"). */
function agree(a: OspfInterface, b: OspfInterface): boolean {
  if (a.area.id !== b.area.id || a.area.type !== b.area.type) return false;
  if (a.hello !== b.hello || a.dead !== b.dead) return false;
  if (a.auth !== b.auth || (a.auth && (a.authKey !== b.authKey || (a.auth !== 'simple' && a.authId !== b.authId)))) return false;
  if (a.area.inst.rid === b.area.inst.rid) return false;
  if (a.type !== b.type) return false;
  // v2 on multi-access networks: the same network and mask.
  if (a.area.inst.version === 2 && !a.type.startsWith('ptp') && a.network !== b.network) return false;
  // NBMA and PTMP send no multicast hellos: one end must name the other as a static neighbour
  // (manual "Neighbor relationship": "OSPF neighbors must be discovered initially through configuration").
  if ((a.type === 'nbma' || a.type === 'ptmp') && !a.area.staticNeighbors.has(b.ip) && !b.area.staticNeighbors.has(a.ip)) return false;
  return true;
}

/** Forms the adjacencies of every OSPF interface; returns every neighbour seen from each side. */
function adjacencies(instances: Instance[], domainOf: (node: number, ifId: number) => string, elected: Map<string, Elected>): Neighbor[] {
  const kept = new Map<string, Elected>();
  const groups = new Map<string, OspfInterface[]>();
  for (const inst of instances) {
    for (const area of inst.areas) {
      for (const oif of area.ifaces) {
        if (oif.passive) continue;
        const key = `${inst.version} ${domainOf(oif.node, oif.interface)}`;
        const list = groups.get(key);
        if (list) list.push(oif); else groups.set(key, [oif]);
      }
    }
  }
  const out: Neighbor[] = [];
  for (const [segment, list] of groups) {
    if (list.length < 2) continue;
    const heard = new Map<OspfInterface, OspfInterface[]>();
    for (const a of list) heard.set(a, list.filter((b) => b.node !== a.node && agree(a, b)));
    for (const a of list) {
      const them = heard.get(a)!;
      if (!them.length) continue;
      if (MULTI_ACCESS.has(a.type)) {
        // A v2 segment is known by its network (the layer-2 domain's name changes as links come and go).
        const key = a.area.inst.version === 2 ? `2 ${a.area.id} ${a.network}` : `${segment} ${a.area.id}`;
        const result = elect([a, ...them], elected.get(key));
        a.dr = result.dr;
        a.bdr = result.bdr;
        kept.set(key, { dr: result.dr?.area.inst.rid, bdr: result.bdr?.area.inst.rid });
      }
      for (const b of them) {
        const wanted = !MULTI_ACCESS.has(a.type) || [a.dr, a.bdr].includes(a) || [a.dr, a.bdr].includes(b);
        const state: Neighbor['state'] = !wanted ? 'TwoWay' : a.mtu !== b.mtu ? 'ExStart' : 'Full';
        const n = { me: a, them: b, state };
        a.neighbors.push(n);
        out.push(n);
      }
    }
  }
  elected.clear();
  for (const [k, v] of kept) elected.set(k, v);
  return out;
}

/** A segment's DR and BDR by router id, as the last run left them. */
interface Elected { dr?: string; bdr?: string }

/**
 * The DR and BDR of a segment (RFC 2328 9.4): the highest priority, then the highest router
 * id, priority 0 never; but the election does not preempt: a DR or BDR still there stays,
 * and a BDR whose DR went away takes its place. Routers that start together elect afresh.
 */
function elect(members: OspfInterface[], before: Elected | undefined): { dr?: OspfInterface; bdr?: OspfInterface } {
  const eligible = members.filter((o) => o.priority > 0)
    .sort((x, y) => y.priority - x.priority || cmpRid(y.area.inst.rid, x.area.inst.rid));
  const byRid = (rid?: string) => (rid === undefined ? undefined : eligible.find((o) => o.area.inst.rid === rid));
  let dr = byRid(before?.dr);
  let bdr = byRid(before?.bdr);
  if (!dr && bdr) { dr = bdr; bdr = undefined; }
  dr ??= eligible[0];
  bdr ??= eligible.find((o) => o !== dr);
  return { dr, bdr };
}

// ---------------------------------------------------------------- the link-state database

/** The areas joined by Full adjacencies, each with its graph and LSAs. */
function areaDomains(instances: Instance[]): Domain[] {
  const parent = new Map<Area, Area>();
  const find = (a: Area): Area => { let r = a; while (parent.get(r) !== r) r = parent.get(r)!; parent.set(a, r); return r; };
  for (const inst of instances) for (const area of inst.areas) parent.set(area, area);
  for (const inst of instances) {
    for (const area of inst.areas) {
      for (const oif of area.ifaces) for (const n of oif.neighbors) if (n.state === 'Full') { const ra = find(area), rb = find(n.them.area); if (ra !== rb) parent.set(ra, rb); }
    }
  }
  const byRoot = new Map<Area, Domain>();
  for (const area of parent.keys()) {
    const root = find(area);
    let d = byRoot.get(root);
    if (!d) { d = { areas: [], graph: new Map(), lsas: [], summaries: [], type7: [] }; byRoot.set(root, d); }
    d.areas.push(area);
  }
  for (const d of byRoot.values()) build(d);
  return [...byRoot.values()];
}

/** A transit network's key: its DR's interface. */
const netKey = (dr: OspfInterface) => `N ${dr.area.inst.rid} ${dr.interface} ${dr.ip}`;

/** The graph and LSAs of one area from its routers' interfaces (RFC 2328 12.4). */
function build(d: Domain) {
  const v3 = d.areas[0].inst.version === 3;
  for (const area of d.areas) {
    const inst = area.inst;
    const me: Vertex = { edges: [], stubs: [], inst };
    d.graph.set(`R ${inst.rid}`, me);
    const links: string[] = [];
    for (const oif of area.ifaces) {
      const full = oif.neighbors.filter((n) => n.state === 'Full');
      const stub = () => {
        for (const p of oif.prefixes) {
          me.stubs.push({ prefix: p, cost: oif.cost });
          const [net, len] = p.split('/');
          if (!v3) links.push(`type=stub id=${net} data=${maskOf(Number(len))} metric=${oif.cost}`);
        }
      };
      if (MULTI_ACCESS.has(oif.type)) {
        const dr = oif.dr;
        const transit = dr && full.length > 0 && (dr === oif || full.some((n) => n.them === dr));
        if (!transit) { stub(); continue; }
        const key = netKey(dr!);
        me.edges.push({ to: key, cost: oif.cost, oif });
        links.push(`type=network id=${dr!.ip} data=${oif.ip} metric=${oif.cost}`);
        if (dr === oif) {
          // The DR originates the network LSA: itself and every router Full with it.
          const attached = [oif, ...full.map((n) => n.them)];
          const net: Vertex = { edges: [], stubs: [], gwOn: new Map() };
          for (const o of attached) {
            net.edges.push({ to: `R ${o.area.inst.rid}`, cost: 0 });
            net.gwOn!.set(`R ${o.area.inst.rid}`, o.ip);
          }
          const prefixes = new Set(attached.flatMap((o) => o.prefixes));
          for (const p of prefixes) net.stubs.push({ prefix: p, cost: 0 });
          d.graph.set(key, net);
          const len = Number(oif.network.split('/')[1] ?? 32);
          d.lsas.push({
            type: 'network', id: v3 ? String(oif.interface) : oif.ip, originator: inst.rid, origin: inst,
            body: [...(v3 ? [] : [`netmask=${maskOf(len)}`]), ...attached.map((o) => `router-id=${o.area.inst.rid}`)].join('\n'),
          });
        }
      } else {
        for (const n of full) {
          me.edges.push({ to: `R ${n.them.area.inst.rid}`, cost: oif.cost, oif, gw: n.them.ip });
          links.push(`type=p2p id=${n.them.area.inst.rid} data=${oif.ip} metric=${oif.cost}`);
        }
        stub();
      }
    }
    const bits = `${isAbr(inst) ? 'B' : ''}${inst.redistribute.size || inst.originateDefault !== 'never' ? 'E' : ''}`;
    d.lsas.push({ type: 'router', id: v3 ? '0.0.0.0' : inst.rid, originator: inst.rid, origin: inst, body: [`bits=${bits}`, ...links].join('\n') });
  }
}

function summaryLsas(d: Domain): Lsa[] {
  const v3 = d.areas[0].inst.version === 3;
  return d.summaries.map((s) => {
    const [net, len] = s.prefix.split('/');
    return v3
      ? { type: 'inter-area-prefix', id: s.prefix, originator: s.abr.rid, origin: s.abr, body: `prefix=${s.prefix}\nmetric=${s.metric}` }
      : { type: 'summary-network', id: net, originator: s.abr.rid, origin: s.abr, body: `netmask=${maskOf(Number(len))}\nmetric=${s.metric}` };
  });
}

function externalLsa(e: External): Lsa {
  const [net, len] = e.prefix.split('/');
  const v3 = e.origin.version === 3;
  const body = [...(v3 ? [`prefix=${e.prefix}`] : ['options=E', `netmask=${maskOf(Number(len))}`, 'forwarding-address=0.0.0.0']), `metric=${e.metric} type-${e.type}`, 'route-tag=0'].join('\n');
  return { type: e.nssa ? 'nssa-external' : 'external', id: v3 ? e.prefix : net, originator: e.origin.rid, origin: e.origin, body };
}

function type7Lsas(d: Domain): Lsa[] {
  return d.type7.map((e) => externalLsa({ ...e, nssa: true }));
}

// ---------------------------------------------------------------- SPF

/** A binary heap of vertex numbers by cost (the smallest first; ties as they fall). */
class Heap {
  private keys = new Int32Array(64);
  private costs = new Float64Array(64);
  size = 0;
  push(key: number, cost: number) {
    if (this.size === this.keys.length) {
      const keys = new Int32Array(this.size * 2), costs = new Float64Array(this.size * 2);
      keys.set(this.keys); costs.set(this.costs);
      this.keys = keys; this.costs = costs;
    }
    const k = this.keys, c = this.costs;
    let i = this.size++;
    k[i] = key; c[i] = cost;
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (c[p] <= c[i]) break;
      const tk = k[p], tc = c[p];
      k[p] = k[i]; c[p] = c[i]; k[i] = tk; c[i] = tc;
      i = p;
    }
  }
  /** Takes the top off; its vertex is `key`, its cost `cost`. */
  key = 0;
  cost = 0;
  pop() {
    const k = this.keys, c = this.costs;
    this.key = k[0]; this.cost = c[0];
    const n = --this.size;
    if (!n) return;
    k[0] = k[n]; c[0] = c[n];
    for (let i = 0; ;) {
      const l = 2 * i + 1, r = l + 1;
      let m = i;
      if (l < n && c[l] < c[m]) m = l;
      if (r < n && c[r] < c[m]) m = r;
      if (m === i) break;
      const tk = k[m], tc = c[m];
      k[m] = k[i]; c[m] = c[i]; k[i] = tk; c[i] = tc;
      i = m;
    }
  }
}

/** Whether two areas' graphs are the same: every SPF over them finds the same paths. */
function sameGraph(a: Domain, b: Domain): boolean {
  if (a.graph.size !== b.graph.size) return false;
  const bs = b.graph.entries();
  for (const [ka, va] of a.graph) {
    const [kb, vb] = bs.next().value as [string, Vertex];
    if (ka !== kb || va.edges.length !== vb.edges.length || va.stubs.length !== vb.stubs.length || !!va.inst !== !!vb.inst) return false;
    if (va.inst && va.inst.rid !== vb.inst!.rid) return false;
    for (let i = 0; i < va.edges.length; i++) {
      const x = va.edges[i], y = vb.edges[i];
      if (x.to !== y.to || x.cost !== y.cost || x.gw !== y.gw || x.oif?.name !== y.oif?.name) return false;
    }
    for (let i = 0; i < va.stubs.length; i++) if (va.stubs[i].prefix !== vb.stubs[i].prefix || va.stubs[i].cost !== vb.stubs[i].cost) return false;
    if (!!va.gwOn !== !!vb.gwOn) return false;
    if (va.gwOn) {
      if (va.gwOn.size !== vb.gwOn!.size) return false;
      for (const [k, v] of va.gwOn) if (vb.gwOn!.get(k) !== v) return false;
    }
  }
  return true;
}

/** Numbers a domain's vertices, and each edge's far end, for the SPF. */
function number(d: Domain) {
  const at = new Map<string, number>();
  d.keys = [...d.graph.keys()];
  d.vertices = [...d.graph.values()];
  d.routerAt = new Map();
  d.keys.forEach((k, i) => at.set(k, i));
  d.vertices.forEach((v, i) => {
    if (v.inst) d.routerAt!.set(v.inst.rid, i);
    for (const e of v.edges) e.at = at.get(e.to) ?? -1;
  });
}

/** One router's shortest-path tree over its area's graph: each vertex reached, in the order reached, with its cost and next hops. */
interface Tree { d: Domain; root: number; order: Int32Array; reached: number; dist: Float64Array; hops: Hop[][] }

/** Shortest paths from one router over its area's graph (Dijkstra, with every equal-cost next hop). */
function spf(d: Domain, area: Area): Tree {
  if (!d.vertices) number(d);
  const vertices = d.vertices!, keys = d.keys!;
  const n = vertices.length;
  const root = d.routerAt!.get(area.inst.rid) ?? keys.indexOf(`R ${area.inst.rid}`);
  const dist = new Float64Array(n).fill(Infinity);
  const hops: Hop[][] = new Array(n);
  const done = new Uint8Array(n);
  const order = new Int32Array(n);
  let reached = 0;
  const heap = new Heap();
  dist[root] = 0;
  hops[root] = [];
  heap.push(root, 0);
  while (heap.size) {
    heap.pop();
    const key = heap.key, cost = heap.cost;
    if (done[key] || cost !== dist[key]) continue;
    done[key] = 1;
    order[reached++] = key;
    const v = vertices[key];
    const mine = hops[key];
    for (const e of v.edges) {
      const to = e.at!;
      // A vertex done is reached by no shorter or equal path it does not already have.
      if (to < 0 || done[to]) continue;
      const c = cost + e.cost;
      let via: Hop[];
      if (key === root) via = [e.gw ? { gw: e.gw, iface: e.oif!.name } : { iface: e.oif!.name }];
      else if (v.gwOn && mine.length && mine.every((h) => !h.gw)) via = mine.map((h) => ({ gw: v.gwOn!.get(e.to), iface: h.iface }));
      else via = mine;
      const known = dist[to];
      if (c < known) { dist[to] = c; hops[to] = via; heap.push(to, c); }
      else if (c === known) hops[to] = union(hops[to], via);
    }
  }
  return { d, root, order, reached, dist, hops };
}

/** The intra-area routes of a tree: each stub of each vertex reached. */
function routesOf(t: Tree): Map<string, Candidate> {
  const routes = new Map<string, Candidate>();
  const vertices = t.d.vertices!;
  for (let i = 0; i < t.reached; i++) {
    const key = t.order[i];
    const v = vertices[key];
    if (!v.stubs.length) continue;
    const cost = t.dist[key];
    const h = t.hops[key];
    const direct = key === t.root || h.every((x) => !x.gw);
    for (const s of v.stubs) {
      const c = cost + s.cost;
      const cur = routes.get(s.prefix);
      if (!cur || c < cur.cost || (direct && !cur.direct && c === cur.cost)) routes.set(s.prefix, { cost: c, type: 'intra', hops: direct ? [] : h, direct, metric: c, tie: 0 });
      else if (c === cur.cost && !cur.direct && !direct) cur.hops = union(cur.hops, h);
    }
  }
  return routes;
}

/** The routers a tree reaches, by router id. */
function reachOf(t: Tree): Reach {
  const at = t.d.routerAt!;
  return {
    get: (rid) => {
      const i = at.get(rid);
      return i === undefined || t.dist[i] === Infinity ? undefined : { cost: t.dist[i], hops: t.hops[i] };
    },
  };
}

/** Inter-area routes of a router in an area: the summaries of the ABRs it reaches. */
function interRoutes(d: Domain, routers: Reach, inst: Instance): Map<string, Candidate> {
  const out = new Map<string, Candidate>();
  for (const s of d.summaries) {
    if (s.abr === inst) continue;
    const to = routers.get(s.abr.rid);
    if (!to) continue;
    const c = to.cost + s.metric;
    const cur = out.get(s.prefix);
    if (!cur || c < cur.cost) out.set(s.prefix, { cost: c, type: 'inter', hops: to.hops, direct: false, metric: c, tie: 0 });
    else if (c === cur.cost) cur.hops = union(cur.hops, to.hops);
  }
  return out;
}

/** How a router reaches another (an ASBR): within a shared area, else through an ABR of its own areas. */
function reachRouter(inst: Instance, to: Instance, reach: { get(area: Area): Reach }, abrs: Instance[]): { cost: number; hops: Hop[] } | undefined {
  let best: { cost: number; hops: Hop[] } | undefined;
  for (const area of inst.areas) {
    const r = reach.get(area).get(to.rid);
    if (r && (!best || r.cost < best.cost)) best = r;
  }
  if (best) return best;
  for (const area of inst.areas) {
    for (const abr of abrs) {
      if (abr === inst) continue;
      const toAbr = reach.get(area).get(abr.rid);
      if (!toAbr) continue;
      for (const other of abr.areas) {
        const r = reach.get(other).get(to.rid);
        if (r && (!best || toAbr.cost + r.cost < best.cost)) best = { cost: toAbr.cost + r.cost, hops: toAbr.hops };
      }
    }
  }
  return best;
}

// ---------------------------------------------------------------- redistribution

/** The `redistribute` word a route answers to: connected, static, or the protocol that made it. */
const kindOf = (r: ActiveRoute): string | undefined => r.protocol;

/**
 * The external routes a router originates: its active routes of the kinds `redistribute`
 * names (connected ones only outside the networks OSPF already runs on; BGP routes as the
 * BGP stage published them in the last run: it runs after OSPF), and the default route
 * by `originate-default` (`always`, or `if-installed` while the router has an active default
 * route of its own). Metric 1, type 2 unless a filter says otherwise (unconfirmed: 26.4).
 */
function externalsOf(model: RouterModel, inst: Instance): External[] {
  const family = inst.version === 3 ? 6 : 4;
  const found: External[] = [];
  const out = { push: (e: External, route?: ActiveRoute) => { const f = outFiltered(filters, inst, e, route); if (f) found.push(f); } };
  const filters = inst.outFilter ? model.filters : undefined;
  const any = ANY[family];
  const ospfNets = new Set(inst.areas.flatMap((a) => a.ifaces.flatMap((o) => o.prefixes)));
  let haveDefault = false;
  if (inst.redistribute.size || inst.originateDefault === 'if-installed') {
    const seen = new Set<string>();
    for (const r of model.routing.active[family]) {
      if (r.table !== 'main' || r.protocol === 'ospf') continue;
      const dst = r.dst;
      if (dst === any) { haveDefault = true; continue; }
      const kind = kindOf(r);
      if (!kind || !inst.redistribute.has(kind) || seen.has(dst) || (kind === 'connected' && ospfNets.has(dst))) continue;
      seen.add(dst);
      out.push({ prefix: dst, metric: DEFAULT_EXTERNAL_METRIC, type: 2, origin: inst, nssa: false }, r);
    }
  }
  if (inst.originateDefault === 'always' || (inst.originateDefault === 'if-installed' && haveDefault)) {
    out.push({ prefix: any, metric: DEFAULT_EXTERNAL_METRIC, type: 2, origin: inst, nssa: false });
  }
  return found;
}

/**
 * What an ABR says of an area's intra-area routes in its summaries (RFC 2328 12.4.3): a route
 * inside one of the area's ranges (`/routing/ospf/area/range`) is not summarised alone; the
 * range is, once, with the range's `cost` or else the highest cost of the routes it covers,
 * unless `advertise=no`, which hides them all.
 */
function summarised(area: Area, routes: Map<string, Candidate>): { prefix: string; metric: number }[] {
  const out: { prefix: string; metric: number }[] = [];
  const covered = new Map<AreaRange, number>();
  for (const [prefix, c] of routes) {
    if (c.type !== 'intra') continue;
    const p = area.ranges.length ? prefixOf(prefix) : null;
    const range = p ? area.ranges.find((r) => p.len >= r.prefix.len && covers(r.prefix, p)) : undefined;
    if (!range) out.push({ prefix, metric: c.cost });
    else covered.set(range, Math.max(covered.get(range) ?? 0, c.cost));
  }
  for (const [r, cost] of covered) if (r.advertise) out.push({ prefix: r.text, metric: r.cost ?? cost });
  return out;
}

/** The filter language's names of OSPF's route types (`ospf-type`). */
const FILTER_TYPE: Record<RouteType, string> = {
  intra: 'intra', inter: 'inter', 'ext-type-1': 'ext1', 'ext-type-2': 'ext2', 'nssa-type-1': 'nssa1', 'nssa-type-2': 'nssa2',
};

/** A route as the routing filter language sees it, with what OSPF has to say. */
function filterRoute(inst: Instance, dst: string, protocol: string, gw: string | undefined, distance: number, scope: number): FilterRoute {
  return {
    dst, afi: inst.version === 3 ? 'ipv6' : 'ip', protocol, gw, distance, scope, 'target-scope': 10, 'routing-table': inst.table,
    'bgp-as-path': [], 'bgp-communities': [], 'bgp-large-communities': [], 'bgp-ext-communities': [],
  };
}

/**
 * An external route through the instance's out-filter-chain ("Output operates only with
 * external routes": the manual): rejected, it is not originated; accepted, with the metric and
 * type the chain set (`set ospf-ext-metric`, `set ospf-ext-type type1`). The default route of
 * originate-default goes through it too (an external LSA like the others; unconfirmed: 26.8).
 */
function outFiltered(filters: RoutingFilters | undefined, inst: Instance, e: External, route?: ActiveRoute): External | undefined {
  if (!filters) return e;
  const r = filters.run(inst.outFilter, {
    ...filterRoute(inst, e.prefix, route ? kindOf(route) ?? 'static' : 'ospf', route?.gateways[0], route?.distance ?? 0, route?.scope ?? 30),
    'ospf-ext-metric': e.metric, 'ospf-ext-type': e.type === 1 ? 'type1' : 'type2',
  });
  if (!r) return undefined;
  return { ...e, metric: r['ospf-ext-metric'] ?? e.metric, type: r['ospf-ext-type'] === 'type1' ? 1 : 2 };
}
