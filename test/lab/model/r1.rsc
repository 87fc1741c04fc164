# The router whose model test/lab/model.test.ts reads: a VLAN-filtering bridge with a VLAN on
# it, a VRF, addresses of both families, routes, rules and tables, firewall filter and NAT of
# both families, DHCP, OSPF, BGP, VRRP, and a tunnel of each kind (configured, not carrying).
/interface bridge add name=br1 vlan-filtering=yes
/interface bridge port add bridge=br1 interface=ether4 pvid=10
/interface bridge port add bridge=br1 interface=ether5
/interface bridge vlan add bridge=br1 vlan-ids=10,20-21 tagged=br1,ether5 untagged=ether4
/interface vlan add name=vlan20 interface=br1 vlan-id=20
/interface list add name=LAN
/interface list member add list=LAN interface=br1
/ip vrf add name=red interfaces=ether3
/ip address add address=10.0.12.1/24 interface=ether2
/ip address add address=10.3.0.1/24 interface=ether3
/ip address add address=10.20.0.1/24 interface=vlan20
/ip address add address=192.168.88.1/24 interface=br1
/ip address add address=10.9.9.9/32 interface=ether4
/ipv6 address add address=2001:db8:12::1/64 interface=ether2 advertise=no
/ip route add dst-address=10.99.0.0/16 gateway=10.0.12.2 distance=5
/ip route add dst-address=10.98.0.0/16 gateway=10.3.0.2@red routing-table=red
/routing table add name=t2 fib
/routing rule add src-address=10.20.0.0/24 action=lookup table=t2
/routing id add name=ids id=1.1.1.1
/ip firewall address-list add list=mgmt address=10.0.12.0/24
/ip firewall filter add chain=input in-interface-list=LAN action=accept
/ip firewall filter add chain=forward src-address-list=mgmt action=drop disabled=yes comment=off
/ip firewall nat add chain=srcnat out-interface=ether2 action=masquerade
/ipv6 firewall address-list add list=v6mgmt address=2001:db8:12::/64
/ipv6 firewall filter add chain=input protocol=icmpv6 action=accept
/ipv6 firewall nat add chain=dstnat dst-address=2001:db8:12::1/128 action=dst-nat to-address=2001:db8:12::99/128
/ip pool add name=lan ranges=192.168.88.10-192.168.88.20
/ip dhcp-server add name=lan interface=br1 address-pool=lan lease-time=1h
/ip dhcp-server network add address=192.168.88.0/24 gateway=192.168.88.1 dns-server=192.168.88.1
/ip dhcp-client add interface=vlan20 add-default-route=no disabled=yes
/routing ospf instance add name=v2 router-id=ids
/routing ospf area add name=backbone instance=v2
/routing ospf interface-template add area=backbone networks=10.0.12.0/24 cost=20 type=ptp
/routing bgp template add name=t as=65001 hold-time=1m
/routing bgp connection add name=to-r2 templates=t remote.address=10.0.12.2 remote.as=65002 local.role=ebgp
/interface vrrp add name=vrrp1 interface=ether3 vrid=7 priority=150
/ip address add address=10.3.0.254/32 interface=vrrp1
/interface wireguard add name=wg1 listen-port=51820 private-key="MGct3wUQo61v/vabtOQ1/ps2oZ4cogmtq07wmvsPXWs="
/interface wireguard peers add interface=wg1 public-key="g7UUuWlg/Uu3udq/GVU9L4BIyDZZacDBSux3M+nf8HU=" endpoint-address=10.0.12.2 endpoint-port=51821 allowed-address=10.255.0.2/32,192.168.2.0/24 persistent-keepalive=25s
/interface wireguard add name=wg2
/interface gre add name=gre1 local-address=10.0.12.1 remote-address=10.0.12.2 keepalive=10s,10
/interface eoip add name=eoip1 remote-address=10.0.12.2 tunnel-id=42
/interface vxlan add name=vx1 vni=100
/interface vxlan vteps add interface=vx1 remote-ip=10.0.12.2
/ip ipsec peer add name=p2 address=10.0.12.2/32
/ip ipsec identity add peer=p2 secret=s3cret
/ip ipsec policy add peer=p2 src-address=192.168.88.0/24 dst-address=192.168.2.0/24 tunnel=yes
