// Who may give a script or a scheduler entry which policies, and what an entry may do when it
// runs. An entry runs with its own `policy`, not with the rights of whoever starts it (the
// scheduler starts it as nobody in particular; `dont-require-permissions=yes` lets any user
// run it). Left unchecked, that turns anyone who may add an entry into `full` (issue 13).
// The RouterOS manual's rule for scripts is the one kept everywhere here: "You cannot do more
// in scripts than you are allowed to do by your current user rights".
//
// - A user stores an entry only when they hold every policy the entry ends up with, whether
//   given by `policy=`, copied by `copy-from`, or brought back by `unset`/`reset`. This also
//   covers `dont-require-permissions`: only a user with all of a script's policies may set it,
//   and nobody may edit the source of an entry that can do more than they can.
// - An entry added without `policy=` gets the router's default policies that the user holds.
// - The entry's owner is the user who added it; naming another owner takes `policy`, the
//   right to manage users.
// - It runs with the policies it has that its owner's group grants at that moment: a demoted
//   or removed owner takes the entry's rights down too.

import { notEnoughPermissions } from '../../core/errors.js';
import { POLICIES, type Environment, type Policy, type Reply, type Session } from '../../core/schema.js';
import { parseId, type Row } from '../../core/store.js';
import { grantedPolicies } from '../user/user.js';

/** What a new script or scheduler entry gets (7.x `add` without `policy=`). */
export const DEFAULT_SCRIPT_POLICY = 'ftp,reboot,read,write,policy,test,password,sniff,sensitive,romon';

export const policiesOf = (list: string | undefined) => new Set((list ?? '').split(',').filter(Boolean) as Policy[]);

/** The default policy list cut down to what the user holds, for an `add` without `policy=`. */
export function defaultPolicyFor(session: Session): string {
  const defaults = policiesOf(DEFAULT_SCRIPT_POLICY);
  return POLICIES.filter((p) => defaults.has(p) && session.policies.has(p)).join(',');
}

/**
 * verify() of /system/script and /system/scheduler: refuses a record that would hold
 * policies the user lacks, or name someone else as owner without `policy`.
 */
export function checkEntryRights(next: Reply, session: Session | undefined, previous?: Row): void {
  // The router's own writes (first boot) have no session; they need no check.
  if (!session) return;
  for (const p of policiesOf(next.policy ?? DEFAULT_SCRIPT_POLICY)) {
    if (!session.policies.has(p)) throw notEnoughPermissions();
  }
  if (next.owner !== previous?.values.owner) checkOwner(next.owner, session);
}

/** Naming someone else as an entry's owner lends the entry their rights: that takes `policy`. */
export function checkOwner(owner: string | undefined, session: Session): void {
  if (owner !== undefined && owner !== session.user && !session.policies.has('policy')) throw notEnoughPermissions();
}

/** The policies a user's group grants now; none for a user who no longer exists. */
export function ownerPolicies(env: Environment, owner: string | undefined): Set<Policy> {
  const user = owner === undefined ? undefined : env.store.table('user').byKey.get(owner);
  const groupId = user ? parseId(user.values.group ?? '') : undefined;
  const group = groupId === undefined ? undefined : env.store.table('user/group').get(groupId);
  return group ? grantedPolicies(group.values.policy) : new Set();
}

/** What an entry may do when it runs: its policies that its owner still holds. */
export function runPolicies(env: Environment, row: Row): Set<Policy> {
  const owner = ownerPolicies(env, row.values.owner);
  return new Set([...policiesOf(row.values.policy ?? DEFAULT_SCRIPT_POLICY)].filter((p) => owner.has(p)));
}
