// The login options a user name carries (the router's manual, Console > Login Options):
// `user_name [ '+' parameters ]`, each parameter an optional number and a letter; without
// the number, the letter's implicit value.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loginOptions } from '../../src/services/terminal.js';

test('login options: the manual\'s examples and Ansible\'s admin+cet1024w', () => {
  assert.deepEqual(loginOptions('admin'), { user: 'admin', colors: true, detect: true, dumb: false });
  // "admin+c80w - will disable console colors and set terminal width to 80"
  assert.deepEqual(loginOptions('admin+c80w'), { user: 'admin', colors: false, detect: true, dumb: false, width: 80 });
  // "admin+ct80w - disables console colors, disables auto detection, and then sets terminal width to 80"
  assert.deepEqual(loginOptions('admin+ct80w'), { user: 'admin', colors: false, detect: false, dumb: false, width: 80 });
  assert.deepEqual(loginOptions('admin+cet1024w'), { user: 'admin', colors: false, detect: false, dumb: true, width: 1024 });
  assert.deepEqual(loginOptions('admin+t'), { user: 'admin', colors: true, detect: false, dumb: false });
  assert.deepEqual(loginOptions('admin+c'), { user: 'admin', colors: false, detect: true, dumb: false });
  assert.deepEqual(loginOptions('ops+120w40h'), { user: 'ops', colors: true, detect: true, dumb: false, width: 120, height: 40 });
  // A number sets a switch: 1c keeps colours on.
  assert.deepEqual(loginOptions('admin+1c'), { user: 'admin', colors: true, detect: true, dumb: false });
  assert.deepEqual(loginOptions('admin+'), { user: 'admin', colors: true, detect: true, dumb: false });
});
