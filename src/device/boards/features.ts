// What of the command tree only some boards have: the tree was captured on a CHR (x86) and
// extended with the menus of hardware (tree/packages.json); a router drops what its board
// lacks, as it drops the menus of packages it has not installed (src/tree/tree.ts
// installedTree). Each entry: the boards that have it, and the tree's keys in the package
// form, `path`, `path command`, `path command argument`, or `path * argument` for the
// argument wherever the menu takes it. Sources: docs/routeros-facts.md section 51.

import { since } from '../version.js';
import type { Board } from './index.js';

interface Feature {
  has: (board: Board, version: string) => boolean;
  keys: readonly string[];
}

const SETTINGS = 'system/routerboard/settings';
const arm = (b: Board) => b.architecture === 'arm' || b.architecture === 'arm64';
/** A board whose fans RouterOS drives: a fan sensor, on a CRS or CCR (manual "Health"). */
const fans = (b: Board, version: string) => b.health.some((s) => /^fan\d+-speed$/.test(s.name))
  && (b.family === 'CRS' || b.family === 'CCR') && (b.architecture !== 'tile' || since(version, 'tile-fan-settings'));

const FEATURES: readonly Feature[] = [
  // RouterBOOT: its settings and buttons are a RouterBOARD's (the CHR capture has neither).
  { has: (b) => b.routerboard, keys: [SETTINGS, 'system/routerboard/reset-button'] },
  // Manual "RouterBOARD", "Mode and Reset buttons": the list of boards with a mode button; "The
  // D53, C53, S53 and H53 series RouterBoards have configurable WPS button".
  { has: (b) => b.buttons.includes('mode'), keys: ['system/routerboard/mode-button'] },
  { has: (b) => b.buttons.includes('wps'), keys: ['system/routerboard/wps-button'] },
  // The serial console's (manual: baud-rate "if installed"): an RB5009UPr+S+, without one, lists none (export verbose 7.19.6).
  { has: (b) => (b.serial?.length ?? 0) > 0, keys: [`${SETTINGS} * baud-rate`, `${SETTINGS} * boot-delay`, `${SETTINGS} * enter-setup-on`] },
  // "Changes the booting operating system for CRS3xx series switches".
  { has: (b) => b.dualBoot, keys: [`${SETTINGS} * boot-os`] },
  // The older boot loaders' clock and power settings: the RB5009's ARM64 one lists none (same export).
  {
    has: (b) => b.architecture !== 'arm64',
    keys: ['cpu-frequency', 'cpu-mode', 'memory-frequency', 'memory-data-rate', 'enable-jumper-reset', 'init-delay', 'regulatory-domain-ce'].map((a) => `${SETTINGS} * ${a}`),
  },
  // "Specific setting for devices with the MT7621 chip", "for L009 devices", "for M33 devices", "only applies to CRS520, CRS804, CRS812".
  { has: (b) => b.firmwareType === 'mt7621L', keys: [`${SETTINGS} * disable-pci`] },
  { has: (b) => b.family === 'L009', keys: [`${SETTINGS} * preferred-architecture`] },
  { has: (b) => b.key === 'rbm33g', keys: [`${SETTINGS} * gpio-function`] },
  { has: (b) => /^CRS520/.test(b.model), keys: [`${SETTINGS} * etherboot-port`] },
  // Back To Home on ARM and ARM64 boards (the CHR capture has none of it).
  {
    has: (b, v) => arm(b) && since(v, 'back-to-home'),
    keys: ['ip/cloud * back-to-home-vpn', 'ip/cloud/back-to-home-user', 'ip/cloud/back-to-home-users', 'ip/cloud/back-to-home-file'],
  },
  // /system/health/settings: CPU overtemperature on ARM and ARM64 boards, the fans where RouterOS drives them.
  { has: (b, v) => b.routerboard && (arm(b) || fans(b, v)), keys: ['system/health/settings'] },
  { has: (b) => arm(b), keys: ['cpu-overtemp-check', 'cpu-overtemp-threshold', 'cpu-overtemp-startup-delay'].map((a) => `system/health/settings * ${a}`) },
  { has: fans, keys: ['fan-control-interval', 'fan-full-speed-temp', 'fan-min-speed-percent', 'fan-target-temp'].map((a) => `system/health/settings * ${a}`) },
  // Receive packet steering per port: the boards', a CHR's only up to 7.19.
  { has: (b, v) => b.routerboard || !since(v, 'chr-without-rps'), keys: ['system/resource/irq/rps'] },
];

/** What of the tree this board lacks on a release (keys for installedTree). */
export function lacksOf(board: Board, version: string): string[] {
  return FEATURES.filter((f) => !f.has(board, version)).flatMap((f) => f.keys);
}
