/ip address add address=10.0.12.2/30 interface=ether2
/ip address add address=10.2.0.1/24 interface=ether3
/ipv6 address add address=2001:db8:12::2/64 interface=ether2 advertise=no
/ipv6 address add address=2001:db8:b::1/64 interface=ether3
/routing/bgp/template add name=main as=65002 output.network=bgp-networks
/routing/bgp/connection add template=main name=10_0_12_1 remote.address=10.0.12.1 remote.as=65001 comment="r1" local.role=ebgp
/routing/bgp/connection add template=main name=2001_db8_12__1 remote.address=2001:db8:12::1 remote.as=65001 comment="r1" local.role=ebgp afi=ipv6
/ip/firewall/address-list/ add list=bgp-networks address=10.2.0.0/24
/ipv6/firewall/address-list/ add list=bgp-networks address=2001:db8:b::/64
