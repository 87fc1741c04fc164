// The routing protocols of a lab, run in order after every change they depend on: VRRP
// first (it decides which virtual addresses work), then OSPF (routes from the link-state
// database), then BGP (sessions ride on the routes OSPF and static routes give). Each stage
// publishes its results as dynamic records of the routers' own tables (./context.ts).

import type { Row, RowChange, Table } from '../../core/store.js';
import type { Fabric, LabNode } from '../fabric.js';
import { Bgp } from './bgp.js';
import type { Published, RoutingContext, Stage } from './context.js';
import { Ospf } from './ospf.js';
import { Vrrp } from './vrrp.js';
import { Dhcp6 } from '../dhcp6.js';
import { Slaac } from '../nd.js';

/** The hidden value that marks a record as a stage's, with the stage's key: `ospf 10.0.0.0/24`. */
const OWNER = '.owner';

export class Routing implements RoutingContext {
  /** DHCPv6 prefix delegation, whose clients' state /ipv6/dhcp-client shows. */
  readonly dhcp6 = new Dhcp6();
  readonly stages: readonly Stage[];
  /** Set while a stage writes, so the lab does not take its own records for a change of configuration. */
  publishing = false;

  constructor(
    readonly nodes: readonly LabNode[],
    private readonly fabricOf: () => Fabric,
    private readonly invalidate: () => void,
    /** The lab's tunnels (../tunnels/stage.ts): after VRRP, before the protocols that run over them. */
    tunnels?: Stage,
  ) {
    // Addresses first (VRRP's virtual ones, the tunnels' interfaces, delegated prefixes, SLAAC's),
    // then the protocols that route over them.
    this.stages = [new Vrrp(), ...(tunnels ? [tunnels] : []), this.dhcp6, new Slaac(), new Ospf(), new Bgp()];
  }

  /** Whether a change to these tables asks for the protocols to run again. */
  dependsOn(tables: ReadonlySet<string>): boolean {
    for (const t of tables) for (const stage of this.stages) if (reads(stage, t)) return true;
    return false;
  }

  /** The stages a table a stage just published into asks to run again (none while idle). */
  private dirty: Set<Stage> | undefined;
  /** The stage running now: its own records are its output, not its input. */
  private running: Stage | undefined;

  /**
   * Runs the stages in order, then again those whose inputs a later stage (or another stage
   * of the pass) changed, until nothing they read changes: OSPF redistributing BGP routes
   * sees the routes BGP published after it in the same convergence, as a real router does
   * once its protocols settle. Each stage is a function of the configurations and of the
   * others' records, so a pass in which no stage publishes anything new is the fixed point
   * and ends the loop (a quiet stage causes no second pass); MAX_PASSES bounds the loops
   * a real network can also have (BGP into OSPF into BGP with no filter), where the last
   * pass's results stay, as a router's keep changing in a feedback loop.
   */
  converge() {
    let todo = new Set(this.stages);
    for (let pass = 0; todo.size && pass < MAX_PASSES; pass++) {
      this.dirty = new Set();
      for (const stage of this.stages) {
        // A stage marked during this pass by an earlier one runs in this pass, after it.
        if (!todo.has(stage) && !this.dirty.has(stage)) continue;
        this.dirty.delete(stage);
        this.running = stage;
        try {
          stage.run(this);
        } catch (e) {
          for (const n of this.nodes) n.router.log(`${stage.topics},error`, `lab: ${(e as Error).message}`);
        }
      }
      todo = this.dirty;
    }
    this.dirty = this.running = undefined;
  }

  /** Marks the stages other than the running one that read `table`. */
  private touched(table: string) {
    for (const stage of this.stages) {
      if (stage !== this.running && reads(stage, table)) this.dirty?.add(stage);
    }
  }

  stop() {
    for (const stage of this.stages) stage.stop?.();
  }

  fabric(): Fabric { return this.fabricOf(); }

  invalidateFabric() { this.invalidate(); }

  log(node: number, topics: string, message: string) { this.nodes[node].router.log(topics, message); }

  script(node: number, source: string, via: string) { void this.nodes[node].router.runScript(source, via, true); }

  published(node: number, table: string, owner: string): Map<string, Row> {
    const out = new Map<string, Row>();
    const prefix = `${owner} `;
    for (const row of this.nodes[node].env.store.table(table).rows) {
      const tag = row.dynamic ? row.values[OWNER] : undefined;
      if (tag?.startsWith(prefix)) out.set(tag.slice(prefix.length), row);
    }
    return out;
  }

  private apart = new Map<string, number>();

