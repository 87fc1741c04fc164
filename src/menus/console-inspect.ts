// /console/inspect: the router describing its own command tree, from the tree (src/tree)
// and the declarations the engine runs, so every directory, command and argument of 7.24
// is there, with vrouter's own additions (/ping) beside them.
//
// Shapes as recorded from real 7.2x routers (docs/routeros-facts.md, "console/inspect"):
// - `path` is a comma list of words (`ip,address,add`); a path that names nothing (or is
//   written with slashes) answers no records, not an error.
// - child: a `type=self` row for the node itself, then a `type=child` row per child
//   ({name, node-type: dir|path|cmd|arg, type}); a command's children are its arguments,
//   an argument's list is its own self row.
// - syntax: of an argument one `definition` row (its symbol, the name's words capitalised
//   as `Address` and `CheckGateway`, and its type note); of a command or directory a
//   `collection` row, then one `explanation` row per member, explained by the router's own
//   sentence where the reference has one ("Local IP address"), else by its type note.
// - completion: {completion, offset, preference, show, style, text, type}.

import type { Engine, Node } from '../core/engine.js';
import type { CommandContext, CommandDecl, MenuDecl, Reply } from '../core/schema.js';
import { oneOf, str, withDesc, choice } from '../core/values.js';
import { noMatch } from '../core/errors.js';
import { explanationOf } from '../tree/explanations.js';
import { argsOf, noteOf, tree, valuesOf, type ArgSpec, type Tree, type TreeDir } from '../tree/tree.js';
import { sorted } from './tool/common.js';

type NodeType = 'dir' | 'path' | 'cmd' | 'arg';

interface Place {
  name: string;
  /** The router's tree (its release and packages). */
  t: Tree;
  type: NodeType;
  /** The directory's own path (a directory), or the path of the directory it is in (a command, an argument). */
  at: string;
  /** A directory: the tree's and the engine's node at it. */
  dir?: TreeDir;
  node?: Node;
  /** A command: its arguments in the tree and in the engine. */
  treeArgs?: Readonly<Record<string, ArgSpec>>;
  cmd?: CommandDecl;
  /** An argument: its type note, the router's explanation of it, and the values offered. */
  note?: string;
  explanation?: string;
  values?: readonly string[];
}

const byName = (a: { name: string }, b: { name: string }) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);

function dirPlace(t: Tree, name: string, at: string, dir: TreeDir | undefined, node: Node | undefined): Place {
  return { t, name, type: dir?.p ? 'path' : 'dir', at, dir, node };
}

function cmdPlace(t: Tree, name: string, at: string, dir: TreeDir | undefined, node: Node | undefined): Place {
  return { t, name, type: 'cmd', at, treeArgs: argsOf(dir, name, t), cmd: node?.commands.get(name) };
}

/** The argument of a command place, if it has one by that name. */
function argPlace(cmd: Place, name: string): Place | undefined {
  const spec = cmd.treeArgs?.[name];
  const decl = cmd.cmd?.args?.[name];
  if (spec === undefined && !decl) return undefined;
  const note = spec !== undefined && noteOf(spec) ? noteOf(spec) : decl?.type.desc ?? '';
  return { t: cmd.t, name, type: 'arg', at: cmd.at, note, explanation: explanationOf(cmd.at, name), values: spec === undefined ? [] : valuesOf(spec) };
}

/** The place a path of words names, or undefined when it names nothing. */
function locate(engine: Engine, words: readonly string[]): Place | undefined {
  const t = (engine.services.tree as Tree | undefined) ?? tree();
  let dir: TreeDir | undefined = t.root;
  let node: Node | undefined = engine.root;
  let place = dirPlace(t, '', '', dir, node);
  for (let i = 0; i < words.length; i++) {
    const w = words[i];
    if (place.type === 'cmd') return i === words.length - 1 ? argPlace(place, w) : undefined;
    if (place.type === 'arg') return undefined;
    const subDir: TreeDir | undefined = dir?.d?.[w];
    const subNode: Node | undefined = node?.children.get(w);
    const at = words.slice(0, i).join('/');
    if (subNode && !isPresent(engine, subNode)) return undefined;
    if (subDir || subNode) { dir = subDir; node = subNode; place = dirPlace(t, w, at ? `${at}/${w}` : w, dir, node); continue; }
    if (dir?.c?.[w] === undefined && !node?.commands.has(w)) return undefined;
    place = cmdPlace(t, w, at, dir, node);
  }
  return place;
}

/** A menu of hardware this board lacks (MenuDecl.present) is not in this router's tree, as the engine's path walk has it. */
const isPresent = (engine: Engine, node: Node) => !node.present || node.present(engine);

