// The router's command tree, learnt through REST itself (POST /rest/console/inspect), never
// written into the page: `child` lists a node's children (dirs, cmds, args), `syntax` gives
// an argument's type note, `completion` the values a user can pick. Children and notes are
// cached for the login (the tree does not change while a page is open).

import { rest } from './rest.js';

const cache = new Map();

function inspect(request, path) {
  // Completion values can name records (interfaces, lists) that come and go: always asked.
  if (request === 'completion') return rest('POST', 'console/inspect', { request, path: path.join(',') });
  const key = request + ':' + path.join(',');
  let answer = cache.get(key);
  if (!answer) {
    answer = rest('POST', 'console/inspect', { request, path: path.join(',') }).catch((e) => { cache.delete(key); throw e; });
    cache.set(key, answer);
  }
  return answer;
}

export function forgetTree() { cache.clear(); }

/** A node's children as { name, kind: 'dir' | 'cmd' | 'arg' }; only rows of type "child" (not "self"). */
export async function children(path) {
  const rows = await inspect('child', path);
  // A `path` node (/ip, /interface, /system) is a directory like any other.
  return rows.filter((r) => r.type === 'child').map((r) => ({ name: r.name, kind: r['node-type'] === 'path' ? 'dir' : r['node-type'] }));
}

export async function dirs(path) { return (await children(path)).filter((c) => c.kind === 'dir').map((c) => c.name); }
export async function cmds(path) { return (await children(path)).filter((c) => c.kind === 'cmd').map((c) => c.name); }
export async function args(path) { return (await children(path)).filter((c) => c.kind === 'arg').map((c) => c.name); }

/** An argument's type note ("A.B.C.D/M    (IP prefix)", "yes | no", "a|b|c"), or ''. */
export async function syntax(path) {
  const rows = await inspect('syntax', path);
  // An argument's own row is its `definition` (its symbol is the name capitalised: `Address`).
  const row = rows.find((r) => r.type === 'syntax' && r['symbol-type'] === 'definition' && r.text) ?? rows.find((r) => r.type === 'syntax' && r.text);
  return row ? String(row.text).trim() : '';
}

/**
 * The values the router offers for an argument (its enumeration, or live names such as
 * interfaces), and whether other values are allowed too: rows of style `syntax-meta` (a
 * `!` prefix, "value prefix") are no values but say the argument takes more than the list.
 */
export async function completion(path) {
  const rows = await inspect('completion', path);
  const offered = rows.filter((r) => r.completion !== undefined && r.completion !== '' && r.show !== 'false');
  return {
    values: offered.filter((r) => r.style !== 'syntax-meta').map((r) => String(r.completion)),
    open: offered.some((r) => r.style === 'syntax-meta'),
  };
}

/** Whether a path names a directory of the tree. */
export async function isDir(path) {
  if (path.length === 0) return true;
  try { return (await dirs(path.slice(0, -1))).includes(path[path.length - 1]); } catch { return false; }
}
