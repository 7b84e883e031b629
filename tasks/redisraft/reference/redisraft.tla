---- MODULE redisraft ----
(***************************************************************************)
(* Reference model of the Raft library vendored by RedisRaft (deps/raft,  *)
(* src/raft_server.c at commit ade4aa8e), written for SysMoBench-rs from  *)
(* the C code.                                                             *)
(*                                                                         *)
(* One step per call into the library, as the code does it: the election  *)
(* timeout (raft_periodic -> raft_election_start), a leader's heartbeat    *)
(* (raft_periodic, with its quorum check), a client entry                 *)
(* (raft_recv_entry) and the handling of one message (raft_recv_...). The *)
(* messages a call sends through the send callbacks are sent in the       *)
(* same step. Covered: pre-vote (a pre-candidate asks for votes in the    *)
(* next term without changing its own), elections, the no-op entry of a  *)
(* new leader, replication with the optimistic next index (every entry    *)
(* from next_idx in one request), conflict deletion, retry from the       *)
(* follower's last index and commit advancement (only entries of the      *)
(* leader's term). The network loses, duplicates and reorders messages.   *)
(* Left out: message ids (stale responses are told apart only by term and *)
(* match index), snapshots, configuration changes, leadership transfer,   *)
(* read requests and the state machine.                                    *)
(***************************************************************************)
EXTENDS Naturals, Sequences, FiniteSets, TLC

CONSTANTS
    Servers,      \* the voting nodes
    MaxTerm,      \* no election timeout fires once a server's term is MaxTerm
    MaxLogLen,    \* a leader takes no client entry once its log has this length
    MaxMessages,  \* no timeout, heartbeat or client entry with this many messages in flight (model bound)
    Nil           \* RAFT_NODE_ID_NONE

VARIABLES
    currentTerm,  \* me->current_term
    state,        \* me->state: "Follower", "PreCandidate", "Candidate" or "Leader"
    votedFor,     \* me->voted_for
    leaderId,     \* me->leader_id
    log,          \* the log: a sequence of entry terms
    commitIndex,  \* me->commit_idx
    votesForMe,   \* the other nodes whose voted_for_me flag is set (pre-votes or votes)
    nextIndex,    \* a leader's next_idx of every node
    matchIndex,   \* a leader's match_idx of every node
    messages      \* the messages in flight

vars == <<currentTerm, state, votedFor, leaderId, log, commitIndex, votesForMe,
          nextIndex, matchIndex, messages>>

States == {"Follower", "PreCandidate", "Candidate", "Leader"}
MessageTypes == {"RequestVote", "RequestVoteResponse", "AppendEntries", "AppendEntriesResponse"}

Min(a, b) == IF a < b THEN a ELSE b
Max(a, b) == IF a > b THEN a ELSE b
LastTerm(l) == IF Len(l) = 0 THEN 0 ELSE l[Len(l)]
TermAt(l, n) == IF n = 0 THEN 0 ELSE l[n]
Others(i) == Servers \ {i}

(* raft_votes_is_majority: the voter itself plus its voted_for_me flags. *)
IsMajority(votes) == 2 * Cardinality(votes) > Cardinality(Servers)

(***************************************************************************)
(* Messages. Every message has every field; a field its type does not use *)
(* is 0, FALSE or <<>>.                                                    *)
(*   RequestVote: term (the current term + 1 for a pre-vote), prevote,   *)
(*     lastIndex, lastTerm;                                                *)
(*   RequestVoteResponse: term (the voter's), prevote, requestTerm,       *)
(*     success (granted);                                                 *)
(*   AppendEntries: term, prevIndex, prevTerm, entries (terms), commit;   *)
(*   AppendEntriesResponse: term, success, index (current_idx).           *)
(***************************************************************************)
Message(type, from, to, term, prevote, requestTerm, index, logTerm, entries, commit,
        success) ==
    [type |-> type, from |-> from, to |-> to, term |-> term, prevote |-> prevote,
     requestTerm |-> requestTerm, index |-> index, logTerm |-> logTerm,
     entries |-> entries, commit |-> commit, success |-> success]

RequestVote(i, j, term, prevote) ==
    Message("RequestVote", i, j, term, prevote, 0, Len(log[i]), LastTerm(log[i]), <<>>, 0,
            FALSE)

(* raft_send_appendentries: every entry from next_idx, anchored at next_idx - 1. *)
AppendEntries(i, j, term, l, next, commit) ==
    Message("AppendEntries", i, j, term, FALSE, 0, next - 1, TermAt(l, next - 1),
            SubSeq(l, next, Len(l)), commit, FALSE)

TypeOK ==
    /\ currentTerm \in [Servers -> 0..MaxTerm]
    /\ state \in [Servers -> States]
    /\ votedFor \in [Servers -> Servers \cup {Nil}]
    /\ leaderId \in [Servers -> Servers \cup {Nil}]
    /\ \A i \in Servers : log[i] \in Seq(1..MaxTerm)
    /\ commitIndex \in [Servers -> Nat]
    /\ votesForMe \in [Servers -> SUBSET Servers]
    /\ nextIndex \in [Servers -> [Servers -> Nat \ {0}]]
    /\ matchIndex \in [Servers -> [Servers -> Nat]]
    /\ \A m \in messages : m.type \in MessageTypes /\ m.from # m.to

Init ==
    /\ currentTerm = [i \in Servers |-> 0]
    /\ state = [i \in Servers |-> "Follower"]
    /\ votedFor = [i \in Servers |-> Nil]
    /\ leaderId = [i \in Servers |-> Nil]
    /\ log = [i \in Servers |-> <<>>]
    /\ commitIndex = [i \in Servers |-> 0]
    /\ votesForMe = [i \in Servers |-> {}]
    /\ nextIndex = [i \in Servers |-> [j \in Servers |-> 1]]
    /\ matchIndex = [i \in Servers |-> [j \in Servers |-> 0]]
    /\ messages = {}

(* Votes and progress are only read by pre-candidates, candidates and     *)
(* leaders; the model keeps them canonical while a server is a follower.   *)
ClearVotesAndProgress(i) ==
    /\ votesForMe' = [votesForMe EXCEPT ![i] = {}]
    /\ nextIndex' = [nextIndex EXCEPT ![i] = [j \in Servers |-> 1]]
    /\ matchIndex' = [matchIndex EXCEPT ![i] = [j \in Servers |-> 0]]

(* raft_set_current_term(term) followed by raft_become_follower. *)
StepDownToTerm(i, term) ==
    /\ currentTerm' = [currentTerm EXCEPT ![i] = term]
    /\ votedFor' = [votedFor EXCEPT ![i] = IF term > currentTerm[i] THEN Nil ELSE votedFor[i]]
    /\ state' = [state EXCEPT ![i] = "Follower"]
    /\ leaderId' = [leaderId EXCEPT ![i] = Nil]
    /\ ClearVotesAndProgress(i)

Send(S) == messages' = messages \cup S
Reply(S, m) == messages' = (messages \ {m}) \cup S
Discard(m) == messages' = messages \ {m}

RoomFor(n) == Cardinality(messages) + n <= MaxMessages

(***************************************************************************)
(* raft_periodic at a non-leader whose election timer fired:              *)
(* raft_election_start forgets the leader and raft_become_precandidate    *)
(* clears the votes and sends a pre-vote RequestVote for current_term + 1 *)
(* to every other node. The term and the vote do not change.              *)
(***************************************************************************)
ElectionTimeout(i) ==
    /\ state[i] # "Leader"
    /\ currentTerm[i] < MaxTerm
    /\ RoomFor(Cardinality(Servers) - 1)
    /\ state' = [state EXCEPT ![i] = "PreCandidate"]
    /\ leaderId' = [leaderId EXCEPT ![i] = Nil]
    /\ votesForMe' = [votesForMe EXCEPT ![i] = {}]
    /\ Send({RequestVote(i, j, currentTerm[i] + 1, TRUE) : j \in Others(i)})
    /\ UNCHANGED <<currentTerm, votedFor, log, commitIndex, nextIndex, matchIndex>>

(***************************************************************************)
(* raft_recv_requestvote at i. A pre-vote is refused while i follows      *)
(* another leader (leader_id set and not the candidate; the code also     *)
(* needs i's timer to be below election_timeout, which the model takes as *)
(* always true for a server with a leader, see the README). A real vote   *)
(* with a higher term first makes i a follower of that term. Refused: an  *)
(* older term, another vote in this term, a less up-to-date log. A real   *)
(* vote is recorded and forgets the leader. The response carries i's term.*)
(***************************************************************************)
HandleRequestVote(i, m) ==
    LET newer == ~m.prevote /\ m.term > currentTerm[i]
        term == IF newer THEN m.term ELSE currentTerm[i]
        vote == IF newer THEN Nil ELSE votedFor[i]
        busy == m.prevote /\ leaderId[i] \notin {Nil, m.from}
        upToDate == \/ m.logTerm > LastTerm(log[i])
                    \/ m.logTerm = LastTerm(log[i]) /\ m.index >= Len(log[i])
        grant == /\ ~busy
                 /\ term <= m.term
                 /\ (term = m.term => vote \in {Nil, m.from})
                 /\ upToDate
        response == Message("RequestVoteResponse", i, m.from, term, m.prevote, m.term, 0, 0,
                            <<>>, 0, grant)
    IN /\ m.type = "RequestVote" /\ m.to = i
       /\ Reply({response}, m)
       /\ IF newer
          THEN /\ currentTerm' = [currentTerm EXCEPT ![i] = m.term]
               /\ state' = [state EXCEPT ![i] = "Follower"]
               /\ ClearVotesAndProgress(i)
          ELSE UNCHANGED <<currentTerm, state, votesForMe, nextIndex, matchIndex>>
       /\ votedFor' = [votedFor EXCEPT ![i] = IF grant /\ ~m.prevote THEN m.from ELSE vote]
       /\ leaderId' = [leaderId EXCEPT ![i] =
                          IF newer \/ (grant /\ ~m.prevote) THEN Nil ELSE leaderId[i]]
       /\ UNCHANGED <<log, commitIndex>>

(* raft_become_leader: the no-op entry of the term, every node's next_idx *)
(* at that entry and match_idx 0, and an AppendEntries to each (carrying  *)
(* the no-op), after which next_idx is past it.                           *)
BecomeLeader(i, m) ==
    LET l == Append(log[i], currentTerm[i])
    IN /\ state' = [state EXCEPT ![i] = "Leader"]
       /\ leaderId' = [leaderId EXCEPT ![i] = i]
       /\ log' = [log EXCEPT ![i] = l]
       /\ votesForMe' = [votesForMe EXCEPT ![i] = {}]
       /\ nextIndex' = [nextIndex EXCEPT ![i] = [j \in Servers |-> Len(l) + 1]]
       /\ matchIndex' = [matchIndex EXCEPT ![i] = [j \in Servers |-> 0]]
       /\ Reply({AppendEntries(i, j, currentTerm[i], l, Len(l), commitIndex[i]) :
                     j \in Others(i)}, m)
       /\ UNCHANGED <<currentTerm, votedFor>>

(* raft_become_candidate: the next term, a vote for itself, RequestVotes. *)
BecomeCandidate(i, m) ==
    /\ currentTerm' = [currentTerm EXCEPT ![i] = currentTerm[i] + 1]
    /\ state' = [state EXCEPT ![i] = "Candidate"]
    /\ votedFor' = [votedFor EXCEPT ![i] = i]
    /\ leaderId' = [leaderId EXCEPT ![i] = Nil]
    /\ votesForMe' = [votesForMe EXCEPT ![i] = {}]
    /\ Reply({RequestVote(i, j, currentTerm[i] + 1, FALSE) : j \in Others(i)}, m)
    /\ UNCHANGED <<log, nextIndex, matchIndex>>

(***************************************************************************)
(* raft_recv_requestvote_response at i. A higher term makes i a follower. *)
(* A pre-vote answer counts only at a pre-candidate whose next term it    *)
(* was; a vote only at a candidate of its term. A majority of pre-votes   *)
(* makes i a candidate, a majority of votes makes it leader.              *)
(***************************************************************************)
HandleRequestVoteResponse(i, m) ==
    /\ m.type = "RequestVoteResponse" /\ m.to = i
    /\ IF m.term > currentTerm[i]
       THEN /\ StepDownToTerm(i, m.term)
            /\ Discard(m)
            /\ UNCHANGED <<log, commitIndex>>
       ELSE IF \/ ~m.success
               \/ m.prevote /\ (state[i] # "PreCandidate" \/ m.requestTerm # currentTerm[i] + 1)
               \/ ~m.prevote /\ (state[i] # "Candidate" \/ m.requestTerm # currentTerm[i])
       THEN /\ Discard(m)
            /\ UNCHANGED <<currentTerm, state, votedFor, leaderId, log, commitIndex, votesForMe,
                           nextIndex, matchIndex>>
       ELSE LET votes == votesForMe[i] \cup {m.from}
            IN IF ~IsMajority(votes \cup {i})
               THEN /\ votesForMe' = [votesForMe EXCEPT ![i] = votes]
                    /\ Discard(m)
                    /\ UNCHANGED <<currentTerm, state, votedFor, leaderId, log, commitIndex,
                                   nextIndex, matchIndex>>
               ELSE IF m.prevote
               THEN /\ BecomeCandidate(i, m)
                    /\ UNCHANGED commitIndex
               ELSE /\ BecomeLeader(i, m)
                    /\ UNCHANGED commitIndex

(* raft_update_commit_idx: the highest index a majority (the leader with  *)
(* its whole log, the others by match_idx) stores, if of the current term.*)
NewCommit(i, l, match) ==
    LET stored(n) == {i} \cup {j \in Others(i) : match[j] >= n}
        majority == {n \in 0..Len(l) : n = 0 \/ IsMajority(stored(n))}
        top == CHOOSE n \in majority : \A n2 \in majority : n2 <= n
    IN IF top > commitIndex[i] /\ l[top] = currentTerm[i] THEN top ELSE commitIndex[i]

(***************************************************************************)
(* raft_recv_entry at the leader: the entry gets the current term and is  *)
(* appended; raft_flush then updates the commit index and sends an        *)
(* AppendEntries to every node whose next_idx is not past the log.        *)
(***************************************************************************)
ClientRequest(i) ==
    LET l == Append(log[i], currentTerm[i])
        commit == NewCommit(i, l, matchIndex[i])
        targets == {j \in Others(i) : nextIndex[i][j] <= Len(l)}
    IN /\ state[i] = "Leader"
       /\ Len(log[i]) < MaxLogLen
       /\ RoomFor(Cardinality(targets))
       /\ log' = [log EXCEPT ![i] = l]
       /\ commitIndex' = [commitIndex EXCEPT ![i] = commit]
       /\ nextIndex' = [nextIndex EXCEPT ![i] =
                           [j \in Servers |-> IF j \in targets THEN Len(l) + 1
                                              ELSE nextIndex[i][j]]]
       /\ Send({AppendEntries(i, j, currentTerm[i], l, nextIndex[i][j], commit) : j \in targets})
       /\ UNCHANGED <<currentTerm, state, votedFor, leaderId, votesForMe, matchIndex>>

(***************************************************************************)
(* raft_periodic at a leader whose request timeout passed: an             *)
(* AppendEntries to every other node (empty unless next_idx lags). In the *)
(* same call, the quorum check may find that no majority acknowledged the *)
(* leader since the last check: it then becomes a follower of its term.   *)
(* The model has no clock and no message ids, so it lets the check step   *)
(* the leader down at any heartbeat (stepDown).                           *)
(***************************************************************************)
Heartbeat(i) ==
    /\ state[i] = "Leader"
    /\ RoomFor(Cardinality(Servers) - 1)
    /\ Send({AppendEntries(i, j, currentTerm[i], log[i], nextIndex[i][j], commitIndex[i]) :
                 j \in Others(i)})
    /\ \E stepDown \in BOOLEAN :
          IF stepDown
          THEN /\ state' = [state EXCEPT ![i] = "Follower"]
               /\ leaderId' = [leaderId EXCEPT ![i] = Nil]
               /\ ClearVotesAndProgress(i)
          ELSE /\ nextIndex' = [nextIndex EXCEPT ![i] = [j \in Servers |-> Len(log[i]) + 1]]
               /\ UNCHANGED <<state, leaderId, votesForMe, matchIndex>>
    /\ UNCHANGED <<currentTerm, votedFor, log, commitIndex>>

(* The follower's log after a matching AppendEntries: kept if every entry *)
(* is already there with the same term, else cut after the anchor and the *)
(* entries appended (deleting from the first conflict on).                *)
MergeEntries(l, prev, entries) ==
    IF \A k \in 1..Len(entries) : prev + k <= Len(l) /\ l[prev + k] = entries[k]
    THEN l
    ELSE SubSeq(l, 1, prev) \o entries

(***************************************************************************)
(* raft_recv_appendentries at i. An older term is refused. Otherwise i    *)
(* takes the term, accepts the sender as leader (a non-follower becomes a *)
(* follower). A missing anchor is refused; an anchor of another term is   *)
(* refused and the log deleted from it on (unless it is committed: the    *)
(* code then shuts down, which the model never reaches). A match merges   *)
(* the entries and commits min(leader commit, last index). The response   *)
(* carries i's term and, on success, prevIndex + #entries, else i's last  *)
(* index.                                                                  *)
(***************************************************************************)
HandleAppendEntries(i, m) ==
    /\ m.type = "AppendEntries" /\ m.to = i
    /\ IF m.term < currentTerm[i]
       THEN /\ Reply({Message("AppendEntriesResponse", i, m.from, currentTerm[i], FALSE, 0,
                              Len(log[i]), 0, <<>>, 0, FALSE)}, m)
            /\ UNCHANGED <<currentTerm, state, votedFor, leaderId, log, commitIndex,
                           votesForMe, nextIndex, matchIndex>>
       ELSE
         LET matches == m.index = 0 \/ (m.index <= Len(log[i]) /\ log[i][m.index] = m.logTerm)
             conflict == m.index > 0 /\ m.index <= Len(log[i]) /\ log[i][m.index] # m.logTerm
                         /\ m.index > commitIndex[i]
             l == IF matches THEN MergeEntries(log[i], m.index, m.entries)
                  ELSE IF conflict THEN SubSeq(log[i], 1, m.index - 1)
                  ELSE log[i]
             commit == IF matches /\ commitIndex[i] < m.commit
                       THEN Min(Len(l), m.commit) ELSE commitIndex[i]
             index == IF matches THEN m.index + Len(m.entries) ELSE Len(l)
         IN /\ currentTerm' = [currentTerm EXCEPT ![i] = m.term]
            /\ votedFor' = [votedFor EXCEPT ![i] = IF m.term > currentTerm[i] THEN Nil
                                                   ELSE votedFor[i]]
            /\ state' = [state EXCEPT ![i] = "Follower"]
            /\ leaderId' = [leaderId EXCEPT ![i] = m.from]
            /\ ClearVotesAndProgress(i)
            /\ log' = [log EXCEPT ![i] = l]
            /\ commitIndex' = [commitIndex EXCEPT ![i] = commit]
            /\ Reply({Message("AppendEntriesResponse", i, m.from, m.term, FALSE, 0, index, 0,
                              <<>>, 0, matches)}, m)

(***************************************************************************)
(* raft_recv_appendentries_response at i. Ignored unless i is leader and  *)
(* the term is not older; a newer term makes i a follower. A refusal that *)
(* is not stale (its index not below match_idx) sets next_idx to          *)
(* min(index + 1, last index) and retries at once. A success raises       *)
(* match_idx, then raft_flush updates the commit index and sends to every *)
(* node whose next_idx is not past the log.                                *)
(***************************************************************************)
HandleAppendEntriesResponse(i, m) ==
    /\ m.type = "AppendEntriesResponse" /\ m.to = i
    /\ LET j == m.from IN
       IF state[i] # "Leader" \/ m.term < currentTerm[i]
       THEN /\ Discard(m)
            /\ UNCHANGED <<currentTerm, state, votedFor, leaderId, log, commitIndex, votesForMe,
                           nextIndex, matchIndex>>
       ELSE IF m.term > currentTerm[i]
       THEN /\ StepDownToTerm(i, m.term)
            /\ Discard(m)
            /\ UNCHANGED <<log, commitIndex>>
       ELSE IF ~m.success
       THEN IF m.index < matchIndex[i][j]
            THEN /\ Discard(m)
                 /\ UNCHANGED <<currentTerm, state, votedFor, leaderId, log, commitIndex,
                                votesForMe, nextIndex, matchIndex>>
            ELSE LET next == Min(m.index + 1, Len(log[i]))
                 IN /\ nextIndex' = [nextIndex EXCEPT ![i][j] = Len(log[i]) + 1]
                    /\ Reply({AppendEntries(i, j, currentTerm[i], log[i], next, commitIndex[i])},
                             m)
                    /\ UNCHANGED <<currentTerm, state, votedFor, leaderId, log, commitIndex,
                                   votesForMe, matchIndex>>
       ELSE LET match == [matchIndex[i] EXCEPT ![j] = Max(@, m.index)]
                commit == NewCommit(i, log[i], match)
                targets == {k \in Others(i) : nextIndex[i][k] <= Len(log[i])}
            IN /\ matchIndex' = [matchIndex EXCEPT ![i] = match]
               /\ commitIndex' = [commitIndex EXCEPT ![i] = commit]
               /\ nextIndex' = [nextIndex EXCEPT ![i] =
                                   [k \in Servers |-> IF k \in targets THEN Len(log[i]) + 1
                                                      ELSE nextIndex[i][k]]]
               /\ Reply({AppendEntries(i, k, currentTerm[i], log[i], nextIndex[i][k], commit) :
                             k \in targets}, m)
               /\ UNCHANGED <<currentTerm, state, votedFor, leaderId, log, votesForMe>>

(* The network loses a message. *)
DropMessage(m) ==
    /\ Discard(m)
    /\ UNCHANGED <<currentTerm, state, votedFor, leaderId, log, commitIndex, votesForMe,
                   nextIndex, matchIndex>>

Next ==
    \/ \E i \in Servers : ElectionTimeout(i)
    \/ \E i \in Servers : ClientRequest(i)
    \/ \E i \in Servers : Heartbeat(i)
    \/ \E m \in messages : HandleRequestVote(m.to, m)
    \/ \E m \in messages : HandleRequestVoteResponse(m.to, m)
    \/ \E m \in messages : HandleAppendEntries(m.to, m)
    \/ \E m \in messages : HandleAppendEntriesResponse(m.to, m)
    \/ \E m \in messages : DropMessage(m)

Spec == Init /\ [][Next]_vars

(* The servers are interchangeable (SYMMETRY in the cfg; no liveness is checked). *)
Symmetry == Permutations(Servers)

(***************************************************************************)
(* Invariant templates, concretised (see invariants.toml).                *)
(***************************************************************************)
ElectionSafety ==
    \A i, j \in Servers :
        (state[i] = "Leader" /\ state[j] = "Leader" /\ currentTerm[i] = currentTerm[j]) => i = j

LogMatching ==
    \A i, j \in Servers : \A n \in 1..Min(Len(log[i]), Len(log[j])) :
        log[i][n] = log[j][n] => SubSeq(log[i], 1, n) = SubSeq(log[j], 1, n)

LeaderCompleteness ==
    \A i, j \in Servers :
        (state[i] = "Leader" /\ currentTerm[j] <= currentTerm[i])
            => /\ commitIndex[j] <= Len(log[i])
               /\ SubSeq(log[i], 1, commitIndex[j]) = SubSeq(log[j], 1, commitIndex[j])

StateMachineSafety ==
    \A i, j \in Servers :
        LET n == Min(commitIndex[i], commitIndex[j])
        IN SubSeq(log[i], 1, n) = SubSeq(log[j], 1, n)

CommitWithinLog == \A i \in Servers : commitIndex[i] <= Len(log[i])

LeaderHasNoopOfItsTerm ==
    \A i \in Servers : state[i] = "Leader" => \E n \in 1..Len(log[i]) : log[i][n] = currentTerm[i]

CandidateVotesForItself ==
    \A i \in Servers : state[i] \in {"Candidate", "Leader"} => votedFor[i] = i

FollowedLeaderIsCurrent ==
    \A i \in Servers : leaderId[i] # Nil => currentTerm[leaderId[i]] >= currentTerm[i]

CommitIndexMonotonic == [][\A i \in Servers : commitIndex'[i] >= commitIndex[i]]_vars

TermMonotonic == [][\A i \in Servers : currentTerm'[i] >= currentTerm[i]]_vars

PreVoteKeepsTerm ==
    [][\A i \in Servers : state'[i] = "PreCandidate" => currentTerm'[i] = currentTerm[i]]_vars
====
