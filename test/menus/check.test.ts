// The start-up check over every menu a router can run. A router works out and checks the
// fields of a generated menu when it first uses it (src/core/later.ts), so its start-up does not
// catch a bad default or a dangling reference in a menu it has not met yet. This file does:
// every release with no extra package and with every one, and the newest release as each board
// of the catalogue has it (what it lacks, its own packages), each menu's fields worked out and
// checked as a first use would.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Engine } from '../../src/core/engine.js';
import { Store } from '../../src/core/store.js';
import { menusOf } from '../../src/menus/index.js';
import { availablePackages } from '../../src/device/packages.js';
import { catalogue } from '../../src/device/boards/index.js';
import { lacksOf } from '../../src/device/boards/features.js';
import { NEWEST_RELEASE, RELEASES, installedTree } from '../../src/tree/tree.js';
import { tempDir } from '../helpers/router.js';

const checked = (t: ReturnType<typeof installedTree>) => {
  const menus = menusOf(t);
  new Engine(Store.open(tempDir()), menus).checkEvery();
  return menus.length;
};

test('every menu of every release, with no extra package and with all of them, passes the start-up check', () => {
  assert.equal(RELEASES.length, 16, 'the releases 7.9 to 7.24');
  for (const release of RELEASES) {
    const base = checked(installedTree(release, []));
    const all = checked(installedTree(release, availablePackages(release)));
    // The extra packages add menus (wifi, container, iot, ...): a tree that dropped them would pass empty.
    assert.ok(all > base && base > 400, `${release}: ${base} menus without extra packages, ${all} with every one`);
  }
});

test('every menu of the newest release as each board has it passes the start-up check', () => {
  const boards = catalogue();
  assert.ok(boards.length > 20);
  for (const board of boards) {
    const packages = board.packages.map((p) => p.name).filter((n) => n !== 'routeros');
    assert.ok(checked(installedTree(NEWEST_RELEASE, packages, lacksOf(board, NEWEST_RELEASE))) > 400, board.model);
  }
});
