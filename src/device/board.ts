// The emulated board: what /system/resource, /system/routerboard and the interface
// defaults describe. The profiles are the catalogue's (src/device/boards/); the process
// supplies the live figures.

import { DEFAULT_ROS_VERSION } from './version.js';
import os from 'node:os';
import type { Environment } from '../core/schema.js';
import { LteModem } from './lte.js';
import { BOARD_KEYS, boardByKey, type Board, type Port } from './boards/index.js';
import { Network } from './network.js';
import { PORT_AMBIENT, Traffic, type Ambient, type Rates } from './traffic.js';

export type { Board, Button, LinkClass, Port, Sensor, SwitchFamily } from './boards/index.js';

/** The catalogue by short name (`--board hap-ax2`): src/device/boards/. Each model is made when its name is first read. */
export const BOARDS: Readonly<Record<string, Board>> = Object.defineProperties({}, Object.fromEntries(BOARD_KEYS.map((key) => [key, { enumerable: true, get: () => boardByKey(key) }])));

/** `prefix` + from..to: `ether1`..`ether12`, `slot1`..`slot3`. */
const range = (prefix: string, from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => `${prefix}${from + i}`);

/** What a virtual machine's owner chooses (`--board chr --ports N --disks N --serial N`). */
export interface Hardware {
  /** Ethernet ports in all: ether1..etherN. */
  ports?: number;
  /** Virtual drives: slot1..slotN. */
  disks?: number;
  /** Serial ports: serial0..serial(N-1). */
  serial?: number;
}

/** The board with the hardware its virtual machine was given. */
export function withHardware(board: Board, hw: Hardware): Board {
  return {
    ...board,
    ...(hw.ports === undefined ? {} : {
      ports: range('ether', 1, hw.ports),
      interfaces: range('ether', 1, hw.ports).map((name) => ({ ...board.interfaces[0], name, kind: 'ether' as const })),
    }),
    ...(hw.disks === undefined ? {} : { disks: range('slot', 1, hw.disks) }),
    ...(hw.serial === undefined ? {} : { serial: Array.from({ length: hw.serial }, (_, i) => `serial${i}`) }),
  };
}

/**
 * The board with the packages it is given: an 802.11ac board that runs the wifi driver
 * (wifi-qcom-ac, which replaces the wireless package on IPQ-4018/4019 boards: manual "WiFi")
 * has `wifi` radios instead of `wlan` ones (a wAP ac LTE 7.13 export configures `wifi1` and
 * `wifi2`, find_string 25452693052).
 */
export function withPackages(board: Board, packages: readonly string[]): Board {
  if (board.radios?.type !== 'wlan' || !packages.includes('wifi-qcom-ac')) return board;
  return {
    ...board,
    radios: { type: 'wifi', names: board.radios.names.map((_, i) => `wifi${i + 1}`), bands: board.radios.bands },
    packages: board.packages.filter((p) => p.name !== 'wireless'),
  };
}

export const DEFAULT_BOARD = 'hap-ax2';

/** The board's port of that default name (`ether1`, `sfp28-1`), with its hardware limits. */
export function portOf(board: Board, defaultName: string | undefined): Port | undefined {
  return defaultName === undefined ? undefined : board.interfaces.find((p) => p.name === defaultName);
}

/** The version a router reports when no `--ros-version` is given. */
export const VERSION = `${DEFAULT_ROS_VERSION} (stable)`;
export const BUILD_TIME = '2026-06-02 10:15:31';

/**
 * The running device: its board and live figures taken from this process, and the simulated
 * hardware behind the interfaces: links, traffic counters, the network the tools reach and
 * the LTE modem. `env` (the engine) lets it tell an Ethernet port from other interfaces.
 */
export class Device {
  /** When the device last started (a reboot sets it again). */
  startedAt = Date.now();
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
  /** /system/routerboard serial-number and an export's `# serial number =`. */
  serialNumber = 'HGA09VR0UTR1';
  /** The RouterOS version this router reports (`--ros-version`), e.g. 7.24. */
  rosVersion = DEFAULT_ROS_VERSION;
  /** As /system/resource shows it: `7.24 (stable)`. */
  get version(): string { return `${this.rosVersion} (stable)`; }
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

  /** How many times a cable was plugged or unplugged: what follows carrier knows it changed. */
  linkChanges = 0;

  /** Plugs or unplugs the cable of a port. */
  setLink(id: number, up: boolean) {
    const l = this.link(id);
    if (l.up === up) return;
    l.up = up;
    this.linkChanges++;
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
    // A small board (32 MiB hAP lite) has less memory than this process uses: it still shows
    // some free, as an idle real one does (about a third).
    const used = Math.min(process.memoryUsage().rss, Math.round(this.board.totalMemory * 0.65));
    return this.board.totalMemory - used;
  }

  freeHdd(used: number): number {
    return Math.max(0, this.board.totalHdd - used);
  }

  hostname(): string { return os.hostname(); }
}
