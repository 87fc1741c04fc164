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

class Lane {
  busy = false;
  readonly queue: Waiting[] = [];
}

export class Lanes {
  private readonly lanes = new Map<string, Lane>();

  constructor(private readonly limitMs: number, private readonly onClosed: (user: string) => void = () => {}) {}

  /** Runs `task` in the user's lane; rejects with `Session closed` at the limit. */
  run<T>(user: string, task: (cancel: Cancel) => Promise<T>): Promise<T> {
    let lane = this.lanes.get(user);
    if (!lane) this.lanes.set(user, (lane = new Lane()));
    const current = lane;
    return new Promise<T>((resolve, reject) => {
      const start = () => {
        current.busy = true;
        const abort = new Cancel();
        let settled = false;
        const timer = setTimeout(() => {
          if (settled) return;
          settled = true;
          abort.abort();
          reject(sessionClosed());
          // The session is gone: whoever waited behind this request fails with it, and the
          // user's next request starts a new lane (and a new login).
          this.lanes.delete(user);
          for (const w of current.queue.splice(0)) w.fail(sessionClosed());
          this.onClosed(user);
        }, this.limitMs);
        task(abort).then(
          (v) => { if (!settled) { settled = true; clearTimeout(timer); resolve(v); this.next(current, user); } },
          (e) => { if (!settled) { settled = true; clearTimeout(timer); reject(e); this.next(current, user); } },
        );
      };
      if (current.busy) current.queue.push({ start, fail: reject });
      else start();
    });
  }

  private next(lane: Lane, user: string) {
    const waiting = lane.queue.shift();
    if (waiting) waiting.start();
    else {
      lane.busy = false;
      if (this.lanes.get(user) === lane) this.lanes.delete(user);
    }
  }
}
