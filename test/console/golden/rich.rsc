# software id = V7RT-0001
#
# model = C52iG-5HaxD2HaxD
# serial number = HGA09VR0UTR1
/interface bridge
add admin-mac=D4:01:C3:00:00:02 auto-mac=no comment=defconf name=bridge
add comment="main \"LAN\" bridge" igmp-snooping=yes name=br-lan \
    vlan-filtering=yes
/interface wifi
set [ find default-name=wifi1 ] channel.skip-dfs-channels=10min-cac \
    configuration.mode=ap configuration.ssid=MikroTik-000002 disabled=no \
    security.authentication-types=wpa2-psk,wpa3-psk security.ft=yes \
    security.ft-over-ds=yes
set [ find default-name=wifi2 ] channel.skip-dfs-channels=10min-cac \
    configuration.mode=ap configuration.ssid=MikroTik-000002 disabled=no \
    security.authentication-types=wpa2-psk,wpa3-psk security.ft=yes \
    security.ft-over-ds=yes
/interface ethernet
set [ find default-name=ether1 ] comment="Uplink to ISP" mtu=1492 name=wan
set [ find default-name=ether5 ] disabled=yes l2mtu=2000
/interface vlan
add interface=br-lan name=vlan10 vlan-id=10
add interface=vlan10 mtu=1400 name=vlan10.20 vlan-id=20
/interface list
add comment=defconf name=WAN
add comment=defconf name=LAN
add comment="management; internal" include=LAN name=MGMT
/iot lora servers
add address=eu.mikrotik.thethings.industries name=TTN-EU protocol=UDP
add address=us.mikrotik.thethings.industries name=TTN-US protocol=UDP
add address=eu1.cloud.thethings.industries name="TTS Cloud (eu1)" protocol=\
    UDP
add address=nam1.cloud.thethings.industries name="TTS Cloud (nam1)" protocol=\
    UDP
add address=au1.cloud.thethings.industries name="TTS Cloud (au1)" protocol=\
    UDP
add address=eu1.cloud.thethings.network name="TTN V3 (eu1)" protocol=UDP
add address=nam1.cloud.thethings.network name="TTN V3 (nam1)" protocol=UDP
add address=au1.cloud.thethings.network name="TTN V3 (au1)" protocol=UDP
/iot wiliot servers
set *1 address=mqtt.us-east-2.prod.wiliot.cloud name="Wiliot US East"
/ip pool
add name=default-dhcp ranges=192.168.88.10-192.168.88.254
add name=overflow ranges=10.10.0.200-10.10.0.250
add name=staff next-pool=overflow ranges=10.10.0.100-10.10.0.199,10.10.0.210
/ip dhcp-server
add address-pool=default-dhcp interface=bridge name=defconf
/user group
add comment="for the NMS" name=monitoring policy=\
    "read,test,api,rest-api,!local,!telnet,!ssh,!ftp,!reboot,!write,!policy,\
    !winbox,!password,!web,!sniff,!sensitive,!romon"
/interface bridge port
add bridge=bridge comment=defconf interface=ether2
add bridge=bridge comment=defconf interface=ether3
add bridge=bridge comment=defconf interface=ether5
add bridge=bridge comment=defconf interface=wifi1
add bridge=bridge comment=defconf interface=wifi2
add bridge=br-lan frame-types=admit-only-untagged-and-priority-tagged \
    interface=ether4 pvid=10
/ip neighbor discovery-settings
set discover-interface-list=LAN
/interface list member
add comment=defconf interface=bridge list=LAN
add comment=defconf interface=wan list=WAN
add interface=vlan10 list=MGMT
/ip address
add address=192.168.88.1/24 comment=defconf interface=bridge network=\
    192.168.88.0
add address=10.10.0.1/24 comment="staff net" interface=vlan10 network=\
    10.10.0.0
