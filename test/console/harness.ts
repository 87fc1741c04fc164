// A router's engine with the console language on top, driven directly, for the language's tests.

import path from 'node:path';
import { POLICIES, type Session } from '../../src/core/schema.js';
import { FileStore } from '../../src/device/files.js';
import { ConsoleRuntime } from '../../src/console/runtime.js';
import { boot } from '../helpers/engine.js';

export const adminSession: Session = { user: 'admin', via: 'test', policies: new Set(POLICIES) };

/** `since`: the release's behaviours (src/device/version.ts), for a router of another release. */
export function consoleRouter(options: { since?: (quirk: string) => boolean } = {}) {
  const r = boot();
  const logged: string[] = [];
  const files = new FileStore(path.join(r.dir, 'files'));
  r.engine.services.files = files;
  const runtime = new ConsoleRuntime(r.engine, { log: (t, m) => logged.push(`${t}: ${m}`), files: () => files, since: options.since });
  // The menus that start scripts (/execute, /import, /system/script) use this same runtime.
  r.engine.services.console = runtime;
  /** Runs a script as admin; returns what it printed, one string. */
  async function run(source: string, session: Session = adminSession): Promise<string> {
    const out: string[] = [];
    await runtime.run(source, { session, output: (t) => out.push(t) });
    return out.join('\n');
  }
  /**
   * Runs a script that goes on until stopped (`print follow`, a ping without count): stops it,
   * as Ctrl-C does, once `enough` holds for what it printed (checked as lines come and after
   * `meanwhile` has run); returns the lines.
   */
  async function untilStopped(source: string, enough: (lines: string[]) => boolean, meanwhile?: () => Promise<unknown>): Promise<string[]> {
    const out: string[] = [];
    const stop = new AbortController();
    let ready: () => void = () => {};
    const done = new Promise<void>((ok) => { ready = ok; });
    const running = runtime.run(source, { session: adminSession, output: (t) => { out.push(t); if (enough(out)) ready(); }, signal: stop.signal });
    await meanwhile?.();
    if (enough(out)) ready();
    await done;
    stop.abort();
    await running.catch(() => {});
    return out;
  }
  async function value(source: string, session: Session = adminSession) {
    return runtime.run(source, { session });
  }
  return { ...r, files, runtime, run, value, untilStopped, logged, close: async () => { await runtime.stop(); r.close(); } };
}

/** Runs a script on a fresh default router: what it printed, or `ERROR <message>`. */
export async function outcome(src: string, session?: Session): Promise<string> {
  const r = consoleRouter();
  try {
    return await r.run(src, session);
  } catch (e) {
    return `ERROR ${(e as Error).message}`;
  } finally {
    await r.close();
  }
}
