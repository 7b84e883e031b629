//! Trace harness of task `ringbuffer`: the single-producer single-consumer `RingBuffer` of the
//! Asterinas kernel (`kernel/libs/ring-buffer/src/lib.rs`) on two real OS threads.
//!
//! The fetched file is compiled unmodified as the module `ring_buffer` (`#[path]`; its
//! `#![no_std]` only has an effect at a crate root and is ignored here). Its imports resolve to:
//! - `core`: the `traced-core` shim crate (renamed `core` in Cargo.toml), the real `core` except
//!   `sync::atomic::AtomicUsize`, whose loads and stores call the hooks installed below;
//! - `ostd::mm`: the `ostd-mm-shim` crate (segments over heap memory);
//! - `ostd_pod`, `inherit_methods_macro`: the real crates from crates.io.
//! See the task README for the event schema.

#[allow(dead_code)]
mod recorder;
#[allow(dead_code)]
mod workload;

#[allow(unused_attributes, dead_code)]
#[path = "../upstream/kernel/libs/ring-buffer/src/lib.rs"]
mod ring_buffer;

use std::{
    cell::Cell,
    sync::atomic::{AtomicUsize, Ordering},
};

use recorder::{Event, Value, atomically};

const CAPACITY: usize = 4;
const MAX_SLICE: u64 = 3;

/// The counters in creation order: `RingBuffer::new` initialises `tail` and then `head` (the
/// order of its struct expression), and the harness creates exactly one ring buffer. The store
/// hook checks that only the producer stores counter 0 and only the consumer counter 1.
const TAIL: usize = 0;
const HEAD: usize = 1;
static COUNTERS: [AtomicUsize; 2] = [AtomicUsize::new(0), AtomicUsize::new(0)];

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Role {
    System,
    Producer,
    Consumer,
}

/// The operation in progress on this thread and what its check decided.
#[derive(Debug, Clone, Copy)]
struct Operation {
    name: &'static str,
    count: usize,
    /// `Some(true)` once the check passed, `Some(false)` once it failed.
    decided: Option<bool>,
    /// The `seq` of the event recording the operation.
    event: Option<usize>,
}

thread_local! {
    static ROLE: Cell<Role> = const { Cell::new(Role::System) };
    static OPERATION: Cell<Option<Operation>> = const { Cell::new(None) };
}

fn state(event: Event) -> Event {
    event
        .number("head", COUNTERS[HEAD].load(Ordering::SeqCst) as u64)
        .number("tail", COUNTERS[TAIL].load(Ordering::SeqCst) as u64)
        .number("capacity", CAPACITY as u64)
}

fn operation_event(operation: &Operation, outcome: &str) -> Event {
    state(
        Event::new(operation.name)
            .text("outcome", outcome)
            .number("count", operation.count as u64)
            .contention(outcome == "none"),
    )
}

fn create_counter(counter: usize, value: usize) {
    assert!(counter <= HEAD, "the harness creates one ring buffer");
    COUNTERS[counter].store(value, Ordering::SeqCst);
}

/// A load. The first load of the other side's counter in an operation is the check of
/// `is_full`/`free_len` (producer, loading `head`) or `is_empty`/`len` (consumer, loading
/// `tail`): the thread's own counter cannot change meanwhile, so the outcome is decided by this
/// load. A failed check is recorded here, at the step that decided it; a passed one is recorded
/// at the commit (the store).
fn load_counter(counter: usize, order: Ordering) -> usize {
    atomically(|log| {
        let value = COUNTERS[counter].load(order);
        let role = ROLE.with(Cell::get);
        let foreign = match role {
            Role::Producer => HEAD,
            Role::Consumer => TAIL,
            Role::System => return value,
        };
        let Some(mut operation) = OPERATION.with(Cell::get) else { return value };
        if counter != foreign || operation.decided.is_some() {
            return value;
        }
        let head = COUNTERS[HEAD].load(Ordering::SeqCst);
        let tail = COUNTERS[TAIL].load(Ordering::SeqCst);
        let len = tail.wrapping_sub(head);
        let passes = match role {
            Role::Producer => CAPACITY - len >= operation.count,
            _ => len >= operation.count,
        };
        operation.decided = Some(passes);
        if !passes {
            operation.event = Some(log.push(operation_event(&operation, "none")));
        }
        OPERATION.with(|it| it.set(Some(operation)));
        value
    })
}

