// The Ansible collection community.routeros against the API face, as its users run it: Debian's
// `ansible-playbook` (installed by .ci/run) with the collection's api_info and api_modify
// modules, which talk to the router through librouteros (python3-librouteros). One playbook
// run holds every task; its hosts are all this machine (local connection), each taking a slice
// of the work so that the modules run side by side.
//
// - api_info succeeds for every path of the collection's table that the router has (GET of it
//   answers), and a settings menu's record carries every field the collection gives a default.
// - api_modify is idempotent on the common configuration (test/api/ansible-cases.ts): a second
//   run with the same data changes nothing; then `comment: null` takes the comment away, and a
//   run after that changes nothing either.

import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { client, startRouter, tempDir, type TestRouter } from '../helpers/router.js';
import { GROUPS, type Case } from './ansible-cases.js';
import { allMenus } from '../../src/menus/index.js';
import { SENSITIVE_NAMES } from '../../src/menus/sensitive.js';

interface PathInfo { single: boolean; understood: boolean; fields: Record<string, { default: unknown }> }

/** The collection's own table of paths (its `_api_data.py`), read by the Python the modules run with. */
const DUMP = `
import json
from ansible_collections.community.routeros.plugins.module_utils._api_data import PATHS
print(json.dumps({' '.join(k): {'single': v.single_value, 'understood': v.fully_understood,
  'fields': {n: {'default': f.default} for n, f in v.fields.items()}} for k, v in PATHS.items()}))
`;

function exec(file: string, args: string[], env: NodeJS.ProcessEnv = {}): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(file, args, { timeout: 600_000, maxBuffer: 256 << 20, env: { ...process.env, ...env } }, (e, stdout, stderr) => {
      resolve({ code: e ? (typeof e.code === 'number' ? e.code : 1) : 0, stdout, stderr });
    });
  });
}

interface TaskResult { item: unknown; changed?: boolean; failed?: boolean; msg?: string; result?: Record<string, unknown>[] }

const HOSTS = GROUPS.length;

/**
 * Fields the collection expects that vrouter does not print yet, each for a reason: the boot
 * loader's settings are the board's (the board catalogue's to give), and no source shows what
 * `snmp engine-id` is on a router nobody set.
 */
const LEFT_OUT = new Set([
  'system routerboard settings baud-rate', 'system routerboard settings boot-delay', 'system routerboard settings boot-device',
  'system routerboard settings enable-jumper-reset', 'system routerboard settings enter-setup-on',
  'snmp engine-id',
]);

