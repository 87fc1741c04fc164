# Removes entries older lists left behind.
/ip firewall address-list remove [find where list="temp-block" and dynamic=no]
:foreach e in=[/ip firewall address-list find where list~"^scan-"] do={
  /ip firewall address-list remove $e
}
