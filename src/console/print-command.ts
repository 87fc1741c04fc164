// What the console's `print` does with the records it has read: which form it prints them
// in (the table, `detail`, `terse`, `brief`, `value-list`, `count-only`), where it writes
// them (the console, or `file=`), and how long it goes on: once, every `interval`, or
// `follow` / `follow-only`, which print the records a change touches until the command is
// stopped (Ctrl-C), as `/log print follow` does.

import type { Engine } from '../core/engine.js';
import type { Menu, Reply } from '../core/schema.js';
import { formatSettings, formatTable, formatValueList, type PrintOptions } from './print.js';

export interface PrintRun {
  engine: Engine;
  menu: Menu;
  /** The print's flags as given (`detail`, `terse`, `follow` ...). */
  flags: ReadonlySet<string>;
  /** `interval=`, in milliseconds. */
  interval?: number;
  /** The records print shows now: `from`, `where` and `proplist` applied. */
  read(): Promise<Reply[]>;
  /** Where the lines go. */
  output(line: string): void;
  signal: AbortSignal;
  options: PrintOptions;
}

/** The lines of one print of these records. */
export function printLines(run: Pick<PrintRun, 'menu' | 'flags' | 'options'>, rows: readonly Reply[]): string[] {
  const { menu, flags, options } = run;
  if (flags.has('count-only')) return [String(rows.length)];
  if (menu.decl.kind === 'settings') return formatSettings(menu, rows[0] ?? {});
  if (flags.has('value-list')) return formatValueList(menu, rows, options);
  return formatTable(menu, rows, { ...options, detail: flags.has('detail'), terse: flags.has('terse') });
}

/** Waits `ms`; false when stopped first. */
function wait(ms: number, signal: AbortSignal): Promise<boolean> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve(false);
    const done = () => { clearTimeout(timer); signal.removeEventListener('abort', done); resolve(!signal.aborted); };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done);
  });
}

/** Runs the print to its end: at once, or when `interval`, `follow` or `follow-only` is stopped. */
export async function runPrint(run: PrintRun): Promise<void> {
  const { flags, signal } = run;
  const show = (rows: readonly Reply[]) => { for (const l of printLines(run, rows)) run.output(l); };
  if (flags.has('follow') || flags.has('follow-only')) return follow(run, show);
  if (run.interval === undefined) return show(await run.read());
  // `interval=1s`: the whole print again every interval, until stopped.
  do show(await run.read());
  while (await wait(run.interval, signal));
}

/** A record's identity and what it shows, to tell a change from a record left as it was. */
const keyOf = (r: Reply) => r['.id'] ?? JSON.stringify(r);

async function follow(run: PrintRun, show: (rows: readonly Reply[]) => void): Promise<void> {
  const { engine, menu, signal } = run;
  const seen = new Map<string, string>();
  const rows = await run.read();
  for (const r of rows) seen.set(keyOf(r), JSON.stringify(r));
  if (run.flags.has('follow')) show(rows);
  let pending = Promise.resolve();
  const report = async () => {
    const now = await run.read();
    const changed = now.filter((r) => seen.get(keyOf(r)) !== JSON.stringify(r));
    for (const r of now) seen.set(keyOf(r), JSON.stringify(r));
    if (!changed.length || signal.aborted) return;
    // Each change prints its records as they now show, without the legend and header again.
    for (const l of printLines({ ...run, options: { ...run.options, bare: true } }, changed)) run.output(l);
  };
  let queued = false;
  const unwatch = engine.store.onCommit((tables) => {
    if (!tables.has(menu.table) || queued) return;
    queued = true;
    // After the commit is done (a watcher runs inside it), once per burst.
    pending = pending.then(() => new Promise<void>((ok) => setImmediate(ok))).then(() => { queued = false; return report(); }).catch(() => {});
  });
  try {
    while (await wait(60_000, signal));
  } finally {
    unwatch();
    await pending;
  }
}
