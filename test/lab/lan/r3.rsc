/ip address add address=10.5.0.3/24 interface=ether2
