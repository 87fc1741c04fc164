#!/usr/bin/env node
// Derives the order in which the router writes the menus of an export (the table of
// src/menus/export-order.ts) from the real exports of ../shared/corpus/real-exports.
//
// 1. Each file is read as logical lines (continuations `\` joined, comments left out) and cut
//    into sections: a header line (`/ip address` or `/ip address add ...`) starts a section
//    whenever the menu changes.
// 2. Per file, the menus in order of first appearance. A menu whose first section consists
//    only of records naming a record (by a value other than its own name or comment) of a
//    menu written before, the menu of the section just before among them, was moved there
//    by the router's rule (a record waits for what it names: a DHCP server after /ip pool)
//    and is "postponed": it does not place itself.
// 3. The files are merged newest release first (by major.minor; within a release the file
//    with most menus first, then in manifest order). Each menu a file has that the order
//    lacks goes right after the nearest menu before it in that file that the order has (not
//    a postponed one), else right before the nearest one after it, else at the end. Menus
//    only ever seen postponed are placed in a second pass the same way.
// The two exports of feichay10/Final-Degree-Project are left out: hand-edited (compact and
// terse lines mixed, /ip address four times).
//
// test/corpus/export-order.test.ts checks that the committed table is what this derives.
//
// Usage: node scripts/export-order.mjs [CORPUS_DIR]   (default ../shared/corpus/real-exports)
// prints the table, one menu a line, in the form of src/menus/export-order.ts.

import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
export const DEFAULT_CORPUS = path.resolve(here, '..', '..', 'shared', 'corpus', 'real-exports');

const COMMANDS = new Set(['add', 'set', 'remove', 'move', 'enable', 'disable', 'print', 'unset', 'edit', 'reset', 'export', 'import']);

/** Logical lines: continuations joined, blank and comment lines left out. */
function logicalLines(text) {
  const out = [];
  let cur = '';
  for (let raw of text.split('\n')) {
    raw = raw.replace(/\r+$/, '');
    if (cur === '' && (raw.startsWith('#') || raw.trim() === '')) continue;
    const part = cur ? raw.trimStart() : raw;
    if (part.endsWith('\\')) { cur += part.slice(0, -1); continue; }
    out.push(cur + part);
    cur = '';
  }
  if (cur) out.push(cur);
  return out;
}

/** The `name=value` pairs of a line (a quoted value keeps its quotes). */
function pairs(line) {
  return [...line.matchAll(/([a-z0-9.-]+)=("(?:[^"\\]|\\.)*"|\S*)/g)].map((m) => [m[1], m[2]]);
}

const unquote = (v) => v.replace(/^"+|"+$/g, '');

/** [menu, [record lines]] in file order: a section per change of header. */
function sections(text) {
  const out = [];
  let menu = null;
  for (const line of logicalLines(text)) {
    let rest = line;
    if (line.startsWith('/')) {
      const words = line.slice(1).split(' ');
      const menuWords = [];
      for (const w of words) {
        if (COMMANDS.has(w) || w.includes('=') || w.startsWith('[')) break;
        menuWords.push(w);
      }
      menu = '/' + menuWords.join(' ');
      rest = words.slice(menuWords.length).join(' ');
      if (!rest) continue;
    }
    if (menu === null) continue;
    if (!out.length || out[out.length - 1][0] !== menu) out.push([menu, []]);
    out[out.length - 1][1].push(rest);
  }
  return out;
}

/** One file's menus in order of first appearance, and those of them that are postponed. */
export function analyse(text) {
  const secs = sections(text);
  const defined = new Map(); // menu -> names its records define
  const seq = [];
  const postponed = new Set();
  secs.forEach(([menu, records], i) => {
    const named = (record) => {
      const values = new Set();
      for (const [k, v] of pairs(record)) {
        if (k === 'name' || k === 'comment') continue;
        for (const x of unquote(v).split(',')) values.add(x.replace(/^!+/, ''));
      }
      const menus = new Set();
      for (const [m, names] of defined) if (m !== menu && [...values].some((x) => names.has(x))) menus.add(m);
      return menus;
    };
    const deps = records.map(named);
    if (!seq.includes(menu)) {
      seq.push(menu);
      const prev = i ? secs[i - 1][0] : null;
      if (records.length && deps.every((d) => d.size > 0) && deps.some((d) => d.has(prev))) postponed.add(menu);
    }
    for (const record of records) {
      for (const [k, v] of pairs(record)) {
        if (k !== 'name') continue;
        if (!defined.has(menu)) defined.set(menu, new Set());
        defined.get(menu).add(unquote(v));
      }
    }
  });
  return { seq, postponed };
}

const version = (v) => v.split('.').map(Number);

function compareKeys(a, b) {
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const x = a[i] ?? -Infinity, y = b[i] ?? -Infinity;
    if (x !== y) return x < y ? -1 : 1;
  }
  return 0;
}

/** The table: menu paths (`ip/dhcp-server`) in the order the router writes them. */
export function deriveExportOrder(corpus = DEFAULT_CORPUS) {
  const manifest = JSON.parse(fs.readFileSync(path.join(corpus, 'manifest.json'), 'utf8'));
  const files = manifest.exports
    .filter((e) => !e.file.startsWith('feichay10__'))
    .map((e) => ({ ros: version(e.ros), ...analyse(fs.readFileSync(path.join(corpus, e.file), 'utf8')) }));
  // Newest release first, then most menus first; a stable sort keeps the manifest's order otherwise.
  const key = (f) => [...f.ros.slice(0, 2), f.seq.length];
  const sources = [...files].sort((a, b) => compareKeys(key(b), key(a)));
  const order = [];
  const place = ({ seq, postponed }, allowPostponed) => {
    seq.forEach((menu, i) => {
      if (order.includes(menu) || (postponed.has(menu) && !allowPostponed)) return;
      const placed = (x) => order.includes(x) && !postponed.has(x);
      const before = seq.slice(0, i).filter(placed);
      const after = seq.slice(i + 1).filter(placed);
      if (before.length) order.splice(order.indexOf(before[before.length - 1]) + 1, 0, menu);
      else if (after.length) order.splice(order.indexOf(after[0]), 0, menu);
      else order.push(menu);
    });
  };
  for (const f of sources) place(f, false);
  for (const f of sources) place(f, true); // menus only ever seen postponed
  return order.map((m) => m.slice(1).replaceAll(' ', '/'));
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const corpus = path.resolve(process.argv[2] ?? DEFAULT_CORPUS);
  for (const menu of deriveExportOrder(corpus)) console.log(`  '${menu}',`);
}
