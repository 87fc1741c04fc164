// Router advertisements and stateless address autoconfiguration (RFC 4861, RFC 4862) between
// the lab's routers, computed as the routers converge rather than with packets. A router
// advertises on an interface that an enabled `/ipv6 nd` entry names (the default entry is
// `interface=all`) the /64 prefixes of its addresses there with `advertise` (yes unless set)
// and the autonomous `/ipv6 nd prefix` entries of that interface. A router that
// accepts advertisements (`/ipv6 settings accept-router-advertisements=yes`, or the default
// `yes-if-forwarding-disabled` with `forward=no`; only on `accept-router-advertisements-on`)
// takes from each advertiser in the layer-2 domain of its interface an address per prefix
// (the prefix and the interface's EUI-64 identifier) and, when the advertisement's
// `ra-lifetime` is not `none` (0), a default route by the advertiser's link-local address.
// Published as the router shows them: dynamic /ipv6/address and /ipv6/route records.

import { formatId } from '../core/store.js';
import { combine } from '../core/prefix.js';
import type { Fabric } from './fabric.js';
import { canonical, isLinkLocal } from './family.js';
import type { Interface, RouterModel } from './model.js';
import type { Published, RoutingContext, Stage } from './routing/context.js';

/** What one router advertises on one interface. */
export interface Advertisement {
  /** The /64 prefixes (`2001:db8:a::/64`). */
  prefixes: string[];
  /** Whether it offers the router as a default router (a router lifetime). */
  lifetime: boolean;
  linkLocal: string;
}

/** Whether the router takes router advertisements at all, and on this interface. */
function accepts(model: RouterModel, iface: Interface): boolean {
  const s = model.ipv6.settings;
  if (s.disabled) return false;
  const on = s.acceptRouterAdvertisements === 'yes' || (s.acceptRouterAdvertisements === 'yes-if-forwarding-disabled' && !s.forward);
  if (!on) return false;
  const taken = s.acceptRouterAdvertisementsOn ?? 'all';
  const list = model.interfaces.listName(taken) ?? taken;
  return model.interfaces.inList(list, iface);
}

/** A router's `/ipv6 nd` when it lists none: its default entry (`interface=all`, routeros-facts.md 54.3). */
const DEFAULT_ND = [{ enabled: true, interface: 'all', raLifetime: '30m' }];

/**
 * What a router advertises on an interface (its link-local address the advertisements' source),
 * or nothing (no `/ipv6 nd` entry names it, IPv6 disabled): Linux hosts' SLAAC reads it too
 * (./host-slaac.ts).
 */
export function advertisement(model: RouterModel, iface: Interface): Advertisement | undefined {
  // A Linux host of the lab sends none (it runs no radvd).
  if (model.kind === 'host' || model.ipv6.settings.disabled || !iface.linkLocal) return undefined;
  const nd = model.ipv6.nd.length ? model.ipv6.nd : DEFAULT_ND;
  const entry = nd.find((e) => e.enabled && (e.interface === 'all' || model.interfaces.resolve(e.interface)?.id === iface.id));
  if (!entry) return undefined;
  const prefixes = new Set<string>();
  for (const a of model.addresses.working[6]) {
    if (a.on === iface.id && a.advertise !== false && a.prefix === 64 && a.network && !isLinkLocal(a.ip)) prefixes.add(a.network);
  }
  for (const p of model.ipv6.ndPrefixes) {
    if (p.autonomous && p.prefix.endsWith('/64') && model.interfaces.resolve(p.interface)?.id === iface.id) prefixes.add(p.prefix);
  }
  // A router lifetime of 0 (`none`) says "not a default router" (RFC 4861 4.2).
  return { prefixes: [...prefixes], lifetime: !['none', '0', '0s'].includes(entry.raLifetime), linkLocal: iface.linkLocal };
}

export class Slaac implements Stage {
  readonly name = 'slaac';
  readonly topics = 'ipv6';
  readonly inputs = ['ipv6/address', 'ipv6/pool', 'ipv6/nd', 'ipv6/nd/prefix', 'ipv6/settings', 'interface', 'interface/bridge/port', 'interface/list/member'];

  run(ctx: RoutingContext) {
    const fabric = ctx.fabric();
    for (const n of ctx.nodes) {
      const addresses: Published = new Map();
      const routes: Published = new Map();
      for (const iface of n.model.interfaces.list) {
        if (!iface.running || iface.bridge !== undefined || !iface.linkLocal || !accepts(n.model, iface)) continue;
        for (const { node, ad } of this.heard(fabric, n.index, iface)) {
          for (const prefix of ad.prefixes) {
            const ip = combine(prefix, 64, { mac: iface.mac });
            if (!ip) continue;
            addresses.set(`${iface.id} ${prefix}`, { address: `${ip}/64`, interface: formatId(iface.id), advertise: 'false', 'eui-64': 'false', 'no-dad': 'false' });
          }
          if (ad.lifetime) {
            routes.set(`${iface.id} ${node}`, { 'dst-address': '::/0', gateway: `${ad.linkLocal}%${iface.name}`, distance: '1', scope: '30', 'target-scope': '10', 'routing-table': 'main' });
          }
        }
      }
      ctx.publish(n.index, 'ipv6/address', this.name, addresses);
      ctx.publish(n.index, 'ipv6/route', this.name, routes);
    }
  }

  /** The advertisements an interface hears: each other router's in its layer-2 domain. */
  private heard(fabric: Fabric, node: number, iface: Interface): { node: number; ad: Advertisement }[] {
    const out: { node: number; ad: Advertisement }[] = [];
    const seen = new Set<string>();
    for (const h of fabric.hostsOf(6, fabric.domainOf(node, iface.id))) {
      // Each interface of another router, once: advertisements come from its link-local address.
      if (h.node === node || !isLinkLocal(h.ip) || seen.has(`${h.node} ${h.ifId}`)) continue;
      seen.add(`${h.node} ${h.ifId}`);
      const model = fabric.nodes[h.node].model;
      const there = model.interfaces.byId.get(h.ifId);
      const ad = there && canonical(there.linkLocal ?? '') === h.ip ? advertisement(model, there) : undefined;
      if (ad && (ad.prefixes.length || ad.lifetime)) out.push({ node: h.node, ad });
    }
    return out;
  }
}
