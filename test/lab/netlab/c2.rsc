/system identity set name="c2"
/interface bridge add name=loopback protocol-mode=none
/ip address add interface=ether2 address=10.1.0.5/30
/routing/bgp/template add name=main as=65001 output.network=bgp-networks
/routing/bgp/connection add template=main name=10_1_0_6 remote.address=10.1.0.6 remote.as=65000 comment="p" local.role=ebgp
/ip/firewall/address-list/ add list=bgp-networks address=192.168.50.0/24
/ip/firewall/address-list/ add list=bgp-networks address=192.168.60.0/24
/ip/firewall/address-list/ add list=bgp-networks address=192.168.70.0/24
/ip route add blackhole dst-address=192.168.50.0/24
/ip route add blackhole dst-address=192.168.60.0/24
/ip route add blackhole dst-address=192.168.70.0/24
