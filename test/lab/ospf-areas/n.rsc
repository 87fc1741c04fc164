/ip address
add address=10.3.0.2/30 interface=ether2
/ip route
add dst-address=198.51.100.0/24 blackhole
/routing ospf instance
add name=v2 router-id=10.255.3.1 redistribute=static
/routing ospf area
add name=nssa3 instance=v2 area-id=0.0.0.3 type=nssa
/routing ospf interface-template
add area=nssa3 interfaces=ether2 type=ptp
