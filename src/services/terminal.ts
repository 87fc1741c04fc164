// What the ssh and telnet faces share: the console of src/console/interactive.ts run in
// this process on a terminal stream, for one logged-in user.
//
// - Login options in the user name (`admin+cet1024w`), as the router's manual (Console,
//   Login Options) gives them: after `+`, each option is an optional number and a letter.
//   `w` and `h` set the terminal's width and height, `c` turns colours off, `t` turns off
//   terminal detection, `e` asks for a dumb terminal. This console sends neither colours nor
//   detection requests; a dumb terminal gets no cursor-moving escape sequences.
// - A terminal has no line discipline here (no pseudo-terminal on the router's side): the
//   console's `\n` goes out as `\r\n`, as a terminal in raw mode needs.

import { Writable } from 'node:stream';
import { CommandError } from '../core/errors.js';
import type { Engine } from '../core/engine.js';
import type { Session } from '../core/schema.js';
import { banner, runLine, runTerminal, type ConsoleBackend, type SafeModeControl } from '../console/interactive.js';
import type { Holder } from '../core/history.js';
import { attachConsole } from '../menus/system/logging-targets.js';

export interface LoginOptions {
  /** The user name without its options. */
  user: string;
  width?: number;
  height?: number;
  colors: boolean;
  detect: boolean;
  dumb: boolean;
}

/** `admin+cet1024w` -> user admin, no colours, dumb, no detection, 1024 columns. */
export function loginOptions(login: string): LoginOptions {
  const plus = login.indexOf('+');
  const out: LoginOptions = { user: plus < 0 ? login : login.slice(0, plus), colors: true, detect: true, dumb: false };
  if (plus < 0) return out;
  for (const m of login.slice(plus + 1).matchAll(/(\d*)([a-z])/g)) {
    const n = m[1] === '' ? undefined : Number(m[1]);
    switch (m[2]) {
      case 'w': if (n) out.width = n; break;
      case 'h': if (n) out.height = n; break;
      // A number sets the switch; without one, the letter's implicit value.
      case 'c': out.colors = n !== undefined ? n !== 0 : false; break;
      case 't': out.detect = n !== undefined ? n !== 0 : false; break;
      case 'e': out.dumb = n !== undefined ? n !== 0 : true; break;
    }
  }
  return out;
}

/** The router in this process, as the console sees it: commands run as the session's user. */
export class EngineBackend implements ConsoleBackend {
  /** Ends the command under way (Ctrl-C). */
  current?: AbortController;

  /**
   * `terminal`: the console's terminal, which a command's lines go to as they are printed
   * (a ping's rows as they come), and whose width print fits its lines to.
   */
  constructor(private readonly engine: Engine, private readonly session: Session, private readonly terminal?: { columns: number; write(text: string): void }) {}

  async identity() {
    return this.engine.store.table('system/identity').rows[0]?.values.name ?? 'MikroTik';
  }

  async execute(script: string) {
    const controller = new AbortController();
    this.current = controller;
    try {
      const t = this.terminal;
      const session = t ? { ...this.session, width: t.columns, stream: (line: string) => t.write(line + '\n') } : this.session;
      const out = await this.engine.run({ path: [], command: 'execute', args: { script, 'as-string': '' } }, session, { signal: controller.signal });
      return { ok: true, text: String(out.done?.ret ?? '').replace(/\r\n/g, '\n') };
    } catch (e) {
      if (e instanceof CommandError) return { ok: false, text: e.message };
      throw e;
    } finally {
      if (this.current === controller) this.current = undefined;
    }
  }

