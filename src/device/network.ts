// Who answers on the simulated network. The router answers for its own addresses and for
// 127.0.0.0/8 (and ::1); other hosts answer only when the device layer knows them
// (`Network.addHost`, e.g. a test's simulated neighbour). Everything else is silent: a
// ping times out, a bandwidth test never connects. Nothing here sends a real packet.

import type { Environment } from '../core/schema.js';
import { ipToInt, maskOf } from '../core/values.js';
import { UPSTREAM_DEFAULTS, type Endpoint, type UpstreamService } from './upstream.js';

export interface Host {
  address: string;
  /** Round trip time, microseconds. */
  rttUs: number;
  /** TTL of the answers as they arrive (the host's initial TTL less the hops). */
  ttl: number;
}

/** Where an answer comes from, as the tools need to know it. */
export interface Answer extends Host {
  /** The router itself answered (one of its addresses, or loopback). */
  local: boolean;
  /** The interface the traffic crossed, when it left the router. */
  interfaceId?: number;
}

const IPV4 = /^\d{1,3}(\.\d{1,3}){3}$/;

export function isLoopback(address: string): boolean {
  if (address === '::1') return true;
  return IPV4.test(address) && address.startsWith('127.');
}

/** The router's own IPv4 addresses (enabled entries of /ip/address), with their interfaces. */
export function ownAddresses(env: Environment): { address: string; prefix: number; interfaceId?: number }[] {
  const out: { address: string; prefix: number; interfaceId?: number }[] = [];
  for (const row of env.store.table('ip/address').rows) {
    if (row.values.disabled === 'true' || !row.values.address) continue;
    const [address, len] = row.values.address.split('/');
    const iface = row.values.interface ? parseInt(row.values.interface.slice(1), 16) : undefined;
    out.push({ address, prefix: Number(len ?? 32), interfaceId: Number.isNaN(iface) ? undefined : iface });
  }
  return out;
}

export function isOwnAddress(env: Environment, address: string): boolean {
  return isLoopback(address) || ownAddresses(env).some((a) => a.address === address);
}

/** What a probe asks of the network: an ICMP echo from this router (ping, one traceroute step). */
export interface ProbeRequest {
  address: string;
  /** Source address the echo is sent from; the outgoing interface's address when absent. */
  src?: string;
  ttl: number;
  size: number;
  /** An ICMP echo unless told; a UDP datagram to `dstPort` (the router's own DNS and NTP queries). */
  protocol?: 'icmp' | 'udp';
  dstPort?: number;
  /** The VRF the echo leaves in (`/ping vrf=`): its addresses and routing table; main when absent. */
  vrf?: string;
}

/** What came back for one probe. */
export interface ProbeResult {
  /**
   * `reply`: the echo was answered; `ttl-exceeded`, `host-unreachable` and `net-unreachable`: a router on the way
   * (`from`) answered with an ICMP error; `timeout`: nothing came back.
   */
  status: 'reply' | 'ttl-exceeded' | 'host-unreachable' | 'net-unreachable' | 'timeout';
  /** The address the answer came from. */
  from?: string;
  /** TTL of the answer as it arrived. */
  ttl?: number;
  /** Round trip, microseconds. */
  rttUs: number;
}

/** A neighbour heard by the discovery protocols on one interface (/ip/neighbor). */
export interface NeighborEntry {
  key: string;
  values: Record<string, string>;
}

/**
 * The narrow interface through which a router in a lab (src/lab) sees the wires beyond its
 * ports: probes forwarded hop by hop, neighbours, ARP and DHCP (carrier is the device's link
 * state, which the lab sets). A router outside a lab has none, and sees an empty network.
 */
export interface LabView {
  probe(request: ProbeRequest): ProbeResult;
  /** Neighbours as /ip/neighbor lists them, values keyed by field. */
  neighbors(): NeighborEntry[];
  /** Dynamic ARP entries learned from traffic: address, interface (id), mac-address. */
  arp(): { key: string; values: Record<string, string> }[];
  /** Dynamic IPv6 neighbours learned from traffic (/ipv6 neighbor): address, interface (id), mac-address, router. */
  nd?(): { key: string; values: Record<string, string> }[];
  /** The state of one /ip/dhcp-client (by record id): status, address, gateway, ... */
  dhcpClient(id: number): Record<string, string> | undefined;
  /** The state of one /ipv6/dhcp-client (by record id): status, prefix, dhcp-server-v6. */
  dhcp6Client?(id: number): Record<string, string> | undefined;
  /**
   * What a WireGuard peer (by /interface/wireguard/peers record id) has seen of its far end:
   * `last-handshake`, `rx`, `tx`, `current-endpoint-address`, `current-endpoint-port`.
   */
  wireguardPeer?(id: number): Record<string, string> | undefined;
  /**
   * Where a query of this router's own (DNS, NTP) to `address` goes when a lab node has that
   * address: the node's face on loopback once the lab's network carries the datagram there and
   * back, or null when it does not (no route, a firewall drops it, the face is off). Undefined
   * when no node has the address: the query goes to the host's network.
   */
  serviceAt?(address: string, service: UpstreamService): Endpoint | null | undefined;
}

export class Network {
  private readonly hosts = new Map<string, Host>();
  /** Set while the router runs in a lab. */
  lab?: LabView;
  /** The ports the router's own queries go to on the host's network (src/device/upstream.ts). */
  upstreamPorts: Record<UpstreamService, number> = { ...UPSTREAM_DEFAULTS };

  /**
   * Where a query of the router's own to `address` goes: a lab node's face over the lab's
   * network, or the host's network from the main routing table. Undefined when it cannot leave
   * (a lab node not reached, a VRF other than main outside a lab).
   */
  endpoint(address: string, service: UpstreamService, vrf = 'main'): Endpoint | undefined {
    const there = this.lab?.serviceAt?.(address, service);
    if (there !== undefined) return there ?? undefined;
    if (vrf !== 'main') return undefined;
    return { host: address, port: this.upstreamPorts[service] };
  }

  /** Makes a simulated host answer (ping, bandwidth test). */
  addHost(address: string, opts: { rttMs?: number; ttl?: number } = {}) {
    this.hosts.set(address, { address, rttUs: Math.round((opts.rttMs ?? 1) * 1000), ttl: opts.ttl ?? 64 });
  }

  removeHost(address: string) {
    this.hosts.delete(address);
  }

  /** Who answers at `address`, or undefined when nothing does. */
  answer(env: Environment, address: string): Answer | undefined {
    if (isOwnAddress(env, address)) {
      // Answers from the router itself take a few tens of microseconds.
      return { address, rttUs: 20 + Math.floor(Math.random() * 40), ttl: 64, local: true };
    }
    const host = this.hosts.get(address);
    if (!host) return undefined;
    const jitter = Math.floor(host.rttUs * 0.1 * Math.random());
    return { ...host, rttUs: host.rttUs + jitter, local: false, interfaceId: this.interfaceToward(env, address) };
  }

  /** The interface of the connected network the address lies in, if any. */
  interfaceToward(env: Environment, address: string): number | undefined {
    if (!IPV4.test(address)) return undefined;
    const ip = ipToInt(address);
    let best: { prefix: number; interfaceId?: number } | undefined;
    for (const a of ownAddresses(env)) {
      const mask = maskOf(a.prefix);
      if (((ip & mask) >>> 0) === ((ipToInt(a.address) & mask) >>> 0) && (!best || a.prefix > best.prefix)) best = a;
    }
    return best?.interfaceId;
  }
}
