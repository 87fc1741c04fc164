// /system/script: stored scripts, run by name or id (`run`); /system/script/job: the scripts
// running now (`/execute` jobs, scripts started by `run` or the scheduler), each removable to
// stop it; /system/script/environment: the global variables, each user's own.
//
// A script has a policy: the policies it runs with. Unless `dont-require-permissions=yes`,
// the user who runs it must have every one of them (RouterOS manual, "Scripting": "script
// can be run only by a user who has all the policies of the script"). Who may give a script
// which policies, and what its owner's rights take away, is script-rights.ts.

import { ValueError, notEnoughPermissions, CommandError, NO_MATCH } from '../../core/errors.js';
import { genericCommand } from '../../core/generic.js';
import { findRows } from '../../core/records.js';
import { POLICIES, type CommandContext, type CommandDecl, type Environment, type MenuDecl, type Policy, type Reply, type Session } from '../../core/schema.js';
import { formatId, type Row } from '../../core/store.js';
import type { ValueType } from '../../core/types.js';
import { bool, formatDateTime, int, name, str } from '../../core/values.js';
import type { ConsoleSession } from '../../console/host.js';
import { describe } from '../../console/interpreter.js';
import { parse } from '../../console/parser.js';
import { isBound } from '../../console/limits.js';
import { JOB_TABLE } from '../../console/runtime.js';
import { toStr } from '../../console/values.js';
import { comment } from '../common.js';
import { consoleOf } from '../console.js';
import { routerNow } from './clock.js';
import { DEFAULT_SCRIPT_POLICY, checkEntryRights, checkOwner, defaultPolicyFor, policiesOf, runPolicies } from './script-rights.js';

export { DEFAULT_SCRIPT_POLICY, policiesOf };

/** A list of policies, kept in the router's order. */
export const policyList: ValueType = {
  name: 'policy',
  desc: POLICIES.join('|') + '[,Policy*]',
  parse(input) {
    if (input === '') return '';
    const words = new Set(input.split(','));
    for (const w of words) if (!POLICIES.includes(w as Policy)) throw new ValueError(NO_MATCH);
    return POLICIES.filter((p) => words.has(p)).join(',');
  },
  compare: (a, b) => (a < b ? -1 : a > b ? 1 : 0),
};

/** The first free `<stem>N`, as the router names an entry added without a name. */
export function freeName(env: Environment, table: string, stem: string): string {
  const taken = env.store.table(table).byKey;
  for (let n = 1; ; n++) if (!taken.has(`${stem}${n}`)) return `${stem}${n}`;
}

/**
 * `add` that also notes who added the entry (`owner`), which the generic add cannot: it
 * knows the values, not the caller. Without `policy=` (or `copy-from`) the entry gets the
 * default policies the caller holds, not more.
 */
export function addWithOwner(decl: MenuDecl, table: string): CommandDecl {
  const generic = genericCommand('add', decl);
  return {
    ...generic,
    async run(ctx: CommandContext) {
      const { owner, ...rest } = ctx.args;
      if (rest.policy === undefined && rest['copy-from'] === undefined) rest.policy = defaultPolicyFor(ctx.session);
      checkOwner(owner, ctx.session);
      const result = await (generic.run({ ...ctx, args: rest }) as Promise<Reply | void>);
      const id = result?.ret;
      const row = id ? ctx.env.store.table(table).get(parseInt(id.slice(1), 16)) : undefined;
      if (row) ctx.env.store.commit([{ op: 'update', table, id: row.id, values: { ...row.values, owner: owner ?? ctx.session.user } }]);
      return result;
    },
  };
}

const SCRIPT_TABLE = 'system/script';

/**
 * Runs a stored script for a caller, as a job; its output goes where the caller's goes. It
 * runs with its policies that its owner still holds (script-rights.ts).
 */
export async function runScript(ctx: CommandContext, row: Row): Promise<void> {
  const { env, session } = ctx;
  const trusted = row.values['dont-require-permissions'] === 'true';
  if (!trusted) for (const p of policiesOf(row.values.policy ?? DEFAULT_SCRIPT_POLICY)) if (!session.policies.has(p)) throw notEnoughPermissions();
  const policies = runPolicies(env, row);
  const store = env.store;
  const current = store.table(SCRIPT_TABLE).get(row.id)!;
  store.commit([{
    op: 'update', table: SCRIPT_TABLE, id: row.id,
    values: { ...current.values, 'run-count': String(Number(current.values['run-count'] ?? '0') + 1), 'last-started': formatDateTime(new Date(routerNow(env))) },
  }]);
  const caller = session as ConsoleSession;
  const scriptSession: ConsoleSession = { user: session.user, via: session.via, address: session.address, policies, output: caller.output, depth: caller.depth };
  try {
    await consoleOf(env).run(row.values.source ?? '', {
      session: scriptSession, output: caller.output, signal: ctx.signal, job: { type: 'script', script: row.values.name },
    });
  } catch (e) {
    if (e instanceof CommandError) throw e;
    if (isBound(e)) throw new CommandError('failure', (e as Error).message);
    throw new CommandError('failure', describe(e));
  }
}

