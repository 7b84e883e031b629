//! Checks every committed trace corpus against the event schema documented in its task's README
//! ("Traces"), and the corpus manifest against the trace files. Hermetic: reads only the
//! committed files, never builds or runs a harness.

#![cfg(test)]

use std::{collections::BTreeMap, fs, path::PathBuf};

use serde_json::{Map, Value};

use crate::{load_all_tasks, sha256_hex_of_bytes, Task};

mod distributed_rules;
use distributed_rules::{
    check_curp_event, check_dqueue_event, check_locksvc_event, check_raft_event,
    check_raftkvs_event, check_redisraft_event,
};

/// The type of an event field.
#[derive(Debug, Clone, Copy)]
enum FieldType {
    Bool,
    /// A non-negative integer.
    Count,
    /// One of the listed strings.
    OneOf(&'static [&'static str]),
    /// One of the listed strings, or `null`.
    OneOfOrNull(&'static [&'static str]),
    /// A thread id of the run (1..=threads) or `null`.
    ThreadOrNull,
    /// A thread id of the run (1..=threads), for instance a server of the ensemble.
    Thread,
    /// A thread id of the run or 0 (a Raft member id or raft's `None`).
    ThreadOrZero,
    /// A list of non-negative integers.
    Counts,
}

/// A field: its name, its type and whether every event of the kind has it.
type Field = (&'static str, FieldType, bool);

/// Who acts: numbered threads `1..=threads`, nodes `0..=threads` (the PGo tasks: node 0 is the
/// producer or server, `1..=threads` the consumers or clients), or the listed roles.
#[derive(Debug, Clone, Copy)]
enum Actors {
    Numbered,
    NodesFromZero,
    Roles(&'static [&'static str]),
}

struct TraceSchema {
    task: &'static str,
    actors: Actors,
    /// Fields every event has, besides `seq`, `thread`, `event` and `contention`.
    common: &'static [Field],
    /// The event kinds and their own fields.
    events: &'static [(&'static str, &'static [Field])],
    /// Event kinds (with an outcome, if given) the corpus as a whole must contain, as evidence of
    /// real contention.
    required_contention: &'static [(&'static str, Option<&'static str>)],
}

use FieldType::{Bool, Count, Counts, OneOf, OneOfOrNull, Thread, ThreadOrNull, ThreadOrZero};

const ACQUIRE_OUTCOMES: FieldType = OneOf(&["acquired", "failed"]);
const RW_OPERATIONS: FieldType =
    OneOf(&["read", "write", "upread", "try_read", "try_write", "try_upread"]);
const RING_FIELDS: &[Field] =
    &[("outcome", OneOf(&["ok", "none"]), true), ("count", Count, true), ("items", Counts, false)];

const LOCK_MESSAGES: FieldType = OneOf(&["lock", "unlock"]);
const KV_REQUESTS: FieldType = OneOf(&["put", "get"]);
/// A Raft message's sender or receiver in `raftkvs` events, with its term and outcome.
const PGO_RAFT_VOTE_FIELDS: &[Field] =
    &[("from", Thread, true), ("term", Count, true), ("granted", Bool, true)];
const PGO_RAFT_APPEND_FIELDS: &[Field] = &[
    ("from", Thread, true),
    ("term", Count, true),
    ("success", Bool, true),
    ("matchIndex", Count, true),
];
const SERVER_STATES: FieldType = OneOf(&["LOOKING", "FOLLOWING", "LEADING"]);
const DECIDED_STATES: FieldType = OneOf(&["FOLLOWING", "LEADING"]);
/// Declares the fields of a message as sent or dropped (`$message`) and as received
/// (`$receive`: the same fields and the receiver's `outcome`).
macro_rules! message_fields {
    ($message:ident, $receive:ident, [$($field:expr),* $(,)?]) => {
        const $message: &[Field] = &[$($field),*];
        const $receive: &[Field] =
            &[$($field,)* ("outcome", OneOf(&["handled", "stale"]), true)];
    };
}

