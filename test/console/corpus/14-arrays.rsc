:local ports {"ether2"=10;"ether3"=20;"ether4"=30}
:foreach name,vlan in=$ports do={
  :put "$name -> vlan $vlan"
}
:local list {1;2;3}
:set list ($list, 4)
:put [:len $list]
:put ($ports->"ether3")
:set ($ports->"ether5") 40
:put [:len $ports]
