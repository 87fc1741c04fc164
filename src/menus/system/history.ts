// /system history, /undo, /redo and /safe-mode: the faces of the engine's history
// (src/core/history.ts). The history lists every session's configuration actions, newest
// first; /undo takes back the newest one not yet undone and /redo does again the one undone
// last; safe mode makes every action floating (`F`) until it is released, and rolls them
// back when its holder's session ends. Sources: docs/routeros-facts.md section 42.

import { failure } from '../../core/errors.js';
import { describeAction, type Action, type Holder } from '../../core/history.js';
import type { CommandContext, CommandDecl, Environment, MenuDecl, Session } from '../../core/schema.js';
import { formatId, type Row } from '../../core/store.js';
import { bool, formatDateTime, listOf, oneOf, str } from '../../core/values.js';
import type { Engine } from '../../core/engine.js';
import { POLICIES } from '../../core/schema.js';

const historyOf = (env: Environment) => (env as Engine).history;

/** One action as a record: the boot marker last, ids in the list's order. */
function historyRows(env: Environment): Row[] {
  return historyOf(env).list().map((a, i): Row => ({ id: i + 1, dynamic: true, pos: i, values: historyValues(a) }));
}

function historyValues(a: Action): Record<string, string> {
  const words = describeAction(a, formatId);
  return {
    action: words.action, by: a.by, policy: a.policy.join(','), time: formatDateTime(new Date(a.time)),
    redo: words.redo, undo: words.undo,
    // A floating action is undoable too; print shows the one letter that says most.
    undoable: String(!a.undone && !a.floating), redoable: String(a.undone), 'floating-undo': String(a.floating),
  };
}

export const systemHistory: MenuDecl = {
  path: 'system/history',
  kind: 'table',
  generic: ['print', 'get', 'find'],
  rows: (env) => historyRows(env),
  fields: {
    action: { type: str(), readOnly: true },
    by: { type: str(), readOnly: true },
    policy: { type: listOf(oneOf(POLICIES)), readOnly: true },
    time: { type: str(), readOnly: true },
    redo: { type: str(), readOnly: true },
    undo: { type: str(), readOnly: true },
    undoable: { type: bool, readOnly: true },
    redoable: { type: bool, readOnly: true },
    'floating-undo': { type: bool, readOnly: true },
  },
};

/**
 * `/undo` and `/redo` (root commands of the console; the manual's Configuration Management
 * example). With nothing to take back they do nothing: no source gives the router's words
 * for it.
 */
export const undoRedo: MenuDecl = {
  path: '',
  kind: 'dir',
  commands: {
    undo: { policy: ['write'], async run(ctx) { historyOf(ctx.env).undo(); } },
    redo: { policy: ['write'], async run(ctx) { historyOf(ctx.env).redo(); } },
  },
};

/** The session's hold on safe mode: a console or an API connection has one; a REST request none. */
export const holderOf = (session: Session): Holder | undefined => session.holder;

/** `/safe-mode take` when another session holds it: `on-error` says what to do (default `abort`). */
function take(ctx: CommandContext) {
  const history = historyOf(ctx.env);
  const holder = holderOf(ctx.session);
  if (!holder) return;
  if (history.take(holder)) return;
  switch (ctx.args['on-error'] ?? 'abort') {
    case 'unroll': return history.hijackUnroll(holder);
    case 'release': return history.hijackRelease(holder);
    // `ask` is the console's question (src/console/line-editor.ts); a script cannot answer it.
    default: throw failure('Safe Mode is taken by another session');
  }
}

const safeModeCommand = (says: string, run: (ctx: CommandContext) => void, args: CommandDecl['args'] = {}): CommandDecl => ({
  policy: ['write'], args, says, async run(ctx) { run(ctx); },
});

/**
 * /safe-mode (7.18 and later; before, Ctrl-X only): `enabled` while anyone holds it,
 * `current` for the session that holds it, `user` its user. The console's words after each
 * command are the router's (a 7.23 capture of `/safe-mode unroll`, `Unrolling Safe Mode...
 * Success!`, and of take); release's follow them.
 */
export const safeMode: MenuDecl = {
  path: 'safe-mode',
  kind: 'settings',
  generic: ['print', 'get'],
  fields: {
    enabled: { type: bool, readOnly: true, default: 'false', derive: (_row, env) => String(historyOf(env).owner !== undefined) },
    current: { type: bool, readOnly: true, default: 'false', derive: (_row, env, session) => String(session !== undefined && historyOf(env).owner !== undefined && historyOf(env).owner === session.holder) },
    user: { type: str(), readOnly: true, derive: (_row, env) => historyOf(env).owner?.user },
  },
  commands: {
    take: safeModeCommand('Taking Safe Mode session... Success!', take, { 'on-error': { type: oneOf(['abort', 'ask', 'release', 'unroll']) } }),
    release: safeModeCommand('Releasing Safe Mode session... Success!', (ctx) => { const h = holderOf(ctx.session); if (h) historyOf(ctx.env).release(h); }),
    unroll: safeModeCommand('Unrolling Safe Mode... Success!', (ctx) => { const h = holderOf(ctx.session); if (h) historyOf(ctx.env).unroll(h); }),
    toggle: safeModeCommand('', (ctx) => {
      const h = holderOf(ctx.session);
      if (!h) return;
      const history = historyOf(ctx.env);
      if (history.owner === h) history.release(h); else take(ctx);
    }),
  },
};
