---- MODULE Main ----
EXTENDS Naturals, Sequences
CONSTANT Cop(_, _)
a \prec b == a < b
HOp(_ \ll _, c) == c \ll c
Prec == 1 \prec 2 /\ HOp(\prec, 3)
Apply2(F(_, _), a, b) == F(a, b)
UseCop == Cop(1, 2) + Apply2(Cop, 1, 2)
Twice(G(_), v) == G(G(v))
Pass(H(_, _)) == Apply2(H, 1, 2)
UseAll == << Apply2(+, 1, 2),
             Apply2(\cup, {1}, {2}),
             Twice(LAMBDA z : z * 2, 3),
             Pass(LAMBDA p, q : p - q),
             LET Sub(m, n) == m - n IN \A k \in 1 .. 3 : Apply2(Sub, k, 1) = 0 >>
RECURSIVE Fact(_)
Fact(n) == IF n = 0 THEN 1 ELSE n * Fact(n - 1)
RECURSIVE Later(_)
Early == Later(2)
Later(n) == IF n = 0 THEN 0 ELSE Later(n - 1)
g[a \in Nat, b \in Nat] == a + b
fib[i \in Nat] == IF i < 2 THEN i ELSE fib[i - 1] + fib[i - 2]
Upd(f) == [f EXCEPT ![1] = @ + 1, ![2].a = @ \o <<3>>]
Lab(S) == \A e \in S : here(e) :: e \in S
Misc(r) == << r.a, [a |-> 1, b |-> "s"], [a : BOOLEAN], CHOOSE w \in {1} : TRUE,
              CASE r = 1 -> 2 [] OTHER -> 3, {w \in {1, 2} : w > 1}, {w + 1 : w \in {1}},
              [w \in {1} |-> w], [{1} -> {2}], {1} \X {2} \X {3}, g[1, 2] >>
====
