// Logins, as the router's web server keeps them: a user who logs in once is kept logged in
// for the login keep time over any number of connections. The kept login carries the
// group's policies as they were at login, so a change to the group applies when the login
// is renewed; a change to the user (password, disabled, address) or its removal applies to
// the very next request, because every request is checked against the user as it is now.
//
// Each way in needs its own policy to log in at all (`rest-api` for REST, `api` for the API
// protocol); a user whose group lacks it is refused like a wrong password. REST logs in to
// the router's API behind the scenes, which needs `api` as well: without it the REST login
// stands but every request fails (`std failure: not allowed (9)`).

import crypto from 'node:crypto';
import type { Policy } from '../core/schema.js';
import { HashGate } from './hashing.js';

export interface Account {
  name: string;
  /** The stored password hash. */
  password: string;
  disabled: boolean;
  /** Client networks the user may log in from (`a.b.c.d/len`); empty = anywhere. */
  address: readonly string[];
  group: string;
  policies: ReadonlySet<Policy>;
  /** Let in by a RADIUS server: no local user has the name, and no password is stored. */
  remote?: boolean;
}

/** Where logins look users up: the router gives its /user table behind this. */
export interface Directory {
  account(name: string): Account | undefined;
  /** Checks a password against a stored hash, off the event loop; without a hash it fails as slowly. */
  verify(plain: string, stored: string | undefined): Promise<boolean>;
  addressAllowed(client: string, networks: readonly string[]): boolean;
  /**
   * A login no local user takes, asked of RADIUS (/user/aaa `use-radius`): undefined when
   * RADIUS is not used, else the account the server lets in, or undefined when it refuses.
   */
  remote?(user: string, password: string, address: string, via: string): Promise<Account | undefined> | undefined;
}

/** One line of /user/active: a user logged in by one way. */
export interface Entry {
  readonly user: string;
  readonly group: string;
  /** The client's address; '' for a login that has none (the API login behind REST). */
  readonly address: string;
  readonly via: string;
  readonly since: number;
  /** Let in by RADIUS (/user/active `radius`). */
  readonly radius?: boolean;
}

export interface Login {
  readonly user: string;
  readonly group: string;
  readonly policies: ReadonlySet<Policy>;
  readonly address: string;
  readonly via: string;
  readonly since: number;
  readonly expires: number;
  /**
   * False when the login this way makes behind the scenes was refused (REST without the
   * `api` policy): the login is kept, but no command can run through it.
   */
  readonly allowed: boolean;
  /** The /user/active lines of this login: its own, then the one behind it. */
  readonly entries: readonly Entry[];
  /** What the login was made with: the stored hash then, and a digest of the password given. */
  readonly storedHash: string;
  readonly digest: Buffer;
  /** Let in by RADIUS: it stands while no local user takes the name. */
  readonly remote?: boolean;
}

/** A login that lasts as long as its connection; `kicked`, set by the face, closes the connection (a RADIUS Disconnect-Request). */
export interface ConnectionLogin { login: Login; end(): void; kicked?: () => void }

export interface LoginEvents {
  loggedIn(entry: Entry): void;
  loggedOut(entry: Entry): void;
  /** A refused login; `address` is '' for a login behind another one. */
  failed(user: string, address: string, via: string): void;
}

/** What each way in needs: the policy to log in by it, and the way it logs in behind the scenes. */
interface Way { policy: Policy; behind?: { via: string; policy: Policy } }

const WAYS: Record<string, Way> = {
  'rest-api': { policy: 'rest-api', behind: { via: 'api', policy: 'api' } },
  api: { policy: 'api' },
  ftp: { policy: 'ftp' },
  ssh: { policy: 'ssh' },
  telnet: { policy: 'telnet' },
  winbox: { policy: 'winbox' },
  web: { policy: 'web' },
  console: { policy: 'local' },
};

/** What a kept login remembers of the password; a front end may work it out once per connection. */
export const digestOf = (name: string, password: string) =>
  crypto.createHash('sha256').update(name).update('\0').update(password).digest();

export class Logins {
  private readonly kept = new Map<string, Login>();
  /** The connection logins open now, for a Disconnect-Request to find. */
  private readonly connections = new Set<ConnectionLogin>();
  /** Every password hash of a login goes through it (./hashing.ts). */
  private readonly gate: HashGate;

  constructor(
    private readonly directory: Directory,
    private readonly keepMs: number,
    private readonly now: () => number,
    private readonly events: LoginEvents,
  ) {
    this.gate = new HashGate((plain, stored) => directory.verify(plain, stored));
  }

