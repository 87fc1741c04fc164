// A menu's own commands (ping, fetch, check-for-updates, monitor-traffic, reset-configuration
// ...): every cmd child of a directory that is not one of the generic record commands gets a
// button; it opens a form of the command's arguments (learnt from the tree like any other)
// and shows what the router answers. REST does not stream, so a command that can run on is
// asked for one sample (`once`) and a count defaults to a few.

import { rest, restPath } from './rest.js';
import { describe, buildFields } from './fields.js';
import { h, alertBox, uid } from './dom.js';
import { label } from './names.js';

/** The commands every table or settings menu has; the views offer them in their own way. */
const GENERIC = new Set(['print', 'get', 'find', 'export', 'add', 'set', 'remove', 'enable', 'disable', 'comment', 'reset',
  'move', 'unset', 'edit', 'listen', 'getall', 'cancel']);
/** Arguments about how the console prints, not what the command does. */
const PRINTING = new Set(['as-value', 'without-paging', 'proplist', 'detail', 'terse', 'value-list', 'append', 'brief', 'once']);
/** Prefilled so that a command that would run on ends. */
const PREFILL = { count: '4' };

export function ownCommands(commands) { return commands.filter((c) => !GENERIC.has(c)); }

function resultView(reply) {
  if (Array.isArray(reply)) {
    if (!reply.length) return h('p', { class: 'status' }, 'Done: no records.');
    const keys = [...new Set(reply.flatMap((r) => Object.keys(r)))].filter((k) => k !== '.section');
    return h('div', { class: 'table-wrap' }, h('table', { class: 'records result', 'aria-label': 'Result' },
      h('thead', {}, h('tr', {}, keys.map((k) => h('th', { scope: 'col' }, label(k))))),
      h('tbody', {}, reply.map((r) => h('tr', {}, keys.map((k) => h('td', {}, r[k] ?? '')))))));
  }
  if (reply && typeof reply === 'object' && Object.keys(reply).length) {
    return h('dl', { class: 'readonly result' }, Object.entries(reply).flatMap(([k, v]) => [h('dt', {}, label(k)), h('dd', {}, String(v))]));
  }
  return h('p', { class: 'status' }, 'Done.');
}

/** The command bar of a menu, or null when it has no commands of its own. */
export function commandBar(path, commands) {
  const own = ownCommands(commands);
  if (!own.length) return null;
  const slot = h('div', { class: 'panel-slot' });

  async function open(command) {
    const all = await describe(path, command);
    const fields = all.filter((f) => !PRINTING.has(f.name));
    const takesOnce = all.some((f) => f.name === 'once');
    const built = await buildFields(fields, Object.fromEntries(fields.filter((f) => PREFILL[f.name]).map((f) => [f.name, PREFILL[f.name]])));
    for (const { input } of built.inputs) input.dataset.initial = '';
    const alert = alertBox();
    const output = h('div', { class: 'output', 'aria-live': 'polite' });
    const titleId = uid('title');
    const run = h('button', { type: 'submit', class: 'primary' }, 'Run');
    const form = h('form', {
      class: 'command-form', 'aria-labelledby': titleId, novalidate: true,
      onsubmit: async (e) => {
        e.preventDefault();
        alert.clear();
        output.replaceChildren(h('p', { class: 'status' }, 'Running…'));
        run.disabled = true;
        try {
          const body = built.values(true);
          if (takesOnce) body.once = '';
          output.replaceChildren(resultView(await rest('POST', `${restPath(path)}/${command}`, body)));
        } catch (err) {
          output.replaceChildren();
          alert.show(err.message);
        } finally {
          run.disabled = false;
        }
      },
      onkeydown: (e) => { if (e.key === 'Escape') slot.replaceChildren(); },
    }, h('h2', { id: titleId }, label(command)), h('div', { class: 'fields' }, built.rows), alert.el,
    h('div', { class: 'buttons' }, run, h('button', { type: 'button', onclick: () => slot.replaceChildren() }, 'Close')), output);
    slot.replaceChildren(h('section', { class: 'panel', role: 'region', 'aria-labelledby': titleId }, form));
    (built.inputs[0]?.input ?? run).focus();
  }

  return h('div', { class: 'commands' },
    h('div', { class: 'toolbar', role: 'group', 'aria-label': 'Commands' },
      own.map((c) => h('button', { type: 'button', onclick: () => open(c) }, label(c)))),
    slot);
}
