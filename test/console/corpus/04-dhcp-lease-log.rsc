:if ($leaseBound = 1) do={
  :log info ("lease bound: " . $leaseActIP . " -> " . $leaseActMAC . " on " . $leaseServerName)
} else={
  :log info ("lease released: $leaseActIP")
}
