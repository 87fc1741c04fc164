/ip vrf
add name=red interfaces=ether2
add name=blue interfaces=ether3
/ip address
add address=10.1.0.1/24 interface=ether2
add address=10.1.0.1/24 interface=ether3
add address=10.9.0.1/24 interface=ether4
/ip route
add dst-address=172.16.0.0/16 gateway=10.1.0.2 routing-table=red
add dst-address=172.16.0.0/16 gateway=10.1.0.2 routing-table=blue
# Route leaking: core's loopback into red by main's gateway, and ce1's loopback back into main.
add dst-address=10.99.0.1/32 gateway=10.9.0.2@main routing-table=red
add dst-address=172.16.1.1/32 gateway=10.1.0.2@red