/// A store: `advance_tail` (producer) or `advance_head` (consumer), the commit of an operation
/// whose check passed.
fn store_counter(counter: usize, value: usize, order: Ordering) {
    atomically(|log| {
        let role = ROLE.with(Cell::get);
        let own = match role {
            Role::Producer => TAIL,
            Role::Consumer => HEAD,
            Role::System => panic!("a counter stored outside the producer and consumer"),
        };
        assert_eq!(counter, own, "counter identity: {role:?} stored counter {counter}");
        COUNTERS[counter].store(value, order);
        let mut operation = OPERATION.with(Cell::get).expect("a store outside an operation");
        assert_eq!(operation.decided, Some(true), "a commit without a passed check");
        operation.event = Some(log.push(operation_event(&operation, "ok")));
        OPERATION.with(|it| it.set(Some(operation)));
    });
}

/// Runs one operation, then checks that the check the hooks saw agrees with the result and adds
/// the items moved.
fn operate(name: &'static str, count: usize, call: impl FnOnce() -> Option<Vec<u32>>) -> bool {
    OPERATION.with(|it| it.set(Some(Operation { name, count, decided: None, event: None })));
    let res = call();
    let operation = OPERATION.with(|it| it.take()).unwrap();
    assert_eq!(operation.decided, Some(res.is_some()), "{name}: check and result disagree");
    if let Some(items) = &res {
        let seq = operation.event.unwrap();
        let items = items.iter().map(|&item| u64::from(item)).collect();
        atomically(|log| log.amend(seq, "items", Value::Numbers(items)));
    }
    res.is_some()
}

/// The longest think time before an operation: with odd seeds the producer is the faster side
/// (the buffer tends to be full), with even seeds the consumer (it tends to be empty).
fn think_micros(seed: u64, role: Role) -> u64 {
    if (seed % 2 == 1) == (role == Role::Producer) { 150 } else { 260 }
}

fn producer(mut producer: ring_buffer::RbProducer<u32>, arguments: workload::Arguments) {
    ROLE.with(|it| it.set(Role::Producer));
    recorder::set_thread_name("producer");
    let mut rng = workload::Rng::for_thread(arguments.seed, 1);
    let mut next_item = 0u32;
    for _ in 0..arguments.operations {
        workload::pause(rng.range(0, think_micros(arguments.seed, Role::Producer)));
        if rng.chance(60) {
            let item = next_item;
            if operate("push", 1, || producer.push(item).map(|()| vec![item])) {
                next_item += 1;
            }
        } else {
            let count = rng.range(1, MAX_SLICE) as usize;
            let items: Vec<u32> = (next_item..next_item + count as u32).collect();
            if operate("push_slice", count, || producer.push_slice(&items).map(|()| items.clone()))
            {
                next_item += count as u32;
            }
        }
    }
}

fn consumer(mut consumer: ring_buffer::RbConsumer<u32>, arguments: workload::Arguments) {
    ROLE.with(|it| it.set(Role::Consumer));
    recorder::set_thread_name("consumer");
    let mut rng = workload::Rng::for_thread(arguments.seed, 2);
    let mut expected = 0u32;
    for _ in 0..arguments.operations {
        workload::pause(rng.range(0, think_micros(arguments.seed, Role::Consumer)));
        let popped = if rng.chance(60) {
            let mut popped = None;
            operate("pop", 1, || {
                popped = consumer.pop().map(|item| vec![item]);
                popped.clone()
            });
            popped
        } else {
            let count = rng.range(1, MAX_SLICE) as usize;
            let mut items = vec![u32::MAX; count];
            let mut popped = None;
            operate("pop_slice", count, || {
                popped = consumer.pop_slice(&mut items).map(|()| items.clone());
                popped.clone()
            });
            popped
        };
        for item in popped.unwrap_or_default() {
            assert_eq!(item, expected, "the consumer read an item out of order");
            expected += 1;
        }
    }
}

fn main() {
    let arguments = match workload::parse_arguments() {
        Ok(arguments) => arguments,
        Err(message) => {
            eprintln!("ringbuffer-trace-harness: {message}");
            std::process::exit(2);
        }
    };
    if arguments.threads != 2 {
        eprintln!("ringbuffer-trace-harness: --threads must be 2 (one producer, one consumer)");
        std::process::exit(2);
    }
    core::install_counter_hooks(core::CounterHooks {
        create: create_counter,
        load: load_counter,
        store: store_counter,
    });
    recorder::set_thread_name("system");
    let buffer = ring_buffer::RingBuffer::<u32>::new(CAPACITY);
    atomically(|log| log.push(state(Event::new("create"))));
    let (rb_producer, rb_consumer) = buffer.split();
    atomically(|log| log.push(state(Event::new("split"))));
    std::thread::scope(|scope| {
        scope.spawn(move || producer(rb_producer, arguments));
        scope.spawn(move || consumer(rb_consumer, arguments));
    });
    print!("{}", recorder::take_ndjson());
}
