// One real export per board family of the catalogue (test/tools/exports/, each with its public
// source on its first line), on a router `vrouter --like` it: the router is of the export's
// model, release and packages, its hardware as the catalogue says (docs/routeros-facts.md 51),
// which REST shows, and every line of the export, run on it made blank, is accepted. One
// router per family.

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { packagesNamed, readLike } from '../../src/device/like.js';
import { refuseVersion } from '../../src/device/packages.js';
import type { RouterOptions } from '../../src/router.js';
import { refusals, run } from '../corpus/corpus.js';
import { client, startRouter } from '../helpers/router.js';

const EXPORTS = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..', 'test', 'tools', 'exports');

/** The options `vrouter --like FILE` starts a router with (src/cli.ts): the export's model, a release vrouter holds, its packages. */
function likeOptions(text: string): Partial<RouterOptions> {
  const like = readLike(text);
  return {
    board: like.board,
    ...(like.rosVersion && !refuseVersion(like.rosVersion) ? { rosVersion: like.rosVersion } : {}),
    ...(like.packages.length ? { packages: like.packages } : {}),
    ...(like.serialNumber ? { serialNumber: like.serialNumber } : {}),
    ...(like.hardware ? { hardware: like.hardware } : {}),
  };
}

type Client = ReturnType<typeof client>;
const get = async (c: Client, url: string) => (await c.get(`/rest${url}`)).json;
/** What the console says to a line (the real router's words for a menu it does not have). */
const said = async (c: Client, script: string) => (await c.post('/rest/execute', { script, 'as-string': '' })).json.ret;
const ports = (records: { name: string; [k: string]: string }[]) => Object.fromEntries(records.map(({ name, ...rest }) => [name, rest]));

const FE = '10M-baseT-half,10M-baseT-full,100M-baseT-half,100M-baseT-full';
const GE = `${FE},1G-baseT-half,1G-baseT-full`;
const CPU_OVERTEMP = { 'cpu-overtemp-check': 'false', 'cpu-overtemp-startup-delay': '1m', 'cpu-overtemp-threshold': '105C' };
const FANS = { 'fan-control-interval': '30s', 'fan-full-speed-temp': '65C', 'fan-target-temp': '58C' };
const BUTTON = { enabled: 'false', 'hold-time': '0s..1m', 'on-event': '' };

interface Family {
  file: string;
  /** The catalogue's model the export names. */
  board: string;
  /** What the router shows before the export is loaded, each with its source. */
  facts(c: Client): Promise<void>;
}

