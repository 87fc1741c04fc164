/ip dhcp-client add interface=ether2
