:local before [/ip firewall filter print count-only]
/export file=before-change
/ip firewall filter add chain=input action=accept protocol=icmp comment="allow ping"
:local after [/ip firewall filter print count-only]
:if ($after != $before + 1) do={ :error "rule was not added" }
