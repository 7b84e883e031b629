------------------------------ MODULE Statistics -------------------------------
(*****************************************************************************)
(* Statistical tests, after the CommunityModules documentation.  Written    *)
(* for SysMoBench-rs.  ChiSquare is built into the evaluator (TLC overrides *)
(* it): the test needs real arithmetic, so the body gives only the kind of  *)
(* value and, like the module the CommunityModules ship, mentions no        *)
(* parameter (SANY's levels depend on that).                                *)
(*****************************************************************************)
EXTENDS Naturals

ChiSquare(expected, actual, alpha) ==
  (* Pearson's chi-square goodness-of-fit test of the observed counts      *)
  (* actual against the expected counts expected (functions with the same *)
  (* domain), at the significance level alpha (a string such as "0.05"):   *)
  (* TRUE when the test does not reject the hypothesis that the counts     *)
  (* follow the expected distribution.                                     *)
  CHOOSE verdict \in BOOLEAN : TRUE
===============================================================================
