# Turns the guest network off at night, on in the morning.
:local hour [:tonum [:pick [/system clock get time] 0 2]]
:if ($hour >= 23 || $hour < 7) do={
  /interface disable [find where name~"guest"]
} else={
  /interface enable [find where name~"guest"]
}
