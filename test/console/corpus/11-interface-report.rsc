:foreach i in=[/interface find] do={
  :local name [/interface get $i name]
  :local running [/interface get $i running]
  :local mtu [/interface get $i mtu]
  :if ($running) do={
    :put ("$name is up, mtu " . $mtu)
  } else={
    :put "$name is down"
  }
}
