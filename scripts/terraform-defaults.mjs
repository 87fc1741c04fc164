#!/usr/bin/env node
// Derives tree/defaults/terraform-routeros.json: the `Default:` of every field of every resource
// of the Terraform provider terraform-routeros/terraform-provider-routeros (`routeros/resource_*.go`,
// whose schemas its authors write from the router's REST prints and the manual; the provider sends
// each default unless the user gives a value, so a default the router does not print is a
// difference Terraform never settles). Kept, as scripts/defaults.mjs keeps community.routeros's,
// where the 7.24 tree has the menu (the resource's `MetaResourcePath`) and the argument, and where
// vrouter's type for the argument reads the value back as itself; the rest is recorded with why.
//
// The provider is Go source; it is read here with a small scanner of Go's tokens (strings,
// comments, braces), not compiled: a field's schema is a composite literal whose `Default:` is a
// literal (string, bool, number), or one of the shared helpers of routeros/provider_schema_helpers.go;
// the fields of a block (`local { port = 179 }`) are the router's `local.port`.
//
// Usage: npx tsc -b && node scripts/terraform-defaults.mjs PATH_TO_PROVIDER_CHECKOUT
//   (a git work tree or a bare/mirror git directory: read at HEAD with `git show`)
// The provider is not available in CI: the result is committed.

import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { keep, menuArgs, root, writeDefaults } from './defaults-check.mjs';

const { DOCUMENTED_DEFAULTS, collectionDefaults } = await import(path.join(root, 'dist/src/menus/defaults.js'));

const checkout = process.argv[2];
if (!checkout) { console.error('usage: node scripts/terraform-defaults.mjs PATH_TO_PROVIDER_CHECKOUT'); process.exit(2); }
const git = (...args) => execFileSync('git', ['-C', checkout, ...args], { encoding: 'utf8', maxBuffer: 64 << 20 });
const commit = git('rev-parse', 'HEAD').trim();
// Every Go file but the tests and the old schema versions kept for state upgrades (`resource_*_v0.go`).
const files = git('ls-tree', '--name-only', 'HEAD', 'routeros/').split('\n')
  .filter((f) => /^routeros\/.*\.go$/.test(f) && !f.endsWith('_test.go') && !/_v[0-9]+\.go$/.test(f));
const read = (f) => git('show', `HEAD:${f}`);

/** Go's tokens, without comments: {t: 'str'|'ident'|'num'|'punct', v}. */
function tokens(src) {
  const out = [];
  let i = 0;
  while (i < src.length) {
    const c = src[i];
    if (c === '/' && src[i + 1] === '/') { i = src.indexOf('\n', i); if (i < 0) break; continue; }
    if (c === '/' && src[i + 1] === '*') { i = src.indexOf('*/', i + 2) + 2; if (i < 2) break; continue; }
    if (/\s/.test(c)) { i++; continue; }
    if (c === '"') {
      let j = i + 1, s = '';
      while (j < src.length && src[j] !== '"') { if (src[j] === '\\') { s += JSON.parse(`"${src[j]}${src[j + 1]}"`); j += 2; } else s += src[j++]; }
      out.push({ t: 'str', v: s }); i = j + 1; continue;
    }
    if (c === '`') { const j = src.indexOf('`', i + 1); out.push({ t: 'str', v: src.slice(i + 1, j) }); i = j + 1; continue; }
    if (c === "'") { const j = src.indexOf("'", i + (src[i + 1] === '\\' ? 3 : 2)); out.push({ t: 'rune', v: src.slice(i, j + 1) }); i = j + 1; continue; }
    const word = /^[A-Za-z_][A-Za-z0-9_.]*/.exec(src.slice(i, i + 200));
    if (word) { out.push({ t: 'ident', v: word[0] }); i += word[0].length; continue; }
    const num = /^(?:[0-9]|\.[0-9])[0-9_.xXa-fA-F]*/.exec(src.slice(i, i + 60));
    if (num) { out.push({ t: 'num', v: num[0] }); i += num[0].length; continue; }
    out.push({ t: 'punct', v: c }); i++;
  }
  return out;
}

