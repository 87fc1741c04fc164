// How a menu is declared. One declaration per menu feeds everything that touches it:
// validation, print, .proplist, .query, console/inspect, export and import. A menu file
// (src/menus/...) reads like the router's documentation of that menu: fields with their
// types and defaults first, then its own commands.

import type { ValueType } from './types.js';
import type { Row, Store } from './store.js';
import type { Holder } from './history.js';

export type Policy =
  | 'local' | 'telnet' | 'ssh' | 'ftp' | 'reboot' | 'read' | 'write' | 'policy' | 'test'
  | 'winbox' | 'password' | 'web' | 'sniff' | 'sensitive' | 'api' | 'romon' | 'rest-api';

/** All policies in the order the router prints them. */
export const POLICIES: readonly Policy[] = [
  'local', 'telnet', 'ssh', 'ftp', 'reboot', 'read', 'write', 'policy', 'test', 'winbox',
  'password', 'web', 'sniff', 'sensitive', 'api', 'romon', 'rest-api',
];

/** A reply record or the data of a final reply; values are always strings on the wire. */
export type Reply = Record<string, string>;

export interface Reference {
  /** Store table the value names a record of, e.g. 'interface'. */
  table: string;
  /** Only records matching this are accepted, e.g. { type: 'bridge' }. */
  where?: Record<string, string>;
  /** Extra words accepted besides record names, e.g. 'none', 'all'. */
  words?: readonly string[];
  /** A leading `!` negates the match (firewall matchers: `in-interface=!ether1`). */
  negatable?: boolean;
  /**
   * Tables whose records the argument also takes by name (a VRF as a firewall rule's
   * `in-interface`, an interface list as a bridge port's `interface`): stored by id as
   * `<table>*<id>` (`ip/vrf*1`), so a rename follows through there too.
   */
  orNames?: readonly string[];
  /**
   * A removed target leaves the record valid, naming the target's id and matching as if it
   * were empty (a firewall rule's interface list; docs/routeros-facts.md 23.2).
   */
  validWhenGone?: boolean;
  /** A comma-separated list of such records (`interfaces=ether1,LAN`), each stored by id. */
  list?: boolean;
}

export interface FieldDecl {
  type: ValueType;
  /** Canonical value shown when the field was never set; export leaves such values out. */
  default?: string;
  /** `add` refuses a record without it (`missing =name=`... the router's words). */
  required?: boolean;
  /** Shown but never taken from a user: status, counters and computed fields. */
  readOnly?: boolean;
  /**
   * Computed on every print from the record and the rest of the configuration. A derived
   * field that users cannot set is also `readOnly`; one they can (network) reads its own
   * stored value first.
   */
  derive?: (row: Row, env: Environment, session?: Session) => string | undefined;
  /**
   * The derived value follows from the configuration alone: this row, the rows it names, the
   * declarations. Nothing from the clock, the device, the files or a timer. A record whose
   * derived fields are all stable is shown from a view kept until the configuration changes
   * (views.ts); the rest are worked out at every read.
   */
  stable?: boolean;
  /**
   * The value names a record elsewhere. Stored as that record's id, so a rename follows
   * through and a removed record shows as its id, as the router does.
   */
  ref?: Reference;
  /** An argument that takes no value (`add blackhole`, `add fib`): export writes its name alone when it is on. */
  flag?: boolean;
  /** 'password': never printed. 'sensitive': printed only with the `sensitive` policy. */
  secret?: 'password' | 'sensitive';
  /** SNMP OID suffix print shows with `oid`. */
  oid?: string;
  /** Set only when the record is created (`default-name`, `type`): refused by `set`. */
  createOnly?: boolean;
  /** Value given when the record is created, e.g. `creation-time`. */
  initial?: (env: Environment) => string;
  /**
   * The record's lifetime: a value makes the record dynamic (memory only) and the router
   * removes it when the time is up; print shows the time left.
   */
  lifetime?: boolean;
}

/** One argument of a command of the menu's own (not a record field). */
export interface ArgDecl {
  type: ValueType;
  required?: boolean;
  /** The argument takes no value (`once`, `as-string`). */
  flag?: boolean;
  /**
   * A flag given by its presence alone: any value turns it on, also `false` (`as-string`;
   * `once=false` instead means not once). docs/routeros-facts.md, "Scripts as jobs".
   */
  present?: boolean;
}

/** What a running command sees. */
export interface CommandContext {
  args: Record<string, string>;
  session: Session;
  env: Environment;
  menu: Menu;
  signal: AbortSignal;
  /** `.query` words of a print (API query words without '?'). */
  query?: readonly string[];
  /** `.proplist` of a command that returns records. */
  proplist?: readonly string[];
}

// A command that never waits may be a plain generator: the engine reads it without a
// promise per record.
export type CommandRun = (ctx: CommandContext) => AsyncGenerator<Reply, Reply | void, void> | Generator<Reply, Reply | void, void> | Promise<Reply | void>;

export interface CommandDecl {
  /** Policies the caller needs, all of them. */
  policy: readonly Policy[];
  args?: Record<string, ArgDecl>;
  run: CommandRun;
  /** Name of the argument that takes the console's unnamed value (`numbers`, `address`). */
  unnamed?: string;
  /** A generic record command: it reads its own arguments against the menu's fields. */
  generic?: boolean;
  /**
   * The line the console prints once the command has done its work (`Configuration backup
   * saved`); REST and the API answer as they would without it.
   */
  says?: string;
}

export type GenericCommand =
  | 'print' | 'get' | 'add' | 'set' | 'remove' | 'enable' | 'disable' | 'comment' | 'move'
  | 'unset' | 'reset' | 'find' | 'export' | 'edit';

