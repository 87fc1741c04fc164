// A settings menu (GET answers one object, e.g. /system/identity, /ip/dns): one form of the
// `set` arguments with OK and Apply; properties `set` does not take are shown read-only.

import { rest, restPath } from './rest.js';
import { describe, buildFields } from './fields.js';
import { h, alertBox, uid } from './dom.js';
import { label } from './names.js';

export async function settingsView(path, session, object, commands) {
  const menu = restPath(path);
  const canSet = commands.includes('set') && !session.readOnly;
  const fields = commands.includes('set') ? await describe(path, 'set', [object]) : [];
  const settable = new Set(fields.map((f) => f.name));
  const built = await buildFields(fields, object, { readOnly: !canSet });
  const alert = alertBox();
  const status = h('p', { class: 'status', role: 'status' });
  const readOnlyRows = h('dl', { class: 'readonly' });
  let lastText = '';

  function showReadOnly(obj) {
    lastText = JSON.stringify(obj);
    readOnlyRows.replaceChildren(...Object.entries(obj).filter(([k]) => !settable.has(k) && k !== '.id')
      .flatMap(([k, v]) => [h('dt', {}, label(k)), h('dd', { 'data-name': k }, v)]));
  }
  showReadOnly(object);

  async function apply(then) {
    alert.clear();
    status.textContent = '';
    const body = built.values(false);
    try {
      if (Object.keys(body).length) await rest('POST', `${menu}/set`, body);
      built.settle();
      status.textContent = 'Applied.';
      await refresh();
      then?.();
    } catch (e) {
      alert.show(e.message);
    }
  }

  async function refresh() {
    const fresh = await rest('GET', menu);
    if (JSON.stringify(fresh) === lastText) return;
    built.refresh(fresh);
    showReadOnly(fresh);
  }

  const titleId = uid('title');
  const buttons = canSet ? h('div', { class: 'buttons' },
    h('button', { type: 'submit', class: 'primary' }, 'OK'),
    h('button', { type: 'button', onclick: async () => {
      // Cancel: back to what the router has.
      alert.clear();
      status.textContent = '';
      try { const fresh = await rest('GET', menu); built.refresh(fresh, true); showReadOnly(fresh); } catch (e) { alert.show(e.message); }
    } }, 'Cancel'),
    h('button', { type: 'button', onclick: () => apply() }, 'Apply')) : null;
  const form = h('form', {
    class: 'settings-form', 'aria-labelledby': titleId, novalidate: true,
    onsubmit: (e) => { e.preventDefault(); apply(() => { location.hash = '#/' + path.slice(0, -1).join('/'); }); },
  }, h('h2', { id: titleId, class: 'sr-only' }, `${label(path[path.length - 1])} settings`),
  h('div', { class: 'fields' }, built.rows), alert.el, status, buttons);
  const el = h('div', { class: 'settings-view' }, form, readOnlyRows);
  return { el, refresh };
}
