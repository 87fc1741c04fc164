
/ip address
add address=10.2.2.2/30 interface=ether2
/routing ospf instance
add name=v2 router-id=10.255.2.2
/routing ospf area
add name=area2 instance=v2 area-id=0.0.0.2
/routing ospf interface-template
add area=area2 interfaces=ether2 type=ptp auth=md5 auth-key=secret auth-id=1
