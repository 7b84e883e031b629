------------------------------ MODULE FiniteSets ------------------------------
(*****************************************************************************)
(* Finite sets and their sizes, after "Specifying Systems" (section 18.2).  *)
(* Written for SysMoBench-rs.  Both operators are built into the evaluator. *)
(*****************************************************************************)
LOCAL INSTANCE Naturals
LOCAL INSTANCE Sequences

IsFiniteSet(S) ==
  (* Some finite sequence lists every element of S. *)
  \E list \in Seq(S) : {list[i] : i \in DOMAIN list} = S

Cardinality(S) ==
  (* The n such that 1 .. n and S are in one-to-one correspondence. *)
  CHOOSE n \in Nat :
    \E f \in [1 .. n -> S] : /\ {f[i] : i \in 1 .. n} = S
                             /\ \A i, j \in 1 .. n : f[i] = f[j] => i = j
===============================================================================
