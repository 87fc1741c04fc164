/interface bridge add name=lo0
/ip address add address=10.0.0.10/24 interface=ether2
/ip address add address=172.16.0.1/24 interface=lo0
/ip route add dst-address=192.168.10.0/24 gateway=10.0.0.1
