:local load [/system resource get cpu-load]
:if ($load > 90) do={
  :log warning ("cpu load high: " . $load . "%")
  /tool e-mail send to="noc@example.net" subject="cpu $load%" body=[/system resource print as-value]
}
