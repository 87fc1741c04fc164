:local net 192.168.88.0/24
:local gw 192.168.88.1
:put ($gw in $net)
:put (($gw & 255.255.255.0) = 192.168.88.0)
:put ($gw + 10)
:put [:toip "10.0.0.1"]
:for i from=2 to=4 do={ :put (192.168.88.0 + $i) }
