// /system/clock: the router's date and time and its time zone.
//
// The clock runs from the process clock (env.now()). Setting `time` or `date` moves the
// router's clock by an offset kept in memory only: the emulated board, like the home
// routers it stands for, has no battery-backed clock, so a set time does not survive a
// restart (NTP or the user sets it again). The zone is stored like any setting.

import { ValueError, NO_MATCH } from '../../core/errors.js';
import type { Environment, MenuDecl } from '../../core/schema.js';
import type { Row } from '../../core/store.js';
import type { ValueType } from '../../core/types.js';
import { bool, str } from '../../core/values.js';

const pad = (n: number) => String(n).padStart(2, '0');

/** How far the router's clock is from the process clock, per configuration store. */
const offsets = new WeakMap<object, number>();

/** The router's clock, ms since the epoch. */
export function routerNow(env: Environment): number {
  return env.now() + (offsets.get(env.store) ?? 0);
}

/** Moves the router's clock by `deltaMs` (what NTP does when it sets the clock). */
export function stepClock(env: Environment, deltaMs: number) {
  offsets.set(env.store, (offsets.get(env.store) ?? 0) + deltaMs);
}

/**
 * The router's clock as its clock-change log lines write it, in its time zone:
 * `Dec/11/2025 22:53:07` (`ntp change time ... => ...`, routeros-facts.md 45.9).
 */
export function oldClockText(env: Environment): string {
  const values = env.store.table('system/clock').rows[0]?.values ?? {};
  const w = wallClock(zoneOf(values), routerNow(env));
  const month = MONTHS[w.month - 1];
  return `${month[0].toUpperCase()}${month.slice(1)}/${pad(w.day)}/${w.year} ${pad(w.hour)}:${pad(w.minute)}:${pad(w.second)}`;
}

/**
 * The router's clock in its time zone, with milliseconds and the zone's distance from UTC in
 * minutes: what a remote syslog header writes (src/device/syslog.ts).
 */
export function routerWall(env: Environment, ms = routerNow(env)) {
  const values = env.store.table('system/clock').rows[0]?.values ?? {};
  const zone = zoneOf(values);
  return { ...wallClock(zone, ms), ms: ((Math.floor(ms) % 1000) + 1000) % 1000, offsetMinutes: Math.round(zoneOffset(zone, ms) / 60000) };
}

// ---------------------------------------------------------------- zones

const formats = new Map<string, Intl.DateTimeFormat>();
function formatIn(zone: string): Intl.DateTimeFormat {
  let f = formats.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: zone, hourCycle: 'h23',
      year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit',
    });
    formats.set(zone, f);
  }
  return f;
}

interface Wall { year: number; month: number; day: number; hour: number; minute: number; second: number }

function wallClock(zone: string, ms: number): Wall {
  const p: Record<string, number> = {};
  for (const part of formatIn(zone).formatToParts(new Date(ms))) if (part.type !== 'literal') p[part.type] = Number(part.value);
  return { year: p.year, month: p.month, day: p.day, hour: p.hour, minute: p.minute, second: p.second };
}

/** The zone's distance from UTC at that moment, in ms. */
function zoneOffset(zone: string, ms: number): number {
  const w = wallClock(zone, ms);
  return Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second) - Math.floor(ms / 1000) * 1000;
}

/** The host's zone stands in for the zone the router would detect from its public address. */
const hostZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** The zone the clock shows: `manual` means the manual offset, +00:00 unless set elsewhere. */
function zoneOf(values: Record<string, string>): string {
  const name = values['time-zone-name'] ?? hostZone();
  return name === 'manual' ? 'UTC' : name;
}

const timeZoneName: ValueType = {
  name: 'time-zone',
  desc: 'manual | Olson time zone name',
  parse(input) {
    if (input === 'manual') return input;
    try {
      formatIn(input);
    } catch {
      throw new ValueError(NO_MATCH);
    }
    return input;
  },
  compare: (a, b) => (a < b ? -1 : a > b ? 1 : 0),
};

// ---------------------------------------------------------------- date and time values

