// Issue 23, point 1: a settings menu never answers `{}`. Every settings directory of the 7.24
// tree, on a router with every extra package and on the default board, prints a non-empty record
// over REST, whose field names are the release's own (the captured trees, read here); a menu
// that answers 400 or 404 fails unless it is a package's the router lacks (issue 38, point 3).
// The menus below print nothing on a real router either, or have no source for what it prints
// (docs/routeros-facts.md sections 23.1 and 23.4); each is named with why, not invented.

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { directories, NEWEST_RELEASE , type Tree } from '../../src/tree/tree.js';
import { availablePackages } from '../../src/device/packages.js';
import { kindOf } from '../../src/tree/declare.js';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { client, startRouter } from '../helpers/router.js';

const NO_SOURCE: Readonly<Record<string, string>> = {
  // The real router prints nothing here either: `/environment print` lists the global variables
  // (manual "Scripting", Environment: `:global example; :set example 123` then `/environment print`
  // shows `"example"=123`), and a blank router has none.
  environment: 'the global variables; a blank router has none',
  // No argument to set in the 7.24 tree; the 7.22.3 deep inspect names what `get` reads
  // (regulatory: fcc; rtrace: state), but no public print, manual page or client schema shows
  // their values (searched again, docs/routeros-facts.md 23.6).
  'system/regulatory': 'fcc, no public print',
  'system/rtrace': 'state, no public print',
  // The manual's CLI reference lists /dude/settings as a settings directory with no argument and no
  // read-only value: nothing to print.
  'dude/settings': 'no argument and no read-only value in the manual\'s CLI reference',
  // The manual's CLI reference lists /iot/mqtt as a settings directory with no argument and no
  // read-only value (brokers and subscriptions are its sub-menus): nothing to print.
  'iot/mqtt': 'no argument and no read-only value in the manual\'s CLI reference',
  // The manual's CLI reference marks both arguments (external-antenna, wifi-band) `unset`: absent
  // from print until set, as any unset optional value.
  'interface/wifi/radio/settings': 'external-antenna and wifi-band print only once set',
};

// The release's captured trees (../shared/reference): 7.24 with the routeros package alone and
// with every extra package, and 7.22.3's deep capture, whose `get value-name` completes the
// names of the properties a menu prints (read-only ones too).
const REFERENCE = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..', '..', 'shared', 'reference');
const read = (f: string) => JSON.parse(fs.readFileSync(path.join(REFERENCE, f), 'utf8'));
const BASE = read('versions/7.24/inspect.json');
const EXTRA = read('versions/7.24/extra-inspect.json');
const DEEP = read('routeros-7.22.3-deep-inspect.json');
const at = (tree: any, p: string) => p.split('/').reduce((n, w) => n?.[w], tree);

/** The names the captures give a menu: the arguments of its set, and the properties its get names. */
function treeNames(p: string): Set<string> | undefined {
  const sets = [at(BASE, p), at(EXTRA, p)].filter(Boolean).map((n) => n.set ?? {});
  if (!sets.length) return undefined;
  const names = new Set(sets.flatMap((set) => Object.keys(set).filter((k) => set[k]?._type === 'arg')));
  for (const k of Object.keys(at(DEEP, p)?.get?.['value-name']?._completion ?? {})) names.add(k);
  return names;
}

/**
 * Printed names that are neither an argument of the 7.24 capture's set nor a property 7.22.3's
 * get names, each with its source.
 */
const NAMED_ELSEWHERE: Readonly<Record<string, string>> = {
  // The manual's "Back To Home" page and a 7.x ARM `export verbose` (`back-to-home-vpn=revoked-and-disabled`),
  // routeros-facts.md 51: a property of ARM boards the CHR captures do not have.
  'ip/cloud back-to-home-vpn': 'manual "Back To Home"; a 7.x ARM export verbose',
};

