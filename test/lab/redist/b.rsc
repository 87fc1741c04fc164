/ip address add address=10.0.1.2/24 interface=ether2
/ip address add address=10.0.2.1/30 interface=ether3
/routing bgp connection add name=to-e as=65002 remote.address=10.0.1.1 remote.as=65001 local.role=ebgp
/routing ospf instance add name=v2 router-id=10.255.0.2 redistribute=bgp
/routing ospf area add name=backbone instance=v2
/routing ospf interface-template add area=backbone interfaces=ether3 type=ptp cost=10
