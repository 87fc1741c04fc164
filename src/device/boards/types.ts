// What the catalogue says of one MikroTik model: the facts a real router of that model shows
// in /system/routerboard, /system/resource, its interfaces and its hardware menus, and which
// default configuration its defconf script builds. One entry per model; the sources of each
// family are named beside its entries (src/device/boards/*.ts) and in docs/routeros-facts.md
// section 30.

import type { LteProfile } from '../lte.js';

/** What a port is, by the name RouterOS gives it (`ether`, `sfp`, `sfp-sfpplus`, `sfp28-`, `qsfp28-`, `combo`). */
export type PortKind = 'ether' | 'sfp' | 'sfp-sfpplus' | 'sfp28' | 'qsfp28' | 'qsfpplus' | 'combo';

export interface Port {
  /** The port's name and default-name (`ether1`, `sfp-sfpplus1`, `qsfp28-1-1`). */
  name: string;
  kind: PortKind;
  /** The switch chip the port hangs on (`switch1`), if any. */
  switch?: string;
  /** The port can power a device (/interface/ethernet/poe). */
  poeOut?: boolean;
  /** The L2MTU the port comes with (`l2mtu`). */
  l2mtu: number;
  /** The largest it takes (`max-l2mtu`). */
  maxL2mtu: number;
  /** What the port's PHY or cage links at: its `advertise` until set (./ports.ts). */
  link: LinkClass;
}

/**
 * What a port links at, by the link modes it advertises (./ports.ts): a Fast Ethernet PHY, a
 * gigabit one, a 2.5G one (with or without 1G half duplex), an SFP, SFP+, SFP28, QSFP+ or QSFP28 cage.
 */
export type LinkClass = 'fe' | 'ge' | '2.5g' | '2.5g-fd' | 'sfp' | 'sfp+' | 'sfp28' | 'qsfp+' | 'qsfp28';

/** A button /system/routerboard has a menu for (`mode-button`, `reset-button`, `wps-button`). */
export type Button = 'mode' | 'reset' | 'wps';

/** Which default configuration the model's defconf script builds (src/device/defconf.ts). */
export type DefconfKind =
  /** Home/office router: ether1 (or the modem) WAN with DHCP client, the rest and the radios in a LAN bridge with DHCP server and firewall. */
  | 'router'
  /** Access point: every port and radio in one bridge, a DHCP client on it. */
  | 'ap'
  /** CRS switch: every port in one bridge, 192.168.88.1/24 on it. */
  | 'switch'
  /** CCR: only 192.168.88.1/24 on ether1. */
  | 'ccr'
  /** CHR: a DHCP client on ether1 and nothing else. */
  | 'chr'
  /** x86 and SwOS-only switches: no default configuration at all. */
  | 'none';

/** The switch chip families: each has its own /interface/ethernet/switch sub-menus. */
export type SwitchFamily = 'atheros' | 'crs1xx' | 'crs3xx' | 'mediatek' | 'ipq' | 'marvell' | 'realtek';

export interface SwitchChip {
  /** `switch1`, as /interface/ethernet/switch names it. */
  name: string;
  /** The chip as the `type` column shows it (`Atheros-8327`, `Marvell-98DX3236`, `88E6393X`). */
  type: string;
  family: SwitchFamily;
}

export interface Radio {
  /** `wifi1` (wifi-qcom / wifi-qcom-ac, /interface/wifi) or `wlan1` (wireless, /interface/wireless). */
  name: string;
  band: '2ghz' | '5ghz' | '60ghz';
}

/** The built-in modem's module, as /interface/lte/info shows it. */
export type Lte = LteProfile;

export interface Sensor {
  /** `voltage`, `temperature`, `cpu-temperature`, `fan1-speed`, `psu1-state`, `poe-out-consumption`. */
  name: string;
  /** The unit /system/health shows in `type` (V, C, RPM, W, or '' for a state). */
  type: string;
  /** The value an idle router of the model shows. */
  value: string;
}

