// The address an /ipv6/address record makes (manual "IPv6 Address", routeros-facts.md 54.4):
// `from-pool` takes the prefix of the pool (`/ipv6 pool`, a DHCPv6 client's delegated one
// too) and the written address's host bits (`::/64` when none is written); `eui-64` the
// written prefix and the interface's EUI-64 identifier (both: the pool's prefix and the
// identifier). The routing table's connected route and the lab's forwarding use it.

import { combine } from '../../core/prefix.js';
import type { Environment } from '../../core/schema.js';
import { parseId } from '../../core/store.js';
import { INTERFACE_TABLE, NO_MAC, macOf } from '../interface/interface.js';

/** What a record makes: the address with its length, or none while its pool has no prefix. */
export function madeAddress(env: Environment, v: Readonly<Record<string, string>>): { address?: string; origin?: 'eui-64' | 'from-pool' } {
  const written = v.address || (v['from-pool'] ? '::/64' : '');
  const [ip, len] = written.split('/');
  const prefix = Number(len ?? 128);
  const pool = v['from-pool'];
  const eui = v['eui-64'] === 'true' ? macOfInterface(env, v.interface) : undefined;
  if (pool) {
    const table = env.store.table('ipv6/pool');
    const id = pool.startsWith('*') ? parseId(pool) : undefined;
    const from = (id !== undefined ? table.get(id) : table.byKey.get(pool))?.values.prefix;
    const made = from ? combine(from, prefix, eui ? { mac: eui } : { address: ip }) : undefined;
    return { address: made && `${made}/${prefix}`, origin: 'from-pool' };
  }
  if (eui) return { address: `${combine(ip, prefix, { mac: eui }) ?? ip}/${prefix}`, origin: 'eui-64' };
  return { address: written || undefined };
}

function macOfInterface(env: Environment, stored: string | undefined): string | undefined {
  const id = stored?.startsWith('*') ? parseId(stored) : undefined;
  const table = env.store.table(INTERFACE_TABLE);
  const row = id !== undefined ? table.get(id) : stored ? table.byKey.get(stored) : undefined;
  const mac = row && macOf(env, row);
  return mac && mac !== NO_MAC ? mac : undefined;
}
