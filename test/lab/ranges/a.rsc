/interface bridge add name=loop
/ip address add address=10.0.1.1/30 interface=ether2
/ip address add address=10.1.1.1/24 interface=loop
/ip address add address=10.1.2.1/24 interface=loop
/ip address add address=10.2.0.1/24 interface=loop
/routing ospf instance add name=v2 router-id=10.255.0.1
/routing ospf area add name=area1 instance=v2 area-id=0.0.0.1
/routing ospf interface-template add area=area1 interfaces=ether2 type=ptp cost=10
/routing ospf interface-template add area=area1 networks=10.1.1.0/24 passive cost=5
/routing ospf interface-template add area=area1 networks=10.1.2.0/24 passive cost=7
/routing ospf interface-template add area=area1 networks=10.2.0.0/24 passive
