// The part of autocannon's API the benchmarks use (the package ships no types).

declare module 'autocannon' {
  import type { EventEmitter } from 'node:events';

  namespace autocannon {
    interface Request {
      method?: string;
      path?: string;
      headers?: Record<string, string>;
      body?: string | Buffer;
      /** Called before every request of a connection; returns the request to send. */
      setupRequest?: (request: Request, context: Record<string, unknown>) => Request | null | undefined;
    }

    interface Client extends EventEmitter {
      setHeaders(headers: Record<string, string>): void;
    }

    interface Options {
      url: string;
      connections?: number;
      /** Seconds; ignored when `amount` is given. */
      duration?: number;
      amount?: number;
      method?: string;
      headers?: Record<string, string>;
      body?: string;
      requests?: Request[];
      /** Called once for each connection as it is made. */
      setupClient?: (client: Client) => void;
      /** Seconds before a request counts as timed out. */
      timeout?: number;
      pipelining?: number;
      /** Milliseconds between samples (1000); a run ends at the first sample after its end. */
      sampleInt?: number;
    }

    interface Histogram {
      average: number;
      mean: number;
      stddev: number;
      min: number;
      max: number;
      p50: number;
      p90: number;
      p99: number;
    }

    interface Result {
      latency: Histogram;
      requests: Histogram;
      throughput: Histogram;
      errors: number;
      timeouts: number;
      non2xx: number;
      resets: number;
      totalCompletedRequests: number;
      duration: number;
      statusCodeStats: Record<string, { count: number }>;
    }

    interface Instance extends EventEmitter, PromiseLike<Result> {
      stop(): void;
      on(event: 'response', listener: (client: Client, statusCode: number, bytes: number, ms: number) => void): this;
      on(event: 'reqError', listener: (error: Error) => void): this;
      on(event: string, listener: (...args: any[]) => void): this;
    }
  }

  function autocannon(options: autocannon.Options): autocannon.Instance;
  export = autocannon;
}
