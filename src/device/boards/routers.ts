// Wired RouterBOARDs, CCRs and the L009: ports, CPU, memory and storage from the
// manufacturer's product pages and block diagrams (mikrotik.com/product/<model>, "Specifications"
// and "Block diagram"); the model and board names as /system/routerboard and /system/resource
// print them from real exports of the corpus (`# model = ...`: RB5009UG+S+, RB5009UPr+S+,
// RB750Gr3, CCR2004-1G-12S+2XS, CCR2116-12G-4S+, L009UiGS-2HaxD) and the manual's
// "RouterBOARD" page; serial ports from the exports' `/port set 0 name=serial0` lines
// (CCR2004, CCR2116, L009) and the block diagrams' RJ45 serial console.

import type { BoardSpec } from './types.js';

const ARM64 = 'ARM64';
const ARM = 'ARM';
const FAN: BoardSpec['health'] = [{ name: 'fan1-speed', type: 'RPM', value: '4230' }, { name: 'fan2-speed', type: 'RPM', value: '4170' }];
const PSU: BoardSpec['health'] = [{ name: 'psu1-state', type: '', value: 'ok' }, { name: 'psu2-state', type: '', value: 'fail' }];

export const ROUTERS: readonly BoardSpec[] = [
  // hEX family (mikrotik.com/product/hex, hex_s, hex_poe, hex_lite, hex_refresh).
  { key: 'hex-lite', board: 'hEX lite', model: 'RB750r2', family: 'RouterBOARD', product: 'hEX lite (RB750r2)', architecture: 'mipsbe', cpu: 'MIPS 24Kc V7.4', cpuCount: 1, cpuFrequency: 650, memory: 64, storage: 16,
    ports: ['ether1-5'], switches: [{ type: 'Atheros-8227', family: 'atheros', ports: ['ether1-5'] }], firmwareType: 'qca9530L', factoryFirmware: '6.40.5', defconf: 'router', leds: ['user-led'],
    maxL2mtu: ['ether1-5:2028'], links: ['ether1-5:fe'] },
  { key: 'hex', board: 'hEX', model: 'RB750Gr3', family: 'RouterBOARD', product: 'hEX (RB750Gr3)', architecture: 'mmips', cpu: 'MIPS 1004Kc V2.15', cpuCount: 4, cpuFrequency: 880, memory: 256, storage: 16,
    ports: ['ether1-5'], switches: [{ type: 'MT7621', family: 'mediatek', ports: ['ether1-5'] }], usb: 1, sd: true, firmwareType: 'mt7621L', factoryFirmware: '6.40.5', defconf: 'router', leds: ['user-led'],
    maxL2mtu: ['ether1-5:2026'], buttons: ['mode'] },
  { key: 'hex-s', board: 'hEX S', model: 'RB760iGS', family: 'RouterBOARD', product: 'hEX S (RB760iGS)', architecture: 'mmips', cpu: 'MIPS 1004Kc V2.15', cpuCount: 4, cpuFrequency: 880, memory: 256, storage: 16,
    ports: ['ether1-5', 'sfp1'], switches: [{ type: 'MT7621', family: 'mediatek', ports: ['ether1-5', 'sfp1'] }], poeOut: ['ether5'], usb: 1, sd: true, firmwareType: 'mt7621L', factoryFirmware: '6.42.1', defconf: 'router', leds: ['sfp-led', 'user-led'],
    maxL2mtu: ['ether1-5:2026', 'sfp1:2026'], buttons: ['mode'] },
  { key: 'hex-poe', board: 'hEX PoE', model: 'RB960PGS', family: 'RouterBOARD', product: 'hEX PoE (RB960PGS)', architecture: 'mipsbe', cpu: 'MIPS 74Kc V5.0', cpuCount: 1, cpuFrequency: 800, memory: 128, storage: 16,
    ports: ['ether1-5', 'sfp1'], switches: [{ type: 'Atheros-8327', family: 'atheros', ports: ['ether1-5', 'sfp1'] }], poeOut: ['ether2-5'], usb: 1, firmwareType: 'qca9550L', factoryFirmware: '6.34.4', defconf: 'router', leds: ['sfp-led', 'user-led'],
    health: [{ name: 'poe-out-current', type: 'mA', value: '0' }],
    maxL2mtu: ['ether1-5:4074', 'sfp1:4076'] },
  { key: 'hex-refresh', board: 'hEX', model: 'E50UG', family: 'RouterBOARD', product: 'hEX refresh (E50UG)', architecture: 'arm64', cpu: ARM64, cpuCount: 2, cpuFrequency: 950, memory: 512, storage: 128,
    ports: ['ether1-5'], switches: [{ type: 'EN7562CT', family: 'mediatek', ports: ['ether1-5'] }], usb: 1, firmwareType: 'en7562', factoryFirmware: '7.16.2', defconf: 'router', leds: ['user-led'],
    maxL2mtu: ['ether1:2048', 'ether2-5:2026'], buttons: ['mode'] },
  // RB5009 (mikrotik.com/product/rb5009ug_s_in, rb5009upr_s_in): 88F7040, 88E6393X switch, ether1 2.5G.
  { key: 'rb5009', board: 'RB5009UG+S+', model: 'RB5009UG+S+', family: 'RouterBOARD', product: 'RB5009UG+S+IN', architecture: 'arm64', cpu: ARM64, cpuCount: 4, cpuFrequency: 1400, memory: 1024, storage: 1024,
    ports: ['ether1-8', 'sfp-sfpplus1'], switches: [{ type: '88E6393X', family: 'marvell', ports: ['ether1-8', 'sfp-sfpplus1'] }], usb: 1, firmwareType: '70x0', factoryFirmware: '7.1', defconf: 'router', leds: ['sfp-sfpplus1-led', 'user-led'],
    l2mtu: 1514, maxL2mtu: ['ether1-8:9796', 'sfp-sfpplus1:9796'], links: ['ether1:2.5g'], irqs: 16 },
  { key: 'rb5009-poe', board: 'RB5009UPr+S+', model: 'RB5009UPr+S+', family: 'RouterBOARD', product: 'RB5009UPr+S+IN', architecture: 'arm64', cpu: ARM64, cpuCount: 4, cpuFrequency: 1400, memory: 1024, storage: 1024,
    ports: ['ether1-8', 'sfp-sfpplus1'], switches: [{ type: '88E6393X', family: 'marvell', ports: ['ether1-8', 'sfp-sfpplus1'] }], poeOut: ['ether1-8'], usb: 1, firmwareType: '70x0', factoryFirmware: '7.6', defconf: 'router', leds: ['sfp-sfpplus1-led', 'user-led'],
    health: [{ name: 'poe-out-consumption', type: 'W', value: '0' }, { name: 'jack-voltage', type: 'V', value: '0' }, { name: '2pin-voltage', type: 'V', value: '0' }, { name: 'poe-in-voltage', type: 'V', value: '53.1' }],
    l2mtu: 1514, maxL2mtu: ['ether1-8:9796', 'sfp-sfpplus1:9796'], links: ['ether1:2.5g'], irqs: 16 },
  // RB4011 (mikrotik.com/product/rb4011igs_rm, rb4011igs_5hacq2hnd_in): AL21400, two RTL8367 switches.
  { key: 'rb4011', board: 'RB4011iGS+', model: 'RB4011iGS+', family: 'RouterBOARD', product: 'RB4011iGS+RM', architecture: 'arm', cpu: ARM, cpuCount: 4, cpuFrequency: 1400, memory: 1024, storage: 512,
    ports: ['ether1-10', 'sfp-sfpplus1'], switches: [{ type: 'RTL8367', family: 'realtek', ports: ['ether1-5'] }, { type: 'RTL8367', family: 'realtek', ports: ['ether6-10'] }], poeOut: ['ether10'], firmwareType: 'al2', factoryFirmware: '6.43', defconf: 'router', leds: ['sfp-sfpplus1-led', 'user-led'],
    health: [{ name: 'fan1-speed', type: 'RPM', value: '0' }],
    serial: 2, maxL2mtu: ['ether1-10:9578', 'sfp-sfpplus1:9982'] },
  { key: 'rb4011-wifi', board: 'RB4011iGS+5HacQ2HnD', model: 'RB4011iGS+5HacQ2HnD', family: 'RouterBOARD', product: 'RB4011iGS+5HacQ2HnD-IN', architecture: 'arm', cpu: ARM, cpuCount: 4, cpuFrequency: 1400, memory: 1024, storage: 512,
    ports: ['ether1-10', 'sfp-sfpplus1'], switches: [{ type: 'RTL8367', family: 'realtek', ports: ['ether1-5'] }, { type: 'RTL8367', family: 'realtek', ports: ['ether6-10'] }], poeOut: ['ether10'], radios: { driver: 'wireless', bands: ['5ghz', '2ghz'] }, firmwareType: 'al2', factoryFirmware: '6.44', defconf: 'router', leds: ['sfp-sfpplus1-led', 'user-led'],
    serial: 2, maxL2mtu: ['ether1-10:9578', 'sfp-sfpplus1:9982'] },
  // RB3011 (mikrotik.com/product/RB3011UiAS-RM): IPQ8064, two QCA8337 switches, LCD, serial console.
  { key: 'rb3011', board: 'RB3011UiAS', model: 'RB3011UiAS', family: 'RouterBOARD', product: 'RB3011UiAS-RM', architecture: 'arm', cpu: ARM, cpuCount: 2, cpuFrequency: 1400, memory: 1024, storage: 128,
    ports: ['ether1-10', 'sfp1'], switches: [{ type: 'QCA-8337', family: 'atheros', ports: ['ether1-5', 'sfp1'] }, { type: 'QCA-8337', family: 'atheros', ports: ['ether6-10'] }], poeOut: ['ether10'], usb: 1, lcd: true, serial: 1, firmwareType: 'ipq8060', factoryFirmware: '6.30', defconf: 'router', leds: ['sfp-led', 'user-led'],
    maxL2mtu: ['ether1-10:8156', 'sfp1:8158'] },
  // RB2011 (mikrotik.com/product/RB2011UiAS-RM, RB2011UiAS-2HnD-IN): AR9344, AR8327 + AR8227, LCD.
  { key: 'rb2011', board: 'RB2011UiAS', model: 'RB2011UiAS', family: 'RouterBOARD', product: 'RB2011UiAS-RM', architecture: 'mipsbe', cpu: 'MIPS 74Kc V4.12', cpuCount: 1, cpuFrequency: 600, memory: 128, storage: 128,
    ports: ['ether1-10', 'sfp1'], switches: [{ type: 'Atheros-8327', family: 'atheros', ports: ['ether1-5', 'sfp1'] }, { type: 'Atheros-8227', family: 'atheros', ports: ['ether6-10'] }], poeOut: ['ether10'], usb: 1, lcd: true, serial: 1, firmwareType: 'ar9344', factoryFirmware: '6.0', defconf: 'router', leds: ['sfp-led', 'user-led'],
    maxL2mtu: ['ether1-5:4074', 'ether6-10:2028', 'sfp1:4074'], links: ['ether6-10:fe'] },
  { key: 'rb2011-wifi', board: 'RB2011UiAS-2HnD', model: 'RB2011UiAS-2HnD', family: 'RouterBOARD', product: 'RB2011UiAS-2HnD-IN', architecture: 'mipsbe', cpu: 'MIPS 74Kc V4.12', cpuCount: 1, cpuFrequency: 600, memory: 128, storage: 128,
    ports: ['ether1-10', 'sfp1'], switches: [{ type: 'Atheros-8327', family: 'atheros', ports: ['ether1-5', 'sfp1'] }, { type: 'Atheros-8227', family: 'atheros', ports: ['ether6-10'] }], poeOut: ['ether10'], radios: { driver: 'wireless', bands: ['2ghz'] }, usb: 1, lcd: true, serial: 1, firmwareType: 'ar9344', factoryFirmware: '6.0', defconf: 'router', leds: ['sfp-led', 'user-led'],
    maxL2mtu: ['ether1-5:4074', 'ether6-10:2028', 'sfp1:4074'], links: ['ether6-10:fe'] },
  // RB1100AHx4 (mikrotik.com/product/rb1100ahx4): AL21400, three RTL8367 switches, serial console, SATA.
  { key: 'rb1100', board: 'RB1100AHx4', model: 'RB1100x4', family: 'RouterBOARD', product: 'RB1100AHx4', architecture: 'arm', cpu: ARM, cpuCount: 4, cpuFrequency: 1400, memory: 1024, storage: 128,
    ports: ['ether1-13'], switches: [{ type: 'RTL8367', family: 'realtek', ports: ['ether1-5'] }, { type: 'RTL8367', family: 'realtek', ports: ['ether6-10'] }], serial: 1, sata: 1, firmwareType: 'al2', factoryFirmware: '6.43', defconf: 'ccr', leds: ['user-led'],
    health: [...PSU] },
  // RB450Gx4 (mikrotik.com/product/rb450gx4): IPQ4019, serial console, microSD.
  { key: 'rb450gx4', board: 'RB450Gx4', model: 'RB450Gx4', family: 'RouterBOARD', product: 'RB450Gx4', architecture: 'arm', cpu: ARM, cpuCount: 4, cpuFrequency: 716, memory: 1024, storage: 512,
    ports: ['ether1-5'], switches: [{ type: 'IPQ-ESS', family: 'ipq', ports: ['ether2-5'] }], serial: 1, sd: true, firmwareType: 'ipq4000L', factoryFirmware: '6.43', defconf: 'router', leds: ['user-led'],
    maxL2mtu: ['ether1-5:9214'] },
  // RBM33G (mikrotik.com/product/rbm33g): MT7621, three M.2/mPCIe slots, serial header.
  { key: 'rbm33g', board: 'RBM33G', model: 'RBM33G', family: 'RouterBOARD', product: 'RBM33G', architecture: 'mmips', cpu: 'MIPS 1004Kc V2.15', cpuCount: 4, cpuFrequency: 880, memory: 256, storage: 16,
    ports: ['ether1-3'], switches: [{ type: 'MT7621', family: 'mediatek', ports: ['ether1-3'] }], usb: 1, m2: 1, sd: true, serial: 1, firmwareType: 'mt7621L', factoryFirmware: '6.40.5', defconf: 'router', leds: ['user-led'],
    maxL2mtu: ['ether1-3:2026'] },
  // L009 (mikrotik.com/product/l009uigs_rm, l009uigs_2haxd_in): IPQ5018, ether8 PoE out, serial console.
  { key: 'l009', board: 'L009UiGS', model: 'L009UiGS-2HaxD', family: 'L009', product: 'L009UiGS-2HaxD-IN', architecture: 'arm', cpu: ARM, cpuCount: 2, cpuFrequency: 800, memory: 512, storage: 128,
    ports: ['ether1-8', 'sfp1'], switches: [{ type: 'QCA-8337', family: 'atheros', ports: ['ether2-8'] }], poeOut: ['ether8'], radios: { driver: 'wifi-qcom', bands: ['2ghz'] }, usb: 1, serial: 1, firmwareType: 'ipq5000', factoryFirmware: '7.11', defconf: 'router', leds: ['sfp1-led', 'user-led'],
    maxL2mtu: ['ether1:8158', 'ether2-8:8154', 'sfp1:8154'], links: ['ether1:2.5g'], buttons: ['mode'] },
  { key: 'l009-rm', board: 'L009UiGS', model: 'L009UiGS', family: 'L009', product: 'L009UiGS-RM', architecture: 'arm', cpu: ARM, cpuCount: 2, cpuFrequency: 800, memory: 512, storage: 128,
    ports: ['ether1-8', 'sfp1'], switches: [{ type: 'QCA-8337', family: 'atheros', ports: ['ether2-8'] }], poeOut: ['ether8'], usb: 1, serial: 1, firmwareType: 'ipq5000', factoryFirmware: '7.11', defconf: 'router', leds: ['sfp1-led', 'user-led'],
    maxL2mtu: ['ether1:8158', 'ether2-8:8154', 'sfp1:8154'], links: ['ether1:2.5g'], buttons: ['mode'] },

  // Models real 7.x exports name (docs/routeros-facts.md 51.1): hEX S (2025) (E60iUGS, 7.18.2,
  // find_string 54515190112), RB951Ui-2HnD (7.12.1, 7.21.3: 54607877422, 54056133417), RB750GL
  // (7.14.2: 13155276105), RB450G (7.22: 58915889724), RB1100Dx4 (7.12.1, 7.22.2: 62124014458,
  // 52655237716), RB2011UAS-2HnD (7.22, 7.24.5: 58602179379, 71462814549, its LCD pages),
  // RB2011iLS and RB2011iL (7.7, 7.1.3: 32144669864, 25173625274); hardware from the product pages.
  { key: 'hex-s-2025', board: 'hEX S', model: 'E60iUGS', family: 'RouterBOARD', product: 'hEX S (E60iUGS)', architecture: 'arm64', cpu: ARM64, cpuCount: 2, cpuFrequency: 950, memory: 512, storage: 128,
    ports: ['ether1-5', 'sfp1'], switches: [{ type: 'EN7562CT', family: 'mediatek', ports: ['ether1-5', 'sfp1'] }], poeOut: ['ether5'], usb: 1, firmwareType: 'en7562', factoryFirmware: '7.18', defconf: 'router', leds: ['sfp-led', 'user-led'] },
  { key: 'rb951ui-2hnd', board: 'RB951Ui-2HnD', model: 'RB951Ui-2HnD', family: 'RouterBOARD', product: 'RB951Ui-2HnD', architecture: 'mipsbe', cpu: 'MIPS 74Kc V4.12', cpuCount: 1, cpuFrequency: 600, memory: 128, storage: 128,
    ports: ['ether1-5'], switches: [{ type: 'Atheros-8227', family: 'atheros', ports: ['ether1-5'] }], poeOut: ['ether5'], radios: { driver: 'wireless', bands: ['2ghz'] }, usb: 1, firmwareType: 'ar9344', factoryFirmware: '3.0', defconf: 'router', leds: ['user-led'],
    maxL2mtu: ['ether1-5:2028'], links: ['ether1-5:fe'] },
  { key: 'rb750gl', board: 'RB750GL', model: 'RB750GL', family: 'RouterBOARD', product: 'RB750GL', architecture: 'mipsbe', cpu: 'MIPS 24Kc V7.4', cpuCount: 1, cpuFrequency: 400, memory: 64, storage: 64,
    ports: ['ether1-5'], switches: [{ type: 'Atheros-8316', family: 'atheros', ports: ['ether1-5'] }], firmwareType: 'ar7240', factoryFirmware: '2.36', defconf: 'router', leds: ['user-led'],
    maxL2mtu: ['ether1-5:4074'] },
  { key: 'rb450g', board: 'RB450G', model: 'RB450G', family: 'RouterBOARD', product: 'RB450G', architecture: 'mipsbe', cpu: 'MIPS 24Kc V7.4', cpuCount: 1, cpuFrequency: 680, memory: 256, storage: 512,
    ports: ['ether1-5'], switches: [{ type: 'Atheros-8316', family: 'atheros', ports: ['ether2-5'] }], sd: true, serial: 1, firmwareType: 'ar7100', factoryFirmware: '2.20', defconf: 'router', leds: ['user-led'],
    l2mtu: 1520, maxL2mtu: ['ether1-5:1520'] },
  { key: 'rb1100dx4', board: 'RB1100Dx4', model: 'RB1100Dx4', family: 'RouterBOARD', product: 'RB1100Dx4 Dude Edition', architecture: 'arm', cpu: ARM, cpuCount: 4, cpuFrequency: 1400, memory: 1024, storage: 128,
    ports: ['ether1-13'], switches: [{ type: 'RTL8367', family: 'realtek', ports: ['ether1-5'] }, { type: 'RTL8367', family: 'realtek', ports: ['ether6-10'] }], serial: 1, m2: 1, firmwareType: 'al2', factoryFirmware: '6.45', defconf: 'ccr', leds: ['user-led'],
    health: [...PSU] },
  { key: 'rb2011uas', board: 'RB2011UAS-2HnD', model: 'RB2011UAS-2HnD', family: 'RouterBOARD', product: 'RB2011UAS-2HnD-IN', architecture: 'mipsbe', cpu: 'MIPS 74Kc V4.12', cpuCount: 1, cpuFrequency: 600, memory: 128, storage: 128,
    ports: ['ether1-10', 'sfp1'], switches: [{ type: 'Atheros-8327', family: 'atheros', ports: ['ether1-5', 'sfp1'] }, { type: 'Atheros-8227', family: 'atheros', ports: ['ether6-10'] }], poeOut: ['ether10'], radios: { driver: 'wireless', bands: ['2ghz'] }, usb: 1, lcd: true, serial: 1, firmwareType: 'ar9344', factoryFirmware: '3.0', defconf: 'router', leds: ['sfp-led', 'user-led'],
    maxL2mtu: ['ether1-5:4074', 'ether6-10:2028', 'sfp1:4074'], links: ['ether6-10:fe'] },
  { key: 'rb2011ils', board: 'RB2011iLS', model: 'RB2011iLS', family: 'RouterBOARD', product: 'RB2011iLS-IN', architecture: 'mipsbe', cpu: 'MIPS 74Kc V4.12', cpuCount: 1, cpuFrequency: 600, memory: 64, storage: 128,
    ports: ['ether1-10', 'sfp1'], switches: [{ type: 'Atheros-8327', family: 'atheros', ports: ['ether1-5', 'sfp1'] }, { type: 'Atheros-8227', family: 'atheros', ports: ['ether6-10'] }], firmwareType: 'ar9344', factoryFirmware: '3.0', defconf: 'router', leds: ['sfp-led', 'user-led'],
    maxL2mtu: ['ether1-5:4074', 'ether6-10:2028', 'sfp1:4074'], links: ['ether6-10:fe'] },
  { key: 'rb2011il', board: 'RB2011iL', model: 'RB2011iL', family: 'RouterBOARD', product: 'RB2011iL-IN', architecture: 'mipsbe', cpu: 'MIPS 74Kc V4.12', cpuCount: 1, cpuFrequency: 600, memory: 64, storage: 128,
    ports: ['ether1-10'], switches: [{ type: 'Atheros-8327', family: 'atheros', ports: ['ether1-5'] }, { type: 'Atheros-8227', family: 'atheros', ports: ['ether6-10'] }], firmwareType: 'ar9344', factoryFirmware: '3.0', defconf: 'router', leds: ['user-led'],
    maxL2mtu: ['ether1-5:4074', 'ether6-10:2028'], links: ['ether6-10:fe'] },

  // CCR2004/2116/2216 (mikrotik.com/product/ccr2004_1g_12s_2xs, ccr2004_16g_2s_, ccr2116_12g_4s, ccr2216_1g_12xs_2xq):
  // Annapurna Labs Alpine v2/v3, Marvell switches, RJ45 serial console; the defconf of a CCR
  // puts 192.168.88.1/24 on ether1 only (manual "Default configurations").
  { key: 'ccr2004', board: 'CCR2004-1G-12S+2XS', model: 'CCR2004-1G-12S+2XS', family: 'CCR', product: 'CCR2004-1G-12S+2XS', architecture: 'arm64', cpu: ARM64, cpuCount: 4, cpuFrequency: 1700, memory: 4096, storage: 128,
    ports: ['ether1', 'sfp-sfpplus1-12', 'sfp28-1-2'], switches: [{ type: '88E6191X', family: 'marvell', ports: ['sfp-sfpplus1-12'] }], serial: 2, firmwareType: 'al2', factoryFirmware: '6.46.3', defconf: 'ccr', leds: ['user-led'],
    health: [...FAN, ...PSU, { name: 'board-temperature1', type: 'C', value: '38' }],
    maxL2mtu: ['ether1:9586', 'sfp-sfpplus1-12:9578', 'sfp28-1-2:9578'] },
  { key: 'ccr2004-16g', board: 'CCR2004-16G-2S+', model: 'CCR2004-16G-2S+', family: 'CCR', product: 'CCR2004-16G-2S+', architecture: 'arm64', cpu: ARM64, cpuCount: 4, cpuFrequency: 1700, memory: 4096, storage: 128,
    ports: ['ether1-16', 'sfp-sfpplus1-2'], switches: [{ type: '88E6191X', family: 'marvell', ports: ['ether1-8'] }, { type: '88E6191X', family: 'marvell', ports: ['ether9-16'] }], serial: 2, firmwareType: 'al2', factoryFirmware: '7.1', defconf: 'ccr', leds: ['user-led'],
    health: [...FAN, ...PSU],
    maxL2mtu: ['ether1-16:9582', 'sfp-sfpplus1-2:9586'] },
  { key: 'ccr2004-16g-pc', board: 'CCR2004-16G-2S+PC', model: 'CCR2004-16G-2S+PC', family: 'CCR', product: 'CCR2004-16G-2S+PC', architecture: 'arm64', cpu: ARM64, cpuCount: 4, cpuFrequency: 1700, memory: 4096, storage: 128,
    ports: ['ether1-16', 'sfp-sfpplus1-2'], switches: [{ type: '88E6191X', family: 'marvell', ports: ['ether1-8'] }, { type: '88E6191X', family: 'marvell', ports: ['ether9-16'] }], serial: 2, firmwareType: 'al2', factoryFirmware: '7.1', defconf: 'ccr', leds: ['user-led'],
    maxL2mtu: ['ether1-16:9582', 'sfp-sfpplus1-2:9586'] },
  { key: 'ccr2116', board: 'CCR2116-12G-4S+', model: 'CCR2116-12G-4S+', family: 'CCR', product: 'CCR2116-12G-4S+', architecture: 'arm64', cpu: ARM64, cpuCount: 16, cpuFrequency: 2000, memory: 16384, storage: 128,
    ports: ['ether1-13', 'sfp-sfpplus1-4'], switches: [{ type: '98DX3255', family: 'crs3xx', ports: ['ether2-13', 'sfp-sfpplus1-4'] }], m2: 1, usb: 1, serial: 1, lcd: true, firmwareType: 'al52400', factoryFirmware: '7.1', defconf: 'ccr', leds: ['user-led'],
    health: [...FAN, ...PSU, { name: 'switch-temperature', type: 'C', value: '52' }, { name: 'board-temperature1', type: 'C', value: '40' }],
    maxL2mtu: ['ether1-12:9570', 'ether13:9586', 'sfp-sfpplus1-4:9570'], buttons: ['mode'] },
  { key: 'ccr2216', board: 'CCR2216-1G-12XS-2XQ', model: 'CCR2216-1G-12XS-2XQ', family: 'CCR', product: 'CCR2216-1G-12XS-2XQ', architecture: 'arm64', cpu: ARM64, cpuCount: 16, cpuFrequency: 2000, memory: 16384, storage: 128,
    ports: ['ether1', 'sfp28-1-12', 'qsfp28-1-1-4', 'qsfp28-2-1-4'], switches: [{ type: '98DX8525', family: 'crs3xx', ports: ['sfp28-1-12', 'qsfp28-1-1-4', 'qsfp28-2-1-4'] }], m2: 1, usb: 1, serial: 1, lcd: true, firmwareType: 'al52400', factoryFirmware: '7.1', defconf: 'ccr', leds: ['user-led'],
    health: [...FAN, ...PSU, { name: 'switch-temperature', type: 'C', value: '55' }],
    maxL2mtu: ['ether1:9586', 'sfp28-1-12:9570', 'qsfp28-1-1-4:9570', 'qsfp28-2-1-4:9570'] },
  // CCR1009/1016/1036/1072 (mikrotik.com/product/CCR1009-7G-1C-1Splus, CCR1036-8G-2Splus, CCR1072-1G-8Splus): Tilera, LCD.
  { key: 'ccr1009', board: 'CCR1009-7G-1C-1S+', model: 'CCR1009-7G-1C-1S+', family: 'CCR', product: 'CCR1009-7G-1C-1S+', architecture: 'tile', cpu: 'tilegx', cpuCount: 9, cpuFrequency: 1200, memory: 2048, storage: 1024,
    ports: ['ether1-7', 'combo1', 'sfp-sfpplus1'], switches: [{ type: 'Atheros-8327', family: 'atheros', ports: ['ether1-4'] }], usb: 1, serial: 1, lcd: true, firmwareType: 'tilegx', factoryFirmware: '6.27', defconf: 'ccr', leds: ['user-led'],
    health: [...PSU],
    l2mtu: 1580, maxL2mtu: ['ether1-4:10224', 'ether5-7:10226', 'combo1:10226', 'sfp-sfpplus1:10226'] },
  { key: 'ccr1016', board: 'CCR1016-12G', model: 'CCR1016-12G', family: 'CCR', product: 'CCR1016-12G', architecture: 'tile', cpu: 'tilegx', cpuCount: 16, cpuFrequency: 1200, memory: 2048, storage: 128,
    ports: ['ether1-12'], usb: 1, serial: 2, lcd: true, firmwareType: 'tilegx', factoryFirmware: '6.10', defconf: 'ccr', leds: ['user-led'], health: [...FAN],
    l2mtu: 1580, maxL2mtu: ['ether1-12:10226'], buttons: ['mode'] },
  { key: 'ccr1036', board: 'CCR1036-8G-2S+', model: 'CCR1036-8G-2S+', family: 'CCR', product: 'CCR1036-8G-2S+', architecture: 'tile', cpu: 'tilegx', cpuCount: 36, cpuFrequency: 1200, memory: 8192, storage: 1024,
    ports: ['ether1-8', 'sfp-sfpplus1-2'], usb: 1, serial: 1, lcd: true, firmwareType: 'tilegx', factoryFirmware: '6.27', defconf: 'ccr', leds: ['user-led'], health: [...FAN, ...PSU],
    l2mtu: 1580, maxL2mtu: ['ether1-8:10226', 'sfp-sfpplus1-2:10226'], buttons: ['mode'] },
  // CCR1036-12G-4S (a 7.16.2 export, find_string 14976997754; the manual's mode button list names its r2).
  { key: 'ccr1036-12g', board: 'CCR1036-12G-4S', model: 'CCR1036-12G-4S', family: 'CCR', product: 'CCR1036-12G-4S', architecture: 'tile', cpu: 'tilegx', cpuCount: 36, cpuFrequency: 1200, memory: 4096, storage: 1024,
    ports: ['ether1-12', 'sfp1-4'], usb: 1, serial: 1, lcd: true, firmwareType: 'tilegx', factoryFirmware: '6.10', defconf: 'ccr', leds: ['user-led'], health: [...FAN, ...PSU],
    l2mtu: 1580, maxL2mtu: ['ether1-12:10226', 'sfp1-4:10226'], buttons: ['mode'] },
  { key: 'ccr1072', board: 'CCR1072-1G-8S+', model: 'CCR1072-1G-8S+', family: 'CCR', product: 'CCR1072-1G-8S+', architecture: 'tile', cpu: 'tilegx', cpuCount: 72, cpuFrequency: 1000, memory: 16384, storage: 128,
    ports: ['ether1', 'sfp-sfpplus1-8'], usb: 1, m2: 1, serial: 1, lcd: true, firmwareType: 'tilegx', factoryFirmware: '6.27', defconf: 'ccr', leds: ['user-led'], health: [...FAN, ...PSU],
    l2mtu: 1580, maxL2mtu: ['ether1:9116', 'sfp-sfpplus1-8:10226'] },
];
