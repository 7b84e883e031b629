---- MODULE Clock ----
EXTENDS Naturals
VARIABLE hr

Init == hr = 1
Next == hr' = IF hr = 4 THEN 1 ELSE hr + 1

Spec == Init /\ [][Next]_hr
Increases == [][hr' > hr]_hr
====
