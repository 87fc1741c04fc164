# Keeps an address list in step with the addresses a DNS name resolves to.
:local listName "cloud-backup"
:local hosts {"backup.example.net";"mirror.example.net"}
:foreach host in=$hosts do={
  :do {
    :local addr [:resolve $host]
    :if ([:len [/ip firewall address-list find where list=$listName and address=$addr]] = 0) do={
      /ip firewall address-list add list=$listName address=$addr comment=$host timeout=1d
      :log info "added $addr ($host) to $listName"
    }
  } on-error={
    :log warning "could not resolve $host"
  }
}
