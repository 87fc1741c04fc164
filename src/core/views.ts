// A record as the router shows it (records.ts `view`), kept while the configuration stays
// as it is. Clients read the same few records again and again (a GET of one record, a
// poller's print), and working one out anew costs more than the rest of such a request.
//
// Only menus whose derived fields all follow from the configuration alone keep views
// (FieldDecl.stable, Menu.keepsViews): a counter, a link state, a time left or the clock
// is read at every print. A kept view holds until the store's next change of any row
// (Store.changes): a rename elsewhere changes what a reference shows.

import type { Environment, Menu, Reply, Session } from './schema.js';
import type { Row } from './store.js';
import { inVariant, view } from './records.js';

/** How many views are kept in all; past it they are all let go (a client walking a long list). */
const KEPT = 4096;
/**
 * The longest table whose whole list of views is kept: a poller's print of a short table
 * (addresses, routes, rules) comes again and again; a list of thousands is read rarely and
 * would hold too much (and its views would not fit in KEPT anyway).
 */
const LIST_KEPT = 1024;

export class Views {
  /**
   * Views by menu (menus may share a table: /interface and /interface/ethernet), as a session
   * with the `sensitive` policy sees them ([1]) and as one without ([0]).
   */
  private readonly kept = [new Map<Menu, Map<Row, Reply>>(), new Map<Menu, Map<Row, Reply>>()] as const;
  /** Whole tables' lists of kept views, by menu, in the same two halves as `kept`. */
  private readonly lists = [new Map<Menu, readonly Reply[]>(), new Map<Menu, readonly Reply[]>()] as const;
  /** Store.changes when the kept views were made. */
  private changes = -1;
  /** How many views are kept, in all menus. */
  private size = 0;

  constructor(private readonly env: Environment) {}

  /**
   * The record as `session` sees it (every field, no `.proplist`). A kept view is the same
   * object as last time; it is frozen, so a caller may keep what it makes of it.
   */
  of(menu: Menu, row: Row, session: Session): Reply {
    if (!menu.keepsViews) return view(this.env, menu, row, session);
    this.current();
    const byMenu = this.kept[session.policies.has('sensitive') ? 1 : 0];
    let kept = byMenu.get(menu);
    if (!kept) byMenu.set(menu, (kept = new Map()));
    let made = kept.get(row);
    if (!made) {
      made = Object.freeze(view(this.env, menu, row, session));
      kept.set(row, made);
      this.size++;
    }
    return made;
  }

  /**
   * Every record of a table as `session` sees it, in the store's order: what the generic
   * print without arguments gives, as kept views. The same frozen list while the
   * configuration stays the same, so a caller may keep what it makes of it too. Undefined
   * when the menu keeps no views or the table is longer than LIST_KEPT.
   */
  list(menu: Menu, session: Session): readonly Reply[] | undefined {
    if (!menu.keepsViews) return undefined;
    const rows = this.env.store.table(menu.table).rows;
    if (rows.length > LIST_KEPT) return undefined;
    this.current();
    const lists = this.lists[session.policies.has('sensitive') ? 1 : 0];
    let made = lists.get(menu);
    if (!made) {
      const views: Reply[] = [];
      for (const row of rows) if (inVariant(menu, row)) views.push(this.of(menu, row, session));
      lists.set(menu, (made = Object.freeze(views)));
    }
    return made;
  }

  /** Lets every kept view go when the configuration changed since they were made, or too many are kept. */
  private current() {
    const changes = this.env.store.changes;
    if (changes === this.changes && this.size < KEPT) return;
    this.changes = changes;
    this.size = 0;
    for (const m of this.kept) m.clear();
    for (const m of this.lists) m.clear();
  }
}
