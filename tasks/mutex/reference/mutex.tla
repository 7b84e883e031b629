---- MODULE mutex ----
(***************************************************************************)
(* Reference model of the Asterinas mutex, `ostd` 0.19.0,                  *)
(* src/sync/mutex.rs with the WaitQueue of src/sync/wait.rs, written for   *)
(* SysMoBench-rs.                                                          *)
(*                                                                         *)
(*   lock()     = queue.wait_until(|| try_lock()):                         *)
(*                one compare_exchange; if it fails, a Waiter/Waker pair   *)
(*                is created and the loop { enqueue(waker); try_lock();    *)
(*                wait() } runs until try_lock succeeds. The waiter is     *)
(*                dropped on success, which closes its waker.              *)
(*   try_lock() = one compare_exchange(false, true).                       *)
(*   unlock     = store(false), then queue.wake_one().                     *)
(*                                                                         *)
(* The wait queue is a FIFO of wakers protected by an internal spin lock;  *)
(* enqueue, and one pop together with its wake_up(), are single steps.    *)
(* A closed waker stays in the queue until popped: it is marked `live =   *)
(* FALSE`, and waking it is a no-op, so wake_one goes on to the next one.  *)
(* `woken[t]` is the has_woken flag of thread t's current waker.           *)
(***************************************************************************)
EXTENDS Naturals, Sequences, FiniteSets, TLC

CONSTANTS Threads

VARIABLES
    locked,   \* the AtomicBool lock word
    queue,    \* the WaitQueue: a sequence of [thread, live] wakers
    woken,    \* per-thread has_woken flag of the current waker
    pc,       \* per-thread control point
    op        \* per-thread operation in progress: "none", "lock", "try_lock"

vars == <<locked, queue, woken, pc, op>>

ControlPoints == {"idle", "enqueue", "retry", "sleep", "cs", "wake"}
Waiting == {"enqueue", "retry", "sleep"}

TypeOK ==
    /\ locked \in BOOLEAN
    /\ \A i \in DOMAIN queue : queue[i] \in [thread : Threads, live : BOOLEAN]
    /\ woken \in [Threads -> BOOLEAN]
    /\ pc \in [Threads -> ControlPoints]
    /\ op \in [Threads -> {"none", "lock", "try_lock"}]

Init ==
    /\ locked = FALSE
    /\ queue = << >>
    /\ woken = [t \in Threads |-> FALSE]
    /\ pc = [t \in Threads |-> "idle"]
    /\ op = [t \in Threads |-> "none"]

(* The waker of thread t is closed: its queue entries become no-ops. *)
CloseWaker(t) ==
    queue' = [i \in DOMAIN queue |->
                 IF queue[i].thread = t THEN [queue[i] EXCEPT !.live = FALSE]
                                        ELSE queue[i]]

(* lock(): wait_until first evaluates the condition once, without a waiter. *)
LockFastPath(t) ==
    /\ pc[t] = "idle"
    /\ op' = [op EXCEPT ![t] = "lock"]
    /\ IF ~locked
         THEN /\ locked' = TRUE
              /\ pc' = [pc EXCEPT ![t] = "cs"]
              /\ UNCHANGED woken
         ELSE /\ pc' = [pc EXCEPT ![t] = "enqueue"]      \* Waiter::new_pair()
              /\ woken' = [woken EXCEPT ![t] = FALSE]
              /\ UNCHANGED locked
    /\ UNCHANGED queue

(* try_lock(): a failed attempt returns None and changes nothing. *)
TryLock(t) ==
    /\ pc[t] = "idle"
    /\ ~locked
    /\ locked' = TRUE
    /\ pc' = [pc EXCEPT ![t] = "cs"]
    /\ op' = [op EXCEPT ![t] = "try_lock"]
    /\ UNCHANGED <<queue, woken>>

