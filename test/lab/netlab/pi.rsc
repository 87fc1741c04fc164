/system identity set name="pi"
/interface bridge add name=loopback protocol-mode=none
/ip address add interface=ether2 address=10.1.0.14/30
/routing/bgp/template add name=main as=65000 output.network=bgp-networks
/routing/bgp/connection add template=main name=10_1_0_13 remote.address=10.1.0.13 remote.as=65000 comment="p" local.role=ebgp
/routing/bgp/connection set [/routing/bgp/connection find name=10_1_0_13] local.role=ibgp
