---- MODULE Spec ----
\* The module TLC is run with for the parse fixtures: only whether TLC gets past reading the
\* cfg file matters for them (see ../record-tlc-verdicts.sh).
CONSTANT N
VARIABLE x
Init == x = 0
Next == x' = x
====
