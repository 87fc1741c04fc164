// RouterOS 7's AS-path regular expressions (manual "Route Selection and Filters", "AS-PATH
// Regexp Matching"): they work on whole AS numbers, not characters ("let regexp operate on
// each entry in the AS path as a number (ROS v7, Juniper style)"). `1234` is one ASN, `.` any
// one ASN, `^` / `$` the path's start and end, `*` `+` `?` repeat the term before, `|` and
// `( )` choose and group, `[1234 5678 1-100]` is one ASN of a set (ranges; `[^ ...]` negates;
// `[[:NAME:]]` a /routing/filter/num-list). Repetition ranges `{}` are not supported (the
// manual says so). Without anchors the expression matches anywhere in the path.

export class AsPathSyntaxError extends Error {}

type Node =
  | { k: 'seq'; items: Node[] }
  | { k: 'alt'; opts: Node[] }
  | { k: 'rep'; min: number; max: number; a: Node }
  | { k: 'asn'; test: (asn: number, lists: NumLists) => boolean }
  | { k: 'start' }
  | { k: 'end' };

/** The ranges of a num-list by name. */
export type NumLists = (name: string) => readonly [number, number][];

class Parser {
  private at = 0;
  constructor(private readonly text: string) {}

  parse(): Node {
    const n = this.alt();
    this.space();
    if (this.at < this.text.length) throw new AsPathSyntaxError(`unexpected ${this.text[this.at]}`);
    return n;
  }

  private space() { while (this.at < this.text.length && /\s/.test(this.text[this.at])) this.at++; }

  private alt(): Node {
    const opts = [this.seq()];
    while (this.text[this.at] === '|') { this.at++; opts.push(this.seq()); }
    return opts.length === 1 ? opts[0] : { k: 'alt', opts };
  }

  private seq(): Node {
    const items: Node[] = [];
    for (;;) {
      this.space();
      const c = this.text[this.at];
      if (c === undefined || c === '|' || c === ')') break;
      let atom: Node;
      if (c === '^') { this.at++; atom = { k: 'start' }; } else if (c === '$') { this.at++; atom = { k: 'end' }; } else if (c === '.') { this.at++; atom = { k: 'asn', test: () => true }; } else if (c === '(') {
        this.at++;
        atom = this.alt();
        if (this.text[this.at] !== ')') throw new AsPathSyntaxError('missing )');
        this.at++;
      } else if (c === '[') atom = this.set();
      else if (/\d/.test(c)) {
        const m = /^\d+/.exec(this.text.slice(this.at))!;
        this.at += m[0].length;
        const n = Number(m[0]);
        atom = { k: 'asn', test: (asn) => asn === n };
      } else throw new AsPathSyntaxError(`unexpected ${c}`);
      const q = this.text[this.at];
      if (q === '*' || q === '+' || q === '?') {
        if (atom.k === 'start' || atom.k === 'end') throw new AsPathSyntaxError(`nothing to repeat before ${q}`);
        this.at++;
        atom = { k: 'rep', min: q === '+' ? 1 : 0, max: q === '?' ? 1 : Infinity, a: atom };
      } else if (q === '{') throw new AsPathSyntaxError('repetition ranges are not supported');
      items.push(atom);
    }
    return items.length === 1 ? items[0] : { k: 'seq', items };
  }

  /** `[1234 5678 1-100]`, `[^1 2]`, `[[:list:]]`: one ASN of the set. */
  private set(): Node {
    this.at++;
    const negate = this.text[this.at] === '^';
    if (negate) this.at++;
    const tests: ((asn: number, lists: NumLists) => boolean)[] = [];
    for (;;) {
      this.space();
      const rest = this.text.slice(this.at);
      if (rest.startsWith(']')) { this.at++; break; }
      const list = /^\[:([^:\]]+):\]/.exec(rest);
      const range = /^(\d+)(?:-(\d+))?/.exec(rest);
      if (list) {
        const name = list[1];
        tests.push((asn, lists) => lists(name).some(([a, b]) => asn >= a && asn <= b));
        this.at += list[0].length;
      } else if (range) {
        const a = Number(range[1]), b = Number(range[2] ?? range[1]);
        tests.push((asn) => asn >= a && asn <= b);
        this.at += range[0].length;
      } else throw new AsPathSyntaxError(rest ? `unexpected ${rest[0]} in set` : 'missing ]');
    }
    return { k: 'asn', test: (asn, lists) => tests.some((t) => t(asn, lists)) !== negate };
  }
}

function match(n: Node, path: readonly number[], lists: NumLists, i: number, k: (j: number) => boolean): boolean {
  switch (n.k) {
    case 'asn': return i < path.length && n.test(path[i], lists) && k(i + 1);
    case 'start': return i === 0 && k(i);
    case 'end': return i === path.length && k(i);
    case 'alt': return n.opts.some((o) => match(o, path, lists, i, k));
    case 'seq': {
      const go = (idx: number, j: number): boolean => (idx === n.items.length ? k(j) : match(n.items[idx], path, lists, j, (j2) => go(idx + 1, j2)));
      return go(0, i);
    }
    case 'rep': {
      // Greedy; a repetition that consumes nothing stops (`(^)*` cannot loop).
      const go = (count: number, j: number): boolean =>
        (count < n.max && match(n.a, path, lists, j, (j2) => j2 !== j && go(count + 1, j2))) || (count >= n.min && k(j));
      return go(0, i);
    }
  }
}

const compiled = new Map<string, Node | AsPathSyntaxError>();

/** The expression compiled (cached by text), or why it does not parse. */
export function compileAsPath(pattern: string): Node | AsPathSyntaxError {
  let c = compiled.get(pattern);
  if (c === undefined) {
    try { c = new Parser(pattern).parse(); } catch (e) { c = e instanceof AsPathSyntaxError ? e : new AsPathSyntaxError(String(e)); }
    if (compiled.size > 10000) compiled.clear();
    compiled.set(pattern, c);
  }
  return c;
}

/** Whether the AS path (first ASN first) matches the expression anywhere. */
export function asPathMatches(pattern: string, path: readonly number[], lists: NumLists = () => []): boolean {
  const n = compileAsPath(pattern);
  if (n instanceof AsPathSyntaxError) return false;
  for (let start = 0; start <= path.length; start++) if (match(n, path, lists, start, () => true)) return true;
  return false;
}
