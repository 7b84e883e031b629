//! The trace harness of task `redisraft`: three servers of RedisRaft's Raft library (the pinned
//! `deps/raft` C files, compiled unmodified by build.rs with our cluster glue `cluster.c`) in
//! one process, driven by a seeded scheduler that picks every step: deliver or drop one message
//! in flight, fire a server's election timeout, let the leader's request timeout pass
//! (heartbeat, sometimes with its quorum check), or offer a client entry. Each step is recorded
//! as one NDJSON event with the acting server's state after it, followed by one `send` event per
//! message the step put into the network (README.md, "Traces").

#[allow(dead_code)]
mod recorder;
#[allow(dead_code)]
mod workload;

use std::process::ExitCode;

use recorder::{Event, Value};
use workload::{Arguments, Rng};

const MAX_ENTRIES: usize = 64;
const MAX_LOG: usize = 64;

/// `cluster_message_t` of cluster.c.
#[repr(C)]
#[derive(Clone, Copy)]
struct Message {
    kind: i64,
    from: i64,
    to: i64,
    term: i64,
    prevote: i64,
    request_term: i64,
    index: i64,
    log_term: i64,
    commit: i64,
    success: i64,
    msg_id: i64,
    n_entries: i64,
    entry_terms: [i64; MAX_ENTRIES],
}

/// `cluster_node_view_t` of cluster.c.
#[repr(C)]
struct NodeView {
    term: i64,
    state: i64,
    voted_for: i64,
    leader: i64,
    commit: i64,
    last_index: i64,
    log_terms: [i64; MAX_LOG],
}

unsafe extern "C" {
    fn cluster_init(seed: u64, nodes: i32) -> i32;
    fn cluster_periodic(id: i64, msec: i64) -> i32;
    fn cluster_client_entry(id: i64) -> i32;
    fn cluster_network_length() -> i32;
    fn cluster_network_get(position: i32, out: *mut Message) -> i32;
    fn cluster_drop(position: i32) -> i32;
    fn cluster_deliver(position: i32) -> i32;
    fn cluster_journal_length() -> i32;
    fn cluster_journal_get(position: i32, out: *mut Message) -> i32;
    fn cluster_overflowed() -> i32;
    fn cluster_node_view(id: i64, out: *mut NodeView) -> i32;
}

/// The library's defaults (raft_new): election timeout 1000 ms, request timeout 200 ms.
const ELECTION_TIMEOUT_MS: i64 = 1000;
const REQUEST_TIMEOUT_MS: i64 = 200;
/// Past the randomized election timeout, which lies in [1000, 2000).
const ELECTION_FIRES_MS: i64 = 2 * ELECTION_TIMEOUT_MS;
/// Past the quorum timeout (2 × election timeout) that a new leader starts with.
const QUORUM_CHECK_MS: i64 = 2 * ELECTION_TIMEOUT_MS + 1;
/// RAFT_STATE_LEADER, RAFT_ERR_NOT_LEADER.
const STATE_LEADER: i64 = 4;
const ERR_NOT_LEADER: i32 = -2;

/// Scheduler budgets per run.
const MAX_ELECTION_TIMEOUTS: u32 = 4;
const MAX_HEARTBEATS: u32 = 5;
const MAX_STEPS: u32 = 400;
/// No new timeout, heartbeat or client entry once the trace has this many events.
const EVENT_BUDGET: usize = 300;

/// What the scheduler does when it does not deliver or drop a message.
enum Choice {
    Timeout,
    Heartbeat,
    Entry,
}

fn state_name(state: i64) -> &'static str {
    match state {
        1 => "Follower",
        2 => "PreCandidate",
        3 => "Candidate",
        _ => "Leader",
    }
}

fn message_type_name(kind: i64) -> &'static str {
    match kind {
        1 => "RequestVote",
        2 => "RequestVoteResponse",
        3 => "AppendEntries",
        _ => "AppendEntriesResponse",
    }
}

fn count(value: i64) -> Value {
    Value::Number(u64::try_from(value).unwrap_or(0))
}

fn node_view(id: i64) -> Result<NodeView, String> {
    let mut view = NodeView {
        term: 0,
        state: 0,
        voted_for: 0,
        leader: 0,
        commit: 0,
        last_index: 0,
        log_terms: [0; MAX_LOG],
    };
    // SAFETY: `view` is a valid, writable cluster_node_view_t.
    if unsafe { cluster_node_view(id, &mut view) } != 0 {
        return Err(format!("node {id}: no view (log longer than {MAX_LOG}?)"));
    }
    Ok(view)
}

/// Adds the acting server's state fields; `as_leader` reports it as the leader it still was
/// before a quorum-check step-down in the same call (the step-down changes only these two).
fn with_state(event: Event, view: &NodeView, id: i64, as_leader: bool) -> Event {
    let last = usize::try_from(view.last_index).unwrap_or(0).min(MAX_LOG);
    let log = view.log_terms[..last].iter().map(|&term| u64::try_from(term).unwrap_or(0));
    let (state, leader) = if as_leader { (STATE_LEADER, id) } else { (view.state, view.leader) };
    event
        .number("term", u64::try_from(view.term).unwrap_or(0))
        .text("state", state_name(state))
        .field("voted_for", count(view.voted_for))
        .field("leader", count(leader))
        .field("commit", count(view.commit))
        .field("last_index", count(view.last_index))
        .field("log", Value::Numbers(log.collect()))
}

