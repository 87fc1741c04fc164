// The catalogue: every model of src/device/boards/*.ts, expanded into the board profiles the
// device, the hardware menus and the default configuration read; looked up by the short
// name `--board` takes or by the model as the router prints it.

import type { LteProfile } from '../lte.js';
import type { BoardSpec, Button, DefconfKind, LinkClass, Port, PortKind, Radio, Sensor, SwitchChip, SwitchFamily } from './types.js';
import { DEFAULT_L2MTU, DEFAULT_MAX_L2MTU, LINK_OF_KIND } from './ports.js';
import { ROUTERS } from './routers.js';
import { WIRELESS } from './wireless.js';
import { SWITCHES } from './switches.js';
import { VIRTUAL } from './virtual.js';

export type { BoardSpec, Button, DefconfKind, LinkClass, Port, PortKind, Sensor, SwitchChip, SwitchFamily } from './types.js';

export interface Board {
  /** The short name (`hap-ax2`). */
  key: string;
  /** /system/resource `board-name`. */
  name: string;
  /** /system/routerboard `model`; an export's `# model =`. */
  model: string;
  family: string;
  product: string;
  architecture: string;
  cpu: string;
  cpuCount: number;
  cpuFrequency: number;
  totalMemory: number;
  totalHdd: number;
  /** Every Ethernet port in the router's order (`ether1`, ..., `sfp-sfpplus1`). */
  ports: readonly string[];
  /** The same, with kind, switch chip and PoE. */
  interfaces: readonly Port[];
  switches: readonly SwitchChip[];
  /** The radios: `wifi` interfaces (wifi-qcom, wifi-qcom-ac) or `wlan` ones (wireless). */
  radios?: { type: 'wifi' | 'wlan'; names: readonly string[]; bands: readonly Radio['band'][] };
  /** The packages /system/package lists (routeros first), with their sizes in bytes. */
  packages: readonly { name: string; size: number }[];
  /** Serial ports (/port) by name: `serial0`. */
  serial?: readonly string[];
  /** Disks (/disk) the board has by itself: a CHR's virtual drives (`slot1`). */
  disks?: readonly string[];
  lte?: LteProfile;
  usb: number;
  m2: number;
  sd: boolean;
  sata: number;
  lcd: boolean;
  dualBoot: boolean;
  swosOnly: boolean;
  leds: readonly string[];
  health: readonly Sensor[];
  firmwareType: string;
  factoryFirmware: string;
  defconf: DefconfKind;
  /** A MikroTik RouterBOARD (not a CHR or x86): /system/routerboard shows `routerboard: yes`. */
  routerboard: boolean;
  /** The buttons /system/routerboard has menus for (none on a CHR or x86). */
  buttons: readonly Button[];
  /** /system/resource/irq lines, where a source gives them (0: none listed). */
  irqs: number;
  /** A LoRa card in its slot (/iot lora has its gateway record). */
  lora: boolean;
}

const MIB = 1024 * 1024;

/**
 * The size /system/package shows for `routeros` on each architecture (7.24 npk files on
 * download.mikrotik.com; the arm64 and arm figures as real routers list them).
 */
const ROUTEROS_SIZE: Record<string, number> = {
  arm64: 13_500_416, arm: 12_439_552, mipsbe: 12_034_048, mmips: 12_165_120, smips: 11_849_728, tile: 12_820_480, x86_64: 14_073_856,
};
export const PACKAGE_SIZES: Record<string, number> = { 'wifi-qcom': 6_033_408, 'wifi-qcom-ac': 3_223_552, wireless: 3_129_344, gps: 106_496, container: 106_496, iot: 352_256, zerotier: 1_490_944, 'user-manager': 1_142_784, calea: 49_152, 'rose-storage': 3_018_752,
};

