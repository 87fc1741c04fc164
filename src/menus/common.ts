// Fields and helpers many menus share, so each menu file says only what is its own.

import { hasDanglingReference } from '../core/records.js';
import type { Environment, FieldDecl, Reference } from '../core/schema.js';
import { parseId, type Row } from '../core/store.js';
import { bool, str } from '../core/values.js';

export const disabled: FieldDecl = { type: bool, default: 'false' };
export const comment: FieldDecl = { type: str() };
/** Dynamic records are made by the router (or live for a while) and are not saved. */
export const dynamic: FieldDecl = { type: bool, readOnly: true, derive: (row) => String(row.dynamic), stable: true };

/** A read-only flag computed from the record; `stable` when `test` reads the configuration only (FieldDecl.stable). */
export const flag = (test: (row: Row, env: Environment) => boolean, stable = false): FieldDecl =>
  ({ type: bool, readOnly: true, derive: (row, env) => String(test(row, env)), ...(stable ? { stable } : {}) });

/**
 * `invalid`: the record points at something that is gone (or says why else it cannot work).
 * Stable unless `also` reads more than the configuration.
 */
export const invalid = (menuPath: string, also?: (row: Row, env: Environment) => boolean, alsoStable = false): FieldDecl =>
  flag((row, env) => hasDanglingReference(env, env.menu(menuPath), row) || (also?.(row, env) ?? false), !also || alsoStable);

/** A field naming a record of another table. */
export const ref = (table: string, more: Partial<FieldDecl> & Omit<Reference, 'table'> = {}): FieldDecl => {
  const { where, words, negatable, orNames, validWhenGone, list, ...field } = more;
  return { type: str(), ref: { table, where, words, negatable, ...(orNames ? { orNames } : {}), ...(validWhenGone ? { validWhenGone } : {}), ...(list ? { list } : {}) }, ...field };
};

export const interfaceRef = (more: Parameters<typeof ref>[1] = {}) => ref('interface', more);

/** The record a stored reference points at, if it still exists. */
export function target(env: Environment, table: string, stored: string | undefined): Row | undefined {
  if (!stored) return undefined;
  const id = parseId(stored.startsWith('!') ? stored.slice(1) : stored);
  return id === undefined ? undefined : env.store.table(table).get(id);
}
