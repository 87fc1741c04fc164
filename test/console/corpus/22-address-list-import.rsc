# Imports a block list written as "address;comment" lines.
:local content [/file get [/file find name="blocklist.txt"] contents]
:local line ""
:local pos 0
:while ($pos < [:len $content]) do={
  :local nl [:find $content "\n" $pos]
  :if ([:typeof $nl] != "num") do={ :set nl [:len $content] }
  :set line [:pick $content $pos $nl]
  :local sep [:find $line ";"]
  :if ([:typeof $sep] = "num") do={
    :local addr [:pick $line 0 $sep]
    :do { /ip firewall address-list add list=blocklist address=$addr comment=[:pick $line ($sep + 1) [:len $line]] } on-error={}
  }
  :set pos ($nl + 1)
}
