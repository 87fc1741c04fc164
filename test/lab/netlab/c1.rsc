# netlab's initial and bgp templates (routeros7.j2), then an output filter of c1's own.
/system identity set name="c1"
/interface bridge add name=loopback protocol-mode=none
/ip address add interface=loopback address=10.0.0.1/32
/ip address add interface=ether2 address=10.1.0.1/30
/routing/bgp/template add name=main as=65001 output.network=bgp-networks
/routing/bgp/template set main router-id=10.0.0.1
/routing/bgp/connection add template=main name=10_1_0_2 remote.address=10.1.0.2 remote.as=65000 comment="p" local.role=ebgp
/ip/firewall/address-list/ add list=bgp-networks address=10.0.0.1/32
/ip/firewall/address-list/ add list=bgp-networks address=192.168.11.0/24
/ip/firewall/address-list/ add list=bgp-networks address=192.168.12.0/24
/ip/firewall/address-list/ add list=bgp-networks address=192.168.13.0/24
/ip route add blackhole dst-address=192.168.11.0/24
/ip route add blackhole dst-address=192.168.12.0/24
/ip route add blackhole dst-address=192.168.13.0/24
/routing filter rule add chain=to-p rule="if (dst == 192.168.11.0/24) { set bgp-communities 65001:100 }"
/routing filter rule add chain=to-p rule="if (dst == 192.168.12.0/24) { append bgp-communities no-export }"
/routing filter rule add chain=to-p rule="if (dst == 192.168.13.0/24) { set bgp-communities no-advertise }"
/routing filter rule add chain=to-p rule="accept"
/routing/bgp/connection set [/routing/bgp/connection find remote.address=10.1.0.2 and templates=main] output.filter-chain=to-p
