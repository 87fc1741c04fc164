/interface bridge add name=loop
/ip address add address=10.0.23.3/24 interface=ether2
/ip address add address=192.168.3.1/24 interface=loop
/ip firewall address-list add list=bgp-networks address=192.168.3.0/24
/routing bgp connection add name=to-r2 as=65003 remote.address=10.0.23.2 remote.as=65002 local.role=ebgp output.network=bgp-networks
/ip address add address=10.0.34.3/24 interface=ether3
/routing bgp connection add name=to-r4 as=65003 remote.address=10.0.34.4 local.role=ibgp
