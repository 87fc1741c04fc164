/ip address add address=10.0.2.2/30 interface=ether2
/routing ospf instance add name=v2 router-id=10.255.0.3
/routing ospf area add name=backbone instance=v2
/routing ospf interface-template add area=backbone interfaces=ether2 type=ptp cost=10