/** `ether1-10` -> ether1..ether10; `sfp28-1-12` -> sfp28-1..sfp28-12; `qsfp28-1-1-4` -> qsfp28-1-1..qsfp28-1-4. */
export function expandRange(range: string): string[] {
  const m = /^(.*?)(\d+)-(\d+)$/.exec(range);
  // `sfp28-1` alone is one port (28 > 1); `ether1-10` a range: a range's end is larger than its start.
  if (!m || Number(m[3]) <= Number(m[2])) return [range];
  const out: string[] = [];
  for (let i = Number(m[2]); i <= Number(m[3]); i++) out.push(`${m[1]}${i}`);
  return out;
}

const kindOf = (name: string): PortKind => {
  for (const k of ['sfp-sfpplus', 'sfp28', 'qsfp28', 'qsfpplus', 'sfp', 'combo'] as const) if (name.startsWith(k)) return k;
  return 'ether';
};

/** `ether1-10:9578` -> each port of the range with the figure. */
function perPort<T>(entries: readonly string[] | undefined, read: (value: string) => T): Map<string, T> {
  const out = new Map<string, T>();
  for (const e of entries ?? []) {
    const at = e.lastIndexOf(':');
    for (const p of expandRange(e.slice(0, at))) out.set(p, read(e.slice(at + 1)));
  }
  return out;
}

function build(spec: BoardSpec): Board {
  const names = spec.ports.flatMap(expandRange);
  const maxL2mtu = perPort(spec.maxL2mtu, Number);
  const links = perPort(spec.links, (v) => v as LinkClass);
  const switches: SwitchChip[] = (spec.switches ?? []).map((s, i) => ({ name: `switch${i + 1}`, type: s.type, family: s.family }));
  const switchOf = new Map<string, string>();
  (spec.switches ?? []).forEach((s, i) => { for (const p of s.ports.flatMap(expandRange)) switchOf.set(p, `switch${i + 1}`); });
  const poe = new Set((spec.poeOut ?? []).flatMap(expandRange));
  const radioType = spec.radios?.driver === 'wireless' ? 'wlan' : 'wifi';
  const packages = [
    { name: 'routeros', size: ROUTEROS_SIZE[spec.architecture] ?? ROUTEROS_SIZE.arm64 },
    ...[...(spec.radios ? [spec.radios.driver] : []), ...(spec.packages ?? [])].map((name) => ({ name, size: PACKAGE_SIZES[name] ?? 1_048_576 })),
  ];
  const virtual = spec.family === 'CHR' || spec.family === 'x86';
  return {
    key: spec.key, name: spec.board, model: spec.model, family: spec.family, product: spec.product,
    architecture: spec.architecture, cpu: spec.cpu, cpuCount: spec.cpuCount, cpuFrequency: spec.cpuFrequency,
    totalMemory: spec.memory * MIB, totalHdd: spec.storage * MIB,
    ports: names,
    interfaces: names.map((name): Port => ({
      name, kind: kindOf(name), ...(switchOf.has(name) ? { switch: switchOf.get(name) } : {}), ...(poe.has(name) ? { poeOut: true } : {}),
      l2mtu: spec.l2mtu ?? DEFAULT_L2MTU, maxL2mtu: maxL2mtu.get(name) ?? DEFAULT_MAX_L2MTU, link: links.get(name) ?? LINK_OF_KIND[kindOf(name)],
    })),
    switches,
    ...(spec.radios ? { radios: { type: radioType, names: spec.radios.bands.map((_, i) => `${radioType}${i + 1}`), bands: spec.radios.bands } } : {}),
    packages,
    ...(spec.serial ? { serial: Array.from({ length: spec.serial }, (_, i) => `serial${i}`) } : {}),
    ...(spec.family === 'CHR' ? { disks: ['slot1'] } : {}),
    ...(spec.lte ? { lte: spec.lte } : {}),
    usb: spec.usb ?? 0, m2: spec.m2 ?? 0, sd: spec.sd ?? false, sata: spec.sata ?? 0, lcd: spec.lcd ?? false,
    dualBoot: spec.dualBoot ?? false, swosOnly: spec.swosOnly ?? false,
    leds: spec.leds ?? [], health: spec.health ?? [],
    firmwareType: spec.firmwareType, factoryFirmware: spec.factoryFirmware, defconf: spec.defconf,
    routerboard: !virtual,
    // Every RouterBOARD has a reset button (manual "RouterBOARD": reset-button), some a mode or WPS button too.
    buttons: virtual ? [] : [...new Set<Button>(['reset', ...(spec.buttons ?? [])])],
    irqs: spec.irqs ?? 0,
    lora: spec.lora ?? false,
  };
}