// The fields of a Raft message in `etcd` events.
message_fields!(
    RAFT_MESSAGE_FIELDS,
    RAFT_RECEIVE_FIELDS,
    [
        ("msg_type", OneOf(&["MsgVote", "MsgVoteResp", "MsgApp", "MsgAppResp"]), true),
        ("from", Thread, true),
        ("to", Thread, true),
        ("msg_term", Count, true),
        ("msg_index", Count, true),
        ("msg_log_term", Count, true),
        ("msg_entries", Count, true),
        ("msg_commit", Count, true),
        ("msg_reject", Bool, true),
        ("msg_reject_hint", Count, true),
    ]
);

// The fields of a message in `redisraft` events.
message_fields!(
    REDISRAFT_MESSAGE_FIELDS,
    REDISRAFT_RECEIVE_FIELDS,
    [
        ("msg_type", REDISRAFT_MESSAGE_TYPES, true),
        ("from", Thread, true),
        ("to", Thread, true),
        ("msg_term", Count, true),
        ("msg_prevote", Bool, true),
        ("msg_request_term", Count, true),
        ("msg_index", Count, true),
        ("msg_log_term", Count, true),
        ("msg_entries", Counts, true),
        ("msg_commit", Count, true),
        ("msg_success", Bool, true),
        ("msg_id", Count, true),
    ]
);
const REDISRAFT_MESSAGE_TYPES: FieldType =
    OneOf(&["RequestVote", "RequestVoteResponse", "AppendEntries", "AppendEntriesResponse"]);

/// The fields of a `curp` pool insertion.
const CURP_RECORD_FIELDS: &[Field] = &[
    ("cmd", Count, true),
    ("key", OneOf(&["k0", "k1"]), true),
    ("conflict", Bool, true),
    ("sp", Counts, true),
];
const CURP_LEADER_RECORD_FIELDS: &[Field] = &[
    ("cmd", Count, true),
    ("key", OneOf(&["k0", "k1"]), true),
    ("conflict", Bool, true),
    ("index", Count, true),
    ("sp", Counts, true),
    ("ucp", Counts, true),
];

