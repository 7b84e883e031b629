//! The distributed tasks' own consistency rules for their trace events (who acts, what counts as
//! contention, what a node's state must be after an event), and tests that each rule rejects
//! events that break it. `check_semantics` in the parent module dispatches here by task.

use serde_json::{Map, Value};

use super::*;

/// The `dqueue` events' own consistency: the producer (node 0) takes requests and sends items,
/// consumers request and consume; contention is a request or take while other requests wait.
pub(super) fn check_dqueue_event(object: &Map<String, Value>, kind: &str) -> Result<(), String> {
    let number = |name: &str| object.get(name).and_then(Value::as_u64);
    let producer = number("thread") == Some(0);
    if producer != ["take", "send"].contains(&kind) {
        return Err("the producer, node 0, exactly takes requests and sends items".to_owned());
    }
    if number("item") == Some(0) {
        return Err("items are numbered from 1".to_owned());
    }
    let contention = object["contention"] == Value::Bool(true);
    let waiting = match kind {
        "request" => number("queued").map(|queued| queued > 1),
        "take" => number("queued").map(|queued| queued > 0),
        _ => Some(false),
    };
    if waiting != Some(contention) {
        return Err("contention is a request or take while other requests wait".to_owned());
    }
    Ok(())
}

/// The `raftkvs` events' own consistency: the client (thread 0) exactly requests, sends,
/// receives and times out; no server messages itself; contention is exactly a refusal (a vote not
/// granted, an AppendEntries not accepted, a client request a non-leader answers, a failed
/// answer) or a client timeout; a successful answer to a put carries the value it wrote.
pub(super) fn check_raftkvs_event(object: &Map<String, Value>, kind: &str) -> Result<(), String> {
    let number = |name: &str| object.get(name).and_then(Value::as_u64);
    let flag = |name: &str| object.get(name).and_then(Value::as_bool);
    let client_kinds = ["clientRequest", "clientSend", "clientReceive", "clientTimeout"];
    if (number("thread") == Some(0)) != client_kinds.contains(&kind) {
        return Err(
            "the client, thread 0, exactly requests, sends, receives and times out".to_owned()
        );
    }
    if ["to", "from"].iter().any(|peer| number(peer).is_some() && number(peer) == number("thread"))
    {
        return Err("a server never messages itself".to_owned());
    }
    let refused = match kind {
        "handleRequestVoteRequest" | "handleRequestVoteResponse" => flag("granted") == Some(false),
        "handleAppendEntriesRequest" | "handleAppendEntriesResponse" | "clientReceive" => {
            flag("success") == Some(false)
        }
        "handleClientRequest" => flag("accepted") == Some(false),
        "clientTimeout" => true,
        _ => false,
    };
    if object["contention"] != Value::Bool(refused) {
        return Err("contention is exactly a refusal or a client timeout".to_owned());
    }
    if kind == "clientReceive" && flag("success") == Some(false) && !object["value"].is_null() {
        return Err("a failed answer carries no value".to_owned());
    }
    if kind == "advanceCommitIndex" && number("newCommitIndex") <= number("commitIndex") {
        return Err("advanceCommitIndex raises the commit target".to_owned());
    }
    Ok(())
}

/// The `locksvc` events' own consistency: the server (node 0) receives and responds, clients
/// request, acquire and release; a grant goes to the head of the queue, a lock request joins its
/// end, and contention is exactly a lock request that has to wait.
pub(super) fn check_locksvc_event(object: &Map<String, Value>, kind: &str) -> Result<(), String> {
    let number = |name: &str| object.get(name).and_then(Value::as_u64);
    if (number("thread") == Some(0)) != ["receive", "respond"].contains(&kind) {
        return Err("the server, node 0, exactly receives and responds".to_owned());
    }
    let contention = object["contention"] == Value::Bool(true);
    if kind != "respond" {
        return if contention {
            Err(format!("`{kind}` must have contention false"))
        } else {
            Ok(())
        };
    }
    let queue: Vec<u64> =
        object["queue"].as_array().unwrap().iter().filter_map(Value::as_u64).collect();
    let lock = object["type"] == "lock";
    let granted = number("granted");
    if granted.is_some() && granted != queue.first().copied() {
        return Err("a grant goes to the head of the queue".to_owned());
    }
    if lock && queue.last().copied() != number("from") {
        return Err("a lock request joins the end of the queue".to_owned());
    }
    if contention != (lock && granted.is_none()) {
        return Err("contention is exactly a lock request that has to wait".to_owned());
    }
    Ok(())
}

