/ip address add address=192.168.10.10/24 interface=ether2
/ip route add gateway=192.168.10.1
