------------------------------- MODULE Relation -------------------------------
(*****************************************************************************)
(* Properties of binary relations, after the CommunityModules               *)
(* documentation.  A relation R on a set S is a Boolean function on S \X S, *)
(* so R[x, y] says whether x is related to y; the ...Under variants take   *)
(* the relation as an operator.  Written for SysMoBench-rs; everything is  *)
(* defined in TLA+.  Like the module the CommunityModules ship, it extends  *)
(* Naturals and FiniteSets.                                                  *)
(*****************************************************************************)
EXTENDS Naturals, FiniteSets

IsReflexive(R, S) == \A x \in S : R[x, x]

IsReflexiveUnder(op(_, _), S) == IsReflexive([x, y \in S |-> op(x, y)], S)

IsIrreflexive(R, S) == \A x \in S : ~R[x, x]

IsIrreflexiveUnder(op(_, _), S) == IsIrreflexive([x, y \in S |-> op(x, y)], S)

IsSymmetric(R, S) == \A x, y \in S : R[x, y] = R[y, x]

IsSymmetricUnder(op(_, _), S) == IsSymmetric([x, y \in S |-> op(x, y)], S)

IsAntiSymmetric(R, S) == \A x, y \in S : (R[x, y] /\ R[y, x]) => x = y

IsAntiSymmetricUnder(op(_, _), S) == IsAntiSymmetric([x, y \in S |-> op(x, y)], S)

IsAsymmetric(R, S) == \A x, y \in S : R[x, y] => ~R[y, x]

IsAsymmetricUnder(op(_, _), S) == IsAsymmetric([x, y \in S |-> op(x, y)], S)

IsTransitive(R, S) == \A x, y, z \in S : (R[x, y] /\ R[y, z]) => R[x, z]

IsTransitiveUnder(op(_, _), S) == IsTransitive([x, y \in S |-> op(x, y)], S)

IsStrictlyPartiallyOrdered(R, S) ==
  IsIrreflexive(R, S) /\ IsAntiSymmetric(R, S) /\ IsTransitive(R, S)

IsStrictlyPartiallyOrderedUnder(op(_, _), S) ==
  IsStrictlyPartiallyOrdered([x, y \in S |-> op(x, y)], S)

IsPartiallyOrdered(R, S) ==
  IsReflexive(R, S) /\ IsAntiSymmetric(R, S) /\ IsTransitive(R, S)

IsPartiallyOrderedUnder(op(_, _), S) ==
  IsPartiallyOrdered([x, y \in S |-> op(x, y)], S)

IsStrictlyTotallyOrdered(R, S) ==
  (* A strict partial order in which any two distinct elements compare. *)
  /\ IsStrictlyPartiallyOrdered(R, S)
  /\ \A x, y \in S : x # y => R[x, y] \/ R[y, x]

IsStrictlyTotallyOrderedUnder(op(_, _), S) ==
  IsStrictlyTotallyOrdered([x, y \in S |-> op(x, y)], S)

IsTotallyOrdered(R, S) ==
  IsPartiallyOrdered(R, S) /\ \A x, y \in S : R[x, y] \/ R[y, x]

IsTotallyOrderedUnder(op(_, _), S) ==
  IsTotallyOrdered([x, y \in S |-> op(x, y)], S)
-------------------------------------------------------------------------------
TransitiveClosure(R, S) ==
  (* x is related to y when a path of R-steps within S leads from x to y; *)
  (* computed as in Warshall's algorithm.                                   *)
  LET Via[T \in SUBSET S] ==
        (* Paths whose intermediate elements all lie in T. *)
        IF T = {} THEN [x, y \in S |-> R[x, y]]
        ELSE LET k == CHOOSE k \in T : TRUE
                 Before == Via[T \ {k}]
             IN  [x, y \in S |-> Before[x, y] \/ (Before[x, k] /\ Before[k, y])]
  IN  Via[S]

ReflexiveTransitiveClosure(R, S) ==
  LET Closure == TransitiveClosure(R, S)
  IN  [x, y \in S |-> x = y \/ Closure[x, y]]

IsConnected(R, S) ==
  (* Every element of S reaches every element of S. *)
  LET Reach == ReflexiveTransitiveClosure(R, S)
  IN  \A x, y \in S : Reach[x, y]
===============================================================================