/// The `curp` events' own consistency: node 0 is the client side, node 1 the leader; a pool
/// insertion is contention exactly when it conflicted, a conflicting command is not in the
/// speculative pool afterwards and an accepted one is; the leader's uncommitted pool always takes
/// the command; applying removes the command from the pools; only the leader reports `ucp`.
pub(super) fn check_curp_event(object: &Map<String, Value>, kind: &str) -> Result<(), String> {
    let number = |name: &str| object.get(name).and_then(Value::as_u64);
    let holds = |pool: &str| {
        object.get(pool).and_then(Value::as_array).map(|items| {
            items.iter().filter_map(Value::as_u64).any(|item| Some(item) == number("cmd"))
        })
    };
    let thread = number("thread").unwrap_or_default();
    let expected_actor = match kind {
        "propose" | "fast_path" | "slow_path" => thread == 0,
        "leader_record" => thread == 1,
        "follower_record" | "append_entries" => thread > 1,
        _ => thread > 0,
    };
    if !expected_actor {
        return Err(format!("`{kind}` is not an event of node {thread}"));
    }
    if object.contains_key("ucp") != (thread == 1) {
        return Err("exactly the leader's events report `ucp`".to_owned());
    }
    if number("cmd") == Some(0) || number("index") == Some(0) {
        return Err("commands and log indexes are numbered from 1".to_owned());
    }
    let contention = object["contention"] == Value::Bool(true);
    match kind {
        "leader_record" | "follower_record" => {
            let conflict = object["conflict"] == Value::Bool(true);
            if contention != conflict {
                return Err("a pool insertion is contention exactly when it conflicted".to_owned());
            }
            if kind == "leader_record" && holds("ucp") != Some(true) {
                return Err("the uncommitted pool always takes the command".to_owned());
            }
            if kind == "follower_record" && holds("sp") != Some(!conflict) {
                return Err(
                    "the speculative pool holds the command unless it conflicted".to_owned()
                );
            }
            if kind == "leader_record" && !conflict && holds("sp") != Some(true) {
                return Err(
                    "the speculative pool holds the command unless it conflicted".to_owned()
                );
            }
        }
        "after_sync" if holds("sp") == Some(true) || holds("ucp") == Some(true) => {
            return Err("applying a command removes it from the pools".to_owned());
        }
        "fast_path" if contention => return Err("`fast_path` is never contention".to_owned()),
        "propose" | "append_entries" | "after_sync" if contention => {
            return Err(format!("`{kind}` is never contention"));
        }
        _ => {}
    }
    Ok(())
}

