// /console/inspect: the router describing its own command tree, read from the menu
// declarations the engine holds, so every declared menu, command and argument is reachable.
//
// `path` is a comma list of words (`ip,address,add`; a slash form names nothing, as on the
// router); `request` one of self, child, completion, syntax, highlight, error. Record shapes
// (tikoci/restraml deep-inspect against RouterOS 7.2x): child and self records are
// {"name","node-type","type"} with node-type dir, cmd or arg (`path` for menus reached by a
// path word is not used here); syntax records carry the type note in `text` (the `desc` of
// the reference tree, e.g. "A.B.C.D    (IP address)"); completion records carry
// {"completion","offset","preference","show","style","text","type"}.

import { noSuchDirectory, noMatch } from '../core/errors.js';
import type { Engine, Node } from '../core/engine.js';
import type { CommandContext, CommandDecl, MenuDecl, Reply } from '../core/schema.js';
import { oneOf, str, withDesc, choice } from '../core/values.js';
import { sorted } from './tool/common.js';

type NodeType = 'dir' | 'cmd' | 'arg';

interface Place {
  name: string;
  type: NodeType;
  node?: Node;
  cmd?: CommandDecl;
  /** The type note of an argument. */
  desc?: string;
}

/** The place a path of words names: a directory, a command, or an argument of a command. */
function locate(engine: Engine, words: readonly string[]): Place {
  let node = engine.root;
  for (let i = 0; i < words.length; i++) {
    const w = words[i];
    const child = node.children.get(w);
    if (child) { node = child; continue; }
    const cmd = node.commands.get(w);
    if (!cmd) throw noSuchDirectory(w);
    if (i === words.length - 1) return { name: w, type: 'cmd', node, cmd };
    const argName = words[i + 1];
    const arg = cmd.args?.[argName];
    if (!arg || i + 2 !== words.length) throw noSuchDirectory(argName);
    return { name: argName, type: 'arg', cmd, desc: arg.type.desc };
  }
  return { name: node.word, type: 'dir', node };
}

/** What lies under a place: subdirectories and commands of a directory, arguments of a command. */
function children(place: Place): Place[] {
  if (place.type === 'dir' && place.node) {
    const out: Place[] = [];
    for (const [name, child] of place.node.children) out.push({ name, type: 'dir', node: child });
    for (const [name, cmd] of place.node.commands) out.push({ name, type: 'cmd', node: place.node, cmd });
    return out.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  }
  if (place.type === 'cmd' && place.cmd) {
    return Object.entries(place.cmd.args ?? {})
      .map(([name, arg]): Place => ({ name, type: 'arg', cmd: place.cmd, desc: arg.type.desc }))
      .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  }
  return [];
}

/** Completion preference: commands and directories before arguments (router-like ranks). */
const PREFERENCE: Record<NodeType, string> = { dir: '96', cmd: '96', arg: '80' };

async function* inspect(ctx: CommandContext): AsyncGenerator<Reply, void> {
  const engine = ctx.env as unknown as Engine;
  const { args } = ctx;
  const words = (args.path ?? '').split(',').map((w) => w.trim()).filter(Boolean);
  const requests = (args.request ?? 'self').split(',');
  for (const request of requests) {
    const place = locate(engine, words);
    switch (request) {
      case 'self':
        yield sorted({ name: place.name, 'node-type': place.type, type: 'self' });
        break;
      case 'child':
        for (const c of children(place)) yield sorted({ name: c.name, 'node-type': c.type, type: 'child' });
        break;
      case 'syntax':
        if (place.type === 'arg') {
          yield sorted({ nested: '0', nonfull: 'false', symbol: place.name, 'symbol-type': 'explanation', text: place.desc ?? '', type: 'syntax' });
        } else {
          for (const c of children(place)) {
            yield sorted({ nested: '1', nonfull: 'false', symbol: c.name, 'symbol-type': 'explanation', text: c.desc ?? '', type: 'syntax' });
          }
        }
        break;
      case 'completion': {
        const input = args.input ?? '';
        // The word being typed is the text after the last blank or slash.
        const word = input.slice(Math.max(input.lastIndexOf(' '), input.lastIndexOf('/')) + 1);
        for (const c of children(place)) {
          if (!c.name.startsWith(word)) continue;
          yield sorted({
            completion: c.name, offset: String(input.length - word.length), preference: PREFERENCE[c.type],
            show: 'true', style: c.type, text: c.desc ?? '', type: 'completion',
          });
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