  /**
   * The kept login these credentials name, when it stands as it is: found without waiting,
   * for the requests that follow a login. Otherwise undefined, and `authenticate` decides
   * (and logs what it refuses). `known`: what these same credentials were given last time;
   * while it is still the kept login, their digest was compared already.
   */
  keptLogin(user: string, address: string, via: string, digest: Buffer, known?: Login): Login | undefined {
    const kept = this.kept.get(`${via}\0${user}`);
    if (!kept) return undefined;
    const account = this.directory.account(user);
    if (kept.remote) return !account && kept.expires > this.now() && crypto.timingSafeEqual(kept.digest, digest) ? kept : undefined;
    if (!account || account.disabled || account.password !== kept.storedHash || kept.expires <= this.now()
        || !this.directory.addressAllowed(kept.address, account.address) || !this.directory.addressAllowed(address, account.address)) return undefined;
    return kept === known || crypto.timingSafeEqual(kept.digest, digest) ? kept : undefined;
  }

  /** The login for these credentials, or undefined when they are refused (401). */
  async authenticate(user: string, password: string, address: string, via: string, digest = digestOf(user, password)): Promise<Login | undefined> {
    const way = WAYS[via];
    if (!way) throw new Error(`no way in called ${via}`);
    const account = this.directory.account(user);
    const key = `${via}\0${user}`;
    let kept = this.kept.get(key);
    const now = this.now();
    if (!account) {
      const remote = await this.remote(user, password, address, via, digest, way, key, now);
      if (remote !== false) return remote;
    }
    // A removed or disabled user is logged out at once; so is a login whose own client the
    // user's address no longer allows.
    if (kept && (!account || account.disabled || account.password !== kept.storedHash
        || !this.directory.addressAllowed(kept.address, account.address) || kept.expires <= now)) {
      this.end(key, kept);
      kept = undefined;
    }
    if (!account || account.disabled || !this.directory.addressAllowed(address, account.address)) {
      await this.gate.verify(address, user, password, undefined);
      return this.refused(user, address, via);
    }
    if (kept) {
      // The same password as the kept login's: no need to run the slow hash again. Another
      // password is refused without ending the login its rightful owner keeps, and only
      // after the same hash as any other refusal: a quick refusal would tell that this user
      // exists (and is logged in).
      if (crypto.timingSafeEqual(kept.digest, digest)) return kept;
      await this.gate.verify(address, user, password, account.password);
      return this.refused(user, address, via);
    }
    const verified = await this.gate.verify(address, user, password, account.password);
    // Another request of this user may have logged in while the hash was computed.
    const meanwhile = this.kept.get(key);
    if (meanwhile) return crypto.timingSafeEqual(meanwhile.digest, digest) ? meanwhile : this.authenticate(user, password, address, via, digest);
    if (!verified || !account.policies.has(way.policy) || this.directory.account(user)?.password !== account.password) {
      return this.refused(user, address, via);
    }
    const entries: Entry[] = [{ user, group: account.group, address, via, since: now }];
    let allowed = true;
    if (way.behind) {
      if (account.policies.has(way.behind.policy)) entries.push({ user, group: account.group, address: '', via: way.behind.via, since: now });
      else allowed = false;
    }
    const login: Login = {
      user, group: account.group, policies: account.policies, address, via, since: now,
      expires: now + this.keepMs, allowed, entries, storedHash: account.password, digest,
    };
    this.gate.succeeded(address, user);
    this.kept.set(key, login);
    for (const entry of entries) this.events.loggedIn(entry);
    if (!allowed) this.events.failed(user, '', way.behind!.via);
    return login;
  }

  /**
   * A login that lasts as long as one connection (the API protocol: each connection logs in
   * by itself and shows in /user/active until it closes), or undefined when refused. Not
   * kept: `end` logs it out.
   */
  async open(user: string, password: string, address: string, via: string): Promise<ConnectionLogin | undefined> {
    const way = WAYS[via];
    if (!way) throw new Error(`no way in called ${via}`);
    const account = this.directory.account(user);
    if (!account) {
      const asked = this.directory.remote?.(user, password, address, via);
      if (asked) {
        const got = await asked;
        if (!got || !got.policies.has(way.policy) || this.directory.account(user)) return this.refused(user, address, via);
        return this.connectionLogin(got, address, via, digestOf(user, password));
      }
    }
    const usable = account && !account.disabled && this.directory.addressAllowed(address, account.address);
    const verified = await this.gate.verify(address, user, password, usable ? account.password : undefined);
    if (!usable || !verified || !account.policies.has(way.policy) || this.directory.account(user)?.password !== account.password) {
      return this.refused(user, address, via);
    }
    this.gate.succeeded(address, user);
    return this.connectionLogin(account, address, via, digestOf(user, password));
  }

