/system identity set name=r2
/ip address add address=10.0.12.2/30 interface=ether2
/ip address add address=10.2.0.1/24 interface=ether3
