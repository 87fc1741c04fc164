# Small helpers used by other scripts.
:global strReplace do={
  :local out ""
  :local rest $1
  :local pos [:find $rest $2]
  :while ([:typeof $pos] = "num") do={
    :set out ($out . [:pick $rest 0 $pos] . $3)
    :set rest [:pick $rest ($pos + [:len $2]) [:len $rest]]
    :set pos [:find $rest $2]
  }
  :return ($out . $rest)
}
:global padLeft do={
  :local s [:tostr $1]
  :while ([:len $s] < $width) do={ :set s ("0" . $s) }
  :return $s
}
:put [$strReplace "a-b-c" "-" "+"]
:put [$padLeft 7 width=3]
