// /routing/filter/rule: the routing filter rules. The router keeps a rule whose text does not
// parse and flags it inactive (the `rule` argument is read by the routing process, its type
// `remote`; the menu's flags are X - disabled, I - inactive): src/lab/routing/filter.ts is
// the language, and an inactive rule is skipped when a chain runs.

import type { MenuDecl } from '../../core/schema.js';
import { bool } from '../../core/values.js';
import { FilterSyntaxError, parseRule } from './filter-language.js';

export const filterRule: MenuDecl = {
  path: 'routing/filter/rule',
  kind: 'table',
  fields: {
    inactive: {
      type: bool, readOnly: true, stable: true,
      derive: (row) => String(parseRule(row.values.rule ?? '') instanceof FilterSyntaxError),
    },
  },
};
