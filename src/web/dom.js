// Building elements without innerHTML, so no router text is ever read as markup.

export function h(tag, attrs = {}, ...kids) {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === null || v === false) continue;
    if (k.startsWith('on')) el.addEventListener(k.slice(2), v);
    else if (k === 'class') el.className = v;
    else if (k in el && typeof v !== 'string') el[k] = v;
    else el.setAttribute(k, v === true ? '' : v);
  }
  for (const kid of kids.flat()) if (kid !== undefined && kid !== null && kid !== false) el.append(kid);
  return el;
}

let ids = 0;
export const uid = (prefix) => `${prefix}-${++ids}`;

/** A polite status line for screen readers and eyes. */
export function alertBox() {
  const box = h('p', { class: 'alert', role: 'alert', hidden: true });
  return {
    el: box,
    show(text) { box.textContent = text; box.hidden = !text; },
    clear() { box.textContent = ''; box.hidden = true; },
  };
}
