:foreach u in=[/user find] do={
  :local name [/user get $u name]
  :local group [/user get $u group]
  :if ($group = "full" && $name != "admin") do={
    :log warning "user $name has full rights"
  }
}
