// The console language as it lives in a router: the global variables of each user, the jobs
// running in the background (/system/script/job), and the way scripts are started by
// `/execute`, `/system/script/run`, the scheduler and `/import`. A job is a memory-only
// record of the job table; removing that record stops the job.

import type { Engine } from '../core/engine.js';
import { POLICIES, type Session } from '../core/schema.js';
import { formatId, parseId } from '../core/store.js';
import { formatDateTime } from '../core/values.js';
import { ParseError, ScriptAborted, ScriptError } from './errors.js';
import type { BackgroundOptions, ConsoleHost, ConsoleSession, FileAccess } from './host.js';
import { Interpreter, describe } from './interpreter.js';
import { MAX_CALL_DEPTH, MAX_JOBS, tooDeep, tooManyJobs } from './limits.js';
import type { Value } from './values.js';

export const JOB_TABLE = 'system/script/job';

export interface RuntimeDeps {
  log(topics: string, message: string): void;
  files?(): FileAccess | undefined;
  /** Whether the router's release has a behaviour (src/device/version.ts `since`). */
  since?(quirk: string): boolean;
}

interface Job {
  controller: AbortController;
  done: Promise<void>;
}

export interface ForegroundOptions {
  session: Session;
  output?: (text: string) => void;
  /** Where lines printed as they come (a ping's rows, `print follow`) go, when not to `output`. */
  live?: (text: string) => void;
  signal?: AbortSignal;
  /** Register the run as a job of this kind (`/system script run` shows in the job list). */
  job?: { type: 'command' | 'script'; script?: string };
  path?: string[];
  vars?: Map<string, Value>;
}

/**
 * How deep a script started from another one begins: one call deeper than the command that
 * started it, so that a script that runs itself ends at the call depth bound.
 */
function nestedDepth(session: ConsoleSession): number {
  if (session.depth === undefined) return 0;
  if (session.depth >= MAX_CALL_DEPTH) throw tooDeep();
  return session.depth + 1;
}

export class ConsoleRuntime implements ConsoleHost {
  /** Each user's `:global` variables: a script sees only those of the user it runs as. */
  private readonly globalsByUser = new Map<string, Map<string, Value>>();
  readonly lastPrint = new Map<string, string[]>();
  private readonly jobs = new Map<number, Job>();
  private stopped = false;

  constructor(readonly engine: Engine, private readonly deps: RuntimeDeps) {}

  globalsOf(user: string): Map<string, Value> {
    let globals = this.globalsByUser.get(user);
    if (!globals) this.globalsByUser.set(user, globals = new Map());
    return globals;
  }

  /** Every user's globals, by user name (for /system/script/environment). */
  allGlobals(): ReadonlyMap<string, Map<string, Value>> {
    return this.globalsByUser;
  }

  clearGlobals() {
    this.globalsByUser.clear();
  }

  log(topics: string, message: string) {
    this.deps.log(topics, message);
  }

  files(): FileAccess | undefined {
    return this.deps.files?.();
  }

  since(quirk: string): boolean {
    return this.deps.since?.(quirk) ?? true;
  }

  /** Adds the job's record; returns its id number. */
  private addJob(session: Session, type: string, script: string | undefined, controller: AbortController): number {
    if (this.jobs.size >= MAX_JOBS) throw tooManyJobs();
    const store = this.engine.store;
    const policy = POLICIES.filter((p) => session.policies.has(p)).join(',');
    const values: Record<string, string> = { type, owner: session.user, policy, started: formatDateTime(new Date(this.engine.now())) };
    if (script !== undefined) values.script = script;
    const row = store.newRow(JOB_TABLE, values, true);
    store.commit([{ op: 'insert', table: JOB_TABLE, row }]);
    this.jobs.set(row.id, { controller, done: Promise.resolve() });
    return row.id;
  }

  private removeJob(id: number) {
    this.jobs.delete(id);
    const table = this.engine.store.table(JOB_TABLE);
    if (table.get(id)) this.engine.store.commit([{ op: 'delete', table: JOB_TABLE, id }]);
  }

  /**
   * Runs a script and waits for it. Failures are thrown (ParseError, ScriptError,
   * ScriptAborted) for the caller to report in its own way.
   */
  async run(source: string, options: ForegroundOptions): Promise<Value> {
    if (this.stopped) throw new ScriptAborted();
    const parent = options.session as ConsoleSession;
    const depth = nestedDepth(parent);
    const controller = new AbortController();
    const jobId = options.job ? this.addJob(options.session, options.job.type, options.job.script, controller) : undefined;
    const stop = () => controller.abort();
    options.signal?.addEventListener('abort', stop, { once: true });
    if (options.signal?.aborted) controller.abort();
    const interpreter = new Interpreter(this, {
      session: options.session,
      signal: controller.signal,
      output: options.output ?? (() => {}),
      live: options.live,
      jobName: options.job?.script ?? parent.jobName,
      depth,
    });
    try {
      return await interpreter.run(source, { path: options.path, vars: options.vars });
    } finally {
      options.signal?.removeEventListener('abort', stop);
      if (jobId !== undefined) this.removeJob(jobId);
    }
  }

  background(source: string, options: BackgroundOptions): string {
    if (this.stopped) throw new ScriptError('failure: router is stopping');
    const depth = nestedDepth(options.session as ConsoleSession);
    const controller = new AbortController();
    const id = this.addJob(options.session, options.type, options.script, controller);
    const interpreter = new Interpreter(this, {
      session: options.session,
      signal: controller.signal,
      output: options.output ?? (() => {}),
      jobName: options.script,
      depth,
    });
    const done = (async () => {
      // Let the caller have the job's id before the script's first command runs.
      await new Promise((r) => setImmediate(r));
      try {
        await interpreter.run(source, { path: options.path });
      } catch (e) {
        if (!(e instanceof ScriptAborted) && !controller.signal.aborted) this.reportError(options.script, e);
      } finally {
        this.removeJob(id);
      }
    })();
    this.jobs.get(id)!.done = done;
    return formatId(id);
  }

  /** A background script's failure goes to the log, as the router writes it. */
  reportError(script: string | undefined, e: unknown) {
    if (!(e instanceof ScriptError || e instanceof ParseError)) {
      this.log('script,error', `script error: ${(e as Error).message ?? String(e)}`);
      return;
    }
    const text = describe(e);
    this.log('script,error', script ? `script error: ${text} (script ${script})` : `script error: ${text}`);
  }

  /** Stops a job; false when there is no such job. */
  stopJob(idText: string | number): boolean {
    const id = typeof idText === 'number' ? idText : parseId(idText);
    if (id === undefined) return false;
    const job = this.jobs.get(id);
    if (!job) return false;
    job.controller.abort();
    this.removeJob(id);
    return true;
  }

  /** The router stops: every job ends. */
  async stop() {
    this.stopped = true;
    const running = [...this.jobs.values()];
    for (const j of running) j.controller.abort();
    await Promise.allSettled(running.map((j) => j.done));
  }
}
