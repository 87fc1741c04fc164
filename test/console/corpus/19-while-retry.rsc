:local tries 0
:local done false
:while ($tries < 3 && !$done) do={
  :set tries ($tries + 1)
  :do {
    /tool fetch url="https://config.example.net/router.rsc" dst-path="router.rsc"
    :set done true
  } on-error={ :delay 5s }
}
:if ($done) do={ /import file-name=router.rsc }
