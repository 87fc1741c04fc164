/interface list add name=WAN
/interface list member add interface=ether3 list=WAN
/ip address
add address=192.168.1.1/24 interface=ether2
add address=203.0.113.1/24 interface=ether3
add address=203.0.113.2/24 interface=ether3
/ip firewall address-list add address=198.51.100.0/24 list=blocked
/ip firewall filter
add action=drop chain=input src-address-list=blocked
add action=accept chain=forward connection-state=established,related
add action=accept chain=forward connection-nat-state=dstnat
add action=drop chain=forward in-interface-list=WAN
/ip firewall nat
add action=masquerade chain=srcnat out-interface-list=WAN
add action=dst-nat chain=dstnat dst-address=203.0.113.2 protocol=icmp to-addresses=192.168.1.10
