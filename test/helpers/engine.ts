// A router's engine booted on a fresh data directory, driven directly (no HTTP), for
// tests of menu declarations.

import assert from 'node:assert/strict';
import { Engine } from '../../src/core/engine.js';
import { POLICIES, type Reply } from '../../src/core/schema.js';
import { Store } from '../../src/core/store.js';
import { Device } from '../../src/device/board.js';
import { allMenus } from '../../src/menus/index.js';
import { seedDevice } from '../../src/menus/device.js';
import { tempDir } from './router.js';

const menus = allMenus();

export const admin = { user: 'admin', via: 'test', policies: new Set(POLICIES) };

export interface Extra { query?: string[]; proplist?: string[] }

/**
 * A freshly booted engine with the default configuration; `clock` moves its time when
 * given. `device: false` leaves the simulated hardware out, for declarations that must
 * read sensibly without it.
 */
export function boot(clock?: { now: number }, options: { device?: boolean } = {}) {
  const dir = tempDir();
  const store = Store.open(dir);
  const engine = new Engine(store, menus, clock ? () => clock.now : Date.now);
  if (options.device !== false) engine.services.device = new Device();
  seedDevice(engine);
  const run = (where: string, command: string, args: Record<string, string> = {}, extra: Extra = {}) =>
    engine.run({ path: where.split('/'), command, args, ...extra }, admin);
  const print = async (where: string, args: Record<string, string> = {}, extra: Extra = {}) => (await run(where, 'print', args, extra)).records;
  const add = async (where: string, args: Record<string, string>) => (await run(where, 'add', args)).done!.ret;
  const close = () => { engine.close(); store.close(); };
  return { dir, engine, store, run, print, add, close };
}

/** The router's key order: `.id` first, then alphabetical. */
export function assertOrder(records: readonly Reply[]) {
  for (const r of records) {
    const keys = Object.keys(r);
    assert.deepEqual(keys, [...keys.filter((k) => k === '.id'), ...keys.filter((k) => k !== '.id').sort()]);
  }
}
