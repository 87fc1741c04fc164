// A command's arguments as form fields, learnt from the tree: the argument names of `add` or
// `set` (inspect child), each one's type note (inspect syntax) and values (inspect
// completion). The note and values choose the input: a checkbox for yes/no, a drop-down
// for an enumeration or a reference to interfaces, a text box otherwise (the note shown as
// its hint). No menu is named here.

import { args, completion, syntax } from './tree.js';
import { rest } from './rest.js';
import { h, uid } from './dom.js';
import { label } from './names.js';

/** Arguments that are not a record's settings: which record, where to put it, what to copy. */
const NOT_FIELDS = new Set(['numbers', 'copy-from', 'place-before', '.id']);
/** Arguments that name an interface take one of the router's interfaces. */
const INTERFACE_REFERENCE = /(^|-)interface$|^interfaces?$/;

/** Arguments whose value is not shown while typed. */
const SECRET = /(^|-)(password|secret|passphrase)$/;
const YES_NO = [['yes', 'no'], ['true', 'false']];
const isYesNo = (values) => values.length === 2 && YES_NO.some((p) => p.every((v) => values.includes(v)));

/** An enumeration written in the note: "accept|drop|reject" (one word per choice, nothing else). */
function noteChoices(note) {
  const compact = note.replace(/\s*\|\s*/g, '|').trim();
  return /^[\w.:+-]+(\|[\w.:+-]+)+$/.test(compact) ? compact.split('|') : [];
}

/**
 * The fields of one command ('add' or 'set') of a menu, in the tree's order. `samples` are
 * records the menu already has: a property the router always answers as true/false is a
 * yes/no even where the tree's note is silent.
 */
export async function describe(path, command, samples = []) {
  const boolean = (name) => {
    const seen = samples.map((r) => r[name]).filter((v) => v !== undefined);
    return seen.length > 0 && seen.every((v) => v === 'true' || v === 'false');
  };
  const names = (await args([...path, command])).filter((n) => !NOT_FIELDS.has(n));
  return Promise.all(names.map(async (name) => {
    const at = [...path, command, name];
    const [note, offered] = await Promise.all([syntax(at).catch(() => ''), completion(at).catch(() => ({ values: [], open: false }))]);
    const choices = offered.values.length ? offered.values : noteChoices(note);
    if (isYesNo(choices) || (!choices.length && boolean(name))) return { name, note, kind: 'yesno' };
    // A closed list is a drop-down; a list that also takes other values ("!" negation, lists,
    // numbers) is a text box that suggests them.
    if (choices.length) return { name, note, kind: offered.open ? 'suggest' : 'choice', choices };
    if (INTERFACE_REFERENCE.test(name)) return { name, note, kind: 'reference', of: 'interface' };
    return { name, note, kind: 'text' };
  }));
}

/** Names of the records a reference can point at (cached per form). */
async function referenceNames(menu) {
  try { return (await rest('GET', `${menu}?.proplist=name`)).map((r) => r.name).filter(Boolean); } catch { return []; }
}

const truthy = (v) => v === 'true' || v === 'yes';

/**
 * Inputs for fields, filled from `record` (edit) or empty (add). Returns the elements and a
 * reader of what the user changed (edit) or entered (add), as the REST body wants it.
 */
export async function buildFields(fields, record, { readOnly = false } = {}) {
  const refs = new Map();
  for (const f of fields) if (f.kind === 'reference' && !refs.has(f.of)) refs.set(f.of, referenceNames(f.of));
  const rows = [];
  const inputs = [];
  for (const f of fields) {
    const id = uid('f');
    // The type note is shown under a text box or drop-down (a checkbox says it all).
    const hintId = f.note && f.kind !== 'yesno' ? uid('hint') : undefined;
    const current = record ? record[f.name] : undefined;
    let input;
    let extra = null;
    if (f.kind === 'yesno') {
      input = h('input', { type: 'checkbox', id, name: f.name, checked: truthy(current ?? ''), 'aria-describedby': hintId });
    } else if (f.kind === 'choice' || f.kind === 'reference') {
      const options = f.kind === 'choice' ? [...f.choices] : await refs.get(f.of);
      if (current !== undefined && current !== '' && !options.includes(current)) options.unshift(current);
      input = h('select', { id, name: f.name, 'aria-describedby': hintId },
        h('option', { value: '' }, ''), options.map((o) => h('option', { value: o, selected: o === current }, o)));
      if (current !== undefined) input.value = current;
    } else if (f.kind === 'suggest') {
      const listId = uid('list');
      input = h('input', { type: 'text', id, name: f.name, value: current ?? '', list: listId, 'aria-describedby': hintId, autocomplete: 'off' });
      extra = h('datalist', { id: listId }, f.choices.map((c) => h('option', { value: c })));
    } else {
      input = h('input', { type: SECRET.test(f.name) ? 'password' : 'text', id, name: f.name, value: current ?? '', 'aria-describedby': hintId, autocomplete: 'off' });
    }
    if (readOnly) { input.disabled = true; }
    input.dataset.initial = f.kind === 'yesno' ? String(truthy(current ?? '')) : (current ?? '');
    inputs.push({ field: f, input });
    rows.push(h('div', { class: 'field' },
      h('label', { for: id }, label(f.name)),
      input, extra,
      hintId ? h('small', { id: hintId, class: 'hint' }, f.note) : null));
  }
  return {
    rows,
    inputs,
    /** The body to send: changed fields (edit) or filled ones (add). */
    values(isAdd) {
      const body = {};
      for (const { field, input } of inputs) {
        const value = field.kind === 'yesno' ? (input.checked ? 'yes' : 'no') : input.value;
        const changed = field.kind === 'yesno' ? String(input.checked) !== input.dataset.initial : value !== input.dataset.initial;
        if (isAdd ? (field.kind === 'yesno' ? input.checked : value !== '') : changed) body[field.name] = value;
      }
      return body;
    },
    /** After the router took the values: they are the new starting point. */
    settle() {
      for (const { field, input } of inputs) input.dataset.initial = field.kind === 'yesno' ? String(input.checked) : input.value;
    },
    /** Takes new values from the router for the fields the user has not touched. */
    refresh(rec, force = false) {
      for (const { field, input } of inputs) {
        if (!force && document.activeElement === input) continue;
        const dirty = field.kind === 'yesno' ? String(input.checked) !== input.dataset.initial : input.value !== input.dataset.initial;
        if (dirty && !force) continue;
        const v = rec[field.name] ?? '';
        if (field.kind === 'yesno') { input.checked = truthy(v); input.dataset.initial = String(truthy(v)); }
        else {
          if (input.tagName === 'SELECT' && v !== '' && ![...input.options].some((o) => o.value === v)) input.append(h('option', { value: v }, v));
          input.value = v; input.dataset.initial = v;
        }
      }
    },
  };
}
