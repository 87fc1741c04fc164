// /ip/address: the router's IPv4 addresses, each on an interface.

import type { MenuDecl } from '../../core/schema.js';
import type { ValueType } from '../../core/types.js';
import { intToIp, ipToInt, ipv4, ipv4Prefix, maskOf, str } from '../../core/values.js';
import { dynamic, flag, interfaceRef, invalid, target } from '../common.js';
import { bridgeOf } from '../interface/bridge.js';
import { vrrpIdle } from '../interface/vrrp.js';

/** The network of `a.b.c.d/len`. */
export function networkOf(prefix: string): string {
  const [ip, len] = prefix.split('/');
  return intToIp((ipToInt(ip) & maskOf(Number(len))) >>> 0);
}

/**
 * An address with its prefix length, as REST and the API print it (`10.255.0.3/32`); exports
 * write a host address without `/32` (a 7.21 export of the corpus: `/ip address add
 * address=10.255.0.3 ... network=10.255.0.3`).
 */
const addressWithLength: ValueType = { ...ipv4Prefix(), exported: (v) => (v.endsWith('/32') ? v.slice(0, -3) : v) };

export const ipAddress: MenuDecl = {
  path: 'ip/address',
  kind: 'table',
  fields: {
    address: { type: addressWithLength, required: true },
    network: { type: ipv4, derive: (row) => row.values.network ?? networkOf(row.values.address), stable: true },
    interface: interfaceRef({ required: true }),
    'actual-interface': {
      type: str(), readOnly: true,
      // An address on a bridge port works on the bridge.
      derive: (row, env) => {
        const port = target(env, 'interface', row.values.interface);
        if (!port) return row.values.interface;
        const bridge = bridgeOf(env, port.id);
        return (bridge ?? port).values.name;
      },
      stable: true,
    },
    dynamic,
    // The virtual address of a VRRP backup is not used: invalid (routeros-facts.md 26.7). The
    // lab's election is rows of the router's own (VRRP_STATE_TABLE): still configuration only.
    invalid: invalid('ip/address', (row, env) => {
      const iface = target(env, 'interface', row.values.interface);
      return iface?.values.type === 'vrrp' && vrrpIdle(env, iface);
    }, true),
    slave: flag((row, env) => bridgeOf(env, target(env, 'interface', row.values.interface)?.id) !== undefined, true),
    // Shown by the router, but not an argument of add or set in 7.24 (the VRF follows the interface).
    vrf: { type: str(), readOnly: true, default: 'main' },
  },
  unique: [['address', 'interface']],
};
