# router1 of containerlab's frr01 (router1/frr.conf): eth1, eth2, eth3 and lo, OSPF area 0
# on the three networks, passive toward the PC (eth3); lo is in no network statement.
/ip address
add address=192.168.1.1/24 interface=ether2
add address=192.168.2.1/24 interface=ether3
add address=192.168.11.1/24 interface=ether4
add address=10.10.10.1/32 interface=lo
/routing ospf instance
add name=default router-id=10.10.10.1
/routing ospf area
add name=backbone area-id=0.0.0.0 instance=default
/routing ospf interface-template
add area=backbone networks=192.168.1.0/24,192.168.2.0/24
add area=backbone networks=192.168.11.0/24 passive
