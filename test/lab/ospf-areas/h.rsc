/ip address
add address=10.1.0.1/30 interface=ether2
add address=10.1.1.1/30 interface=ether3
add address=10.2.1.1/30 interface=ether4
add address=10.2.2.1/30 interface=ether5
add address=10.2.3.1/30 interface=ether6
add address=10.2.4.1/30 interface=ether7
add address=10.3.0.1/30 interface=ether8
/ipv6 address
add address=2001:db8:1::1/64 interface=ether2 advertise=no
/routing ospf instance
add name=v2 router-id=10.255.1.1
add name=v3 version=3 router-id=10.255.1.1
/routing ospf area
add name=backbone instance=v2
add name=stub1 instance=v2 area-id=0.0.0.1 type=stub default-cost=5
add name=backbone-v3 instance=v3
add name=nssa3 instance=v2 area-id=0.0.0.3 type=nssa
/routing ospf interface-template
add area=backbone interfaces=ether2 type=ptp
add area=stub1 interfaces=ether3 type=ptp
add area=backbone interfaces=ether4,ether5,ether6,ether7 type=ptp auth=md5 auth-key=secret auth-id=1
add area=backbone-v3 interfaces=ether2 type=ptp
add area=nssa3 interfaces=ether8 type=ptp
