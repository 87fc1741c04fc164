# Turns the rules tagged "maintenance" on or off.
:global maintenance
:if ([:typeof $maintenance] = "nothing") do={ :set maintenance false }
:set maintenance (!$maintenance)
:foreach r in=[/ip firewall filter find where comment~"maintenance"] do={
  :if ($maintenance) do={ /ip firewall filter enable $r } else={ /ip firewall filter disable $r }
}
:log info "maintenance mode: $maintenance"
