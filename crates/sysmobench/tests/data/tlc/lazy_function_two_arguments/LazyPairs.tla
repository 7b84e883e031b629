---- MODULE LazyPairs ----
\* A LET function of two arguments applied outside its domain: TLC's lazy-function message
\* names the argument outside its set and prints the function in the product's order (the
\* first argument varying fastest) with its domain.
EXTENDS Naturals
VARIABLES x
Init == x = 0
Next == x < 3 /\ x' = x + 1
Table == LET product == [i \in 1..2, j \in {"a", "b"} |-> i * x]
         IN x < 2 \/ product[1, IF x = 2 THEN "c" ELSE "a"] >= 0
====
