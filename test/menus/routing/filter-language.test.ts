// RouterOS 7's routing filter language, alone: the manual's examples ("Route Selection and
// Filters", "Filter Syntax"; routeros-facts.md 26.6) run on routes and give the router's outcome.

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { FilterSyntaxError, parseRule, plainRoute, runChain, type FilterLists } from '../../../src/menus/routing/filter-language.js';
import { CORPUS } from '../../corpus/corpus.js';

const chains = (o: Record<string, string[]>) => new Map(Object.entries(o));
const bgp = (dst: string, extra = {}) => plainRoute(dst, 'bgp', { distance: 20, 'bgp-as-path': [65002], 'bgp-local-pref': 100, ...extra });

describe('routing filter language', () => {
  test("the manual's first example: prefixes longer than /24 inside 192.168.1.0/24 get distance +1, the rest -1", () => {
    const c = chains({ myChain: ['if (dst in 192.168.1.0/24 && dst-len>24) {set distance +1; accept} else {set distance -1; accept}'] });
    assert.equal(runChain(c, 'myChain', bgp('192.168.1.128/25'))?.distance, 21);
    assert.equal(runChain(c, 'myChain', bgp('192.168.1.0/24'))?.distance, 19);
    assert.equal(runChain(c, 'myChain', bgp('10.0.0.0/8'))?.distance, 19);
  });

  test('dst in a prefix and dst-len in a range; else reject', () => {
    const c = chains({ in: ['if (dst in 10.0.0.0/8 && dst-len in 8-24) { accept } else { reject }'] });
    assert.ok(runChain(c, 'in', bgp('10.1.0.0/16')));
    assert.ok(runChain(c, 'in', bgp('10.0.0.0/8')));
    assert.equal(runChain(c, 'in', bgp('10.1.2.0/25')), undefined);
    assert.equal(runChain(c, 'in', bgp('172.16.0.0/16')), undefined);
  });

  test('a chain that runs out rejects: the default action of a chain is reject; an unknown chain rejects', () => {
    const c = chains({ out: ['if (dst == 10.0.0.0/8) { accept }'] });
    assert.ok(runChain(c, 'out', bgp('10.0.0.0/8')));
    assert.equal(runChain(c, 'out', bgp('10.0.0.0/9')), undefined);
    assert.equal(runChain(c, 'nothing', bgp('10.0.0.0/8')), undefined);
  });

  test('rules run in order; set carries to later rules; accept ends the chain', () => {
    const c = chains({ in: ['set bgp-local-pref 200', 'if (bgp-local-pref == 200) { set bgp-med 5; accept }', 'set bgp-med 9; accept'] });
    const out = runChain(c, 'in', bgp('10.0.0.0/8'))!;
    assert.equal(out['bgp-local-pref'], 200);
    assert.equal(out['bgp-med'], 5);
  });

  test('jump and return: return goes back to the rule after the jump; accept in the jumped chain ends all', () => {
    const c = chains({
      main: ['jump sub', 'set distance 50; accept'],
      sub: ['if (dst-len > 24) { return }', 'if (protocol bgp) { set distance 30; return }'],
    });
    assert.equal(runChain(c, 'main', bgp('10.0.0.0/8'))?.distance, 50);
    const c2 = chains({ main: ['jump sub', 'reject'], sub: ['accept'] });
    assert.ok(runChain(c2, 'main', bgp('10.0.0.0/8')));
  });

  test('matchers: protocol, afi, gw, bgp-as-path regexp, bgp-path-len, bgp-med, negation and or', () => {
    const r = bgp('10.0.0.0/8', { gw: '10.0.12.2', 'bgp-as-path': [65002, 65003], 'bgp-med': 20 });
    const yes = (rule: string) => runChain(chains({ c: [rule] }), 'c', r) !== undefined;
    assert.ok(yes('if (protocol bgp) { accept }'));
    assert.ok(!yes('if (protocol ospf) { accept }'));
    assert.ok(yes('if (afi ip) { accept }'));
    assert.ok(yes('if (gw in 10.0.12.0/24) { accept }'));
    assert.ok(yes('if (bgp-as-path ^65002) { accept }'));
    assert.ok(yes('if (bgp-as-path 65003$) { accept }'));
    assert.ok(!yes('if (bgp-as-path ^65003) { accept }'));
    assert.ok(yes('if (bgp-path-len == 2) { accept }'));
    assert.ok(yes('if ( bgp-med < 30 ) { accept }'));
    assert.ok(yes('if (!(dst-len > 8) || protocol static) { accept }'));
    assert.ok(!yes('if (not (dst-len == 8)) { accept }'));
  });

  test('communities: set, append, delete, and the includes/any matchers', () => {
    const c = chains({ c: ['set bgp-communities 65000:1', 'append bgp-communities 65000:2,no-export', 'delete bgp-communities 65000:1', 'accept'] });
    assert.deepEqual(runChain(c, 'c', bgp('10.0.0.0/8'))?.['bgp-communities'], ['65000:2', 'no-export']);
    const r = bgp('10.0.0.0/8', { 'bgp-communities': ['65000:100', '65000:200'] });
    const yes = (rule: string) => runChain(chains({ c: [rule] }), 'c', r) !== undefined;
    assert.ok(yes('if (bgp-communities includes 65000:100,65000:200) { accept }'));
    assert.ok(!yes('if (bgp-communities includes 65000:100,65000:300) { accept }'));
    assert.ok(yes('if (bgp-communities any 65000:300,65000:200) { accept }'));
  });

  test('set bgp-path-prepend, bgp-origin and a numeric decrement', () => {
    const c = chains({ c: ['set bgp-path-prepend 3; set bgp-origin incomplete; set bgp-local-pref -50; accept'] });
    const out = runChain(c, 'c', bgp('10.0.0.0/8'))!;
    assert.equal(out['bgp-path-prepend'], 3);
    assert.equal(out['bgp-origin'], 'incomplete');
    assert.equal(out['bgp-local-pref'], 50);
  });

  test('dst in an address list (exact prefixes only); chain as a matcher', () => {
    const lists: FilterLists = { addressList: (n) => (n === 'mine' ? ['192.0.2.0/24'] : []), numList: () => [], communityList: () => [] };
    const c = chains({ c: ['if (dst in mine) { accept }'], d: ['if (chain c) { set distance 7; accept }'] });
    // An address list matches "only the exact prefix" (manual, Prefix Operators).
    assert.ok(runChain(c, 'c', bgp('192.0.2.0/24'), lists));
    assert.equal(runChain(c, 'c', bgp('192.0.2.0/25'), lists), undefined);
    assert.equal(runChain(c, 'c', bgp('198.51.100.0/24'), lists), undefined);
    assert.equal(runChain(c, 'd', bgp('192.0.2.0/24'), lists)?.distance, 7);
  });

  test('a rule that does not parse is an error (the router flags it inactive) and is skipped', () => {
    for (const bad of ['if (dst in 10.0.0.0/8 { accept }', 'if (foo == 1) { accept }', 'accep', 'set distance x', 'if (dst-len > 24) { accept } else', 'jump']) {
      assert.ok(parseRule(bad) instanceof FilterSyntaxError, bad);
    }
    const c = chains({ c: ['if (dst in 10.0.0.0/8 { reject }', 'accept'] });
    assert.ok(runChain(c, 'c', bgp('10.0.0.0/8')));
  });

  test('every rule of the real exports parses (ospf-type, set comment, IPv6 gateways, bare actions)', () => {
    const rules: string[] = [];
    for (const file of fs.readdirSync(CORPUS)) {
      for (const m of fs.readFileSync(path.join(CORPUS, file), 'utf8').matchAll(/^\/routing filter rule add .*? rule="((?:[^"\\]|\\.)*)"/gm)) rules.push(m[1]);
    }
    assert.equal(rules.length, 13);
    for (const rule of rules) assert.ok(!(parseRule(rule) instanceof FilterSyntaxError), `${rule}: ${(parseRule(rule) as Error).message}`);
    // The corpus' OSPF chain as the router runs it: a default route from OSPF is accepted with its pref-src.
    const c = chains({ 'ospf-in': rules.slice(0, 4) });
    assert.equal(runChain(c, 'ospf-in', plainRoute('0.0.0.0/0', 'ospf'))?.['pref-src'], '10.0.0.1');
    assert.equal(runChain(c, 'ospf-in', plainRoute('10.1.0.0/16', 'ospf')), undefined);
  });

  test("the manual's operators: dst-len in 16..32, not, unset, set from another property, find on comment, delete wk/other", () => {
    const r = bgp('192.168.5.0/24', { 'bgp-communities': ['65535:65281', '65000:1'], 'bgp-med': 7, comment: 'from upstream' } as object);
    const run = (rule: string) => runChain(chains({ c: [rule] }), 'c', r);
    assert.ok(run('if (dst in 192.168.0.0/16 && dst-len in 16..32) {accept}'));
    assert.ok(run('if ( not bgp-network) { accept }'));
    assert.equal(run('unset bgp-med; accept')?.['bgp-med'], undefined);
    assert.equal(run('set distance +bgp-med; accept')?.distance, 27);
    assert.ok(run('if (comment find upstream) { accept }'));
    assert.deepEqual(run('delete bgp-communities wk; accept')?.['bgp-communities'], ['65000:1']);
    assert.deepEqual(run('delete bgp-communities other; accept')?.['bgp-communities'], ['65535:65281']);
    assert.ok(run('if (bgp-communities any-regexp ^65000:) { accept }'));
    assert.ok(!run('if (bgp-communities-empty) { accept }'));
    // unset takes only pref-src, bgp-med, bgp-out-med, bgp-local-pref.
    assert.ok(parseRule('unset distance') instanceof FilterSyntaxError);
  });
});
