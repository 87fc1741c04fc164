// Logins, as the router's web server keeps them: a user who logs in once is kept logged in
// for the login keep time over any number of connections. The kept login carries the
// group's policies as they were at login, so a change to the group applies when the login
// is renewed; a change to the user (password, disabled, address) or its removal applies to
// the very next request, because every request is checked against the user as it is now.

import crypto from 'node:crypto';
import type { Policy } from '../core/schema.js';

export interface Account {
  name: string;
  /** The stored password hash. */
  password: string;
  disabled: boolean;
  /** Client networks the user may log in from (`a.b.c.d/len`); empty = anywhere. */
  address: readonly string[];
  group: string;
  policies: ReadonlySet<Policy>;
}

/** Where logins look users up: the router gives its /user table behind this. */
export interface Directory {
  account(name: string): Account | undefined;
  verify(plain: string, stored: string): boolean;
  addressAllowed(client: string, networks: readonly string[]): boolean;
}

export interface Login {
  readonly user: string;
  readonly group: string;
  readonly policies: ReadonlySet<Policy>;
  readonly address: string;
  readonly via: string;
  readonly since: number;
  expires: number;
  /** What the login was made with: the stored hash then, and a digest of the password given. */
  readonly storedHash: string;
  readonly digest: Buffer;
}

export interface LoginEvents {
  loggedIn(login: Login): void;
  loggedOut(login: Login): void;
  failed(user: string, address: string, via: string): void;
}

const digestOf = (name: string, password: string) =>
  crypto.createHash('sha256').update(name).update('\0').update(password).digest();

export class Logins {
  private readonly kept = new Map<string, Login>();

  constructor(
    private readonly directory: Directory,
    private readonly keepMs: number,
    private readonly now: () => number,
    private readonly events: LoginEvents,
  ) {}

  /** The login for these credentials, or undefined when they are refused (401). */
  authenticate(user: string, password: string, address: string, via: string): Login | undefined {
    const account = this.directory.account(user);
    const key = `${via}\0${user}`;
    const kept = this.kept.get(key);
    const now = this.now();
    if (!account || account.disabled || !this.directory.addressAllowed(address, account.address)) {
      if (kept) this.end(key, kept);
      this.events.failed(user, address, via);
      return undefined;
    }
    const digest = digestOf(user, password);
    if (kept && kept.expires > now && kept.storedHash === account.password && crypto.timingSafeEqual(kept.digest, digest)) {
      return kept;
    }
    if (kept) this.end(key, kept);
    if (!this.directory.verify(password, account.password)) {
      this.events.failed(user, address, via);
      return undefined;
    }
    const login: Login = {
      user, group: account.group, policies: account.policies, address, via, since: now,
      expires: now + this.keepMs, storedHash: account.password, digest,
    };
    this.kept.set(key, login);
    this.events.loggedIn(login);
    return login;
  }

  /** Ends a user's kept login (its session was closed); the next request logs in again. */
  drop(user: string, via: string) {
    const key = `${via}\0${user}`;
    const kept = this.kept.get(key);
    if (kept) this.end(key, kept);
  }

  /** Ends logins whose keep time is over. */
  sweep() {
    const now = this.now();
    for (const [key, login] of this.kept) if (login.expires <= now) this.end(key, login);
  }

  private end(key: string, login: Login) {
    this.kept.delete(key);
    this.events.loggedOut(login);
  }

  close() {
    for (const [key, login] of this.kept) this.end(key, login);
  }
}
