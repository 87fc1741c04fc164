// /interface/vlan: 802.1Q (or, with use-service-tag, 802.1ad) VLAN interfaces, each on a
// parent interface. A VLAN is an interface (type=vlan in the `interface` table); its MAC and
// L2MTU come from its parent, and it runs while its parent does.

import { failure } from '../../core/errors.js';
import type { Environment, MenuDecl, Reply } from '../../core/schema.js';
import type { Row } from '../../core/store.js';
import { bool, int } from '../../core/values.js';
import { interfaceRef } from '../common.js';
import { DUPLICATE_NAME, INTERFACE_TABLE, interfaceFields } from './interface.js';

export const vlan: MenuDecl = {
  path: 'interface/vlan',
  kind: 'table',
  table: INTERFACE_TABLE,
  variant: { type: 'vlan' },
  key: 'name',
  duplicateKey: DUPLICATE_NAME,
  fields: {
    name: interfaceFields.name('vlan'),
    // 0 and 4095 are reserved by 802.1Q; two third-party sources give `1..4094` (unconfirmed).
    'vlan-id': { type: int({ min: 1, max: 4094 }), required: true },
    interface: interfaceRef({ required: true }),
    'use-service-tag': { type: bool, default: 'false' },
    mtu: interfaceFields.mtu,
    l2mtu: interfaceFields.l2mtu,
    'mac-address': interfaceFields['mac-address'],
    arp: interfaceFields.arp,
    'arp-timeout': interfaceFields['arp-timeout'],
    'loop-protect': interfaceFields['loop-protect'],
    'loop-protect-disable-time': interfaceFields['loop-protect-disable-time'],
    'loop-protect-send-interval': interfaceFields['loop-protect-send-interval'],
    'loop-protect-status': interfaceFields['loop-protect-status'],
    mvrp: { type: bool, default: 'false' },
    running: interfaceFields.running,
  },
  verify(next: Reply, env: Environment, previous?: Row) {
    // One VLAN per tag and tag kind on a parent: a second would never see a frame.
    const tagKind = next['use-service-tag'] ?? 'false';
    for (const row of env.store.table(INTERFACE_TABLE).rows) {
      if (row.id === previous?.id || row.values.type !== 'vlan') continue;
      if (row.values.interface === next.interface && row.values['vlan-id'] === next['vlan-id']
        && (row.values['use-service-tag'] ?? 'false') === tagKind) {
        // The router's words are unconfirmed (no public capture found); best guess.
        throw failure('vlan with the same vlan-id already exists on that interface');
      }
    }
  },
};
