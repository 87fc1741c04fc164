// The password hashing of logins, bounded so that failed logins cannot crowd out the others.
//
// Every login that is not a kept one costs a scrypt hash (about 40 ms of a thread-pool
// thread), a refused one too: an unknown user is hashed against a stand-in so that the
// reply's timing does not tell who exists. Left to the thread pool's own first-come order,
// a flood of bad logins queues every other login behind it (200 of them: a good login
// waited 4 s). So the hashes queue here, and this queue decides their order:
//
//   - at most THREADS hash at once: one core fewer than the machine has (and at least
//     one), so that hashing never starves the event loop that serves everyone else;
//   - per source address one hash at a time and at most PER_ADDRESS_WAITING waiting;
//   - sources whose logins failed lately (a count that forgets one failure every
//     FORGET_MS) go after those whose did not, fewest failures first; among equals, one
//     that logged in successfully within TRUSTED_MS goes first, then the oldest attempt;
//   - a source with SUSPECT_FAILURES or more is a suspect, and all suspects together hash
//     on at most SUSPECT_THREADS threads;
//   - at most TOTAL_WAITING wait in all.
//
// An attempt over these bounds is refused at once, without hashing: it is a 401 (or the API's
// login failure) like any other, as quick for a user who exists as for one who does not.
// Attempts with the same password against the same stored hash (a client's parallel first
// requests) share one hash.

import os from 'node:os';

export const THREADS = Math.max(1, Math.min(Number(process.env.UV_THREADPOOL_SIZE) || 4, os.availableParallelism() - 1));
export const SUSPECT_THREADS = 1;
export const PER_ADDRESS_WAITING = 16;
export const TOTAL_WAITING = 256;
export const SUSPECT_FAILURES = 3;
export const FORGET_MS = 10_000;
export const TRUSTED_MS = 600_000;

/** Checks a password against a stored hash (undefined: against the stand-in, failing as slowly). */
export type Verify = (plain: string, stored: string | undefined) => Promise<boolean>;

interface Source {
  running: number;
  waiting: number;
  /** Recent failures, as counted at `at`. */
  failures: number;
  at: number;
  /** When a login from it last succeeded. */
  succeeded: number;
}

interface Job {
  source: Source;
  start: () => void;
}

export class HashGate {
  private readonly sources = new Map<string, Source>();
  private readonly queue: Job[] = [];
  private readonly shared = new Map<string, Promise<boolean>>();
  private running = 0;
  private suspectsRunning = 0;

  constructor(private readonly hash: Verify, private readonly now: () => number = Date.now) {}

  /** Whether `plain` matches `stored`, hashed in turn; false when refused unhashed. */
  verify(address: string, plain: string, stored: string | undefined): Promise<boolean> {
    const key = `${stored ?? ''}\0${plain}`;
    const same = this.shared.get(key);
    if (same) return same;
    const source = this.source(address);
    if (source.waiting >= PER_ADDRESS_WAITING || this.queue.length >= TOTAL_WAITING) return Promise.resolve(false);
    const result = new Promise<boolean>((resolve) => {
      source.waiting++;
      this.queue.push({
        source,
        start: () => {
          const suspect = this.failures(source) >= SUSPECT_FAILURES;
          source.running++;
          this.running++;
          if (suspect) this.suspectsRunning++;
          this.hash(plain, stored).catch(() => false).then((ok) => {
            source.running--;
            this.running--;
            if (suspect) this.suspectsRunning--;
            this.shared.delete(key);
            resolve(ok);
            this.pump();
          });
        },
      });
      this.pump();
    });
    this.shared.set(key, result);
    return result;
  }

  /** Counts a failed login against its source address. */
  failed(address: string) {
    const source = this.source(address);
    source.failures = this.failures(source) + 1;
    source.at = this.now();
  }

  /** Notes a successful login from this address. */
  succeeded(address: string) {
    this.source(address).succeeded = this.now();
  }

  /** Forgets sources with nothing under way and nothing left to remember. */
  sweep() {
    const now = this.now();
    for (const [address, source] of this.sources) {
      if (!source.running && !source.waiting && this.failures(source) === 0 && now - source.succeeded > TRUSTED_MS) this.sources.delete(address);
    }
  }

  private source(address: string): Source {
    let source = this.sources.get(address);
    if (!source) this.sources.set(address, (source = { running: 0, waiting: 0, failures: 0, at: 0, succeeded: -Infinity }));
    return source;
  }

  private failures(source: Source): number {
    if (!source.failures) return 0;
    return Math.max(0, source.failures - Math.floor((this.now() - source.at) / FORGET_MS));
  }

  /** Starts waiting hashes while threads are free, in the order above. */
  private pump() {
    const now = this.now();
    while (this.running < THREADS && this.queue.length) {
      let best = -1;
      let lowest = Infinity;
      for (let i = 0; i < this.queue.length; i++) {
        const { source } = this.queue[i];
        if (source.running) continue;
        const failures = this.failures(source);
        if (failures >= SUSPECT_FAILURES && this.suspectsRunning >= SUSPECT_THREADS) continue;
        const rank = failures - (now - source.succeeded <= TRUSTED_MS ? 0.5 : 0);
        if (rank < lowest) { lowest = rank; best = i; }
        if (rank < 0) break;
      }
      if (best < 0) return;
      const [job] = this.queue.splice(best, 1);
      job.source.waiting--;
      job.start();
    }
  }
}
