// The page's only way to the router: its REST service (/rest). The login is kept in this
// module's memory only (never localStorage, sessionStorage or a cookie): a reload or Logout
// forgets it.

let login = null;
const listeners = new Set();

export class RestError extends Error {
  constructor(status, text) {
    super(text);
    this.status = status;
  }
}

export function setLogin(user, password) { login = { user, password }; }
export function forgetLogin() { login = null; }
export function loggedIn() { return login !== null; }
export function currentUser() { return login ? login.user : ''; }
/** Called when the router stops taking the login (401 after a successful one). */
export function onLoginLost(f) { listeners.add(f); }

function basic(user, password) {
  const bytes = new TextEncoder().encode(`${user}:${password}`);
  let s = '';
  for (const b of bytes) s += String.fromCharCode(b);
  return 'Basic ' + btoa(s);
}

/** One REST request; the reply's JSON, or a RestError carrying the router's own text (`detail`, else `message`). */
export async function rest(method, path, body) {
  if (!login) throw new RestError(401, 'Unauthorized');
  const headers = { Authorization: basic(login.user, login.password) };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  let res;
  try {
    res = await fetch('/rest/' + path, {
      method, headers, body: body === undefined ? undefined : JSON.stringify(body), cache: 'no-store', credentials: 'omit',
    });
  } catch {
    throw new RestError(0, 'the router does not answer');
  }
  const text = await res.text();
  let json = null;
  try { json = text ? JSON.parse(text) : null; } catch { json = null; }
  if (!res.ok) {
    const message = json && (json.detail ?? json.message) || `${res.status} ${res.statusText}`;
    if (res.status === 401 && login) for (const f of listeners) f();
    throw new RestError(res.status, message);
  }
  return json;
}

/** A path of words ('ip','address') as a REST path: each word encoded. */
export const restPath = (words) => words.map(encodeURIComponent).join('/');
