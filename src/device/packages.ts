// Which packages a router has: its board's (the base `routeros` plus the wireless driver of
// its radios) and those `--packages` names, as the release calls them; and which releases
// and packages vrouter can run (docs/routeros-facts.md, section "Releases and packages").

import { RELEASES, releaseFor, releaseTree } from '../tree/tree.js';
import { versionParts } from './version.js';

export interface Package { name: string; size: number }

/** Whether `version` comes before release `than` (7.12.2 before 7.13). */
function before(version: string, than: string): boolean {
  const x = versionParts(version) ?? [0, 0, 0], y = versionParts(than)!;
  for (let i = 0; i < 3; i++) if (x[i] !== y[i]) return x[i] < y[i];
  return false;
}

/**
 * Packages whose name changed: before 7.13 the 802.11ax/ac-wave2 driver package was
 * `wifiwave2` (the manual's Packages page), and the older `wireless` package was part of
 * the `routeros` bundle (the base capture of 7.9-7.12 has /interface/wireless and /caps-man).
 */
const BEFORE_7_13: Readonly<Record<string, string | null>> = { 'wifi-qcom': 'wifiwave2', 'wifi-qcom-ac': 'wifiwave2', wireless: null };

/**
 * Menus whose name changed with the packages: before 7.13 the radios of the 802.11ax/ac-wave2
 * driver and their sub-menus were the wifiwave2 package's /interface/wifiwave2, since then the
 * base system's /interface/wifi (newest name -> older name; routeros-facts.md 24, 31.2).
 */
export const MENUS_BEFORE_7_13: Readonly<Record<string, string>> = { 'interface/wifi': 'interface/wifiwave2' };

/** The name a release gives a menu of the newest release (`interface/wifi` is `interface/wifiwave2` on 7.12). */
export function menuOnRelease(release: string, path: string): string {
  return (before(release, '7.13') && MENUS_BEFORE_7_13[path]) || path;
}

/** Driver packages that bring no menu of their own (the /interface/wifi menu is the base system's since 7.13). */
const DRIVERS_SINCE_7_13 = ['wifi-qcom', 'wifi-qcom-ac'];

/**
 * Sizes /system/package shows for packages the board profile does not list (bytes of the
 * arm64 .npk of 7.24, rounded to the KiB: vrouter's estimate, the real size varies by
 * architecture and release).
 */
const SIZES: Readonly<Record<string, number>> = {
  calea: 61_440, container: 1_617_920, dude: 1_265_664, gps: 69_632, iot: 708_608, netinstall: 1_069_056,
  openflow: 86_016, 'rose-storage': 2_871_296, 'tr069-client': 151_552, 'user-manager': 1_081_344,
  wifiwave2: 6_033_408, 'wifi-qcom': 6_033_408, 'wifi-qcom-ac': 3_223_552, wireless: 3_129_344, zerotier: 1_433_600,
};
const DEFAULT_SIZE = 262_144;

/** The extra packages a release offers, by name. */
export function availablePackages(release: string): string[] {
  const names = new Set(Object.keys(releaseTree(release).packages));
  if (!before(release, '7.13')) for (const d of DRIVERS_SINCE_7_13) names.add(d);
  return [...names].sort();
}

/** The releases vrouter holds, as a user names them: `7.9 .. 7.24`. */
export const SUPPORTED = RELEASES.map((r) => r.split('.').slice(0, 2).join('.'));

/** Why a version cannot run, or undefined when it can. */
export function refuseVersion(version: string): string | undefined {
  if (versionParts(version) && releaseFor(version)) return undefined;
  return `--ros-version: RouterOS "${version}" is not supported; supported releases are ${SUPPORTED.join(', ')} (any patch of these, e.g. 7.12.1)`;
}

/** Why a list of packages cannot be installed on a release, or undefined when it can. */
export function refusePackages(release: string, names: readonly string[]): string | undefined {
  const offered = availablePackages(release);
  const wrong = names.filter((n) => n !== 'routeros' && !offered.includes(n) && !(before(release, '7.13') && n in BEFORE_7_13));
  if (!wrong.length) return undefined;
  return `--packages: RouterOS ${release} has no package ${wrong.map((n) => `"${n}"`).join(', ')}; its extra packages are ${offered.join(', ')}`;
}

/**
 * The packages a router of a release lists: `routeros` first, then the others by name; the
 * board's under the name the release gives them.
 */
export function packagesFor(release: string, board: readonly Package[], extra: readonly string[]): Package[] {
  const out = new Map<string, Package>();
  const rename = (name: string) => (before(release, '7.13') && name in BEFORE_7_13 ? BEFORE_7_13[name] : name);
  for (const p of board) {
    const name = rename(p.name);
    if (name) out.set(name, { name, size: p.size });
  }
  for (const n of extra) {
    const name = rename(n);
    if (name && !out.has(name)) out.set(name, { name, size: SIZES[name] ?? DEFAULT_SIZE });
  }
  const base = out.get('routeros') ?? { name: 'routeros', size: 13_500_416 };
  out.delete('routeros');
  return [base, ...[...out.values()].sort((a, b) => (a.name < b.name ? -1 : 1))];
}
