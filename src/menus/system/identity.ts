// /system/identity: the router's name, shown in the console prompt and to neighbours.

import type { MenuDecl } from '../../core/schema.js';
import { hostName, name } from '../../core/values.js';

export const identity: MenuDecl = {
  path: 'system/identity',
  kind: 'settings',
  fields: {
    // The router's host name (DHCP clients send it as such): no longer than a DNS name.
    name: { type: hostName(name), default: 'MikroTik' },
  },
};
