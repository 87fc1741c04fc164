// Records that live for a while (an address-list entry added with `timeout`): the router
// removes each one when its time is up. One timer serves them all, armed for the earliest;
// a min-heap keeps that cheap with 100,000 entries.

import type { Engine } from './engine.js';

interface Due { at: number; table: string; id: number }

export class Lifetimes {
  private readonly heap: Due[] = [];
  private readonly ends = new Map<string, Map<number, number>>();
  private timer?: NodeJS.Timeout;
  private armedFor = Infinity;

  constructor(private readonly engine: Engine) {}

  /** The record ends at `at` (ms since the epoch). */
  set(table: string, id: number, at: number) {
    let t = this.ends.get(table);
    if (!t) this.ends.set(table, (t = new Map()));
    t.set(id, at);
    this.push({ at, table, id });
    if (at < this.armedFor) this.arm();
  }

  clear(table: string, id: number) {
    this.ends.get(table)?.delete(id);
  }

  /** When the record ends, if it has a lifetime. */
  endOf(table: string, id: number): number | undefined {
    return this.ends.get(table)?.get(id);
  }

  private arm() {
    if (this.timer) clearTimeout(this.timer);
    const next = this.heap[0];
    if (!next) { this.armedFor = Infinity; this.timer = undefined; return; }
    this.armedFor = next.at;
    // setTimeout cannot wait longer than 2^31-1 ms; a later end is re-armed on the way.
    const wait = Math.min(Math.max(0, next.at - this.engine.now()), 0x7fffffff);
    this.timer = setTimeout(() => this.expire(), wait);
    this.timer.unref();
  }

  private expire() {
    const now = this.engine.now();
    const gone: { table: string; id: number }[] = [];
    while (this.heap.length && this.heap[0].at <= now) {
      const due = this.pop()!;
      // Skip entries that were renewed or removed since they were queued.
      if (this.ends.get(due.table)?.get(due.id) !== due.at) continue;
      this.ends.get(due.table)!.delete(due.id);
      gone.push(due);
    }
    if (gone.length) {
      this.engine.store.commit(gone.filter((g) => this.engine.store.table(g.table).get(g.id))
        .map((g) => ({ op: 'delete' as const, table: g.table, id: g.id })));
    }
    this.arm();
  }

  stop() {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
  }

  private push(d: Due) {
    const h = this.heap;
    h.push(d);
    let i = h.length - 1;
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (h[p].at <= h[i].at) break;
      [h[p], h[i]] = [h[i], h[p]];
      i = p;
    }
  }

  private pop(): Due | undefined {
    const h = this.heap;
    const top = h[0];
    const last = h.pop();
    if (h.length && last) {
      h[0] = last;
      let i = 0;
      for (;;) {
        const l = 2 * i + 1, r = l + 1;
        let m = i;
        if (l < h.length && h[l].at < h[m].at) m = l;
        if (r < h.length && h[r].at < h[m].at) m = r;
        if (m === i) break;
        [h[m], h[i]] = [h[i], h[m]];
        i = m;
      }
    }
    return top;
  }
}
