// The tunnels of a router's model (./model.ts), as configured: WireGuard interfaces with their
// peers, GRE, IPIP, EoIP (and their IPv6 kinds), VXLAN with its VTEPs, and IPsec's peers,
// identities, proposals, profiles and policies. Nothing here says whether a tunnel carries
// traffic; that is the network's to work out from both ends and the underlay.

import type { Environment } from '../core/schema.js';
import type { Row } from '../core/store.js';
import { durationToMs } from '../core/values.js';
import { INTERFACE_TABLE } from '../menus/interface/interface.js';
import { publicKeyOf } from '../menus/interface/wireguard.js';
import { nameOf, rowOf } from './model-interfaces.js';
import type { Family, InterfacesModel, IpsecModel, Tunnel, TunnelsModel, WireguardPeer } from './model.js';

/** `/interface` `type` of each tunnel kind (src/menus/interface/kinds.ts) and its family. */
const IP_TUNNELS: Record<string, { kind: 'gre' | 'gre6' | 'ipip' | 'ipipv6'; family: Family }> = {
  'gre-tunnel': { kind: 'gre', family: 4 }, 'gre6-tunnel': { kind: 'gre6', family: 6 },
  'ipip-tunnel': { kind: 'ipip', family: 4 }, 'ipipv6-tunnel': { kind: 'ipipv6', family: 6 },
};
const EOIP: Record<string, { kind: 'eoip' | 'eoipv6'; family: Family }> = {
  eoip: { kind: 'eoip', family: 4 }, 'eoipv6-tunnel': { kind: 'eoipv6', family: 6 },
};

/** WireGuard's port when none is set (src/menus/interface/wireguard.ts; a 7.x REST capture: routeros-facts.md 46.4). */
const WIREGUARD_PORT = 13231;
/** VXLAN's UDP port when none is set (a 7.x REST capture: `port: 8472`, routeros-facts.md 46.4). */
const VXLAN_PORT = 8472;

const num = (v: string | undefined) => (v !== undefined && /^\d+$/.test(v) ? Number(v) : undefined);
const yes = (v: string | undefined) => v === 'true' || v === 'yes';
const list = (v: string | undefined) => (v ?? '').split(',').filter(Boolean);
const ms = (v: string | undefined) => {
  if (!v || v === 'none') return 0;
  try { return durationToMs(v); } catch { return 0; }
};

export function readTunnels(env: Environment, interfaces: InterfacesModel): TunnelsModel {
  const peers = new Map<number, WireguardPeer[]>();
  for (const r of env.store.table('interface/wireguard/peers').rows) {
    const iface = interfaces.resolve(r.values.interface);
    if (!iface) continue;
    const [endpointAddress, endpointPort] = [r.values['endpoint-address'] || undefined, num(r.values['endpoint-port'])];
    const peer: WireguardPeer = {
      id: r.id, name: r.values.name, enabled: r.values.disabled !== 'true', publicKey: r.values['public-key'] ?? '',
      presharedKey: r.values['preshared-key'], endpointAddress, endpointPort, allowedAddress: list(r.values['allowed-address']),
      persistentKeepaliveMs: ms(r.values['persistent-keepalive']), responder: yes(r.values.responder),
    };
    peers.set(iface.id, [...(peers.get(iface.id) ?? []), peer]);
  }
  const vteps = new Map<number, { remoteIp: string; enabled: boolean }[]>();
  for (const r of env.store.table('interface/vxlan/vteps').rows) {
    const iface = interfaces.resolve(r.values.interface);
    if (iface && r.values['remote-ip']) vteps.set(iface.id, [...(vteps.get(iface.id) ?? []), { remoteIp: r.values['remote-ip'], enabled: r.values.disabled !== 'true' }]);
  }
  const out: Tunnel[] = [];
  for (const row of env.store.table(INTERFACE_TABLE).rows) {
    const t = tunnelOf(env, row, peers, vteps);
    if (t) out.push(t);
  }
  return { list: out, ipsec: readIpsec(env) };
}

