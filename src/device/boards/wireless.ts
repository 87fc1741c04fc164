// Home routers and access points with radios: hAP, cAP, wAP, Audience, Chateau, LtAP.
// Specifications from the product pages (mikrotik.com/product/<model>: CPU, memory,
// storage, ports, PoE, USB, wireless chips); model names as their real exports print them
// (corpus: RB952Ui-5ac2nD, RBD52G-5HacD2HnD, RBD53iG-5HacD2HnD, RBwAPG-5HacD2HnD,
// RBD25G-5HPacQD2HPnD, RouterBOARD 941-2nD, cAPGi-5HaxD2HaxD&EG12-EA, L009UiGS-2HaxD);
// wifi1 = 2 GHz or 5 GHz as the exports name them. The driver package each ships with:
// manual "WiFi" (wifi-qcom for 802.11ax, wifi-qcom-ac optional for IPQ-4019/QCA9984 ac boards,
// the wireless package otherwise).

import type { BoardSpec, Lte } from './types.js';

const ARM64 = 'ARM64';
const ARM = 'ARM';
const IPQ6 = { type: 'IPQ-PPE', family: 'ipq' as const };
const IPQ4 = { type: 'Atheros-8327', family: 'atheros' as const };

/** The Quectel EG12-EA of the Chateau LTE12 and cAP ax LTE: /interface/lte/info of a real one. */
const eg12 = (n: number): Lte => ({
  manufacturer: 'Quectel', model: 'EG12-EA', revision: 'EG12EAPAR01A12M4G', latestRevision: 'EG12EAPAR01A14M4G',
  // Made-up identities on the test network 001-01, one per board.
  imei: `86675804012345${n}`, imsi: `00101012345678${(n + 3) % 10}`, uicc: `890010101234567890${(n + 5) % 10}`, operator: 'vrouter mobile',
  mccMnc: '00101', band: 'B3@20Mhz', earfcn: 1300,
});
const eg18 = (n: number): Lte => ({ ...eg12(n), model: 'EG18-EA', revision: 'EG18EAPAR01A07M4G', latestRevision: 'EG18EAPAR01A09M4G' });
const rg502 = (n: number): Lte => ({ ...eg12(n), model: 'RG502Q-EA', revision: 'RG502QEAAAR01A01M4G', latestRevision: 'RG502QEAAAR11A06M4G', band: 'n78@100Mhz' });

type Shared = Omit<BoardSpec, 'key' | 'board' | 'model' | 'product' | 'factoryFirmware'>;
/** The Chateau ac boards (D53G: IPQ-4019, five ports, USB, mode and WPS buttons); each names its radios' driver and its modem. */
const CHATEAU_AC: Omit<Shared, 'radios'> = {
  family: 'Chateau', architecture: 'arm', cpu: ARM, cpuCount: 4, cpuFrequency: 716, memory: 256, storage: 128,
  ports: ['ether1-5'], switches: [{ ...IPQ4, ports: ['ether1-5'] }], usb: 1, firmwareType: 'ipq4000L', defconf: 'router', leds: ['user-led'],
  buttons: ['mode', 'wps'],
};
/** The Chateau ax boards (S53UG: IPQ-8070, a 2.5G ether1, wifi-qcom); each names its modem. */
const CHATEAU_AX: Shared = {
  family: 'Chateau', architecture: 'arm64', cpu: ARM64, cpuCount: 4, cpuFrequency: 1800, memory: 1024, storage: 128,
  ports: ['ether1-5'], switches: [{ ...IPQ6, ports: ['ether1-5'] }], radios: { driver: 'wifi-qcom', bands: ['2ghz', '5ghz'] }, usb: 1,
  firmwareType: 'ipq8070', defconf: 'router', leds: ['user-led'], links: ['ether1:2.5g'], buttons: ['mode', 'wps'],
};