describe('community.routeros over the API face', { timeout: 900_000 }, () => {
  let r: TestRouter;
  let table: Record<string, PathInfo>;
  const has = new Set<string>();
  /** The paths that are settings on the router (GET answers one object, not a list). */
  const settings = new Set<string>();
  /** Results by task name, host and item. */
  const results = new Map<string, TaskResult[]>();
  const caseOf = new Map<string, Case>();

  before(async () => {
    r = await startRouter();
    const c = client(r.port);
    const dump = await exec('/usr/bin/python3', ['-c', DUMP]);
    assert.equal(dump.code, 0, dump.stderr);
    table = JSON.parse(dump.stdout);
    // The paths the router has: GET of each answers.
    for (const [p, info] of Object.entries(table)) {
      if (!info.understood) continue;
      const got = await c.get(`/rest/${p.replaceAll(' ', '/')}`);
      if (got.status !== 200) continue;
      has.add(p);
      if (!Array.isArray(got.json)) settings.add(p);
    }
    const infoPaths = [...has].sort();
    const dir = tempDir();
    const hosts: Record<string, unknown> = {};
    for (let h = 0; h < HOSTS; h++) {
      const cases = GROUPS[h].map((k) => {
        caseOf.set(k.path, k);
        const comments = !table[k.path].single && 'comment' in table[k.path].fields;
        return {
          path: k.path,
          first: comments ? k.data.map((e) => ({ ...e, comment: 'ansible' })) : k.data,
          second: comments ? k.data.map((e) => ({ ...e, comment: null })) : k.data,
        };
      });
      hosts[`h${h}`] = {
        ansible_connection: 'local', ansible_python_interpreter: '/usr/bin/python3',
        info_paths: infoPaths.filter((_, i) => i % HOSTS === h), cases,
      };
    }
    const inventory = { all: { hosts } };
    const api = { hostname: '127.0.0.1', port: r.router.bound.api, username: 'admin', password: '' };
    const modify = (name: string, data: string) => ({
      name, register: name, ignore_errors: true, loop: '{{ cases }}', loop_control: { label: '{{ item.path }}' },
      'community.routeros.api_modify': { path: '{{ item.path }}', data: `{{ item.${data} }}` },
    });
    const playbook = [
      {
        hosts: 'all', gather_facts: false, module_defaults: { 'group/community.routeros.api': api },
        tasks: [
          {
            name: 'info', register: 'info', ignore_errors: true, loop: '{{ info_paths }}',
            'community.routeros.api_info': { path: '{{ item }}', hide_defaults: false, handle_disabled: 'omit' },
          },
          modify('first', 'first'), modify('again', 'first'), modify('uncomment', 'second'), modify('settled', 'second'),
        ],
      },
    ];
    // JSON is YAML: Ansible reads both files as they are.
    fs.writeFileSync(path.join(dir, 'inventory.yml'), JSON.stringify(inventory));
    fs.writeFileSync(path.join(dir, 'playbook.yml'), JSON.stringify(playbook));
    const run = await exec('ansible-playbook', ['-i', path.join(dir, 'inventory.yml'), '-f', String(HOSTS), path.join(dir, 'playbook.yml')], {
      ANSIBLE_STDOUT_CALLBACK: 'json', ANSIBLE_LOCALHOST_WARNING: 'false', ANSIBLE_HOST_KEY_CHECKING: 'false',
      ANSIBLE_NOCOLOR: '1', ANSIBLE_RETRY_FILES_ENABLED: 'false', ANSIBLE_LOCAL_TEMP: path.join(dir, 'tmp'),
    });
    let out: { plays: { tasks: { task: { name: string }; hosts: Record<string, { results?: TaskResult[] }> }[] }[] };
    try { out = JSON.parse(run.stdout); } catch { assert.fail(`ansible-playbook wrote no JSON (exit ${run.code}): ${run.stderr}\n${run.stdout}`); }
    for (const t of out.plays[0].tasks) {
      results.set(t.task.name, Object.values(t.hosts).flatMap((h) => h.results ?? []));
    }
  });
  after(() => r.stop());

  test('api_info succeeds for every path of the collection the router has', () => {
    // The 7.24 tree has 127 of the collection's 142 fully understood paths (mpls, rip, port
    // firmware ... are no menus of 7.24).
    assert.ok(has.size > 100, String(has.size));
    const info = results.get('info')!;
    assert.equal(info.length, has.size);
    const failed = info.filter((x) => x.failed).map((x) => `${x.item}: ${x.msg}`);
    assert.deepEqual(failed, []);
  });

  test('api_info shows a settings menu with every field the collection gives a default for', () => {
    const missing: string[] = [];
    assert.ok(settings.size > 40, String(settings.size));
    for (const x of results.get('info')!) {
      const p = String(x.item);
      const info = table[p];
      // The collection's single values that 7.24 keeps as lists (`mpls ldp` has instances now) are no settings here.
      if (!info.single || !settings.has(p)) continue;
      assert.equal(x.result?.length, 1, `${p}: ${JSON.stringify(x.result)}`);
      const record = x.result![0];
      const menu = allMenus().find((m) => m.path === p.replaceAll(' ', '/') && m.kind === 'settings')!;
      for (const [name, f] of Object.entries(info.fields)) {
        // What 7.24 no longer has (ip ssh allow-none-crypto, tool e-mail address) is not asked for.
        if (f.default === null || !menu.fields?.[name] || name in record) continue;
        // Left to the board's data: the neighbour tables' size follows the RAM (V's hAP ac² prints
        // 4096 where the collection writes 8192). A secret nobody set is not printed (V).
        if (name === 'max-neighbor-entries' || SENSITIVE_NAMES.has(name) || LEFT_OUT.has(`${p} ${name}`)) continue;
        missing.push(`${p} ${name}`);
      }
    }
    assert.deepEqual(missing, []);
  });

  test('api_modify: the first run changes, the same data again changes nothing', () => {
    const first = results.get('first')!;
    const again = results.get('again')!;
    assert.ok(first.length >= 30, String(first.length));
    assert.deepEqual(first.filter((x) => x.failed || !x.changed).map((x) => `${(x.item as Case).path}: ${x.msg ?? 'unchanged'}`), []);
    assert.deepEqual(again.filter((x) => x.failed || x.changed).map((x) => `${(x.item as Case).path}: ${x.msg ?? 'changed'}`), []);
  });

  test('api_modify: comment: null takes the comment away, and then nothing changes', () => {
    const uncomment = results.get('uncomment')!;
    const settled = results.get('settled')!;
    const commented = (x: TaskResult) => { const p = (x.item as Case).path; return !table[p].single && 'comment' in table[p].fields; };
    assert.ok(uncomment.filter(commented).length >= 25);
    assert.deepEqual(uncomment.filter((x) => x.failed || x.changed !== commented(x)).map((x) => `${(x.item as Case).path}: ${x.msg ?? x.changed}`), []);
    assert.deepEqual(settled.filter((x) => x.failed || x.changed).map((x) => `${(x.item as Case).path}: ${x.msg ?? 'changed'}`), []);
    assert.equal(caseOf.size, settled.length);
  });
});
