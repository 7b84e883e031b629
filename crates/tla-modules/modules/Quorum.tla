-------------------------------- MODULE Quorum ---------------------------------
(*****************************************************************************)
(* Quorum systems, after the CommunityModules documentation.  Written for   *)
(* SysMoBench-rs; defined in TLA+.                                           *)
(*****************************************************************************)

QuorumSystem(S) ==
  (* The quorum systems over S: non-empty collections of subsets of S      *)
  (* (quorums) in which every two quorums share an element and every       *)
  (* subset of S that contains a quorum is a quorum.  For a finite,        *)
  (* non-empty S, the strict majorities form one.                          *)
  LET Intersecting(QS) == \A Q, R \in QS : Q \cap R # {}
      UpwardClosed(QS) == \A Q \in QS : \A R \in SUBSET S : Q \subseteq R => R \in QS
  IN  {QS \in SUBSET (SUBSET S) : QS # {} /\ Intersecting(QS) /\ UpwardClosed(QS)}
===============================================================================
