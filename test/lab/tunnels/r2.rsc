/interface bridge
add name=lan-gre
add name=lan-ipip
add name=lan-wg
add name=lan-ipsec
add name=br-eoip
add name=br-vxlan
/ip address
add address=10.2.0.2/24 interface=ether2
add address=192.168.2.1/24 interface=lan-gre
add address=192.168.12.1/24 interface=lan-ipip
add address=192.168.22.1/24 interface=lan-wg
add address=192.168.32.1/24 interface=lan-ipsec
/ip route
add gateway=10.2.0.254
# GRE with static routes (keepalive: the router's default).
/interface gre
add name=gre1 local-address=10.2.0.2 remote-address=10.1.0.1
/ip address
add address=172.16.1.2/30 interface=gre1
/ip route
add dst-address=192.168.1.0/24 gateway=172.16.1.1
# IPIP (no keepalive) with OSPF over it.
/interface ipip
add name=ipip1 remote-address=10.1.0.1
/ip address
add address=172.16.2.2/30 interface=ipip1
/routing ospf instance
add name=v2 router-id=10.2.0.2
/routing ospf area
add name=backbone instance=v2
/routing ospf interface-template
add area=backbone interfaces=ipip1 type=ptp
add area=backbone interfaces=lan-ipip passive
# EoIP and VXLAN, each a port of a bridge with an address of one network across both sites.
/interface eoip
add name=eoip1 remote-address=10.1.0.1 tunnel-id=7
/interface vxlan
add name=vxlan1 vni=100
/interface vxlan vteps
add interface=vxlan1 remote-ip=10.1.0.1
/interface bridge port
add bridge=br-eoip interface=eoip1
add bridge=br-vxlan interface=vxlan1
/ip address
add address=192.168.50.2/24 interface=br-eoip
add address=192.168.60.2/24 interface=br-vxlan
# WireGuard: the responder of both (no endpoint of its own); wg2's peer is r1's wg2 key.
/interface wireguard
add name=wg1 listen-port=13231 private-key="gPey44yjhMbiIoP/RTW+URyduBa7KGPvh0AILIDVbG0="
add name=wg2 listen-port=13232
/interface wireguard peers
add interface=wg1 name=to-r1 public-key="N4OeoBtxvghyQXVKbdIIcS4JSMp/1PQAg6qq6s0Zw0U=" allowed-address=10.255.0.1/32,192.168.21.0/24
add interface=wg2 name=r1-wg2 public-key="OfdTDWrLBlgCJO14Cjop7gDXwWmUZDfM2cY6pZi9gQ0=" allowed-address=10.255.1.0/30
/ip address
add address=10.255.0.2/30 interface=wg1
add address=10.255.1.2/30 interface=wg2
/ip route
add dst-address=192.168.21.0/24 gateway=10.255.0.1
/ip ipsec peer
add name=r1 address=10.1.0.1/32
/ip ipsec identity
add peer=r1 secret=site-to-site
/ip ipsec proposal
add name=site auth-algorithms=sha256 enc-algorithms=aes-256-cbc pfs-group=modp2048
/ip ipsec policy
add peer=r1 tunnel=yes src-address=192.168.32.0/24 dst-address=192.168.31.0/24 sa-src-address=10.2.0.2 sa-dst-address=10.1.0.1 proposal=site
