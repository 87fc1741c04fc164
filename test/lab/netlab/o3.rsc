/system identity set name="o3"
/interface bridge add name=loopback protocol-mode=none
/ip address add interface=loopback address=10.0.0.13/32
/ip address add interface=ether2 address=10.2.0.10/30
/routing/ospf/instance add name=default4 version=2 router-id=10.0.0.13 vrf=main
/routing/ospf/area add instance=default4 name="main_2_0.0.0.1" area-id=0.0.0.1
/routing/ospf/interface-template add area=[/routing ospf area find area-id=0.0.0.1 and instance=default4] interface=loopback passive
/routing/ospf/interface-template add area=[/routing ospf area find area-id=0.0.0.1 and instance=default4] interface=ether2 type=ptp
# Two static routes redistributed: the out filter makes one a type 1 external, the other type 2.
/ip route add blackhole dst-address=172.16.30.0/24
/ip route add blackhole dst-address=172.16.31.0/24
/routing filter rule add chain=ospf-out rule="if (dst == 172.16.30.0/24) { set ospf-ext-type type1 } else { set ospf-ext-type type2 }"
/routing filter rule add chain=ospf-out rule="set ospf-ext-metric 20; accept"
/routing/ospf/instance set default4 redistribute=static out-filter-chain=ospf-out
