---- MODULE rwmutex ----
(***************************************************************************)
(* Reference model of the Asterinas reader-writer mutex, `ostd` 0.19.0,    *)
(* src/sync/rwmutex.rs with the WaitQueue of src/sync/wait.rs, written for *)
(* SysMoBench-rs.                                                          *)
(*                                                                         *)
(* The lock word (an AtomicUsize) is kept as its four fields: the WRITER,  *)
(* UPGRADEABLE_READER and BEING_UPGRADED bits and the reader count. Every  *)
(* fetch_add, fetch_sub, fetch_or, fetch_and and compare_exchange of the   *)
(* code is one step, so the transient states of failed attempts (a reader  *)
(* count raised and then lowered again, an upgradeable bit set and then    *)
(* cleared) are visible to other threads exactly as in the code.           *)
(*                                                                         *)
(* read()/write()/upread() = queue.wait_until(try_X): one attempt without  *)
(* a waiter, then the loop { enqueue(waker); try_X(); wait() }. The wait   *)
(* queue is modelled as in the mutex task: enqueue, and one pop with its   *)
(* wake_up(), are single steps. A closed waker (its waiter was dropped     *)
(* after the thread got the lock) is removed from the queue when it is     *)
(* closed: in the code it stays queued until popped, and popping it is a   *)
(* no-op that lets wake_one/wake_all go on to the next waker. Keeping      *)
(* those inert entries would make the queue grow without bound (releases   *)
(* that wake nobody never pop them), so they are abstracted away. The      *)
(* MAX_READER overflow bit is left out too: a handful of threads cannot    *)
(* reach it.                                                               *)
(***************************************************************************)
EXTENDS Naturals, Sequences, FiniteSets, TLC

CONSTANTS Threads

VARIABLES
    writer,         \* WRITER bit
    upreader,       \* UPGRADEABLE_READER bit
    beingUpgraded,  \* BEING_UPGRADED bit
    readers,        \* reader count (bits 60-0)
    queue,          \* the WaitQueue: the threads whose (live) wakers are queued
    woken,          \* per-thread has_woken flag of the current waker
    pc,             \* per-thread control point
    op,             \* per-thread operation: "none" or one of Operations
    hasWaiter       \* per-thread: the operation went to the slow path

vars == <<writer, upreader, beingUpgraded, readers, queue, woken, pc, op, hasWaiter>>

BlockingOperations == {"read", "write", "upread"}
Operations == BlockingOperations \cup {"try_read", "try_write", "try_upread"}
ControlPoints ==
    {"idle", "attempt", "undo_read", "undo_upread", "enqueue", "sleep",
     "read_cs", "write_cs", "upread_cs", "upgrading", "upgrade_drop",
     "wake_one", "wake_all", "downgrade_wake_all"}

TypeOK ==
    /\ writer \in BOOLEAN /\ upreader \in BOOLEAN /\ beingUpgraded \in BOOLEAN
    /\ readers \in 0..Cardinality(Threads)
    /\ \A i \in DOMAIN queue : queue[i] \in Threads
    /\ woken \in [Threads -> BOOLEAN]
    /\ pc \in [Threads -> ControlPoints]
    /\ op \in [Threads -> Operations \cup {"none"}]
    /\ hasWaiter \in [Threads -> BOOLEAN]

Init ==
    /\ writer = FALSE /\ upreader = FALSE /\ beingUpgraded = FALSE
    /\ readers = 0
    /\ queue = << >>
    /\ woken = [t \in Threads |-> FALSE]
    /\ pc = [t \in Threads |-> "idle"]
    /\ op = [t \in Threads |-> "none"]
    /\ hasWaiter = [t \in Threads |-> FALSE]

LockWordIs(w, u, b, r) ==
    writer = w /\ upreader = u /\ beingUpgraded = b /\ readers = r

SetPc(t, where) == pc' = [pc EXCEPT ![t] = where]

(* The attempt succeeded: the waiter, if any, is dropped and its waker closed. *)
Acquired(t, where) ==
    /\ SetPc(t, where)
    /\ IF hasWaiter[t]
         THEN /\ queue' = SelectSeq(queue, LAMBDA waiting : waiting # t)
              /\ hasWaiter' = [hasWaiter EXCEPT ![t] = FALSE]
         ELSE UNCHANGED <<queue, hasWaiter>>
    /\ UNCHANGED <<woken, op>>

