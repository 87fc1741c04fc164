// The keys a terminal sends, read from its byte stream: printable text, control keys, and
// the escape sequences of arrows and function keys (VT100/xterm: `ESC [ A`, `ESC O P`,
// `ESC [ 3 ~`). Sequences the console has no use for (a terminal's answers to queries,
// `ESC [ ? 1 ; 2 c`, `ESC [ 24 ; 80 R`) are read whole and dropped, so they never reach the line.

export type Control = 'enter' | 'tab' | 'help' | 'backspace' | 'delete' | 'left' | 'right' | 'up' | 'down' | 'home' | 'end'
  | 'kill-end' | 'kill-start' | 'interrupt' | 'eof' | 'safe-mode' | 'suspend';

export type Key = { kind: 'text'; text: string } | { kind: Control };

/** Control characters and what the router's console does with them (manual, Console: keys). */
const CONTROL: Record<string, Control> = {
  '\r': 'enter', '\n': 'enter', '\t': 'tab', '\x7f': 'backspace', '\b': 'backspace',
  '\x01': 'home', '\x05': 'end', '\x02': 'left', '\x06': 'right', '\x10': 'up', '\x0e': 'down',
  '\x0b': 'kill-end', '\x15': 'kill-start', '\x03': 'interrupt', '\x04': 'eof', '\x18': 'safe-mode', '\x1a': 'suspend',
};

/** `ESC [ ... final`: the final byte (and `~` codes) of the keys that mean something here. */
const CSI: Record<string, Control> = {
  A: 'up', B: 'down', C: 'right', D: 'left', H: 'home', F: 'end',
  '1~': 'home', '7~': 'home', '4~': 'end', '8~': 'end', '3~': 'delete',
};

/** `ESC O x`: arrows in application mode, F1 (help, as `?`), F4 (safe mode, 7.x manual). */
const SS3: Record<string, Control> = { A: 'up', B: 'down', C: 'right', D: 'left', H: 'home', F: 'end', P: 'help', S: 'safe-mode' };

/** An escape sequence longer than this is no key (a terminal's never are): it is dropped. */
const LONGEST_SEQUENCE = 64;

/** Turns chunks of a terminal's input into keys; a sequence split over two chunks waits for its end. */
export class KeyReader {
  private pending = '';

  read(chunk: string): Key[] {
    const s = this.pending + chunk;
    this.pending = '';
    const keys: Key[] = [];
    let text = '';
    const flush = () => { if (text) { keys.push({ kind: 'text', text }); text = ''; } };
    for (let i = 0; i < s.length; i++) {
      const ch = s[i];
      if (ch === '\x1b') {
        const end = sequenceEnd(s, i);
        if (end < 0) {
          flush();
          if (s.length - i <= LONGEST_SEQUENCE) this.pending = s.slice(i);
          return keys;
        }
        const kind = sequenceKey(s.slice(i, end));
        if (kind) { flush(); keys.push({ kind }); }
        i = end - 1;
        continue;
      }
      const control = CONTROL[ch];
      if (control) {
        // CR LF from a client that sends both is one end of line... to the router, two:
        // each is an Enter (the second redraws an empty line, which some clients wait for).
        flush();
        keys.push({ kind: control });
      } else if (ch >= ' ') {
        text += ch;
      }
    }
    flush();
    return keys;
  }
}

/** Where the escape sequence starting at `i` ends (exclusive), or -1 when it is not yet whole. */
function sequenceEnd(s: string, i: number): number {
  if (i + 1 >= s.length) return -1;
  const next = s[i + 1];
  if (next === 'O') return i + 2 < s.length ? i + 3 : -1;
  if (next !== '[') return i + 2;
  for (let j = i + 2; j < s.length; j++) {
    const c = s.charCodeAt(j);
    if (c >= 0x40 && c <= 0x7e) return j + 1;
  }
  return -1;
}

function sequenceKey(seq: string): Control | undefined {
  if (seq[1] === 'O') return SS3[seq[2]];
  if (seq[1] !== '[') return undefined;
  const body = seq.slice(2);
  const final = body[body.length - 1];
  if (final === '~') return CSI[body];
  // `ESC [ 1 ; 5 C` (a modified arrow) is still the arrow; a terminal's answer (`ESC [ ? 1 ; 2 c`) is nothing.
  return /^[\d;]*$/.test(body.slice(0, -1)) ? CSI[final] : undefined;
}
