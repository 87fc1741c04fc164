# software id = V7RT-0001
#
# model = C52iG-5HaxD2HaxD
# serial number = HGA09VR0UTR1
/ip address
add address=192.168.88.1/24 comment=defconf interface=bridge network=\
    192.168.88.0
add address=10.10.0.1/24 comment="staff net" interface=vlan10 network=\
    10.10.0.0
add address=100.64.1.2/30 disabled=yes interface=wan network=100.64.1.0