/** Every model's specification, routers first, in the catalogue's order. */
const SPECS: readonly BoardSpec[] = [...WIRELESS, ...ROUTERS, ...SWITCHES, ...VIRTUAL];

// A model is made the first time it is asked for: a router's start needs one of the hundred,
// and making them all took 20 to 40 ms of every start (bench/PROFILE.md, start-up).
const made = new Map<BoardSpec, Board>();
function boardOf(spec: BoardSpec): Board {
  let board = made.get(spec);
  if (!board) { board = build(spec); made.set(spec, board); }
  return board;
}

let all: readonly Board[] | undefined;
/** Every model, routers first, in the catalogue's order. */
export const catalogue = (): readonly Board[] => (all ??= SPECS.map(boardOf));

/** The short names of the catalogue (`hap-ax2`), in its order. */
export const BOARD_KEYS: readonly string[] = SPECS.map((s) => s.key);

const byKey = new Map(SPECS.map((s) => [s.key, s]));
const byModel = new Map<string, BoardSpec>();
// Models first: a board name another model shares (`L009UiGS`, `hEX`) names the model of that name, else the first.
for (const s of SPECS) if (!byModel.has(s.model.toLowerCase())) byModel.set(s.model.toLowerCase(), s);
for (const s of SPECS) if (!byModel.has(s.board.toLowerCase())) byModel.set(s.board.toLowerCase(), s);

/** The model of a short name of the catalogue (`hap-ax2`). */
export function boardByKey(key: string): Board | undefined {
  const spec = byKey.get(key);
  return spec && boardOf(spec);
}

/**
 * The board a name stands for: a short name (`rb4011`), the model as /system/routerboard
 * prints it (`RB4011iGS+`), the board name /system/resource prints (`hAP ax^2`), or the
 * product's name with the suffix the manufacturer sells it under (`RB4011iGS+RM`,
 * `CCR2116-12G-4S+` ...). Case does not matter.
 */
export function findBoard(name: string): Board | undefined {
  const low = name.toLowerCase();
  const found = byKey.get(low) ?? byModel.get(low);
  if (found) return boardOf(found);
  // Sold as RB4011iGS+RM, printed as RB4011iGS+: the product names.
  return catalogue().find((b) => b.product.toLowerCase() === low || b.product.toLowerCase().startsWith(`${low} `) || b.product.toLowerCase().includes(`(${low})`));
}

/** Edit distance, for the names closest to one a user mistyped. */
function distance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let prev = row[0];
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const here = row[j];
      row[j] = Math.min(row[j] + 1, row[j - 1] + 1, prev + (a[i - 1] === b[j - 1] ? 0 : 1));
      prev = here;
    }
  }
  return row[b.length];
}

/** The `count` short names and models closest to a name that is none. */
export function closestBoards(name: string, count = 3): string[] {
  // Case, dashes and spaces do not count: `hapax2` is `hap-ax2`.
  const norm = (s: string) => s.toLowerCase().replace(/[-_ ^]/g, '');
  const low = norm(name);
  const scored: [string, number][] = [];
  for (const b of catalogue()) {
    if (b.swosOnly) continue;
    for (const n of [b.key, b.model]) {
      const l = norm(n);
      // A name the typed one begins is closer than any spelling distance says.
      scored.push([n, distance(low, l) - (low.length >= 3 && l.startsWith(low) ? 100 : 0)]);
    }
  }
  scored.sort((x, y) => x[1] - y[1]);
  return [...new Set(scored.map(([n]) => n))].slice(0, count);
}
