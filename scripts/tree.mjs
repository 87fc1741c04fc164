#!/usr/bin/env node
// Derives the router's command tree that vrouter runs on (tree/routeros-7.24.json) from the
// public reference trees in ../shared/reference: every directory, command and argument of
// RouterOS 7.24 with its type note, and the values 7.22.3 offers on completion for the
// arguments 7.24 still has. The product reads only the derived file, never ../shared.
//
// Compact form, one node per directory:
//   { "d": { <dir>: node }, "c": { <command>: n }, "p": 1 when inspect calls the node a path }
// where n indexes "signatures", the distinct argument sets (print, get, export ... repeat
// across hundreds of menus, so each is kept once): { <arg>: spec }, and spec is the type note ("" when the router gives none), or, when 7.22.3 completes
// the argument, [note, [values...], marks]: values are the words offered (objects of the
// capturing router, like its interface names, left out), marks holds "!" when the value
// may be negated with a leading "!" and "o" when the router also completes its own objects.
//
// Usage: npm run tree [-- REFERENCE_DIR]   (default ../shared/reference)

import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');
const refDir = path.resolve(process.argv[2] ?? path.join(root, '..', 'shared', 'reference'));
const read = (name) => JSON.parse(fs.readFileSync(path.join(refDir, name), 'utf8'));

const tree = read('routeros-7.24-inspect.json');
const deep = read('routeros-7.22.3-deep-inspect.json');

const isDir = (v) => v !== null && typeof v === 'object' && (v._type === 'dir' || v._type === 'path');
const isCmd = (v) => v !== null && typeof v === 'object' && v._type === 'cmd';

let counts = { dirs: 0, commands: 0, args: 0, completed: 0 };

function argSpec(arg, old) {
  const note = arg.desc ?? '';
  const offered = old?._completion;
  if (!offered) return note;
  const values = [];
  let marks = '';
  for (const [word, c] of Object.entries(offered)) {
    if (c.style === 'syntax-meta') { if (word === '!') marks += '!'; continue; }
    if (c.style === 'none' || c.style === 'arg') values.push(word);
    else if (!marks.includes('o')) marks += 'o';
  }
  if (!values.length && !marks) return note;
  counts.completed++;
  return marks ? [note, values, marks] : [note, values];
}

const signatures = [];
const signatureIndex = new Map();
function signature(args) {
  const key = JSON.stringify(args);
  let i = signatureIndex.get(key);
  if (i === undefined) { i = signatures.length; signatures.push(args); signatureIndex.set(key, i); }
  return i;
}

function node(dir, old) {
  counts.dirs++;
  const out = {};
  const dirs = {};
  const cmds = {};
  for (const name of Object.keys(dir).sort()) {
    if (name.startsWith('_')) continue;
    const v = dir[name];
    const o = old?.[name];
    if (isDir(v)) dirs[name] = node(v, isDir(o) ? o : undefined);
    else if (isCmd(v)) {
      counts.commands++;
      const args = {};
      for (const a of Object.keys(v).sort()) {
        if (a.startsWith('_')) continue;
        counts.args++;
        args[a] = argSpec(v[a], isCmd(o) ? o[a] : undefined);
      }
      cmds[name] = signature(args);
    }
  }
  // `path` nodes (/interface, /ip, /system ...) are directories that inspect names `path`.
  if (dir._type === 'path') out.p = 1;
  if (Object.keys(dirs).length) out.d = dirs;
  if (Object.keys(cmds).length) out.c = cmds;
  return out;
}

const top = node(tree, deep);
addPackages(top);
/**
 * Menus of packages and hardware the CHR capture lacks (/interface/wireless, /caps-man,
 * /system/routerboard ...), hand-written in tree/packages.json from the sources listed in
 * docs/routeros-facts.md section 12, become directories of the same shape as the captured
 * ones: print, get, find, set, export and edit as the router has them everywhere, the
 * generic commands the entry lists, and its own commands.
 */
