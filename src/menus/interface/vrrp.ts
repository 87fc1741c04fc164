// /interface/vrrp: the state of a VRRP interface as the router shows it. The settings come
// from the tree; what this file adds is the read-only state: `running` (only on the master),
// `master` or `backup` (each shown only when true), `failure` (the parent does not run),
// the virtual MAC address, and whether it leads or follows a group. Who is master is worked
// out by the lab (src/lab/routing/vrrp.ts), which writes it in the router's VRRP_STATE_TABLE;
// outside a lab a VRRP interface on a running parent is master (routeros-facts.md 26.7).

import type { Environment, FieldDecl, MenuDecl } from '../../core/schema.js';
import type { Row } from '../../core/store.js';
import { bool, int, mac } from '../../core/values.js';
import { invalid } from '../common.js';
import { TREE } from '../../tree/declare.js';
import { DUPLICATE_NAME, INTERFACE_TABLE, actualMtuOf, interfaceAt, interfaceFields, isRunning, vrrpElected, vrrpMac } from './interface.js';

export type VrrpState = 'disabled' | 'failure' | 'backup' | 'master';

/**
 * The state of a VRRP interface: disabled, failure (its parent does not run, or the lab failed
 * its group), master or backup (the lab's election; alone it is master).
 */
export function vrrpState(env: Environment, row: Row): VrrpState {
  if (row.values.disabled === 'true') return 'disabled';
  const parent = interfaceAt(env, row.values.interface);
  if (!parent || !isRunning(env, parent)) return 'failure';
  const elected = vrrpElected(env, row);
  return elected === 'failure' || elected === 'backup' ? elected : 'master';
}

/**
 * Whether a VRRP interface's addresses are unused, from the configuration and the lab's
 * election alone: disabled, its parent gone or disabled, or not master.
 */
export function vrrpIdle(env: Environment, row: Row): boolean {
  if (row.values.disabled === 'true') return true;
  const parent = interfaceAt(env, row.values.interface);
  const elected = vrrpElected(env, row);
  return !parent || parent.values.disabled === 'true' || elected === 'backup' || elected === 'failure';
}

/**
 * The VRRP interface whose state this one follows: the one its `group-authority` (or the
 * deprecated `group-master`) names, when that is another VRRP interface of the router
 * (manual: "The VRRP interface is a group member. Its state machine follows the state of
 * the specified VRRP interface"). `none`, `self` or its own name: none.
 */
export function groupAuthorityOf(env: Environment, row: Row): Row | undefined {
  const named = [row.values['group-authority'], row.values['group-master']].find((v) => v && v !== 'none' && v !== 'self');
  const authority = named ? env.store.table(INTERFACE_TABLE).byKey.get(named) : undefined;
  return authority && authority !== row && authority.values.type === 'vrrp' ? authority : undefined;
}

/** Whether other VRRP interfaces follow this one, or it says it leads (`group-authority=self`). */
function isGroupAuthority(env: Environment, row: Row): boolean {
  if (row.values['group-authority'] === 'self' || row.values['group-authority'] === row.values.name) return true;
  return env.store.table(INTERFACE_TABLE).rows.some((r) => r.values.type === 'vrrp' && groupAuthorityOf(env, r) === row);
}

function mtuOfParent(env: Environment, row: Row): string | undefined {
  const parent = interfaceAt(env, row.values.interface);
  return parent ? String(actualMtuOf(env, parent)) : undefined;
}

/** A state flag the router shows only when it is true (a 7.23 REST survey: routeros-facts.md 26.7). */
const when = (state: VrrpState): FieldDecl =>
  ({ type: bool, readOnly: true, derive: (row, env) => (vrrpState(env, row) === state ? 'true' : undefined) });

export const vrrp: MenuDecl = {
  path: 'interface/vrrp',
  kind: 'table',
  table: INTERFACE_TABLE,
  variant: { type: 'vrrp' },
  key: 'name',
  duplicateKey: DUPLICATE_NAME,
  fields: {
    // Numbers, which the print shows bare (`vrid=88 priority=150`); ranges of the manual and of
    // terraform-routeros (IntBetween(1, 254)): 255 is the address owner's, which RouterOS cannot be.
    vrid: { type: int({ min: 1, max: 255 }), default: '1' },
    priority: { type: int({ min: 1, max: 254 }), default: '100' },
    // "Since RouterOS v7.7, the VRRP interface always uses slave interface MTU" (manual): read-only
    // from 7.20 (the tree's), its parent's; 7.19 and older still take one.
    mtu: { type: TREE, derive: (row, env) => row.values.mtu ?? mtuOfParent(env, row) },
    'mac-address': { type: mac, readOnly: true, derive: (row) => vrrpMac(row) },
    invalid: invalid('interface/vrrp'),
    running: interfaceFields.running,
    master: when('master'),
    backup: when('backup'),
    failure: when('failure'),
    'grp-authority': { type: bool, readOnly: true, derive: (row, env) => (isGroupAuthority(env, row) ? 'true' : undefined) },
    'grp-member': { type: bool, readOnly: true, derive: (row, env) => (groupAuthorityOf(env, row) ? 'true' : undefined) },
  },
};
