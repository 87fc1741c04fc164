// /environment: the caller's global variables, each as a property of one record (manual
// "Scripting", Environment: after `:global example; :set example 123`, `/environment print`
// writes `"example"=123`). A blank router has none and prints an empty record, as the real one
// prints nothing. The same variables are the records of /system/script/environment (./script.ts).

import type { MenuDecl, Reply } from '../../core/schema.js';
import { toStr } from '../../console/values.js';
import { consoleOf } from '../console.js';

const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

export const environment: MenuDecl = {
  path: 'environment',
  kind: 'settings',
  // The console writes each variable as `"example"=123`, not as a `name: value` line.
  consoleForm: 'assignments',
  generic: [],
  fields: {},
  commands: {
    print: {
      policy: ['read'],
      *run(ctx) {
        const out: Reply = {};
        const globals = [...consoleOf(ctx.env).globalsOf(ctx.session.user)].sort(([a], [b]) => byText(a, b));
        for (const [name, value] of globals) out[name] = toStr(value);
        yield out;
      },
    },
  },
};