const FAMILIES: Record<string, Family> = {
  hAP: {
    file: 'hap.rsc', board: 'hap-ax-lite',
    async facts(c) {
      // Manual "MTU in RouterOS": L41G-2axD (hAP ax lite) ether1-ether4:2026.
      assert.deepEqual(ports(await get(c, '/interface/ethernet?.proplist=name,max-l2mtu')), Object.fromEntries(['ether1', 'ether2', 'ether3', 'ether4'].map((p) => [p, { 'max-l2mtu': '2026' }])));
      // Manual "RouterBOARD": L41G-2axD has a mode button; WPS buttons are the D53/C53/S53/H53 series'.
      assert.deepEqual(await get(c, '/system/routerboard/mode-button'), BUTTON);
      assert.equal(await said(c, '/system routerboard wps-button print'), 'bad command name wps-button (line 1 column 21)');
      // ARM: CPU overtemperature (manual "Health"), Back To Home (export verbose of 7.x ARM boards), RPS per port.
      assert.deepEqual(await get(c, '/system/health/settings'), CPU_OVERTEMP);
      assert.equal((await get(c, '/ip/cloud'))['back-to-home-vpn'], 'revoked-and-disabled');
      assert.deepEqual(await get(c, '/system/resource/irq/rps?.proplist=name,disabled'), ['ether1', 'ether2', 'ether3', 'ether4'].map((name) => ({ name, disabled: 'true' })));
    },
  },
  cAP: {
    file: 'cap.rsc', board: 'cap-ac',
    async facts(c) {
      // Manual "MTU in RouterOS": cAP ac ether1-ether2:9124; "RouterBOARD": RBcAPGi-5acD2nD (cAP ac) has a mode button.
      assert.deepEqual(ports(await get(c, '/interface/ethernet?.proplist=name,max-l2mtu')), { ether1: { 'max-l2mtu': '9124' }, ether2: { 'max-l2mtu': '9124' } });
      assert.deepEqual(await get(c, '/system/routerboard/mode-button'), BUTTON);
    },
  },
  wAP: {
    file: 'wap.rsc', board: 'wap-ac-lte-2',
    async facts(c) {
      // The 7.18.2 export: two ports, the modem, two radios on the wireless package.
      assert.deepEqual((await get(c, '/interface?.proplist=name,type')).filter((i: { type: string }) => i.type !== 'loopback' && i.type !== 'bridge')
        .sort((a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name)),
        [{ name: 'ether1', type: 'ether' }, { name: 'ether2', type: 'ether' }, { name: 'lte1', type: 'lte' }, { name: 'wlan1', type: 'wlan' }, { name: 'wlan2', type: 'wlan' }]);
      assert.equal((await get(c, '/ip/cloud'))['back-to-home-vpn'], 'revoked-and-disabled');
    },
  },
  Chateau: {
    file: 'chateau.rsc', board: 'chateau',
    async facts(c) {
      // Manual "RouterBOARD": RBD53G-5HacD2HnD (Chateau) has a mode button, and the D53 series a WPS button.
      assert.deepEqual(await get(c, '/system/routerboard/mode-button'), BUTTON);
      assert.deepEqual(await get(c, '/system/routerboard/wps-button'), BUTTON);
    },
  },
  RouterBOARD: {
    file: 'routerboard.rsc', board: 'rb3011',
    async facts(c) {
      // Manual "MTU in RouterOS": RB3011 series ether1-ether10:8156, sfp1:8158.
      const mtu = ports(await get(c, '/interface/ethernet?.proplist=name,max-l2mtu'));
      assert.deepEqual([mtu.ether1, mtu.ether10, mtu.sfp1], [{ 'max-l2mtu': '8156' }, { 'max-l2mtu': '8156' }, { 'max-l2mtu': '8158' }]);
      // Its serial console (the export's `/port set 0 name=serial0`): the boot loader's console settings, with the manual's defaults.
      assert.deepEqual(await get(c, '/port?.proplist=name'), [{ name: 'serial0' }]);
      const settings = await get(c, '/system/routerboard/settings');
      assert.deepEqual([settings['baud-rate'], settings['boot-delay'], settings['enter-setup-on']], ['115200', '2s', 'delete-key']);
      // The LCD (manual "LCD Touchscreen"): a record per port to graph, six screens.
      assert.equal((await get(c, '/lcd/interface')).length, 11);
      assert.deepEqual(await get(c, '/lcd/screen?.proplist=timeout'), Array.from({ length: 6 }, () => ({ timeout: '10s' })));
    },
  },
  L009: {
    file: 'l009.rsc', board: 'l009',
    async facts(c) {
      // Manual "MTU in RouterOS": L009 series ether1: 8158; ether2-ether8: 8154; sfp1: 8154.
      const mtu = ports(await get(c, '/interface/ethernet?.proplist=name,max-l2mtu'));
      assert.deepEqual([mtu.ether1, mtu.ether2, mtu.sfp1], [{ 'max-l2mtu': '8158' }, { 'max-l2mtu': '8154' }, { 'max-l2mtu': '8154' }]);
      // Manual "RouterBOARD": preferred-architecture, "specific setting for L009 devices" (default arm32); a mode button.
      assert.equal((await get(c, '/system/routerboard/settings'))['preferred-architecture'], 'arm32');
      assert.deepEqual(await get(c, '/system/routerboard/mode-button'), BUTTON);
    },
  },
  CCR: {
    file: 'ccr.rsc', board: 'ccr2004-16g',
    async facts(c) {
      // Manual "MTU in RouterOS": CCR2004-16G-2S+ ether1-ether16:9582; sfp-sfpplus1-2: 9586.
      const mtu = ports(await get(c, '/interface/ethernet?.proplist=name,max-l2mtu'));
      assert.deepEqual([mtu.ether1, mtu['sfp-sfpplus2']], [{ 'max-l2mtu': '9582' }, { 'max-l2mtu': '9586' }]);
      // RB5009UPr+S+ 7.19.6 and CRS310-8G+2S+ 7.18.2 export verbose (find_string 56336073115, 56605388767): an SFP+ cage's modes.
      const modes = ports(await get(c, '/interface/ethernet?.proplist=name,advertise'));
      assert.equal(modes['sfp-sfpplus1'].advertise, `${GE},1G-baseX,2.5G-baseT,2.5G-baseX,5G-baseT,10G-baseT,10G-baseSR-LR,10G-baseCR`);
      assert.equal(modes.ether1.advertise, GE);
      // The export's `/port set 1 name=serial1`: two serial ports.
      assert.deepEqual(await get(c, '/port?.proplist=name'), [{ name: 'serial0' }, { name: 'serial1' }]);
      // Manual "Health": fan control on CCR2xxx; fan-min-speed-percent 0% before 7.14 (this export's 7.13.5).
      assert.deepEqual(await get(c, '/system/health/settings'), { ...CPU_OVERTEMP, ...FANS, 'fan-min-speed-percent': '0%' });
      // Port isolation of its two Marvell chips: a record per port and per CPU port, up to the export's `set 17`.
      assert.equal((await get(c, '/interface/ethernet/switch/port-isolation')).length, 18);
    },
  },
  CRS: {
    file: 'crs.rsc', board: 'crs518',
    async facts(c) {
      // Manual "MTU in RouterOS": CRS518-16XS-2XQ ether1:2028; sfp28-1 - sfp28-16:10218; qsfp28:10218.
      const mtu = ports(await get(c, '/interface/ethernet?.proplist=name,max-l2mtu'));
      assert.deepEqual([mtu.ether1, mtu['sfp28-16'], mtu['qsfp28-2-4']], [{ 'max-l2mtu': '2028' }, { 'max-l2mtu': '10218' }, { 'max-l2mtu': '10218' }]);
      // The CRS310-8G+2S+ 7.18.2 export verbose: a Prestera switch's ports come with l2mtu=1592.
      assert.equal(ports(await get(c, '/interface/ethernet?.proplist=name,l2mtu'))['sfp28-1'].l2mtu, '1592');
      // Manual "Health": fan control on CRS5xx, 12% from 7.14.
      assert.deepEqual(await get(c, '/system/health/settings'), { ...CPU_OVERTEMP, ...FANS, 'fan-min-speed-percent': '12%' });
      // A CRS310-8G+2S+ 7.18.2 export verbose: the 98DX chips' QoS per port, the CPU's trusting.
      const qos = ports(await get(c, '/interface/ethernet/switch/qos/port?.proplist=name,trust-l2,trust-l3'));
      assert.deepEqual([qos['sfp28-1'], qos['switch1-cpu']], [{ 'trust-l2': 'ignore', 'trust-l3': 'ignore' }, { 'trust-l2': 'keep', 'trust-l3': 'keep' }]);
    },
  },
  netPower: {
    file: 'netpower.rsc', board: 'crs318-poe',
    async facts(c) {
      // Manual "MTU in RouterOS": netPower 16P (CRS318-16P-2S+) ether1-ether16:10218, sfp-sfpplus1-2:10218.
      const mtu = ports(await get(c, '/interface/ethernet?.proplist=name,max-l2mtu'));
      assert.deepEqual([mtu.ether1, mtu['sfp-sfpplus2']], [{ 'max-l2mtu': '10218' }, { 'max-l2mtu': '10218' }]);
      // The export's `/port set 0 name=serial0`.
      assert.deepEqual(await get(c, '/port?.proplist=name'), [{ name: 'serial0' }]);
    },
  },
  SXT: {
    file: 'sxt.rsc', board: 'sxtsq-lite5',
    async facts(c) {
      // Manual "MTU in RouterOS": RB SXT Lite series ether1:2028; a 10/100 port (product page), so Fast Ethernet's modes.
      assert.deepEqual(await get(c, '/interface/ethernet?.proplist=name,max-l2mtu,advertise'), [{ name: 'ether1', 'max-l2mtu': '2028', advertise: FE }]);
      // MIPSBE: no Back To Home, no /system health settings.
      assert.equal((await get(c, '/ip/cloud'))['back-to-home-vpn'], undefined);
      assert.equal(await said(c, '/system health settings print'), 'bad command name settings (line 1 column 16)');
    },
  },
  mAP: {
    file: 'map.rsc', board: 'map-lite',
    async facts(c) {
      // Manual "MTU in RouterOS": RB mAP lite ether1-ether2:2028 (the mAP lite has ether1).
      assert.deepEqual(await get(c, '/interface/ethernet?.proplist=name,max-l2mtu'), [{ name: 'ether1', 'max-l2mtu': '2028' }]);
    },
  },
  CHR: {
    file: 'chr.rsc', board: 'chr',
    async facts(c) {
      // Neither RouterBOOT settings nor RPS (the 7.20.8+ CHR captures lack /system/resource/irq/rps).
      assert.equal(await said(c, '/system routerboard settings print'), 'bad command name settings (line 1 column 21)');
      assert.equal(await said(c, '/system resource irq rps print'), 'bad command name rps (line 1 column 22)');
    },
  },
};

