// One request at a time per user, in arrival order; users in parallel. A request that runs
// past the request limit ends with `Session closed`, and so does every request of that user
// queued behind it: the router's API session for that user is gone. A request whose client
// went away still runs on until it ends or reaches the limit.

import { CommandError } from '../core/errors.js';

export const sessionClosed = () => new CommandError('session-closed', 'Session closed');

/** Ends a request at the limit; its AbortSignal is made only if the command asks for one. */
export class Cancel {
  private controller?: AbortController;
  aborted = false;

  get signal(): AbortSignal {
    if (!this.controller) {
      this.controller = new AbortController();
      if (this.aborted) this.controller.abort();
    }
    return this.controller.signal;
  }

  abort() {
    this.aborted = true;
    this.controller?.abort();
  }
}

interface Waiting {
  start: () => void;
  fail: (e: Error) => void;
}

/** The request a lane runs now. */
interface Running {
  /** When it started (performance.now()). */
  readonly started: number;
  readonly cancel: Cancel;
  settled: boolean;
  readonly reject: (e: Error) => void;
}

class Lane {
  busy = false;
  readonly queue: Waiting[] = [];
  running?: Running;
  /**
   * One timer per lane, not one per request: it is due at or before the running request's
   * limit, and when it fires early (set for an earlier request) it is set again for the rest.
   * A lane left idle stays until its timer fires, so a user's next request finds it.
   */
  timer?: NodeJS.Timeout;
}

export class Lanes {
  private readonly lanes = new Map<string, Lane>();

  constructor(private readonly limitMs: number, private readonly onClosed: (user: string) => void = () => {}) {}

  /**
   * Runs `task` in the user's lane; rejects with `Session closed` at the limit. A task that
   * finds the lane idle and answers without waiting (a GET, an API print) is answered in the
   * same turn, without a promise or a timer: nothing of the user's can come between.
   */
  run<T>(user: string, task: (cancel: Cancel) => T | Promise<T>): T | Promise<T> {
    let lane = this.lanes.get(user);
    if (!lane) this.lanes.set(user, (lane = new Lane()));
    const current = lane;
    if (current.busy) return new Promise<T>((resolve, reject) => current.queue.push({ start: () => this.start(current, user, task, resolve, reject), fail: reject }));
    current.busy = true;
    const cancel = new Cancel();
    let out: T | Promise<T>;
    try {
      out = task(cancel);
    } catch (e) {
      current.busy = false;
      throw e;
    }
    if (!(out instanceof Promise)) {
      current.busy = false;
      return out;
    }
    const waiting = out;
    return new Promise<T>((resolve, reject) => this.follow(current, user, cancel, waiting, resolve, reject));
  }

  /** Starts a request that waited behind others; its reply goes to whoever awaits it. */
  private start<T>(lane: Lane, user: string, task: (cancel: Cancel) => T | Promise<T>, resolve: (v: T) => void, reject: (e: Error) => void) {
    const cancel = new Cancel();
    let out: T | Promise<T>;
    try {
      out = task(cancel);
    } catch (e) {
      reject(e as Error);
      return void queueMicrotask(() => this.next(lane));
    }
    this.follow(lane, user, cancel, out instanceof Promise ? out : Promise.resolve(out), resolve, reject);
  }

  /** The lane's running request until `out` settles or the limit ends it. */
  private follow<T>(lane: Lane, user: string, cancel: Cancel, out: Promise<T>, resolve: (v: T) => void, reject: (e: Error) => void) {
    const job: Running = { started: performance.now(), cancel, settled: false, reject };
    lane.running = job;
    if (!lane.timer) lane.timer = setTimeout(() => this.expire(lane, user), this.limitMs);
    else lane.timer.ref();
    // The next request starts after whoever awaited this one has taken its result (a
    // command that never waits, such as print, would otherwise answer before this
    // request's own reply went out).
    out.then(
      (v) => { if (!job.settled) { job.settled = true; resolve(v); queueMicrotask(() => this.next(lane)); } },
      (e) => { if (!job.settled) { job.settled = true; reject(e); queueMicrotask(() => this.next(lane)); } },
    );
  }

  private expire(lane: Lane, user: string) {
    lane.timer = undefined;
    const job = lane.running;
    if (!job) {
      // Idle since the timer was set: the lane goes.
      if (this.lanes.get(user) === lane) this.lanes.delete(user);
      return;
    }
    const left = job.started + this.limitMs - performance.now();
    if (left > 0) {
      lane.timer = setTimeout(() => this.expire(lane, user), left);
      return;
    }
    job.settled = true;
    lane.running = undefined;
    job.cancel.abort();
    job.reject(sessionClosed());
    // The session is gone: whoever waited behind this request fails with it, and the
    // user's next request starts a new lane (and a new login).
    if (this.lanes.get(user) === lane) this.lanes.delete(user);
    for (const w of lane.queue.splice(0)) w.fail(sessionClosed());
    this.onClosed(user);
  }

  private next(lane: Lane) {
    lane.running = undefined;
    const waiting = lane.queue.shift();
    if (waiting) waiting.start();
    else {
      lane.busy = false;
      // An idle lane's timer does not keep the process alive.
      lane.timer?.unref();
    }
  }
}
