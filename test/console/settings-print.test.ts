// The console's print of settings menus in the router's own form (docs/routeros-facts.md 23.6):
// `/safe-mode print` writes `enabled` before `current`; `/environment print` writes each global
// variable as `"name"=value` (manual "Scripting", Environment).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { consoleRouter } from './harness.js';

test('/safe-mode print: enabled first, then current, as the real router prints them', async () => {
  const r = consoleRouter();
  try {
    assert.equal(await r.run('/safe-mode print'), '  enabled: no\n  current: no');
  } finally { await r.close(); }
});

test('/environment print: `"example"=123` after `:global example; :set example 123`; nothing on a blank router', async () => {
  const r = consoleRouter();
  try {
    assert.equal(await r.run('/environment print'), '');
    assert.equal(await r.run(':global example; :set example 123; /environment print'), '"example"=123');
  } finally { await r.close(); }
});
