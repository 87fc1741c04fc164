// IPsec between the routers of a lab (IKE worked out, not exchanged). Phase 1 is up between a
// peer and the far router's peer when the far router owns the peer's `address`, its own peer's
// `address` holds this end's source, the identities' `auth-method` and pre-shared `secret` are
// the same, the profiles agree (the same hash algorithm, a common DH group and encryption
// algorithm), the peers' exchange modes are the same, at least one end is not `passive`, and
// UDP 500 reaches there and back. Phase 2 is up for a policy whose mirror (source and
// destination swapped) the far router has for its peer, with proposals sharing an
// authentication and an encryption algorithm and the same PFS group. Each router then shows
// `/ip ipsec active-peers` (state established, ph2-total) and `/ip ipsec installed-sa` (an SA
// each way per policy); traffic matching a policy travels in ESP between the SA's addresses.
// Phase 1 up with no proposal in common shows the peer with ph2-total 0 and no SA, and the
// policy's traffic is dropped (level require), as the router's "no proposal chosen".

import { createHash } from 'node:crypto';
import { addressMatches } from '../firewall.js';
import { owns, sourceToward } from '../forward.js';
import type { IpsecModel } from '../model.js';
import type { Published, RoutingContext } from '../routing/context.js';
import type { IpsecSa } from './plane.js';
import type { Reaches } from './stage.js';

type Peer = IpsecModel['peers'][number];
type Policy = IpsecModel['policies'][number];

const ACTIVE = 'ip/ipsec/active-peers';
const INSTALLED = 'ip/ipsec/installed-sa';
const IKE_PORT = 500;

const bare = (a: string | undefined) => a?.split('/')[0];
const common = <T>(a: readonly T[], b: readonly T[]) => a.find((x) => b.includes(x));

/** A proposal's algorithm as an SA names it, with its key size (`aes-256-cbc` is aes-cbc of 256 bits). */
function encOf(name: string): [string, string] {
  const aes = /^aes-(\d+)-(cbc|ctr|gcm)$/.exec(name);
  if (aes) return [`aes-${aes[2]}`, aes[1]];
  return [name, name === '3des' ? '192' : name === 'des' ? '64' : name === 'null' ? '0' : '256'];
}

/** A stable SPI for one direction of one policy pair (the router picks them at random). */
const spiOf = (text: string) => `0x${createHash('sha1').update(text).digest('hex').slice(0, 8).toUpperCase()}`;

export function readIpsec(ctx: RoutingContext, owner: string, reaches: Reaches): Map<number, IpsecSa[]> {
  const nodes = ctx.nodes;
  const active = nodes.map((): Published => new Map());
  const installed = nodes.map((): Published => new Map());
  const policies = new Map<number, IpsecSa[]>();
  /** Phase 2 of each policy of each node that is up: its far end and SA addresses. */
  const up = new Map<Policy, { node: number; src: string; dst: string }>();
  for (const n of nodes) {
    const model = n.model.tunnels.ipsec;
    for (const peer of model.peers) {
      if (!peer.enabled || !bare(peer.address)) continue;
      const remote = bare(peer.address)!;
      const local = peer.localAddress || sourceToward(n.model, remote);
      if (!local) continue;
      const far = nodes.find((m) => m.index !== n.index && owns(m.model, remote));
      const farPeer = far?.model.tunnels.ipsec.peers.find((q) => q.enabled && q.address !== undefined && addressMatches(q.address, local));
      if (!far || !farPeer || !phase1(model, peer, far.model.tunnels.ipsec, farPeer)) continue;
      if (!reaches(n.index, { src: local, dst: remote, ttl: 64, protocol: 'udp', dstPort: IKE_PORT, size: 300, state: 'new' })) continue;
      // The initiator: an end that is not passive (of two, the first router of the lab).
      const initiator = !peer.passive && (farPeer.passive || n.index < far.index);
      let ph2 = 0;
      for (const p of model.policies) {
        if (!p.enabled || p.peer !== peer.name || p.action !== 'encrypt') continue;
        const mirror = far.model.tunnels.ipsec.policies.find((q) => q.enabled && q.peer === farPeer.name && q.srcAddress === p.dstAddress && q.dstAddress === p.srcAddress);
        const agreed = mirror && phase2(model, p, far.model.tunnels.ipsec, mirror);
        if (!agreed) continue;
        ph2++;
        const src = p.saSrcAddress || local, dst = p.saDstAddress || remote;
        up.set(p, { node: far.index, src, dst });
        const [enc, size] = encOf(agreed.enc);
        const sa = (from: string, to: string) => ({
          spi: spiOf(`${from}>${to} ${p.srcAddress} ${p.dstAddress}`), 'src-address': from, 'dst-address': to, state: 'mature',
          'auth-algorithm': agreed.auth, 'enc-algorithm': enc, 'enc-key-size': size, 'add-lifetime': lifetimes(agreed.lifetime),
        });
        installed[n.index].set(`${p.srcAddress} ${p.dstAddress} out`, sa(src, dst));
        installed[n.index].set(`${p.srcAddress} ${p.dstAddress} in`, sa(dst, src));
      }
      const before = ctx.published(n.index, ACTIVE, owner).get(remote);
      active[n.index].set(remote, {
        id: remote, 'local-address': local, port: String(IKE_PORT), 'remote-address': remote, state: 'established',
        side: initiator ? 'initiator' : 'responder', responder: String(!initiator), 'natt-peer': 'false', 'ph2-total': String(ph2),
        '.established-at': before?.values['.established-at'] ?? String(n.env.now()),
      });
    }
    policies.set(n.index, model.policies.filter((p) => p.enabled).map((p) => ({
      node: n.index, srcAddress: p.srcAddress, dstAddress: p.dstAddress, action: p.action, far: up.get(p),
    })));
  }
  for (const n of nodes) {
    ctx.publish(n.index, ACTIVE, owner, active[n.index]);
    ctx.publish(n.index, INSTALLED, owner, installed[n.index]);
  }
  return policies;
}

