/interface bridge
add name=br-trunk vlan-filtering=no protocol-mode=rstp
/interface vlan
add interface=br-trunk name=vlan10-staff vlan-id=10
add interface=br-trunk name=vlan20-guest vlan-id=20
/ip address
add address=10.10.10.1/24 interface=vlan10-staff
add address=10.10.20.1/24 interface=vlan20-guest
/ip pool
add name=staff ranges=10.10.10.100-10.10.10.200
add name=guest ranges=10.10.20.100-10.10.20.250
