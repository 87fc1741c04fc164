/ip address add address=10.0.12.2/24 interface=ether2
