/interface bridge add name=loop
/ip address add address=10.0.1.1/24 interface=ether2
/ip address add address=192.168.10.1/24 interface=loop
/ip address add address=192.168.20.1/24 interface=loop
/ip firewall address-list add list=nets address=192.168.10.0/24
/ip firewall address-list add list=nets address=192.168.20.0/24
/routing bgp connection add name=to-b as=65001 remote.address=10.0.1.2 remote.as=65002 local.role=ebgp output.network=nets
/ip address add address=192.168.30.1/24 interface=loop
/ip firewall address-list add list=nets address=192.168.30.0/24
# A second link and session to b: b has two paths to each network and uses one.
/ip address add address=10.0.3.1/24 interface=ether3
/routing bgp connection add name=to-b2 as=65001 remote.address=10.0.3.2 remote.as=65002 local.role=ebgp output.network=nets
