// /interface/vrrp: the state of a VRRP interface as the router shows it. The settings come
// from the tree; what this file adds is the read-only state: `running` (only on the master),
// `master` or `backup` (each shown only when true), `failure` (the parent does not run),
// the virtual MAC address. Who is master is worked out by the lab (src/lab/routing/vrrp.ts),
// which keeps a backup's link down; outside a lab a VRRP interface on a running parent is
// master (routeros-facts.md 26.3).

import type { Environment, FieldDecl, MenuDecl } from '../../core/schema.js';
import type { Row } from '../../core/store.js';
import { bool, mac } from '../../core/values.js';
import { invalid } from '../common.js';
import { DUPLICATE_NAME, INTERFACE_TABLE, interfaceAt, interfaceFields, isRunning, vrrpMac } from './interface.js';

export type VrrpState = 'disabled' | 'failure' | 'backup' | 'master';

/** The state of a VRRP interface: disabled, failure (its parent does not run), master or backup. */
export function vrrpState(env: Environment, row: Row): VrrpState {
  if (row.values.disabled === 'true') return 'disabled';
  const parent = interfaceAt(env, row.values.interface);
  if (!parent || !isRunning(env, parent)) return 'failure';
  return isRunning(env, row) ? 'master' : 'backup';
}

/** A state flag the router shows only when it is true (a 7.23 REST survey: routeros-facts.md 26.3). */
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
    'mac-address': { type: mac, readOnly: true, derive: (row) => vrrpMac(row) },
    invalid: invalid('interface/vrrp'),
    running: interfaceFields.running,
    master: when('master'),
    backup: when('backup'),
    failure: when('failure'),
  },
};