  /** Safe mode as this console's session holds it (the engine's history keeps who does). */
  get safeMode(): SafeModeControl | undefined {
    const holder = this.session.holder;
    if (!holder) return undefined;
    const history = this.engine.history;
    let notice: ((line: string) => void) | undefined;
    (holder as { notify?: (line: string) => void }).notify = (line) => notice?.(line);
    return {
      held: () => history.owner === holder,
      toggle: () => {
        if (history.owner === holder) { history.release(holder); return 'released'; }
        return history.take(holder) ? 'taken' : 'other';
      },
      hijack: (choice) => (choice === 'u' ? history.hijackUnroll(holder) : history.hijackRelease(holder)),
      unroll: () => { history.unroll(holder); },
      release: () => { history.release(holder); },
      onNotice: (f) => { notice = f; },
    };
  }

  async inspect(request: 'child' | 'syntax', path: string) {
    try {
      const out = await this.engine.run({ path: ['console'], command: 'inspect', args: { request, path } }, this.session);
      return out.records as Record<string, string>[];
    } catch {
      return [];
    }
  }
}

/** The console's side of a terminal: CR LF line ends, the size the client gave, resizes. */
export class TerminalOutput extends Writable {
  columns: number;
  rows: number;
  readonly isTTY = true;

  constructor(private readonly sink: (text: string) => void, size: { columns: number; rows: number }, private readonly dumb = false) {
    super({ decodeStrings: false });
    this.columns = size.columns;
    this.rows = size.rows;
  }

  override _write(chunk: string | Buffer, _enc: BufferEncoding, done: (e?: Error | null) => void) {
    let text = typeof chunk === 'string' ? chunk : chunk.toString('utf8');
    // A dumb terminal cannot move its cursor: escape sequences are left out.
    if (this.dumb) text = text.replace(/\x1b\[[0-9;?]*[A-Za-z]/g, '');
    this.sink(text.replace(/\r?\n/g, '\r\n'));
    done();
  }

  /** The client's window changed size; the line editor redraws for it. */
  resize(columns: number, rows: number) {
    if (columns > 0) this.columns = columns;
    if (rows > 0) this.rows = rows;
    this.emit('resize');
  }
}

export interface ConsoleRun {
  engine: Engine;
  session: Session;
  version: string;
  options: LoginOptions;
  input: NodeJS.ReadableStream;
  output: TerminalOutput;
}

/** The interactive console after a login: banner, prompt, and lines until the user quits. */
export async function interactiveConsole(o: ConsoleRun): Promise<number> {
  // The console's own hold on safe mode: its session ending without a release rolls it back.
  const holder: Holder = { user: o.session.user, via: o.session.via };
  const session: Session = { ...o.session, holder };
  const backend = new EngineBackend(o.engine, session, o.output);
  const identity = await backend.identity();
  o.output.write(banner(o.version, new Date(o.engine.now()).getFullYear()));
  // Lines of an `echo` logging action (critical ones by default): those no console saw yet
  // now, after the banner, then each as it is logged, on a line of its own.
  const leave = attachConsole(o.engine, (line) => o.output.write(`\r${line}\n`));
  try {
    return await runTerminal({ backend, user: session.user, identity, version: o.version, input: o.input, output: o.output, terminal: true, dumb: o.options.dumb, interrupt: () => backend.current?.abort() });
  } finally {
    leave();
    o.engine.history.ended(holder);
  }
}

/**
 * One command given with the login (`ssh admin@router '/ip address print'`): what it prints,
 * CR LF ended. With `write`, its lines go there as they are printed (`/log print follow`
 * shows each line as it comes) and the result is only a failure's message; `signal` stops it;
 * `columns`: the width the user name gives (`admin+w511`), 80 without one.
 */
export async function commandOutput(engine: Engine, session: Session, line: string, write?: (text: string) => void, signal?: AbortSignal, columns = 80): Promise<string> {
  const terminal = write && { columns, write: (t: string) => write(t.replace(/\r?\n/g, '\r\n')) };
  const backend = new EngineBackend(engine, session, terminal);
  signal?.addEventListener('abort', () => backend.current?.abort(), { once: true });
  const res = await runLine(backend, [], line);
  return res.text === '' ? '' : res.text.replace(/\r?\n/g, '\r\n') + '\r\n';
}
