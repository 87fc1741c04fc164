/ip address add address=10.0.12.2/24 interface=ether2
/ip address add address=10.0.23.2/24 interface=ether3
# 10.99.0.0/16 goes round between r2 and r3: a routing loop.
/ip route add dst-address=10.99.0.0/16 gateway=10.0.23.3
