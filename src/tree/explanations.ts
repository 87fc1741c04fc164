// The router's own sentence for each property of a menu ("Local IP address" for /ip/address's
// `address`), as 7.22.3 explains them on completion; derived by scripts/explanations.mjs into
// tree/explanations.json. Read once, on first use.

import fs from 'node:fs';
import { ROOT } from '../paths.js';

interface Explanations {
  readonly version: string;
  readonly texts: readonly string[];
  readonly dirs: Readonly<Record<string, Readonly<Record<string, number>>>>;
}

const FILE = new URL('tree/explanations.json', ROOT);

let loaded: Explanations | undefined;

/** The router's explanation of a property of the menu at `dir` ('ip/address'), if it has one. */
export function explanationOf(dir: string, property: string): string | undefined {
  loaded ??= JSON.parse(fs.readFileSync(FILE, 'utf8')) as Explanations;
  const i = loaded.dirs[dir]?.[property];
  return i === undefined ? undefined : loaded.texts[i];
}
