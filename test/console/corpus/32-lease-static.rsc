# Makes every dynamic lease static and names it after its host.
/ip dhcp-server lease
:foreach l in=[find where dynamic] do={
  :local host [get $l host-name]
  make-static $l
  :if ([:len $host] > 0) do={ set $l comment=$host }
}