(* The attempt failed: a try_X returns None; a blocking call creates its   *)
(* waiter (first failure) or goes to wait() (later failures).              *)
Failed(t) ==
    /\ CASE op[t] \notin BlockingOperations ->
                 /\ SetPc(t, "idle") /\ op' = [op EXCEPT ![t] = "none"]
                 /\ UNCHANGED <<woken, hasWaiter>>
         [] ~hasWaiter[t] ->
                 /\ SetPc(t, "enqueue")
                 /\ hasWaiter' = [hasWaiter EXCEPT ![t] = TRUE]
                 /\ woken' = [woken EXCEPT ![t] = FALSE]
                 /\ UNCHANGED op
         [] OTHER -> SetPc(t, "sleep") /\ UNCHANGED <<woken, op, hasWaiter>>
    /\ UNCHANGED queue

Start(t, o) ==
    /\ pc[t] = "idle"
    /\ SetPc(t, "attempt")
    /\ op' = [op EXCEPT ![t] = o]
    /\ UNCHANGED <<writer, upreader, beingUpgraded, readers, queue, woken, hasWaiter>>

(* try_read: fetch_add(READER); fails if WRITER or BEING_UPGRADED was set. *)
AttemptRead(t) ==
    /\ pc[t] = "attempt" /\ op[t] \in {"read", "try_read"}
    /\ readers' = readers + 1
    /\ IF ~writer /\ ~beingUpgraded
         THEN Acquired(t, "read_cs")
         ELSE SetPc(t, "undo_read") /\ UNCHANGED <<queue, woken, op, hasWaiter>>
    /\ UNCHANGED <<writer, upreader, beingUpgraded>>

UndoRead(t) ==
    /\ pc[t] = "undo_read"
    /\ readers' = readers - 1
    /\ Failed(t)
    /\ UNCHANGED <<writer, upreader, beingUpgraded>>

(* try_write: compare_exchange(0, WRITER). *)
AttemptWrite(t) ==
    /\ pc[t] = "attempt" /\ op[t] \in {"write", "try_write"}
    /\ IF LockWordIs(FALSE, FALSE, FALSE, 0)
         THEN writer' = TRUE /\ Acquired(t, "write_cs")
         ELSE Failed(t) /\ UNCHANGED writer
    /\ UNCHANGED <<upreader, beingUpgraded, readers>>

(* try_upread: fetch_or(UPGRADEABLE_READER); succeeds if neither WRITER    *)
(* nor UPGRADEABLE_READER was set; undoes its bit if only WRITER was set.  *)
AttemptUpread(t) ==
    /\ pc[t] = "attempt" /\ op[t] \in {"upread", "try_upread"}
    /\ upreader' = TRUE
    /\ CASE ~writer /\ ~upreader -> Acquired(t, "upread_cs")
         [] writer /\ ~upreader -> SetPc(t, "undo_upread") /\ UNCHANGED <<queue, woken, op, hasWaiter>>
         [] OTHER -> Failed(t)
    /\ UNCHANGED <<writer, beingUpgraded, readers>>

UndoUpread(t) ==
    /\ pc[t] = "undo_upread"
    /\ upreader' = FALSE
    /\ Failed(t)
    /\ UNCHANGED <<writer, beingUpgraded, readers>>

Enqueue(t) ==
    /\ pc[t] = "enqueue"
    /\ queue' = Append(queue, t)
    /\ SetPc(t, "attempt")
    /\ UNCHANGED <<writer, upreader, beingUpgraded, readers, woken, op, hasWaiter>>

WakeUp(t) ==
    /\ pc[t] = "sleep" /\ woken[t]
    /\ woken' = [woken EXCEPT ![t] = FALSE]
    /\ SetPc(t, "enqueue")
    /\ UNCHANGED <<writer, upreader, beingUpgraded, readers, queue, op, hasWaiter>>

(* RwMutexReadGuard::drop: fetch_sub(READER); wake_one if it was the last  *)
(* reader and no other bit was set.                                        *)
ReadUnlock(t) ==
    /\ pc[t] = "read_cs"
    /\ readers' = readers - 1
    /\ IF LockWordIs(FALSE, FALSE, FALSE, 1) THEN SetPc(t, "wake_one") ELSE SetPc(t, "idle")
    /\ op' = [op EXCEPT ![t] = IF LockWordIs(FALSE, FALSE, FALSE, 1) THEN @ ELSE "none"]
    /\ UNCHANGED <<writer, upreader, beingUpgraded, queue, woken, hasWaiter>>

