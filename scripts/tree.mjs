#!/usr/bin/env node
// Derives the command trees vrouter runs on from the public reference trees in
// ../shared/reference: for every release held in versions/<v>/ (the newest patch of each
// minor from 7.9), every directory, command and argument with its type note, the values
// 7.22.3 offers on completion for the arguments the release has, and which package each
// menu belongs to. The product reads only the derived files, never ../shared.
//
// Compact form of a release, one node per directory:
//   { "d": { <dir>: node }, "c": { <command>: n }, "p": 1 when inspect calls the node a path }
// where n indexes "signatures", the distinct argument sets (print, get, export ... repeat
// across hundreds of menus, so each is kept once): { <arg>: spec }, and spec is the type note
// ("" when the router gives none), or, when 7.22.3 completes the argument,
// [note, [values...], marks]: values are the words offered (objects of the capturing router,
// like its interface names, left out), marks holds "!" when the value may be negated with a
// leading "!" and "o" when the router also completes its own objects.
//
// A release's tree is the union of its two captures (base package only, every extra package);
// "packages" names, for each extra package, the directories ("ip/x"), commands ("ip/x print")
// and arguments ("ip/x add y") only it brings, and "hides" the base directories a package
// removes when installed (tree/package-menus.json names them).
//
// Storage (DESIGN.md, Depth): the newest release whole in tree/routeros-<newest>.json; each
// older one in tree/releases/<v>.json as the difference from the next newer:
//   { version, next, signatures, dirs: { <path>: 0 (gone, with what is under it) |
//     { p?: 0|1, c?: { <command>: n (into this file's signatures) | -1 (gone) } } },
//     packages, hides }
//
// Usage: npm run tree [-- REFERENCE_DIR]   (default ../shared/reference)

import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');
const refDir = path.resolve(process.argv[2] ?? path.join(root, '..', 'shared', 'reference'));
const readRef = (name) => JSON.parse(fs.readFileSync(path.join(refDir, name), 'utf8'));
const readOwn = (name) => JSON.parse(fs.readFileSync(path.join(root, 'tree', name), 'utf8'));

const deep = readRef('routeros-7.22.3-deep-inspect.json');
const packageMenus = readOwn('package-menus.json');
const handMenus = fs.existsSync(path.join(root, 'tree', 'packages.json')) ? readOwn('packages.json') : {};

const isDir = (v) => v !== null && typeof v === 'object' && (v._type === 'dir' || v._type === 'path');
const isCmd = (v) => v !== null && typeof v === 'object' && v._type === 'cmd';
const cmp = (a, b) => (a < b ? -1 : a > b ? 1 : 0);
const parts = (v) => v.split('.').map(Number);
const byVersion = (a, b) => { const x = parts(a), y = parts(b); for (let i = 0; i < 3; i++) if ((x[i] ?? 0) !== (y[i] ?? 0)) return (x[i] ?? 0) - (y[i] ?? 0); return 0; };
function sorted(o) { return Object.fromEntries(Object.entries(o).sort(([a], [b]) => cmp(a, b))); }

/** The words of a note that is a closed set (`ip|ipv6[,Afi*]`), or undefined. */
function enumeration(note) {
  const m = /^([a-z0-9-]+(?:\|[a-z0-9-]+)*)\[,[A-Za-z0-9]+\*\]$/.exec(note);
  return m ? new Set(m[1].split('|')) : undefined;
}

/** The union of two raw inspect trees: the first's nodes, plus what only the second has. */
function union(a, b) {
  const out = { ...a };
  for (const [k, v] of Object.entries(b)) {
    if (!(k in out)) out[k] = v;
    else if (isDir(out[k]) && isDir(v)) out[k] = union(out[k], v);
    else if (isCmd(out[k]) && isCmd(v)) out[k] = { ...v, ...out[k] };
  }
  return out;
}