add address=100.64.1.2/30 disabled=yes interface=wan network=100.64.1.0
/ip dhcp-client
add comment=defconf interface=wan
/ip dhcp-server network
add address=192.168.88.0/24 comment=defconf dns-server=192.168.88.1 gateway=\
    192.168.88.1
/ip dns
set allow-remote-requests=yes cache-size=4096 servers=\
    1.1.1.1,2606:4700:4700::1111
/ip dns static
add address=192.168.88.1 comment=defconf name=router.lan type=A
add address=10.10.0.5 name=nas.lan ttl=1h type=A
add comment="block ads\?" regexp=".*\\.ads\\.example\$" type=NXDOMAIN
add cname=nas.lan name=alias.lan type=CNAME
/ip firewall address-list
add address=10.10.0.0/24 comment="\C3\BCn\C3\AFc\C3\B6d\C3\A9 \E2\9C\93" \
    list=trusted
add address=192.0.2.7 list=trusted
/ip firewall filter
add action=accept chain=input comment=\
    "defconf: accept established,related,untracked" connection-state=\
    established,related,untracked
add action=accept chain=input comment="admin from trusted" dst-port=22,8291 \
    protocol=tcp src-address-list=trusted
add action=drop chain=input comment="defconf: drop invalid" connection-state=\
    invalid
add action=accept chain=input comment="defconf: accept ICMP" protocol=icmp
add action=accept chain=input comment=\
    "defconf: accept to local loopback (for CAPsMAN)" dst-address=127.0.0.1
add action=drop chain=input comment="defconf: drop all not coming from LAN" \
    in-interface-list=!LAN
add action=accept chain=forward comment="defconf: accept in ipsec policy" \
    ipsec-policy=in,ipsec
add action=accept chain=forward comment="defconf: accept out ipsec policy" \
    ipsec-policy=out,ipsec
add action=fasttrack-connection chain=forward comment="defconf: fasttrack" \
    connection-state=established,related
add action=accept chain=forward comment=\
    "defconf: accept established,related, untracked" connection-state=\
    established,related,untracked
add action=drop chain=forward comment="defconf: drop invalid" \
    connection-state=invalid
add action=drop chain=forward comment=\
    "defconf: drop all from WAN not DSTNATed" connection-nat-state=!dstnat \
    connection-state=new in-interface-list=WAN
add action=reject chain=forward in-interface=vlan10.20 log=yes log-prefix=\
    "guest-out " out-interface=wan reject-with=icmp-admin-prohibited
add action=drop chain=forward connection-state=new disabled=yes protocol=tcp \
    tcp-flags=syn,!ack
/ip firewall nat
add action=masquerade chain=srcnat comment="defconf: masquerade" \
    ipsec-policy=out,none out-interface-list=WAN
add action=dst-nat chain=dstnat comment="nas https" dst-port=8443 \
    in-interface=wan protocol=tcp to-addresses=10.10.0.5 to-ports=443
/ip route
add comment=backup distance=5 gateway=100.64.1.1
add blackhole comment="no private leak" dst-address=172.16.0.0/12
/ip service
set telnet disabled=yes
set ftp disabled=yes
set ssh available-from=10.10.0.0/24 port=2222
set api-ssl disabled=no
/ipv6 firewall address-list
add address=::/128 comment="defconf: unspecified address" list=bad_ipv6
add address=::1/128 comment="defconf: lo" list=bad_ipv6
add address=fec0::/10 comment="defconf: site-local" list=bad_ipv6
add address=::ffff:0.0.0.0/96 comment="defconf: ipv4-mapped" list=bad_ipv6
add address=::/96 comment="defconf: ipv4 compat" list=bad_ipv6
add address=100::/64 comment="defconf: discard only " list=bad_ipv6
add address=2001:db8::/32 comment="defconf: documentation" list=bad_ipv6
add address=2001:10::/28 comment="defconf: ORCHID" list=bad_ipv6
add address=3ffe::/16 comment="defconf: 6bone" list=bad_ipv6
/ipv6 firewall filter
add action=accept chain=input comment=\
    "defconf: accept established,related,untracked" connection-state=\
    established,related,untracked