  /** An id for a new record of a stage: none (the table's next) unless the table is one of APART. */
  private dynamicId(node: number, table: string): number | undefined {
    if (!APART.has(table)) return undefined;
    const key = `${node} ${table}`;
    const byId = this.nodes[node].env.store.table(table);
    let id = this.apart.get(key) ?? APART_BASE;
    while (byId.get(id)) id++;
    this.apart.set(key, id + 1);
    return id;
  }

  /**
   * Each (node, table, owner)'s records as the last publish left them, by key, with the
   * table's version then: while nobody else changed the table, the next publish reads them
   * here instead of scanning the table.
   */
  private kept = new Map<string, { table: Table; version: number; rows: Map<string, Row> }>();
  /**
   * The record with its owner's mark: the object the stage handed in, marked in place (see
   * RoutingContext.publish), so that a record handed in again unchanged costs no copy and no
   * comparison, and routers shown the same record (an area's LSAs) share one stored object.
   */
  private tag(owner: string, key: string, values: Record<string, string>): Record<string, string> {
    const mark = values[OWNER];
    if (mark === undefined) values[OWNER] = `${owner} ${key}`;
    else if (mark.length !== owner.length + 1 + key.length || mark.charCodeAt(owner.length) !== 32 || !mark.startsWith(owner) || !mark.endsWith(key)) return { ...values, [OWNER]: `${owner} ${key}` };
    return values;
  }

  publish(node: number, table: string, owner: string, records: Published | (() => Published)) {
    const store = this.nodes[node].env.store;
    const keptKey = `${node} ${table} ${owner}`;
    if (typeof records === 'function') {
      if (this.handed.get(keptKey) === records) return;
      this.handed.set(keptKey, records);
      this.kept.delete(keptKey);
      this.touched(table);
      this.publishing = true;
      try {
        store.later(table, owner, () => this.changes(node, table, owner, this.published(node, table, owner), records()));
      } finally {
        this.publishing = false;
      }
      return;
    }
    this.handed.delete(keptKey);
    const t = store.table(table);
    const kept = this.kept.get(keptKey);
    const before = kept && kept.table === t && kept.version === t.version ? kept.rows : this.published(node, table, owner);
    const changes = this.changes(node, table, owner, before, records);
    if (changes.length) {
      this.touched(table);
      this.publishing = true;
      try {
        store.commit(changes);
      } finally {
        this.publishing = false;
      }
      for (const m of changes) {
        if (m.op === 'insert') before.set(this.keyOf(owner, m.row.values), m.row);
      }
      if (before.size > records.size) for (const key of before.keys()) if (!records.has(key)) before.delete(key);
    }
    this.kept.set(keptKey, { table: t, version: t.version, rows: before });
  }

  /** The records each (node, table, owner) was last handed in as a function (made when the table is read). */
  private handed = new Map<string, () => Published>();

  /** A stage's key of a record it published (from the owner's mark). */
  private keyOf(owner: string, values: Record<string, string>) { return values[OWNER].slice(owner.length + 1); }

  /** What makes node's records of `owner` in `table` (`before`, by key) be `records`. */
  private changes(node: number, table: string, owner: string, before: Map<string, Row>, records: Published): RowChange[] {
    const store = this.nodes[node].env.store;
    const changes: RowChange[] = [];
    let found = 0;
    for (const [key, values] of records) {
      const row = before.get(key);
      // The object stored last time, handed in again: unchanged.
      if (row && row.values === values) { found++; continue; }
      const tagged = this.tag(owner, key, values);
      if (!row) {
        changes.push({ op: 'insert', table, row: store.newRow(table, tagged, true, undefined, this.dynamicId(node, table)) });
        continue;
      }
      found++;
      if (row.values !== tagged && !same(row.values, tagged)) changes.push({ op: 'update', table, id: row.id, values: tagged });
    }
    if (found < before.size) for (const [key, row] of before) if (!records.has(key)) changes.push({ op: 'delete', table, id: row.id });
    return changes;
  }
}

/**
 * Tables users add records to: a protocol's records there take ids of their own, so the
 * next static route is still `*80000001` as on the router, whose dynamic routes are numbered
 * apart from static ones (a 7.x REST capture: `*2018C040` beside `*80000001`; routeros-facts.md 26.1).
 */
const APART = new Set(['ip/route', 'ipv6/route']);
const APART_BASE = 0xff100000;

/** Whether a stage's inputs name the table (exactly, or a prefix ending in `/`). */
const reads = (stage: Stage, table: string) => stage.inputs.some((i) => (i.endsWith('/') ? table.startsWith(i) : table === i));

/** At most this many passes of the stages per convergence (see `converge`). */
const MAX_PASSES = 5;

function same(a: Record<string, string>, b: Record<string, string>): boolean {
  const ka = Object.keys(a);
  if (ka.length !== Object.keys(b).length) return false;
  for (const k of ka) if (a[k] !== b[k]) return false;
  return true;
}
