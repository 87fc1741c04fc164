// What all connections of the web server may hold of request bodies at once. One request's
// body is capped on its own (MAX_BODY_BYTES); this caps their sum, so that many clients
// sending large bodies together cannot grow the router's memory without bound. Bodies are
// counted as their bytes arrive and given back when their request is done.

export class BodyBudget {
  private used = 0;

  constructor(readonly limit: number) {}

  /** Takes `bytes` if they fit; false (and nothing taken) when they do not. */
  take(bytes: number): boolean {
    if (this.used + bytes > this.limit) return false;
    this.used += bytes;
    return true;
  }

  give(bytes: number) {
    this.used -= bytes;
  }

  /** Bytes held right now (for tests and diagnostics). */
  get held(): number {
    return this.used;
  }
}