/// The `etcd` events' own consistency: who acts, what counts as contention, the member's state.
pub(super) fn check_raft_event(object: &Map<String, Value>, kind: &str) -> Result<(), String> {
    let number = |name: &str| object.get(name).and_then(Value::as_u64);
    let flag = |name: &str| object.get(name) == Some(&Value::Bool(true));
    let thread = number("thread");
    let contention = flag("contention");
    match kind {
        "send" | "receive" | "drop" => {
            if number("from") == number("to") {
                return Err("a message goes to another member".to_owned());
            }
            let actor = if kind == "send" { "from" } else { "to" };
            if number(actor) != thread {
                return Err(format!("the acting member of `{kind}` is the message's `{actor}`"));
            }
            let expected = match kind {
                "send" => false,
                "drop" => true,
                _ => object.get("outcome") == Some(&Value::from("stale")) || flag("msg_reject"),
            };
            if contention != expected {
                return Err(format!("`{kind}` must have contention {expected}"));
            }
        }
        "propose" if contention != (object.get("outcome") == Some(&Value::from("dropped"))) => {
            return Err("exactly the dropped proposals are contention".to_owned());
        }
        "propose" => {}
        _ if contention => return Err(format!("`{kind}` is never contention")),
        _ => {}
    }
    if number("commit") > number("last_index") {
        return Err("the commit index is past the last index".to_owned());
    }
    let leader = object.get("state") == Some(&Value::from("Leader"));
    if leader && (number("lead") != thread || number("vote") != thread) {
        return Err("a leader leads and voted for itself".to_owned());
    }
    Ok(())
}

/// The `redisraft` events' own consistency: who acts, what counts as contention, the server's
/// state (its log has `last_index` entries; leaders lead and voted for themselves; pre-candidates
/// and candidates follow no leader; candidates voted for themselves).
pub(super) fn check_redisraft_event(object: &Map<String, Value>, kind: &str) -> Result<(), String> {
    let number = |name: &str| object.get(name).and_then(Value::as_u64);
    let flag = |name: &str| object.get(name) == Some(&Value::Bool(true));
    let thread = number("thread");
    let contention = flag("contention");
    let expected = match kind {
        "send" | "receive" | "drop" => {
            if number("from") == number("to") {
                return Err("a message goes to another server".to_owned());
            }
            let actor = if kind == "send" { "from" } else { "to" };
            if number(actor) != thread {
                return Err(format!("the acting server of `{kind}` is the message's `{actor}`"));
            }
            let response = object
                .get("msg_type")
                .and_then(Value::as_str)
                .is_some_and(|it| it.ends_with("Response"));
            match kind {
                "send" => false,
                "drop" => true,
                _ => {
                    object.get("outcome") == Some(&Value::from("stale"))
                        || (response && !flag("msg_success"))
                }
            }
        }
        "client_entry" => object.get("outcome") == Some(&Value::from("not_leader")),
        "step_down" => true,
        _ => false,
    };
    if contention != expected {
        return Err(format!("this `{kind}` must have contention {expected}"));
    }
    if number("commit") > number("last_index") {
        return Err("the commit index is past the last index".to_owned());
    }
    let log_length = object.get("log").and_then(Value::as_array).map(|log| log.len() as u64);
    if log_length != number("last_index") {
        return Err("the log must hold `last_index` entries".to_owned());
    }
    let state = object.get("state").and_then(Value::as_str).unwrap_or_default();
    if state == "Leader" && (number("leader") != thread || number("voted_for") != thread) {
        return Err("a leader leads and voted for itself".to_owned());
    }
    if ["PreCandidate", "Candidate"].contains(&state) && number("leader") != Some(0) {
        return Err("a pre-candidate or candidate follows no leader".to_owned());
    }
    if state == "Candidate" && number("voted_for") != thread {
        return Err("a candidate voted for itself".to_owned());
    }
    Ok(())
}