/** One release: the compact tree of a raw inspect tree (`raw722`: the release the completions come from). */
function derive(raw, raw722 = false) {
  const counts = { dirs: 0, commands: 0, args: 0, completed: 0 };
  const signatures = [];
  const index = new Map();
  const signature = (args) => {
    const key = JSON.stringify(args);
    let i = index.get(key);
    if (i === undefined) { i = signatures.length; signatures.push(args); index.set(key, i); }
    return i;
  };
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
    // An older or newer release that names its own closed set (`sha1|md5|sha256|sha512|null[,Auth*]`)
    // takes none of the words 7.22.3 added to it (7.19's ovpn auth has no sha384): only its own,
    // and the words 7.22.3 offers beyond its own note (trust-store's `all`).
    const own = enumeration(note);
    if (own && !raw722) {
      const theirs = enumeration(old.desc ?? '');
      for (let i = values.length - 1; i >= 0; i--) if (!own.has(values[i]) && (!theirs || theirs.has(values[i]))) values.splice(i, 1);
    }
    if (!values.length && !marks) return note;
    counts.completed++;
    return marks ? [note, values, marks] : [note, values];
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
    // The properties `get` names are 7.22.3's: on another release, leave out those 7.22.3
    // lets add or set change and this release does not (its router has no such property).
    if (cmds.get !== undefined && old && !raw722) {
      const get = signatures[cmds.get];
      const names = get['value-name'];
      if (Array.isArray(names)) {
        const here = new Set([...Object.keys(dir.add ?? {}), ...Object.keys(dir.set ?? {})]);
        const there = new Set([...Object.keys(isCmd(old.add) ? old.add : {}), ...Object.keys(isCmd(old.set) ? old.set : {})]);
        const kept = names[1].filter((n) => here.has(n) || !there.has(n));
        if (kept.length !== names[1].length) cmds.get = signature({ ...get, 'value-name': names.length > 2 ? [names[0], kept, names[2]] : [names[0], kept] });
      }
    }
    // `path` nodes (/interface, /ip, /system ...) are directories that inspect names `path`.
    if (dir._type === 'path') out.p = 1;
    if (Object.keys(dirs).length) out.d = dirs;
    if (Object.keys(cmds).length) out.c = cmds;
    return out;
  }
  const top = node(raw, deep);
  return { top, signatures, signature, counts };
}

/**
 * Menus of hardware the CHR captures lack (/system/routerboard, /interface/ethernet/switch,
 * zerotier ...), hand-written in tree/packages.json from the sources listed in
 * docs/routeros-facts.md section 12, become directories of the same shape as the captured
 * ones: print, get, find, set, export and edit as the router has them everywhere, the
 * generic commands the entry lists, and its own commands. A hand entry for a menu some
 * capture has (`captured`) is left to the captures: the release has the menu or not, unless
 * the entry is `hardware`'s (a menu later CHR captures dropped and boards kept).
 */
function addHandMenus(release, captured) {
  const { top, signatures, signature, counts } = release;
  const at = (p) => p.split('/').reduce((d, w) => d.d[w], top);
  const sig = (p, c) => signatures[at(p).c[c]];
  const tablePrint = sig('ip/address', 'print');
  const settingsPrint = sig('system/identity', 'print');
  const exportArgs = sig('ip/address', 'export');
  const editArgs = sig('ip/address', 'edit');
  for (const [menu, entry] of Object.entries(handMenus)) {
    if (menu.startsWith('_')) continue;
    // A menu some capture has: this release has it or not, as captured; where it has it, the
    // entry's arguments and shown properties the capture lacks are added (`extends`).
    if (!entry.extends && captured.has(menu)) {
      const dir = menu.split('/').reduce((d, w) => d?.d?.[w], top);
      // A hardware menu a CHR capture of this release lacks (a later CHR dropped it, the boards
      // kept it: /system/resource/irq/rps) is the entry's on this release.
      if (!dir?.c && !entry.hardware) continue;
      if (!dir?.c) { addMenu(menu, entry); continue; }
      const more = Object.fromEntries(Object.entries(entry.args ?? {}).filter(([n]) => !(entry.addOnly ?? []).includes(n)));
      // The capture's own note wins, unless it says nothing where the entry knows the values.
      const merged = (args) => sorted({ ...more, ...Object.fromEntries(Object.entries(args).filter(([n, spec]) => spec !== '' || !(n in more))) });
      for (const c of ['add', 'set']) if (dir.c[c] !== undefined) dir.c[c] = signature(merged(signatures[dir.c[c]]));
      const get = dir.c.get === undefined ? undefined : signatures[dir.c.get];
      const names = get?.['value-name'];
      // A capture without completion values (7.22.3 lacked the menu) names none: the entry's are the ones known.
      const [note, known] = Array.isArray(names) ? names : [names ?? '', []];
      if (get) dir.c.get = signature({ ...get, 'value-name': [note, [...new Set([...known, ...Object.keys(more), ...(entry.shows ?? [])])].sort()] });
      counts.extended = (counts.extended ?? 0) + 1;
      continue;
    }
    addMenu(menu, entry);
  }
  /** Makes the directory of a hand entry (or adds what it `extends`). */
  function addMenu(menu, entry) {
    let dir = top;
    let missingParent = false;
    const words = menu.split('/');
    for (const [i, word] of words.entries()) {
      if (i < words.length - 1 && !dir.d?.[word] && captured.has(words.slice(0, i + 1).join('/'))) { missingParent = true; break; }
      dir.d ??= {};
      dir = dir.d[word] ??= {};
    }
    // Under a captured menu this release lacks (an older /iot): not this release's.
    if (missingParent) return;
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
      return;
    }
    if (entry.extends) return;
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
    dir.c = sorted({ ...cmds, ...dir.c });
    // Keep sub-directories sorted like the captured ones.
    counts.commands += Object.keys(cmds).length;
    counts.hand = (counts.hand ?? 0) + 1;
    // A hand menu of an extra package (zerotier) belongs to it like a captured one.
    const owner = namedPackage(menu);
    if (owner) (release.handPackages ??= {})[owner] = [...(release.handPackages[owner] ?? []), menu];
  }
  sortDirs(top);
}

