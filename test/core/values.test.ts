import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ValueError } from '../../src/core/errors.js';
import type { ValueType } from '../../src/core/types.js';
import {
  str, name, bool, int, duration, durationToMs, formatDuration, parseDuration, ipv4, ipToInt, intToIp,
  ipv4Prefix, addressListAddress, ipRange, mac, oneOf, listOf, withDesc, formatDateTime, formatDate, formatTime,
} from '../../src/core/values.js';

function reads(type: ValueType, cases: Record<string, string>) {
  for (const [input, canonical] of Object.entries(cases)) {
    assert.equal(type.parse(input), canonical, `${type.name} ${JSON.stringify(input)}`);
  }
}

function refuses(type: ValueType, inputs: string[], message = 'invalid value for argument {arg}') {
  for (const input of inputs) {
    assert.throws(() => type.parse(input), (e: unknown) => {
      assert.ok(e instanceof ValueError, `${type.name} ${JSON.stringify(input)} threw ${String(e)}`);
      assert.equal(e.message, message);
      return true;
    }, `${type.name} ${JSON.stringify(input)} was accepted`);
  }
}

function sorts(type: ValueType, ordered: string[]) {
  const shuffled = [...ordered].reverse();
  assert.deepEqual(shuffled.sort((a, b) => type.compare(a, b)), ordered);
}

test('str takes any string as itself, up to maxLength', () => {
  reads(str(), { '': '', 'a b': 'a b', 'x=y,z': 'x=y,z' });
  reads(str({ maxLength: 3 }), { abc: 'abc' });
  refuses(str({ maxLength: 3 }), ['abcd']);
  assert.equal(str().desc, 'string value');
  assert.equal(str({ maxLength: 31 }).desc, 'string value, max length 31');
  sorts(str(), ['A', 'B', 'a']);
});

test('name refuses empty names and control characters', () => {
  reads(name, { ether1: 'ether1', 'my bridge': 'my bridge' });
  refuses(name, ['', 'a\nb', 'a\tb', '\x7f']);
  assert.equal(new ValueError().forArgument('name').message, 'invalid value for argument name');
});

test('bool reads yes/no/true/false in any case as "true"/"false"', () => {
  reads(bool, { yes: 'true', no: 'false', true: 'true', false: 'false', YES: 'true', False: 'false', TrUe: 'true' });
  refuses(bool, ['', '1', '0', 'y', 'on', 'off', ' yes']);
  sorts(bool, ['false', 'true']);
});

test('int reads decimal and 0x hexadecimal with a sign into decimal', () => {
  reads(int(), {
    '5': '5', '0': '0', '-0': '0', '+7': '7', '-12': '-12', '0x4': '4', '0X1f': '31', '-0x10': '-16',
    '010': '10', '9223372036854775807': '9223372036854775807', '-9223372036854775808': '-9223372036854775808',
  });
  refuses(int(), ['', '-', '+', '0x', '1.5', '1e3', ' 1', '1 ', 'abc', '0b1', '--1', '9223372036854775808']);
  sorts(int(), ['-20', '-3', '9', '10', '100']);
});

test('int out of range gives the router message with the range', () => {
  const mtu = int({ min: 68, max: 65535 });
  reads(mtu, { '68': '68', '65535': '65535', '0xFFFF': '65535' });
  refuses(mtu, ['67', '65536', '-1', '0x10000'], 'value of {arg} out of range (68..65535)');
  refuses(mtu, ['x'], 'invalid value for argument {arg}');
  const u32 = int({ min: 0, max: 4294967295n });
  assert.equal(u32.desc, '0..4294967295');
  refuses(u32, ['4294967296'], 'value of {arg} out of range (0..4294967295)');
  assert.equal(int().desc, undefined);
  assert.equal(new ValueError('value of {arg} out of range (68..65535)').forArgument('mtu').message, 'value of mtu out of range (68..65535)');
});

test('duration reads every console time form', () => {
  reads(duration(), {
    '30': '30s', '0': '0s', '90061': '1d1h1m1s', '691200': '1w1d',
    '1w2d3h4m5s': '1w2d3h4m5s', '500ms': '500ms', '1s500ms': '1s500ms', '1.5s': '1s500ms', '1500ms': '1s500ms',
    '90m': '1h30m', '30d': '4w2d', '2d11h12': '2d11h12s', '1m30': '1m30s', '0.1day1.2s': '2h24m1s200ms',
    '2weeks': '2w', '3days': '3d', '1hour': '1h', '5min': '5m', '1D2H': '1d2h',
    '01:02:03': '1h2m3s', '00:00:00': '0s', '24:00:00': '1d', '1d02:03:04': '1d2h3m4s', '1d 02:03:04': '1d2h3m4s',
    '2w1d00:00:00': '2w1d', '00:00:00.200': '200ms', '00:00:01.5': '1s500ms', '100:00:00': '4d4h',
  });
  refuses(duration(), ['', ' ', '1x', '1 s ', ' 1s', '-1s', '1:2', '01:02', '1:60:00', '30 1h', '1h 30 2', 's', '1..5s', '00:00:00:00', 'abc']);
});

