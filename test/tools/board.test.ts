// The --board flag: the plain hAP ax² by default, a Chateau LTE12 with an LTE modem on request.

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { client, startRouter, tempDir } from '../helpers/router.js';
import { VROUTER } from '../helpers/vrouter.js';

const CLI = VROUTER;

describe('--board', () => {
  test('--help lists the boards; an unknown board is refused with exit status 2', () => {
    const help = spawnSync(process.execPath, [CLI, '--help'], { encoding: 'utf8' });
    assert.match(help.stdout, /--board NAME +the emulated board: a short name or the model as the router\n +prints it \(RB4011iGS\+, C52iG-5HaxD2HaxD\); default hap-ax2:\n +hap-ax2 +hAP ax\^2 \(C52iG-5HaxD2HaxD\)\n/);
    assert.match(help.stdout, /\n +rb5009 +RB5009UG\+S\+ \(RB5009UG\+S\+\)\n/);
    assert.match(help.stdout, /\n +ccr2216 +CCR2216-1G-12XS-2XQ \(CCR2216-1G-12XS-2XQ\)\n/);
    // A SwOS-only switch is no RouterOS board.
    assert.doesNotMatch(help.stdout, /CSS326/);
    const bad = spawnSync(process.execPath, [CLI, '--board', 'RB4011iGS', '--data-dir', tempDir()], { encoding: 'utf8' });
    assert.equal(bad.status, 2);
    assert.equal(bad.stderr, 'vrouter: --board: "RB4011iGS" is not a board; the closest are RB4011iGS+, RB4011iGS+5HacQ2HnD, rb2011ils (see --help)\n');
    const swos = spawnSync(process.execPath, [CLI, '--board', 'CSS326-24G-2S+', '--data-dir', tempDir()], { encoding: 'utf8' });
    assert.equal(swos.status, 2);
    assert.equal(swos.stderr, 'vrouter: --board: CSS326-24G-2S+ runs SwOS, not RouterOS\n');
    const ports = spawnSync(process.execPath, [CLI, '--ports', '8', '--data-dir', tempDir()], { encoding: 'utf8' });
    assert.equal(ports.status, 2);
    assert.equal(ports.stderr, 'vrouter: --ports: only --board chr takes a number of ports\n');
    const disks = spawnSync(process.execPath, [CLI, '--board', 'rb5009', '--disks', '2', '--data-dir', tempDir()], { encoding: 'utf8' });
    assert.equal(disks.status, 2);
    assert.equal(disks.stderr, 'vrouter: --disks: only --board chr takes a number of disks\n');
    const serial = spawnSync(process.execPath, [CLI, '--board', 'chr', '--serial', '9', '--data-dir', tempDir()], { encoding: 'utf8' });
    assert.equal(serial.status, 2);
    assert.equal(serial.stderr, 'vrouter: --serial: "9" is not a number of serial ports (0-4)\n');
    assert.match(help.stdout, /\n +--disks N +virtual drives of --board chr: slot1\.\.slotN \(0 to 32, default 1\)\n/);
  });

  test('a board has its ports and radios; a configuration names them by default-name; export names the model', async () => {
    const r = await startRouter({ board: 'rb5009' });
    try {
      const c = client(r.port);
      const names = (await c.get('/rest/interface/ethernet?.proplist=name')).json.map((x: Record<string, string>) => x.name);
      assert.deepEqual(names, ['ether1', 'ether2', 'ether3', 'ether4', 'ether5', 'ether6', 'ether7', 'ether8', 'sfp-sfpplus1']);
      assert.deepEqual((await c.get('/rest/interface/wifi')).json, []);
      await c.post('/rest/execute', { script: '/interface ethernet set [ find default-name=sfp-sfpplus1 ] name=uplink', 'as-string': '' });
      const text = (await c.post('/rest/interface/ethernet/export', {})).json.ret as string;
      assert.match(text, /^# model = RB5009UG\+S\+$/m);
    assert.match(text, /^# serial number = HGA09VR0UTR1$/m);
      assert.match(text, /^set \[ find default-name=sfp-sfpplus1 \] name=uplink$/m);
      assert.doesNotMatch(text, /ether6/);
    } finally { await r.stop(); }
    const chr = await startRouter({ board: 'chr', hardware: { ports: 12 } });
    try {
      const names = (await client(chr.port).get('/rest/interface/ethernet?.proplist=name')).json.map((x: Record<string, string>) => x.name);
      assert.deepEqual(names, Array.from({ length: 12 }, (_, i) => `ether${i + 1}`));
    } finally { await chr.stop(); }
    const hap = await startRouter();
    try {
      const radios = (await client(hap.port).get('/rest/interface/wifi?.proplist=name,default-name')).json;
      assert.deepEqual(radios, [{ 'default-name': 'wifi1', name: 'wifi1' }, { 'default-name': 'wifi2', name: 'wifi2' }]);
    } finally { await hap.stop(); }
  });

  test('docs/boards.md lists every board of the catalogue as scripts/boards.mjs writes it', async () => {
    const { boardsPage } = await import('../../src/device/boards/table.js');
    const page = fs.readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..', 'docs', 'boards.md'), 'utf8');
    assert.equal(page, boardsPage(), 'docs/boards.md: regenerate the list of boards with npx tsc -b && node scripts/boards.mjs');
  });

  test('the modem is the board\'s: a Chateau\'s data directory started again without --board still has it; a hAP ax^2 has none', async () => {
    const dir = tempDir();
    let r = await startRouter({ dataDir: dir, board: 'chateau-lte12' });
    let c = client(r.port);
    assert.deepEqual((await c.get('/rest/interface?type=lte&.proplist=name')).json, [{ name: 'lte1' }]);
    assert.equal((await c.get('/rest/system/resource')).json['board-name'], 'Chateau LTE12');
    await r.stop();
    // The data directory remembers its board (routeros-facts.md 50.3).
    r = await startRouter({ dataDir: dir });
    c = client(r.port);
    assert.deepEqual((await c.get('/rest/interface?type=lte&.proplist=name')).json, [{ name: 'lte1' }]);
    assert.equal((await c.get('/rest/system/resource')).json['board-name'], 'Chateau LTE12');
    await r.stop();
    r = await startRouter();
    c = client(r.port);
    assert.deepEqual((await c.get('/rest/interface?type=lte')).json, []);
    assert.deepEqual((await c.get('/rest/system/package?.proplist=name')).json, [{ name: 'routeros' }, { name: 'wifi-qcom' }]);
    await r.stop();
  });
});
