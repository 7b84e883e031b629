---------------------------- MODULE UndirectedGraphs ---------------------------
(*****************************************************************************)
(* Undirected graphs, after the CommunityModules documentation.  A graph is *)
(* a record [node |-> N, edge |-> E] whose edges are sets {a, b} of one or  *)
(* two nodes, so every edge goes both ways.  Written for SysMoBench-rs.     *)
(* SimplePath, AreConnectedIn and ConnectedComponents are built into the    *)
(* evaluator (TLC overrides them); the rest are defined in TLA+.            *)
(*****************************************************************************)
LOCAL INSTANCE Naturals
LOCAL INSTANCE Sequences
LOCAL INSTANCE SequencesExt
LOCAL INSTANCE FiniteSets
LOCAL INSTANCE Folds
LOCAL INSTANCE Functions

IsUndirectedGraph(G) ==
  (* G has exactly the fields node and edge, and each edge joins nodes. *)
  /\ DOMAIN G = {"node", "edge"}
  /\ G.edge \subseteq {{a, b} : a, b \in G.node}

IsLoopFreeUndirectedGraph(G) ==
  (* As above, and no edge joins a node to itself. *)
  /\ IsUndirectedGraph(G)
  /\ \A e \in G.edge : Cardinality(e) = 2

UndirectedSubgraph(G) ==
  (* The graphs made of some of G's nodes and some of G's edges among them. *)
  UNION { {[node |-> N, edge |-> E] :
             E \in SUBSET (G.edge \cap {{a, b} : a, b \in N})} :
          N \in SUBSET G.node }
-------------------------------------------------------------------------------
Path(G) ==
  (* The non-empty sequences of nodes in which consecutive nodes share an *)
  (* edge of G.                                                           *)
  {p \in Seq(G.node) : /\ p # << >>
                       /\ \A i \in 1 .. (Len(p) - 1) : {p[i], p[i + 1]} \in G.edge}

SimplePath(G) ==
  (* The paths of G that visit no node twice (so no longer than G has nodes). *)
  {p \in SeqOf(G.node, Cardinality(G.node)) :
     /\ p # << >>
     /\ Cardinality(ToSet(p)) = Len(p)
     /\ \A i \in 1 .. (Len(p) - 1) : {p[i], p[i + 1]} \in G.edge}

AreConnectedIn(m, n, G) ==
  (* Some path of G leads from m to n (a simple one, if any does). *)
  \E p \in SimplePath(G) : p[1] = m /\ Last(p) = n
-------------------------------------------------------------------------------
ConnectedComponents(G) ==
  (* The maximal non-empty sets of nodes any two of which a path joins.  In *)
  (* an undirected graph these are the classes of the relation "connected", *)
  (* so each one is the set of nodes connected to one of its nodes.        *)
  {{n \in G.node : AreConnectedIn(m, n, G)} : m \in G.node}

IsStronglyConnected(G) ==
  (* G has exactly one connected component, which holds all of its nodes. *)
  /\ G.node # {}
  /\ \A m, n \in G.node : AreConnectedIn(m, n, G)
-------------------------------------------------------------------------------
UndirectedGraphs(S) ==
  (* Every undirected graph whose set of nodes is S (loops included). *)
  {[node |-> S, edge |-> E] : E \in SUBSET {{a, b} : a, b \in S}}
===============================================================================
