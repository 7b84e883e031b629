---- MODULE ringbuffer ----
(***************************************************************************)
(* Reference model of the Asterinas single-producer single-consumer ring   *)
(* buffer (kernel/libs/ring-buffer/src/lib.rs, used by                     *)
(* kernel/src/util/ring_buffer.rs), asterinas commit c8ac7e4c, written for *)
(* SysMoBench-rs.                                                          *)
(*                                                                         *)
(* RingBuffer::new(capacity) creates the buffer (Create); split() hands    *)
(* one Producer and one Consumer to two threads (Split). head and tail are *)
(* free-running counters (AtomicUsize, wrapping); len = tail - head. Here  *)
(* the counters wrap at Wrap = 2 * Capacity instead of 2^64: both are      *)
(* multiples of the power-of-two capacity, so offsets (counter mod         *)
(* Capacity) and lengths ((tail - head) mod Wrap, at most Capacity) are    *)
(* computed exactly as in the code, wrap-around included.                  *)
(*                                                                         *)
(* push/push_slice: check free_len (loads head), write the items into the *)
(* slots, then store tail (Release). pop/pop_slice: check len (loads       *)
(* tail), read the slots, then store head. A check that fails returns      *)
(* None and changes nothing. Each pushed item is its own counter value,    *)
(* so the consumer can tell whether it read what was pushed, in order.     *)
(***************************************************************************)
EXTENDS Naturals, Sequences, FiniteSets, TLC

CONSTANTS
    Capacity,   \* a power of two
    MaxSlice    \* the longest slice passed to push_slice/pop_slice

ASSUME Capacity \in {1, 2, 4, 8} /\ MaxSlice \in 1..Capacity

Wrap == 2 * Capacity
NoItem == Wrap        \* an uninitialised slot (the segment is not zeroed)

VARIABLES
    phase,          \* "created" before split(), then "split"
    head, tail,     \* the counters, modulo Wrap
    slots,          \* slot contents, indexed 0..Capacity-1
    producerPc, producerTail, producerCount,
    consumerPc, consumerHead, consumerCount, consumerItems

vars == <<phase, head, tail, slots, producerPc, producerTail, producerCount,
          consumerPc, consumerHead, consumerCount, consumerItems>>

ItemCount == (tail + Wrap - head) % Wrap
Offsets(start, count) == {(start + i) % Capacity : i \in 0..(count - 1)}

TypeOK ==
    /\ phase \in {"created", "split"}
    /\ head \in 0..(Wrap - 1) /\ tail \in 0..(Wrap - 1)
    /\ slots \in [0..(Capacity - 1) -> 0..Wrap]
    /\ producerPc \in {"idle", "write", "commit"}
    /\ consumerPc \in {"idle", "read", "commit"}
    /\ producerTail \in 0..(Wrap - 1) /\ consumerHead \in 0..(Wrap - 1)
    /\ producerCount \in 0..MaxSlice /\ consumerCount \in 0..MaxSlice
    /\ consumerItems \in Seq(0..Wrap)

Init ==
    /\ phase = "created"
    /\ head = 0 /\ tail = 0
    /\ slots = [i \in 0..(Capacity - 1) |-> NoItem]
    /\ producerPc = "idle" /\ producerTail = 0 /\ producerCount = 0
    /\ consumerPc = "idle" /\ consumerHead = 0 /\ consumerCount = 0
    /\ consumerItems = << >>

Split ==
    /\ phase = "created"
    /\ phase' = "split"
    /\ UNCHANGED <<head, tail, slots, producerPc, producerTail, producerCount,
                   consumerPc, consumerHead, consumerCount, consumerItems>>

ProducerVars == <<producerPc, producerTail, producerCount>>
ConsumerVars == <<consumerPc, consumerHead, consumerCount, consumerItems>>

(* push (count = 1) or push_slice (count items): the free-space check. *)
PushCheck(count) ==
    /\ phase = "split" /\ producerPc = "idle"
    /\ Capacity - ItemCount >= count
    /\ producerPc' = "write" /\ producerTail' = tail /\ producerCount' = count
    /\ UNCHANGED <<phase, head, tail, slots>> /\ UNCHANGED ConsumerVars