const SCHEMAS: &[TraceSchema] = &[
    TraceSchema {
        task: "spin",
        actors: Actors::Numbered,
        common: &[("locked", Bool, true)],
        events: &[
            ("lock", &[]),
            ("try_lock", &[]),
            ("spin", &[]),
            ("try_fail", &[]),
            ("acquire", &[("via", OneOf(&["lock", "try_lock"]), true)]),
            ("release", &[]),
            ("guard_drop", &[]),
        ],
        required_contention: &[("spin", None), ("try_fail", None)],
    },
    TraceSchema {
        task: "mutex",
        actors: Actors::Numbered,
        common: &[("locked", Bool, true), ("queue_len", Count, true)],
        events: &[
            ("lock", &[("outcome", ACQUIRE_OUTCOMES, true)]),
            ("try_lock", &[("outcome", ACQUIRE_OUTCOMES, true)]),
            ("enqueue", &[]),
            ("retry", &[("outcome", ACQUIRE_OUTCOMES, true)]),
            ("sleep", &[]),
            ("wake_up", &[]),
            ("close", &[]),
            ("unlock", &[]),
            (
                "wake_one",
                &[
                    ("loop", OneOf(&["wake_one"]), true),
                    ("target", ThreadOrNull, true),
                    ("outcome", OneOf(&["woken", "skipped", "empty"]), true),
                ],
            ),
        ],
        required_contention: &[
            ("lock", Some("failed")),
            ("try_lock", Some("failed")),
            ("sleep", None),
            ("wake_one", Some("woken")),
        ],
    },
    TraceSchema {
        task: "rwmutex",
        actors: Actors::Numbered,
        common: &[
            ("writer", Bool, true),
            ("upreader", Bool, true),
            ("being_upgraded", Bool, true),
            ("readers", Count, true),
            ("queue_len", Count, true),
        ],
        events: &[
            ("start", &[("op", RW_OPERATIONS, true)]),
            (
                "attempt",
                &[
                    ("op", RW_OPERATIONS, true),
                    ("outcome", OneOf(&["acquired", "failed", "undo"]), true),
                ],
            ),
            ("undo", &[("op", RW_OPERATIONS, true)]),
            ("enqueue", &[]),
            ("sleep", &[]),
            ("wake_up", &[]),
            ("close", &[]),
            ("read_unlock", &[]),
            ("write_unlock", &[]),
            ("upread_unlock", &[]),
            ("start_upgrade", &[]),
            ("try_upgrade", &[("outcome", OneOf(&["upgraded", "failed"]), true)]),
            ("upgrade_drop", &[]),
            ("downgrade", &[("outcome", OneOf(&["downgraded", "failed"]), true)]),
            ("downgrade_drop", &[]),
            (
                "wake_pop",
                &[
                    ("loop", OneOf(&["wake_one", "wake_all"]), true),
                    ("target", ThreadOrNull, true),
                    ("outcome", OneOf(&["woken", "skipped"]), true),
                ],
            ),
            (
                "wake_exit",
                &[
                    ("loop", OneOf(&["wake_one", "wake_all"]), true),
                    ("target", ThreadOrNull, true),
                    ("outcome", OneOf(&["empty"]), true),
                ],
            ),
        ],
        required_contention: &[
            ("attempt", Some("failed")),
            ("attempt", Some("undo")),
            ("undo", None),
            ("sleep", None),
            ("wake_pop", Some("woken")),
        ],
    },
    TraceSchema {
        task: "ringbuffer",
        actors: Actors::Roles(&["system", "producer", "consumer"]),
        common: &[("head", Count, true), ("tail", Count, true), ("capacity", Count, true)],
        events: &[
            ("create", &[]),
            ("split", &[]),
            ("push", RING_FIELDS),
            ("push_slice", RING_FIELDS),
            ("pop", RING_FIELDS),
            ("pop_slice", RING_FIELDS),
        ],
        required_contention: &[("push", Some("none")), ("pop", Some("none"))],
    },
    TraceSchema {
        task: "zookeeper",
        actors: Actors::Numbered,
        common: &[],
        events: &[
            (
                "start",
                &[
                    ("round", Count, true),
                    ("leader", Thread, true),
                    ("zxid", Count, true),
                    ("epoch", Count, true),
                ],
            ),
            (
                "notification",
                &[
                    ("server_state", SERVER_STATES, true),
                    ("from", Thread, true),
                    ("from_state", SERVER_STATES, true),
                    ("leader", Thread, true),
                    ("zxid", Count, true),
                    ("epoch", Count, true),
                    ("round", Count, true),
                ],
            ),
            (
                "decide",
                &[
                    ("state", DECIDED_STATES, true),
                    ("leader", Thread, true),
                    ("zxid", Count, true),
                    ("round", Count, true),
                ],
            ),
            ("stop", &[("state", SERVER_STATES, true)]),
            ("restart", &[]),
        ],
        required_contention: &[("notification", None), ("decide", None), ("restart", None)],
    },
    TraceSchema {
        task: "etcd",
        actors: Actors::Numbered,
        common: &[
            ("term", Count, true),
            ("state", OneOf(&["Follower", "Candidate", "Leader"]), true),
            ("vote", ThreadOrZero, true),
            ("lead", ThreadOrZero, true),
            ("commit", Count, true),
            ("last_index", Count, true),
        ],
        events: &[
            ("campaign", &[]),
            ("propose", &[("outcome", OneOf(&["accepted", "dropped"]), true)]),
            ("send", RAFT_MESSAGE_FIELDS),
            ("receive", RAFT_RECEIVE_FIELDS),
            ("drop", RAFT_MESSAGE_FIELDS),
        ],
        required_contention: &[
            ("drop", None),
            ("propose", Some("dropped")),
            ("receive", Some("stale")),
        ],
    },
    TraceSchema {
        task: "redisraft",
        actors: Actors::Numbered,
        common: &[
            ("term", Count, true),
            ("state", OneOf(&["Follower", "PreCandidate", "Candidate", "Leader"]), true),
            ("voted_for", ThreadOrZero, true),
            ("leader", ThreadOrZero, true),
            ("commit", Count, true),
            ("last_index", Count, true),
            ("log", Counts, true),
        ],
        events: &[
            ("election_timeout", &[]),
            ("heartbeat", &[("quorum_check", Bool, true)]),
            ("step_down", &[]),
            ("client_entry", &[("outcome", OneOf(&["accepted", "not_leader"]), true)]),
            ("send", REDISRAFT_MESSAGE_FIELDS),
            ("receive", REDISRAFT_RECEIVE_FIELDS),
            ("drop", REDISRAFT_MESSAGE_FIELDS),
        ],
        required_contention: &[
            ("drop", None),
            ("client_entry", Some("not_leader")),
            ("receive", Some("stale")),
            ("step_down", None),
        ],
    },
    TraceSchema {
        task: "dqueue",
        actors: Actors::NodesFromZero,
        common: &[],
        events: &[
            ("request", &[("queued", Count, true)]),
            ("take", &[("consumer", Thread, true), ("queued", Count, true)]),
            ("send", &[("consumer", Thread, true), ("item", Count, true)]),
            ("consume", &[("item", Count, true)]),
        ],
        required_contention: &[("request", None), ("take", None)],
    },
    TraceSchema {
        task: "raftkvs",
        actors: Actors::NodesFromZero,
        common: &[],
        events: &[
            ("timeout", &[("term", Count, true)]),
            (
                "requestVote",
                &[
                    ("to", Thread, true),
                    ("term", Count, true),
                    ("lastLogIndex", Count, true),
                    ("lastLogTerm", Count, true),
                ],
            ),
            ("becomeLeader", &[]),
            (
                "appendEntries",
                &[
                    ("to", Thread, true),
                    ("term", Count, true),
                    ("prevLogIndex", Count, true),
                    ("prevLogTerm", Count, true),
                    ("entries", Count, true),
                    ("commitIndex", Count, true),
                ],
            ),
            (
                "advanceCommitIndex",
                &[("commitIndex", Count, true), ("newCommitIndex", Count, true)],
            ),
            (
                "applyEntry",
                &[
                    ("index", Count, true),
                    ("client", Count, true),
                    ("idx", Count, true),
                    ("type", KV_REQUESTS, true),
                ],
            ),
            ("handleRequestVoteRequest", PGO_RAFT_VOTE_FIELDS),
            ("handleRequestVoteResponse", PGO_RAFT_VOTE_FIELDS),
            ("handleAppendEntriesRequest", PGO_RAFT_APPEND_FIELDS),
            ("handleAppendEntriesResponse", PGO_RAFT_APPEND_FIELDS),
            (
                "handleClientRequest",
                &[
                    ("from", Count, true),
                    ("idx", Count, true),
                    ("type", KV_REQUESTS, true),
                    ("accepted", Bool, true),
                ],
            ),
            ("clientRequest", &[("idx", Count, true), ("type", KV_REQUESTS, true)]),
            (
                "clientSend",
                &[("to", Thread, true), ("idx", Count, true), ("type", KV_REQUESTS, true)],
            ),
            (
                "clientReceive",
                &[
                    ("from", Thread, true),
                    ("idx", Count, true),
                    ("success", Bool, true),
                    ("value", OneOfOrNull(&["value1", "value2"]), true),
                ],
            ),
            ("clientTimeout", &[]),
        ],
        required_contention: &[("handleClientRequest", None), ("clientReceive", None)],
    },
    TraceSchema {
        task: "locksvc",
        actors: Actors::NodesFromZero,
        common: &[],
        events: &[
            ("request", &[]),
            ("acquire", &[]),
            ("release", &[]),
            ("receive", &[("from", Thread, true), ("type", LOCK_MESSAGES, true)]),
            (
                "respond",
                &[
                    ("from", Thread, true),
                    ("type", LOCK_MESSAGES, true),
                    ("queue", Counts, true),
                    ("granted", ThreadOrNull, true),
                ],
            ),
        ],
        required_contention: &[("respond", None), ("acquire", None)],
    },
    TraceSchema {
        task: "curp",
        actors: Actors::NodesFromZero,
        common: &[],
        events: &[
            ("propose", &[("cmd", Count, true), ("key", OneOf(&["k0", "k1"]), true)]),
            ("leader_record", CURP_LEADER_RECORD_FIELDS),
            ("follower_record", CURP_RECORD_FIELDS),
            (
                "append_entries",
                &[("cmd", Count, true), ("index", Count, true), ("commit", Count, true)],
            ),
            (
                "after_sync",
                &[
                    ("cmd", Count, true),
                    ("index", Count, true),
                    ("sp", Counts, true),
                    ("ucp", Counts, false),
                ],
            ),
            ("fast_path", &[("cmd", Count, true)]),
            ("slow_path", &[("cmd", Count, true)]),
        ],
        required_contention: &[
            ("leader_record", None),
            ("follower_record", None),
            ("slow_path", None),
        ],
    },
];

