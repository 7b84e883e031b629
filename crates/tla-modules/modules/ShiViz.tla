--------------------------------- MODULE ShiViz --------------------------------
(*****************************************************************************)
(* Trace annotations for ShiViz, the viewer of distributed-system logs,     *)
(* after the CommunityModules documentation.  They are evaluated in TLC's   *)
(* trace explorer on a trace whose states have a variable pc mapping each   *)
(* process to its program counter.  Written for SysMoBench-rs; defined in   *)
(* TLA+.  Toolbox is instantiated without LOCAL, as in the module the       *)
(* CommunityModules ship, so that _TETrace and _TEPosition stay visible     *)
(* (and keep their trace-explorer definitions).                             *)
(*****************************************************************************)
LOCAL INSTANCE Integers
LOCAL INSTANCE Json
LOCAL INSTANCE TLC
INSTANCE Toolbox
-------------------------------------------------------------------------------
LOCAL FnHost ==
  (* For each position i of the trace, the process whose pc differs       *)
  (* between states i - 1 and i; the previous position's process if pc is *)
  (* unchanged, and "--" at the first state.                               *)
  LET H[i \in DOMAIN _TETrace] ==
        IF i = 1 THEN "--"
        ELSE LET before == _TETrace[i - 1].pc
                 after == _TETrace[i].pc
             IN  IF before = after THEN H[i - 1]
                 ELSE CHOOSE p \in DOMAIN before : before[p] # after[p]
  IN  TLCEval(H)

Host == FnHost[_TEPosition]  \* the process that took the current step
-------------------------------------------------------------------------------
LOCAL clock(n) ==
  (* The clock increments of the step into state n: 1 for the process that *)
  (* took it, 0 for the others (and for everyone in the first state).      *)
  [p \in DOMAIN _TETrace[n].pc |-> IF n # 1 /\ p = FnHost[n] THEN 1 ELSE 0]

LOCAL sum(F, G) == [x \in DOMAIN F |-> F[x] + G[x]]  \* pointwise sum

LOCAL FnClock ==
  (* The vector clock at each position of the trace. *)
  LET V[i \in DOMAIN _TETrace] ==
        IF i = 1 THEN clock(1) ELSE sum(TLCEval(V[i - 1]), clock(i))
  IN  TLCEval(V)

Clock ==
  (* The vector clock of the current state, as the JSON object ShiViz     *)
  (* expects.                                                              *)
  ToJsonObject(FnClock[_TEPosition])
===============================================================================