function addPackages(top) {
  const file = path.join(root, 'tree', 'packages.json');
  if (!fs.existsSync(file)) return;
  const packages = JSON.parse(fs.readFileSync(file, 'utf8'));
  // The captured shapes of the commands every menu has, taken from menus that have them.
  const at = (p) => p.split('/').reduce((d, w) => d.d[w], top);
  const sig = (p, c) => signatures[at(p).c[c]];
  const tablePrint = sig('ip/address', 'print');
  const settingsPrint = sig('system/identity', 'print');
  const exportArgs = sig('ip/address', 'export');
  const editArgs = sig('ip/address', 'edit');
  for (const [menu, entry] of Object.entries(packages)) {
    if (menu.startsWith('_')) continue;
    let dir = top;
    for (const word of menu.split('/')) {
      dir.d ??= {};
      dir = dir.d[word] ??= {};
    }
    if (dir.c && Object.keys(dir.c).length) {
      // The capture has the menu: an entry may only add what hardware the CHR lacks takes
      // (`extends`: arguments of add and set, as on the router's other boards).
      for (const c of ['add', 'set', 'reset']) {
        if (entry.extends && dir.c[c] !== undefined) dir.c[c] = signature(sorted({ ...signatures[dir.c[c]], ...entry.extends }));
      }
      if (entry.extends && dir.c.get !== undefined) {
        const get = signatures[dir.c.get];
        const names = get['value-name'];
        if (Array.isArray(names)) dir.c.get = signature({ ...get, 'value-name': [names[0], [...new Set([...names[1], ...Object.keys(entry.extends)])].sort()] });
      }
      counts.extended = (counts.extended ?? 0) + 1;
      continue;
    }
    const args = entry.args ?? {};
    const shows = entry.shows ?? [];
    const cmds = {};
    const numbers = entry.kind === 'table' ? { numbers: '' } : {};
    if (entry.kind !== 'dir') {
      const names = [...new Set([...Object.keys(args), ...shows])].sort();
      cmds.print = signature(entry.kind === 'table' ? tablePrint : settingsPrint);
      cmds.get = signature({ 'as-string': '', 'as-string-value': '', ...(entry.kind === 'table' ? { number: '' } : {}), 'value-name': ['', names] });
      cmds.set = signature(sorted({ ...numbers, ...Object.fromEntries(Object.entries(args).filter(([n]) => !(entry.addOnly ?? []).includes(n))) }));
      cmds.export = signature(exportArgs);
      cmds.edit = signature(editArgs);
      if (entry.kind === 'table') cmds.find = signature({ where: '' });
    }
    for (const c of entry.commands ?? []) {
      switch (c) {
        case 'add': {
          const only = Object.fromEntries((entry.addOnly ?? []).filter((n) => !(n in args)).map((n) => [n, '']));
          cmds.add = signature(sorted({ ...args, ...only, 'copy-from': '', ...(entry.commands.includes('move') ? { 'place-before': '' } : {}) }));
          break;
        }
        case 'comment': cmds.comment = signature({ comment: 'string value', numbers: '' }); break;
        case 'move': cmds.move = signature({ destination: '', numbers: '' }); break;
        case 'unset': cmds.unset = signature({ ...numbers, 'value-name': '' }); break;
        case 'reset': cmds.reset = signature(sorted({ ...numbers, ...args })); break;
        default: cmds[c] = signature({ numbers: '' });
      }
    }
    for (const [c, a] of Object.entries(entry.acts ?? {})) cmds[c] = signature(sorted(a));
    dir.c = sorted(cmds);
    counts.commands += Object.keys(cmds).length;
    counts.packages = (counts.packages ?? 0) + 1;
  }
}

function sorted(o) {
  return Object.fromEntries(Object.entries(o).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

const derived = { version: '7.24', completions: deep._meta?.version ?? '7.22.3', signatures, root: top };
const file = path.join(root, 'tree', 'routeros-7.24.json');
fs.mkdirSync(path.dirname(file), { recursive: true });
fs.writeFileSync(file, JSON.stringify(derived) + '\n');
console.log(`${path.relative(root, file)}: ${counts.dirs} directories${counts.packages ? ` (and ${counts.packages} menus from tree/packages.json, which extends ${counts.extended ?? 0} more)` : ''}, ${counts.commands} commands, ${counts.args} arguments (${counts.completed} with completion values) in ${signatures.length} distinct argument sets, ${fs.statSync(file).size} bytes`);
