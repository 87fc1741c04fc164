// What a routing protocol of the lab sees and does. Each protocol is a stage (Batfish's
// data plane, stage by stage): it reads the routers' models (../model.ts: their
// configurations, and what earlier stages published into them), the computed layer-2
// network (../fabric.ts), and publishes its own results
// as each router shows them: dynamic records of the router's own tables (`/ip/route`,
// `/routing/ospf/neighbor`, `/routing/bgp/session` ...). Publishing through the store is
// what makes print, `.query`, `listen` and every face see protocol state with no new code,
// and what lets a later stage read an earlier one's routes as the router's routing table.

import type { Row } from '../../core/store.js';
import type { Fabric, LabNode } from '../fabric.js';

/** One record a stage wants a router to show, by a key that is stable across runs. */
export type Published = Map<string, Record<string, string>>;

export interface RoutingContext {
  readonly nodes: readonly LabNode[];
  /** The layer-2 network as the configurations make it now (after earlier stages' changes). */
  fabric(): Fabric;
  /**
   * Makes node's dynamic records of `table` that `owner` published last time be exactly
   * `records`: new keys inserted, changed values updated in place (the record keeps its id),
   * keys gone removed. One commit; nothing is written when nothing changed. The records'
   * objects become the stored values (marked with the owner's hidden field): a stage must
   * not change a record it handed in, and hands in the same object again for a record that
   * did not change, which then costs no copy and no comparison.
   *
   * `records` may be a function that makes them: they are then made (and compared with what
   * the table holds) only when the node's table is next read, by a print or any other reader,
   * and the table counts as changed now. Handing in a new function says the records may have
   * changed; the same function again, that they did not. For what most routers of a big lab
   * hold and nobody asks for: their routes (made from their SPF) and their LSA database.
   */
  publish(node: number, table: string, owner: string, records: Published | (() => Published)): void;
  /** The records `owner` published in node's `table`, by key (for a stage's own bookkeeping). */
  published(node: number, table: string, owner: string): Map<string, Row>;
  /** Writes a line to the node's /log with the router's topics (`route,ospf,info`, `route,bgp,error`, `vrrp,info` ...). */
  log(node: number, topics: string, message: string): void;
  /** Runs a script of the node's configuration in the background, as the router's own (a VRRP transition's `on-master`). */
  script(node: number, source: string, via: string): void;
  /** Tells the lab that the carrier or running state of some interface changed (VRRP). */
  invalidateFabric(): void;
}

/**
 * A routing protocol of the lab. `run` computes the protocol's whole state from the
 * configurations and publishes it; it is called again after any change of a table named in
 * `inputs` (exact names, or prefixes ending in `/`), in stage order, so a stage may read
 * what earlier stages published. A stage keeps what it needs across runs to log changes
 * (a neighbour that goes Full, a session that goes down).
 */
export interface Stage {
  readonly name: string;
  /** The topics its log lines start with (`route,ospf`: a real 7.5 router's, routeros-facts.md 26.6.3). */
  readonly topics: string;
  readonly inputs: readonly string[];
  run(ctx: RoutingContext): void;
  /** Time-driven work (timers, flap dampening); optional. */
  stop?(): void;
}
