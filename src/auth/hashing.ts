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
//   - per source address one hash at a time;
//   - sources whose logins failed lately (a count that forgets one failure every
//     FORGET_MS) go after those whose did not, fewest failures first; among equals, one
//     that logged in successfully within TRUSTED_MS goes first, then the oldest attempt;
//   - within a source, the same between its users: a user whose logins from there failed
//     lately goes after one whose did not, so a flood against some users from an address
//     does not keep another user's login from that address waiting behind all of it;
//   - a source with SUSPECT_FAILURES or more is a suspect, and all suspects together hash
//     on at most SUSPECT_THREADS threads.
//
// Waiting attempts are bounded: PER_USER_WAITING per user of a source, PER_ADDRESS_WAITING
// per source, TOTAL_WAITING in all. A new attempt beyond a bound takes the place of the
// attempt most likely to be a bad one: of the source with the most recent failures, of its
// user with the most recent failures and then the most attempts waiting, the oldest (the
// newest is the one a client still waits for). That attempt is refused without hashing: a
// 401 (or the API's login failure) like any other, as quick for a user who exists as for
// one who does not. So a correct login is slow at worst during a flood from its own address
// against other users, never refused. Attempts with the same password against the same
// stored hash (a client's parallel first requests) share one hash.

import os from 'node:os';

export const THREADS = Math.max(1, Math.min(Number(process.env.UV_THREADPOOL_SIZE) || 4, os.availableParallelism() - 1));
export const SUSPECT_THREADS = 1;
export const PER_USER_WAITING = 16;
export const PER_ADDRESS_WAITING = 64;
export const TOTAL_WAITING = 256;
export const SUSPECT_FAILURES = 3;
export const FORGET_MS = 10_000;
export const TRUSTED_MS = 600_000;
/** Users remembered per source; attempts for further names count as one unnamed user. */
const USERS_PER_SOURCE = 1024;

/** Checks a password against a stored hash (undefined: against the stand-in, failing as slowly). */
export type Verify = (plain: string, stored: string | undefined) => Promise<boolean>;

/** What is remembered of an address, and of each user name tried from it. */
interface Record_ {
  waiting: number;
  /** Recent failures, as counted at `at`. */
  failures: number;
  at: number;
  /** When a login from it last succeeded. */
  succeeded: number;
}

interface Source extends Record_ {
  running: number;
  users: Map<string, Record_>;
}

interface Job {
  source: Source;
  user: Record_;
  /** Arrival order. */
  seq: number;
  start: () => void;
  /** Refuses it unhashed (its place went to a newer attempt). */
  refuse: () => void;
}

const fresh = (): Record_ => ({ waiting: 0, failures: 0, at: 0, succeeded: -Infinity });

export class HashGate {
  private readonly sources = new Map<string, Source>();
  private readonly queue: Job[] = [];
  private readonly shared = new Map<string, Promise<boolean>>();
  private running = 0;
  private suspectsRunning = 0;
  private seq = 0;

  constructor(private readonly hash: Verify, private readonly now: () => number = Date.now) {}

  /** Whether `plain` matches `stored` for `user` from `address`, hashed in turn; false when refused unhashed. */
  verify(address: string, user: string, plain: string, stored: string | undefined): Promise<boolean> {
    const key = `${stored ?? ''}\0${plain}`;
    const same = this.shared.get(key);
    if (same) return same;
    const source = this.source(address);
    const record = this.user(source, user);
    const result = new Promise<boolean>((resolve) => {
      const job: Job = {
        source, user: record, seq: this.seq++,
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
        refuse: () => {
          this.shared.delete(key);
          resolve(false);
        },
      };
      this.queue.push(job);
      source.waiting++;
      record.waiting++;
      // Over a bound: the likeliest bad attempt in its scope gives up its place.
      if (record.waiting > PER_USER_WAITING) this.evict((j) => j.user === record);
      else if (source.waiting > PER_ADDRESS_WAITING) this.evict((j) => j.source === source);
      else if (this.queue.length > TOTAL_WAITING) this.evict(() => true);
      this.pump();
    });
    this.shared.set(key, result);
    return result;
  }

  /** Counts a failed login against its source address and the user name tried. */
  failed(address: string, user: string) {
    const source = this.source(address);
    const now = this.now();
    for (const r of [source, this.user(source, user)]) {
      r.failures = this.failures(r) + 1;
      r.at = now;
    }
  }

  /** Notes a successful login of `user` from this address. */
  succeeded(address: string, user: string) {
    const source = this.source(address);
    source.succeeded = this.user(source, user).succeeded = this.now();
  }

  /** Forgets sources and users with nothing under way and nothing left to remember. */
  sweep() {
    const now = this.now();
    const idle = (r: Record_) => !r.waiting && this.failures(r) === 0 && now - r.succeeded > TRUSTED_MS;
    for (const [address, source] of this.sources) {
      for (const [name, user] of source.users) if (idle(user)) source.users.delete(name);
      if (!source.running && idle(source) && !source.users.size) this.sources.delete(address);
    }
  }

  private source(address: string): Source {
    let source = this.sources.get(address);
    if (!source) this.sources.set(address, (source = { ...fresh(), running: 0, users: new Map() }));
    return source;
  }

  private user(source: Source, name: string): Record_ {
    let user = source.users.get(name);
    if (!user) {
      if (source.users.size >= USERS_PER_SOURCE) name = '';
      user = source.users.get(name);
      if (!user) source.users.set(name, (user = fresh()));
    }
    return user;
  }

  private failures(r: Record_): number {
    if (!r.failures) return 0;
    return Math.max(0, r.failures - Math.floor((this.now() - r.at) / FORGET_MS));
  }

  /** How far back a record goes: failures first, then (less) a recent success. */
  private rank(r: Record_, now: number): number {
    return this.failures(r) - (now - r.succeeded <= TRUSTED_MS ? 0.5 : 0);
  }

  /** Refuses the waiting attempt of `scope` most likely to be bad (see above). */
  private evict(scope: (job: Job) => boolean) {
    const now = this.now();
    let worst = -1;
    let key: number[] = [];
    for (let i = 0; i < this.queue.length; i++) {
      const j = this.queue[i];
      if (!scope(j)) continue;
      const k = [this.rank(j.source, now), this.rank(j.user, now), j.user.waiting, -j.seq];
      if (worst < 0 || greater(k, key)) { worst = i; key = k; }
    }
    if (worst < 0) return;
    const [job] = this.queue.splice(worst, 1);
    job.source.waiting--;
    job.user.waiting--;
    job.refuse();
  }

  /** Starts waiting hashes while threads are free, in the order above. */
  private pump() {
    const now = this.now();
    while (this.running < THREADS && this.queue.length) {
      let best = -1;
      let key: number[] = [];
      for (let i = 0; i < this.queue.length; i++) {
        const j = this.queue[i];
        if (j.source.running) continue;
        const failures = this.failures(j.source);
        if (failures >= SUSPECT_FAILURES && this.suspectsRunning >= SUSPECT_THREADS) continue;
        const k = [this.rank(j.source, now), this.rank(j.user, now), j.seq];
        if (best < 0 || greater(key, k)) { best = i; key = k; }
      }
      if (best < 0) return;
      const [job] = this.queue.splice(best, 1);
      job.source.waiting--;
      job.user.waiting--;
      job.start();
    }
  }
}

/** Whether `a` comes after `b`, element by element. */
function greater(a: readonly number[], b: readonly number[]): boolean {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i] > b[i];
  return false;
}
