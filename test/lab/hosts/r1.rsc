/ip address add address=10.0.0.1/24 interface=ether2
/ip pool add name=lan ranges=10.0.0.10-10.0.0.20
/ip dhcp-server add address-pool=lan interface=ether2 name=lan
/ip dhcp-server network add address=10.0.0.0/24 dns-server=10.0.0.1 gateway=10.0.0.1
/interface vlan add interface=ether3 name=vlan10 vlan-id=10
/ip address add address=10.0.10.1/24 interface=vlan10
/ip address add address=10.0.20.1/24 interface=lo
/ipv6 address add address=2001:db8:1::1/64 interface=ether2
/ipv6 address add address=2001:db8:10::1/64 interface=vlan10 advertise=no
