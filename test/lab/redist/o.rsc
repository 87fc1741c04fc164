/ip address add address=10.0.2.2/30 interface=ether2
/routing filter rule add chain=ospf-in rule="if (dst == 172.16.2.0/24) { reject }"
/routing filter rule add chain=ospf-in rule="if (ospf-type == ext1) { set distance 120 }"
/routing filter rule add chain=ospf-in rule="accept"
/routing ospf instance add name=v2 router-id=10.255.0.3 in-filter-chain=ospf-in
/routing ospf area add name=backbone instance=v2
/routing ospf interface-template add area=backbone interfaces=ether2 type=ptp cost=10