add action=drop chain=input comment="defconf: drop invalid" connection-state=\
    invalid
add action=accept chain=input comment="defconf: accept ICMPv6" protocol=\
    icmpv6
add action=accept chain=input comment="defconf: accept UDP traceroute" \
    dst-port=33434-33534 protocol=udp
add action=accept chain=input comment=\
    "defconf: accept DHCPv6-Client prefix delegation." dst-port=546 protocol=\
    udp src-address=fe80::/10
add action=accept chain=input comment="defconf: accept IKE" dst-port=500,4500 \
    protocol=udp
add action=accept chain=input comment="defconf: accept ipsec AH" protocol=\
    ipsec-ah
add action=accept chain=input comment="defconf: accept ipsec ESP" protocol=\
    ipsec-esp
add action=accept chain=input comment=\
    "defconf: accept all that matches ipsec policy" ipsec-policy=in,ipsec
add action=drop chain=input comment=\
    "defconf: drop everything else not coming from LAN" in-interface-list=\
    !LAN
add action=accept chain=forward comment=\
    "defconf: accept established,related,untracked" connection-state=\
    established,related,untracked
add action=drop chain=forward comment="defconf: drop invalid" \
    connection-state=invalid
add action=drop chain=forward comment=\
    "defconf: drop packets with bad src ipv6" src-address-list=bad_ipv6
add action=drop chain=forward comment=\
    "defconf: drop packets with bad dst ipv6" dst-address-list=bad_ipv6
add action=drop chain=forward comment="defconf: rfc4890 drop hop-limit=1" \
    hop-limit=equal:1 protocol=icmpv6
add action=accept chain=forward comment="defconf: accept ICMPv6" protocol=\
    icmpv6
add action=accept chain=forward comment="defconf: accept HIP" protocol=139
add action=accept chain=forward comment="defconf: accept IKE" dst-port=\
    500,4500 protocol=udp
add action=accept chain=forward comment="defconf: accept ipsec AH" protocol=\
    ipsec-ah
add action=accept chain=forward comment="defconf: accept ipsec ESP" protocol=\
    ipsec-esp
add action=accept chain=forward comment=\
    "defconf: accept all that matches ipsec policy" ipsec-policy=in,ipsec
add action=drop chain=forward comment=\
    "defconf: drop everything else not coming from LAN" in-interface-list=\
    !LAN
/system clock
set time-zone-name=Europe/Riga
/system identity
set name="edge-01 (lab)"
/system note
set note="Authorized use only.\
    \nCall the NOC: +1 555 0100" show-at-login=no
/system scheduler
add interval=5m name=ddns-every-5m on-event="/system script run ddns" policy=\
    ftp,reboot,read,write,policy,test,password,sniff,sensitive,romon \
    start-date=2026-01-01 start-time=00:00:00
add disabled=yes name=boot on-event=":log info booted" policy=\
    ftp,reboot,read,write,policy,test,password,sniff,sensitive,romon \
    start-date=2026-01-01 start-time=startup
/system script
add dont-require-permissions=no name=ddns owner=admin policy=read,write,test \
    source=":global ddnsLastIp\r\
    \n:local ip [/ip address get [find interface=wan] address]\r\
    \n:if (\$ip != \$ddnsLastIp) do={\r\
    \n  :log info \"new ip \$ip\"\r\
    \n  :set ddnsLastIp \$ip\r\
    \n}"
add dont-require-permissions=yes name=hello owner=admin policy=\
    ftp,reboot,read,write,policy,test,password,sniff,sensitive,romon source=\
    ":put \"hi\""
/tool mac-server
set allowed-interface-list=LAN
/tool mac-server mac-winbox
set allowed-interface-list=LAN
