/ip address
add address=10.255.0.1/32 interface=lo
add address=10.0.12.1/30 interface=ether2
add address=10.0.13.1/30 interface=ether3
add address=10.0.100.1/24 interface=ether4
/routing ospf instance
add name=v2 router-id=10.255.0.1
/routing ospf area
add name=backbone instance=v2
/routing ospf interface-template
add area=backbone interfaces=ether2 type=ptp cost=10
add area=backbone interfaces=ether3 type=ptp cost=30
add area=backbone networks=10.0.100.0/24 cost=100
add area=backbone interfaces=lo passive
