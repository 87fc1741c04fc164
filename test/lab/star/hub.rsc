/interface bridge add name=bridge1 vlan-filtering=yes
/interface bridge port
add bridge=bridge1 interface=ether2 pvid=10
add bridge=bridge1 interface=ether3 pvid=10
add bridge=bridge1 interface=ether4 pvid=10
/interface bridge vlan add bridge=bridge1 vlan-ids=10 tagged=bridge1 untagged=ether2,ether3,ether4
/interface vlan add interface=bridge1 name=lan10 vlan-id=10
/ip address add address=192.168.10.1/24 interface=lan10
/ip pool add name=pool10 ranges=192.168.10.100-192.168.10.199
/ip dhcp-server add address-pool=pool10 interface=lan10 name=dhcp10
/ip dhcp-server network add address=192.168.10.0/24 dns-server=192.168.10.1 gateway=192.168.10.1
/ip address add address=172.16.5.1/24 interface=ether5
