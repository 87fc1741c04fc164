# Sends no router advertisements of its own (the default entry, interface=all, disabled).
/ipv6 nd set [find default=yes] disabled=yes
