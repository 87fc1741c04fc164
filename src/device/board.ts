// The emulated board: what /system/resource, /system/routerboard and the interface
// defaults describe. One profile per board kind; the process supplies the live figures.

import { DEFAULT_ROS_VERSION } from './version.js';
import os from 'node:os';
import type { Environment } from '../core/schema.js';
import { LteModem, type LteProfile } from './lte.js';
import { Network } from './network.js';
import { PORT_AMBIENT, Traffic, type Ambient, type Rates } from './traffic.js';

export interface Board {
  name: string;
  /** The model an export's header names (`# model = ...`). */
  model: string;
  architecture: string;
  cpu: string;
  cpuCount: number;
  cpuFrequency: number;
  totalMemory: number;
  totalHdd: number;
  ethernetPorts: number;
  /** Ports besides ether1..ether5, in the board's order (`ether6`, `sfp-sfpplus1`, `sfp28-1`). */
  ports?: readonly string[];
  /**
   * The board's radios: `wifi` interfaces (the wifi package, /interface/wifi) or `wlan`
   * ones (the wireless package, /interface/wireless).
   */
  radios?: { type: 'wifi' | 'wlan'; names: readonly string[] };
  /** The packages /system/package lists (routeros first), with their sizes in bytes. */
  packages: readonly { name: string; size: number }[];
  /** Serial ports (/port), in the board's order: `serial0` for a console port. */
  serial?: readonly string[];
  /** Disks (/disk) the board has by itself, by slot: a CHR's virtual drives (`slot1`). */
  disks?: readonly string[];
  /** The built-in LTE modem, when the board has one. */
  lte?: LteProfile;
}

const ROUTEROS = { name: 'routeros', size: 13_500_416 };
const WIFI_QCOM = { name: 'wifi-qcom', size: 6_033_408 };
const WIFI_QCOM_AC = { name: 'wifi-qcom-ac', size: 3_223_552 };
const WIRELESS = { name: 'wireless', size: 3_129_344 };
const MIB = 1024 * 1024;

/** `prefix` + from..to: `ether6`..`ether8`, `sfp-sfpplus1`..`sfp-sfpplus4`. */
const range = (prefix: string, from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => `${prefix}${from + i}`);

/** A board of the ARM64 generation, with what only its ports and radios change. */
const arm64 = (name: string, model: string, more: Partial<Board> = {}): Board => ({
  name, model, architecture: 'arm64', cpu: 'ARM64', cpuCount: 4, cpuFrequency: 1400, totalMemory: 1024 * MIB, totalHdd: 1024 * MIB,
  ethernetPorts: 5, packages: [ROUTEROS], ...more,
});
/** A board of the ARM (32-bit) generation: IPQ-40xx hAP ac², wAP ac, Audience, hAP ac³. */
const arm = (name: string, model: string, more: Partial<Board> = {}): Board => ({
  name, model, architecture: 'arm', cpu: 'ARM', cpuCount: 4, cpuFrequency: 716, totalMemory: 256 * MIB, totalHdd: 128 * MIB,
  ethernetPorts: 5, packages: [ROUTEROS, WIRELESS], radios: { type: 'wlan', names: ['wlan1', 'wlan2'] }, ...more,
});
/** A MIPS board: hEX, hAP ac lite, hAP lite. */
const mips = (name: string, model: string, more: Partial<Board> = {}): Board => ({
  name, model, architecture: 'mipsbe', cpu: 'MIPS 24Kc V7.4', cpuCount: 1, cpuFrequency: 650, totalMemory: 64 * MIB, totalHdd: 16 * MIB,
  ethernetPorts: 5, packages: [ROUTEROS], ...more,
});

/**
 * The boards `--board NAME` chooses from, with the ports and radios of the real models (the
 * names their exports use: docs/routeros-facts.md section 14). Every profile keeps ether1..5,
 * so that the default configuration (ether1 WAN, ether2-5 in the bridge) fits each of them.
 */
