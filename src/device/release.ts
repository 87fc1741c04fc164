// The release a router boots and the packages it boots with, remembered in its data
// directory (release.json): the version it last ran, the extra packages installed on it, and
// the packages disabled or scheduled to be disabled or enabled at the next boot, as
// /system/package disable/enable do on the router. `--packages` on a data directory that has
// run adds packages as uploading them and rebooting does: they are installed at this boot and
// stay installed (a router keeps its packages across reboots). Started with another `--ros-version`, the router upgrades or downgrades on this
// boot: what the new tree lacks is dropped (src/menus/upgrade.ts).

import fs from 'node:fs';
import path from 'node:path';
import { installedTree, releaseFor, type Tree } from '../tree/tree.js';
import { packagesFor, refusePackages, type Package } from './packages.js';
import type { BootFiles } from './boot-files.js';

const FILE = 'release.json';

/** `7.15.3`, `7.15`, `7.15beta2` -> `7.15`. */
const minorOf = (version: string) => /^7\.\d{1,3}/.exec(version)?.[0];

export type Scheduled = 'scheduled for disable' | 'scheduled for enable';

interface Remembered {
  /** The version the router last ran (as `--ros-version` gave it). */
  version?: string;
  /** The extra packages installed, as `--packages` named them. */
  installed?: string[];
  /** Packages disabled at the last boot. */
  disabled?: string[];
  /** What /system/package disable and enable asked for the next boot. */
  scheduled?: Record<string, Scheduled>;
}

export interface Release {
  /** The version the router runs (`--ros-version`), and the held release whose tree it runs. */
  readonly version: string;
  readonly release: string;
  /** The version the data directory last ran, when another. */
  readonly previous?: string;
  /** Every package installed, routeros first, and those of them disabled. */
  readonly packages: readonly Package[];
  /** Packages installed at this boot on a data directory that ran before without them. */
  readonly added: readonly string[];
  readonly disabled: ReadonlySet<string>;
  /** What waits for the next boot. */
  readonly scheduled: Map<string, Scheduled>;
  /** The tree of the release with the packages enabled at this boot. */
  readonly tree: Tree;
  /** Writes what waits for the next boot. */
  save(): void;
}

function read(dataDir: string): Remembered {
  try {
    const v = JSON.parse(fs.readFileSync(path.join(dataDir, FILE), 'utf8')) as Remembered;
    return v !== null && typeof v === 'object' ? v : {};
  } catch {
    return {};
  }
}

/** The version a data directory last ran, if it ran one vrouter still holds: without --ros-version it runs that again. */
export function rememberedVersion(dataDir: string): string | undefined {
  const v = read(dataDir).version;
  return typeof v === 'string' && releaseFor(v) ? v : undefined;
}

/** The extra packages a data directory has installed (they stay across boots). */
export function rememberedPackages(dataDir: string): string[] {
  const v = read(dataDir).installed;
  return Array.isArray(v) ? v.filter((n): n is string => typeof n === 'string') : [];
}

/**
 * Boots a data directory on a version: applies what was scheduled, remembers the version.
 * `lacks`: what of the tree the board has not (src/device/boards/features.ts).
 */
export function bootRelease(dataDir: string, version: string, board: readonly Package[], extra: readonly string[], lacks: readonly string[], files: BootFiles): Release {
  const release = releaseFor(version);
  if (!release) throw new Error(`RouterOS ${version} is not a release vrouter holds`);
  const old = read(dataDir);
  // What was installed before stays, where this release has it (a name it does not know was
  // another release's; the checks of --packages have refused any other).
  const kept = (old.installed ?? []).filter((n) => !refusePackages(release, [n]));
  const installed = [...new Set([...kept, ...extra])].sort();
  const packages = packagesFor(release, board, installed);
  const names = new Set(packages.map((p) => p.name));
  const before = old.version === undefined ? names : new Set(packagesFor(release, board, kept).map((p) => p.name));
  const added = [...names].filter((n) => !before.has(n));
  // A boot carries out what disable and enable scheduled; routeros cannot be disabled.
  const disabled = new Set((old.disabled ?? []).filter((n) => names.has(n)));
  for (const [name, what] of Object.entries(old.scheduled ?? {})) {
    if (!names.has(name) || name === 'routeros') continue;
    if (what === 'scheduled for disable') disabled.add(name); else disabled.delete(name);
  }
  const tree = installedTree(release, packages.map((p) => p.name).filter((n) => !disabled.has(n)), lacks);
  // A router never reports a release whose tree it does not run: the tree's own capture
  // (7.15.3 for 7.15 and 7.15.1) is of the minor the router says it is.
  if (minorOf(tree.version) !== minorOf(version)) throw new Error(`RouterOS ${version} would run the tree of ${tree.version}`);
  const scheduled = new Map<string, Scheduled>();
  const text = () => {
    const state: Remembered = { version, installed, disabled: [...disabled].sort(), scheduled: Object.fromEntries(scheduled) };
    return JSON.stringify(state, null, 1) + '\n';
  };
  const save = () => fs.writeFileSync(path.join(dataDir, FILE), text());
  const previous = old.version !== undefined && old.version !== version ? old.version : undefined;
  files.write(path.join(dataDir, FILE), text());
  return { version, release, previous, packages, added, disabled, scheduled, tree, save };
}
