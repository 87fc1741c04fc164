/ip address
add address=10.0.23.3/24 interface=ether2
add address=10.3.3.3/32 interface=lo
/ip route add gateway=10.0.23.2
/ipv6 address
add address=2001:db8:23::3/64 interface=ether2 advertise=no
add address=2001:db8:3::3/128 interface=lo advertise=no
add address=2001:db8:33::3/128 interface=lo advertise=no
/routing ospf instance add name=v3 version=3 router-id=10.255.0.3
/routing ospf area add name=backbone-v3 instance=v3
/routing ospf interface-template
add area=backbone-v3 interfaces=ether2 type=ptp
add area=backbone-v3 interfaces=lo passive
