// The --board flag: the plain hAP ax² by default, a Chateau LTE12 with an LTE modem on request.

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { client, startRouter, tempDir } from '../helpers/router.js';

const CLI = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'src', 'cli.js');

describe('--board', () => {
  test('--help lists the boards; an unknown board is refused with exit status 2', () => {
    const help = spawnSync(process.execPath, [CLI, '--help'], { encoding: 'utf8' });
    assert.match(help.stdout, /--board NAME +the emulated board: hap-ax2, chateau-lte12 \(default hap-ax2\)/);
    const bad = spawnSync(process.execPath, [CLI, '--board', 'nosuch', '--data-dir', tempDir()], { encoding: 'utf8' });
    assert.equal(bad.status, 2);
    assert.equal(bad.stderr, 'vrouter: --board: "nosuch" is not a board (hap-ax2, chateau-lte12)\n');
  });

  test('the modem comes and goes with the board the data directory is started on', async () => {
    const dir = tempDir();
    let r = await startRouter({ dataDir: dir, board: 'chateau-lte12' });
    let c = client(r.port);
    assert.deepEqual((await c.get('/rest/interface?type=lte&.proplist=name')).json, [{ name: 'lte1' }]);
    assert.equal((await c.get('/rest/system/resource')).json['board-name'], 'Chateau LTE12');
    await r.stop();
    r = await startRouter({ dataDir: dir });
    c = client(r.port);
    assert.deepEqual((await c.get('/rest/interface?type=lte')).json, []);
    assert.equal((await c.get('/rest/system/resource')).json['board-name'], 'hAP ax^2');
    assert.deepEqual((await c.get('/rest/system/package?.proplist=name')).json, [{ name: 'routeros' }, { name: 'wifi-qcom' }]);
    await r.stop();
  });
});
