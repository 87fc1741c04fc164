/interface bridge add name=loop
/ip address add address=10.0.12.1/24 interface=ether2
/ip address add address=10.0.99.1/24 interface=ether3
/ip address add address=192.168.1.1/24 interface=loop
/ip address add address=172.16.1.1/24 interface=loop
# 198.51.100.0/24 has no route here: the router does not advertise it.
/ip firewall address-list add list=bgp-networks address=192.168.1.0/24
/ip firewall address-list add list=bgp-networks address=172.16.1.0/24
/ip firewall address-list add list=bgp-networks address=198.51.100.0/24
/routing bgp connection add name=to-r2 as=65001 remote.address=10.0.12.2 remote.as=65002 local.role=ebgp output.network=bgp-networks
