// /system/package: the installed packages of the board, and /system/package/update, which
// asks an update server for the newest version of the channel.
//
// REST shapes (CHR 7.22.1 lab reference, tikoci/quickchr docs): a package is
// {".id","available","build-time","disabled","name","scheduled","size","version"}; the update
// menu prints {"channel","installed-version"} until a check adds "latest-version" and
// "status"; check-for-updates replies
// [{".section":"0","channel":"stable","installed-version":"7.22.1","status":"finding out latest version..."},
//  {".section":"1",...,"latest-version":"7.22.1","status":"System is already up to date"}].
// `once` returns the first record at once and the check goes on behind it. With no update
// server reachable the check ends, as on a CHR with the update hosts unreachable (7.24.2),
// in "ERROR: IPv4: server is not responding / IPv6: no internet connection" and no
// latest-version.
//
// The update server is the device's (`Device.updateServer`, none by default): the router asks
// it `GET /routeros/NEWESTa7.<channel>`, which answers "<version> <build time>", as
// upgrade.mikrotik.com does.

import http from 'node:http';
import { https } from '../../core/later-modules.js';
import { findRows } from '../../core/records.js';
import type { CommandContext, Environment, MenuDecl, Reply } from '../../core/schema.js';
import type { Mutation } from '../../core/store.js';
import { bool, int, name, str, choice } from '../../core/values.js';
import { BUILD_TIME, type Device } from '../../device/board.js';
import { DEFAULT_ROS_VERSION } from '../../device/version.js';
import type { Release, Scheduled } from '../../device/release.js';
import { MONITOR_ARGS, pause, sorted } from '../tool/common.js';

const PACKAGE_TABLE = 'system/package';
const UPDATE_TABLE = 'system/package/update';

const CHANNELS = ['development', 'long-term', 'stable', 'testing'] as const;
export const UNREACHABLE = 'ERROR: IPv4: server is not responding / IPv6: no internet connection';
const CHECKING = 'finding out latest version...';
const NEWER = 'New version is available';
const CURRENT = 'System is already up to date';

/** How long a check waits for a server that does not answer (the real router waits longer). */
const TIMEOUT_MS = 2000;

const deviceOf = (env: Environment) => env.services.device as Device | undefined;
/** The version the router runs (`--ros-version`). */
export const installedVersion = (env: Environment) => deviceOf(env)?.rosVersion ?? DEFAULT_ROS_VERSION;

const releaseOf = (env: Environment) => env.services.release as Release | undefined;

/**
 * The installed packages as dynamic records (made at start-up, see attachPackages): those of
 * the board and `--packages` as the release names them, with what the last boot disabled.
 */
export function attachPackages(env: Environment) {
  const table = env.store.table(PACKAGE_TABLE);
  if (table.rows.length) return;
  const release = releaseOf(env);
  const packages = release?.packages ?? deviceOf(env)?.board.packages ?? [{ name: 'routeros', size: 13_500_416 }];
  for (const p of packages) {
    const values: Record<string, string> = { name: p.name, version: installedVersion(env), 'build-time': BUILD_TIME, size: String(p.size) };
    if (release?.disabled.has(p.name)) values.disabled = 'true';
    const scheduled = release?.scheduled.get(p.name);
    if (scheduled) values.scheduled = scheduled;
    const row = env.store.newRow(PACKAGE_TABLE, values, true);
    env.store.commit([{ op: 'insert', table: PACKAGE_TABLE, row }]);
  }
}

/**
 * disable / enable / unschedule: the change waits for the next boot (`/system reboot`), as
 * on the router; the data directory remembers it (src/device/release.ts).
 */
function schedule(value: Scheduled | undefined) {
  return async (ctx: CommandContext): Promise<void> => {
    const { env, menu, args } = ctx;
    attachPackages(env);
    const rows = findRows(env, menu, args.numbers);
    const release = releaseOf(env);
    const changes: Mutation[] = [];
    for (const row of rows) {
      const values = { ...row.values };
      const name = values.name;
      // Asking for what already is (enable an enabled package) schedules nothing.
      const now = values.disabled === 'true' ? 'scheduled for disable' : 'scheduled for enable';
      const wanted = value === now || (name === 'routeros' && value === 'scheduled for disable') ? undefined : value;
      if (wanted === undefined) { delete values.scheduled; release?.scheduled.delete(name); } else { values.scheduled = wanted; release?.scheduled.set(name, wanted); }
      changes.push({ op: 'update', table: PACKAGE_TABLE, id: row.id, values });
    }
    env.store.commit(changes);
    release?.save();
  };
}

