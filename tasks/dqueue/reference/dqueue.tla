---- MODULE dqueue ----
(***************************************************************************)
(* Reference model of PGo's distributed queue (systems/dqueue/dqueue.go),  *)
(* written for SysMoBench-rs from the generated Go code.                   *)
(*                                                                         *)
(* One producer (node PRODUCER) and consumers 1..NUM_CONSUMERS exchange    *)
(* messages through per-node FIFO mailboxes (`network`). A consumer sends  *)
(* its own id to the producer as a request (label c1), then waits for one  *)
(* item in its own mailbox and hands it to its output channel `proc` (c2). *)
(* The producer takes a request from its mailbox into `requester` (p1),    *)
(* then reads the next item of its input stream `s` and sends it to the    *)
(* requesting consumer's mailbox (p2). Every label is one atomic step; the *)
(* loop heads `c` and `p` (while TRUE) are folded into the labels after    *)
(* them. The input stream holds the items 1..NUM_ITEMS; a write to a full  *)
(* mailbox (BUFFER_SIZE messages) blocks.                                  *)
(***************************************************************************)
EXTENDS Naturals, Sequences, FiniteSets, TLC

CONSTANTS NUM_CONSUMERS, PRODUCER, BUFFER_SIZE, NUM_ITEMS

ASSUME NUM_CONSUMERS \in Nat \ {0}
ASSUME PRODUCER = 0
ASSUME BUFFER_SIZE \in Nat \ {0}
ASSUME NUM_ITEMS \in Nat

Consumers == 1..NUM_CONSUMERS
Nodes == {PRODUCER} \cup Consumers
Items == 1..NUM_ITEMS

VARIABLES
    network,    \* network[n]: the mailbox of node n, a FIFO sequence of messages
    pc,         \* pc[n]: the next label of node n
    requester,  \* the producer's local: the consumer whose request it took (0 before any)
    produced,   \* how many items the producer has read from its input stream s
    proc        \* proc[c]: the items consumer c has written to its output channel

vars == <<network, pc, requester, produced, proc>>

TypeOK ==
    /\ network \in [Nodes -> Seq(Consumers \cup Items)]
    /\ pc \in [Nodes -> {"c1", "c2", "p1", "p2"}]
    /\ \A c \in Consumers : pc[c] \in {"c1", "c2"}
    /\ pc[PRODUCER] \in {"p1", "p2"}
    /\ requester \in {0} \cup Consumers
    /\ produced \in 0..NUM_ITEMS
    /\ proc \in [Consumers -> Seq(Items)]

Init ==
    /\ network = [n \in Nodes |-> <<>>]
    /\ pc = [n \in Nodes |-> IF n = PRODUCER THEN "p1" ELSE "c1"]
    /\ requester = 0
    /\ produced = 0
    /\ proc = [c \in Consumers |-> <<>>]

\* Appending to a mailbox blocks while it holds BUFFER_SIZE messages.
CanSend(n) == Len(network[n]) < BUFFER_SIZE

\* c1: the consumer writes its id into the producer's mailbox.
ConsumerRequest(c) ==
    /\ pc[c] = "c1"
    /\ CanSend(PRODUCER)
    /\ network' = [network EXCEPT ![PRODUCER] = Append(@, c)]
    /\ pc' = [pc EXCEPT ![c] = "c2"]
    /\ UNCHANGED <<requester, produced, proc>>

\* c2: the consumer reads one item from its own mailbox and writes it to proc.
ConsumerReceive(c) ==
    /\ pc[c] = "c2"
    /\ network[c] # <<>>
    /\ proc' = [proc EXCEPT ![c] = Append(@, Head(network[c]))]
    /\ network' = [network EXCEPT ![c] = Tail(@)]
    /\ pc' = [pc EXCEPT ![c] = "c1"]
    /\ UNCHANGED <<requester, produced>>

\* p1: the producer reads a request from its own mailbox into requester.
ProducerReceive ==
    /\ pc[PRODUCER] = "p1"
    /\ network[PRODUCER] # <<>>
    /\ requester' = Head(network[PRODUCER])
    /\ network' = [network EXCEPT ![PRODUCER] = Tail(@)]
    /\ pc' = [pc EXCEPT ![PRODUCER] = "p2"]
    /\ UNCHANGED <<produced, proc>>

\* p2: the producer reads the next item of s and writes it to the requester's mailbox.
\* Reading s blocks once the stream is exhausted.
ProducerSend ==
    /\ pc[PRODUCER] = "p2"
    /\ produced < NUM_ITEMS
    /\ CanSend(requester)
    /\ produced' = produced + 1
    /\ network' = [network EXCEPT ![requester] = Append(@, produced + 1)]
    /\ pc' = [pc EXCEPT ![PRODUCER] = "p1"]
    /\ UNCHANGED <<requester, proc>>

\* Every item has been delivered: the system only waits from now on.
Finished ==
    /\ produced = NUM_ITEMS
    /\ \A c \in Consumers : network[c] = <<>>
    /\ UNCHANGED vars

Next ==
    \/ \E c \in Consumers : ConsumerRequest(c) \/ ConsumerReceive(c)
    \/ ProducerReceive
    \/ ProducerSend
    \/ Finished

Fairness ==
    /\ \A c \in Consumers : WF_vars(ConsumerRequest(c)) /\ WF_vars(ConsumerReceive(c))
    /\ WF_vars(ProducerReceive)
    /\ WF_vars(ProducerSend)

Spec == Init /\ [][Next]_vars /\ Fairness

---------------------------------------------------------------------------
\* Invariants (the templates of invariants.toml, concretised).

\* All items written to the output channels, in order of consumer and position.
Consumed == UNION {{proc[c][i] : i \in 1..Len(proc[c])} : c \in Consumers}
\* The total length of the consumers' sequences f[1], ..., f[NUM_CONSUMERS].
TotalLen(f) == LET S[k \in 0..NUM_CONSUMERS] == IF k = 0 THEN 0 ELSE S[k - 1] + Len(f[k])
               IN S[NUM_CONSUMERS]
ConsumedCount == TotalLen(proc)
InFlight == UNION {{network[c][i] : i \in 1..Len(network[c])} : c \in Consumers}
InFlightCount == TotalLen([c \in Consumers |-> network[c]])

\* No item is consumed twice, by the same consumer or by two consumers.
NoDuplicateConsumption ==
    /\ Cardinality(Consumed) = ConsumedCount
    /\ Consumed \cap InFlight = {}

\* Each consumer receives items in the order the producer read them.
InOrderDelivery ==
    \A c \in Consumers : \A i \in 1..(Len(proc[c]) - 1) : proc[c][i] < proc[c][i + 1]

\* Every item read from s is either consumed or in a consumer's mailbox, and nothing else is.
NoLostItems ==
    /\ Consumed \cup InFlight = 1..produced
    /\ ConsumedCount + InFlightCount = produced

\* A consumer has at most one request outstanding, and has one exactly while it waits at c2:
\* either still in the producer's mailbox, or taken by the producer, or answered in its mailbox.
RequestAccounting ==
    \A c \in Consumers :
        LET queued == Cardinality({i \in 1..Len(network[PRODUCER]) : network[PRODUCER][i] = c})
            taken == IF pc[PRODUCER] = "p2" /\ requester = c THEN 1 ELSE 0
        IN queued + taken + Len(network[c]) = IF pc[c] = "c2" THEN 1 ELSE 0

\* No mailbox ever holds more than BUFFER_SIZE messages.
BoundedMailboxes == \A n \in Nodes : Len(network[n]) <= BUFFER_SIZE

\* Liveness: under weak fairness of every node's steps, every item of s is eventually consumed.
AllItemsConsumed == <>(ConsumedCount = NUM_ITEMS)
=============================================================================
