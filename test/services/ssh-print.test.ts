// Print forms over SSH, as automation meets them: one-shot commands under OpenSSH
// (`ssh admin@router '/ip route print terse'`), read by TextFSM (Debian's python3-textfsm) with
// templates that take the fields in the order and form a real 7.x prints them (the contract the
// ntc-templates RouterOS templates rely on); and a terminal (`ssh -tt` under pexpect) where a
// ping runs until Ctrl-C. docs/routeros-facts.md 43 gives the captures.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { startRouter } from '../helpers/router.js';
import { PYTHON, common, env, pexpect, run, ssh, workDir, type Login } from './ssh-clients.js';

/** Parses `text` with a TextFSM template; the records as objects. */
async function textfsm(template: string, text: string): Promise<Record<string, string>[]> {
  const script = [
    'import io, json, sys, textfsm',
    'fsm = textfsm.TextFSM(io.StringIO(sys.argv[1]))',
    'rows = fsm.ParseText(sys.argv[2])',
    'print(json.dumps([dict(zip(fsm.header, r)) for r in rows]))',
  ].join('\n');
  const r = await run(PYTHON, ['-W', 'ignore', '-c', script, template, text]);
  assert.equal(r.code, 0, r.stderr);
  return JSON.parse(r.stdout);
}

// `/ip route print terse` (7.x): flags, then dst-address, routing-table, gateway, immediate-gw,
// distance, scope, target-scope, local-address (ntc-templates' 7.x sample; an older 7.x also
// wrote suppress-hw-offload=no before local-address).
const ROUTE_TERSE = `Value INDEX (\\d+)
Value FLAGS ([A-Za-z+]+)
Value DST_ADDRESS (\\S+)
Value ROUTING_TABLE (\\S+)
Value GATEWAY (\\S+)
Value IMMEDIATE_GW (\\S+)
Value DISTANCE (\\d+)
Value SCOPE (\\d+)
Value TARGET_SCOPE (\\d+)
Value LOCAL_ADDRESS (\\S+)

Start
  ^\\s*(${'$'}{INDEX}\\s+)?${'$'}{FLAGS}\\s+dst-address=${'$'}{DST_ADDRESS}\\s+routing-table=${'$'}{ROUTING_TABLE}\\s+gateway=${'$'}{GATEWAY}\\s+immediate-gw=${'$'}{IMMEDIATE_GW}\\s+distance=${'$'}{DISTANCE}\\s+scope=${'$'}{SCOPE}(\\s+target-scope=${'$'}{TARGET_SCOPE})?(\\s+suppress-hw-offload=\\S+)?(\\s+local-address=${'$'}{LOCAL_ADDRESS})?\\s*$$ -> Record
  ^. -> Error
`;

// `/ip address print` (7.x): an optional legend, the column list, the header, rows with an
// optional flag column and `;;;` comment lines.
const ADDRESS_TABLE = `Value NUM (\\d+)
Value FLAGS ([XIDS]+)
Value COMMENT (.*)
Value ADDRESS (\\S+)
Value NETWORK (\\S+)
Value INTERFACE (\\S+)

Start
  ^Flags:
  ^Columns: ADDRESS, NETWORK, INTERFACE\\s*$$
  ^#\\s+ADDRESS\\s+NETWORK\\s+INTERFACE\\s*$$ -> Rows
  ^. -> Error

Rows
  ^;;; ${'$'}{COMMENT}$$
  ^${'$'}{NUM}\\s+(${'$'}{FLAGS}\\s+)?${'$'}{ADDRESS}\\s+${'$'}{NETWORK}\\s+${'$'}{INTERFACE}\\s*$$ -> Record
  ^. -> Error
`;