describe('a real export per board family, on a router like the one it came from', () => {
  for (const [family, { file, board, facts }] of Object.entries(FAMILIES)) {
    test(`${family}: ${file}`, async () => {
      const text = fs.readFileSync(path.join(EXPORTS, file), 'utf8');
      const options = likeOptions(text);
      assert.equal(options.board, board);
      const r = await startRouter(options);
      try {
        await facts(client(r.port));
        await run(r.router, '/system reset-configuration no-defaults=yes');
        assert.deepEqual(await refusals(r.router, text), []);
      } finally { await r.stop(); }
    });
  }
});

describe("a package's own records, on a board that has the hardware", () => {
  test('wAP LR (RBwAPR-2nD) with iot: a LoRa gateway record, the eight LoRa servers, the Wiliot server', async () => {
    const r = await startRouter({ board: 'wap-r', packages: ['iot'] });
    try {
      const c = client(r.port);
      // `/iot lora set 0 ... disabled=no` in a wAP LR9 kit's 7.16.2 export: a record per LoRa card, off.
      assert.deepEqual(await get(c, '/iot/lora?.proplist=disabled'), [{ disabled: 'true' }]);
      // The eight `add` lines of every 7.16-7.23 export with the package (find_string 27818061065, 58582469174).
      assert.deepEqual((await get(c, '/iot/lora/servers?.proplist=name')).map((s: { name: string }) => s.name),
        ['TTN-EU', 'TTN-US', 'TTS Cloud (eu1)', 'TTS Cloud (nam1)', 'TTS Cloud (au1)', 'TTN V3 (eu1)', 'TTN V3 (nam1)', 'TTN V3 (au1)']);
      // `set *1 address=mqtt.us-east-2.prod.wiliot.cloud name="Wiliot US East"` in 7.23.1 exports (find_string 62600891494).
      assert.deepEqual(await get(c, '/iot/wiliot/servers?.proplist=name,address'), [{ name: 'Wiliot US East', address: 'mqtt.us-east-2.prod.wiliot.cloud' }]);
      // `no-defaults` takes the LoRa servers away (configuration), not the Wiliot one (the system's).
      await run(r.router, '/system reset-configuration no-defaults=yes');
      assert.deepEqual([(await get(c, '/iot/lora/servers')).length, (await get(c, '/iot/wiliot/servers')).length], [0, 1]);
    } finally { await r.stop(); }
  });
});

describe('the packages an export needs, by the menus its release gives each package (tree/package-menus.json)', () => {
  test('/app is the container package\'s where the release has it; /interface wireless is a package from 7.13', () => {
    assert.deepEqual(packagesNamed('7.22.3', '/app set n8n disabled=no\n'), ['container']);
    // The 7.20.8 capture has no /app: the line names no package (and the router refuses it, as the real one would).
    assert.deepEqual(packagesNamed('7.20.8', '/app set n8n disabled=no\n'), []);
    assert.deepEqual(packagesNamed('7.12.2', '/interface wireless set [ find default-name=wlan1 ] ssid=x\n'), []);
    assert.deepEqual(packagesNamed('7.13.5', '/interface wireless set [ find default-name=wlan1 ] ssid=x\n'), ['wireless']);
    assert.deepEqual(packagesNamed('7.24', '/iot lora servers add name=x\n/zerotier set zt1 disabled=no\n/interface wifi set wifi1 disabled=no\n'), ['iot', 'zerotier']);
  });
});