export const systemPackage: MenuDecl = {
  path: 'system/package',
  kind: 'table',
  table: PACKAGE_TABLE,
  key: 'name',
  rows: (env) => { attachPackages(env); return env.store.table(PACKAGE_TABLE).rows; },
  fields: {
    name: { type: name, readOnly: true },
    version: { type: str(), readOnly: true },
    'build-time': { type: str(), readOnly: true },
    size: { type: int(), readOnly: true },
    scheduled: { type: str(), readOnly: true, derive: (row) => row.values.scheduled ?? '' },
    // Every listed package is installed; none waits to be.
    available: { type: bool, readOnly: true, default: 'false' },
    disabled: { type: bool, readOnly: true, default: 'false' },
  },
  commands: {
    enable: { policy: ['write'], args: { numbers: { type: str() } }, unnamed: 'numbers', run: schedule('scheduled for enable') },
    disable: { policy: ['write'], args: { numbers: { type: str() } }, unnamed: 'numbers', run: schedule('scheduled for disable') },
    unschedule: { policy: ['write'], args: { numbers: { type: str() } }, unnamed: 'numbers', run: schedule(undefined) },
  },
};

// ---------------------------------------------------------------- /system/package/update

interface UpdateState { latest?: string; status?: string; running?: Promise<void> }
const states = new WeakMap<Environment, UpdateState>();
const stateOf = (env: Environment) => {
  let s = states.get(env);
  if (!s) states.set(env, (s = {}));
  return s;
};

const channelOf = (env: Environment) => env.store.table(UPDATE_TABLE).rows[0]?.values.channel ?? 'stable';

/** Compares dotted versions (`7.24.1` > `7.24`); a beta/rc tail sorts before the release. */
export function compareVersions(a: string, b: string): number {
  const parse = (v: string) => {
    const m = /^(\d+(?:\.\d+)*)(.*)$/.exec(v.trim());
    return { nums: (m?.[1] ?? '0').split('.').map(Number), tail: m?.[2] ?? '' };
  };
  const x = parse(a), y = parse(b);
  for (let i = 0; i < Math.max(x.nums.length, y.nums.length); i++) {
    const d = (x.nums[i] ?? 0) - (y.nums[i] ?? 0);
    if (d) return d;
  }
  if (x.tail === y.tail) return 0;
  return x.tail === '' ? 1 : y.tail === '' ? -1 : x.tail < y.tail ? -1 : 1;
}

/** Asks the update server for the newest version of a channel; undefined when none answers. */
function askServer(base: string | undefined, channel: string, signal: AbortSignal): Promise<string | undefined> {
  if (!base) return pause(Math.min(TIMEOUT_MS, 500), signal).then(() => undefined);
  return new Promise((resolve) => {
    let url: URL;
    try {
      url = new URL(`routeros/NEWESTa7.${channel}`, base.endsWith('/') ? base : `${base}/`);
    } catch {
      resolve(undefined);
      return;
    }
    const mod = url.protocol === 'https:' ? https() : http;
    const req = mod.get(url, { timeout: TIMEOUT_MS, signal }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c) => { body += c; });
      res.on('end', () => {
        const version = body.trim().split(/\s+/)[0];
        resolve(res.statusCode === 200 && /^\d+(\.\d+)*/.test(version ?? '') ? version : undefined);
      });
      res.on('error', () => resolve(undefined));
    });
    req.on('timeout', () => req.destroy());
    req.on('error', () => resolve(undefined));
  });
}

async function check(env: Environment, signal: AbortSignal): Promise<void> {
  const state = stateOf(env);
  const latest = await askServer(deviceOf(env)?.updateServer, channelOf(env), signal);
  if (signal.aborted && latest === undefined) return;
  if (latest === undefined) {
    state.latest = undefined;
    state.status = UNREACHABLE;
  } else {
    state.latest = latest;
    state.status = compareVersions(latest, installedVersion(env)) > 0 ? NEWER : CURRENT;
  }
}

function updateRecord(env: Environment): Record<string, string | undefined> {
  const state = stateOf(env);
  return { channel: channelOf(env), 'installed-version': installedVersion(env), 'latest-version': state.latest, status: state.status };
}

async function* checkForUpdates(ctx: CommandContext): AsyncGenerator<Reply, void> {
  const { env, args, signal } = ctx;
  const state = stateOf(env);
  // Issuing a check clears the previous answer at once (measured on a 7.24.2 CHR).
  state.latest = undefined;
  state.status = CHECKING;
  if ('once' in args) {
    // The check goes on behind the reply; print shows its outcome.
    state.running = check(env, new AbortController().signal);
    yield sorted(updateRecord(env));
    return;
  }
  yield sorted({ '.section': 0, ...updateRecord(env) });
  await check(env, signal);
  if (signal.aborted) return;
  yield sorted({ '.section': 1, ...updateRecord(env) });
}

const live = (pick: (env: Environment) => string | undefined) => ({ type: str(), readOnly: true, derive: (_row: unknown, env: Environment) => pick(env) });

export const packageUpdate: MenuDecl = {
  path: 'system/package/update',
  kind: 'settings',
  table: UPDATE_TABLE,
  fields: {
    channel: { type: choice(CHANNELS), default: 'stable' },
    'installed-version': live(installedVersion),
    'latest-version': live((env) => stateOf(env).latest),
    status: live((env) => stateOf(env).status),
  },
  commands: {
    'check-for-updates': {
      policy: ['read'],
      args: { ...MONITOR_ARGS, 'fetch-changelog': { type: bool } },
      run: checkForUpdates,
    },
  },
};