// `/interface print terse` (7.x): number, the flag columns, then name, default-name, type, mtu,
// actual-mtu, l2mtu, max-l2mtu, mac-address, last-link-up-time, link-downs.
const INTERFACE_TERSE = `Value ID (\\d+)
Value FLAGS ([XRS ]*)
Value COMMENT (.*?)
Value NAME (\\S+)
Value DEFAULT_NAME (\\S+)
Value TYPE (\\S+)
Value MTU (\\d+|auto)
Value ACTUAL_MTU (\\d+)
Value L2MTU (\\d+)
Value MAX_L2MTU (\\d+)
Value MAC_ADDRESS (\\S+)
Value LAST_LINK_UP_TIME (\\S+ \\S+)
Value LINK_DOWNS (\\d+)

Start
  ^\\s*${'$'}{ID} ${'$'}{FLAGS} (comment=${'$'}{COMMENT} )?name=${'$'}{NAME}( default-name=${'$'}{DEFAULT_NAME})? type=${'$'}{TYPE}( mtu=${'$'}{MTU})?( actual-mtu=${'$'}{ACTUAL_MTU})?( l2mtu=${'$'}{L2MTU})?( max-l2mtu=${'$'}{MAX_L2MTU})?( vrf=\\S+)?( mac-address=${'$'}{MAC_ADDRESS})?( last-link-down-time=\\S+ \\S+)?( last-link-up-time=${'$'}{LAST_LINK_UP_TIME})?( link-downs=${'$'}{LINK_DOWNS})?$$ -> Record
  ^. -> Error
`;