export const script: MenuDecl = {
  path: SCRIPT_TABLE,
  kind: 'table',
  key: 'name',
  fields: {
    name: { type: name, initial: (env) => freeName(env, SCRIPT_TABLE, 'script') },
    owner: { type: str() },
    policy: { type: policyList, default: DEFAULT_SCRIPT_POLICY },
    'dont-require-permissions': { type: bool, default: 'false' },
    source: { type: str(), default: '' },
    comment,
    'last-started': { type: str(), readOnly: true },
    'run-count': { type: int(), readOnly: true, default: '0' },
    // A source that does not parse cannot run (7.x flags such scripts `I`).
    invalid: {
      type: bool, readOnly: true,
      derive: (row) => { try { parse(row.values.source ?? ''); return 'false'; } catch { return 'true'; } },
    },
  },
  verify: (next, _env, previous, session) => checkEntryRights(next, session, previous),
};
script.commands = {
  add: addWithOwner(script, SCRIPT_TABLE),
  run: {
    policy: ['read'],
    args: { number: { type: str(), required: true }, 'use-script-permissions': { type: str(), flag: true } },
    unnamed: 'number',
    async run(ctx: CommandContext) {
      const row = findRows(ctx.env, ctx.menu, ctx.args.number)[0];
      await runScript(ctx, row);
    },
  },
};

// ---------------------------------------------------------------- /system/script/job

async function removeJob(ctx: CommandContext): Promise<void> {
  const rows = findRows(ctx.env, ctx.menu, ctx.args.numbers);
  const rt = consoleOf(ctx.env);
  for (const row of rows) rt.stopJob(row.id);
}

export const scriptJob: MenuDecl = {
  path: JOB_TABLE,
  kind: 'table',
  generic: ['print', 'get', 'find'],
  fields: {
    // `command` for /execute, `script` for a stored or scheduled script.
    type: { type: str(), readOnly: true },
    script: { type: str(), readOnly: true },
    owner: { type: str(), readOnly: true },
    policy: { type: policyList, readOnly: true },
    started: { type: str(), readOnly: true },
  },
  commands: {
    remove: { policy: ['write'], args: { numbers: { type: str(), required: true } }, unnamed: 'numbers', run: removeJob },
  },
};

// ---------------------------------------------------------------- /system/script/environment

const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * The globals as records (memory only; numbered in name order, as the router lists them).
 * Globals are each user's own: a user sees theirs, and only a user with `policy` sees, and
 * may remove, everyone's. Ids count every user's, so an id names the same variable for all.
 * The owner rides along in `user`, which is no field, so print never shows it.
 */
function environmentRows(env: Environment, session?: Session): Row[] {
  const all: [string, string, string][] = [];
  for (const [user, globals] of consoleOf(env).allGlobals()) for (const [n, v] of globals) all.push([user, n, toStr(v)]);
  all.sort(([ua, a], [ub, b]) => byText(a, b) || byText(ua, ub));
  const rows = all.map(([user, n, v], i): Row => ({ id: i + 1, dynamic: true, pos: i, values: { name: n, value: v, user } }));
  const everyone = !session || session.policies.has('policy');
  return everyone ? rows : rows.filter((r) => r.values.user === session.user);
}

export const scriptEnvironment: MenuDecl = {
  path: 'system/script/environment',
  kind: 'table',
  generic: ['print', 'get', 'find'],
  rows: (env, _stored, session) => environmentRows(env, session),
  fields: {
    name: { type: str(), readOnly: true },
    value: { type: str(), readOnly: true },
  },
  commands: {
    remove: {
      policy: ['write'],
      args: { numbers: { type: str(), required: true } },
      unnamed: 'numbers',
      async run(ctx) {
        const rows = environmentRows(ctx.env, ctx.session);
        // By name, the caller's own variable comes first.
        const own = (r: Row) => (r.values.user === ctx.session.user ? 0 : 1);
        const byName = [...rows].sort((a, b) => own(a) - own(b));
        const rt = consoleOf(ctx.env);
        for (const word of ctx.args.numbers.split(',')) {
          const row = rows.find((r) => formatId(r.id) === word) ?? byName.find((r) => r.values.name === word);
          if (!row) throw new CommandError('no-such-item', 'no such item');
          rt.globalsOf(row.values.user).delete(row.values.name);
        }
      },
    },
  },
};

export type { Session };
