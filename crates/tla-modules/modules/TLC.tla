---------------------------------- MODULE TLC ---------------------------------
(*****************************************************************************)
(* The operators of TLC's standard module, after TLC's documentation         *)
(* ("Specifying Systems", section 14.2.8, and the TLC manual).  Written for *)
(* SysMoBench-rs.  Every operator is built into the evaluator.              *)
(*                                                                           *)
(* Operators with effects (printing, assertions, TLC's registers) cannot be *)
(* defined in TLA+; their bodies give only the value.  A body mentions the  *)
(* same parameters as the reference module's, because SANY computes the     *)
(* level of an application from the parameters the body depends on: so     *)
(* PrintT, TLCGet and TLCSet mention none, Print only its value, Assert     *)
(* only its condition.                                                       *)
(*****************************************************************************)
LOCAL INSTANCE Naturals
LOCAL INSTANCE Sequences
LOCAL INSTANCE FiniteSets
-------------------------------------------------------------------------------
Print(out, val) ==
  (* Prints out and val; equals val. *)
  val

PrintT(out) ==
  (* Prints out; equals TRUE. *)
  TRUE

Assert(val, out) ==
  (* TRUE when val is TRUE; otherwise an error reporting out. *)
  CASE val = TRUE -> TRUE

JavaTime == CHOOSE seconds \in Nat : TRUE  \* the current time, in seconds

TLCGet(i) ==
  (* The value of TLC register i (an index) or TLC's statistic i (a name). *)
  CHOOSE value : TRUE

TLCSet(i, v) ==
  (* Sets register i to v; equals TRUE. *)
  TRUE
-------------------------------------------------------------------------------
d :> e == [x \in {d} |-> e]

f @@ g ==
  (* Merges two functions; f wins where both are defined. *)
  [x \in DOMAIN f \cup DOMAIN g |-> IF x \in DOMAIN f THEN f[x] ELSE g[x]]

Permutations(S) ==
  (* The one-to-one functions from S to itself (S finite). *)
  {f \in [S -> S] : \A x, y \in S : f[x] = f[y] => x = y}
-------------------------------------------------------------------------------
SortSeq(s, Op(_, _)) ==
  (* s reordered so that Op(a, b) holds, or a = b, for every element a *)
  (* that precedes an element b.                                       *)
  LET Order ==
        CHOOSE p \in Permutations(1 .. Len(s)) :
          \A i \in 1 .. Len(s) : \A j \in (i + 1) .. Len(s) :
             s[p[i]] = s[p[j]] \/ Op(s[p[i]], s[p[j]])
  IN  [i \in 1 .. Len(s) |-> s[Order[i]]]

RandomElement(s) == CHOOSE x \in s : TRUE  \* chosen at random by TLC

Any == CHOOSE x : TRUE  \* TLC: a set to which every value belongs

ToString(v) ==
  (* The text TLC prints for v: some fixed function of v. *)
  (CHOOSE Render \in [{v} -> STRING] : TRUE)[v]

TLCEval(v) == v  \* v, evaluated eagerly by TLC
===============================================================================
