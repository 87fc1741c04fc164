// The interactive console on a terminal stream, drawn with the router's own bytes
// (./screen.ts): prompt, echo, the line drawn again on Enter, line editing, history, Tab and
// `?`, the pager, safe mode on Ctrl-X and F4. Keys typed while a command runs wait for the
// next prompt, as on the router; Ctrl-C ends the command.

import { KeyReader, type Key } from './keys.js';
import { listing, PAGER, Screen } from './screen.js';
import { complete, help, navigation, runLine, Tree, type TerminalOptions } from './interactive.js';
import { MAX_STRING } from './limits.js';

/** What a terminal knows of its size (TerminalOutput, a TTY). */
interface Sized { columns?: number; rows?: number; on?(event: 'resize', f: () => void): unknown; off?(event: 'resize', f: () => void): unknown }

/**
 * Runs the console until the user quits (`/quit`, Ctrl-D on an empty line) or the stream
 * ends. In safe mode `/quit` keeps the changes and Ctrl-D takes them back (manual,
 * Configuration Management > Safe Mode); a stream that ends leaves that to the face.
 */
export function runTerminal(o: TerminalOptions): Promise<number> {
  const { backend } = o;
  const screen = new Screen(o.dumb ?? false);
  const sized = o.output as unknown as Sized;
  const width = () => Math.max(20, sized.columns ?? 80);
  const height = () => Math.max(2, sized.rows ?? 24);
  const tree = new Tree(backend);
  const safe = backend.safeMode;
  const keys = new KeyReader();
  let identity = o.identity;
  let cwd: string[] = [];
  let line = '';
  let cursor = 0;
  const past: string[] = [];
  let recall = 0;
  type Mode = 'edit' | 'busy' | 'ask' | 'page' | 'done';
  let mode: Mode = 'edit';
  /** The mode now (after an await: a closure cannot tell the compiler it changed). */
  const current = (): Mode => mode;
  let queued: Key[] = [];
  let page: string[] = [];
  let out = '';
  const send = () => { if (out) { o.output.write(out); out = ''; } };
  const write = (s: string) => { out += s; };

  const prompt = () => `[${o.user}@${identity}] ${cwd.length ? '/' + cwd.join('/') : ''}${safe?.held() ? '<SAFE>' : '>'} `;
  /** The rows the prompt and line take up to the cursor: a wrapped line starts that many rows up. */
  const rowsUp = (upTo: number) => Math.floor((prompt().length + upTo) / width());
  /** The prompt and line drawn again from their first column, the cursor put back. */
  const redraw = () => screen.up(rowsUp(cursor)) + '\r' + prompt() + line + screen.clear(1) + screen.left(line.length - cursor);
  const freshLine = () => screen.fresh(prompt()) + line + screen.left(line.length - cursor);
  /** Lines shown between the line being typed and a fresh prompt with that line again (Tab, `?`, notices). */
  const below = (lines: readonly string[]) => '\r\n' + lines.map((l) => l + '\r\n').join('') + screen.fresh(prompt()) + line + screen.clear(1) + screen.left(line.length - cursor);

  let finish!: (code: number) => void;
  const done = new Promise<number>((resolve) => { finish = resolve; });
  const end = () => {
    if (mode === 'done') return;
    mode = 'done';
    send();
    o.input.off('data', onData);
    o.input.off('end', end);
    o.input.off('close', end);
    sized.off?.('resize', onResize);
    safe?.onNotice(undefined);
    finish(0);
  };

  // ------------------------------------------------------------ editing

  const insert = (text: string) => {
    // A line holds what a script may (the console's longest string); past that, keys are dropped.
    text = text.slice(0, Math.max(0, MAX_STRING - line.length));
    if (!text) return;
    const rest = line.slice(cursor);
    line = line.slice(0, cursor) + text + rest;
    cursor += text.length;
    write(text + rest + screen.left(rest.length));
  };

  const backspace = () => {
    if (!cursor) return;
    const rest = line.slice(cursor);
    line = line.slice(0, cursor - 1) + rest;
    cursor--;
    write(screen.left(1) + rest + ' ' + screen.left(rest.length + 1));
  };

  const deleteAt = () => {
    if (cursor >= line.length) return;
    const rest = line.slice(cursor + 1);
    line = line.slice(0, cursor) + rest;
    write(rest + ' ' + screen.left(rest.length + 1));
  };

  /** The line replaced by another (history), redrawn from the prompt. */
  const replaceLine = (next: string) => {
    const shown = line.length;
    write(screen.up(rowsUp(cursor)) + '\r' + prompt() + next + screen.clear(Math.max(0, shown - next.length)));
    line = next;
    cursor = next.length;
  };

  const move = (to: number) => {
    to = Math.max(0, Math.min(line.length, to));
    if (to < cursor) write(screen.left(cursor - to));
    else write(line.slice(cursor, to));
    cursor = to;
  };

  const key = (k: Key) => {
    switch (k.kind) {
      case 'text':
        // `?` outside quotes asks for help instead of being typed.
        for (const part of k.text.split(/(\?)/)) {
          if (part === '?' && !/["\\]/.test(line)) return void question(k.text.slice(k.text.indexOf('?') + 1));
          if (part) insert(part);
        }
        return;
      case 'help': return void question('');
      case 'backspace': return backspace();
      case 'delete': return deleteAt();
      case 'left': return move(cursor - 1);
      case 'right': return move(cursor + 1);
      case 'home': return move(0);
      case 'end': return move(line.length);
      case 'kill-end':
        write(screen.clear(line.length - cursor));
        line = line.slice(0, cursor);
        return;
      case 'kill-start': {
        const rest = line.slice(cursor);
        write(screen.left(cursor) + rest + screen.clear(cursor) + screen.left(rest.length));
        line = rest;
        cursor = 0;
        return;
      }
      case 'up': case 'down': {
        const at = Math.max(0, Math.min(past.length, recall + (k.kind === 'up' ? -1 : 1)));
        if (at === recall) return;
        recall = at;
        return replaceLine(past[at] ?? '');
      }
      case 'interrupt':
        // The line is left as typed; a new, empty one starts below it.
        line = '';
        cursor = 0;
        write('\r\n' + screen.fresh(prompt()));
        return;
      case 'eof':
        if (line) return deleteAt();
        // Ctrl-D on an empty line logs out; in safe mode it takes the changes back first.
        safe?.unroll();
        write('\r\n');
        return end();
      case 'safe-mode': return void safeModeKey();
      case 'tab': return void tab();
      case 'enter': return void enter();
      case 'suspend': return;
    }
  };

  // ------------------------------------------------------------ Tab and `?`

  /** Waits for an answer from the router, keys typed meanwhile waiting too. */
  const busy = async (work: () => Promise<void>) => {
    mode = 'busy';
    send();
    try {
      await work();
    } catch (e) {
      write(`${(e as Error).message}\r\n` + screen.fresh(prompt()));
    }
    // Ended meanwhile, or the pager or a question has the keys now; else the line editor has them again.
    if (current() === 'done') return;
    if (current() === 'busy') mode = 'edit';
    drain();
  };

  const tab = () => busy(async () => {
    const [hits, partial] = await complete(tree, cwd, line.slice(0, cursor));
    if (!hits.length) return;
    const common = hits.reduce((a, b) => { let i = 0; while (i < a.length && i < b.length && a[i] === b[i]) i++; return a.slice(0, i); });
    if (hits.length === 1 || common.length > partial.length) {
      const word = hits.length === 1 ? hits[0] : common;
      const rest = line.slice(cursor);
      write(screen.replace(partial.length, word) + rest + screen.left(rest.length));
      line = line.slice(0, cursor - partial.length) + word + rest;
      cursor += word.length - partial.length;
      return;
    }
    write(below(listing(hits, width())));
  });

  const question = (after: string) => busy(async () => {
    const text = await help(tree, backend, cwd, line.slice(0, cursor));
    write(below(text.replace(/\n$/, '').split('\n')));
    if (after) queued.unshift({ kind: 'text', text: after });
  });

  // ------------------------------------------------------------ safe mode

  const safeModeKey = () => {
    if (!safe) return;
    const got = safe.toggle();
    if (got === 'other') {
      write('\r\nHijacking Safe Mode from someone - unroll/release/don\'t take it [u/r/d]: ');
      mode = 'ask';
      return;
    }
    write(below([got === 'taken' ? '[Safe Mode taken]' : '[Safe Mode released]']));
  };

  const answer = (k: Key) => {
    if (k.kind !== 'text') return;
    const choice = k.text[0].toLowerCase();
    if (choice !== 'u' && choice !== 'r' && choice !== 'd') return;
    if (choice !== 'd') safe!.hijack(choice);
    mode = 'edit';
    write(k.text[0] + (choice === 'd' ? '\r\n' + freshLine() : below(['[Safe Mode taken]'])));
  };

  // ------------------------------------------------------------ Enter, output and the pager

  const enter = () => {
    const typed = line;
    const text = typed.trim();
    const up = screen.up(rowsUp(cursor));
    line = '';
    cursor = 0;
    recall = past.length;
    // An empty line: the prompt drawn again where it is, no new line (the second of CR LF
    // gives the `prompt prompt` line scrapli waits for, and the two trailing prompts netmiko strips).
    if (!text) return void write(up + '\r' + prompt() + screen.clear(typed.length));
    // Drawn again whole before anything else (netmiko and scrapli wait for this second prompt and line).
    write(up + '\r' + prompt() + typed + '\r\n');
    if (past[past.length - 1] !== typed) past.push(typed);
    recall = past.length;
    if (/^[/:]?(quit|exit)$/.test(text)) {
      // /quit keeps what safe mode held (manual: "/quit does not" undo).
      safe?.release();
      write('interrupted\r\n');
      return end();
    }
    return void busy(async () => {
      const nav = navigation(text);
      if (nav) {
        const next = await tree.walk(nav.absolute ? [] : cwd, nav.words);
        if (next) {
          cwd = next;
          write(screen.fresh(prompt()));
          return;
        }
      }
      let shown = '';
      try {
        const res = await runLine(backend, cwd, text);
        shown = res.text;
        // `/system identity set name=x` renames the router: the prompt follows.
        if (res.ok) identity = (await backend.identity()) ?? identity;
      } catch (e) {
        shown = (e as Error).message;
      }
      if (current() === 'done') return;
      const lines = shown === '' ? [] : shown.split('\n');
      if (/(^|\s)without-paging(\s|$)/.test(text)) return show(lines, true);
      show(lines, false);
    });
  };

  /** Output, a window at a time when it is longer than the window (`-- [Q quit|D dump|C-z pause]`). */
  const show = (lines: string[], all: boolean) => {
    const room = height() - 1;
    if (all || lines.length <= room) {
      write(lines.map((l) => l + '\r\n').join('') + screen.fresh(prompt()));
      return;
    }
    write(lines.slice(0, room).map((l) => l + '\r\n').join('') + PAGER);
    page = lines.slice(room);
    mode = 'page';
  };

  const pager = (k: Key) => {
    const c = k.kind === 'text' ? k.text[0].toLowerCase() : k.kind;
    if (c === 'suspend') return;
    write('\r' + screen.clear(PAGER.length));
    mode = 'edit';
    if (c === 'q' || c === 'interrupt') return void write(screen.fresh(prompt()));
    const rest = page;
    page = [];
    show(rest, c === 'd');
  };

  // ------------------------------------------------------------ input

  const drain = () => {
    while (queued.length && mode !== 'busy' && mode !== 'done') {
      let k = queued.shift()!;
      // The pager and the safe-mode question take one key at a time; the rest waits.
      if ((mode === 'ask' || mode === 'page') && k.kind === 'text' && k.text.length > 1) {
        queued.unshift({ kind: 'text', text: k.text.slice(1) });
        k = { kind: 'text', text: k.text[0] };
      }
      if (mode === 'ask') answer(k);
      else if (mode === 'page') pager(k);
      else key(k);
    }
    send();
  };

  const onData = (chunk: Buffer | string) => {
    const got = keys.read(typeof chunk === 'string' ? chunk : chunk.toString('utf8'));
    for (const k of got) {
      // Ctrl-C while a command runs ends it; other keys wait for the prompt.
      if (mode === 'busy' && k.kind === 'interrupt' && o.interrupt) { o.interrupt(); continue; }
      queued.push(k);
    }
    try {
      drain();
    } catch (e) {
      // No key may take the console down: what failed is said, and a fresh prompt follows.
      queued = [];
      mode = 'edit';
      line = '';
      cursor = 0;
      write(`\r\n${(e as Error).message}\r\n` + screen.fresh(prompt()));
      send();
    }
  };

  const onResize = () => {
    if (mode === 'edit') { write(redraw()); send(); }
  };

  // A line another session makes this terminal show (`[Safe mode released by another user]`).
  safe?.onNotice((notice) => {
    if (mode === 'done') return;
    write('\r' + notice + screen.clear(1) + '\r\n' + freshLine());
    send();
  });

  write(screen.fresh(prompt()));
  send();
  o.input.on('data', onData);
  // A stream the login paused (telnet's Login: and Password:) flows again.
  o.input.resume();
  o.input.once('end', end);
  o.input.once('close', end);
  sized.on?.('resize', onResize);
  queued = [];
  return done;
}