test('duration limits give the router message in the API form', () => {
  const timeout = duration({ max: durationToMs('35w3d13h13m56s') });
  assert.equal(timeout.desc, '0s..35w3d13h13m56s    (time interval)');
  reads(timeout, { '35w3d13h13m56s': '35w3d13h13m56s' });
  refuses(timeout, ['35w3d13h13m57s'], 'value of {arg} is out of range (00:00:00 .. 35w3d13:13:56)');
  const interval = duration({ min: 1000, max: 7200 * 1000 });
  assert.equal(interval.desc, '1s..2h    (time interval)');
  refuses(interval, ['999ms', '0'], 'value of {arg} is out of range (00:00:01 .. 02:00:00)');
  assert.equal(duration().desc, 'time interval');
  sorts(duration(), ['0s', '500ms', '1s', '59s', '1m', '1h', '1d', '1w']);
});

test('formatDuration and durationToMs convert both ways', () => {
  assert.equal(formatDuration(0), '0s');
  assert.equal(formatDuration(90061000), '1d1h1m1s');
  assert.equal(formatDuration(8 * 86400000), '1w1d');
  assert.equal(formatDuration(1500), '1s500ms');
  assert.equal(formatDuration(200), '200ms');
  assert.equal(formatDuration(4294967295000), '7101w3d6h28m15s');
  assert.equal(durationToMs('1w1d'), 8 * 86400000);
  assert.equal(durationToMs('1s500ms'), 1500);
  assert.equal(durationToMs('0s'), 0);
  assert.equal(parseDuration('71w2h27m52s950ms'), 42949672950);
});

test('ipv4 reads a dotted quad and compares numerically', () => {
  reads(ipv4, { '10.0.0.1': '10.0.0.1', '0.0.0.0': '0.0.0.0', '255.255.255.255': '255.255.255.255', '010.000.0.01': '10.0.0.1' });
  refuses(ipv4, ['', '10.0.0', '10.0.0.1.2', '256.0.0.1', '10.0.0.1/32', ' 10.0.0.1', '10.0.0.1 ', 'a.b.c.d', '10.0.0.-1', '1000.0.0.1', '10..0.1']);
  assert.equal(ipv4.desc, 'A.B.C.D    (IP address)');
  assert.equal(ipToInt('255.255.255.255'), 4294967295);
  assert.equal(ipToInt('10.0.0.1'), 167772161);
  assert.equal(intToIp(4294967295), '255.255.255.255');
  assert.equal(intToIp(167772161), '10.0.0.1');
  assert.throws(() => ipToInt('10.0.0'), ValueError);
  sorts(ipv4, ['2.0.0.0', '10.0.0.1', '10.0.0.2', '192.168.0.1', '255.0.0.0']);
});

test('ipv4Prefix keeps host bits, or clears them with normalize', () => {
  reads(ipv4Prefix(), {
    '192.168.88.1/24': '192.168.88.1/24', '10.0.0.1': '10.0.0.1/32', '10.1.2.3/255.255.255.0': '10.1.2.3/24',
    '0.0.0.0/0': '0.0.0.0/0', '10.0.0.1/0.0.0.0': '10.0.0.1/0', '1.2.3.4/255.255.255.255': '1.2.3.4/32',
  });
  reads(ipv4Prefix({ normalize: true }), { '10.1.2.3/8': '10.0.0.0/8', '10.1.2.3': '10.1.2.3/32', '192.168.1.77/255.255.255.192': '192.168.1.64/26', '1.2.3.4/0': '0.0.0.0/0' });
  reads(ipv4Prefix({ defaultLength: 24 }), { '10.0.0.1': '10.0.0.1/24' });
  refuses(ipv4Prefix(), ['', '10.0.0.1/33', '10.0.0.1/', '10.0.0.1/-1', '10.0.0.1/255.0.255.0', '10.0.0.1/24/8', '300.0.0.1/8', '10.0.0.1/ 8', '10.0.0.1/008']);
  assert.equal(ipv4Prefix().desc, 'A.B.C.D/M    (IP prefix)');
  sorts(ipv4Prefix(), ['9.0.0.0/8', '10.0.0.0/8', '10.0.0.0/16', '10.0.0.1/32', '192.168.0.0/16']);
});

