/interface bridge
add name=ext
/ip address
add address=172.20.0.1/24 interface=ext
add address=10.1.0.2/30 interface=ether2
add address=10.255.1.2/32 interface=lo
/ipv6 address
add address=2001:db8:1::2/64 interface=ether2 advertise=no
add address=2001:db8:b::1/64 interface=lo advertise=no
/ip route
add dst-address=192.0.2.0/24 blackhole
/routing ospf instance
add name=v2 router-id=10.255.1.2 originate-default=always redistribute=connected,static
add name=v3 version=3 router-id=10.255.1.2
/routing ospf area
add name=backbone instance=v2
add name=backbone-v3 instance=v3
/routing ospf interface-template
add area=backbone interfaces=ether2 type=ptp
add area=backbone interfaces=lo passive
add area=backbone-v3 interfaces=ether2 type=ptp
add area=backbone-v3 interfaces=lo passive
