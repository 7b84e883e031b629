---------------------------- MODULE FiniteSetsExt -----------------------------
(*****************************************************************************)
(* More operators on finite sets, after the CommunityModules documentation. *)
(* Written for SysMoBench-rs.  FoldSet, Quantify and kSubset are built into *)
(* the evaluator; the rest are defined in TLA+.  Like the module the        *)
(* CommunityModules ship, it extends the modules it uses, so their          *)
(* operators are visible to every module that extends this one.             *)
(*****************************************************************************)
EXTENDS Integers, FiniteSets, Folds, Functions

FoldSet(op(_, _), base, set) ==
  (* op(x1, op(x2, ... op(xn, base) ...)) for the elements of set, in an *)
  (* unspecified order.                                                   *)
  MapThenFoldSet(op, base, LAMBDA x : x, LAMBDA D : CHOOSE x \in D : TRUE, set)

SumSet(set) == FoldSet(LAMBDA x, y : x + y, 0, set)

ProductSet(set) == FoldSet(LAMBDA x, y : x * y, 1, set)

ReduceSet(op(_, _), set, acc) == FoldSet(op, acc, set)

MapThenSumSet(op(_), set) ==
  (* The sum of op(x) over the elements x of set. *)
  MapThenFoldSet(LAMBDA x, y : x + y, 0, op, LAMBDA D : CHOOSE x \in D : TRUE, set)

FlattenSet(S) == UNION S

SymDiff(A, B) == (A \cup B) \ (A \cap B)
-------------------------------------------------------------------------------
Quantify(S, P(_)) ==
  (* How many elements of S satisfy P. *)
  Cardinality({x \in S : P(x)})
-------------------------------------------------------------------------------
kSubset(k, S) ==
  (* The subsets of S with k elements. *)
  {T \in SUBSET S : Cardinality(T) = k}
-------------------------------------------------------------------------------
Max(S) == CHOOSE m \in S : \A x \in S : x \leq m

Min(S) == CHOOSE m \in S : \A x \in S : m \leq x
-------------------------------------------------------------------------------
Choices(Sets) ==
  (* Every set obtained by picking one element from each set in Sets. *)
  LET Pickers == {pick \in [Sets -> UNION Sets] : \A T \in Sets : pick[T] \in T}
  IN  {{pick[T] : T \in Sets} : pick \in Pickers}
-------------------------------------------------------------------------------
ChooseUnique(S, P(_)) ==
  (* The only element of S that satisfies P. *)
  CHOOSE x \in S : {y \in S : P(y)} = {x}
===============================================================================
