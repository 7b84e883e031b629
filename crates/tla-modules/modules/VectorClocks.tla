----------------------------- MODULE VectorClocks -----------------------------
(*****************************************************************************)
(* Vector clocks and causally ordered logs, after the CommunityModules      *)
(* documentation.  A clock is a function from nodes to counters.  Written   *)
(* for SysMoBench-rs.  CausalOrder is built into the evaluator; the rest is *)
(* defined in TLA+.  Like the module the CommunityModules ship, it extends  *)
(* Naturals, Sequences and Functions.                                        *)
(*****************************************************************************)
EXTENDS Naturals, Sequences, Functions

LOCAL happenedBefore(v1, v2) ==
  (* v1 is below v2 at every node and strictly below at some node. *)
  /\ \A n \in DOMAIN v1 : v1[n] \leq v2[n]
  /\ \E n \in DOMAIN v1 : v1[n] < v2[n]

LOCAL concurrent(v1, v2) ==
  (* Neither clock is below the other. *)
  /\ \E n \in DOMAIN v1 : v1[n] < v2[n]
  /\ \E n \in DOMAIN v1 : v2[n] < v1[n]

IsCausalOrder(log, clock(_)) ==
  (* No entry of log comes after an entry that happened after it.  Clocks *)
  (* are compared on the union of their domains, a missing node counting *)
  (* as 0, since nodes learn of one another over time.                   *)
  \A i \in 1 .. Len(log) : \A j \in 1 .. (i - 1) :
    LET Nodes == DOMAIN clock(log[i]) \cup DOMAIN clock(log[j])
        Padded(c) == [n \in Nodes |-> IF n \in DOMAIN c THEN c[n] ELSE 0]
        earlier == Padded(clock(log[j]))
        later == Padded(clock(log[i]))
    IN  happenedBefore(earlier, later) \/ concurrent(earlier, later)

CausalOrder(log, clock(_), node(_), domain(_)) ==
  (* The entries of log reordered causally by their clocks, clock(entry); *)
  (* node(entry) is the entry's node and domain(c) the nodes of clock c.   *)
  (* The body uses neither, like the module the CommunityModules ship     *)
  (* (SANY's levels depend on it).                                         *)
  CHOOSE sorted \in {p \in [1 .. Len(log) -> Range(log)] : Range(p) = Range(log)} :
    IsCausalOrder(sorted, clock)
===============================================================================
