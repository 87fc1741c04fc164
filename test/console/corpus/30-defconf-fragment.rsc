#| Welcome to RouterOS!
:global defconfMode
:log info "Starting defconf script"
{
  /interface list add name=WAN comment="defconf"
  /interface list add name=LAN comment="defconf"
  /ip dns {
    set allow-remote-requests=yes
    static add name=router.lan address=192.168.88.1 comment=defconf
  }
  /ip firewall nat add chain=srcnat out-interface-list=WAN ipsec-policy=out,none action=masquerade comment="defconf: masquerade"
  /ip firewall {
    filter add chain=input action=accept connection-state=established,related,untracked comment="defconf: accept established,related,untracked"
    filter add chain=input action=drop connection-state=invalid comment="defconf: drop invalid"
  }
}
:log info Defconf_script_finished
:set defconfMode