/** Whether phase 1 of two peers agrees: identities, profiles, exchange mode, someone to start. */
function phase1(a: IpsecModel, pa: Peer, b: IpsecModel, pb: Peer): boolean {
  if (pa.passive && pb.passive) return false;
  if (pa.exchangeMode !== pb.exchangeMode) return false;
  const ia = a.identities.find((i) => i.enabled && i.peer === pa.name);
  const ib = b.identities.find((i) => i.enabled && i.peer === pb.name);
  if (!ia || !ib || ia.authMethod !== ib.authMethod || (ia.secret ?? '') !== (ib.secret ?? '')) return false;
  const fa = a.profiles.find((p) => p.name === pa.profile) ?? DEFAULT_PROFILE;
  const fb = b.profiles.find((p) => p.name === pb.profile) ?? DEFAULT_PROFILE;
  return fa.hashAlgorithm === fb.hashAlgorithm && !!common(fa.dhGroup, fb.dhGroup) && !!common(fa.encAlgorithm, fb.encAlgorithm);
}

/** The algorithms two policies' proposals agree on; none when they share none or differ in PFS group. */
function phase2(a: IpsecModel, pa: Policy, b: IpsecModel, pb: Policy): { auth: string; enc: string; lifetime: string } | undefined {
  const qa = a.proposals.find((p) => p.enabled && p.name === pa.proposal);
  const qb = b.proposals.find((p) => p.enabled && p.name === pb.proposal);
  if (!qa || !qb || qa.pfsGroup !== qb.pfsGroup) return undefined;
  const auth = common(qa.authAlgorithms, qb.authAlgorithms), enc = common(qa.encAlgorithms, qb.encAlgorithms);
  return auth && enc ? { auth, enc, lifetime: qa.lifetime } : undefined;
}

/** `add-lifetime` as the SA shows it: the soft lifetime (80%) and the hard one (`24m/30m`). */
function lifetimes(lifetime: string): string {
  const m = /^(\d+)m$/.exec(lifetime);
  return m ? `${Math.floor(Number(m[1]) * 0.8)}m/${m[1]}m` : `${lifetime}/${lifetime}`;
}

/** The profile every router has (routeros-facts.md 46.4), for a peer naming it when the model lists none. */
const DEFAULT_PROFILE = { name: 'default', dhGroup: ['modp2048', 'modp1024'], encAlgorithm: ['aes-128', '3des'], hashAlgorithm: 'sha1' };
