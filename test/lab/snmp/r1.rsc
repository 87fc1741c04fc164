/ip address add address=10.0.12.1/24 interface=ether2
/snmp set enabled=yes
