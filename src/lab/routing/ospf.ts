// OSPF v2 and v3 between the routers of a lab (RFCs 2328, 5340): not yet computed.

import type { RoutingContext, Stage } from './context.js';

export class Ospf implements Stage {
  readonly name = 'ospf';
  readonly inputs = ['routing/ospf/', 'ip/route', 'ipv6/route'];
  run(_ctx: RoutingContext): void {}
}