  /**
   * A connection's login proved otherwise than by password: the face checked the user's
   * SSH key. The account is checked as for any login (exists, enabled, its address, the
   * way's policy); undefined, logged as a failure, when refused.
   */
  openProven(user: string, address: string, via: string): ConnectionLogin | undefined {
    const way = WAYS[via];
    if (!way) throw new Error(`no way in called ${via}`);
    const account = this.directory.account(user);
    if (!account || account.disabled || !this.directory.addressAllowed(address, account.address) || !account.policies.has(way.policy)) {
      return this.refused(user, address, via);
    }
    this.gate.succeeded(address, user);
    return this.connectionLogin(account, address, via, Buffer.alloc(32));
  }

  private connectionLogin(account: Account, address: string, via: string, digest: Buffer): ConnectionLogin {
    const now = this.now();
    const entry: Entry = { user: account.name, group: account.group, address, via, since: now, ...(account.remote ? { radius: true } : {}) };
    const login: Login = {
      user: account.name, group: account.group, policies: account.policies, address, via, since: now, expires: Infinity,
      allowed: true, entries: [entry], storedHash: account.password, digest, remote: account.remote,
    };
    this.events.loggedIn(entry);
    let ended = false;
    const connection: ConnectionLogin = {
      login,
      end: () => { if (!ended) { ended = true; this.connections.delete(connection); this.events.loggedOut(entry); } },
    };
    this.connections.add(connection);
    return connection;
  }

  /**
   * A kept login of a name no local user has, asked of RADIUS: the login, undefined when
   * refused, or false when RADIUS is not used (the login goes on as any other). The RADIUS
   * round trip stands in for the hash an unknown name costs; it is bounded by the entries'
   * timeouts (src/menus/radius.ts).
   */
  private async remote(user: string, password: string, address: string, via: string, digest: Buffer, way: Way, key: string, now: number): Promise<Login | undefined | false> {
    const kept = this.kept.get(key);
    if (kept?.remote && kept.expires > now && crypto.timingSafeEqual(kept.digest, digest)) return kept;
    const asked = this.directory.remote?.(user, password, address, via);
    if (!asked) return false;
    const account = await asked;
    if (!account || !account.policies.has(way.policy) || this.directory.account(user)) return this.refused(user, address, via);
    const meanwhile = this.kept.get(key);
    if (meanwhile?.remote && crypto.timingSafeEqual(meanwhile.digest, digest)) return meanwhile;
    if (meanwhile) this.end(key, meanwhile);
    const entries: Entry[] = [{ user, group: account.group, address, via, since: now, radius: true }];
    let allowed = true;
    if (way.behind) {
      if (account.policies.has(way.behind.policy)) entries.push({ user, group: account.group, address: '', via: way.behind.via, since: now, radius: true });
      else allowed = false;
    }
    const login: Login = {
      user, group: account.group, policies: account.policies, address, via, since: now,
      expires: now + this.keepMs, allowed, entries, storedHash: '', digest, remote: true,
    };
    this.gate.succeeded(address, user);
    this.kept.set(key, login);
    for (const entry of entries) this.events.loggedIn(entry);
    if (!allowed) this.events.failed(user, '', way.behind!.via);
    return login;
  }

  /** Whether a login of these lines of /user/active stands now. */
  has(match: (entry: Entry) => boolean): boolean {
    for (const login of this.kept.values()) if (login.entries.some(match)) return true;
    for (const c of this.connections) if (c.login.entries.some(match)) return true;
    return false;
  }

  /**
   * Ends every login of these lines of /user/active (a RADIUS Disconnect-Request): kept
   * logins as at logout, connection logins by closing their connection. How many it ended.
   */
  disconnect(match: (entry: Entry) => boolean, ending: (entry: Entry) => void = () => {}): number {
    let ended = 0;
    for (const [key, login] of [...this.kept]) {
      if (login.entries.some(match)) { login.entries.forEach(ending); this.end(key, login); ended++; }
    }
    for (const c of [...this.connections]) {
      if (c.login.entries.some(match)) { c.login.entries.forEach(ending); c.kicked?.(); c.end(); ended++; }
    }
    return ended;
  }

  /** A login refused by the face itself (an SSH key the user does not have): logged and counted as any refusal. */
  refuse(user: string, address: string, via: string): void {
    this.refused(user, address, via);
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
    this.gate.sweep();
  }

  /** A refused login: logged, and counted against its client's address. */
  private refused(user: string, address: string, via: string): undefined {
    this.events.failed(user, address, via);
    this.gate.failed(address, user);
    return undefined;
  }

  private end(key: string, login: Login) {
    if (this.kept.get(key) !== login) return;
    this.kept.delete(key);
    for (const entry of [...login.entries].reverse()) this.events.loggedOut(entry);
  }

  close() {
    for (const [key, login] of this.kept) this.end(key, login);
  }
}
