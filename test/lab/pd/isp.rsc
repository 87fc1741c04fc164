/ipv6 pool add name=pd-pool prefix=2001:db8:100::/56 prefix-length=62
# 7.24 delegates from prefix-pool (address-pool gives addresses: none here).
/ipv6 dhcp-server add name=pd interface=ether2 address-pool=static-only prefix-pool=pd-pool
/ipv6 address add address=2001:db8:ffff::1/128 interface=lo advertise=no
# No router advertisements toward cpe: it learns its way from DHCPv6.
/ipv6 nd set [find default=yes] disabled=yes
