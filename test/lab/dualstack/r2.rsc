/ip address
add address=10.0.12.2/24 interface=ether2
add address=10.0.23.2/24 interface=ether3
/ip route add dst-address=10.3.3.3/32 gateway=10.0.23.3
/ipv6 address
add address=2001:db8:12::2/64 interface=ether2 advertise=no
add address=2001:db8:23::2/64 interface=ether3 advertise=no
/routing ospf instance add name=v3 version=3 router-id=10.255.0.2
/routing ospf area add name=backbone-v3 instance=v3
/routing ospf interface-template
add area=backbone-v3 interfaces=ether3 type=ptp
add area=backbone-v3 interfaces=ether2 passive
/ipv6 firewall filter
add chain=forward action=drop protocol=icmpv6 dst-address=2001:db8:33::/64 comment="no echoes to r3's second prefix"