const clockTime: ValueType = {
  name: 'time-of-day',
  desc: 'HH:MM:SS',
  parse(input) {
    const m = /^([0-9]{1,2}):([0-9]{1,2}):([0-9]{1,2})$/.exec(input);
    if (!m || Number(m[1]) > 23 || Number(m[2]) > 59 || Number(m[3]) > 59) throw new ValueError();
    return `${pad(Number(m[1]))}:${pad(Number(m[2]))}:${pad(Number(m[3]))}`;
  },
  compare: (a, b) => (a < b ? -1 : a > b ? 1 : 0),
};

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

/** `YYYY-MM-DD` since 7.10; the older `jan/02/2006` form is still read. */
const clockDate: ValueType = {
  name: 'date',
  desc: 'YYYY-MM-DD',
  parse(input) {
    let y: number, mo: number, d: number;
    const iso = /^([0-9]{4})-([0-9]{1,2})-([0-9]{1,2})$/.exec(input);
    const old = /^([a-z]{3})\/([0-9]{1,2})\/([0-9]{4})$/i.exec(input);
    if (iso) [y, mo, d] = [Number(iso[1]), Number(iso[2]), Number(iso[3])];
    else if (old && MONTHS.includes(old[1].toLowerCase())) [y, mo, d] = [Number(old[3]), MONTHS.indexOf(old[1].toLowerCase()) + 1, Number(old[2])];
    else throw new ValueError();
    const check = new Date(Date.UTC(y, mo - 1, d));
    if (y < 1970 || check.getUTCMonth() !== mo - 1 || check.getUTCDate() !== d) throw new ValueError();
    return `${y}-${pad(mo)}-${pad(d)}`;
  },
  compare: (a, b) => (a < b ? -1 : a > b ? 1 : 0),
};

const shownWall = (row: Row, env: Environment) => wallClock(zoneOf(row.values), routerNow(env));

export const clock: MenuDecl = {
  path: 'system/clock',
  kind: 'settings',
  fields: {
    time: { type: clockTime, derive: (row, env) => { const w = shownWall(row, env); return `${pad(w.hour)}:${pad(w.minute)}:${pad(w.second)}`; } },
    date: { type: clockDate, derive: (row, env) => { const w = shownWall(row, env); return `${w.year}-${pad(w.month)}-${pad(w.day)}`; } },
    'time-zone-autodetect': { type: bool, default: 'true' },
    'time-zone-name': { type: timeZoneName, derive: (row) => row.values['time-zone-name'] ?? hostZone() },
    'gmt-offset': {
      type: str(), readOnly: true,
      derive: (row, env) => {
        const minutes = Math.round(zoneOffset(zoneOf(row.values), routerNow(env)) / 60000);
        const abs = Math.abs(minutes);
        return `${minutes < 0 ? '-' : '+'}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
      },
    },
    'dst-active': {
      type: bool, readOnly: true,
      // Summer time is on when the zone is further east of UTC than at its least.
      derive: (row, env) => {
        const zone = zoneOf(row.values);
        const now = routerNow(env);
        const year = new Date(now).getUTCFullYear();
        const standard = Math.min(zoneOffset(zone, Date.UTC(year, 0, 1)), zoneOffset(zone, Date.UTC(year, 6, 1)));
        return String(zoneOffset(zone, now) > standard);
      },
    },
  },
  verify(next, env) {
    // A given time or date moves the clock; neither is stored.
    const time = next.time;
    const date = next.date;
    delete next.time;
    delete next.date;
    if (time === undefined && date === undefined) return;
    const zone = zoneOf(next);
    const w = wallClock(zone, routerNow(env));
    const [y, mo, d] = (date ?? `${w.year}-${w.month}-${w.day}`).split('-').map(Number);
    const [h, mi, s] = (time ?? `${w.hour}:${w.minute}:${w.second}`).split(':').map(Number);
    const asUtc = Date.UTC(y, mo - 1, d, h, mi, s);
    const target = asUtc - zoneOffset(zone, asUtc);
    offsets.set(env.store, target - env.now());
  },
};