async function sweep(packages?: readonly string[]) {
  const r = await startRouter(packages ? { packages: [...packages] } : {});
  try {
    const c = client(r.port);
    const empty: string[] = [], wrong: string[] = [], unknown: string[] = [], absent: string[] = [];
    let seen = 0, named = 0;
    // The router's own tree: what its board lacks is not there (src/device/boards/features.ts).
    for (const [p, dir] of directories(r.router.engine.services.tree as Tree)) {
      // /system/health is a RouterBOARD's table of sensors (test/tree/breadth.test.ts).
      if (p === 'system/health' || kindOf(dir) !== 'settings') continue;
      const res = await c.get(`/rest/${p}`);
      if (res.status === 400 || res.status === 404) {
        // Only a menu of a package the router lacks may be missing: one the 7.24 capture of the
        // routeros package alone does not have (`no such command or directory`, or under a
        // table, 404 as a record that is not there).
        if (packages || at(BASE, p)) wrong.push(`${p}: ${res.status} ${res.text.slice(0, 80)}`); else absent.push(p);
        continue;
      }
      seen++;
      if (res.status !== 200 || typeof res.json !== 'object' || Array.isArray(res.json)) { wrong.push(`${p}: ${res.status} ${res.text.slice(0, 80)}`); continue; }
      if (Object.keys(res.json).length === 0) empty.push(p);
      // A hardware menu the CHR captures lack is hand-written (tree/packages.json, routeros-facts.md 12).
      const names = treeNames(p);
      if (!names) continue;
      named++;
      for (const k of Object.keys(res.json)) if (!names.has(k) && NAMED_ELSEWHERE[`${p} ${k}`] === undefined) unknown.push(`${p} ${k}`);
    }
    return { empty, wrong, unknown, absent, seen, named };
  } finally { await r.stop(); }
}

