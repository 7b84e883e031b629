---- MODULE curp ----
\* Reference model of Xline's CURP replication protocol (crates/curp at commit 71479a4f),
\* written for SysMoBench-rs from the code: a client proposes a command to the leader and
\* sends record requests to the followers (client/unary/propose_impl.rs); the leader inserts it
\* into its speculative and uncommitted pools and appends it to its log
\* (RawCurp::leader_record, push_logs); a follower inserts it into its speculative pool
\* (RawCurp::follower_record), which refuses a command conflicting with one it holds; the
\* client returns on the fast path when the leader and super_quorum - 1 followers accepted without
\* conflict, else after the leader applied the command (after sync); applying a command removes
\* it from the replica's pools (cmd_worker::remove_from_sp_ucp).
\* The leader is fixed (no elections), requests are not lost, and every two distinct commands
\* conflict (they write the same key).
EXTENDS Naturals, Sequences, FiniteSets

CONSTANTS Replicas, Leader, Commands

Followers == Replicas \ {Leader}
Quorum == Cardinality(Replicas) \div 2 + 1
RecoverQuorum == Quorum \div 2 + 1
SuperQuorum == (Cardinality(Replicas) - Quorum) + RecoverQuorum

\* Two distinct commands conflict: the workload's commands all write one key.
Conflict(a, b) == a # b

