// The tunnels of a lab, worked out as the routers converge (a stage of ../routing/converge.ts,
// after VRRP and before OSPF: OSPF and BGP run over tunnels). A tunnel carries when a far end
// agrees with it and the underlay reaches there and back (a quiet probe of the tunnel's own
// protocol through routes and firewalls, ../forward.ts `reaches`):
//
// - GRE, IPIP (and GRE6, IPIPv6): the far router owns `remote-address` and has a tunnel of the
//   same kind whose `remote-address` is this end's source (`local-address`, else the address
//   the route toward the far end leaves by) and whose `local-address`, when set, is ours
//   remote; `ipsec-secret` the same on both.
// - EoIP: the same, and `tunnel-id` equal; the two interfaces join one layer-2 domain.
// - VXLAN: a VTEP's `remote-ip` is the far router's, whose VXLAN of the same `vni` and `port`
//   has a VTEP back to this end's source; the two interfaces join one layer-2 domain.
// - WireGuard: ./wireguard.ts; IPsec: ./ipsec.ts.
//
// A GRE, GRE6 or EoIP tunnel (and an IPIP one where set) with `keepalive` runs only while its
// far end answers; the others run while enabled, as on the router (routeros-facts.md 55.1).

import { formatId } from '../../core/store.js';
import { durationToMs } from '../../core/values.js';
import { owns, sourceToward } from '../forward.js';
import type { Packet } from '../firewall.js';
import { TUNNEL_STATE_TABLE, type EoipTunnel, type IpTunnel, type RouterModel, type Tunnel, type VxlanTunnel } from '../model.js';
import type { Published, RoutingContext, Stage } from '../routing/context.js';
import { readIpsec } from './ipsec.js';
import type { Far, Join, TunnelPlane } from './plane.js';
import { readWireguard } from './wireguard.js';

/** Whether a packet from a node gets to its destination and back (../forward.ts `reaches`). */
export type Reaches = (from: number, p: Packet) => boolean;

/** `keepalive` where unset: GRE, GRE6 and EoIP keep `10s,10` (routeros-facts.md 19: C's defaults), IPIP none. */
const KEEPALIVE: Partial<Record<Tunnel['kind'], string>> = { gre: '10s,10', gre6: '10s,10', eoip: '10s,10', eoipv6: '10s,10' };

/** What each kind's outer packet is, and what its headers add. */
const CARRIAGE: Record<IpTunnel['kind'] | EoipTunnel['kind'], { protocol: Packet['protocol']; overhead: number }> = {
  gre: { protocol: 'gre', overhead: 24 }, gre6: { protocol: 'gre', overhead: 44 },
  ipip: { protocol: 'ipencap', overhead: 20 }, ipipv6: { protocol: 'ipencap', overhead: 40 },
  eoip: { protocol: 'gre', overhead: 42 }, eoipv6: { protocol: 'etherip', overhead: 56 },
};

/** A keepalive's interval in ms: 0 when off (`0s`, `none`) or unreadable. */
function keepaliveMs(text: string | undefined): number {
  const interval = text?.split(',')[0];
  if (!interval || interval === 'none') return 0;
  try { return durationToMs(/^\d+$/.test(interval) ? `${interval}s` : interval); } catch { return 0; }
}

const probe = (src: string, dst: string, protocol: Packet['protocol'], dstPort?: number): Packet => ({ src, dst, ttl: 64, protocol, dstPort, size: 64, state: 'new' });

export class Tunnels implements Stage {
  readonly name = 'tunnels';
  readonly topics = 'interface';
  readonly inputs = [
    'interface', 'ip/address', 'ipv6/address', 'ip/route', 'ipv6/route', 'interface/wireguard/peers',
    'interface/vxlan/vteps', 'ip/ipsec/', 'ip/firewall/filter', 'ip/firewall/nat',
  ];

  constructor(private readonly plane: TunnelPlane, private readonly reaches: Reaches) {}

