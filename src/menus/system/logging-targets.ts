// Where a log line goes besides memory: each enabled /system/logging rule that takes the line
// (all of its topics among the line's, none of its `!` topics, its `regex` matching the
// message) hands it to its action, once per action however many rules name it (manual
// "Log"; routeros-facts.md 53):
//
// - `remote`: a UDP datagram to `remote`:`remote-port` (src/device/syslog.ts), from
//   `src-address`; a name in `remote` is looked up through the router's resolver. A `vrf`
//   other than main has no way to the host's network here (src/device/upstream.ts), so its
//   lines are not sent. CEF and TCP are not built: a `cef` action sends the default format,
//   over UDP, as the manual says syslog does whatever the protocol.
// - `disk`: appended to `<disk-file-name>.0.txt` in /file, `disk-lines-per-file` lines a
//   file; a full `.0` becomes `.1` (and so on up to `disk-file-count`, the oldest dropped)
//   and a new `.0` is started, unless `disk-stop-on-full`, which keeps the full files.
// - `echo`: shown on every console logged in now; with `remember=yes`, lines no console saw
//   wait for the next one (the router shows critical lines at login this way).
//
// Lines are delivered after the write that logged them, in order, from a bounded queue: a
// burst of lines costs at most QUEUE lines of memory, the rest are dropped.

import net from 'node:net';
import type { Environment } from '../../core/schema.js';
import type { Row } from '../../core/store.js';
import { SyslogSockets, syslogDatagram, type SyslogSettings } from '../../device/syslog.js';
import { filesOf } from '../file.js';
import { routerWall } from './clock.js';

const ACTIONS = 'system/logging/action';
/** Lines waiting for delivery at most. */
const QUEUE = 10_000;
/** Remote lines waiting for their server's name at most (a resolver that does not answer). */
const NAMING = 1000;
/** Lines an echo action keeps for the next console at most. */
const REMEMBERED = 100;

export interface LogLine { time: string; topics: string; message: string; at: number }

/** Whether a rule takes a line of these topics: each topic it names is there, none it negates. */
export function ruleTakes(rule: Row, have: ReadonlySet<string>): boolean {
  if (rule.values.disabled === 'true' || !rule.values.topics) return false;
  return rule.values.topics.split(',').every((t) => (t.startsWith('!') ? !have.has(t.slice(1)) : have.has(t)));
}

/** A rule's `regex`, compiled once; a bad one matches nothing. */
const patterns = new Map<string, RegExp | null>();
function matchesRegex(rule: Row, message: string): boolean {
  const text = rule.values.regex;
  if (!text) return true;
  let p = patterns.get(text);
  if (p === undefined) {
    try { p = new RegExp(text); } catch { p = null; }
    if (patterns.size > 1000) patterns.clear();
    patterns.set(text, p);
  }
  return p?.test(message) ?? false;
}

interface State {
  queue: LogLine[];
  scheduled: boolean;
  /** Remote lines whose server's name is being looked up now. */
  naming: number;
  sockets: SyslogSockets;
  /** Lines in each disk action's `.0` file, by action id, once counted. */
  diskLines: Map<number, number>;
  consoles: Set<(text: string) => void>;
  remembered: string[];
  /** The router stopped: lines still queued go nowhere. */
  closed?: boolean;
}

const states = new WeakMap<object, State>();
function stateOf(env: Environment): State {
  let s = states.get(env.store);
  if (!s) states.set(env.store, (s = { queue: [], scheduled: false, naming: 0, sockets: new SyslogSockets(), diskLines: new Map(), consoles: new Set(), remembered: [] }));
  return s;
}

/** A yes/no setting as stored: `true`, or `yes` where the release's tree keeps the word. */
const yes = (v: string | undefined) => v === 'true' || v === 'yes';

const actionId = (rule: Row) => Number.parseInt((rule.values.action ?? '').slice(1), 16);

/** Hands a line just written to /log to the rules' other actions (after this write). */
export function deliver(env: Environment, line: LogLine) {
  const s = stateOf(env);
  if (s.queue.length >= QUEUE) return;
  s.queue.push(line);
  if (s.scheduled) return;
  s.scheduled = true;
  setImmediate(() => {
    s.scheduled = false;
    const lines = s.queue.splice(0);
    for (const l of lines) {
      if (s.closed) return;
      try { route(env, s, l); } catch { /* a line that cannot go anywhere is lost, never the router */ }
    }
  });
}

