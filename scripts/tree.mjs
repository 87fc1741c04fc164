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
const derived = { version: '7.24', completions: deep._meta?.version ?? '7.22.3', signatures, root: top };
const file = path.join(root, 'tree', 'routeros-7.24.json');
fs.mkdirSync(path.dirname(file), { recursive: true });
fs.writeFileSync(file, JSON.stringify(derived) + '\n');
console.log(`${path.relative(root, file)}: ${counts.dirs} directories, ${counts.commands} commands, ${counts.args} arguments (${counts.completed} with completion values) in ${signatures.length} distinct argument sets, ${fs.statSync(file).size} bytes`);
