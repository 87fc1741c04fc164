/ipv6 dhcp-client add interface=ether2 request=prefix pool-name=lan-pool pool-prefix-length=64 add-default-route=yes
/ipv6 address add address=::1/64 from-pool=lan-pool interface=ether3 advertise=yes