describe('a settings menu never answers {}', () => {
  test('every settings directory, every extra package of 7.24: a record of the names the tree gives it, non-empty save the menus with no source', async () => {
    const { empty, wrong, unknown, seen, named } = await sweep(availablePackages(NEWEST_RELEASE));
    assert.deepEqual(wrong, []);
    assert.deepEqual(unknown, []);
    assert.deepEqual(empty.sort(), Object.keys(NO_SOURCE).sort());
    assert.equal(seen, 106);
    assert.ok(named > 90, String(named));
  });

  test('the default board: every settings directory it has prints the tree\'s names, and only its missing packages\' menus are missing', async () => {
    const { empty, wrong, unknown, absent } = await sweep();
    assert.deepEqual(wrong, []);
    assert.deepEqual(unknown, []);
    assert.deepEqual(empty.filter((p) => !(p in NO_SOURCE)), []);
    // Each absent menu is in the capture with every extra package (a package's).
    for (const p of absent) assert.ok(at(EXTRA, p) !== undefined, p);
  });

  test('/safe-mode prints enabled and current, both no while nobody holds it (a real `/safe-mode print`)', async () => {
    const r = await startRouter();
    try {
      const c = client(r.port);
      assert.deepEqual((await c.get('/rest/safe-mode')).json, { current: 'false', enabled: 'false' });
      const get = await c.post('/rest/execute', { script: ':put [/safe-mode get enabled]', 'as-string': '' });
      assert.deepEqual(get.json, { ret: 'false' });
    } finally { await r.stop(); }
  });

  test('/environment prints the global variables, none on a blank router (manual "Scripting": `"example"=123`)', async () => {
    const r = await startRouter();
    try {
      const c = client(r.port);
      assert.deepEqual((await c.get('/rest/environment')).json, {});
      const run = await c.post('/rest/execute', { script: ':global example 123; :global greeting "hi there"', 'as-string': '' });
      assert.equal(run.status, 200, run.text);
      assert.deepEqual((await c.get('/rest/environment')).json, { example: '123', greeting: 'hi there' });
    } finally { await r.stop(); }
  });

  test('the menus of the extra packages print the real router\'s fields', async () => {
    // A hAP ax³: it has a WPS button (manual "RouterBOARD": the C53 series; the default hAP ax² has none).
    const r = await startRouter({ board: 'hap-ax3', packages: availablePackages(NEWEST_RELEASE) });
    try {
      const c = client(r.port);
      // A 7.17.2 `export verbose`: `/system console screen set blank-interval=10min line-count=25`.
      assert.deepEqual((await c.get('/rest/system/console/screen')).json, { 'blank-interval': '10min', 'line-count': '25' });
      // The manual's App page: auto-update no, show-in-webfig yes, the URL lists empty.
      assert.deepEqual((await c.get('/rest/app/settings')).json,
        { 'app-store-urls': '', 'auto-update': 'false', 'registry-mirrors': '', 'show-in-webfig': 'true' });
      // terraform-provider-routeros resource_system_routerboard_button_wps.go, a real REST print.
      assert.deepEqual((await c.get('/rest/system/routerboard/wps-button')).json, { enabled: 'false', 'hold-time': '0s..1m', 'on-event': '' });
      // terraform-provider-routeros resource_user_manager_settings.go (Default: values).
      assert.deepEqual((await c.get('/rest/user-manager')).json,
        { 'accounting-port': '1813', 'authentication-port': '1812', certificate: 'none', enabled: 'false', 'use-profiles': 'false' });
      // The database in the router's root, as on a board without a `flash` directory (a backup script
      // fetching `user-manager5/um5.sqlite` over SFTP; docs/routeros-facts.md 23.6).
      assert.deepEqual((await c.get('/rest/user-manager/database')).json, { 'db-path': 'user-manager5' });
      // community.routeros _api_data.py, ('interface', 'wireless', 'align').
      assert.deepEqual((await c.get('/rest/interface/wireless/align')).json, {
        'active-mode': 'true', 'audio-max': '-20', 'audio-min': '-100', 'audio-monitor': '00:00:00:00:00:00',
        'filter-mac': '00:00:00:00:00:00', 'frame-size': '300', 'frames-per-second': '25', 'receive-all': 'false', 'ssid-all': 'false',
      });
      // A RouterOS 7 `export verbose`: `/tr069-client set acs-url="" check-certificate=yes ...`, no password.
      assert.deepEqual((await c.get('/rest/tr069-client')).json, {
        'acs-url': '', 'check-certificate': 'true', 'client-certificate': 'none', 'connection-request-port': '7547',
        'connection-request-username': '', enabled: 'false', 'periodic-inform-enabled': 'true', 'periodic-inform-interval': '1d',
        'provisioning-code': '', username: '',
      });
      // A 6.45.9 `export verbose`: `/dude set data-directory=dude enabled=no`.
      assert.deepEqual((await c.get('/rest/dude')).json, { 'data-directory': 'dude', enabled: 'false' });
      // Manual "GPS": channel 0, enabled no, set-system-time no.
      assert.deepEqual((await c.get('/rest/system/gps')).json, { channel: '0', enabled: 'false', 'set-system-time': 'false' });
      // /system default-configuration: the board's scripts (a 7.6 print on an hAP ax: `script: #| Welcome
      // to RouterOS!` ..., `caps-mode-script: ...`, `custom-script: ` empty).
      const dc = (await c.get('/rest/system/default-configuration')).json;
      assert.deepEqual(Object.keys(dc).sort(), ['caps-mode-script', 'custom-script', 'script']);
      assert.equal(dc['custom-script'], '');
      assert.deepEqual(dc.script.split('\n').slice(0, 10), [
        '#| Welcome to RouterOS!',
        '#|    1) Set a strong router password in the System > Users menu',
        '#|    2) Upgrade the software in the System > Packages menu',
        '#|    3) Enable firewall on untrusted networks',
        '#|    4) Set your country name to observe wireless regulations',
        '#| -----------------------------------------------------------------------------',
        '#| RouterMode:',
        '#|  * WAN port is protected by firewall and enabled DHCP client',
        '#|  * Wireless and Ethernet interfaces (except WAN port/s)',
        '#|    are part of LAN bridge',
      ]);
      assert.match(dc.script, /\n#\| WAN \(gateway\) Configuration:\n#\|     gateway:  ether1 ;\n/);
      assert.match(dc['caps-mode-script'], /^#\| CAP configuration\n/);
      assert.deepEqual((await c.get('/rest/system/default-configuration/custom-script')).json, { 'custom-script': '' });
      assert.equal((await c.get('/rest/system/default-configuration/script')).json.script, dc.script);
      // A real `/container/config/print` (an ax3): `layer-dir:` empty, `memory-high: unlimited`; an
      // unset text prints empty (docs/routeros-facts.md section 23.5); the password is not printed.
      assert.deepEqual((await c.get('/rest/container/config')).json,
        { 'layer-dir': '', 'memory-high': 'unlimited', 'memory-max': 'unlimited', 'registry-url': '', tmpdir: '', username: '' });
      // Manual "Wiliot": `/iot wiliot configuration print` of a gateway not yet enabled.
      assert.deepEqual((await c.get('/rest/iot/wiliot')).json, {
        advertiser: 'bt1', features: 'gateway', lat: '', long: '', scanner: 'bt1', server: 'Wiliot US East', 'spoof-gps': 'false', 'wi-fi': 'none',
      });
      assert.deepEqual((await c.get('/rest/iot/wiliot/options')).json, { 'token-refresh-handicap': '3600' });
      assert.deepEqual((await c.get('/rest/tool/netinstall/settings')).json, { 'cache-directory': '' });
      // The manual's CLI reference, /file/rsync-daemon: enabled, "Default: no".
      assert.deepEqual((await c.get('/rest/file/rsync-daemon')).json, { enabled: 'false' });
      // Manual "LoRa", Traffic: `crc-errors` "Set to no to discard" packets with CRC errors, which its print lists.
      assert.deepEqual((await c.get('/rest/iot/lora/traffic/options')).json, { 'crc-errors': 'true' });
      // A set shows through, and the rest keeps its default.
      assert.deepEqual((await c.post('/rest/system/console/screen/set', { 'line-count': '40' })).json, []);
      assert.deepEqual((await c.get('/rest/system/console/screen')).json, { 'blank-interval': '10min', 'line-count': '40' });
    } finally { await r.stop(); }
  });
});
