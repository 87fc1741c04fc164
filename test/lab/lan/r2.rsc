/ip address add address=10.5.0.2/24 interface=ether2
