:local up [/system resource get uptime]
:local ver [/system resource get version]
:local id [/system identity get name]
:put ("$id up $up, RouterOS $ver")
