// RouterOS 7's AS-path regular expressions, one ASN per term: every example of the manual's
// "AS-PATH Regexp Matching" table (Route Selection and Filters; routeros-facts.md 26.6.1).

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { AsPathSyntaxError, asPathMatches, compileAsPath } from '../../../src/menus/routing/as-path-regexp.js';

const path = (text: string) => (text ? text.split(' ').map(Number) : []);
const check = (re: string, yes: string[], no: string[]) => {
  for (const p of yes) assert.ok(asPathMatches(re, path(p)), `${re} matches "${p}"`);
  for (const p of no) assert.ok(!asPathMatches(re, path(p)), `${re} does not match "${p}"`);
};

describe('AS-path regexp (per ASN)', () => {
  test('.1234. matches ASN 1234 in the middle of the path, not a longer ASN with those digits', () => {
    check('.1234.', ['1 1234 2', '9 9 1234 8'], ['123456 7 8', '1234 5', '5 1234']);
  });
  test('1234[5-9] in v7 is ASN 1234 then one of 5..9, not 12345', () => {
    check('1234[5-9]', ['1234 7 111', '111 1234 5 222'], ['12345 3434', '11 9123467 22']);
  });
  test('^ and $', () => {
    check('^1234', ['1234 5', '1234'], ['5 1234']);
    check('1234$', ['5 1234', '1234'], ['1234 5']);
  });
  test('* + ?', () => {
    check('^1234*$', ['1234', '1234 1234 1234', ''], ['1234 5678']);
    check('1234+', ['1234', '3 1234 6'], ['12345 678']);
    check('^1234? 5678', ['5678', '1234 5678'], ['1234 1234 5678', '12345 5678']);
  });
  test('. | [ ] ( )', () => {
    check('^.$', ['12345', '45678'], ['1234 5678']);
    check('^(1234|5678)', ['1234', '5678', '1234 5678'], ['91011']);
    check('^[1234 5678 1-100]', ['1234', '99', '5678'], ['101']);
    check('^(1234$|5678)', ['1234', '5678 9999'], ['1234 5678']);
    check('^[^1 2]', ['3'], ['1 5', '2']);
  });
  test('[[:list:]] is a num-list', () => {
    const lists = (n: string): [number, number][] => (n === 'test' ? [[100, 1500]] : []);
    assert.ok(asPathMatches('[[:test:]]5678$', [1234, 5678], lists));
    assert.ok(!asPathMatches('[[:test:]]5678$', [99, 5678], lists));
  });
  test('repetition ranges are not supported; unbalanced groups do not parse', () => {
    for (const bad of ['1234{2}', '(1234', '[1 2', '^*', 'abc']) assert.ok(compileAsPath(bad) instanceof AsPathSyntaxError, bad);
  });
});
