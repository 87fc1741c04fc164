#!/usr/bin/env node
// Derives the router's own explanation of each property of a menu (tree/explanations.json)
// from the public reference in ../shared/reference: 7.22.3's deep inspect offers, on
// completion of `get value-name`, `print proplist` and `print group-by` (and `edit
// value-name`), each property of the menu with the sentence the router explains it with
// ("Local IP address" for /ip/address's `address`). `/console/inspect request=syntax` and
// `request=completion` give these texts. The product reads only the derived file.
//
// Form: { "version", "texts": [sentence...], "dirs": { "<dir path>": { "<property>": n } } }
// where n indexes "texts" (the same sentence stands under hundreds of menus: "Defines
// whether item is ignored or used").
//
// Usage: node scripts/explanations.mjs [REFERENCE_DIR]   (default ../shared/reference)

import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');
const refDir = path.resolve(process.argv[2] ?? path.join(root, '..', 'shared', 'reference'));
const deep = JSON.parse(fs.readFileSync(path.join(refDir, 'routeros-7.22.3-deep-inspect.json'), 'utf8'));

/** The arguments whose completion lists a menu's properties with their explanations. */
const LISTS = [['get', 'value-name'], ['print', 'proplist'], ['print', 'group-by'], ['edit', 'value-name']];

const texts = [];
const textIndex = new Map();
const dirs = {};
let entries = 0;

function walk(dir, words) {
  const found = {};
  for (const [command, arg] of LISTS) {
    const offered = dir[command]?.[arg]?._completion ?? {};
    for (const [name, c] of Object.entries(offered)) {
      if (!c.desc || name in found) continue;
      let i = textIndex.get(c.desc);
      if (i === undefined) { i = texts.length; texts.push(c.desc); textIndex.set(c.desc, i); }
      found[name] = i;
    }
  }
  if (Object.keys(found).length) {
    dirs[words.join('/')] = Object.fromEntries(Object.entries(found).sort(([a], [b]) => (a < b ? -1 : 1)));
    entries += Object.keys(found).length;
  }
  for (const [word, sub] of Object.entries(dir)) {
    if (sub !== null && typeof sub === 'object' && (sub._type === 'dir' || sub._type === 'path')) walk(sub, [...words, word]);
  }
}

walk(deep, []);
const out = path.join(root, 'tree', 'explanations.json');
fs.writeFileSync(out, JSON.stringify({ version: deep._meta?.version ?? '7.22.3', texts, dirs }) + '\n');
console.log(`${path.relative(root, out)}: ${entries} properties of ${Object.keys(dirs).length} menus, ${texts.length} sentences`);
