# The underlay: it routes between the sites' public addresses and knows nothing behind them.
/ip address
add address=10.1.0.254/24 interface=ether2
add address=10.2.0.254/24 interface=ether3
