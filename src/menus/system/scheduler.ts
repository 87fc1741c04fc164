// /system/scheduler: scripts run at a time and then every `interval`. `start-time=startup`
// runs the event three seconds after the router starts. An entry added without a start
// runs from the moment it is added (7.x `add` fills in today's date and the current time).
// The event runs as a background job as the entry's owner, with the entry's policies that
// the owner holds (script-rights.ts); its failures go to the log. `next-run` and `run-count` show what the scheduler did.

import { ValueError } from '../../core/errors.js';
import type { Engine } from '../../core/engine.js';
import type { Environment, MenuDecl } from '../../core/schema.js';
import type { Row } from '../../core/store.js';
import type { ValueType } from '../../core/types.js';
import { duration, durationToMs, formatDate, formatDateTime, formatTime, int, name, str } from '../../core/values.js';
import { comment, disabled } from '../common.js';
import { consoleOf } from '../console.js';
import { routerNow } from './clock.js';
import { addWithOwner, freeName, policyList } from './script.js';
import { DEFAULT_SCRIPT_POLICY, checkEntryRights, runPolicies } from './script-rights.js';

const TABLE = 'system/scheduler';
/** The events of `start-time=startup` run this long after the start (RouterOS manual). */
const STARTUP_DELAY = 3000;
/** How often the scheduler looks at the clock. */
const TICK = 200;

const pad = (n: number) => String(n).padStart(2, '0');

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

const startDate: ValueType = {
  name: 'date',
  desc: 'YYYY-MM-DD',
  parse(input) {
    // Exports before 7.10 write dates as `dec/30/2021`.
    const old = /^([a-z]{3})\/(\d{1,2})\/(\d{4})$/i.exec(input);
    const m = old ? [input, old[3], String(MONTHS.indexOf(old[1].toLowerCase()) + 1), old[2]] : /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(input);
    if (!m || m[2] === '0') throw new ValueError();
    const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
    const check = new Date(Date.UTC(y, mo - 1, d));
    if (check.getUTCMonth() !== mo - 1 || check.getUTCDate() !== d) throw new ValueError();
    return `${y}-${pad(mo)}-${pad(d)}`;
  },
  compare: (a, b) => (a < b ? -1 : a > b ? 1 : 0),
};

const startTime: ValueType = {
  name: 'time-of-day',
  desc: 'HH:MM:SS | startup',
  parse(input) {
    if (input === 'startup') return input;
    const m = /^(\d{1,2}):(\d{1,2}):(\d{1,2})$/.exec(input);
    if (!m || Number(m[1]) > 23 || Number(m[2]) > 59 || Number(m[3]) > 59) throw new ValueError();
    return `${pad(Number(m[1]))}:${pad(Number(m[2]))}:${pad(Number(m[3]))}`;
  },
  compare: (a, b) => (a < b ? -1 : a > b ? 1 : 0),
};

// ---------------------------------------------------------------- the scheduler

interface Plan { signature: string; next?: number }

class Scheduler {
  private readonly plans = new Map<number, Plan>();
  private timer?: NodeJS.Timeout;
  readonly startedAt: number;

  constructor(private readonly env: Environment) {
    this.startedAt = routerNow(env);
  }

  start() {
    this.timer = setInterval(() => this.tick(), TICK);
    this.timer.unref();
  }

  stop() {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
  }

  /** When an entry runs next, or undefined when it will not run again. */
  nextRun(row: Row): number | undefined {
    if (row.values.disabled === 'true') return undefined;
    return this.plan(row, routerNow(this.env)).next;
  }

  private plan(row: Row, now: number): Plan {
    const v = row.values;
    const signature = `${v['start-date']}|${v['start-time']}|${v.interval}`;
    let plan = this.plans.get(row.id);
    if (!plan || plan.signature !== signature) {
      plan = { signature, next: firstRun(v, now, this.startedAt) };
      this.plans.set(row.id, plan);
    }
    return plan;
  }

