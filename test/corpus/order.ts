// Reading the order of menus of an export, and comparing it with vrouter's
// (export-order.test.ts, record-order.ts).

import { logicalLines, type Export } from './corpus.js';

/** Hand-edited files (compact and terse lines mixed, /ip address four times): no router wrote this order. */
export const HAND_EDITED = /^feichay10__/;

const COMMANDS = new Set(['add', 'set', 'remove', 'move', 'enable', 'disable', 'unset']);

/** The menus of an export (compact or terse) in the order of their first line. */
export function menusOf(text: string): string[] {
  const out: string[] = [];
  for (const line of logicalLines(text)) {
    if (!line.startsWith('/')) continue;
    const words: string[] = [];
    for (const w of line.slice(1).split(' ')) {
      if (COMMANDS.has(w) || w.includes('=') || w.startsWith('[')) break;
      words.push(w);
    }
    const menu = '/' + words.join(' ');
    if (!out.includes(menu)) out.push(menu);
  }
  return out;
}

/** Pairs [a, b]: a comes before b in the first list but after it in the second. */
export function reversed(file: readonly string[], ours: readonly string[]): [string, string][] {
  const common = file.filter((m) => ours.includes(m));
  const out: [string, string][] = [];
  for (let i = 0; i < common.length; i++) {
    for (let j = i + 1; j < common.length; j++) {
      if (ours.indexOf(common[i]) > ours.indexOf(common[j])) out.push([common[i], common[j]]);
    }
  }
  return out;
}

export const version = (v: string) => v.split('.').map(Number).reduce((n, x, i) => n + x * 1000 ** (2 - i), 0);

/** The pairs of one file vrouter writes the other way round with no newer export to show it. */
export function unexplainedPairs(file: string, ros: string, ours: readonly string[], orders: ReadonlyMap<string, string[]>, all: readonly Export[]): string[] {
  const newerShows = ([a, b]: [string, string]) => all.some((o) => o.file !== file && version(o.ros) >= version(ros)
    && orders.get(o.file)!.includes(a) && orders.get(o.file)!.includes(b) && orders.get(o.file)!.indexOf(b) < orders.get(o.file)!.indexOf(a));
  return reversed(orders.get(file)!, ours).filter((p) => !newerShows(p)).map(([a, b]) => `${a} < ${b}`);
}

