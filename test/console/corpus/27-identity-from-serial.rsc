:local serial [/system routerboard get serial-number]
:local model [/system routerboard get model]
/system identity set name=("site-" . [:pick $serial 0 6] . "-" . $model)