/** One model of the catalogue, as written in the family files (compact: ports as a list of ranges). */
export interface BoardSpec {
  /** The short name `--board` takes (`hap-ax2`, `rb5009`, `ccr2116`). */
  key: string;
  /** /system/resource `board-name` (`hAP ax^2`, `RB4011iGS+`, `CHR`). */
  board: string;
  /** /system/routerboard `model`, an export's `# model =` line (`C52iG-5HaxD2HaxD`). */
  model: string;
  /** The product line: RouterBOARD, CCR, CRS, CSS, hAP, cAP, wAP, LtAP, L009, Chateau, netPower, CHR, x86. */
  family: string;
  /** What the manufacturer sells it as (`hAP ax²`, `RB4011iGS+RM`). */
  product: string;
  /** /system/resource `architecture-name`: arm64, arm, mipsbe, mmips, smips, tile, x86_64. */
  architecture: string;
  /** /system/resource `cpu`. */
  cpu: string;
  cpuCount: number;
  /** MHz. */
  cpuFrequency: number;
  /** MiB. */
  memory: number;
  /** MiB of built-in flash (/system/resource total-hdd-space). */
  storage: number;
  /**
   * Every Ethernet port in the router's order, as ranges: `ether1-10`, `sfp-sfpplus1`,
   * `sfp28-1-12`, `qsfp28-1-1-4` (quad-lane breakout), `combo1`.
   */
  ports: readonly string[];
  /** Switch chips and the ports each carries (ranges as in `ports`); none: every port to the CPU. */
  switches?: readonly { type: string; family: SwitchFamily; ports: readonly string[] }[];
  /** Ports that give PoE out (ranges). */
  poeOut?: readonly string[];
  /** Radios in their order: `wifi` (wifi-qcom / wifi-qcom-ac) or `wlan` (wireless), with their bands. */
  radios?: { driver: 'wifi-qcom' | 'wifi-qcom-ac' | 'wireless'; bands: readonly Radio['band'][] };
  lte?: Lte;
  /** Serial ports (/port): a console port is `serial0`. */
  serial?: number;
  usb?: number;
  m2?: number;
  sd?: boolean;
  sata?: number;
  lcd?: boolean;
  /** Boots RouterOS or SwOS (/system/swos). */
  dualBoot?: boolean;
  /** Runs SwOS only: in the catalogue, not something vrouter can run. */
  swosOnly?: boolean;
  /** LEDs /system/leds can drive besides the power LED (`user-led`, `sfp-sfpplus1-led`). */
  leds?: readonly string[];
  /** /system/health sensors besides the default (voltage and temperature). */
  health?: readonly Sensor[];
  /**
   * The L2MTU its Ethernet ports come with (`l2mtu` of export verbose); 1598 when not given
   * (docs/routeros-facts.md 51.2).
   */
  l2mtu?: number;
  /**
   * `max-l2mtu` per port as the manual's "MTU in RouterOS" table writes it (`ether1-10:9578`,
   * `sfp-sfpplus1:9982`): ranges of `ports` with the value; a port not named keeps 9214.
   */
  maxL2mtu?: readonly string[];
  /** Ports whose link modes are not their kind's (`ether1:2.5g` on an RB5009): range and class. */
  links?: readonly string[];
  /** Buttons the board has a /system/routerboard menu for; every RouterBOARD has `reset`. */
  buttons?: readonly Button[];
  /** /system/resource/irq lines the board lists (`set 0 cpu=auto` .. ), where a source gives them. */
  irqs?: number;
  /** A LoRa card in the board's slot (/iot lora has its gateway record `0`). */
  lora?: boolean;
  /** /system/routerboard `firmware-type`: the boot loader's platform (`ipq6000`, `al2`, `88f7040`). */
  firmwareType: string;
  /** The RouterOS release the model left the factory with (`factory-firmware`). */
  factoryFirmware: string;
  defconf: DefconfKind;
  /** Packages besides `routeros` that do not follow from the radios (`wifi-qcom` ... does). */
  packages?: readonly string[];
}
