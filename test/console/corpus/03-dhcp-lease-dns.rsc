# DHCP lease script: a static DNS name for every bound client.
:local domain "lan"
:local ttl "5m"
:local hostname $"lease-hostname"
:if ([:len $hostname] = 0) do={ :set hostname ("host-" . [:pick $leaseActMAC 12 14] . [:pick $leaseActMAC 15 17]) }
:local fqdn ($hostname . "." . $domain)
:if ($leaseBound = "1") do={
  /ip dns static remove [find where comment="dhcp" and address=$leaseActIP]
  /ip dns static add name=$fqdn address=$leaseActIP ttl=$ttl comment="dhcp"
} else={
  /ip dns static remove [find where comment="dhcp" and address=$leaseActIP]
}
