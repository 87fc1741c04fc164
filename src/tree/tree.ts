// The router's command tree as data: every directory, command and argument of a RouterOS
// release with its type note and the values the router offers on completion, and which
// package each belongs to, derived by `npm run tree` (scripts/tree.mjs): the newest release
// whole in tree/routeros-<newest>.json, each older one in tree/releases/<v>.json as the
// difference from the next newer. Only the releases a process asks for are built, on first use.

import fs from 'node:fs';
import { ROOT } from '../paths.js';

/** An argument: its type note ('' when the router gives none), or [note, offered values, marks]. */
export type ArgSpec = string | readonly [note: string, values: readonly string[], marks?: string];

export interface TreeDir {
  /** Sub-directories. */
  readonly d?: Readonly<Record<string, TreeDir>>;
  /** Commands, each an index into `signatures`. */
  readonly c?: Readonly<Record<string, number>>;
  /** Set when inspect calls the node a `path` rather than a `dir` (/interface, /ip ...). */
  readonly p?: 1;
}

export interface Tree {
  /** The release captured (7.12.2 for any 7.12). */
  readonly version: string;
  /** The release whose completion values the tree carries. */
  readonly completions: string;
  readonly signatures: readonly Readonly<Record<string, ArgSpec>>[];
  readonly root: TreeDir;
  /**
   * What each extra package brings: directories (`container`), commands (`file export`) and
   * arguments (`disk add raid-type`) only a router with the package has.
   */
  readonly packages: Readonly<Record<string, readonly string[]>>;
  /** Directories of the base system that installing a package removes (wifiwave2: the wireless menus). */
  readonly hides: Readonly<Record<string, readonly string[]>>;
  /** The extra packages this tree has the menus of; undefined: every one. */
  readonly installed?: readonly string[];
}

const TREE_DIR = new URL('tree/', ROOT);
const RELEASES_DIR = new URL('releases/', TREE_DIR);

/** The releases held, oldest first: the newest whole, each older one as a difference. */
export const RELEASES: readonly string[] = (() => {
  const held = [
    ...fs.readdirSync(TREE_DIR).flatMap((f) => /^routeros-(7\.[\d.]+)\.json$/.exec(f)?.[1] ?? []),
    ...fs.readdirSync(RELEASES_DIR).flatMap((f) => /^(7\.[\d.]+)\.json$/.exec(f)?.[1] ?? []),
  ];
  const key = (v: string) => v.split('.').map(Number);
  return held.sort((a, b) => { const x = key(a), y = key(b); return x[1] - y[1] || (x[2] ?? 0) - (y[2] ?? 0); });
})();
export const NEWEST_RELEASE = RELEASES[RELEASES.length - 1];

/** The held release that answers for a version: its minor's newest patch held (7.12.1 -> 7.12.2). */
export function releaseFor(version: string): string | undefined {
  const minor = /^7\.(\d{1,3})(?:[.a-z]|$)/.exec(version)?.[1];
  return minor === undefined ? undefined : RELEASES.find((r) => r.split('.')[1] === minor);
}

/** The whole newest release, every package's menus: what a process asks for without a release. */
export function tree(): Tree {
  return releaseTree(NEWEST_RELEASE);
}

interface Delta {
  version: string;
  /** The release this one is the difference from. */
  next: string;
  signatures: Readonly<Record<string, ArgSpec>>[];
  dirs: Record<string, 0 | { p?: 0 | 1; c?: Record<string, number> }>;
  packages: Tree['packages'];
  hides: Tree['hides'];
}

type Mutable = { d?: Record<string, Mutable>; c?: Record<string, number>; p?: 1 };

const releases = new Map<string, Tree>();

/**
 * The older releases' trees the build made whole (scripts/trees.mjs), by release: set in the
 * bundle (scripts/bundle.mjs), undefined in dist/src, which applies the differences.
 */
declare const VROUTER_TREES: Readonly<Record<string, string>> | undefined;

/** A release's tree as the build made it whole, if it did and the file is there. */
function builtTree(version: string): Tree | undefined {
  const name = typeof VROUTER_TREES === 'object' ? VROUTER_TREES[version] : undefined;
  if (!name) return undefined;
  try {
    return JSON.parse(fs.readFileSync(new URL(`dist/trees/${name}`, ROOT), 'utf8')) as Tree;
  } catch {
    return undefined;
  }
}

