// Ansible's community.routeros.command and community.routeros.facts against the ssh service,
// as their documentation sets them up: network_cli over paramiko, network_os
// community.routeros.routeros, and the user name `admin+cet1024w` (no colours, dumb
// terminal, no terminal detection, 1024 columns). Debian's ansible and python3-paramiko.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { client, startRouter } from '../helpers/router.js';
import { PYTHON, run, workDir } from './ssh-clients.js';

test('ansible community.routeros.command and facts over network_cli (paramiko, admin+cet1024w)', async () => {
  const t = await startRouter();
  const dir = workDir();
  try {
    assert.equal((await client(t.port).post('/rest/user/set', { numbers: 'admin', password: 'ansible-pw' })).status, 200);
    fs.writeFileSync(path.join(dir, 'inventory.yml'), [
      'all:',
      '  hosts:',
      '    router:',
      '      ansible_host: 127.0.0.1',
      `      ansible_port: ${t.router.bound.ssh}`,
      '      ansible_connection: ansible.netcommon.network_cli',
      '      ansible_network_os: community.routeros.routeros',
      '      ansible_network_cli_ssh_type: paramiko',
      '      ansible_user: admin+cet1024w',
      '      ansible_password: ansible-pw',
      '      ansible_host_key_checking: false',
      '',
    ].join('\n'));
    fs.writeFileSync(path.join(dir, 'play.yml'), [
      '- hosts: router',
      '  gather_facts: false',
      '  tasks:',
      '    - community.routeros.command:',
      '        commands:',
      '          - /system identity print',
      '          - /ip address print',
      '          - /ip address add address=10.1.2.3/24 interface=ether4',
      '    - community.routeros.facts:',
      '        gather_subset: [default, interfaces]',
      '',
    ].join('\n'));
    const r = await run('ansible-playbook', ['-i', path.join(dir, 'inventory.yml'), path.join(dir, 'play.yml')], {
      timeout: 120_000,
      env: {
        ANSIBLE_STDOUT_CALLBACK: 'json', ANSIBLE_HOST_KEY_CHECKING: 'False', ANSIBLE_PYTHON_INTERPRETER: PYTHON,
        ANSIBLE_LOCAL_TEMP: path.join(dir, 'tmp'), ANSIBLE_PERSISTENT_CONTROL_PATH_DIR: path.join(dir, 'pc'), ANSIBLE_NOCOLOR: '1',
      },
    });
    assert.equal(r.code, 0, r.stdout.slice(0, 2000) + r.stderr);
    const tasks = JSON.parse(r.stdout).plays[0].tasks.map((task: any) => task.hosts.router);
    assert.deepEqual(tasks[0].stdout_lines, [
      ['name: MikroTik'],
      ['Columns: ADDRESS, NETWORK, INTERFACE', '# ADDRESS          NETWORK       INTERFACE', ';;; defconf', '0 192.168.88.1/24  192.168.88.0  bridge'],
      [''],
    ]);
    const facts = tasks[1].ansible_facts;
    assert.equal(facts.ansible_net_hostname, 'MikroTik');
    assert.equal(facts.ansible_net_version, '7.24 (stable)');
    assert.equal(facts.ansible_net_arch, 'arm64');
    assert.deepEqual(facts.ansible_net_all_ipv4_addresses, ['192.168.88.1', '10.1.2.3']);
    assert.deepEqual(Object.keys(facts.ansible_net_interfaces).sort(), ['bridge', 'ether1', 'ether2', 'ether3', 'ether4', 'ether5', 'lo', 'wifi1', 'wifi2']);
    assert.deepEqual(facts.ansible_net_interfaces.ether4.ipv4, [{ address: '10.1.2.3', subnet: '24' }]);
  } finally {
    await t.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
