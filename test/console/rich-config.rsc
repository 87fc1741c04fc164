/interface ethernet set [find default-name=ether1] name=wan comment="Uplink to ISP" mtu=1492
/interface ethernet set [find default-name=ether5] disabled=yes l2mtu=2000
/interface bridge add name=br-lan vlan-filtering=yes igmp-snooping=yes comment="main \"LAN\" bridge"
/interface bridge port remove [find interface=ether4]
/interface bridge port add bridge=br-lan interface=ether4 pvid=10 frame-types=admit-only-untagged-and-priority-tagged
/interface vlan add interface=br-lan name=vlan10 vlan-id=10
/interface vlan add interface=vlan10 name=vlan10.20 vlan-id=20 mtu=1400
/interface list add name=MGMT include=LAN comment="management; internal"
/interface list member add list=MGMT interface=vlan10
/ip address add address=10.10.0.1/24 interface=vlan10 comment="staff net"
/ip address add address=100.64.1.2/30 interface=wan network=100.64.1.0 disabled=yes
/ip pool add name=overflow ranges=10.10.0.200-10.10.0.250
/ip pool add name=staff ranges=10.10.0.100-10.10.0.199,10.10.0.210 next-pool=overflow
/ip dns set servers=1.1.1.1,2606:4700:4700::1111 cache-size=4096
/ip dns static add name=nas.lan address=10.10.0.5 ttl=1h
/ip dns static add regexp=".*\\.ads\\.example\$" type=NXDOMAIN comment="block ads?"
/ip dns static add name=alias.lan type=CNAME cname=nas.lan
/ip firewall address-list add list=trusted address=10.10.0.0/24 comment="ünïcödé ✓"
/ip firewall address-list add list=trusted address=192.0.2.7
/ip firewall address-list add list=temp address=198.51.100.1 timeout=1h
/ip firewall filter add chain=input action=accept src-address-list=trusted protocol=tcp dst-port=22,8291 comment="admin from trusted" place-before=[find comment="defconf: drop invalid"]
/ip firewall filter add chain=forward action=reject reject-with=icmp-admin-prohibited in-interface=vlan10.20 out-interface=wan log=yes log-prefix="guest-out "
/ip firewall filter add chain=forward action=drop tcp-flags=syn,!ack protocol=tcp connection-state=new disabled=yes
/ip firewall nat add chain=dstnat action=dst-nat protocol=tcp dst-port=8443 in-interface=wan to-addresses=10.10.0.5 to-ports=443 comment="nas https"
/ip route add dst-address=0.0.0.0/0 gateway=100.64.1.1 distance=5 comment=backup
/ip route add dst-address=172.16.0.0/12 blackhole=yes comment="no private leak"
/ip service set telnet disabled=yes
/ip service set ftp disabled=yes
/ip service set ssh port=2222 available-from=10.10.0.0/24
/ip service set api-ssl disabled=no
/system identity set name="edge-01 (lab)"
/system note set note="Authorized use only.\nCall the NOC: +1 555 0100" show-at-login=no
/system clock set time-zone-name=Europe/Riga
/user group add name=monitoring policy=read,api,rest-api,test comment="for the NMS"
/user add name=nms group=monitoring password=secret123 address=10.10.0.0/24
/user add name=ops group=write comment="operators"
/user set admin comment="changed admin comment"
/system script add name=ddns source=":global ddnsLastIp\r\n:local ip [/ip address get [find interface=wan] address]\r\n:if (\$ip != \$ddnsLastIp) do={\r\n  :log info \"new ip \$ip\"\r\n  :set ddnsLastIp \$ip\r\n}" policy=read,write,test
/system script add name=hello dont-require-permissions=yes source=":put \"hi\""
/system scheduler add name=ddns-every-5m interval=5m on-event="/system script run ddns" start-date=2026-01-01 start-time=00:00:00
/system scheduler add name=boot start-time=startup on-event=":log info booted" disabled=yes start-date=2026-01-01
