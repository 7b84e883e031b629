------------------------------- MODULE RealTime -------------------------------
(*****************************************************************************)
(* Real-time bounds on actions, from "Specifying Systems" (chapter 9).       *)
(* Written for SysMoBench-rs; nothing here is built into the evaluator.     *)
(*****************************************************************************)
EXTENDS Reals

VARIABLE now  \* the current time, a real number

RTBound(A, v, D, E) ==
  (* A step <<A>>_v must occur once A has been continuously enabled for E *)
  (* time units, and cannot occur before it has been enabled for D.        *)
  LET Advance(t) ==
        (* t measures how long <<A>>_v has been continuously enabled. *)
        t' = IF <<A>>_v \/ ~(ENABLED <<A>>_v)' THEN 0 ELSE t + (now' - now)
      Timer(t) == (t = 0) /\ [][Advance(t)]_<<t, v, now>>
      UpperBound(t) == [](t \leq E)
      LowerBound(t) == [][A => t \geq D]_v
  IN  \EE t : Timer(t) /\ UpperBound(t) /\ LowerBound(t)
-------------------------------------------------------------------------------
RTnow(v) ==
  (* now is a real number that increases without bound, and only in steps *)
  (* that leave v unchanged.                                               *)
  LET Tick == /\ now' \in {r \in Real : r > now}
              /\ UNCHANGED v
  IN  /\ now \in Real
      /\ [][Tick]_now
      /\ \A r \in Real : WF_now(Tick /\ (now' > r))
===============================================================================
