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
import { view } from './records.js';

/** How many views are kept in all; past it they are all let go (a client walking a long list). */
const KEPT = 4096;

export class Views {
  /**
   * Views by menu (menus may share a table: /interface and /interface/ethernet), as a session
   * with the `sensitive` policy sees them ([1]) and as one without ([0]).
   */
  private readonly kept = [new Map<Menu, Map<Row, Reply>>(), new Map<Menu, Map<Row, Reply>>()] as const;
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
    const changes = this.env.store.changes;
    if (changes !== this.changes || this.size >= KEPT) {
      this.changes = changes;
      this.size = 0;
      this.kept[0].clear();
      this.kept[1].clear();
    }
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
}
