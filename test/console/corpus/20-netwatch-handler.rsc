# netwatch up/down script
:local host "8.8.8.8"
:local status [/tool netwatch get [find host=$host] status]
:if ($status = "down") do={
  /ip firewall nat disable [find comment="wan1 masquerade"]
  /ip firewall nat enable [find comment="wan2 masquerade"]
} else={
  /ip firewall nat enable [find comment="wan1 masquerade"]
  /ip firewall nat disable [find comment="wan2 masquerade"]
}