  run(ctx: RoutingContext): void {
    const l3 = new Map<string, Far>();
    const joins: Join[] = [];
    const heard = ctx.nodes.map((): Published => new Map());
    for (const n of ctx.nodes) {
      const model = n.model;
      for (const t of model.tunnels.list) {
        if (!t.enabled) continue;
        if (t.kind === 'vxlan') { this.vxlan(ctx, n.index, model, t, joins); continue; }
        if (t.kind === 'wireguard') continue;
        const far = this.ipFar(ctx, n.index, model, t);
        // Both ends of a tunnel that carries are one link: EoIP's frames cross it, and the
        // protocols that find neighbours on a link (OSPF) find them across GRE and IPIP too.
        if (far) joins.push([{ node: n.index, ifId: t.interface }, far]);
        if (far && t.kind !== 'eoip' && t.kind !== 'eoipv6') l3.set(`${n.index}:${t.interface}`, far);
        if (keepaliveMs(t.keepalive ?? KEEPALIVE[t.kind]) > 0) {
          const ref = formatId(t.interface);
          heard[n.index].set(ref, { interface: ref, running: String(!!far) });
        }
      }
    }
    this.plane.wireguard = readWireguard(ctx, this.plane, this.reaches);
    for (const s of this.plane.wireguard.values()) if (s.node < s.far.node) joins.push([{ node: s.node, ifId: s.ifId }, { node: s.far.node, ifId: s.far.ifId }]);
    // Interfaces the fabric already joined stay joined in the same order: the fabric is rebuilt only on a change.
    const same = joins.length === this.plane.joins.length && joins.every((j, i) => key(j) === key(this.plane.joins[i]));
    this.plane.l3 = l3;
    if (!same) {
      this.plane.joins = joins;
      ctx.invalidateFabric();
    }
    for (const n of ctx.nodes) ctx.publish(n.index, TUNNEL_STATE_TABLE, this.name, heard[n.index]);
    this.plane.ipsecPolicies = readIpsec(ctx, this.name, this.reaches);
  }

  /** The far end of a GRE, IPIP or EoIP tunnel that agrees and is reached; none otherwise. */
  private ipFar(ctx: RoutingContext, node: number, model: RouterModel, t: IpTunnel | EoipTunnel): Far | undefined {
    const remote = t.remoteAddress;
    if (!remote) return undefined;
    const local = t.localAddress || sourceToward(model, remote);
    if (!local) return undefined;
    const { protocol, overhead } = CARRIAGE[t.kind];
    for (const m of ctx.nodes) {
      if (m.index === node || !owns(m.model, remote)) continue;
      const u = m.model.tunnels.list.find((x): x is IpTunnel | EoipTunnel => x.kind === t.kind && x.enabled && x.remoteAddress === local
        && (!x.localAddress || x.localAddress === remote) && (x.ipsecSecret ?? '') === (t.ipsecSecret ?? '')
        && (t.kind !== 'eoip' && t.kind !== 'eoipv6' || (x as EoipTunnel).tunnelId === t.tunnelId));
      if (!u) continue;
      if (!this.reaches(node, probe(local, remote, protocol))) return undefined;
      return { node: m.index, ifId: u.interface, src: local, dst: remote, protocol, overhead };
    }
    return undefined;
  }

  /** A VXLAN's VTEPs that agree and are reached join its interface with the far ones; its `bridge` joins it too. */
  private vxlan(ctx: RoutingContext, node: number, model: RouterModel, t: VxlanTunnel, joins: Join[]) {
    const self = { node, ifId: t.interface };
    if (t.bridge !== undefined) joins.push([self, { node, ifId: t.bridge }]);
    for (const vtep of t.vteps) {
      if (!vtep.enabled) continue;
      const local = t.localAddress || sourceToward(model, vtep.remoteIp);
      if (!local) continue;
      for (const m of ctx.nodes) {
        if (m.index === node || !owns(m.model, vtep.remoteIp)) continue;
        const u = m.model.tunnels.list.find((x): x is VxlanTunnel => x.kind === 'vxlan' && x.enabled && x.vni === t.vni && x.port === t.port
          && x.vteps.some((v) => v.enabled && v.remoteIp === local));
        // Each pair once: from the end of the lower index.
        if (u && node < m.index && this.reaches(node, probe(local, vtep.remoteIp, 'udp', t.port))) joins.push([self, { node: m.index, ifId: u.interface }]);
      }
    }
  }
}

const key = (j: Join) => `${j[0].node}:${j[0].ifId}-${j[1].node}:${j[1].ifId}`;
