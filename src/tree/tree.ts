// The router's command tree as data: every directory, command and argument of RouterOS 7.24
// with its type note and the values the router offers on completion, derived by
// `npm run tree` (scripts/tree.mjs) into tree/routeros-7.24.json. Read once, on first use.

import fs from 'node:fs';

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
  readonly version: string;
  /** The release whose completion values the tree carries. */
  readonly completions: string;
  readonly signatures: readonly Readonly<Record<string, ArgSpec>>[];
  readonly root: TreeDir;
}

export const TREE_FILE = new URL('../../../tree/routeros-7.24.json', import.meta.url);

let loaded: Tree | undefined;

export function tree(): Tree {
  loaded ??= JSON.parse(fs.readFileSync(TREE_FILE, 'utf8')) as Tree;
  return loaded;
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
