// Issue 37, point 5: what community.routeros's api_info prints, given back to api_modify,
// changes nothing. `ip dhcp-server` and `ip dhcp-server network` printed the manual's values
// of fields a real router leaves out until they are set (relay 0.0.0.0, netmask 0 ...): the
// collection knows those as values that can be absent (`can_disable`, with the value that
// removes them), so api_modify "removed" them on every run and reported a change each time.
// Debian's ansible-playbook drives the collection, as in ./ansible.test.ts.

import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { startRouter, tempDir, type TestRouter } from '../helpers/router.js';

const PATHS = ['ip dhcp-server', 'ip dhcp-server network'];

interface TaskResult { item: { path?: string; item?: { path: string } }; changed?: boolean; failed?: boolean; msg?: string; result?: Record<string, unknown>[] }

let r: TestRouter;
const results = new Map<string, TaskResult[]>();

before(async () => {
  r = await startRouter();
  const dir = tempDir();
  const api = { hostname: '127.0.0.1', port: r.router.bound.api, username: 'admin', password: '' };
  const paths = PATHS.map((p) => ({ path: p }));
  // api_info as ./ansible.test.ts asks (every value, unset ones left out), and with the
  // module's own defaults (defaults hidden, unset values as `!name`): each given back to api_modify.
  const roundTrip = (name: string, options: Record<string, unknown>) => [
    { name: `${name} info`, register: `${name.replace(' ', '_')}_info`, loop: paths, 'community.routeros.api_info': { path: '{{ item.path }}', ...options } },
    ...['once', 'again'].map((run) => ({
      name: `${name} ${run}`, register: `${name.replace(' ', '_')}_${run}`, ignore_errors: true, loop: `{{ ${name.replace(' ', '_')}_info.results }}`,
      'community.routeros.api_modify': { path: '{{ item.item.path }}', data: '{{ item.result }}' },
    })),
  ];
  const playbook = [{
    hosts: 'localhost', gather_facts: false, module_defaults: { 'group/community.routeros.api': api },
    tasks: [
      // A server and a network of the user's own beside the default configuration's.
      { name: 'add', 'community.routeros.api_modify': { path: 'ip pool', data: [{ name: 'pool-lab', ranges: '10.1.1.100-10.1.1.200' }] } },
      { name: 'add server', 'community.routeros.api_modify': { path: 'ip dhcp-server', data: [{ name: 'dhcp-lab', interface: 'ether1', 'address-pool': 'pool-lab', 'lease-time': '1h' }] } },
      { name: 'add network', 'community.routeros.api_modify': { path: 'ip dhcp-server network', data: [{ address: '10.1.1.0/24', gateway: '10.1.1.1', 'dns-server': '10.1.1.1' }] } },
      ...roundTrip('all values', { hide_defaults: false, handle_disabled: 'omit' }),
      ...roundTrip('module defaults', {}),
    ],
  }];
  fs.writeFileSync(path.join(dir, 'playbook.yml'), JSON.stringify(playbook));
  const out = await new Promise<string>((resolve, reject) => {
    execFile('ansible-playbook', ['-i', 'localhost,', '-c', 'local', '-e', 'ansible_python_interpreter=/usr/bin/python3', path.join(dir, 'playbook.yml')], {
      timeout: 300_000, maxBuffer: 64 << 20,
      env: { ...process.env, ANSIBLE_STDOUT_CALLBACK: 'json', ANSIBLE_LOCALHOST_WARNING: 'false', ANSIBLE_NOCOLOR: '1', ANSIBLE_RETRY_FILES_ENABLED: 'false', ANSIBLE_LOCAL_TEMP: path.join(dir, 'tmp') },
    }, (e, stdout, stderr) => (stdout ? resolve(stdout) : reject(new Error(`ansible-playbook: ${e?.message} ${stderr}`))));
  });
  const plays = JSON.parse(out).plays as { tasks: { task: { name: string }; hosts: Record<string, TaskResult & { results?: TaskResult[] }> }[] }[];
  for (const t of plays[0].tasks) results.set(t.task.name, Object.values(t.hosts).flatMap((h) => h.results ?? [h]));
});
after(() => r.stop());

const pathOf = (x: TaskResult) => x.item.item?.path ?? x.item.path;

for (const mode of ['all values', 'module defaults']) {
  test(`api_modify of what api_info printed (${mode}) changes nothing on ${PATHS.join(' and ')}`, () => {
    assert.deepEqual(results.get('add server')?.map((x) => x.changed), [true]);
    const info = results.get(`${mode} info`)!;
    // Both entries of each path were printed: the default configuration's and the one added.
    assert.deepEqual(info.map((x) => [x.item.path, x.result?.length]), PATHS.map((p) => [p, 2]));
    for (const run of ['once', 'again']) {
      const got = results.get(`${mode} ${run}`)!;
      assert.deepEqual(got.map((x) => `${pathOf(x)}: ${x.failed ? `failed, ${x.msg}` : x.changed ? 'changed' : 'unchanged'}`), PATHS.map((p) => `${p}: unchanged`));
    }
  });
}

test('a DHCP server and network print no value nobody set of those the router leaves out (relay, server-address, netmask ...)', async () => {
  const c = await fetch(`http://127.0.0.1:${r.port}/rest/ip/dhcp-server/defconf`, { headers: { Authorization: 'Basic YWRtaW46' } });
  const server = await c.json() as Record<string, string>;
  const absent = ['allow-dual-stack-queue', 'always-broadcast', 'bootp-support', 'client-mac-limit', 'conflict-detection', 'delay-threshold',
    'dhcp-option-set', 'insert-queue-before', 'parent-queue', 'relay', 'server-address', 'use-framed-as-classless'];
  assert.deepEqual(absent.filter((k) => k in server), []);
  const n = await fetch(`http://127.0.0.1:${r.port}/rest/ip/dhcp-server/network?address=192.168.88.0/24`, { headers: { Authorization: 'Basic YWRtaW46' } });
  const [network] = await n.json() as Record<string, string>[];
  assert.equal('netmask' in network, false);
  assert.equal(network.gateway, '192.168.88.1');
});
