// What every defaults file of tree/defaults must hold, whichever source it is derived from:
// each default names an argument of a menu of the 7.24 tree and reads back as itself.

import assert from 'node:assert/strict';
import { argsOf, dirAt } from '../../src/tree/tree.js';
import { typeFor } from '../../src/tree/types.js';
import { formOf } from '../../src/menus/forms.js';

/** Asserts it of every default; returns how many there are. */
export function assertReadBack(defaults: Record<string, Record<string, string>>): number {
  let n = 0;
  for (const [path, fields] of Object.entries(defaults)) {
    const dir = dirAt(path);
    assert.ok(dir, `/${path} is no menu of the tree`);
    const add = argsOf(dir, 'add');
    const set = argsOf(dir, 'set');
    for (const [name, value] of Object.entries(fields)) {
      const spec = { ...set, ...add }[name];
      assert.ok(spec !== undefined, `/${path} ${name}`);
      const tree = typeFor(name, spec, add?.[name] !== undefined ? add : set);
      assert.equal((formOf(path, name, tree) ?? tree).parse(value), value, `/${path} ${name}=${value}`);
      n++;
    }
  }
  return n;
}
