/ip address
add address=10.1.1.2/30 interface=ether2
add address=10.255.1.3/32 interface=lo
/routing ospf instance
add name=v2
/routing ospf area
add name=stub1 instance=v2 area-id=0.0.0.1 type=stub
/routing ospf interface-template
add area=stub1 interfaces=ether2 type=ptp
add area=stub1 interfaces=lo passive
