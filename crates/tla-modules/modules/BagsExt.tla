------------------------------- MODULE BagsExt --------------------------------
(*****************************************************************************)
(* More operators on bags, after the CommunityModules documentation.        *)
(* Written for SysMoBench-rs.  FoldBag is built into the evaluator; the     *)
(* rest are defined in TLA+.                                                 *)
(*****************************************************************************)
LOCAL INSTANCE Bags
LOCAL INSTANCE Integers
LOCAL INSTANCE Folds

BagAdd(B, x) == B (+) SetToBag({x})

BagRemove(B, x) == B (-) SetToBag({x})

BagRemoveAll(B, x) == [e \in DOMAIN B \ {x} |-> B[e]]

MapThenFoldBag(op(_, _), base, f(_), choose(_), B) ==
  (* For each element x of B, op applied B[x] times to f(x), starting     *)
  (* from base; these results folded with op, starting from base.  The   *)
  (* elements are taken in an unspecified order: as in the module the    *)
  (* CommunityModules ship, choose is not used (and SANY's levels depend  *)
  (* on that).                                                            *)
  LET Copies(x) ==
        LET Step[k \in 1 .. B[x]] == op(IF k = 1 THEN base ELSE Step[k - 1], f(x))
        IN  Step[B[x]]
  IN  MapThenFoldSet(op, base, Copies, LAMBDA D : CHOOSE x \in D : TRUE, DOMAIN B)

FoldBag(op(_, _), base, B) ==
  (* op folded over every copy of every element of B. *)
  MapThenFoldBag(op, base, LAMBDA x : x, LAMBDA D : CHOOSE x \in D : TRUE, B)

SumBag(B) == FoldBag(LAMBDA x, y : x + y, 0, B)

ProductBag(B) == FoldBag(LAMBDA x, y : x * y, 1, B)
===============================================================================