function sortDirs(dir) {
  if (!dir.d) return;
  dir.d = sorted(dir.d);
  for (const child of Object.values(dir.d)) sortDirs(child);
}

// ------------------------------------------------------------------ packages

/** The package the longest prefix of a path names in tree/package-menus.json, if any. */
function namedPackage(p) {
  const words = p.split('/');
  for (let n = words.length; n > 0; n--) {
    const name = packageMenus.menus[words.slice(0, n).join('/')];
    if (name) return name;
  }
  return undefined;
}

/** The package a path only the extra capture has belongs to. */
function packageOf(p, version) {
  const name = namedPackage(p);
  if (name) return name;
  throw new Error(`${version}: tree/package-menus.json does not say which package /${p} belongs to`);
}

/** What only the extra capture has, by package; and the base directories a package hides. */
function packagesOf(base, extra, version) {
  const packages = {};
  const add = (owner, key) => (packages[owner] ??= []).push(key);
  function walk(b, e, p) {
    for (const name of Object.keys(e).sort()) {
      if (name.startsWith('_')) continue;
      const v = e[name];
      const q = p ? `${p}/${name}` : name;
      if (isDir(v)) {
        if (!isDir(b?.[name])) add(packageOf(q, version), q);
        else walk(b[name], v, q);
      } else if (isCmd(v) && b) {
        if (!isCmd(b[name])) add(namedPackage(`${p}/${name}`) ?? packageOf(p, version), `${p} ${name}`);
        else for (const a of Object.keys(v).sort()) if (!a.startsWith('_') && !(a in b[name])) add(packageOf(p, version), `${p} ${name} ${a}`);
      }
    }
  }
  walk(base, extra, '');
  const hides = {};
  (function gone(b, e, p) {
    for (const name of Object.keys(b).sort()) {
      if (name.startsWith('_') || !isDir(b[name])) continue;
      const q = p ? `${p}/${name}` : name;
      if (!isDir(e?.[name])) {
        const by = packageMenus.hides[q];
        if (!by) throw new Error(`${version}: /${q} is in the base capture only; tree/package-menus.json "hides" does not say which package removes it`);
        (hides[by] ??= []).push(q);
      } else gone(b[name], e[name], q);
    }
  })(base, extra, '');
  return { packages: sorted(packages), hides: sorted(hides) };
}

// ------------------------------------------------------------------ releases

/** Every directory of a compact tree by path, with its commands' argument sets. */
function flat(release) {
  const out = new Map();
  (function walk(dir, p) {
    const c = {};
    for (const [name, i] of Object.entries(dir.c ?? {})) c[name] = JSON.stringify(release.signatures[i]);
    out.set(p, { p: dir.p ?? 0, c });
    for (const [name, child] of Object.entries(dir.d ?? {})) walk(child, p ? `${p}/${name}` : name);
  })(release.top, '');
  return out;
}