test('address-list address: addresses, networks, ranges and DNS names', () => {
  reads(addressListAddress, {
    '10.0.0.1': '10.0.0.1', '10.0.0.1/32': '10.0.0.1', '10.0.0.5/24': '10.0.0.0/24', '10.0.0.0/255.255.0.0': '10.0.0.0/16',
    '0.0.0.0/0': '0.0.0.0/0', '10.0.0.1-10.0.0.9': '10.0.0.1-10.0.0.9', '10.0.0.1-10.0.0.1': '10.0.0.1-10.0.0.1',
    'Example.COM': 'example.com', 'www.mikrotik.com': 'www.mikrotik.com', 'host-1': 'host-1', '1e100.net': '1e100.net',
  });
  refuses(addressListAddress, ['', '10.0.0.9-10.0.0.1', '300.0.0.1', '10.0.0.1/33', '1.2.3', 'a_b.com', 'a b', '10.0.0.1-', '-', '...']);
  sorts(addressListAddress, ['1.0.0.0', '10.0.0.0/24', '10.0.0.1', '10.0.0.1-10.0.0.9', '192.168.0.1', 'a.example', 'b.example']);
});

test('ipRange reads pool ranges in clean dotted form', () => {
  reads(ipRange, {
    '10.0.0.2-10.0.0.254': '10.0.0.2-10.0.0.254', '010.0.0.2-10.0.0.010': '10.0.0.2-10.0.0.10',
    '10.0.0.0/24': '10.0.0.0/24', '10.0.0.0/255.255.255.0': '10.0.0.0/24', '10.0.0.7': '10.0.0.7',
  });
  refuses(ipRange, ['', '10.0.0.9-10.0.0.1', '10.0.0.1-', '10.0.0.1/33', 'pool1', '10.0.0.1-10.0.0.2-10.0.0.3']);
  assert.equal(ipRange.desc, 'A.B.C.D[-A.B.C.D |0..32 |/A.B.C.D ]    (IP address range)');
  sorts(ipRange, ['10.0.0.1', '10.0.0.1-10.0.0.5', '10.0.0.1/32', '10.0.0.2-10.0.0.3', '10.0.1.0/24']);
});

test('mac reads any separator and case into upper case with colons', () => {
  reads(mac, {
    'aa:bb:cc:dd:ee:ff': 'AA:BB:CC:DD:EE:FF', 'AA-BB-CC-DD-EE-FF': 'AA:BB:CC:DD:EE:FF', 'aabb.ccdd.eeff': 'AA:BB:CC:DD:EE:FF',
    'AABBCCDDEEFF': 'AA:BB:CC:DD:EE:FF', '00:0c:42:01:02:03': '00:0C:42:01:02:03',
  });
  refuses(mac, ['', 'AA:BB:CC:DD:EE', 'AA:BB:CC:DD:EE:FF:00', 'GG:BB:CC:DD:EE:FF', 'A:B:C:D:E:F', 'AA::BB:CC:DD:EE:FF', 'AA BB CC DD EE FF']);
  sorts(mac, ['00:0C:42:01:02:03', '0A:00:00:00:00:00', 'AA:BB:CC:DD:EE:FF']);
});

test('oneOf matches exactly, case-sensitive, with an optional message', () => {
  const scope = oneOf(['auto', 'static', 'dynamic']);
  reads(scope, { auto: 'auto', dynamic: 'dynamic' });
  refuses(scope, ['Auto', 'AUTO', '', 'autox', ' auto']);
  refuses(oneOf(['a'], { message: 'input does not match any value of {arg}' }), ['b'], 'input does not match any value of {arg}');
  assert.equal(scope.desc, 'auto|static|dynamic');
  sorts(scope, ['auto', 'static', 'dynamic']);
});

test('listOf parses each element and joins with commas', () => {
  const days = listOf(oneOf(['sun', 'mon', 'tue']));
  reads(days, { mon: 'mon', 'sun,tue': 'sun,tue' });
  refuses(days, ['', 'sun,', ',sun', 'sun,,mon', 'sun,fri']);
  reads(listOf(ipv4, { allowEmpty: true }), { '': '', '10.0.0.1,010.0.0.2': '10.0.0.1,10.0.0.2' });
  reads(listOf(int({ min: 0, max: 10 }), { separator: ';' }), { '1;0x2': '1;2' });
  refuses(listOf(int({ min: 0, max: 10 })), ['1,11'], 'value of {arg} out of range (0..10)');
  assert.equal(days.desc, 'sun|mon|tue[,enum*]');
  sorts(listOf(ipv4, { allowEmpty: true }), ['', '9.0.0.1', '9.0.0.1,1.0.0.1', '10.0.0.1']);
});

test('withDesc changes only the inspect note', () => {
  const address = withDesc(ipv4Prefix(), 'A.B.C.D    (IP address)');
  assert.equal(address.desc, 'A.B.C.D    (IP address)');
  assert.equal(address.name, 'ip-prefix');
  assert.equal(address.parse('10.0.0.1'), '10.0.0.1/32');
});

test('dates and times are local, zero-padded', () => {
  const d = new Date(2024, 0, 5, 3, 4, 9); // local time
  assert.equal(formatDateTime(d), '2024-01-05 03:04:09');
  assert.equal(formatDate(d), '2024-01-05');
  assert.equal(formatTime(d), '03:04:09');
  assert.equal(formatDateTime(new Date(1999, 11, 31, 23, 59, 59)), '1999-12-31 23:59:59');
});
