// What scripts/defaults.mjs (community.routeros) and scripts/terraform-defaults.mjs (the
// Terraform provider) share: whether a source's default for a field can be kept. It is kept
// where the 7.24 tree has the menu and the argument, the field is neither a secret (a secret
// is not printed where it was never set) nor the board's own, and vrouter's type for the
// argument reads the value back as itself; otherwise the reason is returned, so that a value
// form vrouter gets wrong shows (a default the router prints that the type cannot read is a
// bug of the type, not of the default).

import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { argsOf, dirAt } = await import(path.join(root, 'dist/src/tree/tree.js'));
const { kindOf } = await import(path.join(root, 'dist/src/tree/declare.js'));
const { typeFor } = await import(path.join(root, 'dist/src/tree/types.js'));
const { formOf } = await import(path.join(root, 'dist/src/menus/forms.js'));
const { SENSITIVE_NAMES } = await import(path.join(root, 'dist/src/menus/sensitive.js'));

// Defaults that depend on the board (its RAM, its boot loader): a source writes one board's
// value; such a field is left to the board's data, not given one value for all.
const BOARD_DEPENDENT = {
  'ip/settings': ['max-neighbor-entries'],
  'ipv6/settings': ['max-neighbor-entries'],
  'ip/traffic-flow': ['cache-entries'],
  'system/routerboard/settings': ['baud-rate', 'boot-delay', 'boot-device', 'enable-jumper-reset', 'enter-setup-on'],
};

/** The `add` and `set` arguments of a menu of the 7.24 tree, or undefined where it has none. */
export function menuArgs(p) {
  const dir = dirAt(p);
  if (!dir || kindOf(dir) === 'dir') return undefined;
  return { add: argsOf(dir, 'add'), set: argsOf(dir, 'set') };
}

/**
 * The first of `forms` (a value as the source writes it, in the forms a print may take) that
 * the field keeps as itself: `{ taken }`, or `{ why }` it is refused.
 */
export function keep(p, { add, set }, name, forms, sensitive = false) {
  const value = forms[0];
  if (sensitive || (SENSITIVE_NAMES.has(name) && name !== 'radius-password')) return { why: `${value}: a secret` };
  if (BOARD_DEPENDENT[p]?.includes(name)) return { why: `${value}: depends on the board` };
  const spec = { ...set, ...add }[name];
  if (spec === undefined) return { why: `${value}: no argument of add or set in 7.24` };
  const tree = typeFor(name, spec, add?.[name] !== undefined ? add : set);
  const type = formOf(p, name, tree) ?? tree;
  let last;
  for (const form of forms) {
    try { last = type.parse(form); } catch (e) { last = e; }
    if (last === form) return { taken: form };
  }
  return { why: `${value}: ${typeof last === 'string' ? `reads back as ${last}` : 'refused by the type'}` };
}

/** Writes a defaults file of tree/defaults and says what is in it. */
export function writeDefaults(name, out, summary) {
  const file = path.join(root, 'tree', 'defaults', name);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, JSON.stringify(out, null, 1) + '\n');
  console.log(`${file}: ${summary}`);
}
