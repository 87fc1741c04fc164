/interface bridge add name=loop
/ip address add address=10.0.34.4/24 interface=ether2
/ip address add address=192.168.4.1/24 interface=loop
# iBGP keeps the eBGP next hop (10.0.23.2): r4 reaches it through r3.
/ip route add dst-address=10.0.23.0/24 gateway=10.0.34.3
/ip firewall address-list add list=bgp-networks address=192.168.4.0/24
/routing bgp template add name=core as=65003 output.network=bgp-networks
/routing bgp connection add name=to-r3 templates=core remote.address=10.0.34.3 local.role=ibgp
