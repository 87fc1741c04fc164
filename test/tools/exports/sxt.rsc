# source: SXTsq Lite5 (RBSXTsq5nD), RouterOS 7.4.1: the export a public repository's notes quote, find_string id 66436815248
# jan/05/1970 00:27:47 by RouterOS 7.4.1
# software id = NREB-SDHP
# model = RBSXTsq5nD
# serial number = E6FA0D952975
/interface bridge
add name=bridge1
/interface wireless
set [ find default-name=wlan1 ] band=5ghz-a/n channel-width=20/40mhz-XX disabled=no \
    frequency=auto mode=station-bridge ssid=Boatside
/interface list
add name=WAN
add name=LAN
/interface wireless security-profiles
set [ find default=yes ] authentication-types=wpa-psk,wpa2-psk group-ciphers=\
    tkip,aes-ccm mode=dynamic-keys supplicant-identity=MikroTik unicast-ciphers=\
    tkip,aes-ccm
/ip hotspot profile
set [ find default=yes ] html-directory=hotspot
/interface bridge port
add bridge=bridge1 interface=wlan1
add bridge=bridge1 interface=ether1
/ip neighbor discovery-settings
set discover-interface-list=!dynamic
/interface list member
add interface=wlan1 list=WAN
add interface=ether1 list=LAN
/ip address
add address=192.168.1.21/24 interface=ether1 network=192.168.1.0
