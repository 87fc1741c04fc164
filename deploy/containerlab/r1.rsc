/system identity set name=r1
/ip address add address=10.0.12.1/30 interface=ether2
/ip address add address=10.1.0.1/24 interface=ether3
