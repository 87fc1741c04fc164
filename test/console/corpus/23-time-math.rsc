:local t1 00:10:00
:local t2 1h30m
:put ($t1 + $t2)
:put ($t2 - $t1)
:put ($t2 * 2)
:put [:totime "2d3h"]
:put ([:tonum "42"] + 8)
