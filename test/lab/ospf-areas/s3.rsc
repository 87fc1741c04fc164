
/ip address
add address=10.2.3.2/30 interface=ether2
/routing ospf instance
add name=v2 router-id=10.255.2.3
/routing ospf area
add name=backbone instance=v2
/routing ospf interface-template
add area=backbone interfaces=ether2 type=ptp auth=md5 auth-key=wrong auth-id=1
