------------------------------- MODULE Toolbox --------------------------------
(*****************************************************************************)
(* Definitions the TLA+ Toolbox's trace explorer relies on.  Written for    *)
(* SysMoBench-rs; nothing here is built into the evaluator.                 *)
(*****************************************************************************)
LOCAL INSTANCE Naturals
LOCAL INSTANCE FiniteSets
LOCAL INSTANCE TLC
-------------------------------------------------------------------------------
_TETrace ==
  (* The trace being explored; the trace explorer substitutes its own. *)
  CHOOSE trace \in [(Nat \ {0}) -> STRING] : TRUE

LOCAL _TETraceLength == Cardinality(DOMAIN _TETrace)

_TEPosition ==
  (* The position in _TETrace of the state being evaluated: the current *)
  (* level, at least 1 and at most the trace's length.                   *)
  LET level == TLCGet("level")
  IN  IF level \geq _TETraceLength THEN _TETraceLength
      ELSE IF level = 0 THEN 1 ELSE level
===============================================================================
