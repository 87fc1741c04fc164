:local rx
:local tx
/interface monitor-traffic ether1 once do={
  :set rx $"rx-bits-per-second"
  :set tx $"tx-bits-per-second"
}
:put ("ether1 rx=" . ($rx / 1000) . "kbps tx=" . ($tx / 1000) . "kbps")
