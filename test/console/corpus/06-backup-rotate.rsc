# Keeps the newest seven exports.
:local files [/file find where name~"^backup-.*\\.rsc\$"]
:local count [:len $files]
:if ($count > 7) do={
  :for i from=0 to=($count - 8) do={
    /file remove [:pick $files $i]
  }
}
