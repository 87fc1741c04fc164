/ip address add address=10.0.12.2/24 interface=ether2
/ip address add address=10.3.0.2/24 interface=ether3
/ipv6 address add address=2001:db8:12::2/64 interface=ether2 advertise=no
/routing ospf instance add name=v2 router-id=10.0.12.2
/routing ospf area add name=backbone instance=v2
/routing ospf interface-template add area=backbone networks=10.0.12.0/24 cost=20 type=ptp
/ip address add address=10.2.2.2/32 interface=lo
/routing ospf interface-template add area=backbone interfaces=lo passive
