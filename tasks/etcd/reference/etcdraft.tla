---- MODULE etcdraft ----
(***************************************************************************)
(* Reference model of etcd's Raft library (go.etcd.io/raft/v3, tag        *)
(* v3.6.0-alpha.0, raft.go), written for SysMoBench-rs.                    *)
(*                                                                         *)
(* One step per message the library handles (raft.Step), as the code     *)
(* does it: a message with a higher term first makes the receiver a       *)
(* follower of that term, then it is processed in the same step; a        *)
(* message with a lower term is dropped. Covered: elections (MsgHup,      *)
(* MsgVote, MsgVoteResp, with the empty entry a new leader appends), log  *)
(* replication (MsgApp with at most one entry, MsgAppResp with the        *)
(* rejection hint), commit advancement (the leader commits only entries   *)
(* of its own term; followers learn the commit index from MsgApp) and     *)
(* client proposals (MsgProp at the leader). The network may lose any     *)
(* message and deliver in any order. Left out: PreVote, CheckQuorum,      *)
(* heartbeats, snapshots, configuration changes, flow control (probe and  *)
(* replicate states, inflight limits) and storage.                        *)
(***************************************************************************)
EXTENDS Naturals, Sequences, FiniteSets, TLC

CONSTANTS
    Servers,      \* the members of the group
    MaxTerm,      \* no election is started past this term
    MaxLogLen,    \* a leader takes no proposal once its log has this length
    MaxMessages,  \* a bound on the messages in flight (a model bound, not the code's)
    Nil           \* "no server": votedFor before voting

VARIABLES
    currentTerm,    \* raft.Term
    state,          \* raft.state: "Follower", "Candidate" or "Leader"
    votedFor,       \* raft.Vote
    log,            \* the raft log: a sequence of entry terms
    commitIndex,    \* raftLog.committed
    votesGranted,   \* a candidate's tracked votes (trk.Votes) that granted
    votesRejected,  \* ... and that rejected
    nextIndex,      \* a leader's Progress[j].Next
    matchIndex,     \* a leader's Progress[j].Match
    messages        \* the messages in flight

vars == <<currentTerm, state, votedFor, log, commitIndex, votesGranted, votesRejected,
          nextIndex, matchIndex, messages>>

Quorums == {Q \in SUBSET Servers : 2 * Cardinality(Q) > Cardinality(Servers)}

LastIndex(l) == Len(l)
LastTerm(l) == IF Len(l) = 0 THEN 0 ELSE l[Len(l)]
TermAt(l, n) == IF n = 0 THEN 0 ELSE l[n]
Min(a, b) == IF a < b THEN a ELSE b
Max(a, b) == IF a > b THEN a ELSE b

MessageTypes == {"MsgVote", "MsgVoteResp", "MsgApp", "MsgAppResp"}

(* Every message has every field; fields a type does not use are 0, FALSE or <<>>. *)
Msg(type, from, to, term, index, logTerm, entries, commit, reject, hint) ==
    [type |-> type, from |-> from, to |-> to, term |-> term, index |-> index,
     logTerm |-> logTerm, entries |-> entries, commit |-> commit, reject |-> reject,
     hint |-> hint]

Send(m) == messages' = messages \cup {m}
Reply(m, request) == messages' = (messages \ {request}) \cup {m}
Discard(m) == messages' = messages \ {m}

TypeOK ==
    /\ currentTerm \in [Servers -> 0..MaxTerm]
    /\ state \in [Servers -> {"Follower", "Candidate", "Leader"}]
    /\ votedFor \in [Servers -> Servers \cup {Nil}]
    /\ \A i \in Servers : log[i] \in Seq(1..MaxTerm)
    /\ commitIndex \in [Servers -> Nat]
    /\ votesGranted \in [Servers -> SUBSET Servers]
    /\ votesRejected \in [Servers -> SUBSET Servers]
    /\ nextIndex \in [Servers -> [Servers -> Nat \ {0}]]
    /\ matchIndex \in [Servers -> [Servers -> Nat]]
    /\ \A m \in messages : m.type \in MessageTypes /\ m.from # m.to

Init ==
    /\ currentTerm = [i \in Servers |-> 0]
    /\ state = [i \in Servers |-> "Follower"]
    /\ votedFor = [i \in Servers |-> Nil]
    /\ log = [i \in Servers |-> <<>>]
    /\ commitIndex = [i \in Servers |-> 0]
    /\ votesGranted = [i \in Servers |-> {}]
    /\ votesRejected = [i \in Servers |-> {}]
    /\ nextIndex = [i \in Servers |-> [j \in Servers |-> 1]]
    /\ matchIndex = [i \in Servers |-> [j \in Servers |-> 0]]
    /\ messages = {}

(* reset(): votes and progress are cleared when a server becomes a follower. The   *)
(* model keeps them canonical (no votes, Next = 1, Match = 0) while they are unused. *)
ClearVotesAndProgress(i) ==
    /\ votesGranted' = [votesGranted EXCEPT ![i] = {}]
    /\ votesRejected' = [votesRejected EXCEPT ![i] = {}]
    /\ nextIndex' = [nextIndex EXCEPT ![i] = [j \in Servers |-> 1]]
    /\ matchIndex' = [matchIndex EXCEPT ![i] = [j \in Servers |-> 0]]

(* becomeFollower(term, ...) as the first half of a step on a higher-term message. *)
FollowTerm(i, term) ==
    /\ currentTerm' = [currentTerm EXCEPT ![i] = term]
    /\ state' = [state EXCEPT ![i] = "Follower"]
    /\ votedFor' = [votedFor EXCEPT ![i] = Nil]
    /\ ClearVotesAndProgress(i)

(***************************************************************************)
(* MsgHup (election timeout or Campaign()): campaign() -> becomeCandidate: *)
(* the term goes up, the server votes for itself and sends MsgVote with    *)
(* its last index and term to every other member. A leader ignores MsgHup. *)
(***************************************************************************)
Timeout(i) ==
    /\ state[i] # "Leader"
    /\ currentTerm[i] < MaxTerm
    /\ Cardinality(messages) + Cardinality(Servers) - 1 <= MaxMessages
    /\ currentTerm' = [currentTerm EXCEPT ![i] = currentTerm[i] + 1]
    /\ state' = [state EXCEPT ![i] = "Candidate"]
    /\ votedFor' = [votedFor EXCEPT ![i] = i]
    /\ votesGranted' = [votesGranted EXCEPT ![i] = {i}]
    /\ votesRejected' = [votesRejected EXCEPT ![i] = {}]
    /\ messages' = messages \cup
          {Msg("MsgVote", i, j, currentTerm[i] + 1, LastIndex(log[i]), LastTerm(log[i]),
               <<>>, 0, FALSE, 0) : j \in Servers \ {i}}
    /\ UNCHANGED <<log, commitIndex, nextIndex, matchIndex>>

(***************************************************************************)
(* MsgVote at i: grant if i has not voted for another server in this term *)
(* and the candidate's log is at least as up to date (isUpToDate).        *)
(***************************************************************************)
HandleVoteRequest(i, m) ==
    /\ m.type = "MsgVote" /\ m.to = i
    /\ IF m.term < currentTerm[i]
       THEN /\ Discard(m)
            /\ UNCHANGED <<currentTerm, state, votedFor, votesGranted, votesRejected,
                           nextIndex, matchIndex>>
       ELSE LET vote == IF m.term > currentTerm[i] THEN Nil ELSE votedFor[i]
                upToDate == \/ m.logTerm > LastTerm(log[i])
                            \/ /\ m.logTerm = LastTerm(log[i])
                               /\ m.index >= LastIndex(log[i])
                grant == vote \in {Nil, m.from} /\ upToDate
            IN /\ currentTerm' = [currentTerm EXCEPT ![i] = m.term]
               /\ state' = IF m.term > currentTerm[i]
                           THEN [state EXCEPT ![i] = "Follower"] ELSE state
               /\ votedFor' = [votedFor EXCEPT ![i] = IF grant THEN m.from ELSE vote]
               /\ Reply(Msg("MsgVoteResp", i, m.from, m.term, 0, 0, <<>>, 0, ~grant, 0), m)
               /\ IF m.term > currentTerm[i]
                  THEN ClearVotesAndProgress(i)
                  ELSE UNCHANGED <<votesGranted, votesRejected, nextIndex, matchIndex>>
    /\ UNCHANGED <<log, commitIndex>>

(***************************************************************************)
(* MsgVoteResp at i. A candidate records the vote (poll); with a quorum   *)
(* of grants it becomes leader (becomeLeader: progress reset with Next =  *)
(* last index + 1, then the empty entry of the new term is appended);     *)
(* with a quorum of rejections it returns to follower in the same term.   *)
(* Any other server only takes a higher term from it.                     *)
(***************************************************************************)
HandleVoteResponse(i, m) ==
    /\ m.type = "MsgVoteResp" /\ m.to = i
    /\ Discard(m)
    /\ IF m.term > currentTerm[i]
       THEN /\ FollowTerm(i, m.term)
            /\ UNCHANGED log
       ELSE IF m.term < currentTerm[i] \/ state[i] # "Candidate"
       THEN UNCHANGED <<currentTerm, state, votedFor, log, votesGranted, votesRejected,
                        nextIndex, matchIndex>>
       ELSE LET granted == IF m.reject THEN votesGranted[i] ELSE votesGranted[i] \cup {m.from}
                rejected == IF m.reject THEN votesRejected[i] \cup {m.from} ELSE votesRejected[i]
            IN /\ IF granted \in Quorums
                  THEN /\ state' = [state EXCEPT ![i] = "Leader"]
                       /\ votesGranted' = [votesGranted EXCEPT ![i] = {}]
                       /\ votesRejected' = [votesRejected EXCEPT ![i] = {}]
                       /\ log' = [log EXCEPT ![i] = Append(log[i], currentTerm[i])]
                       /\ nextIndex' = [nextIndex EXCEPT ![i] =
                                           [j \in Servers |-> Len(log[i]) + 1]]
                       /\ matchIndex' = [matchIndex EXCEPT ![i] =
                                            [j \in Servers |-> 0]]
                  ELSE IF rejected \in Quorums
                  THEN /\ state' = [state EXCEPT ![i] = "Follower"]
                       /\ ClearVotesAndProgress(i)
                       /\ UNCHANGED log
                  ELSE /\ UNCHANGED <<state, log, nextIndex, matchIndex>>
                       /\ votesGranted' = [votesGranted EXCEPT ![i] = granted]
                       /\ votesRejected' = [votesRejected EXCEPT ![i] = rejected]
               /\ UNCHANGED <<currentTerm, votedFor>>
    /\ UNCHANGED commitIndex

