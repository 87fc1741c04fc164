// The routing protocols of a lab, run in order after every change they depend on: VRRP
// first (it decides which virtual addresses work), then OSPF (routes from the link-state
// database), then BGP (sessions ride on the routes OSPF and static routes give). Each stage
// publishes its results as dynamic records of the routers' own tables (./context.ts).

import type { Mutation, Row } from '../../core/store.js';
import { writeLog } from '../../menus/log.js';
import type { Fabric, LabNode } from '../fabric.js';
import { Bgp } from './bgp.js';
import type { Published, RoutingContext, Stage } from './context.js';
import { Ospf } from './ospf.js';
import { Vrrp } from './vrrp.js';

/** The hidden value that marks a record as a stage's, with the stage's key: `ospf 10.0.0.0/24`. */
const OWNER = '.owner';

export class Routing implements RoutingContext {
  readonly stages: readonly Stage[] = [new Vrrp(), new Ospf(), new Bgp()];
  /** Set while a stage writes, so the lab does not take its own records for a change of configuration. */
  publishing = false;

  constructor(
    readonly nodes: readonly LabNode[],
    private readonly fabricOf: () => Fabric,
    private readonly invalidate: () => void,
  ) {}

  /** Whether a change to these tables asks for the protocols to run again. */
  dependsOn(tables: ReadonlySet<string>): boolean {
    for (const t of tables) {
      for (const stage of this.stages) {
        if (stage.inputs.some((i) => (i.endsWith('/') ? t.startsWith(i) : t === i))) return true;
      }
    }
    return false;
  }

  /** Runs every stage once, in order. */
  converge() {
    for (const stage of this.stages) {
      try {
        stage.run(this);
      } catch (e) {
        for (const n of this.nodes) writeLog(n.env, `${stage.name},error`, `lab: ${(e as Error).message}`);
      }
    }
  }

  stop() {
    for (const stage of this.stages) stage.stop?.();
  }

  fabric(): Fabric { return this.fabricOf(); }

  invalidateFabric() { this.invalidate(); }

  log(node: number, topics: string, message: string) { writeLog(this.nodes[node].env, topics, message); }

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

  publish(node: number, table: string, owner: string, records: Published) {
    const store = this.nodes[node].env.store;
    const before = this.published(node, table, owner);
    const changes: Mutation[] = [];
    for (const [key, values] of records) {
      const tagged = { ...values, [OWNER]: `${owner} ${key}` };
      const row = before.get(key);
      before.delete(key);
      if (!row) changes.push({ op: 'insert', table, row: store.newRow(table, tagged, true, undefined, this.dynamicId(node, table)) });
      else if (!same(row.values, tagged)) changes.push({ op: 'update', table, id: row.id, values: tagged });
    }
    for (const row of before.values()) changes.push({ op: 'delete', table, id: row.id });
    if (!changes.length) return;
    this.publishing = true;
    try {
      store.commit(changes);
    } finally {
      this.publishing = false;
    }
  }
}

/**
 * Tables users add records to: a protocol's records there take ids of their own, so the
 * next static route is still `*80000001` as on the router, whose dynamic routes are numbered
 * apart from static ones (a 7.x REST capture: `*2018C040` beside `*80000001`; routeros-facts.md 26.1).
 */
const APART = new Set(['ip/route', 'ipv6/route']);
const APART_BASE = 0xff100000;

function same(a: Record<string, string>, b: Record<string, string>): boolean {
  const ka = Object.keys(a);
  if (ka.length !== Object.keys(b).length) return false;
  for (const k of ka) if (a[k] !== b[k]) return false;
  return true;
}
