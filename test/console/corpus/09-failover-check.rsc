# Switches the default route to the backup link when the primary gateway stops answering.
:local primary 203.0.113.1
:local probes 5
:local ok [/ping $primary count=$probes interval=200ms]
:local route [/ip route find where comment="primary"]
:if ($ok = 0) do={
  :if ([/ip route get $route disabled] = false) do={
    /ip route disable $route
    :log warning "primary link down, failing over"
  }
} else={
  :if ([/ip route get $route disabled] = true) do={
    /ip route enable $route
    :log info "primary link back"
  }
}