/** A held release's tree with every package's menus, built once per process. */
export function releaseTree(version: string): Tree {
  let t = releases.get(version);
  if (t) return t;
  if (!RELEASES.includes(version)) throw new Error(`no tree for RouterOS ${version}`);
  t = builtTree(version);
  if (t) {
    releases.set(version, t);
    return t;
  }
  const whole = JSON.parse(fs.readFileSync(new URL(`routeros-${NEWEST_RELEASE}.json`, TREE_DIR), 'utf8')) as Tree & { signatures: Tree['signatures'][number][]; root: Mutable };
  let packages = whole.packages, hides = whole.hides;
  // The release the tree is, as its files say: each difference names the release it makes and
  // the one it applies to, so a file that is not the one the chain expects is refused here.
  let captured = whole.version;
  // Older releases: from the newest down, one difference at a time.
  for (let i = RELEASES.length - 2; i >= RELEASES.indexOf(version); i--) {
    const delta = JSON.parse(fs.readFileSync(new URL(`${RELEASES[i]}.json`, RELEASES_DIR), 'utf8')) as Delta;
    if (delta.version !== RELEASES[i] || delta.next !== captured) {
      throw new Error(`tree/releases/${RELEASES[i]}.json is RouterOS ${delta.version} from ${delta.next}, not ${RELEASES[i]} from ${captured}`);
    }
    captured = delta.version;
    const offset = whole.signatures.length;
    whole.signatures.push(...delta.signatures);
    for (const [path, change] of Object.entries(delta.dirs)) {
      const words = path === '' ? [] : path.split('/');
      let dir = whole.root;
      for (const w of words.slice(0, -1)) dir = (dir.d ??= {})[w] ??= {};
      const last = words[words.length - 1];
      if (change === 0) { if (last !== undefined) delete dir.d?.[last]; continue; }
      if (last !== undefined) dir = (dir.d ??= {})[last] ??= {};
      if (change.p === 1) dir.p = 1; else if (change.p === 0) delete dir.p;
      for (const [name, n] of Object.entries(change.c ?? {})) {
        if (n === -1) delete dir.c?.[name];
        else (dir.c ??= {})[name] = n + offset;
      }
    }
    packages = delta.packages;
    hides = delta.hides;
  }
  // Only the argument sets this release uses stay (the differences replaced many).
  const signatures = version === NEWEST_RELEASE ? whole.signatures : compact(whole.root, whole.signatures);
  t = { version: captured, completions: whole.completions, signatures, root: whole.root, packages, hides };
  releases.set(version, t);
  return t;
}

/** Renumbers the commands of a tree into a list of the argument sets they use. */
function compact(root: Mutable, all: readonly Readonly<Record<string, ArgSpec>>[]): Readonly<Record<string, ArgSpec>>[] {
  const used: Readonly<Record<string, ArgSpec>>[] = [];
  const index = new Map<number, number>();
  const stack = [root];
  while (stack.length) {
    const dir = stack.pop()!;
    for (const [name, i] of Object.entries(dir.c ?? {})) {
      let j = index.get(i);
      if (j === undefined) { j = used.push(all[i]) - 1; index.set(i, j); }
      dir.c![name] = j;
    }
    for (const child of Object.values(dir.d ?? {})) stack.push(child);
  }
  return used;
}

const installedTrees = new Map<string, Tree>();

/**
 * A release's tree as a router with these extra packages has it: the menus, commands and
 * arguments of the others gone, what an installed package hides gone too, and what its board
 * lacks (`lacks`, in the same `path [command [argument]]` form). Shared by every router of
 * the same release, packages and board features.
 */
