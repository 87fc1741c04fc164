import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from '../../src/console/parser.js';
import type { Arg, Expr, Statement } from '../../src/console/ast.js';

// The corpus lives next to the test sources (tsc does not copy .rsc files to dist).
const here = path.dirname(fileURLToPath(import.meta.url));
const CORPUS = path.resolve(here, '../../../test/console/corpus');

/** A compact picture of a tree: commands as `(head... args...)`, expressions in prefix form. */
function show(body: Statement[]): string {
  return body.map(stmt).join(' ');
}

function stmt(s: Statement): string {
  if (s.kind === 'block') return `{${show(s.body)}}`;
  if (s.kind === 'call') return `(call ${expr(s.target)}${s.args.map((a) => ' ' + arg(a)).join('')})`;
  return `(${s.prefix}${s.head.map((w) => w.text).join(' ')}${s.args.map((a) => ' ' + arg(a)).join('')})`;
}

function arg(a: Arg): string {
  if (a.kind === 'named') return `${a.name}=${expr(a.value)}`;
  if (a.kind === 'where') return `where:${expr(a.expr)}`;
  return expr(a.value);
}

function expr(e: Expr): string {
  switch (e.kind) {
    case 'word': return e.text;
    case 'literal': return JSON.stringify(e.value.type === 'str' ? e.value.v : e.value.type);
    case 'string': return '"' + e.parts.map((p) => (typeof p === 'string' ? p : `\${${expr(p)}}`)).join('') + '"';
    case 'var': return '$' + e.name;
    case 'subst': return `[${show(e.body)}]`;
    case 'code': return `{${show(e.body)}}`;
    case 'array': return `{${e.items.map((i) => (i.key !== undefined ? `${i.key}=` : '') + expr(i.value)).join(';')}}`;
    case 'unary': return `(${e.op} ${expr(e.arg)})`;
    case 'binary': return `(${e.op} ${expr(e.left)} ${expr(e.right)})`;
    case 'concat': return `(concat ${e.parts.map(expr).join(' ')})`;
  }
}

const tree = (src: string) => show(parse(src).body);

test('paths: spaces and slashes, relative words and .. stay words for the interpreter', () => {
  assert.equal(tree('/ip address add address=10.0.0.1/24 interface=ether1'), '(/ip address add address=10.0.0.1/24 interface=ether1)');
  assert.equal(tree('/ip/address/print'), '(/ip/address/print)');
  assert.equal(tree('/ip address\nprint\n.. route print'), '(/ip address) (print) (.. route print)');
  assert.equal(tree('/'), '(/)');
});

test('commands: unnamed values, named values, flags and where', () => {
  assert.equal(tree('set ether1 mtu=1400 comment="up link"'), '(set ether1 mtu=1400 comment="up link")');
  assert.equal(tree('print detail where disabled=no and name~"^eth"'), '(print detail where:(and (= disabled no) (~ name "^eth")))');
  assert.equal(tree('/ip firewall filter print where connection-state=established,related'),
    '(/ip firewall filter print where:(= connection-state established,related))');
  assert.equal(tree('get [find default-name=ether1] name'), '(get [(find default-name=ether1)] name)');
});

test('strings: escapes, variables, command substitution and expressions inside', () => {
  assert.equal(tree(':put "a\\"b\\\\c\\n\\$x"'), ':put'.length && '(:put "a"b\\c\n$x")');
  assert.equal(tree(':put "ip: $ip, len $[:len $s], sum $($a + 1)"'), '(:put "ip: ${$ip}, len ${[(:len $s)]}, sum ${(+ $a 1)}")');
  // A byte in hexadecimal, and a line joined by a trailing backslash (how exports wrap).
  assert.equal(tree(':put "\\41\\42"'), '(:put "AB")');
  assert.equal(tree(':put "long \\\n    text"'), '(:put "long text")');
});

