/ipv6 settings set accept-router-advertisements=yes
