/ip address
add address=10.255.0.3/32 interface=lo
add address=10.0.23.2/30 interface=ether2
add address=10.0.13.2/30 interface=ether3
add address=10.0.100.3/24 interface=ether4
/routing ospf instance
add name=v2 router-id=10.255.0.3
/routing ospf area
add name=backbone instance=v2
/routing ospf interface-template
add area=backbone interfaces=ether2 type=ptp cost=10
add area=backbone interfaces=ether3 type=ptp cost=30
add area=backbone networks=10.0.100.0/24 cost=100
add area=backbone interfaces=lo passive