fn committed_tasks() -> Vec<Task> {
    let tasks_directory = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tasks");
    load_all_tasks(&tasks_directory).unwrap()
}

fn check_field(value: &Value, field_type: FieldType, threads: u32) -> Result<(), String> {
    let ok = match field_type {
        Bool => value.is_boolean(),
        Count => value.is_u64(),
        OneOf(allowed) => value.as_str().is_some_and(|text| allowed.contains(&text)),
        OneOfOrNull(allowed) => {
            value.is_null() || value.as_str().is_some_and(|text| allowed.contains(&text))
        }
        Thread => value.as_u64().is_some_and(|id| (1..=u64::from(threads)).contains(&id)),
        ThreadOrNull => {
            value.is_null()
                || value.as_u64().is_some_and(|id| (1..=u64::from(threads)).contains(&id))
        }
        ThreadOrZero => value.as_u64().is_some_and(|id| id <= u64::from(threads)),
        Counts => value.as_array().is_some_and(|items| items.iter().all(Value::is_u64)),
    };
    if ok {
        Ok(())
    } else {
        Err(format!("{value} is not {field_type:?}"))
    }
}

/// Checks one event against the schema; `index` is its line index.
fn check_event(
    schema: &TraceSchema,
    object: &Map<String, Value>,
    index: usize,
    threads: u32,
) -> Result<(), String> {
    if object.get("seq").and_then(Value::as_u64) != Some(index as u64) {
        return Err(format!("`seq` must be {index}"));
    }
    let thread = object.get("thread").ok_or("no `thread`")?;
    let thread_ok = match schema.actors {
        Actors::Numbered => {
            thread.as_u64().is_some_and(|id| (1..=u64::from(threads)).contains(&id))
        }
        Actors::NodesFromZero => thread.as_u64().is_some_and(|id| id <= u64::from(threads)),
        Actors::Roles(roles) => thread.as_str().is_some_and(|role| roles.contains(&role)),
    };
    if !thread_ok {
        return Err(format!("`thread` {thread} is not a thread of this run"));
    }
    if !object.get("contention").is_some_and(Value::is_boolean) {
        return Err("`contention` must be a boolean".to_owned());
    }
    let kind = object.get("event").and_then(Value::as_str).ok_or("`event` must be a string")?;
    let (_, own_fields) = schema
        .events
        .iter()
        .find(|(name, _)| *name == kind)
        .ok_or_else(|| format!("unknown event `{kind}`"))?;
    let mut expected: BTreeMap<&str, (FieldType, bool)> = BTreeMap::new();
    for &(name, field_type, required) in schema.common.iter().chain(own_fields.iter()) {
        expected.insert(name, (field_type, required));
    }
    for (name, value) in object {
        if ["seq", "thread", "event", "contention"].contains(&name.as_str()) {
            continue;
        }
        let (field_type, _) =
            expected.get(name.as_str()).ok_or_else(|| format!("`{kind}` has no field `{name}`"))?;
        check_field(value, *field_type, threads).map_err(|error| format!("`{name}`: {error}"))?;
    }
    for (name, (_, required)) in &expected {
        if *required && !object.contains_key(*name) {
            return Err(format!("`{kind}` lacks `{name}`"));
        }
    }
    Ok(())
}

