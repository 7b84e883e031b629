------------------------------- MODULE GraphViz --------------------------------
(*****************************************************************************)
(* Drawing graphs with GraphViz, after the CommunityModules documentation.  *)
(* Written for SysMoBench-rs.  DotDiGraph is built into the evaluator (TLC  *)
(* overrides it); its body gives only the kind of value and, like the       *)
(* module the CommunityModules ship, mentions no parameter (SANY's levels   *)
(* depend on that).                                                          *)
(*****************************************************************************)

DotDiGraph(G, VL(_), EL(_)) ==
  (* The DOT text ("digraph MyGraph {...}") of the directed graph G, a     *)
  (* record [node |-> N, edge |-> E] with edges <<from, to>>: each node v  *)
  (* is labelled VL(v) and each edge e is labelled EL(e).                  *)
  CHOOSE text \in STRING : TRUE
===============================================================================
