// The engine's time shared between API connections: round robin over owners (each logged-in
// user, and each client address whose connections are not logged in yet), and within an
// owner over its connections. A connection with sentences waiting asks for a turn; in its
// turn it runs sentences for at most TURN_MS, then the next connection has its turn. After
// SLICE_MS of turns the event loop gets to run (new bytes from every socket, timers, other
// faces) before the next round, so one client's 20,000 pipelined prints delay another
// client's command by a turn or two, not by the whole pipeline.
//
// A connection that finds nobody else waiting is served at once, in the same turn of the
// event loop as its bytes arrived: a client with one command at a time pays nothing for this.

/** How long one connection runs sentences in one turn. */
export const TURN_MS = 2;
/** How long turns run before the event loop gets to run again. */
export const SLICE_MS = 10;

export interface Served {
  /** Whose share this connection's turns come from. */
  readonly owner: string;
  /** Runs sentences until `until` (performance.now()); true when it has more it could run now. */
  serve(until: number): boolean;
}

export class Turns {
  /** Owners with connections waiting, in turn order (a Map keeps insertion order). */
  private readonly owners = new Map<string, Served[]>();
  private readonly waiting = new Set<Served>();
  private pumping = false;
  private scheduled = false;

  /** `s` has sentences to run: it gets a turn (at once when nobody else is waiting). */
  ready(s: Served) {
    if (this.waiting.has(s)) return;
    // Nobody else waiting (a client with one command at a time): its turn starts now,
    // without going through the queue (which costs a list, and map and set entries, per turn).
    if (!this.pumping && !this.scheduled && !this.owners.size) return this.pump(s);
    this.enqueue(s);
    if (!this.pumping && !this.scheduled) this.pump();
  }

  private enqueue(s: Served) {
    this.waiting.add(s);
    const queue = this.owners.get(s.owner);
    if (queue) queue.push(s);
    else this.owners.set(s.owner, [s]);
  }

  /** Turns until SLICE_MS is up or nobody waits; `first`, when given, has the first turn (it was not queued). */
  private pump(first?: Served) {
    this.pumping = true;
    const until = performance.now() + SLICE_MS;
    try {
      while (first || this.owners.size) {
        let s: Served;
        if (first) { s = first; first = undefined; }
        else {
          const [owner, queue] = this.owners.entries().next().value as [string, Served[]];
          // The owner goes to the back of the round; its connection to the back of its queue.
          this.owners.delete(owner);
          s = queue.shift()!;
          this.waiting.delete(s);
          if (queue.length) this.owners.set(owner, queue);
        }
        const now = performance.now();
        let more = false;
        try {
          more = s.serve(now + TURN_MS);
        } catch (e) {
          console.error('vrouter: API connection failed:', e);
        }
        if (more) this.enqueue(s);
        if (performance.now() >= until) break;
      }
    } finally {
      this.pumping = false;
    }
    if (this.owners.size) {
      this.scheduled = true;
      setImmediate(() => { this.scheduled = false; this.pump(); });
    }
  }
}
