/interface bridge add name=loop
/ip address add address=10.0.1.2/24 interface=ether2
/ip address add address=10.0.2.1/30 interface=ether3
/ip address add address=172.16.2.1/24 interface=loop
/routing bgp connection add name=to-e as=65002 remote.address=10.0.1.1 remote.as=65001 local.role=ebgp
/routing filter rule add chain=ospf-out rule="if (dst == 192.168.30.0/24) { reject }"
/routing filter rule add chain=ospf-out rule="if (dst == 192.168.20.0/24) { set ospf-ext-metric 50; set ospf-ext-type type1 }"
/routing filter rule add chain=ospf-out rule="accept"
/routing ospf instance add name=v2 router-id=10.255.0.2 redistribute=bgp out-filter-chain=ospf-out
/routing ospf area add name=backbone instance=v2
/routing ospf interface-template add area=backbone interfaces=ether3 type=ptp cost=10
/routing ospf interface-template add area=backbone interfaces=loop passive
/ip address add address=10.0.3.2/24 interface=ether4
/routing bgp connection add name=to-e2 as=65002 remote.address=10.0.3.1 remote.as=65001 local.role=ebgp
