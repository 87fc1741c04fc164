// SLAAC on the lab's Linux hosts: what the router advertisements a host's interface hears
// make of it (RFC 4862; Linux addrconf). A router advertises on an interface where an enabled
// `/ipv6 nd` entry applies (its own `all` entry unless another is set) and IPv6 is not
// disabled; the prefixes are its /64 addresses there with `advertise` (yes unless set) and
// its `/ipv6 nd prefix` entries for the interface that are `autonomous`. A host whose
// interface takes advertisements (`accept_ra` 1 or 2 on a host that does not forward, and
// `autoconf` 1: Linux's defaults) makes an address of each prefix and its EUI-64 interface
// id, and a default route via the router's link-local address unless `ra-lifetime` is 0.

import type { Fabric } from './fabric.js';
import { expand6, networkOf, type HostAddress, type HostRoute } from './host-exec.js';
import type { LabHost } from './host.js';
import type { Interface, RouterModel } from './model.js';
import { advertisement } from './nd.js';

/** The interface id of EUI-64 from a MAC address (`aa:c1:ab:00:00:01` -> a8c1:abff:fe00:1). */
function eui64(mac: string): number[] {
  const b = mac.split(':').map((h) => parseInt(h, 16));
  return [((b[0] ^ 2) << 8) | b[1], (b[2] << 8) | 0xff, 0xfe00 | b[3], (b[4] << 8) | b[5]];
}

const text6 = (groups: number[]) => networkOf(6, groups.map((g) => g.toString(16)).join(':'), 128);

/** The /64 prefixes a router advertises on one of its interfaces, and whether it offers itself as default router (./nd.ts). */
function advertised(model: RouterModel, iface: Interface): { prefixes: string[]; router: boolean } | undefined {
  const ad = advertisement(model, iface);
  return ad && { prefixes: ad.prefixes.map((p) => p.split('/')[0]), router: ad.lifetime };
}

/** What SLAAC gives a host now: its addresses and default routes, by interface. */
export function slaacOf(fabric: Fabric, host: LabHost): { addresses: HostAddress[]; routes: HostRoute[] } {
  const addresses: HostAddress[] = [], routes: HostRoute[] = [];
  const model = host.model;
  for (const link of host.config.links) {
    const iface = model.interfaces.byName.get(link.name);
    if (!iface?.running || link.acceptRa === 0 || !link.autoconf) continue;
    const domain = fabric.domainOf(host.index, iface.id);
    for (const n of fabric.nodes) {
      if (!('router' in n)) continue;
      for (const theirs of n.model.interfaces.list) {
        if (!theirs.running || theirs.actual !== theirs.id || fabric.domainOf(n.index, theirs.id) !== domain) continue;
        const ra = advertised(n.model, theirs);
        if (!ra) continue;
        for (const p of ra.prefixes) {
          const ip = text6([...expand6(p).slice(0, 4), ...eui64(link.mac)]);
          if (!addresses.some((a) => a.ip === ip)) addresses.push({ family: 6, ip, prefix: 64, dev: link.name, slaac: true });
        }
        if (ra.router && theirs.linkLocal && !routes.some((r) => r.dev === link.name && r.via === theirs.linkLocal)) {
          routes.push({ family: 6, dst: '::', prefix: 0, via: theirs.linkLocal, dev: link.name, metric: 1024, slaac: true });
        }
      }
    }
  }
  return { addresses, routes };
}