(***************************************************************************)
(* MsgProp at the leader: appendEntry adds one entry of the current term. *)
(***************************************************************************)
ClientRequest(i) ==
    /\ state[i] = "Leader"
    /\ Len(log[i]) < MaxLogLen
    /\ log' = [log EXCEPT ![i] = Append(log[i], currentTerm[i])]
    /\ UNCHANGED <<currentTerm, state, votedFor, commitIndex, votesGranted, votesRejected,
                   nextIndex, matchIndex, messages>>

(***************************************************************************)
(* sendAppend(j): MsgApp anchored at Next - 1 with at most one entry and  *)
(* the leader's commit index (an empty MsgApp carries only the commit).   *)
(* Next moves only on responses: the model does not pipeline (etcd's     *)
(* replicate state moves Next past the entries sent, UpdateOnEntriesSend, *)
(* and its probe state pauses until a response; neither is modelled).    *)
(***************************************************************************)
AppendEntries(i, j) ==
    /\ state[i] = "Leader"
    /\ j # i
    /\ Cardinality(messages) < MaxMessages
    /\ LET prev == nextIndex[i][j] - 1
           entries == SubSeq(log[i], nextIndex[i][j], Min(nextIndex[i][j], Len(log[i])))
       IN Send(Msg("MsgApp", i, j, currentTerm[i], prev, TermAt(log[i], prev), entries,
                   commitIndex[i], FALSE, 0))
    /\ UNCHANGED <<currentTerm, state, votedFor, log, commitIndex, votesGranted,
                   votesRejected, nextIndex, matchIndex>>

(* maybeAppend's new log: entries after the first conflict replace the tail. *)
Merge(l, prev, entries) ==
    IF Len(entries) = 0 THEN l
    ELSE IF Len(l) > prev /\ l[prev + 1] = entries[1] THEN l
    ELSE Append(SubSeq(l, 1, prev), entries[1])

(* findConflictByTerm: the largest index <= n whose term is <= term (0 if none). *)
ConflictHint(l, n, term) ==
    LET candidates == {k \in 0..n : TermAt(l, k) <= term}
    IN CHOOSE k \in candidates : \A k2 \in candidates : k2 <= k

(***************************************************************************)
(* MsgApp at i (handleAppendEntries), after becoming a follower of the    *)
(* sender's term. Below the commit index: acknowledge the commit index.   *)
(* Matching anchor: append, commit min(m.commit, last new index), reply   *)
(* with that index. Otherwise reject with the hint (index, term) of       *)
(* findConflictByTerm.                                                    *)
(***************************************************************************)
HandleAppendRequest(i, m) ==
    /\ m.type = "MsgApp" /\ m.to = i
    /\ IF m.term < currentTerm[i]
       THEN /\ Discard(m)
            /\ UNCHANGED <<currentTerm, state, votedFor, log, commitIndex, votesGranted,
                           votesRejected, nextIndex, matchIndex>>
       ELSE /\ currentTerm' = [currentTerm EXCEPT ![i] = m.term]
            /\ state' = [state EXCEPT ![i] = "Follower"]
            /\ ClearVotesAndProgress(i)
            /\ votedFor' = IF m.term > currentTerm[i]
                           THEN [votedFor EXCEPT ![i] = Nil] ELSE votedFor
            /\ IF m.index < commitIndex[i]
               THEN /\ Reply(Msg("MsgAppResp", i, m.from, m.term, commitIndex[i], 0, <<>>,
                                 0, FALSE, 0), m)
                    /\ UNCHANGED <<log, commitIndex>>
               ELSE IF m.index <= Len(log[i]) /\ TermAt(log[i], m.index) = m.logTerm
               THEN LET lastNew == m.index + Len(m.entries)
                    IN /\ log' = [log EXCEPT ![i] = Merge(log[i], m.index, m.entries)]
                       /\ commitIndex' = [commitIndex EXCEPT ![i] =
                                             Max(commitIndex[i], Min(m.commit, lastNew))]
                       /\ Reply(Msg("MsgAppResp", i, m.from, m.term, lastNew, 0, <<>>, 0,
                                    FALSE, 0), m)
               ELSE LET hint == ConflictHint(log[i], Min(m.index, Len(log[i])), m.logTerm)
                    IN /\ Reply(Msg("MsgAppResp", i, m.from, m.term, m.index,
                                    TermAt(log[i], hint), <<>>, 0, TRUE, hint), m)
                       /\ UNCHANGED <<log, commitIndex>>

(* The largest index replicated on a quorum (the leader counts its whole log). *)
QuorumMatch(i) ==
    LET acked(n) == {i} \cup {j \in Servers \ {i} : matchIndex[i][j] >= n}
        agreed == {n \in 0..Len(log[i]) : n = 0 \/ acked(n) \in Quorums}
    IN CHOOSE n \in agreed : \A n2 \in agreed : n2 <= n

(***************************************************************************)
(* MsgAppResp at the leader i. A success raises Match (and Next) if it is *)
(* newer, then maybeCommit moves the commit index to the quorum index if  *)
(* that entry is of the current term. A rejection that is not stale moves *)
(* Next back to the hint + 1 (never below Match + 1).                     *)
(***************************************************************************)
HandleAppendResponse(i, m) ==
    /\ m.type = "MsgAppResp" /\ m.to = i
    /\ Discard(m)
    /\ IF m.term > currentTerm[i]
       THEN /\ FollowTerm(i, m.term)
            /\ UNCHANGED commitIndex
       ELSE IF m.term < currentTerm[i] \/ state[i] # "Leader"
       THEN UNCHANGED <<currentTerm, state, votedFor, nextIndex, matchIndex, commitIndex,
                        votesGranted, votesRejected>>
       ELSE /\ IF m.reject
               THEN /\ IF m.index > matchIndex[i][m.from]
                       THEN nextIndex' = [nextIndex EXCEPT ![i][m.from] =
                                Max(matchIndex[i][m.from] + 1, Min(m.index, m.hint + 1))]
                       ELSE UNCHANGED nextIndex
                    /\ UNCHANGED <<matchIndex, commitIndex>>
               ELSE /\ IF m.index > matchIndex[i][m.from]
                       THEN /\ matchIndex' = [matchIndex EXCEPT ![i][m.from] = m.index]
                            /\ nextIndex' = [nextIndex EXCEPT ![i][m.from] =
                                                Max(nextIndex[i][m.from], m.index + 1)]
                       ELSE UNCHANGED <<matchIndex, nextIndex>>
                    /\ LET q == QuorumMatch(i) IN
                       commitIndex' = IF q > commitIndex[i] /\ log[i][q] = currentTerm[i]
                                      THEN [commitIndex EXCEPT ![i] = q]
                                      ELSE commitIndex
            /\ UNCHANGED <<currentTerm, state, votedFor, votesGranted, votesRejected>>
    /\ UNCHANGED log

(* The network loses a message. *)
DropMessage(m) ==
    /\ Discard(m)
    /\ UNCHANGED <<currentTerm, state, votedFor, log, commitIndex, votesGranted,
                   votesRejected, nextIndex, matchIndex>>

Next ==
    \/ \E i \in Servers : Timeout(i)
    \/ \E i \in Servers : ClientRequest(i)
    \/ \E i, j \in Servers : AppendEntries(i, j)
    \/ \E m \in messages : HandleVoteRequest(m.to, m)
    \/ \E m \in messages : HandleVoteResponse(m.to, m)
    \/ \E m \in messages : HandleAppendRequest(m.to, m)
    \/ \E m \in messages : HandleAppendResponse(m.to, m)
    \/ \E m \in messages : DropMessage(m)

Spec == Init /\ [][Next]_vars

(* The servers are interchangeable (for SYMMETRY in the cfg; no liveness is checked). *)
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

LeaderHasEntryOfItsTerm ==
    \A i \in Servers : state[i] = "Leader" => \E n \in 1..Len(log[i]) : log[i][n] = currentTerm[i]

CandidateVotesForItself ==
    \A i \in Servers : state[i] \in {"Candidate", "Leader"} => votedFor[i] = i

CommitIndexMonotonic == [][\A i \in Servers : commitIndex'[i] >= commitIndex[i]]_vars

TermMonotonic == [][\A i \in Servers : currentTerm'[i] >= currentTerm[i]]_vars
====
