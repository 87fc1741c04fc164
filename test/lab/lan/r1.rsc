/ip address add address=10.5.0.1/24 interface=ether2
