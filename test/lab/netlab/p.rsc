/system identity set name="p"
/interface bridge add name=loopback protocol-mode=none
/ip address add interface=loopback address=10.0.0.2/32
/ip address add interface=ether2 address=10.1.0.2/30
/ip address add interface=ether3 address=10.1.0.6/30
/ip address add interface=ether4 address=10.1.0.10/30
/ip address add interface=ether5 address=10.1.0.13/30
/routing/bgp/template add name=main as=65000 output.network=bgp-networks
/routing/bgp/template set main router-id=10.0.0.2
/routing/bgp/connection add template=main name=10_1_0_1 remote.address=10.1.0.1 remote.as=65001 comment="c1" local.role=ebgp
/routing/bgp/connection add template=main name=10_1_0_5 remote.address=10.1.0.5 remote.as=65001 comment="c2" local.role=ebgp
/routing/bgp/connection add template=main name=10_1_0_9 remote.address=10.1.0.9 remote.as=65001 comment="c3" local.role=ebgp
/routing/bgp/connection add template=main name=10_1_0_14 remote.address=10.1.0.14 remote.as=65000 comment="pi" local.role=ebgp
/routing/bgp/connection set [/routing/bgp/connection find name=10_1_0_14] local.role=ibgp
# netlab's bgp.next_hop_self (routeros7.macro.j2).
/routing/bgp/connection set [/routing/bgp/connection find name=10_1_0_14] nexthop-choice=force-self
# netlab's bgp.session plugin (extra/bgp.session/routeros7.j2): AS-Override towards c2.
/routing/bgp/connection set [/routing/bgp/connection find remote.address=10.1.0.5 and templates=main] output.as-override=yes
# Input filters (the manual's filter syntax): from c1 by community, from c2 and c3 by prefix.
/routing filter rule add chain=from-c1 rule="if (bgp-communities includes 65001:100) { set bgp-local-pref 300 }"
/routing filter rule add chain=from-c1 rule="accept"
/routing filter rule add chain=from-c2 rule="if (dst == 192.168.50.0/24) { set bgp-med 20 }"
/routing filter rule add chain=from-c2 rule="if (dst == 192.168.60.0/24) { set bgp-local-pref 50 }"
/routing filter rule add chain=from-c2 rule="accept"
/routing filter rule add chain=from-c3 rule="if (dst == 192.168.50.0/24) { set bgp-med 10 }"
/routing filter rule add chain=from-c3 rule="accept"
/routing/bgp/connection set [find name=10_1_0_1] input.filter=from-c1
/routing/bgp/connection set [find name=10_1_0_5] input.filter=from-c2
/routing/bgp/connection set [find name=10_1_0_9] input.filter=from-c3