fn with_message(event: Event, message: &Message) -> Event {
    let entries = usize::try_from(message.n_entries).unwrap_or(0).min(MAX_ENTRIES);
    let terms = message.entry_terms[..entries].iter().map(|&term| u64::try_from(term).unwrap_or(0));
    event
        .text("msg_type", message_type_name(message.kind))
        .field("from", count(message.from))
        .field("to", count(message.to))
        .field("msg_term", count(message.term))
        .bool("msg_prevote", message.prevote != 0)
        .field("msg_request_term", count(message.request_term))
        .field("msg_index", count(message.index))
        .field("msg_log_term", count(message.log_term))
        .field("msg_entries", Value::Numbers(terms.collect()))
        .field("msg_commit", count(message.commit))
        .bool("msg_success", message.success != 0)
        .field("msg_id", count(message.msg_id))
}

/// Records one event of `kind` acted by server `thread` (set before the event is made, since an
/// event takes its thread when it is created).
fn record(thread: i64, kind: &'static str, build: impl FnOnce(Event) -> Event) {
    recorder::set_thread(u32::try_from(thread).unwrap_or(0));
    let event = build(Event::new(kind));
    recorder::atomically(|log| log.push(event));
}

fn empty_message() -> Message {
    Message {
        kind: 0,
        from: 0,
        to: 0,
        term: 0,
        prevote: 0,
        request_term: 0,
        index: 0,
        log_term: 0,
        commit: 0,
        success: 0,
        msg_id: 0,
        n_entries: 0,
        entry_terms: [0; MAX_ENTRIES],
    }
}

/// The run's state on the Rust side: how far the journal of sends has been recorded.
struct Run {
    nodes: i64,
    journal_recorded: i32,
}

impl Run {
    /// Records a `send` event for every message put into the network since the last call.
    fn record_sends(&mut self) -> Result<(), String> {
        // SAFETY: plain query of the glue's journal.
        let length = unsafe { cluster_journal_length() };
        while self.journal_recorded < length {
            let mut message = empty_message();
            // SAFETY: `message` is a valid, writable cluster_message_t.
            unsafe { cluster_journal_get(self.journal_recorded, &mut message) };
            self.journal_recorded += 1;
            let view = node_view(message.from)?;
            record(message.from, "send", |event| {
                with_state(with_message(event, &message), &view, message.from, false)
            });
        }
        Ok(())
    }

    fn in_flight(&self) -> i32 {
        // SAFETY: plain query.
        unsafe { cluster_network_length() }
    }

    fn message_at(&self, position: i32) -> Message {
        let mut message = empty_message();
        // SAFETY: `message` is a valid, writable cluster_message_t; position is in range.
        unsafe { cluster_network_get(position, &mut message) };
        message
    }

    fn leader(&self) -> Result<Option<i64>, String> {
        for id in 1..=self.nodes {
            if node_view(id)?.state == STATE_LEADER {
                return Ok(Some(id));
            }
        }
        Ok(None)
    }

    fn deliver(&mut self, position: i32) -> Result<(), String> {
        let message = self.message_at(position);
        let term_before = node_view(message.to)?.term;
        // SAFETY: position is in range.
        let result = unsafe { cluster_deliver(position) };
        if result != 0 {
            return Err(format!("raft_recv_* at node {} returned {result}", message.to));
        }
        let stale = message.term < term_before;
        let refused = message.kind % 2 == 0 && message.success == 0;
        let view = node_view(message.to)?;
        record(message.to, "receive", |event| {
            let event = with_message(event, &message)
                .text("outcome", if stale { "stale" } else { "handled" })
                .contention(stale || refused);
            with_state(event, &view, message.to, false)
        });
        self.record_sends()
    }

    fn drop_message(&mut self, position: i32) -> Result<(), String> {
        let message = self.message_at(position);
        // SAFETY: position is in range.
        unsafe { cluster_drop(position) };
        let view = node_view(message.to)?;
        record(message.to, "drop", |event| {
            with_state(with_message(event, &message).contention(true), &view, message.to, false)
        });
        Ok(())
    }

    fn election_timeout(&mut self, id: i64) -> Result<(), String> {
        // SAFETY: plain call into the glue.
        let result = unsafe { cluster_periodic(id, ELECTION_FIRES_MS) };
        if result != 0 {
            return Err(format!("raft_periodic at node {id} returned {result}"));
        }
        let view = node_view(id)?;
        record(id, "election_timeout", |event| with_state(event, &view, id, false));
        self.record_sends()
    }

