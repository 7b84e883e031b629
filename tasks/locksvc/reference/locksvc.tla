---- MODULE locksvc ----
(***************************************************************************)
(* Reference model of PGo's lock service (systems/locksvc/locksvc.go),     *)
(* written for SysMoBench-rs from the generated Go code.                   *)
(*                                                                         *)
(* A server (node ServerID = 0) and clients 1..NumClients exchange         *)
(* messages through per-node mailboxes (`network`). A client sends a lock  *)
(* request [from, type |-> LockMsg] to the server (acquireLock), waits for *)
(* a GrantMsg in its own mailbox and sets hasLock (criticalSection), then  *)
(* clears hasLock and sends [from, type |-> UnlockMsg] (unlock), and is    *)
(* done. The server loops: it takes a message from its mailbox into `msg`  *)
(* (serverReceive), then (serverRespond) appends the sender of a lock      *)
(* request to its queue `q`, granting at once if the queue was empty, or,  *)
(* for an unlock, drops the queue's head and grants the new head if any.   *)
(* Every label is one atomic step; the loop head serverLoop (while TRUE)   *)
(* is folded into serverReceive.                                           *)
(***************************************************************************)
EXTENDS Naturals, Sequences, FiniteSets, TLC

CONSTANT NumClients

ASSUME NumClients \in Nat \ {0}

ServerID == 0
Clients == 1..NumClients
Nodes == {ServerID} \cup Clients

LockMsg == 1
UnlockMsg == 2
GrantMsg == 3

\* Messages to the server are records; the server's reply is the bare GrantMsg.
ServerMsgs == [from : Clients, type : {LockMsg, UnlockMsg}]

VARIABLES
    network,  \* network[n]: the mailbox of node n, a sequence of messages in arrival order
    pc,       \* pc[n]: the next label of node n
    msg,      \* the server's local: the message it took last (a placeholder before any)
    q,        \* the server's local: the queue of clients waiting for (or holding) the lock
    hasLock   \* hasLock[c]: the client's flag, TRUE while it is in its critical section

vars == <<network, pc, msg, q, hasLock>>

NoMsg == [from |-> 1, type |-> 0]

TypeOK ==
    /\ DOMAIN network = Nodes
    /\ network[ServerID] \in Seq(ServerMsgs)
    /\ \A c \in Clients : network[c] \in Seq({GrantMsg})
    /\ pc[ServerID] \in {"serverReceive", "serverRespond"}
    /\ \A c \in Clients : pc[c] \in {"acquireLock", "criticalSection", "unlock", "Done"}
    /\ msg \in ServerMsgs \cup {NoMsg}
    /\ q \in Seq(Clients)
    /\ hasLock \in [Clients -> BOOLEAN]

Init ==
    /\ network = [n \in Nodes |-> <<>>]
    /\ pc = [n \in Nodes |-> IF n = ServerID THEN "serverReceive" ELSE "acquireLock"]
    /\ msg = NoMsg
    /\ q = <<>>
    /\ hasLock = [c \in Clients |-> FALSE]

Send(n, m) == network' = [network EXCEPT ![n] = Append(@, m)]

\* acquireLock: the client sends a lock request to the server.
AcquireLock(c) ==
    /\ pc[c] = "acquireLock"
    /\ Send(ServerID, [from |-> c, type |-> LockMsg])
    /\ pc' = [pc EXCEPT ![c] = "criticalSection"]
    /\ UNCHANGED <<msg, q, hasLock>>

\* criticalSection: the client receives the grant and sets its hasLock flag.
CriticalSection(c) ==
    /\ pc[c] = "criticalSection"
    /\ network[c] # <<>>
    /\ Assert(Head(network[c]) = GrantMsg, "a client received something other than a grant")
    /\ network' = [network EXCEPT ![c] = Tail(@)]
    /\ hasLock' = [hasLock EXCEPT ![c] = TRUE]
    /\ pc' = [pc EXCEPT ![c] = "unlock"]
    /\ UNCHANGED <<msg, q>>

\* unlock: the client clears hasLock and sends an unlock message; it is then done.
Unlock(c) ==
    /\ pc[c] = "unlock"
    /\ hasLock' = [hasLock EXCEPT ![c] = FALSE]
    /\ Send(ServerID, [from |-> c, type |-> UnlockMsg])
    /\ pc' = [pc EXCEPT ![c] = "Done"]
    /\ UNCHANGED <<msg, q>>

\* serverReceive: the server takes the next message of its mailbox into msg.
ServerReceive ==
    /\ pc[ServerID] = "serverReceive"
    /\ network[ServerID] # <<>>
    /\ msg' = Head(network[ServerID])
    /\ network' = [network EXCEPT ![ServerID] = Tail(@)]
    /\ pc' = [pc EXCEPT ![ServerID] = "serverRespond"]
    /\ UNCHANGED <<q, hasLock>>

\* serverRespond: a lock request joins the queue (granted at once if the queue was empty);
\* an unlock removes the queue's head and grants the next client, if any.
ServerRespond ==
    /\ pc[ServerID] = "serverRespond"
    /\ IF msg.type = LockMsg
          THEN /\ IF q = <<>> THEN Send(msg.from, GrantMsg) ELSE UNCHANGED network
               /\ q' = Append(q, msg.from)
          ELSE IF msg.type = UnlockMsg
                  THEN /\ q' = Tail(q)
                       /\ IF q' # <<>> THEN Send(Head(q'), GrantMsg) ELSE UNCHANGED network
                  ELSE UNCHANGED <<network, q>>
    /\ pc' = [pc EXCEPT ![ServerID] = "serverReceive"]
    /\ UNCHANGED <<msg, hasLock>>