/// Task-specific consistency of one event.
fn check_semantics(schema: &TraceSchema, object: &Map<String, Value>) -> Result<(), String> {
    let text = |name: &str| object.get(name).and_then(Value::as_str);
    let number = |name: &str| object.get(name).and_then(Value::as_u64);
    let kind = text("event").unwrap_or_default();
    match schema.task {
        "ringbuffer" if kind.starts_with("push") || kind.starts_with("pop") => {
            let ok = text("outcome") == Some("ok");
            let items = object.get("items").and_then(Value::as_array);
            if ok != items.is_some() {
                return Err("`items` must be present exactly when the outcome is `ok`".to_owned());
            }
            if items.is_some_and(|items| items.len() as u64 != number("count").unwrap_or(0)) {
                return Err("`items` must hold `count` items".to_owned());
            }
            let (head, tail) = (number("head").unwrap(), number("tail").unwrap());
            if tail < head || tail - head > number("capacity").unwrap() {
                return Err(format!("head {head} and tail {tail} out of bounds"));
            }
            if (text("outcome") == Some("none")) != (object["contention"] == Value::Bool(true)) {
                return Err("exactly the `none` outcomes are contention".to_owned());
            }
        }
        "zookeeper" if kind == "decide" => {
            // A server leads exactly when its final vote names itself (setPeerState).
            let leads = text("state") == Some("LEADING");
            if leads != (number("leader") == object["thread"].as_u64()) {
                return Err(
                    "a server is LEADING exactly when its final vote names itself".to_owned()
                );
            }
        }
        "zookeeper" if kind == "start" && number("leader") != object["thread"].as_u64() => {
            return Err("an election starts with a vote for oneself".to_owned());
        }
        "etcd" => check_raft_event(object, kind)?,
        "redisraft" => check_redisraft_event(object, kind)?,
        "dqueue" => check_dqueue_event(object, kind)?,
        "locksvc" => check_locksvc_event(object, kind)?,
        "curp" => check_curp_event(object, kind)?,
        "raftkvs" => check_raftkvs_event(object, kind)?,
        "mutex" | "rwmutex" if ["wake_one", "wake_pop", "wake_exit"].contains(&kind) => {
            let empty = text("outcome") == Some("empty");
            if empty != object["target"].is_null() {
                return Err("`target` is null exactly when the outcome is `empty`".to_owned());
            }
        }
        _ => {}
    }
    Ok(())
}

