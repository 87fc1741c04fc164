/interface bridge add name=bridge vlan-filtering=yes
/interface bridge port
add bridge=bridge interface=ether1
add bridge=bridge interface=ether24
/interface bridge vlan add bridge=bridge tagged=ether1,ether24 vlan-ids=10,20