/** The difference that turns `newer` into `older`. */
function delta(older, newer) {
  const a = flat(older), b = flat(newer);
  const signatures = [];
  const index = new Map();
  const signature = (key) => {
    let i = index.get(key);
    if (i === undefined) { i = signatures.length; signatures.push(JSON.parse(key)); index.set(key, i); }
    return i;
  };
  const dirs = {};
  for (const [p] of b) {
    if (a.has(p)) continue;
    // Only the highest directory gone: what is under it goes with it.
    const parent = p.includes('/') ? p.slice(0, p.lastIndexOf('/')) : '';
    if (p !== '' && a.has(parent)) dirs[p] = 0;
  }
  for (const [p, node] of a) {
    const was = b.get(p);
    const change = {};
    if (!was || was.p !== node.p) change.p = node.p;
    const c = {};
    for (const [name, key] of Object.entries(node.c)) if (was?.c[name] !== key) c[name] = signature(key);
    for (const name of Object.keys(was?.c ?? {})) if (!(name in node.c)) c[name] = -1;
    if (Object.keys(c).length) change.c = c;
    if (!was || Object.keys(change).length) dirs[p] = change;
  }
  return { signatures, dirs: sorted(dirs) };
}

const versions = fs.readdirSync(path.join(refDir, 'versions')).filter((v) => /^7\.\d+(\.\d+)?$/.test(v)).sort(byVersion);
const newest = versions.at(-1);
const raws = versions.map((v) => ({ version: v, base: readRef(`versions/${v}/inspect.json`), extra: readRef(`versions/${v}/extra-inspect.json`) }));
// Menus some release captured: the captures, not the hand entries, say which release has them.
const captured = new Set();
for (const { base, extra } of raws) {
  (function walk(d, p) {
    for (const [k, v] of Object.entries(d)) if (!k.startsWith('_') && isDir(v)) { const q = p ? `${p}/${k}` : k; captured.add(q); walk(v, q); }
  })(union(extra, base), '');
}

const releases = raws.map(({ version, base, extra }) => {
  const release = derive(union(extra, base), version === (deep._meta?.version ?? '7.22.3'));
  addHandMenus(release, captured);
  const { packages, hides } = packagesOf(base, extra, version);
  for (const [owner, menus] of Object.entries(release.handPackages ?? {})) packages[owner] = [...(packages[owner] ?? []), ...menus];
  Object.assign(release, { packages: sorted(packages), hides, version });
  return release;
});

fs.mkdirSync(path.join(root, 'tree', 'releases'), { recursive: true });
for (const old of fs.readdirSync(path.join(root, 'tree', 'releases'))) fs.rmSync(path.join(root, 'tree', 'releases', old));
for (const old of fs.readdirSync(path.join(root, 'tree'))) if (/^routeros-.*\.json$/.test(old)) fs.rmSync(path.join(root, 'tree', old));
let total = 0;
const top = releases.at(-1);
const whole = path.join(root, 'tree', `routeros-${newest}.json`);
fs.writeFileSync(whole, JSON.stringify({
  version: newest, completions: deep._meta?.version ?? '7.22.3', releases: versions,
  packages: top.packages, hides: top.hides, signatures: top.signatures, root: top.top,
}) + '\n');
total += fs.statSync(whole).size;
console.log(`${path.relative(root, whole)}: ${top.counts.dirs} directories (and ${top.counts.hand ?? 0} menus from tree/packages.json, which extends ${top.counts.extended ?? 0} more), ${top.counts.commands} commands, ${top.counts.args} arguments (${top.counts.completed} with completion values) in ${top.signatures.length} distinct argument sets; packages ${Object.keys(top.packages).join(', ')}; ${fs.statSync(whole).size} bytes`);
for (let i = releases.length - 2; i >= 0; i--) {
  const r = releases[i];
  const file = path.join(root, 'tree', 'releases', `${r.version}.json`);
  const d = delta(r, releases[i + 1]);
  fs.writeFileSync(file, JSON.stringify({ version: r.version, next: releases[i + 1].version, ...d, packages: r.packages, hides: r.hides }) + '\n');
  total += fs.statSync(file).size;
  console.log(`${path.relative(root, file)}: ${r.counts.dirs} directories, ${r.counts.commands} commands; ${Object.keys(d.dirs).length} directories differ from ${releases[i + 1].version}; ${fs.statSync(file).size} bytes`);
}
console.log(`${versions.length} releases, ${total} bytes in all`);
