# How the SSH automation libraries read the RouterOS console, over a real paramiko shell:
# each reads the router's bytes as that library does (its escape-sequence stripping, line-end
# handling, prompt pattern and echo and prompt removal), written here from the libraries'
# own sources, so the test fails when the router's bytes would fail the library.
#
#   netmiko 4.x   netmiko/base_connection.py (strip_ansi_escape_codes, normalize_linefeeds,
#                 find_prompt, set_base_prompt, send_command, command_echo_read) and
#                 netmiko/mikrotik/mikrotik_ssh.py (MikrotikBase: "+ct511w4098h", RETURN "\r\n",
#                 prompt_pattern r"\].*>", _prompt_handler, strip_command, strip_prompt)
#   scrapli 1.x   scrapli/channel/base_channel.py (ANSI_ESCAPE_PATTERN, _process_read_buf,
#                 _process_output), scrapli/channel/sync_channel.py (read, _read_until_input,
#                 _read_until_prompt, send_input) and scrapli_community/mikrotik/routeros
#                 (comms_prompt_pattern, "\r\n", "+ct511w4098h", send_command's doubled pattern
#                 and second echo removal)
#   community.routeros  plugins/terminal/routeros.py (ansi_re, terminal_stdout_re), as
#                 ansible.netcommon's network_cli applies them to the last bytes read
#
# Usage: cli_libraries.py LIBRARY PORT PASSWORD COMMAND... ; prints JSON.

import json
import re
import sys
import time

import paramiko

ESC = chr(27)


def open_shell(port, user, password, width, height):
    client = paramiko.SSHClient()
    client.set_missing_host_key_policy(paramiko.AutoAddPolicy())
    client.connect('127.0.0.1', port=port, username=user, password=password, look_for_keys=False, allow_agent=False, timeout=10)
    channel = client.invoke_shell(term='vt100', width=width, height=height)
    return client, channel


def recv(channel, wait):
    """Whatever the router has sent, waiting up to `wait` seconds for the first bytes."""
    end = time.time() + wait
    data = b''
    while time.time() < end:
        if channel.recv_ready():
            data += channel.recv(65535)
            if not channel.recv_ready():
                time.sleep(0.01)
                if not channel.recv_ready():
                    break
        else:
            time.sleep(0.005)
    return data


# ---------------------------------------------------------------- netmiko

NETMIKO_CODES = [
    r'\[\d+;\d+H', r'\[\?25h', r'\[2K', r'\[\d+;\d+r', r'\[K', r'\[1M', r'\[\?7l', r'\[K', r'\[\?\d+l', r'\[00m',
    r'\[2J', r'\[\dm', r'\[\d\d;\d\dm', r'\[\d\d;\d\d;\d\dm', r'\[(3|4)\dm', r'\[(9|10)[0-7]m', r'\[\d;\d\dm',
    r'\[6n', r'\[m', r'\[2J', r'\[J', r'\[0m', r'\[7m', r'\[\d+D', r'\[\d*A', r'\[\d*B', r'\[\d*C', r'\[\?7h',
    r'\[\?2004h', r'\[\?2004l', r'\[4m', r'\[c',
]


class Netmiko:
    RETURN = '\r\n'

    def __init__(self, port, password):
        # MikrotikBase._modify_connection_params; BaseConnection.establish_connection(width=511, height=1000).
        self.client, self.channel = open_shell(port, 'admin+ct511w4098h', password, 511, 1000)
        self.buffer = ''
        self.ansi = False
        # special_login_handler: read until the prompt pattern.
        self.read_until(r'\].*>')
        # session_preparation: ansi_escape_codes = True; set_base_prompt(">", ">").
        self.ansi = True
        prompt = self.find_prompt(pattern=r'(?:>|>)')
        if prompt[-1] != '>':
            raise ValueError('Router prompt not found: %r' % prompt)
        self.base_prompt = prompt[:-1].strip()

    def read_channel(self, wait=0.05):
        data = recv(self.channel, wait).decode('utf-8', 'replace')
        data = re.sub('(\r\r\r\n|\r\r\n|\r\n|\n\r)', '\n', data).replace('\r', '\n')
        if self.ansi:
            for code in NETMIKO_CODES:
                data = re.sub(ESC + code, '', data)
            data = re.sub(ESC + 'E', self.RETURN, data)
        return data

    def read_until(self, pattern, timeout=10):
        end = time.time() + timeout
        while time.time() < end:
            self.buffer += self.read_channel()
            m = re.search(pattern, self.buffer)
            if m:
                out, self.buffer = self.buffer[:m.end()], self.buffer[m.end():]
                return out
        raise TimeoutError('netmiko: pattern %r never seen in %r' % (pattern, self.buffer))

    def clear_buffer(self):
        self.buffer = ''
        self.read_channel(0.1)

    def find_prompt(self, pattern=None):
        self.clear_buffer()
        self.channel.send(self.RETURN)
        if pattern:
            prompt = self.read_until(pattern)
        else:
            time.sleep(0.25)
            prompt = (self.buffer + self.read_channel()).strip()
            self.buffer = ''
        prompt = prompt.split('\n')[-1].strip()
        self.clear_buffer()
        return prompt

    def send_command(self, command):
        search = re.escape(self.find_prompt().strip()) + r'[ \t]*$'
        self.channel.send(command.rstrip() + self.RETURN)
        cmd = command.strip()
        echo = self.read_until(re.escape(cmd))
        parts = echo.split(cmd)
        output = cmd + parts[-1] if len(parts) == 2 else echo
        end = time.time() + 10
        while not re.search(search, output):
            if time.time() > end:
                raise TimeoutError('netmiko: pattern %r never seen in %r' % (search, output))
            output += self.buffer + self.read_channel()
            self.buffer = ''
        return self.strip_prompt(self.strip_command(cmd, output))

    def strip_command(self, cmd, output):
        output = output.replace('\x08', '')
        if output.startswith(cmd):
            output = '\n'.join(output.split('\n')[1:])
        output = output.lstrip()
        pattern = r'^\[.*\] > ' + re.escape(cmd) + r'.*$\n'
        if re.search(pattern, output, flags=re.M):
            output = '\n'.join(re.split(pattern, output, flags=re.M)[1:])
        return output

    def strip_prompt(self, output):
        lines = output.split('\n')
        if self.base_prompt not in lines[-1]:
            return output
        output = '\n'.join(lines[:-1]).rstrip()
        lines = output.split('\n')
        if self.base_prompt in lines[-1]:
            output = '\n'.join(lines[:-1])
        return output.strip()

    def close(self):
        # MikrotikBase.cleanup: "quit".
        self.channel.send('quit' + self.RETURN)
        time.sleep(0.2)
        self.client.close()


