// /graphs/: the traffic graphs on their own page, behind the same login.

import { loginForm, logout } from './login.js';
import { onLoginLost } from './rest.js';
import { graphsView } from './graphs.js';
import { h } from './dom.js';

const main = document.getElementById('main');
const logoutButton = document.getElementById('logout');
const whoami = document.getElementById('whoami');
let view = null;

async function start() {
  view?.dispose?.();
  view = null;
  logoutButton.hidden = true;
  whoami.textContent = '';
  const session = await loginForm(main, 'Graphs');
  whoami.textContent = `${session.user}@${session.identity}`;
  logoutButton.hidden = false;
  document.title = `${session.identity} - Graphs`;
  view = await graphsView();
  main.replaceChildren(h('h1', {}, 'Interface traffic'), view.el);
}

logoutButton.addEventListener('click', () => { logout(); start(); });
onLoginLost(() => { logout(); start(); });
start();
