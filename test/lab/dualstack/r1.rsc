/ip address add address=10.0.12.1/24 interface=ether2
/ip route add gateway=10.0.12.2
/ipv6 address add address=2001:db8:12::1/64 interface=ether2 advertise=no
/ipv6 route add dst-address=::/0 gateway=2001:db8:12::2
