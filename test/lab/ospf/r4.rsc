/ip address
add address=10.255.0.4/32 interface=lo
add address=10.0.100.4/24 interface=ether2
/routing ospf instance
add name=v2 router-id=10.255.0.4
/routing ospf area
add name=backbone instance=v2
/routing ospf interface-template
add area=backbone networks=10.0.100.0/24 cost=100 priority=0
add area=backbone interfaces=lo passive
