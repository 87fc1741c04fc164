/ip address add address=10.0.1.2/30 interface=ether2
/ip address add address=10.0.2.1/30 interface=ether3
/routing ospf instance add name=v2 router-id=10.255.0.2
/routing ospf area add name=backbone instance=v2
/routing ospf area add name=area1 instance=v2 area-id=0.0.0.1
/routing ospf area range add area=area1 prefix=10.1.0.0/16
/routing ospf area range add area=area1 prefix=10.2.0.0/16 advertise=no
/routing ospf interface-template add area=area1 interfaces=ether2 type=ptp cost=10
/routing ospf interface-template add area=backbone interfaces=ether3 type=ptp cost=10
/ip address add address=10.0.3.1/30 interface=ether4
/routing ospf interface-template add area=backbone interfaces=ether4 type=ptp cost=10
