import { test } from 'node:test';
import assert from 'node:assert/strict';
import { compileQuery, type FieldLookup } from '../../src/core/query.js';
import { CommandError, ValueError } from '../../src/core/errors.js';
import type { ValueType } from '../../src/core/types.js';

// Small stand-ins for the project's value types: enough to show typed comparison.
const integer: ValueType = {
  name: 'integer',
  parse(input) {
    if (/^-?\d+$/.test(input)) return String(Number(input));
    if (/^0x[0-9a-f]+$/i.test(input)) return String(parseInt(input.slice(2), 16));
    throw new ValueError();
  },
  compare: (a, b) => Number(a) - Number(b),
};
const bool: ValueType = {
  name: 'bool',
  parse(input) {
    if (input === 'yes' || input === 'true') return 'true';
    if (input === 'no' || input === 'false') return 'false';
    throw new ValueError();
  },
  compare: (a, b) => (a === b ? 0 : a < b ? -1 : 1),
};
const fieldTypes: Record<string, ValueType> = { mtu: integer, disabled: bool };
const types: FieldLookup = (name) => fieldTypes[name];

type Rec = Record<string, string>;
const interfaces: Rec[] = [
  { name: 'ether1', type: 'ether', mtu: '1500', disabled: 'false', comment: 'uplink' },
  { name: 'ether2', type: 'ether', mtu: '9000', disabled: 'true' },
  { name: 'vlan10', type: 'vlan', mtu: '1496', disabled: 'false', comment: 'office' },
  { name: 'bridge1', type: 'bridge', mtu: '1500', disabled: 'false', code: '10' },
  { name: 'wg1', type: 'wg', disabled: 'false', code: '9' },
];

/** The names of the records the query selects, in table order. */
function select(words: string[], records: Rec[] = interfaces): string[] {
  const match = compileQuery(words, types);
  return records.filter((r) => match((n) => r[n])).map((r) => r.name!);
}

function assertInvalid(words: string[]) {
  assert.throws(() => compileQuery(words, types), (e: unknown) =>
    e instanceof CommandError && e.kind === 'argument' && e.message === 'invalid query');
}

test('name=value and =name=value select records whose property equals the value', () => {
  assert.deepEqual(select(['type=ether']), ['ether1', 'ether2']);
  assert.deepEqual(select(['=type=vlan']), ['vlan10']);
  assert.deepEqual(select(['type=nothing']), []);
});

test('equality is typed when the field type reads the value, else raw', () => {
  assert.deepEqual(select(['disabled=no']), ['ether1', 'vlan10', 'bridge1', 'wg1']);
  assert.deepEqual(select(['disabled=yes']), ['ether2']);
  assert.deepEqual(select(['mtu=0x5DC']), ['ether1', 'bridge1']);
  // not an integer: compared as written, and no error
  assert.deepEqual(select(['mtu=big']), []);
  // an untyped field is compared as written
  assert.deepEqual(select(['code=010']), []);
});

test('name pushes presence and -name pushes absence', () => {
  assert.deepEqual(select(['comment']), ['ether1', 'vlan10']);
  assert.deepEqual(select(['=comment']), ['ether1', 'vlan10']);
  assert.deepEqual(select(['-comment']), ['ether2', 'bridge1', 'wg1']);
  assert.deepEqual(select(['-mtu']), ['wg1']);
});

test('< and > compare typed, numerically for decimal numbers, else as strings', () => {
  assert.deepEqual(select(['<mtu=1500']), ['vlan10']);
  assert.deepEqual(select(['>mtu=0x5DC']), ['ether2']);
  // untyped decimal numbers: 9 < 10 as numbers, though "9" > "10" as strings
  assert.deepEqual(select(['<code=10']), ['wg1']);
  assert.deepEqual(select(['>code=9']), ['bridge1']);
  // strings: an absent property is neither less nor greater
  assert.deepEqual(select(['<name=f']), ['ether1', 'ether2', 'bridge1']);
  assert.deepEqual(select(['>comment=']), ['ether1', 'vlan10']);
});

test('#| ORs, #& ANDs and #! negates', () => {
  assert.deepEqual(select(['type=vlan', 'type=bridge', '#|']), ['vlan10', 'bridge1']);
  assert.deepEqual(select(['type=ether', 'disabled=no', '#&']), ['ether1']);
  assert.deepEqual(select(['type=ether', '#!']), ['vlan10', 'bridge1', 'wg1']);
});

