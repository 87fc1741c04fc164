// VRRP between the routers of a lab (RFC 5798): not yet computed.

import type { RoutingContext, Stage } from './context.js';

export class Vrrp implements Stage {
  readonly name = 'vrrp';
  readonly inputs = ['interface/vrrp'];
  run(_ctx: RoutingContext): void {}
}