\* Every client is done and the server waits on an empty mailbox: nothing more happens.
Terminated ==
    /\ \A c \in Clients : pc[c] = "Done"
    /\ pc[ServerID] = "serverReceive"
    /\ network[ServerID] = <<>>
    /\ UNCHANGED vars

Next ==
    \/ \E c \in Clients : AcquireLock(c) \/ CriticalSection(c) \/ Unlock(c)
    \/ ServerReceive
    \/ ServerRespond
    \/ Terminated

Fairness ==
    /\ \A c \in Clients :
          WF_vars(AcquireLock(c)) /\ WF_vars(CriticalSection(c)) /\ WF_vars(Unlock(c))
    /\ WF_vars(ServerReceive)
    /\ WF_vars(ServerRespond)

Spec == Init /\ [][Next]_vars /\ Fairness

---------------------------------------------------------------------------
\* Invariants (the templates of invariants.toml, concretised).

Range(s) == {s[i] : i \in 1..Len(s)}

\* How many grants are in flight in the clients' mailboxes.
GrantsInFlight == LET G[k \in 0..NumClients] == IF k = 0 THEN 0 ELSE G[k - 1] + Len(network[k])
                  IN G[NumClients]

\* At most one client holds the lock.
MutualExclusion == \A c1, c2 \in Clients : hasLock[c1] /\ hasLock[c2] => c1 = c2

\* There is at most one grant: in flight, or held by the client in its critical section.
SingleGrant == GrantsInFlight + Cardinality({c \in Clients : hasLock[c]}) <= 1

\* A client that holds the lock or has a grant on its way is at the head of the server's queue.
GrantedIsQueueHead ==
    \A c \in Clients : (hasLock[c] \/ network[c] # <<>>) => (q # <<>> /\ Head(q) = c)

\* No client is queued twice.
QueueHasNoDuplicates == Cardinality(Range(q)) = Len(q)

\* hasLock is set exactly between receiving the grant and unlocking.
HasLockMatchesControl == \A c \in Clients : hasLock[c] <=> pc[c] = "unlock"

\* Liveness, under weak fairness of every node's steps: a client that asked for the lock gets
\* it (the queue is first come, first served), and every client eventually finishes.
EventualAcquire == \A c \in Clients : pc[c] = "criticalSection" ~> hasLock[c]
AllClientsDone == <>(\A c \in Clients : pc[c] = "Done")
=============================================================================
