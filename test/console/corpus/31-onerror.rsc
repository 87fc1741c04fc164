:onerror e in={
  /ip address add address=300.1.1.1/24 interface=ether1
} do={
  :log error "address failed: $e"
}
:do { :error "custom failure" } on-error={ :put "caught" }
