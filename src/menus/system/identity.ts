// /system/identity: the router's name, shown in the console prompt and to neighbours.

import type { MenuDecl } from '../../core/schema.js';
import { name } from '../../core/values.js';

export const identity: MenuDecl = {
  path: 'system/identity',
  kind: 'settings',
  fields: {
    name: { type: name, default: 'MikroTik' },
  },
};