export const WIRELESS: readonly BoardSpec[] = [
  // hAP ax family (mikrotik.com/product/hap_ax2, hap_ax3, hap_ax_lite, hap_ax_s).
  { key: 'hap-ax2', board: 'hAP ax^2', model: 'C52iG-5HaxD2HaxD', family: 'hAP', product: 'hAP ax²', architecture: 'arm64', cpu: ARM64, cpuCount: 4, cpuFrequency: 864, memory: 1024, storage: 128,
    ports: ['ether1-5'], switches: [{ ...IPQ6, ports: ['ether1-5'] }], poeOut: ['ether1'], radios: { driver: 'wifi-qcom', bands: ['5ghz', '2ghz'] }, firmwareType: 'ipq6000', factoryFirmware: '7.8', defconf: 'router', leds: ['user-led'],
    maxL2mtu: ['ether1-5:9214'] },
  { key: 'hap-ax3', board: 'hAP ax^3', model: 'C53UiG+5HPaxD2HPaxD', family: 'hAP', product: 'hAP ax³', architecture: 'arm64', cpu: ARM64, cpuCount: 4, cpuFrequency: 864, memory: 1024, storage: 128,
    ports: ['ether1-5'], switches: [{ ...IPQ6, ports: ['ether1-5'] }], poeOut: ['ether1'], radios: { driver: 'wifi-qcom', bands: ['5ghz', '2ghz'] }, usb: 1, firmwareType: 'ipq6000', factoryFirmware: '7.7', defconf: 'router', leds: ['user-led'],
    maxL2mtu: ['ether1-5:9214'], links: ['ether1:2.5g'], buttons: ['mode', 'wps'] },
  { key: 'hap-ax-lite', board: 'hAP ax lite', model: 'L41G-2axD', family: 'hAP', product: 'hAP ax lite', architecture: 'arm', cpu: ARM, cpuCount: 2, cpuFrequency: 800, memory: 256, storage: 128,
    ports: ['ether1-4'], switches: [{ type: 'QCA-8337', family: 'atheros', ports: ['ether1-4'] }], radios: { driver: 'wifi-qcom', bands: ['2ghz'] }, firmwareType: 'ipq5000', factoryFirmware: '7.13', defconf: 'router', leds: ['user-led'],
    maxL2mtu: ['ether1-4:2026'], buttons: ['mode'] },
  { key: 'hap-ax-s', board: 'hAP ax S', model: 'E62iUGS-2axD5axT', family: 'hAP', product: 'hAP ax S', architecture: 'arm64', cpu: ARM64, cpuCount: 2, cpuFrequency: 950, memory: 512, storage: 128,
    ports: ['ether1-5', 'sfp1'], switches: [{ type: 'EN7562CT', family: 'mediatek', ports: ['ether1-5', 'sfp1'] }], poeOut: ['ether5'], radios: { driver: 'wifi-qcom', bands: ['2ghz', '5ghz'] }, usb: 1, firmwareType: 'en7562', factoryFirmware: '7.18', defconf: 'router', leds: ['sfp-led', 'user-led'] },
  // hAP ac family (mikrotik.com/product/hap_ac2, hap_ac3, RB952Ui-5ac2nD, RB962UiGS-5HacT2HnT).
  { key: 'hap-ac2', board: 'hAP ac^2', model: 'RBD52G-5HacD2HnD', family: 'hAP', product: 'hAP ac²', architecture: 'arm', cpu: ARM, cpuCount: 4, cpuFrequency: 716, memory: 128, storage: 16,
    ports: ['ether1-5'], switches: [{ ...IPQ4, ports: ['ether1-5'] }], radios: { driver: 'wireless', bands: ['2ghz', '5ghz'] }, usb: 1, firmwareType: 'ipq4000L', factoryFirmware: '6.41', defconf: 'router', leds: ['user-led'],
    maxL2mtu: ['ether1-5:9124'], buttons: ['mode'] },
  { key: 'hap-ac3', board: 'hAP ac^3', model: 'RBD53iG-5HacD2HnD', family: 'hAP', product: 'hAP ac³', architecture: 'arm', cpu: ARM, cpuCount: 4, cpuFrequency: 716, memory: 256, storage: 128,
    ports: ['ether1-5'], switches: [{ ...IPQ4, ports: ['ether1-5'] }], poeOut: ['ether5'], radios: { driver: 'wifi-qcom-ac', bands: ['2ghz', '5ghz'] }, usb: 1, firmwareType: 'ipq4000L', factoryFirmware: '6.47', defconf: 'router', leds: ['user-led'],
    buttons: ['mode', 'wps'] },
  { key: 'hap-ac', board: 'hAP ac', model: 'RB962UiGS-5HacT2HnT', family: 'hAP', product: 'hAP ac', architecture: 'mipsbe', cpu: 'MIPS 74Kc V5.0', cpuCount: 1, cpuFrequency: 720, memory: 128, storage: 16,
    ports: ['ether1-5', 'sfp1'], switches: [{ type: 'Atheros-8327', family: 'atheros', ports: ['ether1-5', 'sfp1'] }], poeOut: ['ether5'], radios: { driver: 'wireless', bands: ['2ghz', '5ghz'] }, usb: 1, firmwareType: 'qca9550L', factoryFirmware: '6.34', defconf: 'router', leds: ['user-led'],
    maxL2mtu: ['ether1-5:4074', 'sfp1:4076'] },
  { key: 'hap-ac-lite', board: 'hAP ac lite', model: 'RB952Ui-5ac2nD', family: 'hAP', product: 'hAP ac lite', architecture: 'mipsbe', cpu: 'MIPS 24Kc V7.4', cpuCount: 1, cpuFrequency: 650, memory: 64, storage: 16,
    ports: ['ether1-5'], switches: [{ type: 'Atheros-8227', family: 'atheros', ports: ['ether1-5'] }], poeOut: ['ether5'], radios: { driver: 'wireless', bands: ['2ghz', '5ghz'] }, usb: 1, firmwareType: 'qca9530L', factoryFirmware: '6.34', defconf: 'router', leds: ['user-led'],
    maxL2mtu: ['ether1-5:2028'], links: ['ether1-5:fe'] },
  { key: 'hap-lite', board: 'hAP lite', model: 'RouterBOARD 941-2nD', family: 'hAP', product: 'hAP lite (RB941-2nD)', architecture: 'smips', cpu: 'MIPS 24Kc V7.4', cpuCount: 1, cpuFrequency: 650, memory: 32, storage: 16,
    ports: ['ether1-4'], switches: [{ type: 'Atheros-8227', family: 'atheros', ports: ['ether1-4'] }], radios: { driver: 'wireless', bands: ['2ghz'] }, firmwareType: 'qca9530L', factoryFirmware: '6.29', defconf: 'router', leds: ['user-led'],
    maxL2mtu: ['ether1-4:2028'], links: ['ether1-4:fe'] },
  { key: 'hap', board: 'hAP', model: 'RB951Ui-2nD', family: 'hAP', product: 'hAP (RB951Ui-2nD)', architecture: 'mipsbe', cpu: 'MIPS 24Kc V7.4', cpuCount: 1, cpuFrequency: 650, memory: 64, storage: 16,
    ports: ['ether1-5'], switches: [{ type: 'Atheros-8227', family: 'atheros', ports: ['ether1-5'] }], poeOut: ['ether5'], radios: { driver: 'wireless', bands: ['2ghz'] }, usb: 1, firmwareType: 'qca9530L', factoryFirmware: '6.29', defconf: 'router', leds: ['user-led'],
    maxL2mtu: ['ether1-5:2028'], links: ['ether1-5:fe'] },
  { key: 'hap-mini', board: 'hAP mini', model: 'RB931-2nD', family: 'hAP', product: 'hAP mini', architecture: 'smips', cpu: 'MIPS 24Kc V7.4', cpuCount: 1, cpuFrequency: 650, memory: 32, storage: 16,
    ports: ['ether1-3'], switches: [{ type: 'Atheros-8227', family: 'atheros', ports: ['ether1-3'] }], radios: { driver: 'wireless', bands: ['2ghz'] }, firmwareType: 'qca9530L', factoryFirmware: '6.34', defconf: 'router', leds: ['user-led'],
    links: ['ether1-3:fe'] },
  // Audience (mikrotik.com/product/audience): three radios, tri-band mesh.
  { key: 'audience', board: 'Audience', model: 'RBD25G-5HPacQD2HPnD', family: 'RouterBOARD', product: 'Audience', architecture: 'arm', cpu: ARM, cpuCount: 4, cpuFrequency: 716, memory: 256, storage: 128,
    ports: ['ether1-2'], radios: { driver: 'wireless', bands: ['2ghz', '5ghz', '5ghz'] }, firmwareType: 'ipq4000L', factoryFirmware: '6.42', defconf: 'router', leds: ['user-led'] },
  // cAP family (mikrotik.com/product/cap_ax, cap_ac, RBcAPL-2nD): defconf of an access point.
  { key: 'cap-ax', board: 'cAP ax', model: 'cAPGi-5HaxD2HaxD', family: 'cAP', product: 'cAP ax', architecture: 'arm64', cpu: ARM64, cpuCount: 4, cpuFrequency: 864, memory: 1024, storage: 128,
    ports: ['ether1-2'], switches: [{ ...IPQ6, ports: ['ether1-2'] }], poeOut: ['ether2'], radios: { driver: 'wifi-qcom', bands: ['5ghz', '2ghz'] }, firmwareType: 'ipq6000', factoryFirmware: '7.10', defconf: 'ap', leds: ['user-led'],
    buttons: ['mode'] },
  { key: 'cap-ax-lte', board: 'cAP ax', model: 'cAPGi-5HaxD2HaxD&EG12-EA', family: 'cAP', product: 'cAP ax LTE', architecture: 'arm64', cpu: ARM64, cpuCount: 4, cpuFrequency: 1400, memory: 1024, storage: 1024,
    ports: ['ether1-2'], switches: [{ ...IPQ6, ports: ['ether1-2'] }], radios: { driver: 'wifi-qcom', bands: ['5ghz', '2ghz'] }, lte: eg12(7), firmwareType: 'ipq6000', factoryFirmware: '7.15', defconf: 'router', leds: ['user-led'],
    buttons: ['mode'] },
  // A cAP ac's defconf is RouterMode (pastebin VjnCpGX8, a 6.45.8 export of one on defconf: WAN
  // ether1, bridge of ether2 wlan1 wlan2; routeros-facts.md 52.2).
  { key: 'cap-ac', board: 'cAP ac', model: 'RBcAPGi-5acD2nD', family: 'cAP', product: 'cAP ac', architecture: 'arm', cpu: ARM, cpuCount: 4, cpuFrequency: 716, memory: 128, storage: 16,
    ports: ['ether1-2'], switches: [{ ...IPQ4, ports: ['ether1-2'] }], poeOut: ['ether2'], radios: { driver: 'wireless', bands: ['2ghz', '5ghz'] }, firmwareType: 'ipq4000L', factoryFirmware: '6.41', defconf: 'router', leds: ['user-led'],
    maxL2mtu: ['ether1-2:9124'], buttons: ['mode'] },
  { key: 'cap-lite', board: 'cAP lite', model: 'RBcAPL-2nD', family: 'cAP', product: 'cAP lite', architecture: 'smips', cpu: 'MIPS 24Kc V7.4', cpuCount: 1, cpuFrequency: 650, memory: 32, storage: 16,
    ports: ['ether1'], radios: { driver: 'wireless', bands: ['2ghz'] }, firmwareType: 'qca9530L', factoryFirmware: '6.34', defconf: 'ap', leds: ['user-led'],
    maxL2mtu: ['ether1:2028'], links: ['ether1:fe'] },
  // wAP family (mikrotik.com/product/wap_ax, wap_ac, RBwAP2nD, wap_lte_kit): outdoor access points.
  { key: 'wap-ax', board: 'wAP ax', model: 'wAPG-5HaxD2HaxD', family: 'wAP', product: 'wAP ax', architecture: 'arm64', cpu: ARM64, cpuCount: 4, cpuFrequency: 864, memory: 512, storage: 128,
    ports: ['ether1'], radios: { driver: 'wifi-qcom', bands: ['5ghz', '2ghz'] }, firmwareType: 'ipq6000', factoryFirmware: '7.13', defconf: 'ap', leds: ['user-led'] },
  // Two ports, ether1 PoE in and ether2 PoE out (corpus: kaihendry outside.rsc, simsrw73 wapac.rsc bridge ether2).
  { key: 'wap-ac', board: 'wAP ac', model: 'RBwAPG-5HacD2HnD', family: 'wAP', product: 'wAP ac', architecture: 'arm', cpu: ARM, cpuCount: 4, cpuFrequency: 716, memory: 128, storage: 16,
    ports: ['ether1-2'], switches: [{ ...IPQ4, ports: ['ether1-2'] }], poeOut: ['ether2'], radios: { driver: 'wireless', bands: ['2ghz', '5ghz'] }, firmwareType: 'ipq4000L', factoryFirmware: '6.43', defconf: 'ap', leds: ['user-led'] },
  { key: 'wap', board: 'wAP', model: 'RBwAP2nD', family: 'wAP', product: 'wAP', architecture: 'mipsbe', cpu: 'MIPS 24Kc V7.4', cpuCount: 1, cpuFrequency: 650, memory: 64, storage: 16,
    ports: ['ether1'], radios: { driver: 'wireless', bands: ['2ghz'] }, firmwareType: 'qca9530L', factoryFirmware: '6.34', defconf: 'ap', leds: ['user-led'],
    maxL2mtu: ['ether1:2028'], links: ['ether1:fe'] },
  { key: 'wap-lte', board: 'wAP LTE', model: 'RBwAPR-2nD&R11e-LTE', family: 'wAP', product: 'wAP LTE kit', architecture: 'mipsbe', cpu: 'MIPS 24Kc V7.4', cpuCount: 1, cpuFrequency: 650, memory: 64, storage: 16,
    ports: ['ether1'], radios: { driver: 'wireless', bands: ['2ghz'] }, lte: { ...eg12(3), manufacturer: 'MikroTik', model: 'R11e-LTE', revision: 'MikroTik_CP_2.160.000_v018', latestRevision: 'MikroTik_CP_2.160.000_v020' }, firmwareType: 'qca9530L', factoryFirmware: '6.41', defconf: 'router', leds: ['user-led'],
    maxL2mtu: ['ether1:2028'], links: ['ether1:fe'] },
  // Chateau family (mikrotik.com/product/chateau_lte12, chateau_5g, chateau_lte18_ax): LTE modem as WAN.
  { ...CHATEAU_AC, key: 'chateau-lte12', board: 'Chateau LTE12', model: 'D53G-5HacD2HnD-TC&EG12-EA', product: 'Chateau LTE12',
    radios: { driver: 'wifi-qcom-ac', bands: ['2ghz', '5ghz'] }, lte: eg12(6), factoryFirmware: '6.46' },
  { ...CHATEAU_AC, key: 'chateau-5g', board: 'Chateau 5G', model: 'D53G-5HacD2HnD-TC&RG502Q-EA', product: 'Chateau 5G',
    radios: { driver: 'wifi-qcom-ac', bands: ['2ghz', '5ghz'] }, lte: rg502(4), factoryFirmware: '7.1' },
  // Its model as a 7.21.3 export prints it (`# model = S53UG+5HaxD2HaxD`, find_string 53423868857).
  { ...CHATEAU_AX, key: 'chateau-lte18-ax', board: 'Chateau LTE18 ax', model: 'S53UG+5HaxD2HaxD', product: 'Chateau LTE18 ax', lte: eg18(5), factoryFirmware: '7.14' },
  // Models real 7.x exports name (`# model =` lines; docs/routeros-facts.md 51.1), their
  // hardware from the product pages (mikrotik.com/product/<model>) and the manual's MTU table.
  // hAP ax lite LTE6 (7.16.2 and 7.20.6 exports, find_string 15192245849, 59959603084).
  { key: 'hap-ax-lite-lte6', board: 'hAP ax lite', model: 'L41G-2axD&FG621-EA', family: 'hAP', product: 'hAP ax lite LTE6', architecture: 'arm', cpu: ARM, cpuCount: 2, cpuFrequency: 800, memory: 256, storage: 128,
    ports: ['ether1-4'], switches: [{ type: 'QCA-8337', family: 'atheros', ports: ['ether1-4'] }], radios: { driver: 'wifi-qcom', bands: ['2ghz'] },
    lte: { ...eg12(8), model: 'FG621-EA', revision: 'FG621EAV1.0.0', latestRevision: 'FG621EAV1.0.1' }, firmwareType: 'ipq5000', factoryFirmware: '7.13', defconf: 'router', leds: ['user-led'],
    maxL2mtu: ['ether1-4:2026'], buttons: ['mode'] },
  // Chateau (D53G-5HacD2HnD, a 7.24.4 export, find_string 69352470082, its radios on the wireless package).
  { ...CHATEAU_AC, key: 'chateau', board: 'Chateau', model: 'D53G-5HacD2HnD', product: 'Chateau (D53G-5HacD2HnD)',
    radios: { driver: 'wireless', bands: ['2ghz', '5ghz'] }, lte: eg12(9), factoryFirmware: '6.46' },
  // A Chateau ax with a 5G modem in its M.2 slot (S53UG+M-5HaxD2HaxD: 7.20 and 7.21.3 exports,
  // find_string 67240083292, 54839686015; the modem takes `nr-band`).
  { ...CHATEAU_AX, key: 'chateau-5g-ax', board: 'Chateau 5G ax', model: 'S53UG+M-5HaxD2HaxD', product: 'Chateau 5G ax', lte: rg502(10), factoryFirmware: '7.15' },
  // wAP ac LTE kits: RBwAPGR-5HacD2HnD (7.10.1 and 7.13 exports, find_string 69223360013,
  // 25452693052, on the wifi-qcom-ac package) and its successor wAPGR-5HacD2HnD (a 7.18.2 export,
  // find_string 38358909836, which bridges ether2).
  { key: 'wap-ac-lte', board: 'wAP ac LTE', model: 'RBwAPGR-5HacD2HnD', family: 'wAP', product: 'wAP ac LTE kit', architecture: 'arm', cpu: ARM, cpuCount: 4, cpuFrequency: 716, memory: 128, storage: 16,
    ports: ['ether1'], radios: { driver: 'wireless', bands: ['2ghz', '5ghz'] }, lte: { ...eg12(11), manufacturer: 'MikroTik', model: 'R11e-LTE6', revision: 'MikroTik_CP_2.160.000_v010', latestRevision: 'MikroTik_CP_2.160.000_v012' },
    firmwareType: 'ipq4000L', factoryFirmware: '6.45', defconf: 'ap', leds: ['user-led'] },
  { key: 'wap-ac-lte-2', board: 'wAP ac LTE', model: 'wAPGR-5HacD2HnD', family: 'wAP', product: 'wAP ac LTE kit (wAPGR-5HacD2HnD)', architecture: 'arm', cpu: ARM, cpuCount: 4, cpuFrequency: 716, memory: 256, storage: 128,
    ports: ['ether1-2'], radios: { driver: 'wireless', bands: ['2ghz', '5ghz'] }, lte: { ...eg12(12), model: 'EC200A-EU', revision: 'EC200AEUHAR01A03M16', latestRevision: 'EC200AEUHAR01A05M16' },
    firmwareType: 'ipq4000L', factoryFirmware: '7.15', defconf: 'ap', leds: ['user-led'] },
  // wAP R (RBwAPR-2nD, a 7.16.2 export of a LoRa kit, find_string 45459431097: `/iot lora set 0`).
  { key: 'wap-r', board: 'wAP R', model: 'RBwAPR-2nD', family: 'wAP', product: 'wAP R (LR9 kit)', architecture: 'mipsbe', cpu: 'MIPS 24Kc V7.4', cpuCount: 1, cpuFrequency: 650, memory: 64, storage: 16,
    ports: ['ether1'], radios: { driver: 'wireless', bands: ['2ghz'] }, firmwareType: 'qca9530L', factoryFirmware: '6.45', defconf: 'ap', leds: ['user-led'],
    maxL2mtu: ['ether1:2028'], links: ['ether1:fe'], lora: true, packages: ['iot'] },
  // mAP lite (RBmAPL-2nD, a 7.23.1 export, find_string 55599023932).
  { key: 'map-lite', board: 'mAP lite', model: 'RBmAPL-2nD', family: 'mAP', product: 'mAP lite', architecture: 'smips', cpu: 'MIPS 24Kc V7.4', cpuCount: 1, cpuFrequency: 650, memory: 64, storage: 16,
    ports: ['ether1'], radios: { driver: 'wireless', bands: ['2ghz'] }, firmwareType: 'qca9530L', factoryFirmware: '6.36', defconf: 'ap', leds: ['user-led'],
    maxL2mtu: ['ether1:2028'], links: ['ether1:fe'] },
  // Outdoor CPEs. SXTsq Lite2 and Lite5 (RBSXTsq2nD 7.21.2, RBSXTsq5nD 7.4.1 exports, find_string
  // 27818061065, 66436815248). Their default configuration (a CPE: wlan1 a station with the WAN
  // DHCP client) is not emulated: they come up as access points (routeros-facts.md 51.1).
  { key: 'sxtsq-lite2', board: 'SXTsq Lite2', model: 'RBSXTsq2nD', family: 'SXT', product: 'SXTsq Lite2', architecture: 'mipsbe', cpu: 'MIPS 24Kc V7.4', cpuCount: 1, cpuFrequency: 650, memory: 64, storage: 16,
    ports: ['ether1'], radios: { driver: 'wireless', bands: ['2ghz'] }, firmwareType: 'qca9530L', factoryFirmware: '6.38', defconf: 'ap', leds: ['user-led'],
    maxL2mtu: ['ether1:2028'], links: ['ether1:fe'] },
  { key: 'sxtsq-lite5', board: 'SXTsq Lite5', model: 'RBSXTsq5nD', family: 'SXT', product: 'SXTsq Lite5', architecture: 'mipsbe', cpu: 'MIPS 24Kc V7.4', cpuCount: 1, cpuFrequency: 650, memory: 64, storage: 16,
    ports: ['ether1'], radios: { driver: 'wireless', bands: ['5ghz'] }, firmwareType: 'qca9530L', factoryFirmware: '6.38', defconf: 'ap', leds: ['user-led'],
    maxL2mtu: ['ether1:2028'], links: ['ether1:fe'] },
  // LtAP mini (RB912R-2nD, a 7.15.2 export, find_string 12056607351): GPS, a mode button.
  { key: 'ltap-mini', board: 'LtAP mini', model: 'RB912R-2nD', family: 'RouterBOARD', product: 'LtAP mini', architecture: 'mipsbe', cpu: 'MIPS 24Kc V7.4', cpuCount: 1, cpuFrequency: 650, memory: 64, storage: 16,
    ports: ['ether1'], radios: { driver: 'wireless', bands: ['2ghz'] }, firmwareType: 'qca9530L', factoryFirmware: '6.40', defconf: 'router', leds: ['user-led'],
    maxL2mtu: ['ether1:2028'], links: ['ether1:fe'], buttons: ['mode'], packages: ['gps'] },
  // LtAP ax (L23UGSR-5HaxD2HaxD, a 7.17 export, find_string 14983641772): ether1 and an SFP cage.
  { key: 'ltap-ax', board: 'LtAP ax', model: 'L23UGSR-5HaxD2HaxD', family: 'RouterBOARD', product: 'LtAP ax', architecture: 'arm64', cpu: ARM64, cpuCount: 4, cpuFrequency: 864, memory: 1024, storage: 128,
    ports: ['ether1', 'sfp1'], radios: { driver: 'wifi-qcom', bands: ['2ghz', '5ghz'] }, usb: 1, firmwareType: 'ipq6000', factoryFirmware: '7.15', defconf: 'router', leds: ['user-led'], packages: ['gps'] },
  // LtAP (mikrotik.com/product/ltap): GPS, serial, mini-PCIe LTE slot.
  { key: 'ltap', board: 'LtAP', model: 'RBLtAP-2HnD', family: 'RouterBOARD', product: 'LtAP', architecture: 'mipsbe', cpu: 'MIPS 24Kc V7.4', cpuCount: 1, cpuFrequency: 650, memory: 128, storage: 16,
    ports: ['ether1'], radios: { driver: 'wireless', bands: ['2ghz'] }, usb: 1, serial: 1, firmwareType: 'qca9530L', factoryFirmware: '6.44', defconf: 'router', leds: ['user-led'], packages: ['gps'] },
];
