/ip address add address=10.0.12.1/30 interface=ether2
