------------------------------- MODULE Naturals -------------------------------
(*****************************************************************************)
(* The natural numbers 0, 1, 2, ... and their arithmetic, after "Specifying  *)
(* Systems" (section 18.4).  Written for SysMoBench-rs.                      *)
(*                                                                           *)
(* Every operator of this module is built into the evaluator.  The bodies   *)
(* say what the operators mean where TLA+ can say it from the two           *)
(* primitives, the sum and the product.  Those two are placeholders (the    *)
(* sum is "some fixed function applied to a and b"): the book obtains them  *)
(* from the real numbers, which no module here defines.                     *)
(*                                                                           *)
(* Which parameters a body mentions is not free: SANY computes the level of *)
(* an application from the parameters the body depends on, and checks user  *)
(* specifications against these bodies.  As in the reference module, the    *)
(* product's body mentions neither argument (so SANY gives  x' * 2  the      *)
(* level of a constant) and every other body mentions all its arguments.    *)
(*****************************************************************************)

a + b == (CHOOSE Addition : TRUE)[a, b]  \* primitive; built in

a * b == CHOOSE product : TRUE  \* primitive; built in; mentions no argument

Nat ==
  (* The smallest set that contains 0 and is closed under adding 1. *)
  CHOOSE N : /\ 0 \in N
             /\ \A n \in N : n + 1 \in N
             /\ \A M \in SUBSET N :
                   (0 \in M /\ \A m \in M : m + 1 \in M) => M = N

a - b == CHOOSE difference : b + difference = a

a \leq b == \E gap \in Nat : a + gap = b

a \geq b == b \leq a

a < b == (a \leq b) /\ (a # b)

a > b == b < a

a .. b == {a + offset : offset \in {k \in Nat : a + k \leq b}}

a ^ b ==
  (* a multiplied by itself b times; 0 ^ 0 = 1. *)
  LET Power[k \in Nat] == IF k = 0 THEN 1 ELSE Power[k - 1] * a
  IN  IF a = 0 /\ b # 0 THEN 0 ELSE Power[b]

a \div b ==
  (* Integer division rounding down, so that a = (a \div b) * b + (a % b). *)
  CHOOSE quotient : \E rest \in 0 .. (b - 1) : a = quotient * b + rest

a % b ==
  (* The remainder of that division, in 0 .. b - 1. *)
  CHOOSE rest \in 0 .. (b - 1) : \E quotient : a = quotient * b + rest
===============================================================================
