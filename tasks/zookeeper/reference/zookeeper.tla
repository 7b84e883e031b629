---- MODULE zookeeper ----
(***************************************************************************)
(* Reference model of ZooKeeper's Fast Leader Election, release 3.8.0,     *)
(* FastLeaderElection.java with Vote.java and the parts of QuorumPeer.java *)
(* it calls, written for SysMoBench-rs.                                    *)
(*                                                                         *)
(*   lookForLeader()  = StartElection: logicalclock++, propose oneself     *)
(*                      (id, lastLoggedZxid, currentEpoch), notify every   *)
(*                      voter, oneself included.                           *)
(*   WorkerReceiver + one iteration of lookForLeader's loop on that        *)
(*                    = Notification: the receiver answers a lagging       *)
(*                      LOOKING sender, adopts a higher round or a better  *)
(*                      vote (totalOrderPredicate: epoch, zxid, id),       *)
(*                      records the vote, or follows an established       *)
(*                      leader (receivedFollowingNotification).            *)
(*   the quorum test and finalizeWait = Decide: a quorum of the recorded   *)
(*                      votes of this round equals the proposal and no     *)
(*                      better notification is waiting.                    *)
(*   recvqueue.poll timing out = Timeout: notify every voter again.        *)
(*                                                                         *)
(* A decided server can return to LOOKING (its leader is lost, it loses    *)
(* its followers, or it restarts): StartElection again, bounded by         *)
(* MaxRound. The network holds one notification per ordered pair of       *)
(* servers: QuorumCnxManager's send queue to a peer has capacity one and   *)
(* a newer notification replaces one not yet sent. A server's own vote is  *)
(* queued for itself directly (toSend to one's own id), so it is recorded  *)
(* when it is sent. Zab's                                                  *)
(* discovery and synchronisation after an election are out of scope, so    *)
(* lastZxid and currentEpoch are the servers' fixed on-disk data.          *)
(***************************************************************************)
EXTENDS Naturals, FiniteSets, TLC

CONSTANTS
    Server,     \* server ids (numbers: the vote order compares them)
    MaxRound,   \* bound on every server's logical clock
    Zxids,      \* possible last logged zxids of a server at start
    Epochs      \* possible accepted epochs (currentEpoch) of a server at start

LOOKING == "LOOKING"
FOLLOWING == "FOLLOWING"
LEADING == "LEADING"

VARIABLES
    state,          \* QuorumPeer's ServerState
    started,        \* whether the server has called lookForLeader() yet
    currentEpoch,   \* the accepted epoch on disk (the vote's peerEpoch)
    lastZxid,       \* the last logged zxid on disk
    logicalClock,   \* FastLeaderElection.logicalclock (the election round)
    proposal,       \* proposedLeader, proposedZxid, proposedEpoch
    currentVote,    \* the vote the election ended with (QuorumPeer's currentVote)
    recvVotes,      \* lookForLeader's recvset: votes of the current round, by sender
    outVotes,       \* lookForLeader's outofelection: votes of decided servers
    net             \* net[p][q]: the notification from p to q in flight, or NoMsg

vars == <<state, started, currentEpoch, lastZxid, logicalClock, proposal, currentVote,
          recvVotes, outVotes, net>>

Quorums == {Q \in SUBSET Server : 2 * Cardinality(Q) > Cardinality(Server)}

\* A vote as recorded in recvset / outofelection, and the empty slot. A notification in
\* flight has the same fields (its sender and receiver are its place in net).
NoVote == [leader |-> 0, zxid |-> 0, epoch |-> 0, round |-> 0, vstate |-> "NONE"]
NoMsg == NoVote

\* The vote a server starts every election with.
Own(s) == [leader |-> s, zxid |-> lastZxid[s], epoch |-> currentEpoch[s]]

\* totalOrderPredicate(new = a, current = b): epoch, then zxid, then server id.
Better(a, b) ==
    \/ a.epoch > b.epoch
    \/ a.epoch = b.epoch /\ a.zxid > b.zxid
    \/ a.epoch = b.epoch /\ a.zxid = b.zxid /\ a.leader > b.leader

\* Vote.equals: full comparison if either vote is LOOKING, else leader and peer epoch.
SameVote(a, b) ==
    IF a.vstate = LOOKING \/ b.vstate = LOOKING
    THEN a.leader = b.leader /\ a.zxid = b.zxid /\ a.epoch = b.epoch /\ a.round = b.round
    ELSE a.leader = b.leader /\ a.epoch = b.epoch

\* SyncedLearnerTracker.hasAllQuorums over getVoteTracker(votes, v).
HasQuorum(votes, v) ==
    {q \in Server : votes[q] # NoVote /\ SameVote(votes[q], v)} \in Quorums

\* checkLeader: another leader must have said it leads; oneself, only in one's own round.
CheckLeader(s, votes, leader, round) ==
    IF leader # s
    THEN votes[leader] # NoVote /\ votes[leader].vstate = LEADING
    ELSE logicalClock[s] = round

Role(s, leader) == IF leader = s THEN LEADING ELSE FOLLOWING

Vote(v, round, st) ==
    [leader |-> v.leader, zxid |-> v.zxid, epoch |-> v.epoch, round |-> round, vstate |-> st]

Triple(v) == [leader |-> v.leader, zxid |-> v.zxid, epoch |-> v.epoch]

NoVotes == [q \in Server |-> NoVote]

\* sendNotifications(): a LOOKING notification to every other voter (replacing what is
\* still queued for it), and one's own vote recorded in one's tally.
Broadcast(n, s, v, round) ==
    [n EXCEPT ![s] = [q \in Server |-> IF q = s THEN NoMsg ELSE Vote(v, round, LOOKING)]]

Pending(s) == {q \in Server : net[q][s] # NoMsg}

TypeOK ==
    /\ state \in [Server -> {LOOKING, FOLLOWING, LEADING}]
    /\ started \in [Server -> BOOLEAN]
    /\ currentEpoch \in [Server -> Epochs]
    /\ lastZxid \in [Server -> Zxids]
    /\ logicalClock \in [Server -> 0..MaxRound]
    /\ \A s \in Server : proposal[s].leader \in Server
    /\ \A s \in Server : state[s] # LOOKING => currentVote[s].leader \in Server
    /\ \A s, q \in Server : recvVotes[s][q] = NoVote \/ recvVotes[s][q].leader \in Server
    /\ \A s, q \in Server : outVotes[s][q] = NoVote \/ outVotes[s][q].vstate \in {FOLLOWING, LEADING}
    /\ \A p, q \in Server : net[p][q] = NoMsg \/ (p # q /\ net[p][q].leader \in Server
                                /\ net[p][q].vstate \in {LOOKING, FOLLOWING, LEADING})

Init ==
    /\ state = [s \in Server |-> LOOKING]
    /\ started = [s \in Server |-> FALSE]
    /\ currentEpoch \in [Server -> Epochs]
    /\ lastZxid \in [Server -> Zxids]
    /\ logicalClock = [s \in Server |-> 0]
    /\ proposal = [s \in Server |-> Own(s)]
    /\ currentVote = [s \in Server |-> NoVote]
    /\ recvVotes = [s \in Server |-> NoVotes]
    /\ outVotes = [s \in Server |-> NoVotes]
    /\ net = [p \in Server |-> [q \in Server |-> NoMsg]]

(***************************************************************************)
(* lookForLeader() is called: when the peer starts, and again whenever a   *)
(* decided server returns to LOOKING.                                      *)
(***************************************************************************)
StartElection(s) ==
    LET round == logicalClock[s] + 1
    IN  /\ IF started[s] THEN state[s] # LOOKING ELSE TRUE
        /\ logicalClock[s] < MaxRound
        /\ started' = [started EXCEPT ![s] = TRUE]
        /\ state' = [state EXCEPT ![s] = LOOKING]
        /\ logicalClock' = [logicalClock EXCEPT ![s] = round]
        /\ proposal' = [proposal EXCEPT ![s] = Own(s)]
        /\ currentVote' = [currentVote EXCEPT ![s] = NoVote]
        /\ recvVotes' = [recvVotes EXCEPT ![s] = [NoVotes EXCEPT ![s] = Vote(Own(s), round, LOOKING)]]
        /\ outVotes' = [outVotes EXCEPT ![s] = NoVotes]
        /\ net' = Broadcast(net, s, Own(s), round)
        /\ UNCHANGED <<currentEpoch, lastZxid>>

\* The end of an election: the role, the final vote, lookForLeader's maps dropped.
Conclude(s, v, round) ==
    /\ state' = [state EXCEPT ![s] = Role(s, v.leader)]
    /\ currentVote' = [currentVote EXCEPT ![s] = Vote(v, round, Role(s, v.leader))]
    /\ recvVotes' = [recvVotes EXCEPT ![s] = NoVotes]
    /\ outVotes' = [outVotes EXCEPT ![s] = NoVotes]

\* A LOOKING notification n from p reaches a LOOKING server s; rest is the network without n.
LookingNotification(s, p, n, rest) ==
    CASE n.round > logicalClock[s] ->
             \* a newer round: adopt it, restart the tally, propose the better vote
             LET v == IF Better(n, Own(s)) THEN Triple(n) ELSE Own(s)
             IN  /\ logicalClock' = [logicalClock EXCEPT ![s] = n.round]
                 /\ proposal' = [proposal EXCEPT ![s] = v]
                 /\ recvVotes' = [recvVotes EXCEPT ![s] =
                        [NoVotes EXCEPT ![p] = n, ![s] = Vote(v, n.round, LOOKING)]]
                 /\ net' = Broadcast(rest, s, v, n.round)
      [] n.round < logicalClock[s] ->
             \* a lagging sender: WorkerReceiver answers with the current proposal
             /\ net' = [rest EXCEPT ![s][p] = Vote(proposal[s], logicalClock[s], LOOKING)]
             /\ UNCHANGED <<logicalClock, proposal, recvVotes>>
      [] OTHER ->
             /\ IF Better(n, proposal[s])
                THEN /\ proposal' = [proposal EXCEPT ![s] = Triple(n)]
                     /\ net' = Broadcast(rest, s, n, logicalClock[s])
                     /\ recvVotes' = [recvVotes EXCEPT ![s][p] = n,
                                           ![s][s] = Vote(n, logicalClock[s], LOOKING)]
                ELSE /\ net' = rest
                     /\ recvVotes' = [recvVotes EXCEPT ![s][p] = n]
                     /\ UNCHANGED proposal
             /\ UNCHANGED logicalClock

\* A FOLLOWING or LEADING notification n from p reaches a LOOKING server s
\* (receivedFollowingNotification / receivedLeadingNotification).
DecidedNotification(s, p, n, rest) ==
    LET inRound == n.round = logicalClock[s]
        recv1 == IF inRound THEN [recvVotes[s] EXCEPT ![p] = n] ELSE recvVotes[s]
        out1 == [outVotes[s] EXCEPT ![p] = n]
        joinRound == inRound /\ HasQuorum(recv1, n) /\ CheckLeader(s, recv1, n.leader, n.round)
        joinLeader == HasQuorum(out1, n) /\ CheckLeader(s, out1, n.leader, n.round)
    IN  /\ net' = rest
        /\ IF joinRound \/ joinLeader
           THEN /\ Conclude(s, n, n.round)
                /\ logicalClock' = [logicalClock EXCEPT ![s] = n.round]
           ELSE /\ recvVotes' = [recvVotes EXCEPT ![s] = recv1]
                /\ outVotes' = [outVotes EXCEPT ![s] = out1]
                /\ UNCHANGED <<state, currentVote, logicalClock>>
        /\ UNCHANGED proposal

(***************************************************************************)
(* Server s receives and handles the notification in flight from p.       *)
(***************************************************************************)
Notification(s) ==
    /\ started[s]
    /\ \E p \in Pending(s) :
        LET n == net[p][s]
            rest == [net EXCEPT ![p][s] = NoMsg]
        IN  IF state[s] # LOOKING
            THEN \* a decided server answers a LOOKING sender with its final vote
                 /\ net' = IF n.vstate = LOOKING
                           THEN [rest EXCEPT ![s][p] =
                                    Vote(currentVote[s], currentVote[s].round, state[s])]
                           ELSE rest
                 /\ UNCHANGED <<state, logicalClock, proposal, currentVote, recvVotes, outVotes>>
            ELSE IF n.vstate = LOOKING
                 THEN /\ LookingNotification(s, p, n, rest)
                      /\ UNCHANGED <<state, currentVote, outVotes>>
                 ELSE DecidedNotification(s, p, n, rest)
    /\ UNCHANGED <<started, currentEpoch, lastZxid>>

(***************************************************************************)
(* A quorum of this round's votes equals the proposal, and no better       *)
(* notification waits in the queue (finalizeWait): the election ends.      *)
(***************************************************************************)
Decide(s) ==
    LET v == Vote(proposal[s], logicalClock[s], LOOKING)
    IN  /\ started[s]
        /\ state[s] = LOOKING
        /\ HasQuorum(recvVotes[s], v)
        /\ ~\E p \in Pending(s) : Better(net[p][s], proposal[s])
        /\ Conclude(s, v, logicalClock[s])
        /\ UNCHANGED <<started, currentEpoch, lastZxid, logicalClock, proposal, net>>

(***************************************************************************)
(* Nothing arrived within the notification timeout: notify every other     *)
(* voter again.                                                            *)
(***************************************************************************)
Timeout(s) ==
    /\ started[s]
    /\ state[s] = LOOKING
    /\ Pending(s) = {}
    /\ net' = Broadcast(net, s, proposal[s], logicalClock[s])
    /\ net' # net
    /\ UNCHANGED <<state, started, currentEpoch, lastZxid, logicalClock, proposal, currentVote,
                   recvVotes, outVotes>>

Next ==
    \E s \in Server :
        \/ StartElection(s)
        \/ Notification(s)
        \/ Decide(s)
        \/ Timeout(s)

\* Weak fairness on every server's steps: started servers keep receiving and deciding.
Spec == Init /\ [][Next]_vars /\ \A s \in Server : WF_vars(Notification(s)) /\ WF_vars(Decide(s))

-----------------------------------------------------------------------------
(* Invariants (the templates of invariants.toml, concretised). *)

\* A LEADING server's final vote names itself; a FOLLOWING server's names another server.
RoleMatchesVote ==
    \A s \in Server :
        /\ state[s] = LEADING => currentVote[s].leader = s
        /\ state[s] = FOLLOWING => currentVote[s].leader # s

\* Every vote, wherever it is, carries the on-disk data of the server it names.
VotesWellFormed ==
    LET Carries(v) == v.zxid = lastZxid[v.leader] /\ v.epoch = currentEpoch[v.leader]
    IN  /\ \A s \in Server : Carries(proposal[s])
        /\ \A s \in Server : state[s] # LOOKING => Carries(currentVote[s])
        /\ \A s, q \in Server : recvVotes[s][q] # NoVote => Carries(recvVotes[s][q])
        /\ \A p, q \in Server : net[p][q] # NoMsg => Carries(net[p][q])

\* A LOOKING server's tally holds only votes of its current round.
TallyInCurrentRound ==
    \A s, q \in Server :
        (state[s] = LOOKING /\ recvVotes[s][q] # NoVote) => recvVotes[s][q].round = logicalClock[s]

\* A server never proposes a vote worse than its own.
ProposalAtLeastOwn == \A s \in Server : ~Better(Own(s), proposal[s])

\* A leader's (epoch, zxid, id) is at least that of every server of some quorum.
LeaderHighestInQuorum ==
    \A s \in Server :
        state[s] = LEADING => \E Q \in Quorums : \A q \in Q : ~Better(Own(q), Own(s))

\* Within one round a LOOKING server's proposal only gets better.
ProposalMonotoneInRound ==
    [][\A s \in Server :
          (state[s] = LOOKING /\ state'[s] = LOOKING /\ logicalClock'[s] = logicalClock[s])
              => ~Better(proposal[s], proposal'[s])]_vars

\* A server's logical clock never goes back while it is LOOKING.
LogicalClockMonotoneWhileLooking ==
    [][\A s \in Server : state'[s] = LOOKING => logicalClock'[s] >= logicalClock[s]]_vars

\* Once every server has started, every server eventually decides (one election per server).
ElectionTerminates == (\A s \in Server : started[s]) ~> (\A s \in Server : state[s] # LOOKING)

\* Once every server has started, some server eventually leads (one election per server).
LeaderElected == (\A s \in Server : started[s]) ~> (\E s \in Server : state[s] = LEADING)

====
