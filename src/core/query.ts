// The RouterOS API query stack: REST `.query` and the API protocol's `?` words.
//
// Semantics, after the RouterOS API manual ("Queries", help.mikrotik.com/docs/spaces/ROS/pages/47579160/API):
// the query is a stack machine over booleans. The stack starts with an infinite supply of
// `true`, and a record is selected when no value left on the stack is `false`; so leftover
// values are ANDed, an empty query selects everything, and an operator that runs past the
// pushed values reads `true` instead of failing.
//
//   name          push: the record has property `name`
//   -name         push: the record does not have property `name`
//   name=v, =name=v
//                 push: the property equals v (typed: `disabled=no` matches "false")
//   <name=v, >name=v
//                 push: the property is present and less / greater than v
//   #ops          apply ops left to right:
//                   |  pop two, push OR          &  pop two, push AND
//                   !  replace top with NOT      .  push a copy of top (after an index: nothing)
//                   digits = stack index, top is 0: followed by another character it pushes a
//                   copy of that value; ending the word it replaces the whole stack with it.
//
// Words are compiled once into bytecode plus one closure per test, run over a stack allocated
// once per compiled query, so evaluating a large table allocates nothing per record.

import { CommandError } from './errors.js';
import type { ValueType } from './types.js';

export type FieldLookup = (name: string) => ValueType | undefined;
export type RecordGetter = (name: string) => string | undefined;
export type Predicate = (get: RecordGetter) => boolean;

type Test = (get: RecordGetter) => boolean;

const enum Op { Test, Or, And, Not, Dup, Pick, Keep }

// No public source shows the router's words for a query it cannot read; this is our wording.
const invalidQuery = () => new CommandError('argument', 'invalid query');

const DECIMAL = /^-?\d+(\.\d+)?$/;

export function compileQuery(words: readonly string[], types: FieldLookup): Predicate {
  const code: number[] = [];   // opcode, operand pairs
  const tests: Test[] = [];
  // The explicit depth at each step, to size the stack once.
  let depth = 0;
  let maxDepth = 0;
  const emit = (op: Op, arg: number, newDepth: number) => {
    code.push(op, arg);
    depth = newDepth;
    if (depth > maxDepth) maxDepth = depth;
  };

  for (const word of words) {
    if (word.startsWith('#')) {
      const ops = word.slice(1);
      let afterIndex = false;
      for (let i = 0; i < ops.length; ) {
        const c = ops[i]!;
        if (c >= '0' && c <= '9') {
          let j = i;
          while (j < ops.length && ops[j]! >= '0' && ops[j]! <= '9') j++;
          // An index past everything ever pushed reads the infinite `true`s; clamp to stay an int.
          const index = Math.min(Number(ops.slice(i, j)), 0x7fffffff);
          if (j === ops.length) emit(Op.Keep, index, 1);
          else emit(Op.Pick, index, depth + 1);
          afterIndex = true;
          i = j;
          continue;
        }
        switch (c) {
          case '|': emit(Op.Or, 0, Math.max(depth - 2, 0) + 1); break;
          case '&': emit(Op.And, 0, Math.max(depth - 2, 0) + 1); break;
          case '!': emit(Op.Not, 0, Math.max(depth, 1)); break;
          case '.': if (!afterIndex) emit(Op.Dup, 0, depth + 1); break;
          default: throw invalidQuery();
        }
        afterIndex = false;
        i++;
      }
      continue;
    }
    tests.push(compileTest(word, types));
    emit(Op.Test, tests.length - 1, depth + 1);
  }

  const program = Int32Array.from(code);
  const stack = new Uint8Array(Math.max(maxDepth, 1));

  return (get) => {
    let sp = 0; // number of explicit values; below them lie the infinite `true`s
    for (let pc = 0; pc < program.length; pc += 2) {
      switch (program[pc] as Op) {
        case Op.Test:
          stack[sp++] = tests[program[pc + 1]!]!(get) ? 1 : 0;
          break;
        case Op.Or:
        case Op.And: {
          const a = sp > 0 ? stack[--sp]! : 1;
          const b = sp > 0 ? stack[--sp]! : 1;
          stack[sp++] = program[pc] === Op.Or ? a | b : a & b;
          break;
        }
        case Op.Not:
          if (sp === 0) stack[sp++] = 0;
          else stack[sp - 1] = stack[sp - 1]! ^ 1;
          break;
        case Op.Dup:
          stack[sp] = sp > 0 ? stack[sp - 1]! : 1;
          sp++;
          break;
        case Op.Pick: {
          const i = program[pc + 1]!;
          stack[sp] = i < sp ? stack[sp - 1 - i]! : 1;
          sp++;
          break;
        }
        case Op.Keep: {
          const i = program[pc + 1]!;
          stack[0] = i < sp ? stack[sp - 1 - i]! : 1;
          sp = 1;
          break;
        }
      }
    }
    for (let i = 0; i < sp; i++) if (stack[i] === 0) return false;
    return true;
  };
}

/** One pushing word -> a test of one record. */
function compileTest(word: string, types: FieldLookup): Test {
  if (word === '') throw invalidQuery();
  const first = word[0];

  if (first === '-') {
    const name = word.slice(1);
    if (name === '') throw invalidQuery();
    return (get) => get(name) === undefined;
  }

  if (first === '<' || first === '>') {
    const [name, value] = splitPair(word.slice(1));
    if (value === undefined) throw invalidQuery();
    const order = compileOrder(value, types(name));
    return first === '<'
      ? (get) => { const v = get(name); return v !== undefined && order(v) < 0; }
      : (get) => { const v = get(name); return v !== undefined && order(v) > 0; };
  }

  // `=name=value` is the attribute-word spelling of `name=value`.
  const [name, value] = splitPair(first === '=' ? word.slice(1) : word);
  if (value === undefined) return (get) => get(name) !== undefined;
  const wanted = canonical(value, types(name)) ?? value;
  return (get) => get(name) === wanted;
}

/** `name=value` at the first `=`; a name is required, the value may be empty. */
function splitPair(text: string): [string, string | undefined] {
  const eq = text.indexOf('=');
  const name = eq < 0 ? text : text.slice(0, eq);
  if (name === '') throw invalidQuery();
  return [name, eq < 0 ? undefined : text.slice(eq + 1)];
}

/** The value as the field type stores it, or undefined when the type cannot read it. */
function canonical(value: string, type: ValueType | undefined): string | undefined {
  if (!type) return undefined;
  try {
    return type.parse(value);
  } catch {
    return undefined;
  }
}

/**
 * A comparison of a record's value against `value`, chosen once: by the field type when it
 * reads the value (record values are already canonical), else as numbers when both sides are
 * decimal numbers, else as strings.
 */
function compileOrder(value: string, type: ValueType | undefined): (recordValue: string) => number {
  const typed = canonical(value, type);
    // A record value the type cannot compare (another kind of value) matches neither way.
  if (type && typed !== undefined) return (v) => { try { return type.compare(v, typed); } catch { return NaN; } };
  if (DECIMAL.test(value)) {
    const n = Number(value);
    return (v) => (DECIMAL.test(v) ? Number(v) - n : compareStrings(v, value));
  }
  return (v) => compareStrings(v, value);
}

function compareStrings(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
