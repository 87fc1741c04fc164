// `listen` on a menu: one record per change, the whole record as it is now, or its `.id`
// and `.dead=true` when it is gone. The store tells which records each commit changed (the
// listen follows its table, so computed records are worked out as they change); only
// those are printed again (through the engine, with the listener's own policies), so a
// listen on a table of 100,000 entries costs one record per change.

import { CommandError, noSuchCommand } from '../../core/errors.js';
import type { Engine } from '../../core/engine.js';
import type { Reply, Session } from '../../core/schema.js';
import { formatId } from '../../core/store.js';

export interface Following {
  /** Resolves once the menu's records as they are now have been noted; changes after it are told. */
  readonly ready: Promise<void>;
  stop(): void;
}

export interface FollowOptions {
  engine: Engine;
  path: string[];
  session: Session;
  proplist?: string[];
  /** Receives each change record. */
  emit(record: Reply): void;
  /** Receives a failure while following. */
  fail(e: unknown): void;
}

/** Starts following a menu; throws the router's words when the path has no menu to print. */
export function follow(o: FollowOptions): Following {
  const { engine, path, session, proplist } = o;
  const { node } = engine.resolve(path, 'print');
  if (!node.menu) throw noSuchCommand();
  const menu = node.menu;
  let stopped = false;
  const print = async (args: Record<string, string>, names?: string[]) =>
    (await engine.run({ path, command: 'print', args, proplist: names }, session)).records;
  /** Records this listen can see, so a removal is told only for them (menus share tables). */
  const shown = new Set<string>();
  let chain = print({}, ['.id']).then((rows) => { for (const r of rows) shown.add(r['.id'] ?? ''); });
  const ready = chain;
  const changed = new Set<number>();

  const report = async () => {
    const ids = [...changed];
    changed.clear();
    for (const id of ids) {
      if (stopped) return;
      const key = formatId(id);
      let rows: Reply[] = [];
      if (menu.decl.kind === 'settings') rows = await print({});
      else if (engine.store.table(menu.table).get(id)) {
        // A record of the table that is not this menu's (a VLAN's table holds every interface).
        rows = await print({ from: key }).catch((e) => {
          if (e instanceof CommandError && e.kind === 'no-such-item') return [];
          throw e;
        });
      }
      if (stopped) return;
      if (rows.length) {
        shown.add(rows[0]['.id'] ?? '');
        o.emit(proplist ? pick(rows[0], proplist) : rows[0]);
      } else if (shown.delete(key)) {
        o.emit({ '.id': key, '.dead': 'true' });
      }
    }
  };

  const unwatch = engine.store.onCommit((tables, mutations) => {
    if (!tables.has(menu.table)) return;
    const first = changed.size === 0;
    for (const m of mutations) {
      if (m.table !== menu.table || m.op === 'move') continue;
      changed.add(m.op === 'insert' ? m.row.id : m.id);
    }
    if (!first || !changed.size) return;
    // After the commit is done (a watcher runs inside it), once per burst.
    chain = chain.then(() => new Promise<void>((ok) => setImmediate(ok))).then(report).catch((e) => {
      if (!stopped) o.fail(e);
    });
  }, menu.table);

  return {
    ready,
    stop() {
      stopped = true;
      unwatch();
    },
  };
}

/** The named properties of a record, in the record's own order. */
function pick(record: Reply, names: readonly string[]): Reply {
  const out: Reply = {};
  for (const key in record) if (names.includes(key)) out[key] = record[key];
  return out;
}