/// The `etcd` consistency checks reject events that break them.
#[test]
fn raft_events_that_break_the_schema_rules_are_rejected() {
    let good = r#"{"seq":0,"thread":1,"event":"send","contention":false,"msg_type":"MsgApp","from":1,"to":2,"msg_term":1,"msg_index":0,"msg_log_term":0,"msg_entries":1,"msg_commit":0,"msg_reject":false,"msg_reject_hint":0,"term":1,"state":"Leader","vote":1,"lead":1,"commit":0,"last_index":1}"#;
    let schema = SCHEMAS.iter().find(|schema| schema.task == "etcd").unwrap();
    let object = |text: &str| serde_json::from_str::<Map<String, Value>>(text).unwrap();
    assert_eq!(check_event(schema, &object(good), 0, 3), Ok(()));
    assert_eq!(check_semantics(schema, &object(good)), Ok(()));
    for (from, to, expected) in [
        ("\"from\":1,", "\"from\":3,", "the acting member of `send` is the message's `from`"),
        ("\"to\":2,", "\"to\":1,", "a message goes to another member"),
        ("\"contention\":false", "\"contention\":true", "`send` must have contention false"),
        ("\"commit\":0,\"last", "\"commit\":2,\"last", "the commit index is past the last index"),
        ("\"lead\":1", "\"lead\":2", "a leader leads and voted for itself"),
    ] {
        let broken = good.replacen(from, to, 1);
        assert_eq!(check_semantics(schema, &object(&broken)), Err(expected.to_owned()), "{to}");
    }
    let unknown_member = good.replacen("\"to\":2,", "\"to\":4,", 1);
    assert!(check_event(schema, &object(&unknown_member), 0, 3).is_err());
}

/// The `redisraft` consistency checks reject events that break them.
#[test]
fn redisraft_events_that_break_the_schema_rules_are_rejected() {
    let good = r#"{"seq":0,"thread":1,"event":"send","contention":false,"msg_type":"AppendEntries","from":1,"to":2,"msg_term":1,"msg_prevote":false,"msg_request_term":0,"msg_index":0,"msg_log_term":0,"msg_entries":[1],"msg_commit":0,"msg_success":false,"msg_id":1,"term":1,"state":"Leader","voted_for":1,"leader":1,"commit":0,"last_index":1,"log":[1]}"#;
    let schema = SCHEMAS.iter().find(|schema| schema.task == "redisraft").unwrap();
    let object = |text: &str| serde_json::from_str::<Map<String, Value>>(text).unwrap();
    assert_eq!(check_event(schema, &object(good), 0, 3), Ok(()));
    assert_eq!(check_semantics(schema, &object(good)), Ok(()));
    for (from, to, expected) in [
        ("\"from\":1,", "\"from\":3,", "the acting server of `send` is the message's `from`"),
        ("\"to\":2,", "\"to\":1,", "a message goes to another server"),
        ("\"contention\":false", "\"contention\":true", "this `send` must have contention false"),
        ("\"commit\":0,\"last", "\"commit\":2,\"last", "the commit index is past the last index"),
        ("\"log\":[1]", "\"log\":[1,1]", "the log must hold `last_index` entries"),
        ("\"leader\":1", "\"leader\":2", "a leader leads and voted for itself"),
        (
            "\"state\":\"Leader\"",
            "\"state\":\"PreCandidate\"",
            "a pre-candidate or candidate follows no leader",
        ),
    ] {
        let broken = good.replacen(from, to, 1);
        assert_eq!(check_semantics(schema, &object(&broken)), Err(expected.to_owned()), "{to}");
    }
    let refused = good
        .replacen("\"event\":\"send\"", "\"event\":\"receive\"", 1)
        .replacen("\"thread\":1", "\"thread\":2", 1)
        .replacen("\"AppendEntries\"", "\"AppendEntriesResponse\"", 1)
        .replacen("\"msg_id\":1,", "\"msg_id\":1,\"outcome\":\"handled\",", 1)
        .replacen("\"state\":\"Leader\"", "\"state\":\"Follower\"", 1);
    let expected = "this `receive` must have contention true";
    assert_eq!(check_semantics(schema, &object(&refused)), Err(expected.to_owned()));
    let unknown_state = good.replacen("\"Leader\"", "\"Observer\"", 1);
    assert!(check_event(schema, &object(&unknown_state), 0, 3).is_err());
}

