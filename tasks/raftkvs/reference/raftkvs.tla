---- MODULE raftkvs ----
(***************************************************************************)
(* Reference model of PGo's Raft key-value store                          *)
(* (systems/raftkvs/raftkvs.go), written for SysMoBench-rs from the        *)
(* generated Go code.                                                      *)
(*                                                                         *)
(* Servers 1..NumServers each run five archetypes that share the server's  *)
(* Raft state: AServer (serverLoop + handleMsg: take one message from the  *)
(* mailbox and handle it), AServerRequestVote (an election timeout, then   *)
(* one RequestVote request per peer), AServerAppendEntries (a leader's     *)
(* AppendEntries requests), AServerAdvanceCommitIndex (a leader computes   *)
(* the highest index stored on a quorum in its current term, then commits  *)
(* and applies one entry at a time, answering the client) and              *)
(* AServerBecomeLeader (a candidate with a quorum of votes becomes         *)
(* leader). One client (node ClientId = 6 * NumServers + 1, as in the      *)
(* code) sends its requests one at a time to the server it believes leads  *)
(* and waits for the answer. Every action below is one critical section    *)
(* of the code; the receive of serverLoop is folded into the handleMsg     *)
(* step that handles the message.                                          *)
(*                                                                         *)
(* Network: the code's relaxed TCP mailboxes deliver every message once,   *)
(* in order per connection. AppendEntries requests, whose order matters    *)
(* (a request truncates the follower's log after its prevLogIndex), travel *)
(* on per-pair FIFO channels `aeNet[i][j]` of at most BufferSize requests; *)
(* every other message is an element of the set `net` (unordered; two     *)
(* identical messages in flight at once are one). Bounds for model         *)
(* checking: terms stop at MaxTerm, the client sends NumRequests requests, *)
(* and ClientTimeout fires at most MaxClientTimeouts times.                *)
(***************************************************************************)
EXTENDS Naturals, Sequences, FiniteSets, TLC

CONSTANTS NumServers, NumRequests, MaxTerm, BufferSize, MaxClientTimeouts

ASSUME NumServers \in Nat \ {0}
ASSUME NumRequests \in 0..4
ASSUME MaxTerm \in Nat \ {0}
ASSUME BufferSize \in Nat \ {0}
ASSUME MaxClientTimeouts \in Nat

Servers == 1..NumServers
ClientId == 6 * NumServers + 1
Nil == 0

\* Server states and message types, as the code spells them.
Follower == "follower"
Candidate == "candidate"
Leader == "leader"
RequestVoteRequest == "rvq"
RequestVoteResponse == "rvp"
AppendEntriesRequest == "apq"
AppendEntriesResponse == "app"
ClientPutRequest == "cpq"
ClientPutResponse == "cpp"
ClientGetRequest == "cgq"
ClientGetResponse == "cgp"
Put == "put"
Get == "get"

\* The client's workload: odd requests put a new value under "key1", even ones read it back.
Key == "key1"
PutValues == <<"value1", "value2">>
Request(n) ==
    IF n % 2 = 1 THEN [type |-> Put, key |-> Key, value |-> PutValues[(n + 1) \div 2]]
    ELSE [type |-> Get, key |-> Key]

IsQuorum(s) == Cardinality(s) * 2 > NumServers
LastTerm(xlog) == IF Len(xlog) = 0 THEN 0 ELSE xlog[Len(xlog)].term
Max2(a, b) == IF a > b THEN a ELSE b

\* The highest index n with {i} \cup {k : matchIndex[k] >= n} a quorum, Nil when none.
FindMaxAgreeIndex(xlog, i, xmatch) ==
    LET agreed == {n \in 1..Len(xlog) : IsQuorum({i} \cup {k \in Servers : xmatch[k] >= n})}
    IN IF agreed = {} THEN Nil ELSE CHOOSE n \in agreed : \A o \in agreed : o <= n

\* The state machine is the value under Key (NoValue when unset, the code's Nil); a put sets it.
NoValue == "none"
ApplyEntry(entry, value) == IF entry.cmd.type = Put THEN entry.cmd.value ELSE value
ApplyLog(xlog, from, to, value) ==
    LET F[k \in (from - 1)..to] == IF k = from - 1 THEN value ELSE ApplyEntry(xlog[k], F[k - 1])
    IN IF from > to THEN value ELSE F[to]

VARIABLES
    state,           \* state[i]: Follower, Candidate or Leader
    currentTerm,     \* currentTerm[i]
    votedFor,        \* votedFor[i]: the server i voted for in its current term, or Nil
    votesResponded,  \* votesResponded[i]: the servers that answered i's RequestVote requests
    votesGranted,    \* votesGranted[i]: the servers that granted i their vote
    leader,          \* leader[i]: the leader i knows of, or Nil
    log,             \* log[i]: a sequence of entries [term, cmd, client]
    commitIndex,     \* commitIndex[i]
    nextIndex,       \* nextIndex[i][j]
    matchIndex,      \* matchIndex[i][j]
    sm,              \* sm[i]: the value of Key in i's state machine, NoValue when unset
    rvPending,       \* rvPending[i]: the peers i still has to send the current RequestVote to
    newCommitIndex,  \* newCommitIndex[i]: the target of i's apply loop
    net,             \* the set of messages in flight, AppendEntries requests excepted
    aeNet,           \* aeNet[i][j]: the FIFO channel of AppendEntries requests from i to j
    clientPc,        \* the client's next label: "clientLoop", "sndReq", "rcvResp" or "Done"
    clientLeader,    \* the server the client believes leads, or Nil
    reqIdx,          \* the index of the client's current request (0 before the first)
    responses,       \* the successful responses the client handed to its output, in order
    clientTimeouts   \* how many times the client gave up waiting

serverVars == <<state, currentTerm, votedFor, votesResponded, votesGranted, leader>>
logVars == <<log, commitIndex, nextIndex, matchIndex, sm, newCommitIndex>>
clientVars == <<clientPc, clientLeader, reqIdx, responses, clientTimeouts>>
vars == <<serverVars, logVars, rvPending, net, aeNet, clientVars>>

Values == {NoValue} \cup {PutValues[n] : n \in 1..Len(PutValues)}
Cmds == {Request(n) @@ [idx |-> n] : n \in 1..NumRequests}
Entries == [term : 1..MaxTerm, cmd : Cmds, client : {ClientId}]

TypeOK ==
    /\ state \in [Servers -> {Follower, Candidate, Leader}]
    /\ currentTerm \in [Servers -> 1..MaxTerm]
    /\ votedFor \in [Servers -> {Nil} \cup Servers]
    /\ votesResponded \in [Servers -> SUBSET Servers]
    /\ votesGranted \in [Servers -> SUBSET Servers]
    /\ leader \in [Servers -> {Nil} \cup Servers]
    /\ \A i \in Servers : log[i] \in Seq(Entries)
    /\ commitIndex \in [Servers -> Nat]
    /\ nextIndex \in [Servers -> [Servers -> Nat \ {0}]]
    /\ matchIndex \in [Servers -> [Servers -> Nat]]
    /\ sm \in [Servers -> Values]
    /\ rvPending \in [Servers -> SUBSET Servers]
    /\ newCommitIndex \in [Servers -> Nat]
    /\ \A i, j \in Servers : Len(aeNet[i][j]) <= BufferSize
    /\ clientPc \in {"clientLoop", "sndReq", "rcvResp", "Done"}
    /\ clientLeader \in {Nil} \cup Servers
    /\ reqIdx \in 0..NumRequests
    /\ clientTimeouts \in 0..MaxClientTimeouts

Init ==
    /\ state = [i \in Servers |-> Follower]
    /\ currentTerm = [i \in Servers |-> 1]
    /\ votedFor = [i \in Servers |-> Nil]
    /\ votesResponded = [i \in Servers |-> {}]
    /\ votesGranted = [i \in Servers |-> {}]
    /\ leader = [i \in Servers |-> Nil]
    /\ log = [i \in Servers |-> <<>>]
    /\ commitIndex = [i \in Servers |-> 0]
    /\ nextIndex = [i \in Servers |-> [j \in Servers |-> 1]]
    /\ matchIndex = [i \in Servers |-> [j \in Servers |-> 0]]
    /\ sm = [i \in Servers |-> NoValue]
    /\ rvPending = [i \in Servers |-> {}]
    /\ newCommitIndex = [i \in Servers |-> 0]
    /\ net = {}
    /\ aeNet = [i \in Servers |-> [j \in Servers |-> <<>>]]
    /\ clientPc = "clientLoop"
    /\ clientLeader = Nil
    /\ reqIdx = 0
    /\ responses = <<>>
    /\ clientTimeouts = 0

---------------------------------------------------------------------------
\* AServerRequestVote

\* serverRequestVoteLoop: the election timer of a follower or candidate fires; it starts an
\* election in the next term and votes for itself.
ServerTimeout(i) ==
    /\ rvPending[i] = {}
    /\ state[i] \in {Follower, Candidate}
    /\ currentTerm[i] < MaxTerm
    /\ state' = [state EXCEPT ![i] = Candidate]
    /\ currentTerm' = [currentTerm EXCEPT ![i] = @ + 1]
    /\ votedFor' = [votedFor EXCEPT ![i] = i]
    /\ votesResponded' = [votesResponded EXCEPT ![i] = {i}]
    /\ votesGranted' = [votesGranted EXCEPT ![i] = {i}]
    /\ leader' = [leader EXCEPT ![i] = Nil]
    /\ rvPending' = [rvPending EXCEPT ![i] = Servers \ {i}]
    /\ UNCHANGED <<logVars, net, aeNet, clientVars>>

\* requestVoteLoop: one RequestVote request to the next peer, in id order, carrying the
\* current term and log, whatever happened since the timeout.
RequestVote(i, j) ==
    /\ rvPending[i] # {}
    /\ j = CHOOSE k \in rvPending[i] : \A o \in rvPending[i] : k <= o
    /\ net' = net \cup {[mtype |-> RequestVoteRequest, mterm |-> currentTerm[i],
                         mlastLogTerm |-> LastTerm(log[i]), mlastLogIndex |-> Len(log[i]),
                         msource |-> i, mdest |-> j]}
    /\ rvPending' = [rvPending EXCEPT ![i] = @ \ {j}]
    /\ UNCHANGED <<serverVars, logVars, aeNet, clientVars>>

---------------------------------------------------------------------------
\* AServerBecomeLeader

\* serverBecomeLeaderLoop: a candidate holding a quorum of votes becomes leader.
BecomeLeader(i) ==
    /\ state[i] = Candidate
    /\ IsQuorum(votesGranted[i])
    /\ state' = [state EXCEPT ![i] = Leader]
    /\ nextIndex' = [nextIndex EXCEPT ![i] = [j \in Servers |-> Len(log[i]) + 1]]
    /\ matchIndex' = [matchIndex EXCEPT ![i] = [j \in Servers |-> 0]]
    /\ leader' = [leader EXCEPT ![i] = i]
    /\ UNCHANGED <<currentTerm, votedFor, votesResponded, votesGranted, log, commitIndex, sm,
                   newCommitIndex, rvPending, net, aeNet, clientVars>>

---------------------------------------------------------------------------
\* AServerAppendEntries

\* appendEntriesLoop: the leader sends peer j the entries from nextIndex[i][j] on, with the
\* index and term of the entry before them and its commit index.
AppendEntries(i, j) ==
    /\ state[i] = Leader
    /\ j # i
    /\ Len(aeNet[i][j]) < BufferSize
    /\ LET prevLogIndex == nextIndex[i][j] - 1
           prevLogTerm == IF prevLogIndex > 0 THEN log[i][prevLogIndex].term ELSE 0
       IN aeNet' = [aeNet EXCEPT ![i][j] =
                      Append(@, [mtype |-> AppendEntriesRequest, mterm |-> currentTerm[i],
                                 mprevLogIndex |-> prevLogIndex, mprevLogTerm |-> prevLogTerm,
                                 mentries |-> SubSeq(log[i], nextIndex[i][j], Len(log[i])),
                                 mcommitIndex |-> commitIndex[i], msource |-> i, mdest |-> j])]
    /\ UNCHANGED <<serverVars, logVars, rvPending, net, clientVars>>

---------------------------------------------------------------------------
\* AServerAdvanceCommitIndex

\* serverAdvanceCommitIndexLoop: once its apply loop is done, a leader sets its target to the
\* highest index stored on a quorum, when that entry is of its current term (the steps that
\* find nothing new change nothing and are left out).
AdvanceCommitIndex(i) ==
    /\ state[i] = Leader
    /\ commitIndex[i] >= newCommitIndex[i]
    /\ LET maxAgree == FindMaxAgreeIndex(log[i], i, matchIndex[i])
       IN /\ maxAgree # Nil
          /\ log[i][maxAgree].term = currentTerm[i]
          /\ maxAgree > commitIndex[i]
          /\ newCommitIndex' = [newCommitIndex EXCEPT ![i] = maxAgree]
    /\ UNCHANGED <<serverVars, log, commitIndex, nextIndex, matchIndex, sm, rvPending, net, aeNet,
                   clientVars>>

\* applyLoop: commit the next entry, apply it to the state machine and answer its client.
LeaderApply(i) ==
    /\ commitIndex[i] < newCommitIndex[i]
    /\ commitIndex[i] + 1 <= Len(log[i])
    /\ LET k == commitIndex[i] + 1
           entry == log[i][k]
           value == ApplyEntry(entry, sm[i])
       IN /\ commitIndex' = [commitIndex EXCEPT ![i] = k]
          /\ sm' = [sm EXCEPT ![i] = value]
          /\ net' = net \cup
                {[mtype |-> IF entry.cmd.type = Put THEN ClientPutResponse ELSE ClientGetResponse,
                  msuccess |-> TRUE,
                  mresponse |-> [idx |-> entry.cmd.idx, key |-> entry.cmd.key, value |-> value,
                                 ok |-> value # NoValue],
                  mleaderHint |-> i, msource |-> i, mdest |-> entry.client]}
    /\ UNCHANGED <<serverVars, log, nextIndex, matchIndex, newCommitIndex, rvPending, aeNet,
                   clientVars>>

---------------------------------------------------------------------------
\* AServer: handleMsg, one action per message type. A message of a higher term first makes the
\* server a follower of that term (UpdateTerm).

NewTerm(i, m) == Max2(currentTerm[i], m.mterm)
NewState(i, m) == IF m.mterm > currentTerm[i] THEN Follower ELSE state[i]
NewVotedFor(i, m) == IF m.mterm > currentTerm[i] THEN Nil ELSE votedFor[i]
NewLeader(i, m) == IF m.mterm > currentTerm[i] THEN Nil ELSE leader[i]

HandleRequestVoteRequest(i, m) ==
    /\ m \in net
    /\ m.mdest = i
    /\ m.mtype = RequestVoteRequest
    /\ LET j == m.msource
           logOK == \/ m.mlastLogTerm > LastTerm(log[i])
                    \/ /\ m.mlastLogTerm = LastTerm(log[i])
                       /\ m.mlastLogIndex >= Len(log[i])
           grant == /\ m.mterm = NewTerm(i, m)
                    /\ logOK
                    /\ NewVotedFor(i, m) \in {Nil, j}
       IN /\ currentTerm' = [currentTerm EXCEPT ![i] = NewTerm(i, m)]
          /\ state' = [state EXCEPT ![i] = NewState(i, m)]
          /\ leader' = [leader EXCEPT ![i] = NewLeader(i, m)]
          /\ votedFor' = [votedFor EXCEPT ![i] = IF grant THEN j ELSE NewVotedFor(i, m)]
          /\ net' = (net \ {m}) \cup
                {[mtype |-> RequestVoteResponse, mterm |-> NewTerm(i, m), mvoteGranted |-> grant,
                  msource |-> i, mdest |-> j]}
    /\ UNCHANGED <<votesResponded, votesGranted, logVars, rvPending, aeNet, clientVars>>

HandleRequestVoteResponse(i, m) ==
    /\ m \in net
    /\ m.mdest = i
    /\ m.mtype = RequestVoteResponse
    /\ currentTerm' = [currentTerm EXCEPT ![i] = NewTerm(i, m)]
    /\ state' = [state EXCEPT ![i] = NewState(i, m)]
    /\ leader' = [leader EXCEPT ![i] = NewLeader(i, m)]
    /\ votedFor' = [votedFor EXCEPT ![i] = NewVotedFor(i, m)]
    /\ IF m.mterm < currentTerm[i]
       THEN UNCHANGED <<votesResponded, votesGranted>>
       ELSE /\ votesResponded' = [votesResponded EXCEPT ![i] = @ \cup {m.msource}]
            /\ votesGranted' = [votesGranted EXCEPT ![i] =
                                  IF m.mvoteGranted THEN @ \cup {m.msource} ELSE @]
    /\ net' = net \ {m}
    /\ UNCHANGED <<logVars, rvPending, aeNet, clientVars>>

HandleAppendEntriesRequest(i, j) ==
    /\ aeNet[j][i] # <<>>
    /\ LET m == Head(aeNet[j][i])
           term == NewTerm(i, m)
           logOK == \/ m.mprevLogIndex = 0
                    \/ /\ m.mprevLogIndex > 0
                       /\ m.mprevLogIndex <= Len(log[i])
                       /\ m.mprevLogTerm = log[i][m.mprevLogIndex].term
           st == IF m.mterm = term /\ NewState(i, m) = Candidate THEN Follower ELSE NewState(i, m)
           reject == \/ m.mterm < term
                     \/ m.mterm = term /\ st = Follower /\ ~logOK
           newLog == SubSeq(log[i], 1, m.mprevLogIndex) \o m.mentries
       IN /\ currentTerm' = [currentTerm EXCEPT ![i] = term]
          /\ state' = [state EXCEPT ![i] = st]
          /\ votedFor' = [votedFor EXCEPT ![i] = NewVotedFor(i, m)]
          /\ leader' = [leader EXCEPT ![i] = IF m.mterm = term THEN j ELSE NewLeader(i, m)]
          /\ aeNet' = [aeNet EXCEPT ![j][i] = Tail(@)]
          /\ IF reject
             THEN /\ net' = net \cup
                        {[mtype |-> AppendEntriesResponse, mterm |-> term, msuccess |-> FALSE,
                          mmatchIndex |-> 0, msource |-> i, mdest |-> j]}
                  /\ UNCHANGED <<log, commitIndex, sm>>
             ELSE /\ log' = [log EXCEPT ![i] = newLog]
                  /\ sm' = [sm EXCEPT ![i] = ApplyLog(newLog, commitIndex[i] + 1, m.mcommitIndex, sm[i])]
                  /\ commitIndex' = [commitIndex EXCEPT ![i] = Max2(@, m.mcommitIndex)]
                  /\ net' = net \cup
                        {[mtype |-> AppendEntriesResponse, mterm |-> term, msuccess |-> TRUE,
                          mmatchIndex |-> m.mprevLogIndex + Len(m.mentries),
                          msource |-> i, mdest |-> j]}
    /\ UNCHANGED <<votesResponded, votesGranted, nextIndex, matchIndex, newCommitIndex, rvPending,
                   clientVars>>

HandleAppendEntriesResponse(i, m) ==
    /\ m \in net
    /\ m.mdest = i
    /\ m.mtype = AppendEntriesResponse
    /\ currentTerm' = [currentTerm EXCEPT ![i] = NewTerm(i, m)]
    /\ state' = [state EXCEPT ![i] = NewState(i, m)]
    /\ leader' = [leader EXCEPT ![i] = NewLeader(i, m)]
    /\ votedFor' = [votedFor EXCEPT ![i] = NewVotedFor(i, m)]
    /\ IF m.mterm < currentTerm[i]
       THEN UNCHANGED <<nextIndex, matchIndex>>
       ELSE IF m.msuccess
            THEN /\ nextIndex' = [nextIndex EXCEPT ![i][m.msource] = m.mmatchIndex + 1]
                 /\ matchIndex' = [matchIndex EXCEPT ![i][m.msource] = m.mmatchIndex]
            ELSE /\ nextIndex' = [nextIndex EXCEPT ![i][m.msource] = Max2(@ - 1, 1)]
                 /\ UNCHANGED matchIndex
    /\ net' = net \ {m}
    /\ UNCHANGED <<votesResponded, votesGranted, log, commitIndex, sm, newCommitIndex, rvPending,
                   aeNet, clientVars>>

\* A client request: a leader appends it to its log; any other server answers with a failure
\* and the leader it knows of.
HandleClientRequest(i, m) ==
    /\ m \in net
    /\ m.mdest = i
    /\ m.mtype \in {ClientPutRequest, ClientGetRequest}
    /\ IF state[i] = Leader
       THEN /\ log' = [log EXCEPT ![i] = Append(@, [term |-> currentTerm[i], cmd |-> m.mcmd,
                                                   client |-> m.msource])]
            /\ net' = net \ {m}
       ELSE /\ net' = (net \ {m}) \cup
                {[mtype |-> IF m.mcmd.type = Put THEN ClientPutResponse ELSE ClientGetResponse,
                  msuccess |-> FALSE, mresponse |-> [idx |-> m.mcmd.idx, key |-> m.mcmd.key],
                  mleaderHint |-> leader[i], msource |-> i, mdest |-> m.msource]}
            /\ UNCHANGED log
    /\ UNCHANGED <<serverVars, commitIndex, nextIndex, matchIndex, sm, newCommitIndex, rvPending,
                   aeNet, clientVars>>

---------------------------------------------------------------------------
\* AClient

\* clientLoop: take the next request.
ClientRequest ==
    /\ clientPc = "clientLoop"
    /\ reqIdx < NumRequests
    /\ reqIdx' = reqIdx + 1
    /\ clientPc' = "sndReq"
    /\ UNCHANGED <<serverVars, logVars, rvPending, net, aeNet, clientLeader, responses,
                   clientTimeouts>>

\* sndReq: send the request to the leader it believes in, or to any server when it knows none.
ClientSendRequest(s) ==
    /\ clientPc = "sndReq"
    /\ IF clientLeader = Nil THEN s \in Servers ELSE s = clientLeader
    /\ clientLeader' = s
    /\ LET req == Request(reqIdx)
       IN net' = net \cup
             {[mtype |-> IF req.type = Put THEN ClientPutRequest ELSE ClientGetRequest,
               mcmd |-> req @@ [idx |-> reqIdx], msource |-> ClientId, mdest |-> s]}
    /\ clientPc' = "rcvResp"
    /\ UNCHANGED <<serverVars, logVars, rvPending, aeNet, reqIdx, responses, clientTimeouts>>

\* rcvResp: take a response. A response to an older request is dropped; a failure sends the
\* request again to the hinted leader; a success is handed to the client's output.
ClientReceiveResponse(m) ==
    /\ clientPc = "rcvResp"
    /\ m \in net
    /\ m.mdest = ClientId
    /\ net' = net \ {m}
    /\ IF m.mresponse.idx # reqIdx
       THEN UNCHANGED <<clientPc, clientLeader, responses>>
       ELSE /\ clientLeader' = m.mleaderHint
            /\ IF m.msuccess
               THEN /\ responses' = Append(responses, m.mresponse)
                    /\ clientPc' = IF reqIdx = NumRequests THEN "Done" ELSE "clientLoop"
               ELSE /\ clientPc' = "sndReq"
                    /\ UNCHANGED responses
    /\ UNCHANGED <<serverVars, logVars, rvPending, aeNet, reqIdx, clientTimeouts>>

\* rcvResp, the other branch: the client gives up waiting and will pick a server again.
ClientTimeout ==
    /\ clientPc = "rcvResp"
    /\ clientTimeouts < MaxClientTimeouts
    /\ clientTimeouts' = clientTimeouts + 1
    /\ clientLeader' = Nil
    /\ clientPc' = "sndReq"
    /\ UNCHANGED <<serverVars, logVars, rvPending, net, aeNet, reqIdx, responses>>

---------------------------------------------------------------------------

Next ==
    \/ \E i \in Servers :
          \/ ServerTimeout(i)
          \/ \E j \in Servers : RequestVote(i, j)
          \/ BecomeLeader(i)
          \/ \E j \in Servers : AppendEntries(i, j)
          \/ AdvanceCommitIndex(i)
          \/ LeaderApply(i)
          \/ \E j \in Servers : HandleAppendEntriesRequest(i, j)
          \/ \E m \in net :
                \/ HandleRequestVoteRequest(i, m)
                \/ HandleRequestVoteResponse(i, m)
                \/ HandleAppendEntriesResponse(i, m)
                \/ HandleClientRequest(i, m)
    \/ ClientRequest
    \/ \E s \in Servers : ClientSendRequest(s)
    \/ \E m \in net : ClientReceiveResponse(m)
    \/ ClientTimeout

\* Every server handles the messages sent to it and the client takes its responses; elections,
\* AppendEntries and commits are left to chance (the code's timers), so no liveness of the
\* protocol itself is claimed.
Fairness ==
    /\ \A i \in Servers :
          /\ WF_vars(\E j \in Servers : HandleAppendEntriesRequest(i, j))
          /\ WF_vars(\E m \in net : HandleRequestVoteRequest(i, m) \/ HandleRequestVoteResponse(i, m)
                                    \/ HandleAppendEntriesResponse(i, m) \/ HandleClientRequest(i, m))
          /\ WF_vars(\E j \in Servers : RequestVote(i, j))
          /\ WF_vars(LeaderApply(i))
    /\ WF_vars(\E m \in net : ClientReceiveResponse(m))

Spec == Init /\ [][Next]_vars /\ Fairness

---------------------------------------------------------------------------
\* Invariants (the templates of invariants.toml, concretised).

\* At most one leader per term.
ElectionSafety ==
    \A i, j \in Servers :
        (state[i] = Leader /\ state[j] = Leader /\ currentTerm[i] = currentTerm[j]) => i = j

\* Two logs with an entry of the same index and term agree on every entry up to it.
LogMatching ==
    \A i, j \in Servers : \A n \in 1..Len(log[i]) :
        (n <= Len(log[j]) /\ log[i][n].term = log[j][n].term) =>
            SubSeq(log[i], 1, n) = SubSeq(log[j], 1, n)

\* Entries committed by some server: its log up to its commit index.
Committed(i) == SubSeq(log[i], 1, commitIndex[i])

\* A leader's log holds every entry committed in an earlier term, on any server.
LeaderCompleteness ==
    \A i, j \in Servers :
        state[i] = Leader =>
            \A n \in 1..commitIndex[j] :
                log[j][n].term < currentTerm[i] => (n <= Len(log[i]) /\ log[i][n] = log[j][n])

\* No two servers commit different entries at the same index.
StateMachineSafety ==
    \A i, j \in Servers : \A n \in 1..commitIndex[i] :
        n <= commitIndex[j] => log[i][n] = log[j][n]

\* A server commits only entries it holds, and its state machine is its committed log applied.
CommitIndexBounded ==
    \A i \in Servers :
        /\ commitIndex[i] <= Len(log[i])
        /\ sm[i] = ApplyLog(log[i], 1, commitIndex[i], NoValue)

\* Commit indices never decrease, and a leader's apply target never falls below them for long:
\* checked as an action property.
CommitIndexMonotonic == [][\A i \in Servers : commitIndex'[i] >= commitIndex[i]]_vars

\* Every successful response the client received answers its request in order: the n-th
\* carries index n and the key; a put returns the value it wrote, a get one that an earlier put
\* of the client wrote.
ClientResponsesMatchRequests ==
    \A n \in 1..Len(responses) :
        /\ responses[n].idx = n
        /\ responses[n].key = Request(n).key
        /\ IF Request(n).type = Put
           THEN responses[n].value = Request(n).value
           ELSE responses[n].value \in {Request(k).value : k \in {k \in 1..(n - 1) : Request(k).type = Put}}
=============================================================================
