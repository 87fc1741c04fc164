/system identity set name="o2"
/interface bridge add name=loopback protocol-mode=none
/ip address add interface=loopback address=10.0.0.12/32
/ip address add interface=ether2 address=10.2.0.2/30
/ip address add interface=ether3 address=10.2.0.9/30
/routing/ospf/instance add name=default4 version=2 router-id=10.0.0.12 vrf=main
/routing/ospf/area add instance=default4 name="main_2_0.0.0.0" area-id=0.0.0.0
/routing/ospf/area add instance=default4 name="main_2_0.0.0.1" area-id=0.0.0.1
/routing/ospf/interface-template add area=[/routing ospf area find area-id=0.0.0.0 and instance=default4] interface=loopback passive
/routing/ospf/interface-template add area=[/routing ospf area find area-id=0.0.0.0 and instance=default4] interface=ether2 type=ptp cost=10
/routing/ospf/interface-template add area=[/routing ospf area find area-id=0.0.0.1 and instance=default4] interface=ether3 type=ptp