export interface MenuDecl {
  /** Path words joined by '/', e.g. 'ip/firewall/address-list'; '' is the root. */
  path: string;
  /**
   * 'table': records with ids. 'settings': one object (set and print only). 'dir': a
   * directory that has only commands (and submenus).
   */
  kind: 'table' | 'settings' | 'dir';
  /** Store table; several menus may share one (/interface and its kinds). Default: path. */
  table?: string;
  /** This menu sees, and creates, only records of its kind, e.g. { type: 'bridge' }. */
  variant?: Record<string, string>;
  fields?: Record<string, FieldDecl>;
  /** Field whose value names a record in URLs and `numbers` (usually 'name'); unique. */
  key?: string;
  /** Field sets that no two records may share: `failure: already have such entry`. */
  unique?: readonly (readonly string[])[];
  /** The router's words when a new key value is taken (default `failure: already have such name`). */
  duplicateKey?: string;
  /** Records keep a user-chosen order (`place-before`, `move`). */
  ordered?: boolean;
  /** Generic commands this menu has; default by kind (see engine). */
  generic?: readonly GenericCommand[];
  /** The policy to read and to write this menu; default read / write. */
  readPolicy?: readonly Policy[];
  writePolicy?: readonly Policy[];
  /** Menu's own commands. */
  commands?: Record<string, CommandDecl>;
  /**
   * verify(): checks a record that is about to be stored; throws CommandError. `session` is
   * the user whose command stores it (absent for the router's own writes: first boot).
   */
  verify?: (next: Reply, env: Environment, previous?: Row, session?: Session) => void;
  /** Refuses removal of a record (e.g. an Ethernet port) with a CommandError. */
  canRemove?: (row: Row, env: Environment) => void;
  /**
   * Records written on first boot, as a user would type them; a `.id` gives a built-in
   * record the router's own id. A function reads them from the router's facts (its board's
   * ports, its default configuration).
   */
  defaults?: readonly Reply[] | ((env: Environment) => readonly Reply[]);
  /**
   * The records the menu shows, given the stored ones: by default just those. A menu whose
   * router adds records of its own (connected routes, computed from the addresses) or
   * shows them in another order says so here; print, get, find and record URLs all see them.
   * `session` is the user who looks, when a menu shows each user only their own records
   * (/system/script/environment); absent, every record.
   */
  rows?: (env: Environment, stored: readonly Row[], session?: Session) => readonly Row[];
  /** The id of the first record users add, when the router does not start at *1 (static routes: *80000001). */
  firstId?: number;
  /**
   * Whether this router has the menu at all: hardware menus (/lcd, /system/swos, a switch
   * chip's own menus) exist only on boards with that hardware; elsewhere the router answers
   * as for a menu it never had. Read once per router: its hardware does not change while it runs.
   */
  present?: (env: Environment) => boolean;
  /** The records are the board's own (Ethernet ports): they exist always and are never removed. */
  permanent?: boolean;
  /**
   * The `defaults` are the router's own records, there with or without the default
   * configuration (the logging rules and actions), not part of defconf.
   */
  systemDefaults?: boolean;
  /**
   * How export names a changed record of the router's own (`defaults` with an `.id`):
   * `[ find default=yes ]`, its item number, its id, or its key's value.
   */
  exportIdent?: 'default' | 'number' | 'id' | 'name';
  /**
   * REST answers `<menu>/print` (GET or POST) with 500 (Internal Server Error) while GET of
   * the menu shows the object, as the router does for /system/device-mode (a 7.22.1 capture).
   */
  restPrintByGetOnly?: boolean;
  /**
   * How the console's print writes this settings menu: `name: value` lines (the default), or
   * `assignments`, one `"name"=value` line per property, as `/environment print` writes the
   * global variables (manual "Scripting", Environment: `"example"=123`).
   */
  consoleForm?: 'assignments';
  /**
   * The arguments the router lists for each command (its command tree): a generic command
   * shows, and the console offers, only those of its own arguments that are listed.
   */
  argNames?: (command: string) => readonly string[] | undefined;
}

/** A declared menu after the engine has resolved it. */
export interface Menu {
  decl: MenuDecl;
  path: string;
  table: string;
  fields: Map<string, FieldDecl>;
  /** Field names in reply order (alphabetical), without '.id'. */
  order: readonly string[];
  /** A record's view may be kept while the configuration stays the same (views.ts). */
  keepsViews: boolean;
  /** The fields a new record must be given (FieldDecl.required), and those with an initial value (FieldDecl.initial). */
  required: readonly string[];
  initial: readonly (readonly [name: string, field: FieldDecl])[];
}

export interface Session {
  user: string;
  policies: ReadonlySet<Policy>;
  /** Client address, when the front end has one. */
  address?: string;
  via: string;
  /** What holds safe mode for this session (a console, an API connection); none for a REST request. */
  holder?: Holder;
}

/** What declarations may read at run time: the configuration, the clock, the device. */
export interface Environment {
  store: Store;
  now(): number;
  /** The menu declared at a path, for cross-menu lookups. */
  menu(path: string): Menu;
  /** Current name of a record a reference points at, or undefined. */
  nameOf(table: string, id: number): string | undefined;
  /** Services other parts registered (device, clock, log ...). */
  services: Record<string, unknown>;
}

/** A menu's first-boot records on this router (see MenuDecl.defaults). */
export function defaultsOf(decl: MenuDecl, env: Environment): readonly Reply[] {
  const d = decl.defaults;
  return typeof d === 'function' ? d(env) : d ?? [];
}