(* WaitQueue::enqueue(waiter.waker()) inside the condition closure. *)
Enqueue(t) ==
    /\ pc[t] = "enqueue"
    /\ queue' = Append(queue, [thread |-> t, live |-> TRUE])
    /\ pc' = [pc EXCEPT ![t] = "retry"]
    /\ UNCHANGED <<locked, woken, op>>

(* try_lock() inside the condition closure. On success the waiter is       *)
(* dropped (its waker closed); on failure the thread goes to wait().       *)
Retry(t) ==
    /\ pc[t] = "retry"
    /\ IF ~locked
         THEN /\ locked' = TRUE
              /\ pc' = [pc EXCEPT ![t] = "cs"]
              /\ CloseWaker(t)
              /\ woken' = [woken EXCEPT ![t] = FALSE]
         ELSE /\ pc' = [pc EXCEPT ![t] = "sleep"]
              /\ UNCHANGED <<locked, queue, woken>>
    /\ UNCHANGED op

(* Waker::do_wait: park until has_woken, then swap it back to false. *)
WakeUp(t) ==
    /\ pc[t] = "sleep"
    /\ woken[t]
    /\ woken' = [woken EXCEPT ![t] = FALSE]
    /\ pc' = [pc EXCEPT ![t] = "enqueue"]
    /\ UNCHANGED <<locked, queue, op>>

(* MutexGuard::drop -> unlock(): release_lock() stores false. *)
Unlock(t) ==
    /\ pc[t] = "cs"
    /\ locked' = FALSE
    /\ pc' = [pc EXCEPT ![t] = "wake"]
    /\ UNCHANGED <<queue, woken, op>>

(* WaitQueue::wake_one(): pop the first waker and wake it up; if it was    *)
(* closed or already woken, pop the next one; stop when the queue is empty. *)
WakeOne(t) ==
    /\ pc[t] = "wake"
    /\ IF queue = << >>
         THEN /\ pc' = [pc EXCEPT ![t] = "idle"]
              /\ op' = [op EXCEPT ![t] = "none"]
              /\ UNCHANGED <<queue, woken>>
         ELSE LET first == Head(queue) IN
              /\ queue' = Tail(queue)
              /\ IF first.live /\ ~woken[first.thread]
                   THEN /\ woken' = [woken EXCEPT ![first.thread] = TRUE]
                        /\ pc' = [pc EXCEPT ![t] = "idle"]
                        /\ op' = [op EXCEPT ![t] = "none"]
                   ELSE UNCHANGED <<woken, pc, op>>
    /\ UNCHANGED locked

Busy(t) == Enqueue(t) \/ Retry(t) \/ WakeUp(t) \/ Unlock(t) \/ WakeOne(t)

Next == \E t \in Threads : LockFastPath(t) \/ TryLock(t) \/ Busy(t)

Spec == Init /\ [][Next]_vars /\ \A t \in Threads : WF_vars(Busy(t))

---------------------------------------------------------------------------
(* The invariant templates of the task, concretised for this model.        *)

Holders == {t \in Threads : pc[t] = "cs"}

MutualExclusion == Cardinality(Holders) <= 1

LockStateConsistency == locked <=> Holders # {}

TryLockNeverBlocks == \A t \in Threads : pc[t] \in Waiting => op[t] = "lock"

NoLostWakeup ==
    (~locked /\ \E t \in Threads : pc[t] = "sleep" /\ ~woken[t])
        => \E u \in Threads : pc[u] \in {"wake", "enqueue", "retry"}
                              \/ (pc[u] = "sleep" /\ woken[u])

WaitQueueWellFormed ==
    \A t \in Threads :
        Cardinality({i \in DOMAIN queue : queue[i].thread = t /\ queue[i].live}) <= 1

EventualRelease == \A t \in Threads : pc[t] = "cs" ~> pc[t] # "cs"

SleeperEventuallyWoken == \A t \in Threads : pc[t] = "sleep" ~> pc[t] # "sleep"

MutexProgress ==
    (\E t \in Threads : pc[t] \in Waiting) ~> (\E t \in Threads : pc[t] = "cs")

====
