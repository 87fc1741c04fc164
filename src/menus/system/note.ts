// /system/note: a text shown to users when they log in.

import type { MenuDecl } from '../../core/schema.js';
import { bool, str } from '../../core/values.js';

export const note: MenuDecl = {
  path: 'system/note',
  kind: 'settings',
  fields: {
    note: { type: str(), default: '' },
    'show-at-login': { type: bool, default: 'true' },
    'show-at-cli-login': { type: bool, default: 'false' },
  },
};
