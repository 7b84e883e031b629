//! The event log shared by all threads of a harness run (one copy for every task's harness,
//! copied into its `src/` at build time through `shared_files` in `task.toml`).
//!
//! Every traced step (one atomic instruction of the upstream code, performed by a shim) runs
//! inside [`atomically`]: the step and the event it produces happen under one global lock, so the
//! order of events (`seq`) is exactly the order in which the steps took effect, and the state
//! printed with an event is the state right after that step. The lock only orders the traced
//! steps among themselves; everything between two steps (the rest of the upstream code, think
//! times, parking) runs concurrently on real OS threads.
//!
//! [`hold`] keeps the lock past the end of a step, so that two steps of one thread become one
//! event (used only where the task README says so).

use std::{
    cell::{Cell, RefCell},
    fmt::Write as _,
    sync::{Mutex, MutexGuard},
};

/// A JSON value of an event field.
#[derive(Debug, Clone)]
pub enum Value {
    Null,
    Bool(bool),
    Number(u64),
    Text(String),
    Numbers(Vec<u64>),
}

/// One event before its `seq` is assigned.
#[derive(Debug, Clone)]
pub struct Event {
    thread: Value,
    kind: &'static str,
    contention: bool,
    fields: Vec<(&'static str, Value)>,
}

impl Event {
    /// An event of the current thread (see [`set_thread`]).
    pub fn new(kind: &'static str) -> Event {
        let thread = THREAD_NAME.with(|name| match name.borrow().as_ref() {
            Some(name) => Value::Text(name.clone()),
            None => Value::Number(u64::from(THREAD_ID.with(Cell::get))),
        });
        Event { thread, kind, contention: false, fields: Vec::new() }
    }

    pub fn contention(mut self, contention: bool) -> Event {
        self.contention = contention;
        self
    }

    pub fn field(mut self, name: &'static str, value: Value) -> Event {
        self.fields.push((name, value));
        self
    }

    pub fn bool(self, name: &'static str, value: bool) -> Event {
        self.field(name, Value::Bool(value))
    }

    pub fn number(self, name: &'static str, value: u64) -> Event {
        self.field(name, Value::Number(value))
    }

    pub fn text(self, name: &'static str, value: &str) -> Event {
        self.field(name, Value::Text(value.to_owned()))
    }
}

/// The recorded events, in `seq` order.
pub struct Log {
    lines: Vec<String>,
}

impl Log {
    /// Appends `event`, returning its `seq`.
    pub fn push(&mut self, event: Event) -> usize {
        let mut line = String::new();
        write!(line, "{{\"seq\":{},\"thread\":", self.lines.len()).unwrap();
        write_value(&mut line, &event.thread);
        write!(line, ",\"event\":\"{}\",\"contention\":{}", event.kind, event.contention).unwrap();
        for (name, value) in &event.fields {
            write!(line, ",\"{name}\":").unwrap();
            write_value(&mut line, value);
        }
        line.push('}');
        self.lines.push(line);
        self.lines.len() - 1
    }

    /// Adds a field to the event with `seq`, for a value known only after its step (the items a
    /// pop read).
    pub fn amend(&mut self, seq: usize, name: &'static str, value: Value) {
        let line = &mut self.lines[seq];
        line.pop();
        write!(line, ",\"{name}\":").unwrap();
        write_value(line, &value);
        line.push('}');
    }
}

fn write_value(out: &mut String, value: &Value) {
    match value {
        Value::Null => out.push_str("null"),
        Value::Bool(value) => write!(out, "{value}").unwrap(),
        Value::Number(value) => write!(out, "{value}").unwrap(),
        Value::Text(text) => {
            out.push('"');
            for character in text.chars() {
                match character {
                    '"' => out.push_str("\\\""),
                    '\\' => out.push_str("\\\\"),
                    character if u32::from(character) < 0x20 => {
                        write!(out, "\\u{:04x}", u32::from(character)).unwrap()
                    }
                    character => out.push(character),
                }
            }
            out.push('"');
        }
        Value::Numbers(values) => {
            out.push('[');
            for (idx, value) in values.iter().enumerate() {
                if idx > 0 {
                    out.push(',');
                }
                write!(out, "{value}").unwrap();
            }
            out.push(']');
        }
    }
}

static LOG: Mutex<Log> = Mutex::new(Log { lines: Vec::new() });

thread_local! {
    static THREAD_ID: Cell<u32> = const { Cell::new(0) };
    static THREAD_NAME: RefCell<Option<String>> = const { RefCell::new(None) };
    static HELD: RefCell<Option<MutexGuard<'static, Log>>> = const { RefCell::new(None) };
}

/// Names the current thread in its events by number (1, 2, ...).
pub fn set_thread(id: u32) {
    THREAD_ID.with(|it| it.set(id));
}

/// Names the current thread in its events by role (`producer`, ...).
pub fn set_thread_name(name: &str) {
    THREAD_NAME.with(|it| *it.borrow_mut() = Some(name.to_owned()));
}

/// The number given to the current thread by [`set_thread`] (0 if none).
pub fn thread_id() -> u32 {
    THREAD_ID.with(Cell::get)
}

/// Runs one traced step under the log lock; `step` performs the atomic instruction and pushes
/// its events.
pub fn atomically<R>(step: impl FnOnce(&mut Log) -> R) -> R {
    let held = HELD.with(|it| it.borrow_mut().take());
    match held {
        Some(mut guard) => {
            let res = step(&mut guard);
            HELD.with(|it| *it.borrow_mut() = Some(guard));
            res
        }
        None => {
            let mut guard = LOG.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
            step(&mut guard)
        }
    }
}

/// Like [`atomically`], but keeps the log lock afterwards until [`release`] on this thread.
pub fn atomically_and_hold<R>(step: impl FnOnce(&mut Log) -> R) -> R {
    let held = HELD.with(|it| it.borrow_mut().take());
    let mut guard =
        held.unwrap_or_else(|| LOG.lock().unwrap_or_else(|poisoned| poisoned.into_inner()));
    let res = step(&mut guard);
    HELD.with(|it| *it.borrow_mut() = Some(guard));
    res
}

/// Gives up a lock kept by [`atomically_and_hold`] (nothing if none is kept).
pub fn release() {
    let held = HELD.with(|it| it.borrow_mut().take());
    drop(held);
}

/// Whether this thread keeps the log lock.
pub fn holding() -> bool {
    HELD.with(|it| it.borrow().is_some())
}

/// How many events have been recorded so far.
pub fn event_count() -> usize {
    LOG.lock().unwrap_or_else(|poisoned| poisoned.into_inner()).lines.len()
}

/// Takes the recorded events as NDJSON text.
pub fn take_ndjson() -> String {
    let mut log = LOG.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
    let mut res = String::new();
    for line in log.lines.drain(..) {
        res.push_str(&line);
        res.push('\n');
    }
    res
}