const OPEN = new Set(['{', '(', '[']), CLOSE = new Set(['}', ')', ']']);
/** The index after the bracket that closes the one at `i`. */
function skip(toks, i) {
  let depth = 0;
  for (let j = i; j < toks.length; j++) {
    if (toks[j].t !== 'punct') continue;
    if (OPEN.has(toks[j].v)) depth++;
    else if (CLOSE.has(toks[j].v) && --depth === 0) return j + 1;
  }
  return toks.length;
}
/** The entries `key: value` of the composite literal whose `{` is at `open`: [keyTokens, valueTokens]. */
function entries(toks, open) {
  const end = skip(toks, open) - 1;
  const out = [];
  let key = [], value = [], inValue = false;
  for (let j = open + 1; j < end;) {
    const tok = toks[j];
    if (tok.t === 'punct' && OPEN.has(tok.v)) { const k = skip(toks, j); (inValue ? value : key).push(...toks.slice(j, k)); j = k; continue; }
    if (tok.t === 'punct' && tok.v === ':' && !inValue) { inValue = true; j++; continue; }
    if (tok.t === 'punct' && tok.v === ',') { if (key.length) out.push([key, value]); key = []; value = []; inValue = false; j++; continue; }
    (inValue ? value : key).push(tok); j++;
  }
  if (key.length) out.push([key, value]);
  return out;
}
/** A field schema literal `{ Type: ..., Default: ... }`: its type and default (undefined: none; {expr}: not a literal). */
function fieldOf(valueToks) {
  if (!(valueToks[0]?.t === 'punct' && valueToks[0].v === '{')) return undefined;
  const f = {};
  for (const [k, v] of entries(valueToks, 0)) {
    if (k.length !== 1 || k[0].t !== 'ident') continue;
    if (k[0].v === 'Type') f.type = v.map((t) => t.v).join('');
    if (k[0].v === 'Default') f.default = literal(v);
    if (k[0].v === 'Sensitive') f.sensitive = v[0]?.v === 'true';
    // A block (`Elem: &schema.Resource{Schema: map[string]*schema.Schema{...}}`): its fields are the
    // router's `block.field` (a BGP connection's `local.port`).
    if (k[0].v === 'Elem' && v[1]?.v === 'schema.Resource' && v[2]?.v === '{') {
      for (const [ek, ev] of entries(v, 2)) {
        if (ek[0]?.v !== 'Schema') continue;
        const open = ev.findIndex((t) => t.v === '{');
        f.block = {};
        for (const [ik, iv] of entries(ev, open)) {
          const inner = ik.length === 1 && ik[0].t === 'str' ? fieldOf(iv) : undefined;
          if (inner) f.block[ik[0].v] = inner;
        }
      }
    }
  }
  return f;
}
function literal(v) {
  if (v.length === 1 && v[0].t === 'str') return v[0].v;
  if (v.length === 1 && v[0].t === 'ident' && (v[0].v === 'true' || v[0].v === 'false')) return v[0].v === 'true';
  if (v.length === 1 && v[0].t === 'num' && /^[0-9]*\.?[0-9]+$/.test(v[0].v)) return Number(v[0].v);
  if (v.length === 2 && v[0].v === '-' && v[1].t === 'num') return -Number(v[1].v);
  return { expr: v.map((t) => t.v).join(' ') };
}

// The shared helpers: `Key...` constants (the field's name) and `Prop... = &schema.Schema{...}`
// variables (its schema), from every non-resource file of the provider.
const KEYS = {}, HELPERS = {};
for (const f of files.filter((f) => !path.basename(f).startsWith('resource_'))) {
  const toks = tokens(read(f));
  for (let j = 0; j + 2 < toks.length; j++) {
    if (toks[j].t === 'ident' && /^Key[A-Z]/.test(toks[j].v) && toks[j + 1].v === '=' && toks[j + 2].t === 'str') KEYS[toks[j].v] = toks[j + 2].v;
    if (toks[j].t === 'ident' && /^Prop[A-Z]/.test(toks[j].v) && toks[j + 1].v === '=' && toks[j + 2].v === '&' && toks[j + 3]?.v === 'schema.Schema') {
      HELPERS[toks[j].v] = fieldOf(toks.slice(j + 4, skip(toks, j + 4)));
    }
  }
}

