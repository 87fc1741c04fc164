/ip address
add address=10.9.0.2/24 interface=ether2
add address=10.99.0.1/32 interface=lo
/ip route add dst-address=172.16.0.0/16 gateway=10.9.0.1