  private tick() {
    const now = routerNow(this.env);
    const table = this.env.store.table(TABLE);
    for (const row of table.rows) {
      if (row.values.disabled === 'true') continue;
      const plan = this.plan(row, now);
      if (plan.next === undefined || now < plan.next) continue;
      const interval = row.values.interval ? durationToMs(row.values.interval) : 0;
      plan.next = interval > 0 ? plan.next + Math.max(1, Math.ceil((now - plan.next + 1) / interval)) * interval : undefined;
      this.run(row);
    }
    for (const id of this.plans.keys()) if (!table.get(id)) this.plans.delete(id);
  }

  private run(row: Row) {
    const store = this.env.store;
    const current = store.table(TABLE).get(row.id);
    if (!current) return;
    store.commit([{ op: 'update', table: TABLE, id: row.id, values: { ...current.values, 'run-count': String(Number(current.values['run-count'] ?? '0') + 1) } }]);
    // The event runs as its owner, with no more than the owner holds now (script-rights.ts).
    const session = { user: current.values.owner ?? '', via: 'scheduler', policies: runPolicies(this.env, current) };
    const rt = consoleOf(this.env);
    try {
      rt.background(current.values['on-event'] ?? '', { session, type: 'script', script: current.values.name });
    } catch (e) {
      rt.reportError(current.values.name, e);
    }
  }
}

/** The first time an entry is due at or after `now`; undefined when never. */
function firstRun(v: Record<string, string>, now: number, startedAt: number): number | undefined {
  const interval = v.interval ? durationToMs(v.interval) : 0;
  let start: number;
  if (v['start-time'] === 'startup') {
    start = startedAt + STARTUP_DELAY;
    if (interval === 0) return start >= now - TICK ? start : undefined;
  } else {
    const [y, mo, d] = (v['start-date'] ?? formatDate(new Date(now))).split('-').map(Number);
    const [h, mi, s] = (v['start-time'] ?? '00:00:00').split(':').map(Number);
    start = new Date(y, mo - 1, d, h, mi, s).getTime();
    // A one-time event whose time has passed is not run (it ran, or was missed).
    if (interval === 0) return start >= now - 1000 ? start : undefined;
  }
  if (start >= now) return start;
  return start + Math.ceil((now - start) / interval) * interval;
}

const schedulers = new WeakMap<object, Scheduler>();

/** Starts the scheduler of a router (at start-up). */
export function startScheduler(engine: Engine) {
  if (schedulers.has(engine)) return;
  const s = new Scheduler(engine);
  schedulers.set(engine, s);
  s.start();
}

/** Stops the scheduler and every running script (at shut-down). */
export async function stopScheduler(engine: Engine) {
  schedulers.get(engine)?.stop();
  schedulers.delete(engine);
  const rt = engine.services.console as { stop(): Promise<void> } | undefined;
  await rt?.stop();
}

export const scheduler: MenuDecl = {
  path: TABLE,
  kind: 'table',
  key: 'name',
  fields: {
    name: { type: name, initial: (env) => freeName(env, TABLE, 'schedule') },
    'start-date': { type: startDate, initial: (env) => formatDate(new Date(routerNow(env))) },
    'start-time': { type: startTime, initial: (env) => formatTime(new Date(routerNow(env))) },
    interval: { type: duration(), default: '0s' },
    'on-event': { type: str(), default: '' },
    owner: { type: str(), readOnly: true },
    policy: { type: policyList, default: DEFAULT_SCRIPT_POLICY },
    'run-count': { type: int(), readOnly: true, default: '0' },
    'next-run': {
      type: str(), readOnly: true,
      derive: (row, env) => {
        const next = schedulers.get(env)?.nextRun(row);
        return next === undefined ? undefined : formatDateTime(new Date(next));
      },
    },
    disabled,
    comment,
  },
  verify: (next, _env, previous, session) => checkEntryRights(next, session, previous),
};
scheduler.commands = { add: addWithOwner(scheduler, TABLE) };