export function installedTree(version: string, installed: readonly string[], lacks: readonly string[] = []): Tree {
  const all = releaseTree(version);
  const have = new Set(installed);
  const own = [...have].filter((p) => p in all.packages).sort();
  const key = `${version} ${own.join(',')} ${[...lacks].sort().join(',')}`;
  let t = installedTrees.get(key);
  if (t) return t;
  const signatures = [...all.signatures];
  // Copy on write: directories on the way to what goes are copied once, the rest shared; so are
  // a copied directory's lists of sub-directories and commands, and the argument sets changed.
  const owned = new Set<object>();
  const root = { ...(all.root as Mutable) };
  owned.add(root);
  const subdirs = (dir: Mutable): Record<string, Mutable> => {
    if (dir.d && owned.has(dir.d)) return dir.d;
    const d = { ...dir.d };
    owned.add((dir.d = d));
    return d;
  };
  const commands = (dir: Mutable): Record<string, number> => {
    if (dir.c && owned.has(dir.c)) return dir.c;
    const c = { ...dir.c };
    owned.add((dir.c = c));
    return c;
  };
  /** The argument set of a command of a copied directory, made its own. */
  const argSet = (dir: Mutable, command: string) => {
    const c = commands(dir);
    if (!owned.has(signatures[c[command]])) {
      c[command] = signatures.push({ ...signatures[c[command]] }) - 1;
      owned.add(signatures[c[command]]);
    }
    return signatures[c[command]] as Record<string, ArgSpec>;
  };
  const own_ = (parent: Mutable, word: string): Mutable | undefined => {
    const child = parent.d?.[word];
    if (!child || owned.has(child)) return child;
    const copy = { ...child };
    subdirs(parent)[word] = copy;
    owned.add(copy);
    return copy;
  };
  const remove = (key: string) => {
    const [path, command, arg] = key.split(' ');
    const words = path.split('/');
    let dir: Mutable | undefined = root;
    for (const w of command === undefined ? words.slice(0, -1) : words) dir = dir && own_(dir, w);
    if (!dir) return;
    if (command === undefined) {
      if (dir.d?.[words[words.length - 1]]) delete subdirs(dir)[words[words.length - 1]];
    } else if (dir.c?.[command] !== undefined) {
      if (arg === undefined) delete commands(dir)[command];
      else delete argSet(dir, command)[arg];
    }
  };
  for (const [pkg, keys] of Object.entries(all.packages)) if (!have.has(pkg)) keys.forEach(remove);
  for (const [pkg, dirs] of Object.entries(all.hides)) if (have.has(pkg)) dirs.forEach(remove);
  // What the board lacks (src/device/boards/features.ts); `path * arg` is the argument of every command there.
  for (const k of lacks) {
    const [path, command, arg] = k.split(' ');
    if (command !== '*') { remove(k); continue; }
    for (const c of Object.keys(dirAt(path, all)?.c ?? {})) if (argsOf(dirAt(path, all), c, all)?.[arg] !== undefined) remove(`${path} ${c} ${arg}`);
    // Nor does `get` name it.
    let dir: Mutable | undefined = root;
    for (const w of path.split('/')) dir = dir && own_(dir, w);
    const get = dir?.c?.get;
    const names = get === undefined ? undefined : signatures[get]['value-name'];
    if (dir && names !== undefined && typeof names !== 'string' && names[1].includes(arg)) {
      argSet(dir, 'get')['value-name'] = [names[0], names[1].filter((n) => n !== arg), names[2]] as ArgSpec;
    }
  }
  t = { ...all, signatures, root, installed: own };
  installedTrees.set(key, t);
  return t;
}

/** The directory at a path ('ip/address'; '' is the root), if the tree has it. */
export function dirAt(path: string, t: Tree = tree()): TreeDir | undefined {
  let dir: TreeDir | undefined = t.root;
  if (path === '') return dir;
  for (const word of path.split('/')) {
    dir = dir?.d?.[word];
    if (!dir) return undefined;
  }
  return dir;
}

/**
 * Whether a directory is a menu of the tree's release that this tree lacks: one of a package
 * not installed (or one an installed package hides, as wifiwave2 hides the wireless menus).
 */
export function lacksDirectory(t: Tree, path: string): boolean {
  return !dirAt(path, t) && dirAt(path, releaseTree(t.version)) !== undefined;
}

/** The arguments of a command of a directory, if the tree has the command. */
export function argsOf(dir: TreeDir | undefined, command: string, t: Tree = tree()): Readonly<Record<string, ArgSpec>> | undefined {
  const i = dir?.c?.[command];
  return i === undefined ? undefined : t.signatures[i];
}

/** Every directory of the tree with its path, parents before children. */
export function* directories(t: Tree = tree()): Generator<[string, TreeDir]> {
  const stack: [string, TreeDir][] = [['', t.root]];
  while (stack.length) {
    const [path, dir] = stack.shift()!;
    yield [path, dir];
    for (const [word, child] of Object.entries(dir.d ?? {})) stack.push([path ? `${path}/${word}` : word, child]);
  }
}

/** The note and the offered values of an argument. */
export function noteOf(spec: ArgSpec): string { return typeof spec === 'string' ? spec : spec[0]; }
export function valuesOf(spec: ArgSpec): readonly string[] { return typeof spec === 'string' ? [] : spec[1]; }
export function marksOf(spec: ArgSpec): string { return typeof spec === 'string' ? '' : spec[2] ?? ''; }
