------------------------------ MODULE Functions -------------------------------
(*****************************************************************************)
(* Operators on functions, after the CommunityModules documentation.        *)
(* Written for SysMoBench-rs.  AntiFunction, IsInjective, FoldFunction and  *)
(* FoldFunctionOnSet are built into the evaluator; the rest are defined in  *)
(* TLA+.  Like the module the CommunityModules ship, it extends Integers    *)
(* and Folds, so their operators are visible to every module extending it.  *)
(*****************************************************************************)
EXTENDS Integers, Folds

Restrict(f, S) == [x \in S |-> f[x]]

RestrictDomain(f, Test(_)) == Restrict(f, {x \in DOMAIN f : Test(x)})

RestrictValues(f, Test(_)) == Restrict(f, {x \in DOMAIN f : Test(f[x])})

IsRestriction(narrow, wide) ==
  (* narrow is wide restricted to a part of its domain. *)
  /\ DOMAIN narrow \subseteq DOMAIN wide
  /\ narrow = Restrict(wide, DOMAIN narrow)

Range(f) == {f[x] : x \in DOMAIN f}

Pointwise(f, g, T(_, _)) ==
  (* T applied to the values of f and g at each point of f's domain. *)
  [x \in DOMAIN f |-> T(f[x], g[x])]

Inverse(f, S, T) ==
  (* For each t in T, some s in S that f maps to t (any s in S if none). *)
  [t \in T |-> IF \E s \in S : f[s] = t
               THEN CHOOSE s \in S : f[s] = t
               ELSE CHOOSE s \in S : TRUE]

AntiFunction(f) ==
  (* The inverse of an injective function, from its range to its domain. *)
  [y \in Range(f) |-> CHOOSE x \in DOMAIN f : f[x] = y]

IsInjective(f) == \A x, y \in DOMAIN f : f[x] = f[y] => x = y

Injection(S, T) == {f \in [S -> T] : IsInjective(f)}

Surjection(S, T) == {f \in [S -> T] : Range(f) = T}

Bijection(S, T) == {f \in Surjection(S, T) : IsInjective(f)}

ExistsInjection(S, T) == Injection(S, T) # {}

ExistsSurjection(S, T) == Surjection(S, T) # {}

ExistsBijection(S, T) == Bijection(S, T) # {}
-------------------------------------------------------------------------------
FoldFunctionOnSet(op(_, _), base, fun, indices) ==
  (* op folded over the values of fun at the points in indices. *)
  MapThenFoldSet(op, base, LAMBDA i : fun[i], LAMBDA D : CHOOSE i \in D : TRUE, indices)

FoldFunction(op(_, _), base, fun) ==
  (* op folded over the values of fun, in an unspecified order. *)
  FoldFunctionOnSet(op, base, fun, DOMAIN fun)

SumFunctionOnSet(fun, indices) ==
  (* The sum of the values of fun at the points in indices. *)
  FoldFunctionOnSet(LAMBDA x, y : x + y, 0, fun, indices)

SumFunction(fun) == SumFunctionOnSet(fun, DOMAIN fun)
===============================================================================