/// The `dqueue` rules: the producer is node 0 and only it takes and sends; node ids run from 0
/// to the number of consumers; contention is exactly a request or take while others wait.
#[test]
fn dqueue_events_that_break_the_schema_rules_are_rejected() {
    let take = r#"{"seq":0,"thread":0,"event":"take","contention":true,"consumer":2,"queued":1}"#;
    let request = r#"{"seq":0,"thread":1,"event":"request","contention":false,"queued":1}"#;
    let schema = SCHEMAS.iter().find(|schema| schema.task == "dqueue").unwrap();
    let object = |text: &str| serde_json::from_str::<Map<String, Value>>(text).unwrap();
    for good in [take, request] {
        assert_eq!(check_event(schema, &object(good), 0, 3), Ok(()));
        assert_eq!(check_semantics(schema, &object(good)), Ok(()));
    }
    let producer_rule = "the producer, node 0, exactly takes requests and sends items";
    let contention_rule = "contention is a request or take while other requests wait";
    for (good, from, to, expected) in [
        (take, "\"thread\":0", "\"thread\":1", producer_rule),
        (request, "\"thread\":1", "\"thread\":0", producer_rule),
        (take, "\"contention\":true", "\"contention\":false", contention_rule),
        (request, "\"queued\":1", "\"queued\":2", contention_rule),
    ] {
        let broken = good.replacen(from, to, 1);
        assert_eq!(check_semantics(schema, &object(&broken)), Err(expected.to_owned()), "{to}");
    }
    let unknown_node = request.replacen("\"thread\":1", "\"thread\":4", 1);
    assert!(check_event(schema, &object(&unknown_node), 0, 3).is_err());
    let unknown_consumer = take.replacen("\"consumer\":2", "\"consumer\":0", 1);
    assert!(check_event(schema, &object(&unknown_consumer), 0, 3).is_err());
}

/// The `locksvc` rules: only the server, node 0, receives and responds; grants go to the queue's
/// head; contention is exactly a lock request that waits.
#[test]
fn locksvc_events_that_break_the_schema_rules_are_rejected() {
    let waits = r#"{"seq":0,"thread":0,"event":"respond","contention":true,"from":1,"type":"lock","queue":[2,1],"granted":null}"#;
    let grants = r#"{"seq":0,"thread":0,"event":"respond","contention":false,"from":2,"type":"unlock","queue":[1],"granted":1}"#;
    let schema = SCHEMAS.iter().find(|schema| schema.task == "locksvc").unwrap();
    let object = |text: &str| serde_json::from_str::<Map<String, Value>>(text).unwrap();
    for good in [waits, grants] {
        assert_eq!(check_event(schema, &object(good), 0, 3), Ok(()));
        assert_eq!(check_semantics(schema, &object(good)), Ok(()));
    }
    for (good, from, to, expected) in [
        (
            waits,
            "\"thread\":0",
            "\"thread\":1",
            "the server, node 0, exactly receives and responds",
        ),
        (grants, "\"granted\":1", "\"granted\":2", "a grant goes to the head of the queue"),
        (waits, "[2,1]", "[1,2]", "a lock request joins the end of the queue"),
        (
            waits,
            "\"contention\":true",
            "\"contention\":false",
            "contention is exactly a lock request that has to wait",
        ),
    ] {
        let broken = good.replacen(from, to, 1);
        assert_eq!(check_semantics(schema, &object(&broken)), Err(expected.to_owned()), "{to}");
    }
    let unknown_type = grants.replacen("unlock", "steal", 1);
    assert!(check_event(schema, &object(&unknown_type), 0, 3).is_err());
}

