/system scheduler
add name=nightly-backup interval=1d start-time=03:00:00 on-event="/system script run backup" policy=read,write,policy,test,ftp,sensitive
add name=reboot-weekly interval=1w start-date=2026-01-04 start-time=04:30:00 on-event="/system reboot" disabled=yes
add name=startup-log start-time=startup on-event=":log info \"router started\""
