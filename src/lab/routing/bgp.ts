// BGP between the routers of a lab (RFC 4271): not yet computed.

import type { RoutingContext, Stage } from './context.js';

export class Bgp implements Stage {
  readonly name = 'bgp';
  readonly inputs = ['routing/bgp/', 'routing/filter/', 'ip/firewall/address-list', 'ip/route'];
  run(_ctx: RoutingContext): void {}
}
