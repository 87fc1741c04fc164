// The emulated board: what /system/resource, /system/routerboard and the interface
// defaults describe. One profile per board kind; the process supplies the live figures.

import os from 'node:os';

export interface Board {
  name: string;
  architecture: string;
  cpu: string;
  cpuCount: number;
  cpuFrequency: number;
  totalMemory: number;
  totalHdd: number;
  ethernetPorts: number;
}

export const BOARDS: Record<string, Board> = {
  // The defaults of a home router: five Ethernet ports, as the default configuration expects.
  'hap-ax2': {
    name: 'hAP ax^2', architecture: 'arm64', cpu: 'ARM64', cpuCount: 4, cpuFrequency: 864,
    totalMemory: 1024 * 1024 * 1024, totalHdd: 128 * 1024 * 1024, ethernetPorts: 5,
  },
};

export const VERSION = '7.24 (stable)';
export const BUILD_TIME = '2026-06-02 10:15:31';

/** The running device: its board and live figures taken from this process. */
export class Device {
  readonly startedAt = Date.now();
  private lastCpu = process.cpuUsage();
  private lastAt = process.hrtime.bigint();
  private load = 0;

  constructor(readonly board: Board = BOARDS['hap-ax2']) {}

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