    fn heartbeat(&mut self, id: i64, quorum_check: bool) -> Result<(), String> {
        let elapsed = if quorum_check { QUORUM_CHECK_MS } else { REQUEST_TIMEOUT_MS };
        // SAFETY: plain call into the glue.
        let result = unsafe { cluster_periodic(id, elapsed) };
        if result != 0 {
            return Err(format!("raft_periodic at node {id} returned {result}"));
        }
        let view = node_view(id)?;
        let stepped_down = view.state != STATE_LEADER;
        record(id, "heartbeat", |event| {
            with_state(event.bool("quorum_check", quorum_check), &view, id, stepped_down)
        });
        self.record_sends()?;
        if stepped_down {
            record(id, "step_down", |event| with_state(event.contention(true), &view, id, false));
        }
        Ok(())
    }

    fn client_entry(&mut self, id: i64) -> Result<(), String> {
        // SAFETY: plain call into the glue.
        let result = unsafe { cluster_client_entry(id) };
        let outcome = match result {
            0 => "accepted",
            ERR_NOT_LEADER => "not_leader",
            other => return Err(format!("raft_recv_entry at node {id} returned {other}")),
        };
        let view = node_view(id)?;
        record(id, "client_entry", |event| {
            with_state(event.text("outcome", outcome).contention(result != 0), &view, id, false)
        });
        self.record_sends()
    }
}

fn run(arguments: Arguments) -> Result<(), String> {
    let nodes = i64::from(arguments.threads.min(3));
    // SAFETY: called once, before anything else of the glue.
    if unsafe { cluster_init(arguments.seed, nodes as i32) } != 0 {
        return Err("cluster_init failed".to_owned());
    }
    let mut rng = Rng::for_thread(arguments.seed, 0);
    let mut run = Run { nodes, journal_recorded: 0 };
    let mut entries_left = u64::from(arguments.operations) * nodes as u64;
    let mut timeouts = 0;
    let mut heartbeats = 0;
    for _ in 0..MAX_STEPS {
        let in_flight = run.in_flight();
        let leader = run.leader()?;
        let budget_left = recorder::event_count() < EVENT_BUDGET;
        if in_flight == 0 && (entries_left == 0 || !budget_left) {
            break;
        }
        let roll = rng.range(0, 99);
        if in_flight > 0 && (roll < 72 || !budget_left) {
            let position = rng.range(0, in_flight as u64 - 1) as i32;
            if budget_left && rng.chance(7) {
                run.drop_message(position)?;
            } else {
                run.deliver(position)?;
            }
            continue;
        }
        // A timeout, heartbeat or client entry; when nothing is in flight one of them must
        // happen: an election without a leader, else a heartbeat or an entry.
        let can_time_out = timeouts < MAX_ELECTION_TIMEOUTS || (leader.is_none() && in_flight == 0);
        let can_beat = leader.is_some() && heartbeats < MAX_HEARTBEATS;
        let choice = if in_flight == 0 {
            if leader.is_none() {
                Choice::Timeout
            } else if can_beat && (entries_left == 0 || rng.chance(25)) {
                Choice::Heartbeat
            } else {
                Choice::Entry
            }
        } else if roll < 78 {
            Choice::Timeout
        } else if roll < 86 {
            Choice::Heartbeat
        } else {
            Choice::Entry
        };
        match choice {
            Choice::Timeout if can_time_out => {
                let candidates: Vec<i64> = (1..=nodes).filter(|&id| Some(id) != leader).collect();
                let id = candidates[rng.range(0, candidates.len() as u64 - 1) as usize];
                timeouts += 1;
                run.election_timeout(id)?;
            }
            Choice::Heartbeat if can_beat => {
                heartbeats += 1;
                run.heartbeat(leader.unwrap_or(1), rng.chance(30))?;
            }
            Choice::Entry if entries_left > 0 => {
                entries_left -= 1;
                let id = match leader {
                    Some(id) if rng.chance(75) => id,
                    _ => rng.range(1, nodes as u64) as i64,
                };
                run.client_entry(id)?;
            }
            _ if in_flight > 0 => {
                let position = rng.range(0, in_flight as u64 - 1) as i32;
                run.deliver(position)?;
            }
            _ => break,
        }
    }
    // A last heartbeat tells the followers the leader's commit index.
    if let Some(id) = run.leader()? {
        run.heartbeat(id, false)?;
    }
    // Drain what is still in flight, so that the trace ends quiescent.
    for _ in 0..MAX_STEPS {
        if run.in_flight() == 0 {
            break;
        }
        run.deliver(0)?;
    }
    // SAFETY: plain query.
    if unsafe { cluster_overflowed() } != 0 {
        return Err("a fixed capacity of the cluster glue was exceeded".to_owned());
    }
    Ok(())
}

fn main() -> ExitCode {
    let arguments = match workload::parse_arguments() {
        Ok(arguments) => arguments,
        Err(error) => {
            eprintln!("{error}");
            return ExitCode::from(2);
        }
    };
    match run(arguments) {
        Ok(()) => {
            print!("{}", recorder::take_ndjson());
            ExitCode::SUCCESS
        }
        Err(error) => {
            eprintln!("seed {}: {error}", arguments.seed);
            ExitCode::FAILURE
        }
    }
}