/// The `curp` rules: who acts, conflicts as contention, pool contents after insertions and
/// applies.
#[test]
fn curp_events_that_break_the_schema_rules_are_rejected() {
    let leader = r#"{"seq":0,"thread":1,"event":"leader_record","contention":true,"cmd":2,"key":"k1","conflict":true,"index":2,"sp":[1],"ucp":[1,2]}"#;
    let follower = r#"{"seq":0,"thread":2,"event":"follower_record","contention":false,"cmd":2,"key":"k0","conflict":false,"sp":[2]}"#;
    let applied = r#"{"seq":0,"thread":3,"event":"after_sync","contention":false,"cmd":1,"index":1,"sp":[2]}"#;
    let schema = SCHEMAS.iter().find(|schema| schema.task == "curp").unwrap();
    let object = |text: &str| serde_json::from_str::<Map<String, Value>>(text).unwrap();
    for good in [leader, follower, applied] {
        assert_eq!(check_event(schema, &object(good), 0, 3), Ok(()));
        assert_eq!(check_semantics(schema, &object(good)), Ok(()));
    }
    let insertion_rule = "the speculative pool holds the command unless it conflicted";
    for (good, from, to, expected) in [
        (leader, "\"thread\":1", "\"thread\":2", "`leader_record` is not an event of node 2"),
        (follower, "\"thread\":2", "\"thread\":0", "`follower_record` is not an event of node 0"),
        (
            leader,
            "\"contention\":true",
            "\"contention\":false",
            "a pool insertion is contention exactly when it conflicted",
        ),
        (leader, "[1,2]", "[1]", "the uncommitted pool always takes the command"),
        (follower, "\"sp\":[2]", "\"sp\":[]", insertion_rule),
        (applied, "\"sp\":[2]", "\"sp\":[1,2]", "applying a command removes it from the pools"),
        (
            applied,
            "\"sp\":[2]",
            "\"sp\":[2],\"ucp\":[]",
            "exactly the leader's events report `ucp`",
        ),
    ] {
        let broken = good.replacen(from, to, 1);
        assert_eq!(check_semantics(schema, &object(&broken)), Err(expected.to_owned()), "{to}");
    }
    let unknown_key = follower.replacen("k0", "k9", 1);
    assert!(check_event(schema, &object(&unknown_key), 0, 3).is_err());
}

/// The `raftkvs` rules: the client is thread 0 and only it uses the client events; contention is
/// exactly a refusal; servers never message themselves; values are the workload's.
#[test]
fn raftkvs_events_that_break_the_schema_rules_are_rejected() {
    let schema = SCHEMAS.iter().find(|schema| schema.task == "raftkvs").unwrap();
    let object = |text: &str| serde_json::from_str::<Map<String, Value>>(text).unwrap();
    let vote = r#"{"seq":0,"thread":2,"event":"handleRequestVoteRequest","contention":false,"from":3,"term":2,"granted":true}"#;
    let receive = r#"{"seq":0,"thread":0,"event":"clientReceive","contention":false,"from":3,"idx":1,"success":true,"value":"value1"}"#;
    for good in [vote, receive] {
        assert_eq!(check_event(schema, &object(good), 0, 3), Ok(()));
        assert_eq!(check_semantics(schema, &object(good)), Ok(()));
    }
    for (good, from, to, expected) in [
        (
            vote,
            r#""thread":2"#,
            r#""thread":0"#,
            "the client, thread 0, exactly requests, sends, receives and times out",
        ),
        (vote, r#""from":3"#, r#""from":2"#, "a server never messages itself"),
        (
            vote,
            r#""granted":true"#,
            r#""granted":false"#,
            "contention is exactly a refusal or a client timeout",
        ),
        (
            receive,
            r#""success":true,"value":"value1""#,
            r#""success":false,"value":"value1""#,
            "contention is exactly a refusal or a client timeout",
        ),
        (
            receive,
            r#""contention":false,"from":3,"idx":1,"success":true,"value":"value1""#,
            r#""contention":true,"from":3,"idx":1,"success":false,"value":"value1""#,
            "a failed answer carries no value",
        ),
    ] {
        let broken = good.replacen(from, to, 1);
        assert_eq!(check_semantics(schema, &object(&broken)), Err(expected.to_owned()), "{to}");
    }
    let unknown_value = receive.replacen("value1", "value9", 1);
    assert!(check_event(schema, &object(&unknown_value), 0, 3).is_err());
    let client_as_server = receive.replacen(r#""from":3"#, r#""from":19"#, 1);
    assert!(check_event(schema, &object(&client_as_server), 0, 3).is_err());
}
