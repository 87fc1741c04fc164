// Neighbour discovery (CDP, LLDP, MNDP) between the lab's routers: what /ip/neighbor shows on
// each port, from the far ends its frames reach (./fabric.ts) and the discovery settings of
// both ends (their models: ./model.ts).

import { formatDuration } from '../core/values.js';
import type { NeighborEntry } from '../device/network.js';
import type { Fabric, LabNode } from './fabric.js';
import type { Interface, RouterModel } from './model.js';

/** Whether a port sends (tx) or listens to (rx) discovery, by the list and mode of its router. */
function discovers(model: RouterModel, port: Interface, way: 'tx' | 'rx'): boolean {
  const s = model.system.discovery;
  if (s.mode === 'rx-only' && way === 'tx') return false;
  if (s.mode === 'tx-only' && way === 'rx') return false;
  const raw = s.interfaceList;
  const [not, stored] = raw.startsWith('!') ? [true, raw.slice(1)] : [false, raw];
  const list = model.interfaces.listName(stored) ?? '';
  const member = model.interfaces.inList(list, port);
  return not ? !member : member;
}

/** The protocols both ends speak, in the listener's order. */
function common(a: readonly string[], b: readonly string[]): string {
  const theirs = new Set(b);
  return a.filter((p) => p && theirs.has(p)).join(',');
}

/** The neighbours a node hears on each of its ports, by the discovery settings of both ends. */
export function neighborsOf(nodes: readonly LabNode[], fabric: Fabric, node: number): NeighborEntry[] {
  const me = nodes[node];
  const ifs = me.model.interfaces;
  const out: NeighborEntry[] = [];
  for (const port of ifs.list) {
    if (port.type !== 'ether' || !port.running || !discovers(me.model, port, 'rx')) continue;
    const bridge = port.bridge === undefined ? undefined : ifs.byId.get(port.bridge);
    for (const far of fabric.reach(node, port)) {
      const them = nodes[far.node];
      // A Linux host (after the routers) sends no CDP, LLDP or MNDP: it runs no discovery daemon.
      if (!them) continue;
      const theirs = them.model;
      if (!discovers(theirs, far.port, 'tx')) continue;
      const protocols = common(me.model.system.discovery.protocols, theirs.system.discovery.protocols);
      if (!protocols) continue;
      const farBridge = far.port.bridge === undefined ? undefined : theirs.interfaces.byId.get(far.port.bridge);
      const sender = farBridge ?? far.port;
      const address = theirs.addresses.working[4].find((a) => a.on === sender.id)?.ip;
      const hasBridge = theirs.interfaces.list.some((r) => r.type === 'bridge');
      const interval = 30_000;
      const values: Record<string, string> = {
        interface: bridge ? `${port.name},${bridge.name}` : port.name,
        ...(address ? { address, address4: address } : {}),
        'mac-address': sender.mac,
        identity: theirs.system.identity,
        platform: 'MikroTik',
        version: theirs.system.version,
        board: theirs.system.board,
        'interface-name': farBridge ? `${farBridge.name}/${far.port.name}` : far.port.name,
        'system-caps': 'bridge,router',
        'system-caps-enabled': hasBridge ? 'bridge,router' : 'router',
        'discovered-by': protocols,
        age: formatDuration(Math.floor(((Date.now() - them.device.startedAt) % interval) / 1000) * 1000),
        uptime: formatDuration(Math.floor(them.device.uptimeMs() / 1000) * 1000),
        ipv6: 'false',
        unpack: 'none',
      };
      out.push({ key: `${port.id} ${far.node} ${far.port.id}`, values });
    }
  }
  return out;
}
