// /ipv6/address: the addresses users add, and the link-local address the router gives every
// enabled interface that has a MAC address and is no bridge port (flags `D` dynamic and `L` link-local): fe80::
// and the interface identifier made from the MAC (modified EUI-64, RFC 4291 appendix A), as
// a real router shows `fe80::2ad:24ff:fe12:3456/64` on ether1. They are computed on every
// print, like connected routes, so they follow the interfaces (a disabled interface has none,
// a new bridge gets one) and disappear with `/ipv6 settings set disable-ipv6=yes`.

import type { Environment, FieldDecl, MenuDecl } from '../../core/schema.js';
import { formatId, type Row } from '../../core/store.js';
import type { ValueType } from '../../core/types.js';
import { bool, ipv6Prefix } from '../../core/values.js';
import { TREE } from '../../tree/declare.js';
import { INTERFACE_TABLE, NO_MAC, bridgeOfInterface, interfaceAt, macOf } from '../interface/interface.js';

/** Link-local rows get ids far above any a user adds; the interface's id keeps each stable. */
const LINK_LOCAL_BASE = 0x10000000;

/** `fe80::` + the modified EUI-64 of a MAC: its universal/local bit flipped, ff:fe in the middle. */
export function linkLocalOf(mac: string): string {
  const b = mac.split(':').map((h) => parseInt(h, 16));
  const groups = [((b[0] ^ 2) << 8) | b[1], (b[2] << 8) | 0xff, 0xfe00 | b[3], (b[4] << 8) | b[5]];
  return `fe80::${groups.map((g) => g.toString(16)).join(':')}/64`;
}

function linkLocalRows(env: Environment): Row[] {
  if (env.store.table('ipv6/settings').rows[0]?.values['disable-ipv6'] === 'true') return [];
  const out: Row[] = [];
  for (const iface of env.store.table(INTERFACE_TABLE).rows) {
    // A bridge port has none of its own: the bridge has it.
    if (iface.values.disabled === 'true' || bridgeOfInterface(env, iface.id)) continue;
    const mac = macOf(env, iface);
    if (mac === NO_MAC) continue;
    out.push({
      id: LINK_LOCAL_BASE + iface.id,
      dynamic: true,
      pos: iface.pos,
      values: { address: linkLocalOf(mac), interface: formatId(iface.id), advertise: 'false', 'eui-64': 'false', 'no-dad': 'false' },
    });
  }
  return out;
}

/**
 * `address`: an IPv6 address with its prefix length, host bits kept; without a length the router
 * takes /64 (docs/routeros-facts.md 23.6). Anything else is `invalid value for argument address`.
 */
const interfaceAddress: ValueType = {
  ...ipv6Prefix,
  parse: (input) => ipv6Prefix.parse(input.includes('/') ? input : `${input}/64`),
};

const isLinkLocal = (row: Row) => /^fe80:/i.test(row.values.address ?? '');
const status = (derive: (row: Row) => boolean): FieldDecl => ({ type: bool, readOnly: true, derive: (row) => String(derive(row)) });

export const ipv6Address: MenuDecl = {
  path: 'ipv6/address',
  kind: 'table',
  fields: {
    address: { type: interfaceAddress },
    'actual-interface': { type: TREE, readOnly: true, derive: (row, env) => interfaceAt(env, row.values.interface)?.values.name },
    'link-local': status(isLinkLocal),
    // Global: neither link-local nor unique-local (fc00::/7).
    global: status((row) => !isLinkLocal(row) && !/^f[cd]/i.test(row.values.address ?? '')),
    dynamic: status((row) => row.dynamic),
    invalid: status(() => false),
    deprecated: status(() => false),
    slave: status(() => false),
  },
  // The link-local addresses first, as the router lists the addresses it made at start-up.
  rows: (env, stored) => [...linkLocalRows(env), ...stored],
};
