// The router's history of configuration actions (/system history, /undo, /redo) and safe
// mode (Ctrl-X, /safe-mode): one place for every face. Each command a session runs that
// changes stored records becomes one action, with its user, its face and the changes that
// take it back; the store tells of every stored change as it applies (Store.recorder) and
// the engine says whose command is running (History.acting). Undo, redo and a safe-mode
// rollback are commits like any other: on disk before they are acknowledged, and seen by
// every face. The history itself lives in memory, as the router's does (it starts afresh
// at every boot). Sources: docs/routeros-facts.md section 42.

import type { Policy, Session } from './schema.js';
import type { Mutation, Store } from './store.js';

/** "currently history keeps up to 100 most recent actions" (manual, Configuration Management > Safe Mode). */
export const HISTORY_ACTIONS = 100;

/** Whoever can hold safe mode: one interactive console, one API connection. */
export interface Holder {
  readonly user: string;
  readonly via: string;
  /** A line the holder's terminal shows at once (`[Safe mode released by another user]`). */
  notify?(line: string): void;
}

export interface Action {
  /** The command that did it: its menu, name and arguments as given. */
  path: string;
  command: string;
  args: Record<string, string>;
  by: string;
  /** The face it came in by (ssh, api, rest-api ...); kept, not printed. */
  via: string;
  policy: readonly Policy[];
  time: number;
  forward: Mutation[];
  inverse: Mutation[];
  /** Undone (a later /redo brings it back); floating: made while safe mode was held. */
  undone: boolean;
  floating: boolean;
}

/** What the engine is running for whom, while the command's code runs. */
export interface Acting {
  session: Session;
  path: string;
  command: string;
  policy: readonly Policy[];
  args: Record<string, string>;
  action?: Action;
}

export class History {
  /** Newest first, as `/system history print` lists them; the boot marker (`---`) last. */
  readonly actions: Action[] = [];
  readonly boot: Action;
  acting?: Acting;
  /** While an undo, redo or rollback applies: its own changes are no new action. */
  private replaying = false;
  /** Who holds safe mode, if anyone. */
  owner?: Holder;

  constructor(private readonly store: Store, private readonly now: () => number) {
    // The router's history starts with an entry `---` by nobody at boot (manual's `print detail`).
    this.boot = { path: '', command: '', args: {}, by: '', via: '', policy: ['write'], time: now(), forward: [], inverse: [], undone: false, floating: false };
    store.recorder = (forward, inverse) => this.record(forward, inverse);
  }

  /** Every action, newest first, the boot marker last. */
  list(): readonly Action[] { return [...this.actions, this.boot]; }

  private record(forward: Mutation, inverse: Mutation) {
    const acting = this.acting;
    if (!acting || this.replaying) return;
    let action = acting.action;
    if (!action) {
      // A new action ends what could be redone.
      while (this.actions.length && this.actions[0].undone) this.actions.shift();
      // No room left for one more safe-mode change: safe mode lets go, undoing nothing (manual).
      if (this.owner && this.actions.filter((a) => a.floating).length >= HISTORY_ACTIONS) this.letGo();
      action = { path: acting.path, command: acting.command, args: acting.args, by: acting.session.user, via: acting.session.via, policy: acting.policy, time: this.now(), forward: [], inverse: [], undone: false, floating: this.owner !== undefined };
      acting.action = action;
      this.actions.unshift(action);
      if (this.actions.length > HISTORY_ACTIONS) this.actions.length = HISTORY_ACTIONS;
    }
    action.forward.push(forward);
    action.inverse.unshift(inverse);
  }

  /** `/undo`: the newest action not yet undone is taken back. False when there is none. */
  undo(): boolean {
    const action = this.actions.find((a) => !a.undone);
    if (!action) return false;
    this.replay(action.inverse);
    action.undone = true;
    return true;
  }

  /** `/redo`: the undone action nearest the present is done again. False when there is none. */
  redo(): boolean {
    let action: Action | undefined;
    for (const a of this.actions) { if (!a.undone) break; action = a; }
    if (!action) return false;
    this.replay(action.forward);
    action.undone = false;
    return true;
  }

  /** Applies changes as they were recorded, skipping what no longer applies (a row gone since). */
  private replay(mutations: readonly Mutation[]) {
    const applicable = mutations.filter((m) => {
      const t = this.store.table(m.table);
      switch (m.op) {
        case 'insert': return !t.get(m.row.id);
        case 'update': case 'delete': return t.get(m.id) !== undefined;
        case 'move': return m.ids.every((id) => t.get(id));
      }
    }).map((m) => (m.op === 'insert' ? { ...m, row: { ...m.row, values: { ...m.row.values } } } : m));
    this.replaying = true;
    try {
      this.store.commit(applicable);
    } finally {
      this.replaying = false;
    }
  }

  // ---------------------------------------------------------------- safe mode

  /** Takes safe mode for `holder`: false when someone else holds it. */
  take(holder: Holder): boolean {
    if (this.owner && this.owner !== holder) return false;
    this.owner = holder;
    return true;
  }