#[test]
fn every_committed_trace_follows_its_task_schema() {
    let tasks = committed_tasks();
    for schema in SCHEMAS {
        let task = tasks.iter().find(|task| task.id == schema.task).unwrap();
        let harness = task.trace_harness.as_ref().expect("the task has a harness");
        let manifest = task
            .trace_corpus
            .manifest
            .as_ref()
            .unwrap_or_else(|| panic!("task `{}` has no committed trace corpus", task.id));
        let threads = manifest.generation.threads;
        assert_eq!(manifest.generation.harness_version, harness.version, "{}", task.id);
        assert_eq!(threads, harness.threads, "{}", task.id);
        assert_eq!(manifest.generation.operations_per_thread, harness.operations_per_thread);
        assert_eq!(manifest.generation.source, task.source.provider.describe(), "{}", task.id);
        let seeds: Vec<u64> = manifest.traces.iter().map(|trace| trace.seed).collect();
        assert_eq!(seeds, (1..=u64::from(harness.seeds)).collect::<Vec<_>>(), "{}", task.id);

        let mut corpus_counts: BTreeMap<(String, Option<String>), u64> = BTreeMap::new();
        for trace in &manifest.traces {
            let path = task.trace_corpus.directory.join(&trace.file);
            let bytes = fs::read(&path).unwrap();
            let place = format!("{}/{}", task.id, trace.file);
            assert_eq!(sha256_hex_of_bytes(&bytes), trace.sha256, "{place}: sha256");
            let text = std::str::from_utf8(&bytes).unwrap();
            let mut contention = 0;
            let mut event_counts: BTreeMap<String, u64> = BTreeMap::new();
            let lines: Vec<&str> = text.lines().collect();
            for (index, line) in lines.iter().enumerate() {
                let value: Value = serde_json::from_str(line)
                    .unwrap_or_else(|error| panic!("{place}:{}: {error}", index + 1));
                let object = value.as_object().unwrap_or_else(|| panic!("{place}:{}", index + 1));
                check_event(schema, object, index, threads)
                    .and_then(|()| check_semantics(schema, object))
                    .unwrap_or_else(|error| panic!("{place}:{}: {error}\n{line}", index + 1));
                let kind = object["event"].as_str().unwrap().to_owned();
                contention += u64::from(object["contention"] == Value::Bool(true));
                *event_counts.entry(kind.clone()).or_insert(0) += 1;
                let outcome = object.get("outcome").and_then(Value::as_str).map(str::to_owned);
                *corpus_counts.entry((kind.clone(), None)).or_insert(0) += 1;
                *corpus_counts.entry((kind, outcome)).or_insert(0) += 1;
            }
            assert_eq!(lines.len() as u64, trace.events, "{place}: events");
            assert_eq!(contention, trace.contention_events, "{place}: contention_events");
            assert_eq!(event_counts, trace.event_counts, "{place}: event_counts");
            assert!(
                trace.events <= 400,
                "{place}: {} events, more than a few hundred",
                trace.events
            );
        }
        for (kind, outcome) in schema.required_contention {
            let key = (kind.to_string(), outcome.map(str::to_owned));
            assert!(
                corpus_counts.get(&key).copied().unwrap_or(0) > 0,
                "{}: the corpus has no `{kind}` event{}",
                task.id,
                outcome.map(|it| format!(" with outcome `{it}`")).unwrap_or_default()
            );
        }
    }
}