PushWrite ==
    /\ producerPc = "write"
    /\ slots' = [i \in 0..(Capacity - 1) |->
                   IF \E k \in 0..(producerCount - 1) : (producerTail + k) % Capacity = i
                     THEN CHOOSE v \in 0..(Wrap - 1) :
                            \E k \in 0..(producerCount - 1) :
                               (producerTail + k) % Capacity = i /\ v = (producerTail + k) % Wrap
                     ELSE slots[i]]
    /\ producerPc' = "commit"
    /\ UNCHANGED <<phase, head, tail, producerTail, producerCount>> /\ UNCHANGED ConsumerVars

(* advance_tail: tail.store(tail + count, Release). *)
PushCommit ==
    /\ producerPc = "commit"
    /\ tail' = (producerTail + producerCount) % Wrap
    /\ producerPc' = "idle" /\ producerCount' = 0
    /\ UNCHANGED <<phase, head, slots, producerTail>> /\ UNCHANGED ConsumerVars

(* pop (count = 1) or pop_slice (count items): the available-items check. *)
PopCheck(count) ==
    /\ phase = "split" /\ consumerPc = "idle"
    /\ ItemCount >= count
    /\ consumerPc' = "read" /\ consumerHead' = head /\ consumerCount' = count
    /\ consumerItems' = << >>
    /\ UNCHANGED <<phase, head, tail, slots>> /\ UNCHANGED ProducerVars

PopRead ==
    /\ consumerPc = "read"
    /\ consumerItems' = [k \in 1..consumerCount |-> slots[(consumerHead + k - 1) % Capacity]]
    /\ consumerPc' = "commit"
    /\ UNCHANGED <<phase, head, tail, slots, consumerHead, consumerCount>> /\ UNCHANGED ProducerVars

(* advance_head: head.store(head + count, Release). *)
PopCommit ==
    /\ consumerPc = "commit"
    /\ head' = (consumerHead + consumerCount) % Wrap
    /\ consumerPc' = "idle" /\ consumerCount' = 0
    /\ UNCHANGED <<phase, tail, slots, consumerHead, consumerItems>> /\ UNCHANGED ProducerVars

ProducerStep == (\E count \in 1..MaxSlice : PushCheck(count)) \/ PushWrite \/ PushCommit
ConsumerStep == (\E count \in 1..MaxSlice : PopCheck(count)) \/ PopRead \/ PopCommit

Next == Split \/ ProducerStep \/ ConsumerStep

(* Both threads keep calling their operations. *)
Spec == Init /\ [][Next]_vars /\ WF_vars(Split) /\ WF_vars(ProducerStep) /\ WF_vars(ConsumerStep)

---------------------------------------------------------------------------
(* The invariant templates of the task, concretised for this model.        *)

BufferBounds == ItemCount <= Capacity

EmptyFullConsistency ==
    /\ (ItemCount = 0) <=> (head = tail)
    /\ (ItemCount = Capacity) => (head % Capacity = tail % Capacity /\ head # tail)

ProducerSafety ==
    producerPc \in {"write", "commit"} =>
        Offsets(producerTail, producerCount) \cap Offsets(head, ItemCount) = {}

ConsumerSafety ==
    consumerPc = "commit" =>
        consumerItems = [k \in 1..consumerCount |-> (consumerHead + k - 1) % Wrap]

BatchOperationAtomicity ==
    [][/\ tail' # tail => tail' = (tail + producerCount) % Wrap
       /\ head' # head => head' = (head + consumerCount) % Wrap]_vars

EventualProducerProgress ==
    \A k \in 0..(Wrap - 1) : (phase = "split" /\ tail = k /\ ItemCount < Capacity) ~> tail # k

EventualConsumerProgress ==
    \A k \in 0..(Wrap - 1) : (head = k /\ ItemCount > 0) ~> head # k

====
