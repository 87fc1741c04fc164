// /user/group and /user: who may log in, from where, and with which policies.
//
// A group's `policy` is always stored whole: every policy either granted (`read`) or
// revoked (`!ftp`), granted ones first, each part in the router's policy order. What a user
// types is a change to that: creating a group revokes every policy not listed, while a
// `set` touches only the policies listed (`policy=!write` revokes write and keeps the rest).
// The value type alone cannot do this, since it never sees the old value; the menu's
// `verify` can (it gets the record being changed), so the type keeps only what was typed
// and `verify` merges it into the whole list.

import { ValueError, failure, NO_MATCH } from '../../core/errors.js';
import { findRows } from '../../core/records.js';
import { POLICIES, type CommandContext, type Environment, type MenuDecl, type Policy, type Reply } from '../../core/schema.js';
import { formatId, type Row } from '../../core/store.js';
import type { ValueType } from '../../core/types.js';
import { bool, duration, listOf, name, oneOf, str } from '../../core/values.js';
import { ref } from '../common.js';
import { prefix46 } from '../ip/service.js';
import { hashPassword } from './password.js';

const MINUTE = 60_000;

// ---------------------------------------------------------------- policies

/** `read,write,!ftp` -> which policies the words grant (true) or revoke (false). */
function readPolicies(text: string): Map<Policy, boolean> {
  const out = new Map<Policy, boolean>();
  if (text === '') return out;
  for (const word of text.split(',')) {
    const granted = !word.startsWith('!');
    const policy = (granted ? word : word.slice(1)) as Policy;
    if (!POLICIES.includes(policy)) throw new ValueError(NO_MATCH);
    out.set(policy, granted);
  }
  return out;
}

/** Granted policies in the router's order, then the revoked ones as `!x`, in the same order. */
function formatPolicies(policies: Map<Policy, boolean>): string {
  const granted = POLICIES.filter((p) => policies.get(p) === true);
  const revoked = POLICIES.filter((p) => policies.get(p) === false).map((p) => '!' + p);
  return [...granted, ...revoked].join(',');
}

/** The policies a group's stored `policy` grants. */
export function grantedPolicies(stored: string | undefined): Set<Policy> {
  const out = new Set<Policy>();
  for (const [p, granted] of readPolicies(stored ?? '')) if (granted) out.add(p);
  return out;
}

const policyChange: ValueType = {
  name: 'policy',
  desc: POLICIES.join('|'),
  parse: (input) => formatPolicies(readPolicies(input)),
  compare: (a, b) => (a < b ? -1 : a > b ? 1 : 0),
};

// ---------------------------------------------------------------- /user/group

// The default groups are the first three records the router writes.
const DEFAULT_GROUPS = new Set(['*1', '*2', '*3']);
const FULL_GROUP = '*3';

export const userGroup: MenuDecl = {
  path: 'user/group',
  kind: 'table',
  key: 'name',
  readPolicy: ['read'],
  writePolicy: ['write', 'policy'],
  fields: {
    name: { type: name, required: true },
    policy: { type: policyChange },
    skin: { type: str(), default: 'default' },
  },
  verify(next, _env, previous) {
    // A new group starts with nothing granted; a changed one from what it had.
    const whole = new Map<Policy, boolean>(POLICIES.map((p) => [p, false]));
    if (previous) for (const [p, g] of readPolicies(previous.values.policy ?? '')) whole.set(p, g);
    for (const [p, g] of readPolicies(next.policy ?? '')) whole.set(p, g);
    next.policy = formatPolicies(whole);
  },
  canRemove(row, env) {
    if (DEFAULT_GROUPS.has(formatId(row.id))) throw failure('can not remove default group');
    const id = formatId(row.id);
    if (env.store.table('user').rows.some((u) => u.values.group === id)) throw failure('group is in use');
  },
  defaults: [
    { name: 'read', policy: 'local,telnet,ssh,reboot,read,test,winbox,password,web,sniff,sensitive,api,romon,rest-api,!ftp,!write,!policy' },
    { name: 'write', policy: 'local,telnet,ssh,reboot,read,write,test,winbox,password,web,sniff,sensitive,api,romon,rest-api,!ftp,!policy' },
    { name: 'full', policy: 'local,telnet,ssh,ftp,reboot,read,write,policy,test,winbox,password,web,sniff,sensitive,api,romon,rest-api' },
  ],
};