test('ssh COMMAND: print terse and print as a 7.x writes them, read by TextFSM as the real samples are', async () => {
  const t = await startRouter();
  const dir = workDir();
  try {
    const l: Login = { port: t.router.bound.ssh!, dir, password: '' };
    const terse = await ssh(l, '/ip route print terse');
    assert.equal(terse.code, 0);
    // The connected route of defconf's address, in the 7.x order (ntc-templates
    // tests/mikrotik_routeros/ip_route_print_terse/..._terseIPv4.raw: `dst-address=... routing-table=main
    // gateway=... immediate-gw=... distance=0 scope=10 ... local-address=...`).
    assert.equal(terse.stdout, 'DAc   dst-address=192.168.88.0/24 routing-table=main gateway=bridge immediate-gw=bridge distance=0 scope=10 local-address=192.168.88.1%bridge\r\n');
    const real = 'DAc dst-address=192.168.1.0/24 routing-table=main gateway=bridge-lan immediate-gw=bridge-lan distance=0 scope=10 suppress-hw-offload=no local-address=192.168.1.254%bridge-lan\n';
    assert.deepEqual((await textfsm(ROUTE_TERSE, real)).map((r) => r.ROUTING_TABLE + ' ' + r.LOCAL_ADDRESS), ['main 192.168.1.254%bridge-lan']);
    assert.deepEqual(await textfsm(ROUTE_TERSE, terse.stdout.replace(/\r/g, '')), [{
      INDEX: '', FLAGS: 'DAc', DST_ADDRESS: '192.168.88.0/24', ROUTING_TABLE: 'main', GATEWAY: 'bridge', IMMEDIATE_GW: 'bridge',
      DISTANCE: '0', SCOPE: '10', TARGET_SCOPE: '', LOCAL_ADDRESS: '192.168.88.1%bridge',
    }]);

    await ssh(l, '/ip route add gateway=192.168.88.254; /ip address add address=10.0.0.1/24 interface=ether1 disabled=yes');
    const routes = await textfsm(ROUTE_TERSE, (await ssh(l, '/ip route print terse')).stdout.replace(/\r/g, ''));
    assert.deepEqual(routes.map((r) => [r.INDEX, r.FLAGS, r.DST_ADDRESS, r.TARGET_SCOPE]), [['0', 'As', '0.0.0.0/0', '10'], ['', 'DAc', '192.168.88.0/24', '']]);

    // A 7.x table: ntc-templates ip_address_print_4.raw parses as ours does.
    const address = (await ssh(l, '/ip address print')).stdout.replace(/\r/g, '');
    assert.deepEqual((await textfsm(ADDRESS_TABLE, address)).map((r) => [r.NUM, r.FLAGS, r.ADDRESS, r.INTERFACE, r.COMMENT]),
      [['0', '', '192.168.88.1/24', 'bridge', 'defconf'], ['1', 'X', '10.0.0.1/24', 'ether1', '']]);
    const real4 = 'Columns: ADDRESS, NETWORK, INTERFACE\n# ADDRESS           NETWORK        INTERFACE\n0 100.64.3.207/27   100.64.3.192   vlan906  \n;;; MGMT Loopback\n2 100.64.1.135/32   100.64.1.135   Lo0      \n';
    assert.deepEqual((await textfsm(ADDRESS_TABLE, real4)).map((r) => [r.NUM, r.ADDRESS, r.INTERFACE, r.COMMENT]), [['0', '100.64.3.207/27', 'vlan906', ''], ['2', '100.64.1.135/32', 'Lo0', 'MGMT Loopback']]);

    const ifaces = await textfsm(INTERFACE_TERSE, (await ssh(l, '/interface print terse without-paging')).stdout.replace(/\r/g, ''));
    assert.deepEqual(ifaces.slice(0, 2).map((r) => [r.ID, r.FLAGS, r.NAME, r.TYPE, r.L2MTU, r.MAX_L2MTU]), [['0', ' R ', 'ether1', 'ether', '1598', '9214'], ['1', ' RS', 'ether2', 'ether', '1598', '9214']]);
    const real2 = ' 7  R  name=lo type=loopback mtu=65536 actual-mtu=65536 mac-address=00:00:00:00:00:00 last-link-up-time=1970-01-01 01:02:03 link-downs=0\n';
    assert.deepEqual((await textfsm(INTERFACE_TERSE, real2)).map((r) => [r.ID, r.FLAGS, r.NAME, r.LINK_DOWNS]), [['7', ' R ', 'lo', '0']]);

    // A ping with count= ends by itself; its live table, not `name: value` blocks.
    const p = await ssh(l, '/ping 127.0.0.1 count=2 interval=20ms');
    const lines = p.stdout.split('\r\n');
    assert.equal(lines[0], '  SEQ HOST                                     SIZE TTL TIME       STATUS');
    assert.match(lines[1], /^ {4}0 127\.0\.0\.1 +56  64 \d+us +$/);
    assert.match(lines[3], /^ {4}sent=2 received=2 packet-loss=0% min-rtt=\d+us avg-rtt=\d+us max-rtt=\d+us $/);
  } finally {
    await t.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('ssh -tt: a ping without count shows each echo as it comes and stops at Ctrl-C with its summary', async () => {
  const t = await startRouter();
  const dir = workDir();
  try {
    const l = { port: t.router.bound.ssh!, dir, password: '' };
    const argv = ['ssh', ...common(l), '-tt', '-p', String(l.port), 'admin@127.0.0.1'];
    const driver = String.raw`
import json, sys, pexpect
argv = json.loads(sys.argv[1])
c = pexpect.spawn(argv[0], argv[1:], encoding='utf-8', timeout=10, dimensions=(40, 100))
c.expect(r'\] > ')
c.send('/ping 127.0.0.1 interval=50ms\r')
c.expect(r'\n    2 127\.0\.0\.1 ')
shown = c.before + c.after
c.send('\x03')
c.expect(r'\] > ')
out = shown + c.before
c.send('/quit\r')
c.expect(pexpect.EOF)
print(json.dumps(out))
`;
    const r = await pexpect(driver, [JSON.stringify(argv)], env(l));
    assert.equal(r.stderr, '');
    const screen = (JSON.parse(r.stdout) as string).replace(/\x1b\[[0-9;?]*[A-Za-z]/g, '').replace(/\r/g, '');
    // Rows 0 to 2 were on the screen before Ctrl-C was typed. pexpect waits 50 ms before it
    // sends, so the echo due then may or may not come first; either way the summary counts
    // exactly the rows shown, in order, and the prompt follows it.
    const seqs = screen.split('\n').flatMap((line) => /^ {4}(\d+) 127\.0\.0\.1 +56 +64 \d+us +$/.exec(line)?.[1] ?? []).map(Number);
    assert.deepEqual(seqs, [...seqs.keys()], screen);
    assert.ok(seqs.length >= 3, screen);
    assert.match(screen, new RegExp(`\\n {4}sent=${seqs.length} received=${seqs.length} packet-loss=0% min-rtt=\\d+us avg-rtt=\\d+us max-rtt=\\d+us \\n\\[admin@MikroTik$`));
  } finally {
    await t.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
