// Which arguments the router requires, as data: a command without one answers
// `missing =<name>=` (the console's `missing value(s) of argument(s) <name>`), a record added
// without one is refused the same way. Two sources: the fields community.routeros marks
// `required` for `add` (tree/defaults/community-routeros.json, from its `_api_data.py`), and
// the arguments of commands the router asks for before it does anything (below).

import type { ArgDecl, CommandDecl, MenuDecl } from '../core/schema.js';
import { collectionRequired } from './defaults.js';
import { copyOf, hasField, withFields } from '../core/later.js';

/**
 * Command arguments the router will not go without. `/system license renew` asks for the
 * mikrotik.com account, its password and the level before it contacts the licence server
 * (manual: Cloud Hosted Router, "Purchasing licenses": `/system license renew account=...
 * password=... level=p1`; the console prompts for each when not given).
 */
export const REQUIRED_ARGUMENTS: Readonly<Record<string, Readonly<Record<string, readonly string[]>>>> = {
  'system/license': { renew: ['account', 'password', 'level'] },
};

/**
 * The menus with the required arguments and fields marked. A field declared by hand keeps its
 * own say (`hand`: the fields each hand declaration declares); the other fields of a menu a
 * hand declaration only refines (an OSPF area's `no-summaries`) are the tree's, and required
 * where the collection says so (the area's `instance`).
 */
export function withRequired(decls: readonly MenuDecl[], hand: ReadonlyMap<string, ReadonlySet<string>>): MenuDecl[] {
  const fromCollection = collectionRequired();
  return decls.map((decl) => {
    const commands = REQUIRED_ARGUMENTS[decl.path];
    const own = hand.get(decl.path);
    const fields = decl.kind !== 'table' ? undefined : fromCollection[decl.path]?.filter((n) => hasField(decl, n) && !own?.has(n));
    if (!commands && !fields?.length) return decl;
    const marked = !fields?.length ? decl : withFields(decl, (given) => {
      const out = { ...given };
      for (const n of fields) out[n] = { ...out[n], required: true };
      return out;
    });
    if (!commands || !decl.commands) return marked;
    const copy = copyOf(marked);
    copy.commands = { ...decl.commands };
    for (const [name, args] of Object.entries(commands)) {
      const cmd = decl.commands[name];
      if (cmd) copy.commands[name] = requiring(cmd, args);
    }
    return copy;
  });
}

/** The command with `names` required; its arguments stay worked out on first use. */
function requiring(cmd: CommandDecl, names: readonly string[]): CommandDecl {
  let args: Record<string, ArgDecl> | undefined;
  const copy = copyOf(cmd);
  Object.defineProperty(copy, 'args', {
    enumerable: true,
    get() {
      if (!args) {
        args = { ...cmd.args };
        for (const n of names) if (args[n]) args[n] = { ...args[n], required: true };
      }
      return args;
    },
  });
  return copy;
}
