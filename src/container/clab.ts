// vrouter as a containerlab `kind: linux` node. containerlab tells a node how many data
// interfaces its links give it in CLAB_INTFS and adds them (eth1, eth2, ...) after the
// container has started; a node waits for them before it configures itself (srl-labs'
// network-multitool if-wait.sh, vrnetlab's launch.py). The RouterOS kind maps the container's
// interfaces as the router's: eth0 is management, ether1; ethN is ether(N+1)
// (containerlab kinds/vr-ros.md). Each port follows its interface's carrier, so a link whose
// far end goes down (`ip link set down`, the far node stopped) takes the port down.
// Packets on ethN are not forwarded: the network between routers is computed by `vrouter lab`.

import fs from 'node:fs/promises';
import path from 'node:path';
import type { Device } from '../device/board.js';
import type { Router } from '../router.js';

/** Where Linux lists a network namespace's interfaces. */
const SYS_NET = '/sys/class/net';
/** How often carrier is read: a link change shows within this. */
const CARRIER_POLL_MS = 500;
/** How long a node waits for its interfaces, as if-wait.sh does (5 minutes). */
const WAIT_LIMIT_MS = 300_000;
const WAIT_POLL_MS = 200;

/** The data interfaces containerlab will add: CLAB_INTFS, a count (undefined: not a containerlab node). */
export function clabInterfaces(env: NodeJS.ProcessEnv): number | undefined {
  const v = env.CLAB_INTFS;
  if (v === undefined || v === '') return undefined;
  if (!/^\d{1,3}$/.test(v)) throw new Error(`CLAB_INTFS: "${v}" is not a number of interfaces`);
  return Number(v);
}

/** The router's port of a container interface: eth0 -> ether1, ethN -> ether(N+1). */
export function portOfInterface(name: string): string | undefined {
  const m = /^eth(\d{1,3})$/.exec(name);
  return m ? `ether${Number(m[1]) + 1}` : undefined;
}

const dataInterfaces = async () => (await fs.readdir(SYS_NET).catch(() => [] as string[])).filter((n) => /^eth[1-9]\d*$/.test(n));

/**
 * Waits until `count` data interfaces (eth1 ...) are there, saying so once on stderr if it has
 * to (the container's log shows why nothing answers yet); throws after WAIT_LIMIT_MS.
 */
export async function waitForInterfaces(count: number, limitMs = WAIT_LIMIT_MS): Promise<string[]> {
  const until = Date.now() + limitMs;
  for (let told = false; ; told = true) {
    const found = await dataInterfaces();
    if (found.length >= count) return found;
    if (!told) process.stderr.write(`vrouter: waiting for ${count} data interfaces (CLAB_INTFS), ${found.length} there\n`);
    if (Date.now() >= until) throw new Error(`CLAB_INTFS=${count}: only ${found.length} data interfaces (${found.join(', ') || 'none'}) came within ${limitMs / 1000}s`);
    await new Promise((r) => setTimeout(r, WAIT_POLL_MS));
  }
}

/** The carrier of an interface: up only when Linux says 1 (an interface set down has no carrier to read). */
async function carrier(name: string): Promise<boolean> {
  try {
    return (await fs.readFile(path.join(SYS_NET, name, 'carrier'), 'utf8')).trim() === '1';
  } catch {
    return false;
  }
}

/** The container interface of a router's port: ether1 -> eth0, etherN -> eth(N-1). */
export function interfaceOfPort(port: string | undefined): string | undefined {
  const m = port === undefined ? null : /^ether(\d{1,3})$/.exec(port);
  return m && Number(m[1]) >= 1 ? `eth${Number(m[1]) - 1}` : undefined;
}

/**
 * Follows, as long as the router runs, the carrier of eth0 and every ethN on the router's
 * ports: a port whose interface is not there has no cable. An interface the board has no port
 * for is left out, said once on stderr.
 */
export function followCarrier(router: Router): () => void {
  const told = new Set<string>();
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const poll = async () => {
    const env = router.engine;
    const device = env.services.device as Device;
    const ports = env.store.table('interface').rows.filter((r) => r.values.type === 'ether');
    const mapped = new Set<string>();
    await Promise.all(ports.map(async (row) => {
      const name = interfaceOfPort(row.values['default-name']);
      if (!name) return;
      mapped.add(name);
      device.setLink(row.id, await carrier(name));
    }));
    for (const name of await dataInterfaces()) {
      if (mapped.has(name) || told.has(name)) continue;
      told.add(name);
      process.stderr.write(`vrouter: ${name} is left out: ${router.boardName} has no ${portOfInterface(name)}\n`);
    }
    if (!stopped) timer = setTimeout(() => void poll(), CARRIER_POLL_MS).unref();
  };
  void poll();
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}