/** What lies under a place: directories and commands of a directory, arguments of a command. */
function children(engine: Engine, place: Place): Place[] {
  if (place.type === 'dir' || place.type === 'path') {
    const names = new Set([...Object.keys(place.dir?.d ?? {}), ...(place.node?.children.keys() ?? [])]);
    for (const n of names) { const node = place.node?.children.get(n); if (node && !isPresent(engine, node)) names.delete(n); }
    const out = [...names].map((n) => dirPlace(place.t, n, place.at ? `${place.at}/${n}` : n, place.dir?.d?.[n], place.node?.children.get(n)));
    const cmds = new Set([...Object.keys(place.dir?.c ?? {}), ...(place.node?.commands.keys() ?? [])]);
    for (const n of cmds) out.push(cmdPlace(place.t, n, place.at, place.dir, place.node));
    return out.sort(byName);
  }
  if (place.type === 'cmd') {
    const names = new Set([...Object.keys(place.treeArgs ?? {}), ...Object.keys(place.cmd?.args ?? {})]);
    return [...names].map((n) => argPlace(place, n)!).sort(byName);
  }
  return [];
}

/** Completion preference: names of menus, commands, arguments and values are the router's 96. */
const PREFERENCE = '96';

const row = (place: Place, type: 'self' | 'child') => sorted({ name: place.name, 'node-type': place.type, type });

const syntaxRow = (symbol: string, symbolType: string, text: string, nested: string, nonorm: string) =>
  sorted({ nested, nonorm, symbol, 'symbol-type': symbolType, text, type: 'syntax' });

/** The symbol the router defines an argument by: its name's words capitalised (`check-gateway` -> `CheckGateway`). */
export const symbolOf = (name: string) => name.split('-').map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join('');

/** What explains a member: the router's sentence where the reference has it, else its type note. */
const textOf = (place: Place) => place.explanation ?? place.note ?? '';

async function* inspect(ctx: CommandContext): AsyncGenerator<Reply, void> {
  const engine = ctx.env as unknown as Engine;
  const { args } = ctx;
  const words = (args.path ?? '').split(',').map((w) => w.trim()).filter(Boolean);
  const requests = (args.request ?? 'self').split(',');
  const place = locate(engine, words);
  for (const request of requests) {
    if (!place) continue;
    switch (request) {
      case 'self':
        yield row(place, 'self');
        break;
      case 'child':
        yield row(place, 'self');
        for (const c of children(engine, place)) yield row(c, 'child');
        break;
      case 'syntax':
        if (place.type === 'arg') {
          yield syntaxRow(symbolOf(place.name), 'definition', place.note ?? '', '0', 'false');
        } else {
          yield syntaxRow('', 'collection', '', '0', 'true');
          for (const c of children(engine, place)) yield syntaxRow(c.name, 'explanation', textOf(c), '1', 'false');
        }
        break;
      case 'completion': {
        const input = args.input ?? '';
        // The word being typed is the text after the last blank or slash; after `arg=` the
        // values of that argument are offered.
        const start = Math.max(input.lastIndexOf(' '), input.lastIndexOf('/')) + 1;
        const word = input.slice(start);
        const eq = word.indexOf('=');
        const offered: { name: string; style: string; text: string }[] = [];
        if (eq >= 0 && place.type === 'cmd') {
          const arg = argPlace(place, word.slice(0, eq));
          for (const v of arg?.values ?? []) offered.push({ name: v, style: 'none', text: '' });
        } else {
          for (const c of children(engine, place)) offered.push({ name: c.name, style: c.type === 'path' ? 'dir' : c.type, text: textOf(c) });
        }
        const typed = eq >= 0 ? word.slice(eq + 1) : word;
        const offset = String(input.length - typed.length);
        for (const o of offered) {
          if (!o.name.startsWith(typed)) continue;
          yield sorted({ completion: o.name, offset, preference: PREFERENCE, show: 'true', style: o.style, text: o.text, type: 'completion' });
        }
        break;
      }
      case 'highlight':
      case 'error':
        // The console's colouring and error marks of `input`: nothing to mark in a path.
        break;
      default:
        throw noMatch('request');
    }
  }
}

const REQUESTS = ['self', 'child', 'completion', 'highlight', 'syntax', 'error'];
const requestList = withDesc({
  ...oneOf(REQUESTS),
  parse(input: string) {
    for (const r of input.split(',')) choice(REQUESTS).parse(r);
    return input;
  },
}, 'self|child|completion|highlight|syntax|error[,Request*]');

export const consoleInspect: MenuDecl = {
  path: 'console',
  kind: 'dir',
  commands: {
    inspect: {
      policy: ['read'],
      args: {
        request: { type: requestList },
        path: { type: str() },
        input: { type: str() },
        'as-value': { type: str(), flag: true },
        'without-paging': { type: str(), flag: true },
        proplist: { type: str() },
      },
      run: inspect,
    },
  },
};
