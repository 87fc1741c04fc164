// `:set ($a->k) v` changes one element of the array the variable holds, in place: a loop that
// fills an array element by element stays linear. A copy made before (`:local b $a`) or after
// keeps its own values, as array values do in the console language.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { consoleRouter } from './harness.js';

test('a loop setting 100,000 elements one by one stays linear', { timeout: 120_000 }, async () => {
  const r = consoleRouter();
  try {
    // Copying the whole array at every element made this 100,000 * 50,000 element copies: more
    // than a minute where the linear loop takes about a second (the bound leaves room for a busy machine).
    const started = Date.now();
    const printed = await r.run(':local a [:toarray ""]; :for i from=0 to=99999 do={ :set ($a->$i) $i }; :put [:len $a]; :put ($a->99999)');
    const ms = Date.now() - started;
    assert.equal(printed, '100000\n99999');
    assert.ok(ms < 45_000, `took ${ms} ms`);
    // Counting by key reads one element per step, never the whole array.
    const counted = await r.run(':local c ({}); :for i from=1 to=50000 do={ :local k ("k" . ($i % 3)); :set ($c->$k) (($c->$k) + 1) }; :put $c');
    assert.equal(counted, 'k0=16666;k1=16667;k2=16667');
  } finally { await r.close(); }
});

test('a copy of the array keeps its values when an element of the original is set', async () => {
  const r = consoleRouter();
  try {
    assert.equal(await r.run(':local a {1;2}; :local b $a; :set ($a->0) 9; :put $a; :put $b'), '9;2\n1;2');
    // Set in place, then copied, then set again: the copy keeps what it was given.
    assert.equal(await r.run(':local a {1;2}; :set ($a->0) 9; :local b $a; :set ($a->1) 8; :put $b; :put $a'), '9;2\n9;8');
    // A function's argument is the caller's value, not the caller's variable.
    assert.equal(await r.run(':local f do={ :set ($arr->0) 7; :return $arr }; :local a {1;2}; :set ($a->1) 3; :put [$f arr=$a]; :put $a'), '7;3\n1;3');
  } finally { await r.close(); }
});
