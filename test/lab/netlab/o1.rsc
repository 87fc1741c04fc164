/system identity set name="o1"
/interface bridge add name=loopback protocol-mode=none
/ip address add interface=loopback address=10.0.0.11/32
/ip address add interface=ether2 address=10.2.0.1/30
/ip address add interface=ether3 address=10.2.0.5/30
# netlab's ospf templates (routeros7.j2, routeros7.ospf-include.j2).
/routing/ospf/instance add name=default4 version=2 router-id=10.0.0.11 vrf=main
/routing/ospf/area add instance=default4 name="main_2_0.0.0.0" area-id=0.0.0.0
/routing/ospf/interface-template add area=[/routing ospf area find area-id=0.0.0.0 and instance=default4] interface=loopback passive
/routing/ospf/interface-template add area=[/routing ospf area find area-id=0.0.0.0 and instance=default4] interface=ether2 type=ptp cost=10
/routing/ospf/interface-template add area=[/routing ospf area find area-id=0.0.0.0 and instance=default4] interface=ether3 passive cost=15
