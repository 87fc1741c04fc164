// Fields worked out when first read. A release's tree declares some 580 menus with 7,000
// fields, each typed from its note; a router uses a few dozen of them in its first minutes,
// and most never. The generated menus (src/tree/declare.ts) therefore say which fields they
// have at once, and type them, with every fact laid over them (secrets, required, counters ...,
// src/menus/index.ts), on the first read of `fields`: a start-up does not pay for the rest.
//
// A declaration with fields to come keeps its promise in a symbol-keyed property, so that a copy
// made the usual way (copyOf, below) keeps it too: the copy and its original
// are the same menu of the same tree, and whichever is read first works the fields out for both.

import type { FieldDecl, MenuDecl } from './schema.js';

type Fields = Record<string, FieldDecl>;
/** A change laid over a menu's fields: the new fields, or undefined for none. It adds no field and removes none. */
export type FieldsChange = (fields: Readonly<Fields>) => Fields | undefined;

interface Promised {
  /** The names of the fields, in their order, known before their types are. */
  readonly names: ReadonlySet<string>;
  make?: () => Fields;
  readonly changes: FieldsChange[];
  made?: Fields;
}

const PROMISED = Symbol('fields to come');
type WithPromise = MenuDecl & { [PROMISED]?: Promised };

function work(p: Promised): Fields {
  if (!p.made) {
    let fields = p.make!();
    for (const change of p.changes) fields = change(fields) ?? fields;
    p.made = fields;
    p.make = undefined;
  }
  return p.made;
}

/** Gives `decl` the fields `make` works out, with these names, on their first read. */
export function fieldsLater(decl: MenuDecl, names: Iterable<string>, make: () => Fields): MenuDecl {
  const p: Promised = { names: new Set(names), make, changes: [] };
  Object.defineProperty(decl, PROMISED, { value: p, enumerable: false, configurable: true });
  Object.defineProperty(decl, 'fields', {
    enumerable: true,
    configurable: true,
    get() { return work(p); },
    // Set outright (a hand declaration refining it), the promise is dropped for this object.
    set(this: WithPromise, value: Fields) {
      Object.defineProperty(this, 'fields', { value, writable: true, enumerable: true, configurable: true });
      delete this[PROMISED];
    },
  });
  return decl;
}

/**
 * A copy of a declaration (a menu's, a command's) that keeps lazy properties lazy: a getter
 * stays a getter (the admin's default password is hashed on demand), and fields to come stay
 * to come, for the copy and its original alike.
 */
export function copyOf<T extends object>(decl: T): T {
  return Object.defineProperties({}, Object.getOwnPropertyDescriptors(decl)) as T;
}

/** The promise of fields to come, if `decl` still has one. */
function promiseOf(decl: MenuDecl): Promised | undefined {
  const p = (decl as WithPromise)[PROMISED];
  return p && !p.made ? p : undefined;
}

/**
 * `decl` with `change` laid over its fields: at once for fields already there (on a copy,
 * copyOf), or with the others when they are worked out.
 */
export function withFields(decl: MenuDecl, change: FieldsChange): MenuDecl {
  const p = promiseOf(decl);
  if (p) {
    p.changes.push(change);
    return decl;
  }
  if (!decl.fields) return decl;
  const fields = change(decl.fields);
  if (!fields) return decl;
  const copy = copyOf(decl);
  copy.fields = fields;
  return copy;
}

/** Whether `decl` has a field of this name, without working its fields out. */
export function hasField(decl: MenuDecl, name: string): boolean {
  const p = promiseOf(decl);
  return p ? p.names.has(name) : decl.fields?.[name] !== undefined;
}

/** Whether `decl`'s fields are there (or it has none), rather than still to come. */
export function fieldsMade(decl: MenuDecl): boolean {
  return promiseOf(decl) === undefined;
}
