:local total [/ip firewall filter print count-only]
:local disabled [/ip firewall filter print count-only where disabled]
:put ("rules: " . $total . ", disabled: " . $disabled)
