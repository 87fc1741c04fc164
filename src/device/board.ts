// The emulated board: what /system/resource, /system/routerboard and the interface
// defaults describe. One profile per board kind; the process supplies the live figures.

import os from 'node:os';
import type { Environment } from '../core/schema.js';
import { LteModem, type LteProfile } from './lte.js';
import { Network } from './network.js';
import { PORT_AMBIENT, Traffic, type Ambient, type Rates } from './traffic.js';

export interface Board {
  name: string;
  architecture: string;
  cpu: string;
  cpuCount: number;
  cpuFrequency: number;
  totalMemory: number;
  totalHdd: number;
  ethernetPorts: number;
  /** The packages /system/package lists (routeros first), with their sizes in bytes. */
  packages: readonly { name: string; size: number }[];
  /** The built-in LTE modem, when the board has one. */
  lte?: LteProfile;
}

/**
 * The boards `--board NAME` chooses from. Every profile has five Ethernet ports, so the
 * default configuration (ether1 WAN, ether2-5 in the bridge) fits each of them.
 */
export const BOARDS: Record<string, Board> = {
  // The defaults of a home router: five Ethernet ports, as the default configuration expects.
  'hap-ax2': {
    name: 'hAP ax^2', architecture: 'arm64', cpu: 'ARM64', cpuCount: 4, cpuFrequency: 864,
    totalMemory: 1024 * 1024 * 1024, totalHdd: 128 * 1024 * 1024, ethernetPorts: 5,
    packages: [{ name: 'routeros', size: 13_500_416 }, { name: 'wifi-qcom', size: 6_033_408 }],
  },
  // A home router with a built-in LTE modem (Chateau LTE12 class: IPQ-4019, 256 MiB, NAND).
  // Figures of the class, not of a capture; the modem identity is made up but well formed.
  'chateau-lte12': {
    name: 'Chateau LTE12', architecture: 'arm', cpu: 'ARM', cpuCount: 4, cpuFrequency: 716,
    totalMemory: 256 * 1024 * 1024, totalHdd: 128 * 1024 * 1024, ethernetPorts: 5,
    packages: [{ name: 'routeros', size: 12_439_552 }, { name: 'wifi-qcom-ac', size: 3_223_552 }],
    lte: {
      manufacturer: 'Quectel', model: 'EG12-EA', revision: 'EG12EAPAR01A12M4G', latestRevision: 'EG12EAPAR01A14M4G',
      imei: '866758040123456', imsi: '001010123456789', uicc: '8900101012345678901', operator: 'vrouter mobile',
      mccMnc: '00101', band: 'B3@20Mhz', earfcn: 1300,
    },
  },
};

export const DEFAULT_BOARD = 'hap-ax2';

export const VERSION = '7.24 (stable)';
export const BUILD_TIME = '2026-06-02 10:15:31';

/**
 * The running device: its board and live figures taken from this process, and the simulated
 * hardware behind the interfaces: links, traffic counters, the network the tools reach and
 * the LTE modem. `env` (the engine) lets it tell an Ethernet port from other interfaces.
 */
export class Device {
  readonly startedAt = Date.now();
  private lastCpu = process.cpuUsage();
  private lastAt = process.hrtime.bigint();
  private load = 0;
  readonly traffic = new Traffic();
  readonly network = new Network();
  readonly lte?: LteModem;
  /**
   * Base URL of the package update server (`http://127.0.0.1:PORT`); none means no update
   * server is reachable, as for a router without an internet connection.
   */
  updateServer?: string;
  private readonly links = new Map<number, { up: boolean; since: number; downs: number }>();

  constructor(readonly board: Board = BOARDS[DEFAULT_BOARD], private readonly env?: Environment) {
    if (board.lte) this.lte = new LteModem(board.lte, this.startedAt);
  }

  private link(id: number) {
    let l = this.links.get(id);
    if (!l) this.links.set(id, (l = { up: true, since: this.startedAt, downs: 0 }));
    return l;
  }

  /** Every simulated cable is plugged in until a test pulls it. */
  linkUp(id: number): boolean { return this.link(id).up; }

  lastLinkUp(id: number): number | undefined { return this.link(id).since; }

  /** Plugs or unplugs the cable of a port. */
  setLink(id: number, up: boolean) {
    const l = this.link(id);
    if (l.up === up) return;
    l.up = up;
    if (up) l.since = Date.now(); else l.downs++;
  }

  /** Steady background traffic: a running Ethernet port hears its segment. */
  private ambient(id: number): Ambient | undefined {
    const row = this.env?.store.table('interface').get(id);
    if (!row || row.values.type !== 'ether' || row.values.disabled === 'true') return undefined;
    const l = this.link(id);
    return l.up ? { since: l.since, ...PORT_AMBIENT } : undefined;
  }

  /** The counters /interface shows for an interface. */
  counters(id: number): Record<string, number> {
    return { ...this.traffic.counters(id, this.ambient(id)), 'link-downs': this.link(id).downs };
  }

  /** Traffic of an interface over the last second. */
  rates(id: number): Rates {
    return this.traffic.rates(id, this.ambient(id));
  }

  uptimeMs(): number { return Date.now() - this.startedAt; }

  /** Percent of one core this process used since the previous reading. */
  cpuLoad(): number {
    const now = process.hrtime.bigint();
    const elapsedUs = Number(now - this.lastAt) / 1000;
    if (elapsedUs >= 100_000) {
      const used = process.cpuUsage(this.lastCpu);
      this.load = Math.min(100, Math.round(((used.user + used.system) / elapsedUs) * 100 / this.board.cpuCount));
      this.lastCpu = process.cpuUsage();
      this.lastAt = now;
    }
    return this.load;
  }

  /** Board memory less what this process really uses. */
  freeMemory(): number {
    return Math.max(0, this.board.totalMemory - process.memoryUsage().rss);
  }

  freeHdd(used: number): number {
    return Math.max(0, this.board.totalHdd - used);
  }

  hostname(): string { return os.hostname(); }
}