VARIABLES
    clientState,     \* per command: "idle", "proposing", "fast" or "slow" (returned by that path)
    leaderResult,    \* per command: "none", "accepted" or "conflict" (the leader's answer)
    recordResult,    \* per command and follower: "none", "pending", "accepted" or "conflict"
    specPool,        \* per replica: the commands in its speculative pool
    uncommittedPool, \* the commands in the leader's uncommitted pool
    log,             \* the leader's log, a sequence of commands
    matchIndex,      \* per replica: how many entries of the leader's log it stores
    commitIndex,     \* the leader's commit index
    appliedIndex     \* per replica: how many committed entries it has applied

vars == <<clientState, leaderResult, recordResult, specPool, uncommittedPool, log, matchIndex,
          commitIndex, appliedIndex>>

Range(s) == {s[i] : i \in DOMAIN s}
Proposed == {c \in Commands : clientState[c] # "idle"}
Max(S) == CHOOSE n \in S : \A m \in S : m <= n

TypeOK ==
    /\ clientState \in [Commands -> {"idle", "proposing", "fast", "slow"}]
    /\ leaderResult \in [Commands -> {"none", "accepted", "conflict"}]
    /\ recordResult \in [Commands -> [Followers -> {"none", "pending", "accepted", "conflict"}]]
    /\ specPool \in [Replicas -> SUBSET Commands]
    /\ uncommittedPool \in SUBSET Commands
    /\ log \in Seq(Commands)
    /\ matchIndex \in [Replicas -> 0..Cardinality(Commands)]
    /\ commitIndex \in 0..Cardinality(Commands)
    /\ appliedIndex \in [Replicas -> 0..Cardinality(Commands)]

Init ==
    /\ clientState = [c \in Commands |-> "idle"]
    /\ leaderResult = [c \in Commands |-> "none"]
    /\ recordResult = [c \in Commands |-> [f \in Followers |-> "none"]]
    /\ specPool = [r \in Replicas |-> {}]
    /\ uncommittedPool = {}
    /\ log = <<>>
    /\ matchIndex = [r \in Replicas |-> 0]
    /\ commitIndex = 0
    /\ appliedIndex = [r \in Replicas |-> 0]

\* Inserting c into a speculative pool: refused (the pool unchanged) when c conflicts with a
\* command the pool holds (SpeculativePool::insert returns the entry back).
SpecConflict(pool, c) == \E d \in pool : Conflict(c, d)
SpecInsert(pool, c) == IF SpecConflict(pool, c) THEN pool ELSE pool \cup {c}

\* A client sends its command to the leader and a record request to every follower.
Propose(c) ==
    /\ clientState[c] = "idle"
    /\ clientState' = [clientState EXCEPT ![c] = "proposing"]
    /\ recordResult' = [recordResult EXCEPT ![c] = [f \in Followers |-> "pending"]]
    /\ UNCHANGED <<leaderResult, specPool, uncommittedPool, log, matchIndex, commitIndex,
                   appliedIndex>>

\* The leader handles the proposal: speculative pool and uncommitted pool (which always takes
\* the command and reports whether it held a conflicting one), then the log.
LeaderRecord(c) ==
    /\ clientState[c] # "idle"
    /\ leaderResult[c] = "none"
    /\ LET conflict == SpecConflict(specPool[Leader], c)
                       \/ \E d \in uncommittedPool : Conflict(c, d)
       IN leaderResult' = [leaderResult EXCEPT ![c] = IF conflict THEN "conflict" ELSE "accepted"]
    /\ specPool' = [specPool EXCEPT ![Leader] = SpecInsert(@, c)]
    /\ uncommittedPool' = uncommittedPool \cup {c}
    /\ log' = Append(log, c)
    /\ matchIndex' = [matchIndex EXCEPT ![Leader] = Len(log) + 1]
    /\ UNCHANGED <<clientState, recordResult, commitIndex, appliedIndex>>

\* A follower handles the record request of c (possibly after it has applied c already).
FollowerRecord(f, c) ==
    /\ recordResult[c][f] = "pending"
    /\ recordResult' = [recordResult EXCEPT ![c][f] =
                           IF SpecConflict(specPool[f], c) THEN "conflict" ELSE "accepted"]
    /\ specPool' = [specPool EXCEPT ![f] = SpecInsert(@, c)]
    /\ UNCHANGED <<clientState, leaderResult, uncommittedPool, log, matchIndex, commitIndex,
                   appliedIndex>>

\* The highest index stored by a majority under the match indexes m.
MajorityIndex(m) ==
    Max({n \in 0..Len(log) : Cardinality({r \in Replicas : m[r] >= n}) >= Quorum})

\* Follower f stores the next entry of the leader's log; its acknowledgement reaches the leader
\* in the same step, and the leader commits the highest index a majority stores.
AppendEntries(f) ==
    /\ matchIndex[f] < Len(log)
    /\ LET m == [matchIndex EXCEPT ![f] = @ + 1]
       IN /\ matchIndex' = m
          /\ commitIndex' = IF MajorityIndex(m) > commitIndex THEN MajorityIndex(m) ELSE commitIndex
    /\ UNCHANGED <<clientState, leaderResult, recordResult, specPool, uncommittedPool, log,
                   appliedIndex>>

\* Replica r applies its next committed entry and removes the command from its pools.
AfterSync(r) ==
    /\ appliedIndex[r] < commitIndex
    /\ appliedIndex[r] < matchIndex[r]
    /\ LET c == log[appliedIndex[r] + 1]
       IN /\ specPool' = [specPool EXCEPT ![r] = @ \ {c}]
          /\ uncommittedPool' = IF r = Leader THEN uncommittedPool \ {c} ELSE uncommittedPool
    /\ appliedIndex' = [appliedIndex EXCEPT ![r] = @ + 1]
    /\ UNCHANGED <<clientState, leaderResult, recordResult, log, matchIndex, commitIndex>>

\* The client returns with the speculative result: no conflict at the leader and at
\* SuperQuorum - 1 followers.
FastPath(c) ==
    /\ clientState[c] = "proposing"
    /\ leaderResult[c] = "accepted"
    /\ Cardinality({f \in Followers : recordResult[c][f] = "accepted"}) >= SuperQuorum - 1
    /\ clientState' = [clientState EXCEPT ![c] = "fast"]
    /\ UNCHANGED <<leaderResult, recordResult, specPool, uncommittedPool, log, matchIndex,
                   commitIndex, appliedIndex>>

\* The client returns with the after-sync result: the leader has applied c.
SlowPath(c) ==
    /\ clientState[c] = "proposing"
    /\ \E i \in 1..appliedIndex[Leader] : log[i] = c
    /\ clientState' = [clientState EXCEPT ![c] = "slow"]
    /\ UNCHANGED <<leaderResult, recordResult, specPool, uncommittedPool, log, matchIndex,
                   commitIndex, appliedIndex>>

Next ==
    \/ \E c \in Commands : Propose(c) \/ LeaderRecord(c) \/ FastPath(c) \/ SlowPath(c)
    \/ \E f \in Followers, c \in Commands : FollowerRecord(f, c)
    \/ \E f \in Followers : AppendEntries(f)
    \/ \E r \in Replicas : AfterSync(r)

\* Clients need not propose; everything after a proposal is weakly fair.
Fairness ==
    /\ \A c \in Commands : WF_vars(LeaderRecord(c)) /\ WF_vars(FastPath(c) \/ SlowPath(c))
    /\ \A f \in Followers, c \in Commands : WF_vars(FollowerRecord(f, c))
    /\ \A f \in Followers : WF_vars(AppendEntries(f))
    /\ \A r \in Replicas : WF_vars(AfterSync(r))

Spec == Init /\ [][Next]_vars /\ Fairness

Committed(c) == \E i \in 1..commitIndex : log[i] = c
SpeculativelyAccepted(c) == Cardinality({r \in Replicas : c \in specPool[r]}) >= SuperQuorum

\* ---- invariant templates, concretised for this model ----

SpecPoolConflictFree ==
    \A r \in Replicas : \A a, b \in specPool[r] : a # b => ~Conflict(a, b)

NoConflictingSuperQuorums ==
    \A a, b \in Commands :
        (a # b /\ Conflict(a, b)) => ~(SpeculativelyAccepted(a) /\ SpeculativelyAccepted(b))

PoolsHoldOnlyProposed ==
    /\ \A r \in Replicas : specPool[r] \subseteq Proposed
    /\ uncommittedPool \subseteq Proposed

UncommittedPoolIsUnappliedLog ==
    uncommittedPool = {log[i] : i \in (appliedIndex[Leader] + 1)..Len(log)}

CommittedInLeaderLog ==
    /\ commitIndex <= Len(log)
    /\ Cardinality({r \in Replicas : matchIndex[r] >= commitIndex}) >= Quorum

CompletedCommandInLog ==
    \A c \in Commands : clientState[c] \in {"fast", "slow"} => c \in Range(log)

FastPathWithoutConflict ==
    \A c \in Commands : clientState[c] = "fast" =>
        /\ leaderResult[c] = "accepted"
        /\ Cardinality({f \in Followers : recordResult[c][f] = "accepted"}) >= SuperQuorum - 1

CommittedNeverLost ==
    [][/\ commitIndex' >= commitIndex
       /\ SubSeq(log', 1, commitIndex) = SubSeq(log, 1, commitIndex)]_vars

EventualCommit == \A c \in Commands : clientState[c] = "proposing" ~> Committed(c)

EventualCompletion == \A c \in Commands : clientState[c] = "proposing" ~> clientState[c] \in {"fast", "slow"}

UncommittedPoolDrains == \A c \in Commands : c \in uncommittedPool ~> c \notin uncommittedPool
====
