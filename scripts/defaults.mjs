#!/usr/bin/env node
// Derives tree/defaults/community-routeros.json: the default of every field that the Ansible
// collection community.routeros records for each path (plugins/module_utils/_api_data.py,
// written by its authors from real `/export verbose` outputs), kept where the 7.24 tree has
// the menu and the argument and where vrouter's type for the argument reads the value back as
// itself. The rest is recorded with the reason, so that a value form vrouter gets wrong shows
// (a default the router prints that vrouter's type cannot read is a bug of the type, not of
// the default).
//
// Usage: npx tsc -b && node scripts/defaults.mjs [API_DATA_PY]
//   (default: the collection Debian's `ansible` installs)

import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { keep, menuArgs, writeDefaults } from './defaults-check.mjs';

const COLLECTION = '/usr/lib/python3/dist-packages/ansible_collections/community/routeros';
const source = process.argv[2] ?? path.join(COLLECTION, 'plugins/module_utils/_api_data.py');
const manifest = path.join(path.dirname(path.dirname(path.dirname(source))), 'MANIFEST.json');
const version = fs.existsSync(manifest) ? JSON.parse(fs.readFileSync(manifest, 'utf8')).collection_info.version : 'unknown';

// The collection's data as JSON, read by Python itself (it is Python source).
const DUMP = `
import importlib.util, json, sys
spec = importlib.util.spec_from_file_location('api_data', sys.argv[1])
m = importlib.util.module_from_spec(spec); spec.loader.exec_module(m)
out = {}
for key, data in m.PATHS.items():
    fields = {}
    for name, f in data.fields.items():
        fields[name] = {'default': f.default, 'required': f.required, 'can_disable': f.can_disable, 'remove_value': f.remove_value}
    out['/'.join(key)] = {'single_value': data.single_value, 'primary_keys': list(data.primary_keys or []), 'fields': fields}
json.dump(out, sys.stdout)
`;
const data = JSON.parse(execFileSync('/usr/bin/python3', ['-c', DUMP, source], { encoding: 'utf8', maxBuffer: 64 << 20 }));

/** The collection's value as the router prints it: librouteros reads true/false as booleans and numbers as integers. */
const printed = (v) => (v === true ? 'true' : v === false ? 'false' : String(v));

const menus = {};
const refused = {};
const required = {};
let kept = 0;
for (const [p, info] of Object.entries(data).sort(([a], [b]) => (a < b ? -1 : 1))) {
  const args = menuArgs(p);
  if (!args) { refused[p] = 'no menu of the 7.24 tree'; continue; }
  const own = {};
  for (const [name, f] of Object.entries(info.fields)) {
    if (f.required && args.add?.[name] !== undefined) (required[p] ??= []).push(name);
    if (f.default === null || f.default === undefined) continue;
    const { taken, why } = keep(p, args, name, [printed(f.default)]);
    if (why) { (refused[p] ??= {})[name] = why; continue; }
    own[name] = taken;
    kept++;
  }
  if (Object.keys(own).length) menus[p] = own;
}

const out = {
  source: `community.routeros ${version}, plugins/module_utils/_api_data.py (KeyInfo default= of each field)`,
  derivedBy: 'scripts/defaults.mjs',
  defaults: menus,
  required,
  refused,
};
writeDefaults('community-routeros.json', out, `${kept} defaults of ${Object.keys(menus).length} menus; ${Object.keys(refused).length} menus with refusals`);
