/ip address add address=10.0.12.1/30 interface=ether2
/ip address add address=10.1.0.1/24 interface=ether3
/ipv6 address add address=2001:db8:12::1/64 interface=ether2 advertise=no
/ipv6 address add address=2001:db8:a::1/64 interface=ether3 advertise=no
/routing/bgp/template add name=main as=65001 output.network=bgp-networks
/routing/bgp/connection add template=main name=10_0_12_2 remote.address=10.0.12.2 remote.as=65002 comment="r2" local.role=ebgp
/routing/bgp/connection add template=main name=2001_db8_12__2 remote.address=2001:db8:12::2 remote.as=65002 comment="r2" local.role=ebgp afi=ipv6
/ip/firewall/address-list/ add list=bgp-networks address=10.1.0.0/24
/ipv6/firewall/address-list/ add list=bgp-networks address=2001:db8:a::/64