test('the example of the spec: type=ether, type=vlan, #|! selects neither ethernet nor VLAN', () => {
  assert.deepEqual(select(['type=ether', 'type=vlan', '#|!']), ['bridge1', 'wg1']);
  assert.deepEqual(select(['type=ether', 'type=vlan', '#|']), ['ether1', 'ether2', 'vlan10']);
});

test('. pushes a copy of the top value', () => {
  // comment, comment, NOT -> (comment AND NOT comment) is never true
  assert.deepEqual(select(['comment', '#.!']), []);
  // a copy ORed with itself changes nothing
  assert.deepEqual(select(['comment', '#.|']), ['ether1', 'vlan10']);
});

test('a stack index followed by a character pushes a copy of that value', () => {
  // stack: type=ether, disabled=yes; #1 copies type=ether, ! negates it, | with disabled=yes,
  // leaving type=ether AND (NOT type=ether OR disabled=yes) = type=ether AND disabled=yes
  assert.deepEqual(select(['type=ether', 'disabled=yes', '#1!|']), ['ether2']);
  // `.` after an index does nothing: #0. only copies the top
  assert.deepEqual(select(['type=ether', '#0.!']), []);
  assert.deepEqual(select(['type=ether', '#0.|']), ['ether1', 'ether2']);
});

test('a stack index ending the word replaces the whole stack with that value', () => {
  assert.deepEqual(select(['type=ether', 'disabled=yes', '#1']), ['ether1', 'ether2']);
  assert.deepEqual(select(['type=ether', 'disabled=yes', '#0']), ['ether2']);
  // digits run together: 10 is one index, past the two values: the initial `true`s
  assert.equal(select(['type=vlan', 'disabled=yes', '#10']).length, interfaces.length);
  // `.` ends an index: 0 is copied, then 2 (past the values, `true`) replaces the stack
  assert.equal(select(['type=vlan', '#0.2']).length, interfaces.length);
});

test('values left on the stack are ANDed', () => {
  assert.deepEqual(select(['type=ether', 'disabled=no']), ['ether1']);
  assert.deepEqual(select(['type=ether', 'type=vlan', 'type=bridge', '#|']), []);
  assert.deepEqual(select(['comment', 'type=ether', 'type=bridge', '#|']), ['ether1']);
});

test('an empty query selects every record', () => {
  assert.deepEqual(select([]), interfaces.map((r) => r.name));
  assert.deepEqual(select(['#']), interfaces.map((r) => r.name));
});

test('operators past the pushed values read the stack\'s initial trues, as the manual says', () => {
  assert.equal(select(['#|']).length, interfaces.length);
  assert.deepEqual(select(['#!']), []);
  assert.equal(select(['type=vlan', '#|']).length, interfaces.length);
  assert.deepEqual(select(['type=vlan', '#&']), ['vlan10']);
  assert.equal(select(['type=vlan', '#3']).length, interfaces.length);
});

test('a malformed query is refused with invalid query', () => {
  assertInvalid(['']);
  assertInvalid(['-']);
  assertInvalid(['=']);
  assertInvalid(['<mtu']);
  assertInvalid(['>=1']);
  assertInvalid(['type=ether', '#x']);
  assertInvalid(['type=ether', '#| ']);
});

test('a 3-word query over 100,000 records evaluates in under 100 ms', () => {
  const kinds = ['ether', 'vlan', 'bridge', 'wg'];
  const records: Rec[] = [];
  for (let i = 0; i < 100_000; i++) {
    records.push({ name: `if${i}`, type: kinds[i % 4]!, mtu: String(1000 + (i % 1000)), disabled: i % 3 ? 'false' : 'true' });
  }
  const match = compileQuery(['type=ether', 'type=vlan', '#|!'], types);
  // The fastest of five passes: on a machine busy with other tests one pass may wait for the CPU.
  let ms = Infinity;
  for (let pass = 0; pass < 5; pass++) {
    const start = process.hrtime.bigint();
    let selected = 0;
    for (const r of records) if (match((n) => r[n])) selected++;
    ms = Math.min(ms, Number(process.hrtime.bigint() - start) / 1e6);
    assert.equal(selected, 50_000);
  }
  assert.ok(ms < 100, `took ${ms.toFixed(1)} ms`);
});
