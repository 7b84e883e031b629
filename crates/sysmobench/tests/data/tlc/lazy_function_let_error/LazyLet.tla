---- MODULE LazyLet ----
\* A function built by a constructor in a LET and applied outside its domain: TLC still holds
\* it lazily (FcnLambdaValue) and says "In applying the function ...".
EXTENDS Naturals
VARIABLES x
Init == x = 0
Next == x < 4 /\ x' = x + 1
Bounded == LET double == [i \in 0..2 |-> 2 * i]
               bumped == [double EXCEPT ![0] = 7]
           IN bumped[x] < 10
====
