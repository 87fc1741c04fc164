:local s "RouterOS scripting"
:put [:len $s]
:put [:pick $s 0 8]
:put [:find $s "script"]
:put [:typeof [:find $s "zzz"]]
:put ($s . " rocks")
:put ("tab\there, quote \"q\", dollar \$x")
