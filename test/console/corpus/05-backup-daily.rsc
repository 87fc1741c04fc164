# Daily backup: binary backup and text export, named after the router and the date.
:local name [/system identity get name]
:local date [/system clock get date]
:local stamp ([:pick $date 0 4] . [:pick $date 5 7] . [:pick $date 8 10])
/system backup save name=("$name-$stamp") dont-encrypt=yes
/export file=("$name-$stamp")
:delay 2s
/tool e-mail send to="noc@example.net" subject="$name backup $stamp" file=("$name-$stamp.backup","$name-$stamp.rsc")
:log info "backup $name-$stamp sent"
