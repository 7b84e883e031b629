---- MODULE E4293_recursive_defined_in_nested_let ----
Op ==
  LET RECURSIVE Walk(_)
      Helper == LET Walk(n) == n IN 1
      Walk(n) == n
  IN Walk(1)
====