  /** Releases safe mode: its changes stay, as undoable actions. */
  release(holder: Holder): boolean {
    if (this.owner !== holder) return false;
    this.letGo();
    return true;
  }

  /** Undoes every change made while safe mode was held, and lets it go. */
  unroll(holder: Holder): boolean {
    if (this.owner !== holder) return false;
    this.rollBack();
    return true;
  }

  /** A holder whose session ended: its safe mode is rolled back (manual: the session terminated abnormally). */
  ended(holder: Holder) {
    if (this.owner === holder) this.rollBack();
  }

  /** `[u]`: another session's changes undone, safe mode taken. */
  hijackUnroll(holder: Holder) {
    this.rollBack();
    this.owner = holder;
  }

  /** `[r]`: another session's changes kept, safe mode taken; that session is told. */
  hijackRelease(holder: Holder) {
    const previous = this.owner;
    this.letGo();
    this.owner = holder;
    previous?.notify?.('[Safe mode released by another user]');
  }

  private letGo() {
    for (const a of this.actions) a.floating = false;
    this.owner = undefined;
  }

  private rollBack() {
    const floating = this.actions.filter((a) => a.floating);
    for (const a of floating) if (!a.undone) this.replay(a.inverse);
    // Changes rolled back are gone from the history: nothing to redo them from.
    for (const a of floating) this.actions.splice(this.actions.indexOf(a), 1);
    this.owner = undefined;
  }
}

// ---------------------------------------------------------------- the words of an action

/** The record a menu holds, as the history names it (manual: `filter rule added`, `route added`). */
const NOUNS: Record<string, string> = {
  'ip/firewall/filter': 'filter rule', 'ip/firewall/nat': 'nat rule', 'ip/firewall/mangle': 'mangle rule', 'ip/firewall/raw': 'raw rule',
  'ipv6/firewall/filter': 'filter rule', 'ipv6/firewall/nat': 'nat rule', 'ipv6/firewall/mangle': 'mangle rule', 'ipv6/firewall/raw': 'raw rule',
  'ip/route': 'route', 'ipv6/route': 'route',
};

const VERBS: Record<string, string> = { add: 'added', remove: 'removed', move: 'moved' };

/** A value as the console takes it back: bare when it can be, else in quotes. */
function consoleValue(v: string): string {
  return /^[\w.\-/:*,@+!]+$/.test(v) ? v : JSON.stringify(v).replace(/\$/g, '\\$');
}

const words = (values: Record<string, string>) => Object.keys(values).sort().map((n) => `${n}=${consoleValue(values[n])}`).join(' ');

const idOf = (m: Mutation) => (m.op === 'insert' ? m.row.id : m.op === 'move' ? m.ids[0] : m.id);

/**
 * What `/system history print` says of an action: `filter rule added`, and the console
 * commands that redo and undo it (`/ip firewall filter add action=accept chain=forward`,
 * `/ip firewall filter remove *3`: the manual's `print detail`).
 */
export function describeAction(a: Action, formatId: (id: number) => string): { action: string; redo: string; undo: string } {
  if (!a.forward.length) return { action: '---', redo: '', undo: '' };
  // A settings menu's record made on its first change is not what the change was.
  const at = a.command === 'add' ? 0 : Math.max(0, a.forward.findIndex((m) => m.op !== 'insert'));
  const forward = a.forward[at];
  const inverse = a.inverse[a.inverse.length - 1 - at];
  const noun = NOUNS[a.path] ?? (a.path.split('/').pop()?.replace(/-/g, ' ') || 'item');
  const cli = '/' + a.path.split('/').join(' ');
  const id = formatId(idOf(forward));
  const action = `${noun} ${VERBS[a.command] ?? 'changed'}`;
  const given = Object.fromEntries(Object.entries(a.args).filter(([n]) => n !== 'numbers' && n !== '.id'));
  const join = (...parts: string[]) => parts.filter(Boolean).join(' ');
  if (forward.op === 'insert') return { action, redo: join(cli, 'add', words(given)), undo: join(cli, 'remove', id) };
  if (forward.op === 'delete' && inverse.op === 'insert') return { action, redo: join(cli, 'remove', id), undo: join(cli, 'add', words(inverse.row.values)) };
  if (forward.op === 'move') return { action, redo: join(cli, 'move', id, words(given)), undo: join(cli, 'move', id) };
  const old = inverse.op === 'update' ? inverse.values : {};
  const next = forward.op === 'update' ? forward.values : {};
  const changed = [...new Set([...Object.keys(old), ...Object.keys(next)])].filter((n) => old[n] !== next[n]);
  const back = Object.fromEntries(changed.map((n) => [n, old[n] ?? '']));
  const settings = forward.op === 'update' && a.args.numbers === undefined;
  return { action, redo: join(cli, a.command, settings ? '' : id, words(given)), undo: join(cli, 'set', settings ? '' : id, words(back)) };
}