# ---------------------------------------------------------------- scrapli

SCRAPLI_ANSI = re.compile(
    rb'[\x1B\x9B\x9D](\s)?(([78ME])|((\]\d).*?[\x07])|(\[.*?[@-~])|(\[.*?[0-9;]m))')
SCRAPLI_PROMPT = r'\[[a-z0-9@.\-_+\s]{1,48}@[a-z0-9.\-_\s]{1,64}\].{1,16}>'


class Scrapli:
    RETURN = b'\r\n'

    def __init__(self, port, password):
        self.client, self.channel = open_shell(port, 'admin+ct511w4098h', password, 80, 24)

    def read(self):
        buf = recv(self.channel, 0.05).replace(b'\r', b'')
        if b'\x1b' in buf.lower():
            buf = SCRAPLI_ANSI.sub(b'', buf)
        return buf

    def send_command(self, command, timeout=10):
        # MikrotikRouterOSDriver.send_command: the prompt twice, on one line.
        pattern = re.compile(('%s.*%s' % (SCRAPLI_PROMPT, SCRAPLI_PROMPT)).encode(), flags=re.M | re.I)
        wanted = b''.join(command.encode().lower().split())
        self.channel.send(command.encode())
        end = time.time() + timeout
        buf = b''
        while wanted not in b''.join(buf.lower().replace(b'\x08', b'').split()):
            if time.time() > end:
                raise TimeoutError('scrapli: input never echoed: %r' % buf)
            buf += self.read()
        self.channel.send(self.RETURN)
        out = b''
        while True:
            if time.time() > end:
                raise TimeoutError('scrapli: prompt pattern never matched: %r' % out)
            out += self.read()
            before, _, search = out[-1000:].partition(b'\n')
            if re.search(pattern, search or before):
                break
        result = b'\n'.join(line.rstrip() for line in out.splitlines())
        result = re.sub(pattern, b'', result).lstrip(self.RETURN).rstrip().decode()
        # The driver's own step: the echo scrapli did not take off.
        lines = result.split('\n')
        if len(lines) > 1 and command in lines[0]:
            result = '\n'.join(lines[1:])
        return result

    def close(self):
        self.channel.send(b'/quit')
        self.channel.send(self.RETURN)
        time.sleep(0.2)
        self.client.close()


# ---------------------------------------------------------------- community.routeros (network_cli)

ANSIBLE_ANSI = [re.compile(rb'(\x1b\[\?1h\x1b=)'), re.compile(rb'((?:\x9b|\x1b\x5b)[\x30-\x3f]*[\x20-\x2f]*[\x40-\x7e])'), re.compile(rb'\x08.')]
ANSIBLE_PROMPTS = [re.compile(rb'\x1b<'), re.compile(rb'((\[[\w\-\.]+\@)|(\r\<(([\w\-\.]*\@)|)))[\w\s\-\.\/]+\] ?(<SAFE)?> ?$')]


class Ansible:
    def __init__(self, port, password, user='admin+ct1024w'):
        self.client, self.channel = open_shell(port, user, password, 80, 24)
        self.prompt = self.receive()

    def strip(self, data):
        for regex in ANSIBLE_ANSI:
            data = regex.sub(b'', data)
        return data

    def receive(self, command=None, timeout=10):
        end = time.time() + timeout
        got = b''
        while time.time() < end:
            got += recv(self.channel, 0.05)
            window = self.strip(got[-256:])
            for regex in ANSIBLE_PROMPTS:
                m = regex.search(window)
                if m:
                    self.matched = m.group()
                    response = self.strip(got)
                    return self.sanitize(response, command)
        raise TimeoutError('ansible: no prompt in %r' % got)

    def sanitize(self, response, command):
        cleaned = []
        for line in response.splitlines():
            if command and line.strip() == command.strip():
                continue
            for prompt in self.matched.strip().splitlines():
                if prompt.strip() in line:
                    break
            else:
                cleaned.append(line)
        return b'\n'.join(cleaned).strip().decode()

    def send_command(self, command):
        self.channel.send(command.encode() + b'\r')
        return self.receive(command.encode())

    def close(self):
        self.client.close()


LIBRARIES = {'netmiko': Netmiko, 'scrapli': Scrapli, 'ansible': Ansible}

if __name__ == '__main__':
    library, port, password, commands = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4:]
    conn = LIBRARIES[library](port, password)
    result = {'prompt': getattr(conn, 'base_prompt', None) or (conn.matched.decode() if library == 'ansible' else None), 'outputs': []}
    for command in commands:
        result['outputs'].append(conn.send_command(command))
    conn.close()
    print(json.dumps(result))
