/interface ethernet set ether2 mtu=1400
/ip address
add address=10.2.4.2/30 interface=ether2
/routing ospf instance
add name=v2 router-id=10.255.2.4
/routing ospf area
add name=backbone instance=v2
/routing ospf interface-template
add area=backbone interfaces=ether2 type=ptp auth=md5 auth-key=secret auth-id=1