function route(env: Environment, s: State, line: LogLine) {
  const have = new Set(line.topics.split(','));
  const actions = env.store.table(ACTIONS);
  const done = new Set<number>();
  for (const rule of env.store.table('system/logging').rows) {
    const id = actionId(rule);
    if (done.has(id) || !ruleTakes(rule, have) || !matchesRegex(rule, line.message)) continue;
    const action = actions.get(id);
    if (!action) continue;
    done.add(id);
    const prefix = rule.values.prefix;
    const message = prefix ? `${prefix} ${line.message}` : line.message;
    try {
      switch (action.values.target) {
        case 'remote': toRemote(env, s, action, { ...line, message }).catch(() => {}); break;
        case 'disk': toDisk(env, s, action, { ...line, message }); break;
        case 'echo': toEcho(s, action, `${line.time.slice(11)} ${line.topics} ${message}`); break;
      }
    } catch {
      // A disk that cannot be written (a bad file name, a full disk) loses the line, never the router.
    }
  }
}

/** The action's syslog settings, in this release's words (`bsd-syslog` before 7.18). */
function syslogSettings(v: Record<string, string>): SyslogSettings {
  const format = v['remote-log-format'] === 'syslog' || yes(v['bsd-syslog']) ? 'syslog' : 'default';
  return {
    format,
    facility: v['syslog-facility'] ?? 'daemon',
    severity: v['syslog-severity'] ?? 'auto',
    timeFormat: v['syslog-time-format'] === 'iso8601' ? 'iso8601' : 'bsd-syslog',
  };
}

type Resolve = (name: string, family?: 4 | 6 | 'any') => Promise<string>;

async function toRemote(env: Environment, s: State, action: Row, line: LogLine) {
  const v = action.values;
  const vrf = v.vrf && v.vrf !== 'main' ? env.nameOf('ip/vrf', Number.parseInt(v.vrf.slice(1), 16)) ?? v.vrf : 'main';
  if (vrf !== 'main') return;
  let host = v.remote ?? '0.0.0.0';
  const port = Number(v['remote-port'] ?? 514);
  if (!net.isIP(host)) {
    const resolve = env.services.resolve as Resolve | undefined;
    if (!resolve || s.naming >= NAMING) return;
    s.naming++;
    try { host = await resolve(host); } catch { return; } finally { s.naming--; }
  }
  if (host === '0.0.0.0' || host === '::' || !(port > 0 && port < 65536)) return;
  const identity = env.store.table('system/identity').rows[0]?.values.name ?? 'MikroTik';
  const bytes = syslogDatagram(syslogSettings(v), { topics: line.topics, message: line.message, wall: routerWall(env, line.at), identity });
  const src = v['src-address'];
  if (s.closed) return;
  s.sockets.send({ host, port }, bytes, src && src !== '0.0.0.0' && src !== '::' ? src : undefined);
}

function toDisk(env: Environment, s: State, action: Row, line: LogLine) {
  const v = action.values;
  const files = filesOf(env);
  const base = v['disk-file-name'] || 'log';
  const perFile = Math.max(1, Number(v['disk-lines-per-file'] ?? 1000) || 1000);
  const count = Math.max(1, Number(v['disk-file-count'] ?? 2) || 2);
  const name = (n: number) => `${base}.${n}.txt`;
  let lines = s.diskLines.get(action.id);
  // Counted from the file the first time, and again when someone removed it.
  if (lines === undefined || !files.exists(name(0))) {
    lines = files.exists(name(0)) ? files.read(name(0)).toString('utf8').split('\n').filter(Boolean).length : 0;
  }
  if (lines >= perFile) {
    const full = Array.from({ length: count }, (_, i) => i).every((i) => files.exists(name(i)));
    if (yes(v['disk-stop-on-full']) && full) { s.diskLines.set(action.id, lines); return; }
    // The oldest goes; each file moves one up; `.0` starts afresh.
    if (files.exists(name(count - 1))) files.remove(name(count - 1));
    for (let i = count - 2; i >= 0; i--) if (files.exists(name(i))) files.rename(name(i), name(i + 1));
    lines = 0;
  }
  files.append(name(0), `${line.time} ${line.topics} ${line.message}\n`);
  s.diskLines.set(action.id, lines + 1);
}

function toEcho(s: State, action: Row, text: string) {
  if (s.consoles.size) {
    for (const show of s.consoles) show(text);
  } else if (action.values.remember === undefined || yes(action.values.remember)) {
    s.remembered.push(text);
    if (s.remembered.length > REMEMBERED) s.remembered.shift();
  }
}

/**
 * A console logged in: echo lines are shown to it from now on, and the lines remembered for
 * the next console at once. Returns its leaving.
 */
export function attachConsole(env: Environment, show: (text: string) => void): () => void {
  const s = stateOf(env);
  for (const text of s.remembered.splice(0)) show(text);
  s.consoles.add(show);
  return () => { s.consoles.delete(show); };
}

/** Frees the router's syslog sockets (when it stops). */
export function closeLogTargets(env: Environment) {
  const s = states.get(env.store);
  if (!s) return;
  s.closed = true;
  s.sockets.close();
  states.delete(env.store);
}
