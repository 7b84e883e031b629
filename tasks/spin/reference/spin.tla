---- MODULE spin ----
(***************************************************************************)
(* Reference model of the Asterinas spin lock, `ostd` 0.19.0,              *)
(* src/sync/spin.rs, written for SysMoBench-rs.                            *)
(*                                                                         *)
(* One step per atomic instruction of the code:                            *)
(*   lock()     = G::guard() (preemption off), then a loop of              *)
(*                compare_exchange(false, true) until it succeeds;          *)
(*   try_lock() = G::guard(), one compare_exchange; on failure the guard   *)
(*                is dropped and None returned;                            *)
(*   drop(guard)= store(false) in SpinLockGuard::drop, then the inner      *)
(*                preemption guard field is dropped.                       *)
(* A failed compare_exchange while spinning changes no state: it is a      *)
(* stuttering step (the "spin" event of the traces).                       *)
(***************************************************************************)
EXTENDS Naturals, FiniteSets, TLC

CONSTANTS Threads      \* the threads (tasks) using the lock

VARIABLES
    locked,      \* the AtomicBool lock word
    pc,          \* per-thread control point
    op,          \* per-thread operation in progress: "none", "lock", "try_lock"
    preemptOff   \* per-thread: a preemption guard (G::Guard) is alive

vars == <<locked, pc, op, preemptOff>>

ControlPoints == {"idle", "spinning", "trying", "cs", "releasing"}

TypeOK ==
    /\ locked \in BOOLEAN
    /\ pc \in [Threads -> ControlPoints]
    /\ op \in [Threads -> {"none", "lock", "try_lock"}]
    /\ preemptOff \in [Threads -> BOOLEAN]

Init ==
    /\ locked = FALSE
    /\ pc = [t \in Threads |-> "idle"]
    /\ op = [t \in Threads |-> "none"]
    /\ preemptOff = [t \in Threads |-> FALSE]

(* lock(): the guard is created before the lock is touched. *)
StartLock(t) ==
    /\ pc[t] = "idle"
    /\ pc' = [pc EXCEPT ![t] = "spinning"]
    /\ op' = [op EXCEPT ![t] = "lock"]
    /\ preemptOff' = [preemptOff EXCEPT ![t] = TRUE]
    /\ UNCHANGED locked

(* One compare_exchange(false, true) of acquire_lock's loop. *)
SpinAttempt(t) ==
    /\ pc[t] = "spinning"
    /\ IF ~locked
         THEN /\ locked' = TRUE
              /\ pc' = [pc EXCEPT ![t] = "cs"]
         ELSE UNCHANGED <<locked, pc>>       \* failed: core::hint::spin_loop()
    /\ UNCHANGED <<op, preemptOff>>

(* try_lock(): the guard is created first. *)
StartTryLock(t) ==
    /\ pc[t] = "idle"
    /\ pc' = [pc EXCEPT ![t] = "trying"]
    /\ op' = [op EXCEPT ![t] = "try_lock"]
    /\ preemptOff' = [preemptOff EXCEPT ![t] = TRUE]
    /\ UNCHANGED locked

(* try_acquire_lock(): one compare_exchange; on failure return None,       *)
(* dropping the guard.                                                     *)
TryAttempt(t) ==
    /\ pc[t] = "trying"
    /\ IF ~locked
         THEN /\ locked' = TRUE
              /\ pc' = [pc EXCEPT ![t] = "cs"]
              /\ UNCHANGED <<op, preemptOff>>
         ELSE /\ pc' = [pc EXCEPT ![t] = "idle"]
              /\ op' = [op EXCEPT ![t] = "none"]
              /\ preemptOff' = [preemptOff EXCEPT ![t] = FALSE]
              /\ UNCHANGED locked

(* SpinLockGuard::drop: release_lock() stores false. *)
Release(t) ==
    /\ pc[t] = "cs"
    /\ locked' = FALSE
    /\ pc' = [pc EXCEPT ![t] = "releasing"]
    /\ UNCHANGED <<op, preemptOff>>

(* The guard's field `guard: G::Guard` is dropped after Drop::drop. *)
DropPreemptGuard(t) ==
    /\ pc[t] = "releasing"
    /\ pc' = [pc EXCEPT ![t] = "idle"]
    /\ op' = [op EXCEPT ![t] = "none"]
    /\ preemptOff' = [preemptOff EXCEPT ![t] = FALSE]
    /\ UNCHANGED locked

(* Steps a thread takes once it has called into the lock. *)
Busy(t) == SpinAttempt(t) \/ TryAttempt(t) \/ Release(t) \/ DropPreemptGuard(t)

Next == \E t \in Threads :
            StartLock(t) \/ StartTryLock(t) \/ Busy(t)

(* A thread inside a lock operation or critical section keeps running;     *)
(* idle threads may stay idle forever.                                     *)
Spec == Init /\ [][Next]_vars /\ \A t \in Threads : WF_vars(Busy(t))

---------------------------------------------------------------------------
(* The invariant templates of the task, concretised for this model.        *)

Holders == {t \in Threads : pc[t] = "cs"}

MutualExclusion == Cardinality(Holders) <= 1

LockStateConsistency == locked <=> Holders # {}

TryLockNeverSpins == \A t \in Threads : pc[t] = "spinning" => op[t] = "lock"

GuardLifecycle ==
    \A t \in Threads : (pc[t] # "idle") <=> preemptOff[t]

DeadlockFreedom ==
    (\E t \in Threads : pc[t] = "spinning") => (locked => Holders # {})

EventualRelease == \A t \in Threads : pc[t] = "cs" ~> pc[t] = "idle"

SpinnerProgress ==
    \A t \in Threads :
        pc[t] = "spinning" ~> (pc[t] = "cs" \/ \E u \in Threads : pc[u] = "releasing")

====
