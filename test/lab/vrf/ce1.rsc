/ip address
add address=10.1.0.2/24 interface=ether2
add address=172.16.1.1/32 interface=lo
/ip route add gateway=10.1.0.1