/// The README of each task documents every event kind of its schema.
#[test]
fn every_event_kind_is_documented_in_the_task_readme() {
    for task in committed_tasks() {
        let Some(schema) = SCHEMAS.iter().find(|schema| schema.task == task.id) else {
            assert!(task.trace_harness.is_none(), "task `{}` has a harness but no schema", task.id);
            continue;
        };
        let readme = fs::read_to_string(task.directory.join("README.md")).unwrap();
        let traces_section = readme.split("## Traces").nth(1).expect("a `## Traces` section");
        for (kind, _) in schema.events {
            assert!(
                traces_section.contains(&format!("`{kind}`")),
                "{}: README does not document event `{kind}`",
                task.id
            );
        }
    }
}

/// The PGo tasks' Go harnesses share our stand-in for `immutable` v0.4 and the trace-hook
/// plumbing, kept once in `tasks/harness-common/`: each lists both in its `[harness]`, and no
/// harness template carries a copy of its own.
#[test]
fn the_pgo_harnesses_share_one_immutable_stand_in_and_the_trace_hook_plumbing() {
    let tasks_root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tasks");
    let common = tasks_root.join("harness-common");
    let stand_in = common.join("pgo-gopath/src/github.com/benbjohnson/immutable/immutable.go");
    assert!(fs::read_to_string(&stand_in).unwrap().contains("\npackage immutable\n"));
    let hook = common.join("pgo_trace_hook.go");
    let tasks = load_all_tasks(&tasks_root).unwrap();
    let pgo_tasks: Vec<&Task> = tasks
        .iter()
        .filter(|task| matches!(&task.source.provider, crate::SourceProvider::Git { url, .. } if url.ends_with("DistCompiler/pgo")))
        .collect();
    assert!(pgo_tasks.len() >= 2, "the PGo tasks were not found");
    for task in pgo_tasks {
        let harness = task.trace_harness.as_ref().expect("a PGo task has a Go harness");
        assert_eq!(
            harness.shared_gopath.as_deref().map(fs::canonicalize).map(Result::unwrap),
            Some(fs::canonicalize(common.join("pgo-gopath")).unwrap()),
            "{}",
            task.id
        );
        let shared: Vec<PathBuf> =
            harness.shared_files.iter().map(|it| fs::canonicalize(it).unwrap()).collect();
        assert!(shared.contains(&fs::canonicalize(&hook).unwrap()), "{}", task.id);
        assert!(!harness.directory.join("gopath").exists(), "{}: a private GOPATH copy", task.id);
    }
}
