// `/routing rule`s as a packet meets them before the routing table (policy routing): the
// enabled rules in order whose matchers all hold, each with its action (`lookup` in its
// table, falling through to the next rule when the table has no route; `lookup-only-in-table`,
// which does not; `drop`; `unreachable`). Manual "Policy Routing": routeros-facts.md 54.
// Rules of the other family (a source or destination of the other family) never match.

import { canonical, contains, familyOf } from './family.js';
import type { Packet } from './firewall.js';
import type { Family, Interface, RouterModel, RoutingRule } from './model.js';

/** A rule's address matcher holds for `ip` (of its family; none set holds always). */
function holds(spec: string | undefined, ip: string, family: Family): boolean {
  if (!spec) return true;
  const [net, len] = spec.split('/');
  if (familyOf(net) !== family) return false;
  return contains(canonical(net), Number(len ?? (family === 4 ? 32 : 128)), ip);
}

/** The rules that take the packet, in order. */
export function ruleFor(model: RouterModel, p: Packet, family: Family, inIf?: Interface): RoutingRule[] {
  const rules = model.routing.rules;
  if (!rules.length) return [];
  return rules.filter((r) => r.enabled
    && holds(r.srcAddress, p.src, family) && holds(r.dstAddress, p.dst, family)
    && (r.interface === undefined || r.interface === inIf?.id)
    // No mangle rule marks a probe: a rule on a routing mark takes none.
    && !r.routingMark);
}
