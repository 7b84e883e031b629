-------------------------------- MODULE Reals ---------------------------------
(*****************************************************************************)
(* The real numbers, after "Specifying Systems" (section 18.4).  Written for *)
(* SysMoBench-rs.  Like TLC, the evaluator rejects specifications that need *)
(* real numbers; these definitions exist so that such specifications parse  *)
(* and resolve.  Real is a placeholder: no simpler notion defines it here.  *)
(*****************************************************************************)
EXTENDS Integers

Real == CHOOSE R : Int \subseteq R  \* placeholder

a / b == CHOOSE quotient \in Real : quotient * b = a

Infinity == CHOOSE infinity : /\ infinity \notin Real
                              /\ \A r \in Real : r < infinity
===============================================================================
