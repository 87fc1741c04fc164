// Every release vrouter holds, 7.9 to 7.24, booted once each (a CHR: the routeros package
// alone) and held to facts of that release that differ from its neighbours: a menu, an
// argument and a value that the release has and the one before or after it has not, as a user
// meets them over REST. Each fact is written out with its source, the release's captured
// tree (../shared/reference/versions/<capture>/inspect.json, base package), and the first test
// reads those captures to hold the literals to them (docs/routeros-facts.md 52.1).
// A router that ran another release's tree (7.15 given 7.24's) fails here: it would have
// 7.24's menus, lack 7.15's arguments and take or refuse the wrong values.

import { after, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { client, startRouter, type TestRouter } from '../helpers/router.js';
import { RELEASES, releaseFor, releaseTree } from '../../src/tree/tree.js';

const VERSIONS = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..', '..', 'shared', 'reference', 'versions');

/** Each release and the capture its tree is made from (README, Releases and packages). */
const CAPTURES: readonly (readonly [minor: string, capture: string])[] = [
  ['7.9', '7.9.2'], ['7.10', '7.10.2'], ['7.11', '7.11.3'], ['7.12', '7.12.2'], ['7.13', '7.13.5'], ['7.14', '7.14.3'],
  ['7.15', '7.15.3'], ['7.16', '7.16.2'], ['7.17', '7.17.1'], ['7.18', '7.18.2'], ['7.19', '7.19.6'], ['7.20', '7.20.8'],
  ['7.21', '7.21.5'], ['7.22', '7.22.3'], ['7.23', '7.23.3'], ['7.24', '7.24'],
];
const MINORS = CAPTURES.map(([m]) => m);

interface Fact {
  kind: 'menu' | 'argument' | 'value';
  /** The releases that have it: `7.10-` (from), `-7.19` (up to), `7.15-7.18`, `-7.20,7.22`. */
  releases: string;
  /** What a user sends to meet it. */
  call: readonly [method: 'GET' | 'POST' | 'PUT', path: string, body?: Record<string, string>];
  /** The status a release that has it answers. */
  ok: number;
  /**
   * What a release without it answers, before and after the releases that have it: 400 Bad
   * Request with this detail, or 404 Not Found where the menu's parent is a table (the word is
   * looked up as one of its records).
   */
  before?: string | 404;
  after?: string | 404;
  /** In the captured tree: the directory, or `dir command argument`. */
  tree: string;
  /** A value fact: the argument's type note in the captures either side of each boundary. */
  notes?: Readonly<Record<string, string>>;
}

const bgp = (name: string, extra: Record<string, string>) =>
  ['PUT', '/rest/routing/bgp/connection', { name, 'remote.address': '10.0.0.1', 'local.role': 'ebgp', as: '65001', ...extra }] as const;

const FACTS: readonly Fact[] = [
  // Menus (GET of the menu).
  { kind: 'menu', releases: '7.10-', call: ['GET', '/rest/mpls/settings'], ok: 200, before: 'no such command or directory (settings)', tree: 'mpls/settings' },
  { kind: 'menu', releases: '7.12-', call: ['GET', '/rest/routing/settings'], ok: 200, before: 'no such command or directory (settings)', tree: 'routing/settings' },
  // 7.13 moved CAPsMAN (v1) out of routeros into the wireless package, which a CHR lacks.
  { kind: 'menu', releases: '-7.12', call: ['GET', '/rest/caps-man/manager'], ok: 200, after: 'no such command or directory (caps-man)', tree: 'caps-man/manager' },
  { kind: 'menu', releases: '7.14-', call: ['GET', '/rest/disk/settings'], ok: 200, before: 404, tree: 'disk/settings' },
  { kind: 'menu', releases: '7.15-', call: ['GET', '/rest/ip/dns/adlist'], ok: 200, before: 'no such command', tree: 'ip/dns/adlist' },
  { kind: 'menu', releases: '-7.16', call: ['GET', '/rest/system/upgrade/mirror'], ok: 200, after: 'no such command or directory (upgrade)', tree: 'system/upgrade/mirror' },
  { kind: 'menu', releases: '7.17-', call: ['GET', '/rest/ip/dns/forwarders'], ok: 200, before: 'no such command', tree: 'ip/dns/forwarders' },
  { kind: 'menu', releases: '7.18-', call: ['GET', '/rest/safe-mode'], ok: 200, before: 'no such command or directory (safe-mode)', tree: 'safe-mode' },
  { kind: 'menu', releases: '-7.19', call: ['GET', '/rest/system/hardware'], ok: 200, after: 'no such command or directory (hardware)', tree: 'system/hardware' },
  { kind: 'menu', releases: '7.20-', call: ['GET', '/rest/ip/socksify'], ok: 200, before: 'no such command or directory (socksify)', tree: 'ip/socksify' },
  { kind: 'menu', releases: '7.21-', call: ['GET', '/rest/system/regulatory'], ok: 200, before: 'no such command or directory (regulatory)', tree: 'system/regulatory' },
  { kind: 'menu', releases: '7.22-', call: ['GET', '/rest/ip/reverse-proxy'], ok: 200, before: 'no such command or directory (reverse-proxy)', tree: 'ip/reverse-proxy' },
  // Gone in 7.21, back in 7.22, gone again in 7.23.
  { kind: 'menu', releases: '-7.20,7.22', call: ['GET', '/rest/routing/route/rule'], ok: 200, before: 404, after: 404, tree: 'routing/route/rule' },
  { kind: 'menu', releases: '7.23-', call: ['GET', '/rest/ip/neighbor/lldp'], ok: 200, before: 404, tree: 'ip/neighbor/lldp' },
  { kind: 'menu', releases: '7.24-', call: ['GET', '/rest/system/keymat-provider'], ok: 200, before: 'no such command or directory (keymat-provider)', tree: 'system/keymat-provider' },
  // Arguments (a set or an add that gives it).
  { kind: 'argument', releases: '-7.9', call: ['POST', '/rest/snmp/set', { 'engine-id': '80003a8c04' }], ok: 200, after: 'unknown parameter engine-id', tree: 'snmp set engine-id' },
  { kind: 'argument', releases: '7.10-', call: ['POST', '/rest/ip/dns/set', { 'address-list-extra-time': '1s' }], ok: 200, before: 'unknown parameter address-list-extra-time', tree: 'ip/dns set address-list-extra-time' },
  { kind: 'argument', releases: '7.11-', call: ['PUT', '/rest/tool/netwatch', { host: '192.0.2.1', 'src-address': '192.0.2.2' }], ok: 201, before: 'unknown parameter src-address', tree: 'tool/netwatch add src-address' },
  { kind: 'argument', releases: '-7.11', call: ['POST', '/rest/tool/e-mail/set', { address: '192.0.2.25' }], ok: 200, after: 'unknown parameter address', tree: 'tool/e-mail set address' },
  { kind: 'argument', releases: '-7.12', call: ['POST', '/rest/ip/settings/set', { 'route-cache': 'yes' }], ok: 200, after: 'unknown parameter route-cache', tree: 'ip/settings set route-cache' },
  { kind: 'argument', releases: '7.14-', call: ['POST', '/rest/system/note/set', { 'show-at-cli-login': 'yes' }], ok: 200, before: 'unknown parameter show-at-cli-login', tree: 'system/note set show-at-cli-login' },
  { kind: 'argument', releases: '7.15-', call: ['POST', '/rest/ip/dns/set', { vrf: 'main' }], ok: 200, before: 'unknown parameter vrf', tree: 'ip/dns set vrf' },
  { kind: 'argument', releases: '7.16-', call: ['POST', '/rest/ip/settings/set', { 'ipv4-multipath-hash-policy': 'l3' }], ok: 200, before: 'unknown parameter ipv4-multipath-hash-policy', tree: 'ip/settings set ipv4-multipath-hash-policy' },
  { kind: 'argument', releases: '-7.16', call: ['POST', '/rest/ip/ssh/set', { 'allow-none-crypto': 'no' }], ok: 200, after: 'unknown parameter allow-none-crypto', tree: 'ip/ssh set allow-none-crypto' },
  { kind: 'argument', releases: '7.17-', call: ['POST', '/rest/ip/settings/set', { 'tcp-timestamps': 'random-offset' }], ok: 200, before: 'unknown parameter tcp-timestamps', tree: 'ip/settings set tcp-timestamps' },
  { kind: 'argument', releases: '7.18-', call: ['POST', '/rest/console/settings/set', { 'log-script-errors': 'yes' }], ok: 200, before: 'unknown parameter log-script-errors', tree: 'console/settings set log-script-errors' },
  { kind: 'argument', releases: '-7.18', call: bgp('af', { 'address-families': 'ip' }), ok: 201, after: 'unknown parameter address-families', tree: 'routing/bgp/connection add address-families' },
  { kind: 'argument', releases: '7.19-', call: ['POST', '/rest/tool/sniffer/set', { 'max-packet-size': '2048' }], ok: 200, before: 'unknown parameter max-packet-size', tree: 'tool/sniffer set max-packet-size' },
  { kind: 'argument', releases: '-7.19', call: ['PUT', '/rest/interface/vrrp', { name: 'v1', interface: 'ether1', mtu: '1400' }], ok: 201, after: 'unknown parameter mtu', tree: 'interface/vrrp add mtu' },
  { kind: 'argument', releases: '7.20-', call: ['POST', '/rest/console/settings/set', { 'tab-width': '4' }], ok: 200, before: 'unknown parameter tab-width', tree: 'console/settings set tab-width' },
  { kind: 'argument', releases: '-7.20', call: ['POST', '/rest/ip/ssh/set', { 'always-allow-password-login': 'yes' }], ok: 200, after: 'unknown parameter always-allow-password-login', tree: 'ip/ssh set always-allow-password-login' },
  { kind: 'argument', releases: '7.21-', call: ['POST', '/rest/ip/ssh/set', { 'password-authentication': 'yes' }], ok: 200, before: 'unknown parameter password-authentication', tree: 'ip/ssh set password-authentication' },
  { kind: 'argument', releases: '7.22-', call: ['POST', '/rest/interface/detect-internet/set', { 'request-interval': '1h' }], ok: 200, before: 'unknown parameter request-interval', tree: 'interface/detect-internet set request-interval' },
  { kind: 'argument', releases: '7.23-', call: ['POST', '/rest/ip/settings/set', { 'ipv4-fragment-time': '30' }], ok: 200, before: 'unknown parameter ipv4-fragment-time', tree: 'ip/settings set ipv4-fragment-time' },
  { kind: 'argument', releases: '7.24-', call: ['POST', '/rest/ip/neighbor/discovery-settings/set', { 'dying-gasp': 'yes' }], ok: 200, before: 'unknown parameter dying-gasp', tree: 'ip/neighbor/discovery-settings set dying-gasp' },
  // Values (an argument both releases have, a value only one takes).
  {
    kind: 'value', releases: '-7.9', call: ['PUT', '/rest/ip/ipsec/profile', { name: 'p1', 'dh-group': 'ec2n185' }], ok: 201,
    after: 'input does not match any value of dh-group', tree: 'ip/ipsec/profile add dh-group',
    notes: {
      '7.9.2': 'x25519|ecp256|ecp384|ecp521|ec2n185|ec2n155|modp8192|modp6144|modp4096|modp3072|modp2048|modp1536|modp1024|modp768[,DhGroup*]',
      '7.10.2': 'x25519|ecp256|ecp384|ecp521|modp8192|modp6144|modp4096|modp3072|modp2048|modp1536|modp1024|modp768[,DhGroup*]',
    },
  },
  {
    kind: 'value', releases: '7.12-', call: bgp('ht', { 'hold-time': '2h' }), ok: 201,
    before: 'value of hold-time is out of range (00:00:03 .. 01:00:00)', tree: 'routing/bgp/connection add hold-time',
    notes: { '7.11.3': '3s..1h    (time interval)', '7.12.2': '3s..18h12m15s    (time interval)' },
  },
  {
    kind: 'value', releases: '-7.13', call: ['PUT', '/rest/ip/traffic-flow/target', { 'dst-address': '192.0.2.9', 'v9-template-timeout': '8000w' }], ok: 201,
    after: 'value of v9-template-timeout is out of range (00:00:01 .. 7101w3d06:28:15)', tree: 'ip/traffic-flow/target add v9-template-timeout',
    notes: { '7.13.5': '1s..    (time interval)', '7.14.3': '1s..7101w3d6h28m15s    (time interval)' },
  },
  {
    kind: 'value', releases: '7.15-7.18', call: bgp('v6', { 'address-families': 'vpnv6' }), ok: 201,
    before: 'input does not match any value of address-families', after: 'unknown parameter address-families', tree: 'routing/bgp/connection add address-families',
    notes: { '7.14.3': 'ip|ipv6|l2vpn|l2vpn-cisco|vpnv4[,AddressFamilies*]', '7.15.3': 'ip|ipv6|l2vpn|l2vpn-cisco|vpnv4|vpnv6[,AddressFamilies*]' },
  },
  {
    kind: 'value', releases: '7.16-', call: bgp('isis', { 'output.redistribute': 'isis' }), ok: 201,
    before: 'input does not match any value of output.redistribute', tree: 'routing/bgp/connection add output.redistribute',
    notes: {
      '7.15.3': 'connected|static|rip|ospf|bgp|vpn|dhcp|fantasy|modem|bgp-mpls-vpn[,OutputRedistribute*]',
      '7.16.2': 'connected|static|rip|ospf|isis|bgp|vpn|dhcp|fantasy|modem|bgp-mpls-vpn[,OutputRedistribute*]',
    },
  },
  {
    // A disk's slot name: at most 32 characters up to 7.16, any length from 7.17 (a CHR's disk is slot1).
    kind: 'value', releases: '7.17-', call: ['POST', '/rest/disk/set', { numbers: 'slot1', slot: 's'.repeat(33) }], ok: 200,
    before: 'invalid value for argument slot', tree: 'disk set slot',
    notes: { '7.16.2': 'string value, max length 32', '7.17.1': 'string value' },
  },
  {
    kind: 'value', releases: '7.19-', call: ['PUT', '/rest/interface/wifi/security', { name: 's1', 'authentication-types': 'wpa2-psk-sha2' }], ok: 201,
    before: 'input does not match any value of authentication-types', tree: 'interface/wifi/security add authentication-types',
    notes: {
      '7.18.2': 'wpa-psk|wpa2-psk|wpa-eap|wpa2-eap|wpa3-psk|owe|wpa3-eap|wpa3-eap-192[,AuthenticationTypes*]',
      '7.19.6': 'wpa-psk|wpa2-psk|wpa2-psk-sha2|wpa-eap|wpa2-eap|wpa3-psk|owe|wpa3-eap|wpa3-eap-192[,AuthenticationTypes*]',
    },
  },
  {
    kind: 'value', releases: '7.20-', call: ['PUT', '/rest/interface/ovpn-server/server', { name: 'ovpn1', auth: 'sha384' }], ok: 201,
    before: 'input does not match any value of auth', tree: 'interface/ovpn-server/server add auth',
    notes: { '7.19.6': 'sha1|md5|sha256|sha512|null[,Auth*]', '7.20.8': 'sha1|md5|sha256|sha384|sha512|null[,Auth*]' },
  },
  {
    kind: 'value', releases: '7.21-', call: bgp('slaac', { 'output.redistribute': 'slaac' }), ok: 201,
    before: 'input does not match any value of output.redistribute', tree: 'routing/bgp/connection add output.redistribute',
    notes: {
      '7.20.8': 'connected|static|rip|ospf|isis|bgp|vpn|dhcp|fantasy|modem|bgp-mpls-vpn[,OutputRedistribute*]',
      '7.21.5': 'connected|static|rip|ospf|isis|bgp|vpn|dhcp|fantasy|modem|bgp-mpls-vpn|slaac[,OutputRedistribute*]',
    },
  },
  {
    kind: 'value', releases: '7.22-', call: ['POST', '/rest/system/package/local-update/mirror/set', { 'check-interval': '1h' }], ok: 200,
    before: 'value of check-interval is out of range (12:00:00 .. 7101w3d06:28:15)', tree: 'system/package/local-update/mirror set check-interval',
    notes: { '7.21.5': '12h..7101w3d6h28m15s    (time interval)', '7.22.3': '5m..7101w3d6h28m15s    (time interval)' },
  },
  {
    kind: 'value', releases: '7.23-', call: ['POST', '/rest/certificate/settings/set', { 'builtin-trust-store': 'logging' }], ok: 200,
    before: 'input does not match any value of builtin-trust-store', tree: 'certificate/settings set builtin-trust-store',
    notes: {
      '7.22.3': 'ipsec|wpa-eap|capsman|fetch|sstp|ovpn|mqtt|email|netwatch|radius|container|userman|lora|openflow|tr069|dot1x|dns|www|api|reverse-proxy[,Component*]',
      '7.23.3': 'ipsec|wpa-eap|capsman|fetch|sstp|ovpn|mqtt|email|netwatch|radius|container|userman|lora|wiliot|openflow|tr069|dot1x|dns|www|api|reverse-proxy|logging[,Component*]',
    },
  },
  {
    kind: 'value', releases: '-7.23', call: ['POST', '/rest/ip/neighbor/discovery-settings/set', { 'discover-interval': '9h6m8s' }], ok: 200,
    after: 'value of discover-interval is out of range (00:00:05 .. 09:06:07)', tree: 'ip/neighbor/discovery-settings set discover-interval',
    notes: { '7.23.3': '5s..9h6m8s    (time interval)', '7.24': '5s..9h6m7s    (time interval)' },
  },
];

/**
 * Behaviours of a release's export (src/device/version.ts QUIRKS), from real exports: a plain
 * DNS record's `type=A` is written by the compact exports of 7.16.2 (foundryserver rb5009,
 * corpus), 7.20.4 and 7.21.1 (Bagumka, corpus), not by those of 7.2.3 (simsrw73) and 7.10
 * (Defm CHR, corpus); none of 7.11 to 7.15 was found, so the boundary is 7.16 (routeros-facts.md 23).
 */
const EXPORT_FACTS: readonly { releases: string; add: readonly [path: string, body: Record<string, string>]; script: string; line: string }[] = [
  { releases: '7.16-', add: ['/rest/ip/dns/static', { name: 'nas.lan', address: '10.0.0.9' }], script: '/ip dns static export', line: 'add address=10.0.0.9 name=nas.lan type=A' },
];

const index = (minor: string) => MINORS.indexOf(minor);

/** Whether a release has the fact. */
function has(fact: Fact, minor: string): boolean {
  const i = index(minor);
  return fact.releases.split(',').some((range) => {
    const [from, to] = range.includes('-') ? range.split('-') : [range, range];
    return i >= (from ? index(from) : 0) && i <= (to ? index(to) : MINORS.length - 1);
  });
}

/** The facts in which a release differs from the one before or after it. */
const differing = (minor: string) => FACTS.filter((f) => {
  const i = index(minor);
  return [MINORS[i - 1], MINORS[i + 1]].some((n) => n !== undefined && has(f, n) !== has(f, minor));
});

/** The captured tree of a release, base package. */
const captures = new Map<string, any>();
function capture(v: string): any {
  let t = captures.get(v);
  if (!t) { t = JSON.parse(fs.readFileSync(path.join(VERSIONS, v, 'inspect.json'), 'utf8')); captures.set(v, t); }
  return t;
}
function inTree(tree: any, where: string): any {
  const [dir, command, arg] = where.split(' ');
  let node = tree;
  for (const w of dir.split('/')) node = node?.[w];
  if (command) node = node?.[command];
  if (arg) node = node?.[arg];
  return node;
}

describe('the facts are the captured trees\'', () => {
  test('each fact holds in the capture of every release that has it, and not in the others; each value\'s type notes are the captures\'', () => {
    for (const f of FACTS) {
      // A value's argument is in both releases of a boundary: its notes tell them apart.
      if (f.kind !== 'value') for (const [minor, v] of CAPTURES) assert.equal(inTree(capture(v), f.tree) !== undefined, has(f, minor), `${f.tree} in ${v}`);
      for (const [v, note] of Object.entries(f.notes ?? {})) assert.equal(inTree(capture(v), f.tree).desc ?? '', note, `${f.tree} in ${v}`);
    }
  });

  test('each release\'s tree says which capture it is, and vrouter holds exactly these releases', () => {
    assert.deepEqual(RELEASES, CAPTURES.map(([, v]) => v));
    for (const [minor, v] of CAPTURES) {
      assert.equal(releaseFor(minor), v);
      assert.equal(releaseTree(v).version, v);
    }
  });

  test('every release differs from its neighbours in at least one menu, one argument and one value', () => {
    for (const minor of MINORS) {
      const kinds = new Set(differing(minor).map((f) => f.kind));
      assert.deepEqual([...kinds].sort(), ['argument', 'menu', 'value'], minor);
    }
  });
});

describe('every release, booted', () => {
  for (const [minor, v] of CAPTURES) {
    test(`${minor} (the tree of ${v}): its menus, arguments and values, and not its neighbours'`, async () => {
      let r: TestRouter | undefined;
      try {
        r = await startRouter({ rosVersion: minor, board: 'chr' });
        const c = client(r.port);
        assert.equal((await c.get('/rest/system/resource')).json.version, `${minor} (stable)`);
        for (const f of differing(minor)) {
          const [method, url, body] = f.call;
          const res = method === 'GET' ? await c.get(url) : method === 'PUT' ? await c.put(url, body) : await c.post(url, body);
          const what = `${minor} ${f.kind} ${f.tree}`;
          if (has(f, minor)) { assert.equal(res.status, f.ok, `${what}: ${res.text}`); continue; }
          const i = index(minor);
          const before = MINORS.slice(i + 1).some((n) => has(f, n));
          const answer = before ? f.before : f.after;
          assert.deepEqual(res.json, answer === 404 ? { error: 404, message: 'Not Found' } : { error: 400, message: 'Bad Request', detail: answer }, what);
        }
        for (const e of EXPORT_FACTS) {
          const f = { releases: e.releases } as Fact;
          const i = index(minor);
          if (![MINORS[i - 1], MINORS[i + 1]].some((n) => n !== undefined && has(f, n) !== has(f, minor))) continue;
          assert.equal((await c.put(e.add[0], e.add[1])).status, 201);
          const lines = ((await c.post('/rest/execute', { script: e.script, 'as-string': '' })).json.ret as string).split('\n');
          const line = has(f, minor) ? e.line : e.line.replace(/ type=A$/, '');
          assert.ok(lines.includes(line), `${minor} ${e.script}: ${line}\n${lines.join('\n')}`);
        }
      } finally { await r?.stop(); }
    });
  }
  after(() => captures.clear());
});
