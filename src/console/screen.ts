// The bytes the router's console draws with (RouterOS 7.x, docs/routeros-facts.md 42.1-42.4),
// written once: every sequence here is one that the SSH automation libraries strip
// (netmiko's strip_ansi_escape_codes, scrapli's ANSI_ESCAPE_PATTERN, community.routeros's
// ansi_re), so what they read is the router's text.
//
// - A fresh prompt: `\r ESC[9999B [admin@MikroTik] > ` (cursor to the bottom row, then the
//   prompt; real 7.x captures of a CHR).
// - Enter: the line is drawn again from its start, `\r [admin@MikroTik] > /ip address print`,
//   then `\r\n` (the prompt and command shown twice that netmiko and scrapli are written for).
// - Erasing a word Tab completes: `ESC[nD`, n blanks, `ESC[nD`, then the word; one
//   character back is `\b` (7.19 and 7.24 captures).
// - A listing (Tab, `?`): `\r\n`, its lines, `\r\n\r ESC[9999B`, the prompt, the line, `ESC[K`.
// A dumb terminal (login option `e`) gets the same text with no escape sequence: backspaces
// and blanks move and erase.

export class Screen {
  constructor(readonly dumb: boolean) {}

  /** The prompt on a line of its own, the cursor after it. */
  fresh(prompt: string): string {
    return this.dumb ? '\r' + prompt : '\r\x1b[9999B' + prompt;
  }

  /** Back `n` columns. */
  left(n: number): string {
    if (n <= 0) return '';
    return n === 1 || this.dumb ? '\b'.repeat(n) : `\x1b[${n}D`;
  }

  /** Erases from the cursor to the end of the line, `shown` being how much text is there. */
  clear(shown: number): string {
    if (shown <= 0) return '';
    return this.dumb ? ' '.repeat(shown) + '\b'.repeat(shown) : '\x1b[K';
  }

  /** Up `n` rows (to the first row of a line that wrapped). */
  up(n: number): string {
    return n <= 0 || this.dumb ? '' : `\x1b[${n}A`;
  }

  /** A word of `n` characters before the cursor replaced by `word` (Tab). */
  replace(n: number, word: string): string {
    return n === 0 ? word : this.left(n) + ' '.repeat(n) + this.left(n) + word;
  }
}

/** The pager's line (manual, Console: output longer than the window). */
export const PAGER = '-- [Q quit|D dump|C-z pause]';

/**
 * Words laid out as the router lists completions: one row of words five blanks apart, ending
 * in three blanks (`mtu     mvrp   `), or, when they do not fit the width, columns filled
 * top to bottom, each five blanks wider than its longest word.
 */
export function listing(words: readonly string[], width: number): string[] {
  if (!words.length) return [];
  const oneRow = words.join('     ') + '   ';
  if (oneRow.length <= width) return [oneRow];
  for (let rows = 2; rows <= words.length; rows++) {
    const columns: string[][] = [];
    for (let i = 0; i < words.length; i += rows) columns.push(words.slice(i, i + rows));
    const widths = columns.map((c) => Math.max(...c.map((w) => w.length)) + 5);
    if (widths.reduce((a, b) => a + b, 0) - 5 > width && rows < words.length) continue;
    const out: string[] = [];
    for (let r = 0; r < rows; r++) {
      out.push(columns.map((c, i) => (c[r] ?? '').padEnd(widths[i])).join('').replace(/\s+$/, ''));
    }
    return out;
  }
  return [...words];
}
