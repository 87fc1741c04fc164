// The Ansible collection community.routeros against the API face, as its users run it: Debian's
// `ansible-playbook` (installed by .ci/run) with the collection's api_info and api_modify
// modules, which talk to the router through librouteros (python3-librouteros). One playbook
// run holds every task; its hosts are all this machine (local connection), each taking a slice
// of the work so that the modules run side by side.
//
// - api_info succeeds for every path of a fixed list written below (each must answer GET), a
//   settings menu's record carries every field the collection gives a default, and its values
//   are those the manual and real prints give (test/tree/manual-defaults.ts).
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
import { MANUAL_DEFAULTS } from '../tree/manual-defaults.js';

/** Settings a home router's default configuration changes (routeros-facts.md 3, item 14; 8). */
const DEFCONF_SETS = new Set(['ip neighbor discovery-settings discover-interface-list', 'tool mac-server allowed-interface-list', 'tool mac-server mac-winbox allowed-interface-list', 'ip dns allow-remote-requests']);

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
 * The collection's fully understood paths that a 7.24 router of the default board has (the
 * collection 2.8.2 that Debian installs): api_info must read every one. The others are no menus
 * of 7.24 (caps-man and the wireless menus: the wireless package's; mpls, ip accounting, routing
 * rip and mme, system upgrade mirror, port firmware, the bridge's port-controller and
 * port-extender; ip route vrf).
 */
const INFO_PATHS: readonly string[] = [
  'certificate settings', 'interface bonding', 'interface bridge', 'interface bridge mlag', 'interface bridge port',
  'interface bridge settings', 'interface bridge vlan', 'interface detect-internet', 'interface eoip',
  'interface ethernet', 'interface ethernet poe', 'interface ethernet switch', 'interface ethernet switch port',
  'interface gre', 'interface gre6', 'interface l2tp-server server', 'interface list', 'interface list member',
  'interface ovpn-server server', 'interface pppoe-client', 'interface pptp-server server',
  'interface sstp-server server', 'interface vlan', 'interface vrrp', 'interface wireguard',
  'interface wireguard peers', 'ip address', 'ip arp', 'ip cloud', 'ip cloud advanced', 'ip dhcp-client',
  'ip dhcp-client option', 'ip dhcp-server', 'ip dhcp-server config', 'ip dhcp-server lease',
  'ip dhcp-server network', 'ip dns', 'ip dns static', 'ip firewall address-list', 'ip firewall connection tracking',
  'ip firewall filter', 'ip firewall layer7-protocol', 'ip firewall mangle', 'ip firewall nat', 'ip firewall raw',
  'ip firewall service-port', 'ip hotspot service-port', 'ip ipsec identity', 'ip ipsec peer', 'ip ipsec policy',
  'ip ipsec profile', 'ip ipsec proposal', 'ip ipsec settings', 'ip neighbor discovery-settings', 'ip pool',
  'ip proxy', 'ip route', 'ip service', 'ip settings', 'ip smb', 'ip socks', 'ip ssh', 'ip tftp settings',
  'ip traffic-flow', 'ip traffic-flow ipfix', 'ip upnp', 'ipv6 address', 'ipv6 dhcp-client', 'ipv6 dhcp-server',
  'ipv6 dhcp-server option', 'ipv6 firewall address-list', 'ipv6 firewall filter', 'ipv6 firewall mangle',
  'ipv6 firewall raw', 'ipv6 nd', 'ipv6 nd prefix default', 'ipv6 route', 'ipv6 settings', 'mpls ldp', 'ppp aaa',
  'queue interface', 'queue tree', 'radius incoming', 'routing bgp instance', 'routing ospf area',
  'routing ospf area range', 'routing ospf instance', 'routing ospf interface-template', 'routing pimsm instance',
  'routing pimsm interface-template', 'snmp', 'snmp community', 'system clock', 'system clock manual',
  'system identity', 'system leds settings', 'system logging', 'system logging action', 'system note',
  'system ntp client', 'system ntp client servers', 'system ntp server', 'system package update',
  'system routerboard settings', 'system scheduler', 'system script', 'system ups', 'system watchdog',
  'tool bandwidth-server', 'tool e-mail', 'tool graphing', 'tool mac-server', 'tool mac-server mac-winbox',
  'tool mac-server ping', 'tool romon', 'tool sms', 'tool sniffer', 'tool traffic-generator', 'user aaa',
  'user group',
];

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
  /** Paths of the list that did not answer GET. */
  const unanswered: string[] = [];
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
    // Every path of the list answers GET; one that does not is named by the first test.
    for (const p of INFO_PATHS) {
      const got = await c.get(`/rest/${p.replaceAll(' ', '/')}`);
      if (got.status !== 200) { unanswered.push(`${p}: ${got.status} ${got.text.slice(0, 80)}`); continue; }
      has.add(p);
      if (!Array.isArray(got.json)) settings.add(p);
    }
    const infoPaths = [...INFO_PATHS];
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

  test('api_info succeeds for every path of the list, and each answers over REST', () => {
    assert.deepEqual(unanswered, []);
    for (const p of INFO_PATHS) assert.ok(table[p]?.understood, `${p} is no path the collection fully understands`);
    const info = results.get('info')!;
    assert.deepEqual(info.map((x) => String(x.item)).sort(), [...INFO_PATHS].sort());
    const failed = info.filter((x) => x.failed).map((x) => `${x.item}: ${x.msg}`);
    assert.deepEqual(failed, []);
  });

  test('api_info reads the values the manual and real prints give a blank router\'s settings (test/tree/manual-defaults.ts)', () => {
    // librouteros reads yes/true and no/false as booleans and numbers as integers.
    const norm = (v: unknown) => (v === true || v === 'yes' ? 'true' : v === false || v === 'no' ? 'false' : String(v));
    let compared = 0;
    const wrong: string[] = [];
    for (const x of results.get('info')!) {
      const known = MANUAL_DEFAULTS[String(x.item).replaceAll(' ', '/')];
      if (!known || !settings.has(String(x.item)) || x.result?.length !== 1) continue;
      for (const [name, value] of Object.entries(known)) {
        // What the default configuration sets on this router (a home router's defconf) is not the blank router's.
        if (DEFCONF_SETS.has(`${x.item} ${name}`)) continue;
        // The boot loader's settings a board without a serial console lacks (LEFT_OUT, above).
        if (LEFT_OUT.has(`${x.item} ${name}`)) continue;
        // api_info returns only the fields the collection knows (2.8.2 predates some of 7.24's).
        if (!(name in table[String(x.item)].fields)) continue;
        compared++;
        if (norm(x.result[0][name]) !== norm(value)) wrong.push(`${x.item} ${name}: ${JSON.stringify(x.result[0][name])}, the manual's ${value}`);
      }
    }
    assert.deepEqual(wrong, []);
    assert.ok(compared > 100, String(compared));
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