export const BOARDS: Record<string, Board> = {
  'hap-ax2': {
    name: 'hAP ax^2', model: 'C52iG-5HaxD2HaxD', architecture: 'arm64', cpu: 'ARM64', cpuCount: 4, cpuFrequency: 864,
    totalMemory: 1024 * 1024 * 1024, totalHdd: 128 * 1024 * 1024, ethernetPorts: 5,
    packages: [ROUTEROS, WIFI_QCOM], radios: { type: 'wifi', names: ['wifi1', 'wifi2'] },
  },
  'chateau-lte12': {
    name: 'Chateau LTE12', model: 'D53G-5HacD2HnD-TC&EG12-EA', architecture: 'arm', cpu: 'ARM', cpuCount: 4, cpuFrequency: 716,
    totalMemory: 256 * 1024 * 1024, totalHdd: 128 * 1024 * 1024, ethernetPorts: 5,
    packages: [{ name: 'routeros', size: 12_439_552 }, WIFI_QCOM_AC],
    lte: {
      manufacturer: 'Quectel', model: 'EG12-EA', revision: 'EG12EAPAR01A12M4G', latestRevision: 'EG12EAPAR01A14M4G',
      imei: '866758040123456', imsi: '001010123456789', uicc: '8900101012345678901', operator: 'vrouter mobile',
      mccMnc: '00101', band: 'B3@20Mhz', earfcn: 1300,
    },
  },
  'cap-ax-lte': arm64('cAP ax LTE', 'cAPGi-5HaxD2HaxD&EG12-EA', {
    packages: [ROUTEROS, WIFI_QCOM], radios: { type: 'wifi', names: ['wifi1', 'wifi2'] },
    lte: {
      manufacturer: 'Quectel', model: 'EG12-EA', revision: 'EG12EAPAR01A12M4G', latestRevision: 'EG12EAPAR01A14M4G',
      imei: '866758040123457', imsi: '001010123456780', uicc: '8900101012345678902', operator: 'vrouter mobile',
      mccMnc: '00101', band: 'B3@20Mhz', earfcn: 1300,
    },
  }),
  rb5009: arm64('RB5009', 'RB5009UG+S+', { ports: [...range('ether', 6, 8), 'sfp-sfpplus1'] }),
  ccr2004: arm64('CCR2004', 'CCR2004-1G-12S+2XS', { serial: ['serial0', 'serial1'], ports: [...range('sfp-sfpplus', 1, 12), 'sfp28-1', 'sfp28-2'] }),
  ccr2116: arm64('CCR2116', 'CCR2116-12G-4S+', { serial: ['serial0'], cpuCount: 16, totalMemory: 16384 * MIB, ports: [...range('ether', 6, 13), ...range('sfp-sfpplus', 1, 4)] }),
  crs317: arm('CRS317', 'CRS317-1G-16S+', { serial: ['serial0'], packages: [ROUTEROS], radios: undefined, ports: range('sfp-sfpplus', 1, 16) }),
  crs328: arm('CRS328', 'CRS328-24P-4S+', { serial: ['serial0'], packages: [ROUTEROS], radios: undefined, ports: [...range('ether', 6, 24), ...range('sfp-sfpplus', 1, 4)] }),
  l009: arm('L009', 'L009UiGS-2HaxD', { serial: ['serial0'], packages: [ROUTEROS, WIFI_QCOM], radios: { type: 'wifi', names: ['wifi1'] }, ports: [...range('ether', 6, 8), 'sfp1'] }),
  'hap-ac2': arm('hAP ac^2', 'RBD52G-5HacD2HnD'),
  'hap-ac3': arm('hAP ac^3', 'RBD53iG-5HacD2HnD', { packages: [ROUTEROS, WIFI_QCOM_AC], radios: { type: 'wifi', names: ['wifi1', 'wifi2'] } }),
  'wap-ac': arm('wAP ac', 'RBwAPG-5HacD2HnD'),
  audience: arm('Audience', 'RBD25G-5HPacQD2HPnD', { radios: { type: 'wlan', names: ['wlan1', 'wlan2', 'wlan3'] } }),
  hex: mips('hEX', 'RB750Gr3', { cpuCount: 2, cpuFrequency: 880, totalMemory: 256 * MIB }),
  'hap-ac-lite': mips('hAP ac lite', 'RB952Ui-5ac2nD', { packages: [ROUTEROS, WIRELESS], radios: { type: 'wlan', names: ['wlan1', 'wlan2'] } }),
  'hap-lite': mips('hAP lite', 'RB941-2nD', { packages: [ROUTEROS, WIRELESS], radios: { type: 'wlan', names: ['wlan1'] } }),
  chr: {
    name: 'CHR', model: 'CHR', architecture: 'x86_64', cpu: 'Intel', cpuCount: 2, cpuFrequency: 2400, totalMemory: 1024 * MIB, totalHdd: 128 * MIB,
    ethernetPorts: 5, packages: [ROUTEROS], serial: ['serial0'], disks: ['slot1'],
  },
};

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
    ...(hw.ports === undefined ? {} : { ports: hw.ports > 5 ? range('ether', 6, hw.ports) : [] }),
    ...(hw.disks === undefined ? {} : { disks: range('slot', 1, hw.disks) }),
    ...(hw.serial === undefined ? {} : { serial: Array.from({ length: hw.serial }, (_, i) => `serial${i}`) }),
  };
}

export const DEFAULT_BOARD = 'hap-ax2';

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
