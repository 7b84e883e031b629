------------------------------- MODULE Integers -------------------------------
(*****************************************************************************)
(* The integers, after "Specifying Systems" (section 18.4).  Written for     *)
(* SysMoBench-rs.  Both operators are built into the evaluator.             *)
(*****************************************************************************)
EXTENDS Naturals

-. a == 0 - a  \* unary minus; built in

Int == Nat \cup {-n : n \in Nat}  \* built in
===============================================================================
