-------------------------------- MODULE Graphs --------------------------------
(*****************************************************************************)
(* Directed and undirected graphs, after the CommunityModules               *)
(* documentation.  A graph is a record [node |-> N, edge |-> E] whose edges *)
(* are pairs of nodes.  Written for SysMoBench-rs.  SimplePath,             *)
(* AreConnectedIn and IsStronglyConnected are built into the evaluator; the *)
(* rest are defined in TLA+.  Like the module the CommunityModules ship, it *)
(* extends the modules it uses, so their operators are visible to every     *)
(* module that extends this one.                                             *)
(*****************************************************************************)
EXTENDS Naturals, Sequences, FiniteSets, SequencesExt, Relation

IsDirectedGraph(G) ==
  /\ DOMAIN G = {"node", "edge"}
  /\ G.edge \subseteq G.node \X G.node

DirectedSubgraph(G) ==
  (* The graphs made of some of G's nodes and some of G's edges among them. *)
  UNION { {[node |-> N, edge |-> E] : E \in SUBSET (G.edge \cap (N \X N))} :
          N \in SUBSET G.node }

Transpose(G) ==
  (* G with every edge reversed. *)
  [node |-> G.node, edge |-> {<<e[2], e[1]>> : e \in G.edge}]
-------------------------------------------------------------------------------
IsUndirectedGraph(G) ==
  (* A directed graph whose edges all come with their reverse. *)
  /\ IsDirectedGraph(G)
  /\ \A e \in G.edge : <<e[2], e[1]>> \in G.edge

UndirectedSubgraph(G) == {H \in DirectedSubgraph(G) : IsUndirectedGraph(H)}
-------------------------------------------------------------------------------
Path(G) ==
  (* The non-empty sequences of nodes that follow edges of G. *)
  {p \in Seq(G.node) : /\ p # << >>
                       /\ \A i \in 1 .. (Len(p) - 1) : <<p[i], p[i + 1]>> \in G.edge}

SimplePath(G) ==
  (* The paths of G that visit no node twice (so no longer than G has nodes). *)
  {p \in SeqOf(G.node, Cardinality(G.node)) :
     /\ p # << >>
     /\ Cardinality(ToSet(p)) = Len(p)
     /\ \A i \in 1 .. (Len(p) - 1) : <<p[i], p[i + 1]>> \in G.edge}

AreConnectedIn(m, n, G) ==
  (* Some path of G leads from m to n (a simple one, if any does). *)
  \E p \in SimplePath(G) : p[1] = m /\ Last(p) = n

IsStronglyConnected(G) == \A m, n \in G.node : AreConnectedIn(m, n, G)

ConnectionsIn(G) ==
  (* The Boolean matrix telling, for nodes m and n, whether a path leads   *)
  (* from m to n (every node reaches itself); computed as in Warshall's   *)
  (* algorithm, far faster than AreConnectedIn on every pair.             *)
  LET Via[T \in SUBSET G.node] ==
        (* Paths whose intermediate nodes all lie in T. *)
        IF T = {} THEN [m, n \in G.node |-> m = n \/ <<m, n>> \in G.edge]
        ELSE LET k == CHOOSE k \in T : TRUE
                 Before == Via[T \ {k}]
             IN  [m, n \in G.node |-> Before[m, n] \/ (Before[m, k] /\ Before[k, n])]
  IN  Via[G.node]
-------------------------------------------------------------------------------
IsTreeWithRoot(G, r) ==
  (* G is a tree whose edges point from child to parent, towards r. *)
  /\ IsDirectedGraph(G)
  /\ r \in G.node
  /\ \A e \in G.edge : e[1] # r
  /\ \A e, f \in G.edge : e[1] = f[1] => e = f
  /\ \A n \in G.node : AreConnectedIn(n, r, G)
-------------------------------------------------------------------------------
GraphUnion(G, H) == [node |-> G.node \cup H.node, edge |-> G.edge \cup H.edge]

IsBipartiteWithPartitions(G, U, V) ==
  (* U and V split the nodes, and every edge joins a node of U to one of V. *)
  /\ U \cap V = {}
  /\ G.node \subseteq U \cup V
  /\ \A e \in G.edge : (e[1] \in U /\ e[2] \in V) \/ (e[1] \in V /\ e[2] \in U)

HasCycle(G) ==
  (* A node has an edge to itself, or two nodes reach each other. *)
  LET Reach == ConnectionsIn(G)
  IN  \/ \E n \in G.node : <<n, n>> \in G.edge
      \/ \E m, n \in G.node : m # n /\ Reach[m, n] /\ Reach[n, m]

IsDag(G) == IsDirectedGraph(G) /\ ~HasCycle(G)

Successors(G, n) == {m \in G.node : <<n, m>> \in G.edge}

AllSuccessors(G, S) == UNION {Successors(G, n) : n \in S}

Predecessors(G, n) == {m \in G.node : <<m, n>> \in G.edge}

AllPredecessors(G, S) == UNION {Predecessors(G, n) : n \in S}

Ancestors(G, n) ==
  (* The nodes from which a path of at least one edge leads to n. *)
  LET Edge == [x, y \in G.node |-> <<x, y>> \in G.edge]
      Closure == TransitiveClosure(Edge, G.node)
  IN  {m \in G.node : Closure[m, n]}

Descendants(G, n) ==
  (* The nodes to which a path of at least one edge leads from n. *)
  LET Edge == [x, y \in G.node |-> <<x, y>> \in G.edge]
      Closure == TransitiveClosure(Edge, G.node)
  IN  {m \in G.node : Closure[n, m]}

InDegree(G, n) == Cardinality(Predecessors(G, n))

OutDegree(G, n) == Cardinality(Successors(G, n))

Roots(G) == {n \in G.node : Predecessors(G, n) = {}}

Leaves(G) == {n \in G.node : Successors(G, n) = {}}
-------------------------------------------------------------------------------
EmptyGraph == [node |-> {}, edge |-> {}]

Graphs(S) ==
  (* Every graph whose set of nodes is S. *)
  {[node |-> S, edge |-> E] : E \in SUBSET (S \X S)}
===============================================================================
