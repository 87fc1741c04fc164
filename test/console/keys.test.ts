// The keys a terminal sends (src/console/keys.ts): VT100/xterm sequences of arrows and
// function keys, split over reads as a network splits them; what a terminal answers to a
// query is no key; control keys as the router's console takes them (manual, Console).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { KeyReader } from '../../src/console/keys.js';

test('keys: text, control keys, arrows in both modes, F1 and F4, a sequence split over two reads, answers to queries dropped', () => {
  const r = new KeyReader();
  assert.deepEqual(r.read('pr\tx\r\n'), [{ kind: 'text', text: 'pr' }, { kind: 'tab' }, { kind: 'text', text: 'x' }, { kind: 'enter' }, { kind: 'enter' }]);
  assert.deepEqual(r.read('\x1b[A\x1bOB\x1b[1;5C\x1b[3~\x1b[H\x1b[4~'), [{ kind: 'up' }, { kind: 'down' }, { kind: 'right' }, { kind: 'delete' }, { kind: 'home' }, { kind: 'end' }]);
  assert.deepEqual(r.read('\x1bOP\x1bOS\x18\x04\x03\x0b\x01\x05\x7f\b'), [
    { kind: 'help' }, { kind: 'safe-mode' }, { kind: 'safe-mode' }, { kind: 'eof' }, { kind: 'interrupt' }, { kind: 'kill-end' }, { kind: 'home' }, { kind: 'end' }, { kind: 'backspace' }, { kind: 'backspace' },
  ]);
  // Split: nothing until the sequence is whole.
  assert.deepEqual(r.read('a\x1b['), [{ kind: 'text', text: 'a' }]);
  assert.deepEqual(r.read('D'), [{ kind: 'left' }]);
  // A terminal's device attributes and cursor report are not typed.
  assert.deepEqual(r.read('\x1b[?1;2c\x1b[24;80Rok'), [{ kind: 'text', text: 'ok' }]);
  // A sequence that never ends is dropped, not kept growing.
  assert.deepEqual(r.read('\x1b[' + '1'.repeat(100)), []);
  assert.deepEqual(r.read('z'), [{ kind: 'text', text: 'z' }]);
});