(* RwMutexWriteGuard::drop: fetch_and(!WRITER), then wake_all. *)
WriteUnlock(t) ==
    /\ pc[t] = "write_cs"
    /\ writer' = FALSE
    /\ SetPc(t, "wake_all")
    /\ UNCHANGED <<upreader, beingUpgraded, readers, queue, woken, op, hasWaiter>>

(* RwMutexUpgradeableGuard::drop: fetch_sub(UPGRADEABLE_READER); wake_all  *)
(* if nothing else was set.                                                *)
UpreadUnlock(t) ==
    /\ pc[t] = "upread_cs"
    /\ upreader' = FALSE
    /\ IF LockWordIs(FALSE, TRUE, FALSE, 0) THEN SetPc(t, "wake_all") ELSE SetPc(t, "idle")
    /\ op' = [op EXCEPT ![t] = IF LockWordIs(FALSE, TRUE, FALSE, 0) THEN @ ELSE "none"]
    /\ UNCHANGED <<writer, beingUpgraded, readers, queue, woken, hasWaiter>>

(* upgrade(): fetch_or(BEING_UPGRADED), then spin on try_upgrade. *)
StartUpgrade(t) ==
    /\ pc[t] = "upread_cs"
    /\ beingUpgraded' = TRUE
    /\ SetPc(t, "upgrading")
    /\ UNCHANGED <<writer, upreader, readers, queue, woken, op, hasWaiter>>

(* try_upgrade: compare_exchange(UPGRADEABLE_READER | BEING_UPGRADED,      *)
(* WRITER | UPGRADEABLE_READER); a failure is a stuttering spin step.      *)
TryUpgrade(t) ==
    /\ pc[t] = "upgrading"
    /\ IF LockWordIs(FALSE, TRUE, TRUE, 0)
         THEN /\ writer' = TRUE /\ beingUpgraded' = FALSE
              /\ SetPc(t, "upgrade_drop")
         ELSE UNCHANGED <<writer, beingUpgraded, pc>>
    /\ UNCHANGED <<upreader, readers, queue, woken, op, hasWaiter>>

(* drop(self) of the upgradeable guard: fetch_sub(UPGRADEABLE_READER);     *)
(* the old value has WRITER set, so no wake-up.                            *)
UpgradeDrop(t) ==
    /\ pc[t] = "upgrade_drop"
    /\ upreader' = FALSE
    /\ SetPc(t, "write_cs")
    /\ UNCHANGED <<writer, beingUpgraded, readers, queue, woken, op, hasWaiter>>

(* downgrade(): loop on compare_exchange(WRITER, UPGRADEABLE_READER); on   *)
(* success drop(self) runs the write guard's drop: fetch_and(!WRITER) (no  *)
(* change) and wake_all.                                                   *)
Downgrade(t) ==
    /\ pc[t] = "write_cs"
    /\ IF LockWordIs(TRUE, FALSE, FALSE, 0)
         THEN /\ writer' = FALSE /\ upreader' = TRUE
              /\ SetPc(t, "downgrade_wake_all")
         ELSE UNCHANGED <<writer, upreader, pc>>
    /\ UNCHANGED <<beingUpgraded, readers, queue, woken, op, hasWaiter>>

(* WaitQueue::wake_one / wake_all: each loop iteration pops one waker and   *)
(* wakes it; wake_one stops after the first successful wake-up, both stop  *)
(* when the queue is empty. A downgrade keeps its (upgradeable) guard.     *)
WakeLoopDoneAt(t) == IF pc[t] = "downgrade_wake_all" THEN "upread_cs" ELSE "idle"

WakeLoopPop(t) ==
    /\ pc[t] \in {"wake_one", "wake_all", "downgrade_wake_all"}
    /\ queue # << >>
    /\ LET first == Head(queue)
           wakes == ~woken[first] IN
       /\ queue' = Tail(queue)
       /\ woken' = IF wakes THEN [woken EXCEPT ![first] = TRUE] ELSE woken
       /\ IF wakes /\ pc[t] = "wake_one"
            THEN SetPc(t, "idle") /\ op' = [op EXCEPT ![t] = "none"]
            ELSE UNCHANGED <<pc, op>>
    /\ UNCHANGED <<writer, upreader, beingUpgraded, readers, hasWaiter>>

