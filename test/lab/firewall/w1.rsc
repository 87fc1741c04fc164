/ip address add address=203.0.113.20/24 interface=ether2
/ip route add dst-address=192.168.1.0/24 gateway=203.0.113.1