test('expressions: precedence, unary operators, arrays and element access', () => {
  assert.equal(tree(':put (1 + 2 * 3)'), '(:put (+ 1 (* 2 3)))');
  assert.equal(tree(':put ($a . "x" = "yx")'), '(:put (= (. $a "x") "yx"))');
  assert.equal(tree(':put (!$done && $n < 3 || $force)'), '(:put (|| (&& (! $done) (< $n 3)) $force))');
  assert.equal(tree(':put (10.0.0.1 in 10.0.0.0/8)'), '(:put (in 10.0.0.1 10.0.0.0/8))');
  assert.equal(tree(':put ($a->"key")'), '(:put (-> $a "key"))');
  assert.equal(tree(':put (10/2)'), '(:put (/ 10 2))');
  assert.equal(tree(':put ($a-1)'), '(:put (- $a 1))');
  assert.equal(tree(':local a {1;2;"x"=3}'), '(:local a {1;2;x=3})');
  assert.equal(tree(':local a ($b, 4)'), '(:local a (, $b 4))');
});

test('code blocks: do= else= on-error= are code; other braces are arrays', () => {
  assert.equal(tree(':if ($a) do={ :put 1 } else={ :put 2 }'), '(:if $a do={(:put 1)} else={(:put 2)})');
  assert.equal(tree(':do { /ip address print } on-error={ :log error x }'), '(:do {(/ip address print)} on-error={(:log error x)})');
  assert.equal(tree(':foreach i in={1;2} do={ :put $i }'), '(:foreach i in={1;2} do={(:put $i)})');
  assert.equal(tree(':global f do={ :return ($1 * 2) }'), '(:global f do={(:return (* $1 2))})');
  assert.equal(tree('/ip dns { set allow-remote-requests=yes }'), '(/ip dns {(set allow-remote-requests=yes)})');
  assert.equal(tree('{ :local x 1; :put $x }'), '{(:local x 1) (:put $x)}');
});

test('statements: semicolons, line ends, comments, line continuations and function calls', () => {
  assert.equal(tree('# a comment\n:put 1; :put 2\n\n  # another\n:put 3'), '(:put 1) (:put 2) (:put 3)');
  assert.equal(tree('add chain=input \\\n    action=drop'), '(add chain=input action=drop)');
  assert.equal(tree('$f 1 name=x'), '(call $f 1 name=x)');
  assert.equal(tree(':put [$f]'), '(:put [(call $f)])');
});

test('syntax errors carry the line and column', () => {
  const err = (src: string) => { try { parse(src); } catch (e) { return (e as Error).message; } return 'parsed'; };
  assert.equal(err(':put 1\n:put 2\n:put (1 +'), 'syntax error (line 3 column 10)');
  assert.equal(err(':if (1) do={\n  :put 1\n'), 'syntax error (line 3 column 1)');
  assert.equal(err(':put 1 }'), 'syntax error (line 1 column 8)');
  assert.equal(err(':put "abc'), 'syntax error (line 1 column 6)');
  assert.equal(err('\n\n  :put (1 2)'), 'syntax error (line 3 column 11)');
});

test('the corpus of real-world scripts parses', () => {
  const files = fs.readdirSync(CORPUS).filter((f) => f.endsWith('.rsc')).sort();
  assert.ok(files.length >= 30, `corpus has ${files.length} scripts`);
  for (const f of files) {
    const src = fs.readFileSync(path.join(CORPUS, f), 'utf8');
    assert.doesNotThrow(() => parse(src), f);
  }
});

test('corpus: shapes of a few scripts', () => {
  const read = (f: string) => fs.readFileSync(path.join(CORPUS, f), 'utf8');
  const lease = tree(read('03-dhcp-lease-dns.rsc'));
  assert.match(lease, /\(:local hostname \$lease-hostname\)/);
  assert.match(lease, /\(:if \(= \$leaseBound "1"\) do=\{\(\/ip dns static remove \[\(find where:\(and \(= comment "dhcp"\) \(= address \$leaseActIP\)\)\)\]\)/);
  const wrapped = tree(read('34-long-lines.rsc'));
  assert.match(wrapped, /comment="defconf: accept established,related,untracked" connection-state=established,related,untracked/);
  // `[` in a string is text; only `$[` substitutes.
  assert.match(wrapped, /source=":log info "hello"\r\n:put \[\/system identity get name\]"/);
  const fragment = tree(read('30-defconf-fragment.rsc'));
  assert.match(fragment, /\(\/ip dns \{\(set allow-remote-requests=yes\) \(static add name=router.lan address=192.168.88.1 comment=defconf\)\}\)/);
  const functions = tree(read('13-functions.rsc'));
  assert.match(functions, /\(:while \(= \[\(:typeof \$pos\)\] "num"\) do=\{/);
});
