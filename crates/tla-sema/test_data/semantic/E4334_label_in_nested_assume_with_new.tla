---- MODULE E4334_label_in_nested_assume_with_new ----
THEOREM Outer ==
  ASSUME ASSUME NEW n, ok :: n = n
         PROVE TRUE
  PROVE TRUE
====
