// What the long-running tools share: the monitor loop with `once`, `interval` and `duration`,
// `.section` numbering, waiting that stops at the request limit, and the arguments every
// monitor-style command of the real tree takes.
//
// REST shapes (CHR 7.22.1 lab notes, tikoci/quickchr `lab/async-commands`): with `once` a
// monitor gives one sample and no `.section`; with `duration` one sample per interval, each
// numbered by `.section` from 0 (duration=3s gives sections 0, 1, 2); with neither it runs
// until the request limit ends it.

import type { ArgDecl, CommandContext, Reply } from '../../core/schema.js';
import { duration, durationToMs, formatDuration, str, withDesc } from '../../core/values.js';

/** A reply record with its keys in the order the router sends them: `.section` first, then alphabetical. */
export function sorted(record: Record<string, string | number | undefined>): Reply {
  const out: Reply = {};
  if (record['.section'] !== undefined) out['.section'] = String(record['.section']);
  for (const k of Object.keys(record).filter((k) => k !== '.section').sort()) {
    const v = record[k];
    if (v !== undefined) out[k] = String(v);
  }
  return out;
}

/** Waits `ms`, or less when the command is stopped. Resolves false when stopped. */
export function pause(ms: number, signal: AbortSignal): Promise<boolean> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve(false);
    const done = () => { clearTimeout(timer); signal.removeEventListener('abort', done); resolve(!signal.aborted); };
    const timer = setTimeout(done, Math.max(0, ms));
    signal.addEventListener('abort', done);
  });
}

export const flag: ArgDecl = { type: str(), flag: true };
export const text: ArgDecl = { type: str() };

/** The interval and freeze-frame ranges of the 7.24 tree's monitor commands. */
const monitorInterval = withDesc(duration({ min: 20, max: 5000 }), '00:00:00.020..00:00:05    (time interval)');
const freezeFrame = withDesc(duration({ min: 20, max: 30_000 }), '00:00:00.020..00:00:30    (time interval)');

/** Arguments every monitor-style command has in the 7.24 tree. */
export const MONITOR_ARGS: Record<string, ArgDecl> = {
  once: flag,
  'as-value': flag,
  'without-paging': flag,
  append: flag,
  interval: { type: monitorInterval },
  duration: { type: duration() },
  'freeze-frame-interval': { type: freezeFrame },
  proplist: text,
  do: text,
  file: text,
};

/**
 * The monitor loop: `sample()` gives the records of one moment; with `once` they are
 * replied as they are, otherwise each round's records carry the round's `.section`.
 */
export async function* monitorLoop(ctx: CommandContext, sample: () => Reply[] | Promise<Reply[]>, defaultInterval = 1000): AsyncGenerator<Reply, void> {
  const { args, signal } = ctx;
  if ('once' in args) {
    for (const r of await sample()) yield r;
    return;
  }
  const interval = args.interval === undefined ? defaultInterval : durationToMs(args.interval);
  const rounds = args.duration === undefined ? Infinity : Math.max(1, Math.round(durationToMs(args.duration) / interval));
  const start = Date.now();
  for (let n = 0; n < rounds; n++) {
    for (const r of await sample()) yield sorted({ ...r, '.section': n });
    // Keep to the clock, not to the sum of waits.
    if (!(await pause(start + (n + 1) * interval - Date.now(), signal))) return;
  }
}

/** Milliseconds as the router prints a round trip: `453us`, `1ms12us`, `1s2ms`. */
export function formatRtt(us: number): string {
  const whole = Math.round(us);
  if (whole < 1000) return `${whole}us`;
  const ms = Math.floor(whole / 1000);
  const rest = whole % 1000;
  return formatDuration(ms) + (rest ? `${rest}us` : '');
}