// ---------------------------------------------------------------- /user

const fullUsers = (env: Environment) => env.store.table('user').rows.filter((u) => u.values.group === FULL_GROUP);

/**
 * The stored password for what a record is about to hold. A value that differs from the
 * record's own hash was typed by a user and is hashed now; a value equal to another user's
 * stored hash came from `copy-from` and is kept.
 */
function storedPassword(next: Reply, env: Environment, previous?: Row): string {
  const value = next.password;
  if (value === undefined) return hashPassword('');
  if (previous && value === previous.values.password) return value;
  if (!previous && env.store.table('user').rows.some((u) => u.values.password === value)) return value;
  return hashPassword(value);
}

/** Marks passwords expired: the user must choose a new one at the next interactive login. */
async function expirePassword(ctx: CommandContext): Promise<void> {
  const { env, menu } = ctx;
  const rows = findRows(env, menu, ctx.args.numbers);
  env.store.commit(rows.map((row) => ({ op: 'update' as const, table: menu.table, id: row.id, values: { ...row.values, expired: 'true' } })));
}

let adminDefaults: readonly Reply[] | undefined;

export const user: MenuDecl = {
  path: 'user',
  kind: 'table',
  key: 'name',
  duplicateKey: 'user with the same name already exists',
  readPolicy: ['read'],
  writePolicy: ['write', 'policy'],
  fields: {
    name: { type: name, required: true },
    group: ref('user/group', { required: true }),
    // Client networks the user may log in from; empty: anywhere.
    address: { type: listOf(prefix46, { allowEmpty: true }), default: '' },
    // Stored as a salted hash (see password.ts), never shown.
    password: { type: str(), secret: 'password' },
    'inactivity-timeout': { type: duration({ min: MINUTE, max: 1440 * MINUTE }), default: '10m' },
    'inactivity-policy': { type: oneOf(['none', 'lockscreen', 'logout'], { message: NO_MATCH }), default: 'none' },
    // Written by the login code.
    'last-logged-in': { type: str(), readOnly: true },
    expired: { type: bool, readOnly: true, default: 'false' },
  },
  verify(next, env, previous, session) {
    // A user cannot disable themselves: the router answers as if done and changes nothing
    // (observed on 7.2x over REST, issue 13), so nobody locks themselves out.
    if (previous && session && previous.values.name === session.user && next.disabled !== previous.values.disabled) {
      if (previous.values.disabled === undefined) delete next.disabled;
      else next.disabled = previous.values.disabled;
    }
    const password = storedPassword(next, env, previous);
    if (previous && password !== previous.values.password) delete next.expired;
    next.password = password;
    // Someone must keep every policy: the last member of `full` stays there.
    if (previous?.values.group === FULL_GROUP && next.group !== FULL_GROUP && fullUsers(env).length === 1) {
      throw failure('can not change group of last full user');
    }
  },
  canRemove(row, env) {
    if (row.values.group === FULL_GROUP && fullUsers(env).length === 1) throw failure('can not remove last full user');
  },
  commands: {
    'expire-password': {
      policy: ['write', 'policy'],
      args: { numbers: { type: str(), required: true } },
      unnamed: 'numbers',
      run: expirePassword,
    },
  },
  // Hashing takes a moment, so the default user's empty password is hashed only when needed.
  // A fresh router's admin shows `expired=true` while its password is the empty one (a 7.x
  // CHR does; logins still work): the first password set clears it.
  get defaults(): readonly Reply[] {
    return (adminDefaults ??= [{ name: 'admin', group: 'full', comment: 'system default user', password: hashPassword(''), expired: 'true' }]);
  },
};
