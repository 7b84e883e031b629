-------------------------------- MODULE Folds ---------------------------------
(*****************************************************************************)
(* The general fold over a finite set, after the CommunityModules           *)
(* documentation.  Written for SysMoBench-rs; defined in TLA+ (the folds    *)
(* built on it are built into the evaluator where TLC overrides them).      *)
(*****************************************************************************)

MapThenFoldSet(op(_, _), base, f(_), choose(_), S) ==
  (* op(f(x1), op(f(x2), ... op(f(xn), base) ...)) where x1 = choose(S),   *)
  (* x2 = choose(S \ {x1}), and so on, for the finite set S.             *)
  LET Fold[remaining \in SUBSET S] ==
        IF remaining = {} THEN base
        ELSE LET picked == choose(remaining)
             IN  op(f(picked), Fold[remaining \ {picked}])
  IN  Fold[S]
===============================================================================
