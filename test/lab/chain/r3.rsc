/ip address add address=10.0.23.3/24 interface=ether2
/ip route add gateway=10.0.23.2
