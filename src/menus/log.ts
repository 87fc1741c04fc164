// /log: the router's memory log, read-only. Entries are dynamic (lost on restart, as on the
// router) and the oldest go first when the log is full.

import type { CommandDecl, Environment, MenuDecl } from '../core/schema.js';
import { formatDate, formatDateTime, listOf, oneOf, str } from '../core/values.js';
import { routerNow } from './system/clock.js';
import { deliver, ruleTakes } from './system/logging-targets.js';

/** The memory log keeps this many lines, as the router's default `memory-lines`. */
export const LOG_LINES = 1000;

export const TOPICS = [
  'account', 'critical', 'debug', 'error', 'info', 'warning', 'system', 'script', 'firewall',
  'interface', 'route', 'dns', 'dhcp', 'certificate', 'web-proxy', 'ssh', 'manager', 'event',
  'ntp', 'clock', 'packet', 'e-mail',
] as const;

/** `/log info "text"`: a script's (or a client's) own line in the log, under topics `script,<level>`. */
function logAt(level: string): CommandDecl {
  return {
    policy: ['read'],
    args: { message: { type: str() } },
    unnamed: 'message',
    run: async (ctx) => { writeLog(ctx.env, `script,${level}`, ctx.args.message ?? ''); },
  };
}

export const log: MenuDecl = {
  path: 'log',
  kind: 'table',
  commands: { debug: logAt('debug'), error: logAt('error'), info: logAt('info'), warning: logAt('warning') },
  fields: {
    // Today's lines show the time only, older ones the date too (RouterOS 7.10 and later).
    time: {
      type: str(), readOnly: true,
      derive: (row, env) => {
        const stamp = row.values.time;
        return stamp.startsWith(formatDate(new Date(routerNow(env)))) ? stamp.slice(11) : stamp;
      },
    },
    topics: { type: listOf(oneOf(TOPICS)), readOnly: true },
    message: { type: str(), readOnly: true },
  },
};

/**
 * Whether a /system/logging rule takes lines of these topics into memory: each topic the rule
 * names is among them and none it negates (`topics=dns,!packet`). Protocols ask before writing
 * their debugging lines (`dns,packet`, `ntp,debug`), which the default rules (info, error,
 * warning) leave out, so a busy protocol does not fill the log nobody asked for.
 */
export function logWanted(env: Environment, topics: string): boolean {
  const have = new Set(topics.split(','));
  const actions = env.store.table('system/logging/action');
  return env.store.table('system/logging').rows.some((rule) => {
    const action = actions.get(Number.parseInt((rule.values.action ?? '').slice(1), 16));
    if (action && action.values.target !== 'memory') return false;
    return ruleTakes(rule, have);
  });
}

/**
 * Writes one log line, e.g. writeLog(env, 'system,info,account', 'user admin logged in ...'),
 * and hands it to the rules' other actions (remote, disk, echo: ./system/logging-targets.ts).
 */
export function writeLog(env: Environment, topics: string, message: string) {
  const { store } = env;
  const table = store.table('log');
  const at = routerNow(env);
  const time = formatDateTime(new Date(at));
  const row = store.newRow('log', { time, topics, message }, true);
  const gone = table.rows.length >= LOG_LINES ? [{ op: 'delete' as const, table: 'log', id: table.rows[0].id }] : [];
  store.commit([...gone, { op: 'insert', table: 'log', row }]);
  deliver(env, { time, topics, message, at });
}
