/interface vrrp add name=vrrp1 interface=ether2 vrid=1 priority=200 group-authority=self on-fail=":log info \"r1 failed\""
/interface vrrp add name=vrrp2 interface=ether2 vrid=2 priority=100
/interface vrrp add name=vrrp3 interface=ether3 vrid=3 priority=200 group-authority=vrrp1
/ip address add address=192.168.10.2/24 interface=ether2
/ip address add address=192.168.10.1/32 interface=vrrp1
/ip address add address=192.168.10.254/32 interface=vrrp2
/ip address add address=10.0.0.1/32 interface=vrrp3
/ip address add address=10.0.0.2/24 interface=ether3
/ip route add dst-address=172.16.0.0/24 gateway=10.0.0.10
/ip firewall filter add chain=forward src-address=192.168.10.0/24 dst-address=172.16.0.0/24 action=accept comment=from-lan
