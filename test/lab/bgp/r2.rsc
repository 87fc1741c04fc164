/ip address add address=10.0.12.2/24 interface=ether2
/ip address add address=10.0.23.2/24 interface=ether3
/ip address add address=10.0.99.2/24 interface=ether4
/routing filter rule add chain=from-r1 rule="if (dst in 172.16.0.0/12) { reject }"
/routing filter rule add chain=from-r1 rule="if (dst in 192.168.0.0/16 && dst-len in 16-24) { set bgp-local-pref 200; append bgp-communities 65002:100; accept }"
/routing filter rule add chain=to-r3-out rule="if (dst == 10.0.99.0/24) { reject } else { accept }"
/routing bgp connection add name=to-r1 as=65002 remote.address=10.0.12.1 remote.as=65001 local.role=ebgp input.filter=from-r1 output.redistribute=connected
/routing bgp connection add name=to-r3 as=65002 remote.address=10.0.23.3 remote.as=65003 local.role=ebgp output.redistribute=connected output.filter-chain=to-r3-out
