// The login form (Login, Password, Connect). A login is checked by asking the router for
// its identity; a refusal shows the router's text and leaves the form as it was. Whether the
// user may change anything comes from their group's policy (/user, /user/group): without
// `write` the page offers no way to change.

import { rest, setLogin, forgetLogin } from './rest.js';
import { forgetTree } from './tree.js';
import { h, alertBox, uid } from './dom.js';

async function readOnlyPolicy(user) {
  try {
    const [me] = await rest('GET', `user?name=${encodeURIComponent(user)}`);
    if (!me?.group) return false;
    const [group] = await rest('GET', `user/group?name=${encodeURIComponent(me.group)}`);
    const policy = String(group?.policy ?? '').split(',');
    return !policy.includes('write');
  } catch {
    return false; // Unknown: offer the controls and show the router's refusal where it comes.
  }
}

/** Shows the form in `main`; resolves with the session once the router takes the login. */
export function loginForm(main, title) {
  return new Promise((resolve) => {
    const userId = uid('login');
    const passId = uid('password');
    const alert = alertBox();
    const button = h('button', { type: 'submit', class: 'primary' }, 'Connect');
    const form = h('form', {
      class: 'login', 'aria-labelledby': 'login-title', novalidate: true,
      onsubmit: async (e) => {
        e.preventDefault();
        alert.clear();
        const user = form.elements.namedItem('login').value.trim();
        const password = form.elements.namedItem('password').value;
        button.disabled = true;
        setLogin(user, password);
        try {
          const identity = (await rest('GET', 'system/identity')).name ?? '';
          const readOnly = await readOnlyPolicy(user);
          resolve({ user, identity, readOnly });
        } catch (err) {
          forgetLogin();
          alert.show(`Login failed: ${err.message}`);
          form.elements.namedItem('password').select();
        } finally {
          button.disabled = false;
        }
      },
    },
    h('h1', { id: 'login-title' }, title),
    h('div', { class: 'field' }, h('label', { for: userId }, 'Login'),
      h('input', { id: userId, name: 'login', type: 'text', autocomplete: 'username', value: 'admin', autocapitalize: 'off', spellcheck: false })),
    h('div', { class: 'field' }, h('label', { for: passId }, 'Password'),
      h('input', { id: passId, name: 'password', type: 'password', autocomplete: 'current-password' })),
    alert.el,
    h('div', { class: 'buttons' }, button));
    main.replaceChildren(form);
    form.elements.namedItem('password').focus();
  });
}

/** Forgets the login and everything learnt with it. */
export function logout() {
  forgetLogin();
  forgetTree();
}
