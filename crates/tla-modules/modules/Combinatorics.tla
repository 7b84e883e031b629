----------------------------- MODULE Combinatorics -----------------------------
(*****************************************************************************)
(* Factorials and binomial coefficients, after the CommunityModules         *)
(* documentation.  Written for SysMoBench-rs.  Both are built into the      *)
(* evaluator (TLC overrides them); the definitions give their meaning.      *)
(*****************************************************************************)
EXTENDS Naturals

factorial[n \in Nat] ==
  (* 1 * 2 * ... * n, and 1 for n = 0. *)
  IF n < 2 THEN 1 ELSE factorial[n - 1] * n

choose(n, k) ==
  (* The number of k-element subsets of an n-element set, for k \leq n.    *)
  (* k appears only under *, as in the module the CommunityModules ship:   *)
  (* Naturals' * mentions neither argument, so SANY's level of choose(n, k) *)
  (* does not depend on k.                                                  *)
  factorial[n] \div (factorial[n - k] * factorial[k])
===============================================================================