function tunnelOf(env: Environment, row: Row, peers: Map<number, WireguardPeer[]>, vteps: Map<number, { remoteIp: string; enabled: boolean }[]>): Tunnel | undefined {
  const v = row.values;
  const base = { interface: row.id, name: v.name ?? '', enabled: v.disabled !== 'true', mtu: v.mtu };
  const ip = IP_TUNNELS[v.type ?? ''];
  if (ip) {
    return { ...base, ...ip, localAddress: v['local-address'], remoteAddress: v['remote-address'], keepalive: v.keepalive, ipsecSecret: v['ipsec-secret'], dontFragment: v['dont-fragment'] };
  }
  const eoip = EOIP[v.type ?? ''];
  if (eoip) {
    return { ...base, ...eoip, localAddress: v['local-address'], remoteAddress: v['remote-address'], tunnelId: num(v['tunnel-id']), keepalive: v.keepalive, ipsecSecret: v['ipsec-secret'] };
  }
  if (v.type === 'vxlan') {
    return {
      ...base, kind: 'vxlan', vni: num(v.vni), port: num(v.port) ?? VXLAN_PORT, localAddress: v['local-address'],
      vtepsFamily: v['vteps-ip-version'] === 'ipv6' ? 6 : 4, vtepVrf: v['vtep-vrf'],
      bridge: rowOf(env, INTERFACE_TABLE, v.bridge)?.id, vteps: vteps.get(row.id) ?? [],
    };
  }
  if (v.type === 'wg') {
    const privateKey = v['private-key'];
    let publicKey: string | undefined;
    try { publicKey = privateKey ? publicKeyOf(privateKey) : undefined; } catch { /* not a key: none to show */ }
    return { ...base, kind: 'wireguard', listenPort: num(v['listen-port']) ?? WIREGUARD_PORT, privateKey, publicKey, peers: peers.get(row.id) ?? [] };
  }
  return undefined;
}

function readIpsec(env: Environment): IpsecModel {
  const rows = (t: string) => env.store.table(`ip/ipsec/${t}`).rows;
  const on = (r: Row) => r.values.disabled !== 'true';
  return {
    peers: rows('peer').map((r) => ({
      name: r.values.name ?? '', enabled: on(r), address: r.values.address, localAddress: r.values['local-address'],
      exchangeMode: r.values['exchange-mode'] ?? 'main', passive: yes(r.values.passive), profile: nameOf(env, 'ip/ipsec/profile', r.values.profile) ?? 'default',
    })),
    identities: rows('identity').map((r) => ({
      enabled: on(r), peer: nameOf(env, 'ip/ipsec/peer', r.values.peer), authMethod: r.values['auth-method'] ?? 'pre-shared-key',
      secret: r.values.secret, generatePolicy: r.values['generate-policy'] ?? 'no',
    })),
    proposals: rows('proposal').map((r) => ({
      name: r.values.name ?? '', enabled: on(r), authAlgorithms: list(r.values['auth-algorithms']), encAlgorithms: list(r.values['enc-algorithms']),
      pfsGroup: r.values['pfs-group'] ?? 'modp1024', lifetime: r.values.lifetime ?? '30m',
    })),
    profiles: rows('profile').map((r) => ({
      name: r.values.name ?? '', dhGroup: list(r.values['dh-group']), encAlgorithm: list(r.values['enc-algorithm']), hashAlgorithm: r.values['hash-algorithm'] ?? 'sha1',
    })),
    policies: rows('policy').filter((r) => !yes(r.values.template)).map((r) => ({
      enabled: on(r), peer: nameOf(env, 'ip/ipsec/peer', r.values.peer), srcAddress: r.values['src-address'] ?? '0.0.0.0/0',
      dstAddress: r.values['dst-address'] ?? '0.0.0.0/0', protocol: r.values.protocol ?? 'all', action: r.values.action ?? 'encrypt',
      level: r.values.level ?? 'require', tunnel: yes(r.values.tunnel), proposal: nameOf(env, 'ip/ipsec/proposal', r.values.proposal) ?? 'default',
      saSrcAddress: r.values['sa-src-address'], saDstAddress: r.values['sa-dst-address'],
    })),
  };
}
