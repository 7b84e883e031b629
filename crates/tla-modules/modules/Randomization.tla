----------------------------- MODULE Randomization ----------------------------
(*****************************************************************************)
(* Random subsets, after TLC's documentation of the Randomization module.   *)
(* Written for SysMoBench-rs.  TLC draws these values at random; in TLA+    *)
(* they are arbitrary choices.  RandomSubset and RandomSetOfSubsets are     *)
(* built into the evaluator; TestRandomSetOfSubsets is defined in TLA+.     *)
(*****************************************************************************)
LOCAL INSTANCE Naturals
LOCAL INSTANCE FiniteSets

RandomSubset(k, S) ==
  (* A subset of S with k elements. *)
  CHOOSE T \in {U \in SUBSET S : Cardinality(U) = k} : TRUE

RandomSetOfSubsets(k, n, S) ==
  (* At most k subsets of S; TLC puts each element of S in each subset   *)
  (* with probability n / Cardinality(S).  As in the reference module,    *)
  (* the body does not mention n (SANY's levels depend on it).            *)
  CHOOSE family \in {F \in SUBSET SUBSET S : Cardinality(F) \leq k} : TRUE

TestRandomSetOfSubsets(k, n, S) ==
  (* The sizes of five draws of RandomSetOfSubsets(k, n, S). *)
  [draw \in 1 .. 5 |-> Cardinality(RandomSetOfSubsets(k, n, S))]
===============================================================================
