// /interface/list and /interface/list/member: named sets of interfaces, which firewall
// rules and services match on (`in-interface-list=LAN`). The router has four built-in lists
// it keeps up to date itself; the default configuration adds WAN (ether1) and LAN (bridge).

import { failure } from '../../core/errors.js';
import type { Environment, MenuDecl, Reply } from '../../core/schema.js';
import type { Row } from '../../core/store.js';
import { bool, name } from '../../core/values.js';
import { dynamic, interfaceRef, invalid, ref } from '../common.js';

export const LIST_TABLE = 'interface/list';

/**
 * The built-in lists, with the comments the router gives them (routeros-facts.md 3, 2.12).
 * Lists have ids of their own range: users' lists start at *2000010 (defconf's WAN and LAN
 * are *2000010 and *2000011 in many Terraform imports of real routers); the built-ins below
 * that are our best guess.
 */
const BUILTIN: readonly (readonly [string, string, string])[] = [
  ['*2000000', 'all', 'contains all interfaces'],
  ['*2000001', 'none', 'contains no interfaces'],
  ['*2000002', 'dynamic', 'contains dynamic interfaces'],
  ['*2000003', 'static', 'contains static interfaces'],
];

const isBuiltin = (row: Row | undefined) => row?.values.builtin === 'true';

export const interfaceList: MenuDecl = {
  path: 'interface/list',
  kind: 'table',
  key: 'name',
  fields: {
    name: { type: name, required: true },
    // Other lists whose members this one takes in / leaves out, by id, so a renamed list shows
    // through (routeros-facts.md 23.2).
    // Empty unless set: real verbose exports (7.13.3, 7.19.6, 7.24.4) print `exclude="" include=""`
    // on every list, the built-in ones and those added by name (routeros-facts.md 18).
    include: ref(LIST_TABLE, { list: true, default: '' }),
    exclude: ref(LIST_TABLE, { list: true, default: '' }),
    builtin: { type: bool, readOnly: true, default: 'false' },
    dynamic,
  },
  verify(_next: Reply, _env: Environment, previous?: Row) {
    // The router's words for both refusals are unconfirmed (best guess).
    if (isBuiltin(previous)) throw failure('can not change builtin list');
  },
  canRemove(row: Row) {
    if (isBuiltin(row)) throw failure('can not remove builtin list');
  },
  defaults: [
    ...BUILTIN.map(([id, listName, text]) => ({ '.id': id, name: listName, builtin: 'true', comment: text })),
  ],
};

export const interfaceListMember: MenuDecl = {
  path: 'interface/list/member',
  kind: 'table',
  fields: {
    list: ref(LIST_TABLE, { required: true }),
    interface: interfaceRef({ required: true }),
    dynamic,
    // The interface (or list) is gone: the entry shows its old id and does nothing.
    invalid: invalid('interface/list/member'),
  },
  unique: [['list', 'interface']],
};
