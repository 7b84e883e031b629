---- MODULE InternOrderBase ----
\* Only string literals here: their texts rank after every module's tokens.
Kinds == {"mid", "kind"}
omega == "omega"
====
