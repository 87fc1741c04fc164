/ip address add address=10.0.12.2/30 interface=ether2
