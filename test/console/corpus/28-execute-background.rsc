:local job [:execute script=":delay 30s; :log info \"long task done\""]
:put "started job $job"
:local out [:execute script=":put [/system identity get name]" as-string]
:put "identity: $out"