/** Every resource schema of a file: {path, fields: name → {type, default}, renames, line}. */
function resources(src) {
  const toks = tokens(src);
  const out = [];
  for (let j = 0; j + 2 < toks.length; j++) {
    if (!(toks[j].v === 'MetaResourcePath' && toks[j + 1].v === ':' && toks[j + 2].v === 'PropResourcePath')) continue;
    // The map literal holding it: the nearest `{` before it that is still open.
    let open = j, depth = 0;
    for (; open >= 0; open--) {
      if (toks[open].t !== 'punct') continue;
      if (CLOSE.has(toks[open].v)) depth++;
      else if (OPEN.has(toks[open].v) && depth-- === 0) break;
    }
    const res = { path: toks[j + 4].v.replace(/^\//, ''), fields: {}, renames: {} };
    for (const [k, v] of entries(toks, open)) {
      const key = k.length === 1 ? (k[0].t === 'str' ? k[0].v : KEYS[k[0].v] ?? (k[0].v.startsWith('Meta') ? k[0].v : undefined)) : undefined;
      if (key === 'MetaTransformSet') {
        for (const t of v.filter((t) => t.t === 'str')) { const [tf, mt] = t.v.split(':').map((s) => s.trim()); res.renames[tf] = mt; }
        continue;
      }
      if (key === undefined || key.startsWith('Meta')) continue;
      const f = fieldOf(v) ?? (v.length === 1 && v[0].t === 'ident' ? HELPERS[v[0].v] : undefined);
      if (f) res.fields[key] = f;
    }
    out.push(res);
    j = skip(toks, open);
  }
  return out;
}

/** The forms a Go default can take in a print, in order of preference: a bool is true/false or yes/no per the field's type. */
const forms = (v) => (v === true ? ['true', 'yes'] : v === false ? ['false', 'no'] : [String(v)]);

const found = {}; // path -> name -> [{value, file}]
const refused = {};
const refuse = (p, name, why) => { (refused[p] ??= {})[name] = why; };
let resourceCount = 0;
for (const file of files.filter((f) => path.basename(f).startsWith('resource_')).sort()) {
  for (const res of resources(read(file))) {
    resourceCount++;
    const fields = Object.entries(res.fields).flatMap(([tfName, f]) => [[tfName, f],
      ...Object.entries(f.block ?? {}).map(([inner, g]) => [`${tfName}.${inner}`, g])]);
    for (const [tfName, f] of fields) {
      if (f.default === undefined) continue;
      const name = res.renames[tfName] ?? tfName.replace(/_/g, '-');
      ((found[res.path] ??= {})[name] ??= []).push({ value: f.default, file: path.basename(file), type: f.type, sensitive: f.sensitive });
    }
  }
}

const menus = {};
const overruled = {};
let kept = 0, seen = 0;
for (const [p, fields] of Object.entries(found).sort(([a], [b]) => (a < b ? -1 : 1))) {
  const args = menuArgs(p);
  if (!args) { refused[p] = 'no menu of the 7.24 tree'; continue; }
  const own = {};
  for (const [name, candidates] of Object.entries(fields).sort(([a], [b]) => (a < b ? -1 : 1))) {
    seen++;
    const shown = candidates.map((c) => (typeof c.value === 'object' ? c.value.expr : String(c.value)));
    if (new Set(shown).size > 1) { refuse(p, name, `resources disagree: ${candidates.map((c, i) => `${shown[i]} (${c.file})`).join(', ')}`); continue; }
    const { value, sensitive } = candidates[0];
    if (typeof value === 'object') { refuse(p, name, `${value.expr}: not a literal`); continue; }
    const { taken, why } = keep(p, args, name, forms(value), sensitive);
    if (why) { refuse(p, name, why); continue; }
    own[name] = taken;
    kept++;
    // Where a source above this one gives another value, that one is printed: recorded, so the
    // disagreements can be read (docs/routeros-facts.md section 23.3).
    const above = DOCUMENTED_DEFAULTS[p]?.[name] !== undefined ? ['src/menus/defaults.ts', DOCUMENTED_DEFAULTS[p][name]]
      : collectionDefaults()[p]?.[name] !== undefined ? ['community.routeros', collectionDefaults()[p][name]] : undefined;
    if (above && above[1] !== taken) (overruled[p] ??= {})[name] = `${taken}; ${above[0]} gives ${above[1]}`;
  }
  if (Object.keys(own).length) menus[p] = own;
}

const out = {
  source: `terraform-routeros/terraform-provider-routeros ${commit}, routeros/resource_*.go (schema Default: of each field)`,
  derivedBy: 'scripts/terraform-defaults.mjs',
  defaults: menus,
  overruled,
  refused,
};
writeDefaults('terraform-routeros.json', out, `${resourceCount} resources, ${seen} defaults seen, ${kept} kept of ${Object.keys(menus).length} menus`);