WakeLoopExit(t) ==
    /\ pc[t] \in {"wake_one", "wake_all", "downgrade_wake_all"}
    /\ queue = << >>
    /\ SetPc(t, WakeLoopDoneAt(t))
    /\ op' = [op EXCEPT ![t] = IF WakeLoopDoneAt(t) = "idle" THEN "none" ELSE @]
    /\ UNCHANGED <<writer, upreader, beingUpgraded, readers, queue, woken, hasWaiter>>

(* Steps that must eventually happen once a thread is inside an operation. *)
Busy(t) ==
    \/ AttemptRead(t) \/ AttemptWrite(t) \/ AttemptUpread(t)
    \/ UndoRead(t) \/ UndoUpread(t) \/ Enqueue(t) \/ WakeUp(t)
    \/ UpgradeDrop(t)
    \/ WakeLoopPop(t) \/ WakeLoopExit(t)

(* Releasing a guard, upgrading and downgrading are the thread's choice. *)
Release(t) == ReadUnlock(t) \/ WriteUnlock(t) \/ UpreadUnlock(t)

Next == \E t \in Threads :
            \/ \E o \in Operations : Start(t, o)
            \/ Busy(t) \/ Release(t) \/ StartUpgrade(t) \/ TryUpgrade(t) \/ Downgrade(t)

(* Fairness: a thread inside an operation keeps running (weak fairness).   *)
(* Strong fairness where a loop's exit is only intermittently possible:    *)
(* the compare_exchange loop of upgrade() (readers that keep probing the   *)
(* lock word could otherwise starve it), the wake loops (a woken thread    *)
(* that re-enqueues itself could otherwise keep a wake_all popping), and   *)
(* dropping a guard (a thread could otherwise upgrade and downgrade        *)
(* forever).                                                               *)
Spec == Init /\ [][Next]_vars
        /\ \A t \in Threads : /\ WF_vars(Busy(t))
                              /\ SF_vars(TryUpgrade(t))
                              /\ SF_vars(WakeLoopExit(t))
                              /\ SF_vars(Release(t))

---------------------------------------------------------------------------
(* The invariant templates of the task, concretised for this model.        *)

ReadHolders    == {t \in Threads : pc[t] = "read_cs"}
WriteHolders   == {t \in Threads : pc[t] \in {"write_cs", "upgrade_drop"}}
UpreadHolders  == {t \in Threads : pc[t] \in {"upread_cs", "upgrading", "downgrade_wake_all"}}

ReaderWriterExclusion == WriteHolders # {} => ReadHolders = {}

WriterExclusivity ==
    /\ Cardinality(WriteHolders) <= 1
    /\ \A t \in WriteHolders : UpreadHolders \subseteq {t}

UpgradeableReaderUniqueness == Cardinality(UpreadHolders) <= 1

LockStateConsistency ==
    /\ writer <=> WriteHolders # {}
    /\ upreader <=> (UpreadHolders # {} \/ \E t \in Threads : pc[t] \in {"undo_upread", "upgrade_drop"})
    /\ beingUpgraded <=> \E t \in Threads : pc[t] = "upgrading"
    /\ readers = Cardinality(ReadHolders) + Cardinality({t \in Threads : pc[t] = "undo_read"})

UpgradeAtomicity ==
    \A t \in Threads : pc[t] \in {"upgrading", "upgrade_drop"} =>
        /\ upreader
        /\ \A u \in Threads \ {t} : u \notin WriteHolders \cup UpreadHolders

BeingUpgradedBlocksReaders ==
    [][beingUpgraded => \A t \in Threads : pc[t] # "read_cs" => pc'[t] # "read_cs"]_vars

WaitQueueWellFormed ==
    \A i, j \in DOMAIN queue : i < j => queue[i] # queue[j]

TryOperationsNeverBlock ==
    \A t \in Threads : pc[t] \in {"enqueue", "sleep"} => op[t] \in BlockingOperations

Holding(t) ==
    pc[t] \in {"read_cs", "write_cs", "upread_cs", "upgrading", "upgrade_drop", "downgrade_wake_all"}

EventualRelease == \A t \in Threads : Holding(t) ~> ~Holding(t)

EventualUpgrade == \A t \in Threads : pc[t] = "upgrading" ~> pc[t] = "write_cs"

====
