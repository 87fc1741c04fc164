// /system/logging and /system/logging/action: which topics go where. The router has four
// actions of its own (memory, disk, echo, remote) and four rules (info, error and warning to
// memory, critical to echo) on every configuration, defconf or not (RouterOS manual, "Log":
// docs/routeros-facts.md section 14). Rules name their action, which may be renamed.

import type { MenuDecl } from '../../core/schema.js';
import type { ValueType } from '../../core/types.js';
import { NO_MATCH, ValueError } from '../../core/errors.js';
import { argsOf, dirAt, valuesOf } from '../../tree/tree.js';
import { ref } from '../common.js';

const ACTION_TABLE = 'system/logging/action';

/** `topics=info,!debug`: topics of the tree, each may be negated. */
function topicList(): ValueType {
  const spec = argsOf(dirAt('system/logging'), 'add')?.topics;
  const topics = new Set(spec === undefined ? [] : valuesOf(spec));
  return {
    name: 'topics',
    desc: undefined,
    parse(input) {
      for (const t of input.split(',')) if (!topics.has(t.startsWith('!') ? t.slice(1) : t)) throw new ValueError(NO_MATCH);
      return input;
    },
    compare: (a, b) => (a < b ? -1 : a > b ? 1 : 0),
  };
}

export const loggingAction: MenuDecl = {
  path: ACTION_TABLE,
  kind: 'table',
  key: 'name',
  systemDefaults: true,
  defaults: [
    { name: 'memory', target: 'memory', 'memory-lines': '1000', 'memory-stop-on-full': 'no' },
    { name: 'disk', target: 'disk', 'disk-file-name': 'log', 'disk-lines-per-file': '1000', 'disk-file-count': '2', 'disk-stop-on-full': 'no' },
    { name: 'echo', target: 'echo', remember: 'yes' },
    { name: 'remote', target: 'remote', remote: '0.0.0.0', 'remote-port': '514', 'src-address': '0.0.0.0' },
  ],
};

export const logging: MenuDecl = {
  path: 'system/logging',
  kind: 'table',
  systemDefaults: true,
  fields: {
    topics: { type: topicList() },
    // A rule added without an action logs to memory.
    action: ref(ACTION_TABLE, { default: 'memory' }),
  },
  // Ids of their own, so that export knows them as the router's (`set 0 action=...`).
  defaults: [
    { '.id': '*1', topics: 'info', action: 'memory' },
    { '.id': '*2', topics: 'error', action: 'memory' },
    { '.id': '*3', topics: 'warning', action: 'memory' },
    { '.id': '*4', topics: 'critical', action: 'echo' },
  ],
};
