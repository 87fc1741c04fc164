/ipv6 address
add address=2001:db8:a::1/64 interface=ether2
add address=2001:db8:b::1/128 interface=lo
