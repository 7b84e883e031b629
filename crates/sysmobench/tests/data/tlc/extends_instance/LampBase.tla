---- MODULE LampBase ----
EXTENDS Naturals
LampStates == {"on", "off"}
IsLampState(s) == s \in LampStates
Other(s) == IF s = "on" THEN "off" ELSE "on"
====
