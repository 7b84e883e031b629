//! The seeded simulation of the CURP protocol that drives the upstream pools.
//!
//! Written by us after `curp_node.rs`, `raw_curp/mod.rs`, `cmd_worker/mod.rs` and the client's
//! `propose_impl.rs` at the pinned commit; nothing here is upstream code. Every conflict decision
//! and every pool content printed in an event comes from the real pools: the `SpeculativePool`
//! and `UncommittedPool` unions of `curp` holding Xline's KV, lease and exclusive pools.
//!
//! Three replicas; replica 1 is the leader for the whole run (no elections). Each of the
//! `--operations` commands is a put of one of two keys, proposed by its own client (propose id
//! `(command, 0)`). One step at a time, chosen by a generator seeded with `--seed`:
//! - `propose`: the next client sends its command to the leader and a record request to each
//!   follower (`Unary::propose_mutative`);
//! - `leader_record`: the leader handles the proposal (`CurpNode::handle_mutatives`):
//!   `RawCurp::leader_record` inserts it into its speculative pool and its uncommitted pool and
//!   reports a conflict if either insertion did, then `push_logs` appends it to the log;
//! - `follower_record`: a follower handles the record request (`RawCurp::follower_record`): it
//!   inserts the command into its speculative pool and answers whether that conflicted;
//! - `append_entries`: a follower stores the next entry of the leader's log; its acknowledgement
//!   reaches the leader in the same step, and the leader commits the highest index stored by a
//!   majority;
//! - `after_sync`: a replica applies its next committed entry and removes the command from its
//!   speculative and uncommitted pools (`remove_from_sp_ucp`);
//! - `fast_path`: the client returns after the leader accepted without conflict and all
//!   `super_quorum - 1` followers recorded without conflict;
//! - `slow_path`: the client returns after the leader applied the command (the after-sync result).
//!
//! Requests are delivered once and in any order (no loss): a record request may reach a follower
//! after that follower has applied the command, as nothing in the code orders the two.

use std::{collections::BTreeSet, sync::Arc};

use crate::{
    command::Command,
    conflict::{XlineSpeculativePools, XlineUncommittedPools},
    recorder::{self, atomically, Event, Value},
    rpc::{PoolEntry, ProposeId},
    server::conflict::{spec_pool_new::SpeculativePool, uncommitted_pool::UncommittedPool},
    storage::lease_store::LeaseCollection,
    workload::{Arguments, Rng},
    PutRequest, RequestWrapper,
};

/// The leader of the run.
const LEADER: u32 = 1;
/// The keys the commands write.
const KEYS: [&str; 2] = ["k0", "k1"];
/// The client side of the run, as `thread` of its events.
const CLIENT: u32 = 0;

/// `curp::super_quorum`.
fn super_quorum(size: usize) -> usize {
    let quorum = size / 2 + 1;
    let recover_quorum = quorum / 2 + 1;
    size - quorum + recover_quorum
}

/// Where a client is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum ClientState {
    Idle,
    Proposing,
    Done,
}

/// One command and what its client has heard so far.
struct ProposedCommand {
    id: u64,
    key: &'static str,
    entry: PoolEntry<Command>,
    state: ClientState,
    /// The leader's answer: `Some(conflict)`.
    leader_result: Option<bool>,
    /// The followers' answers, by replica: `Some(conflict)`.
    record_results: Vec<(u32, bool)>,
    /// Whether the proposal still has to reach the leader.
    leader_pending: bool,
    /// The followers its record request still has to reach.
    records_pending: Vec<u32>,
}

/// One replica's pools, stored log prefix and apply position.
struct Replica {
    id: u32,
    speculative_pool: SpeculativePool<Command>,
    uncommitted_pool: UncommittedPool<Command>,
    stored: usize,
    applied: usize,
}

/// A step the scheduler may take.
#[derive(Debug, Clone, Copy)]
enum Step {
    Propose(usize),
    LeaderRecord(usize),
    FollowerRecord(usize, u32),
    AppendEntries(u32),
    AfterSync(u32),
    Complete(usize),
}

fn put(key: &str) -> Arc<Command> {
    Arc::new(Command::new(RequestWrapper::PutRequest(PutRequest {
        key: key.as_bytes().to_vec(),
        value: b"v".to_vec(),
    })))
}

struct Cluster {
    replicas: Vec<Replica>,
    commands: Vec<ProposedCommand>,
    /// The leader's log: command indexes into `commands`.
    log: Vec<usize>,
    commit: usize,
}

impl Cluster {
    fn replica(&mut self, id: u32) -> &mut Replica {
        &mut self.replicas[id as usize - 1]
    }

    /// The ids in a replica's speculative pool, from the pool itself.
    fn speculative_ids(&self, id: u32) -> Vec<u64> {
        let pool = &self.replicas[id as usize - 1].speculative_pool;
        let ids: BTreeSet<u64> = pool.all().iter().map(|entry| entry.id.0).collect();
        ids.into_iter().collect()
    }

    /// The ids in the leader's uncommitted pool, from the pool itself: every command conflicts
    /// with a probe put of its own key.
    fn uncommitted_ids(&self) -> Vec<u64> {
        let pool = &self.replicas[LEADER as usize - 1].uncommitted_pool;
        let mut ids = BTreeSet::new();
        for key in KEYS {
            let probe = PoolEntry::new(ProposeId::default(), put(key));
            ids.extend(pool.all_conflict(&probe).iter().map(|entry| entry.id.0));
        }
        ids.into_iter().collect()
    }

    fn majority_index(&self) -> usize {
        let mut stored: Vec<usize> = self
            .replicas
            .iter()
            .map(|replica| if replica.id == LEADER { self.log.len() } else { replica.stored })
            .collect();
        stored.sort_unstable_by(|a, b| b.cmp(a));
        stored[self.replicas.len() / 2]
    }

    fn enabled_steps(&self, next_to_propose: usize) -> Vec<Step> {
        let mut steps = Vec::new();
        if next_to_propose < self.commands.len() {
            steps.push(Step::Propose(next_to_propose));
        }
        for (idx, command) in self.commands.iter().enumerate() {
            if command.leader_pending {
                steps.push(Step::LeaderRecord(idx));
            }
            for &replica in &command.records_pending {
                steps.push(Step::FollowerRecord(idx, replica));
            }
            if command.state == ClientState::Proposing
                && (self.fast_path_ready(command) || self.slow_path_ready(idx))
            {
                steps.push(Step::Complete(idx));
            }
        }
        for replica in &self.replicas {
            if replica.id != LEADER && replica.stored < self.log.len() {
                steps.push(Step::AppendEntries(replica.id));
            }
            let stored = if replica.id == LEADER { self.log.len() } else { replica.stored };
            if replica.applied < self.commit.min(stored) {
                steps.push(Step::AfterSync(replica.id));
            }
        }
        steps
    }

    fn fast_path_ready(&self, command: &ProposedCommand) -> bool {
        let accepted = command.record_results.iter().filter(|(_, conflict)| !conflict).count();
        command.leader_result == Some(false) && accepted >= super_quorum(self.replicas.len()) - 1
    }

    /// The leader has applied the command: the after-sync result is on its way to the client.
    fn slow_path_ready(&self, idx: usize) -> bool {
        let leader_applied = self.replicas[LEADER as usize - 1].applied;
        self.log[..leader_applied].contains(&idx)
    }

    /// The replica (or the client side) that takes `step`.
    fn actor(step: Step) -> u32 {
        match step {
            Step::Propose(_) | Step::Complete(_) => CLIENT,
            Step::LeaderRecord(_) => LEADER,
            Step::FollowerRecord(_, replica) | Step::AppendEntries(replica) => replica,
            Step::AfterSync(replica) => replica,
        }
    }

    fn take(&mut self, step: Step) {
        recorder::set_thread(Self::actor(step));
        match step {
            Step::Propose(idx) => {
                let command = &mut self.commands[idx];
                command.state = ClientState::Proposing;
                command.leader_pending = true;
                command.records_pending = (1..=self.replicas.len() as u32)
                    .filter(|&replica| replica != LEADER)
                    .collect();
                let event = Event::new("propose")
                    .number("cmd", command.id)
                    .text("key", command.key);
                emit(event);
            }
            Step::LeaderRecord(idx) => {
                let entry = self.commands[idx].entry.clone();
                let leader = self.replica(LEADER);
                // `RawCurp::leader_record`
                let mut conflict = leader.speculative_pool.insert(entry.clone()).is_some();
                conflict |= leader.uncommitted_pool.insert(&entry);
                // `RawCurp::push_logs`
                self.log.push(idx);
                let command = &mut self.commands[idx];
                command.leader_pending = false;
                command.leader_result = Some(conflict);
                let event = Event::new("leader_record")
                    .contention(conflict)
                    .number("cmd", command.id)
                    .text("key", command.key)
                    .bool("conflict", conflict)
                    .number("index", self.log.len() as u64);
                emit(self.with_leader_state(event));
            }
            Step::FollowerRecord(idx, replica) => {
                let entry = self.commands[idx].entry.clone();
                // `RawCurp::follower_record`
                let conflict = self.replica(replica).speculative_pool.insert(entry).is_some();
                let command = &mut self.commands[idx];
                command.records_pending.retain(|&other| other != replica);
                command.record_results.push((replica, conflict));
                let event = Event::new("follower_record")
                    .contention(conflict)
                    .number("cmd", command.id)
                    .text("key", command.key)
                    .bool("conflict", conflict)
                    .field("sp", Value::Numbers(self.speculative_ids(replica)));
                emit(event);
            }
            Step::AppendEntries(replica) => {
                let stored = self.replica(replica).stored + 1;
                self.replica(replica).stored = stored;
                self.commit = self.commit.max(self.majority_index());
                let command = &self.commands[self.log[stored - 1]];
                let event = Event::new("append_entries")
                    .number("cmd", command.id)
                    .number("index", stored as u64)
                    .number("commit", self.commit as u64);
                emit(event);
            }
            Step::AfterSync(replica) => {
                let applied = self.replica(replica).applied + 1;
                let idx = self.log[applied - 1];
                let entry = self.commands[idx].entry.clone();
                let target = self.replica(replica);
                target.applied = applied;
                // `remove_from_sp_ucp`
                target.speculative_pool.remove(&entry);
                target.uncommitted_pool.remove(&entry);
                let event = Event::new("after_sync")
                    .number("cmd", self.commands[idx].id)
                    .number("index", applied as u64)
                    .field("sp", Value::Numbers(self.speculative_ids(replica)));
                let event = if replica == LEADER {
                    event.field("ucp", Value::Numbers(self.uncommitted_ids()))
                } else {
                    event
                };
                emit(event);
            }
            Step::Complete(idx) => {
                let fast = self.fast_path_ready(&self.commands[idx]);
                let command = &mut self.commands[idx];
                command.state = ClientState::Done;
                let conflicted = command.leader_result == Some(true)
                    || command.record_results.iter().any(|(_, conflict)| *conflict);
                let event = Event::new(if fast { "fast_path" } else { "slow_path" })
                    .contention(!fast && conflicted)
                    .number("cmd", command.id);
                emit(event);
            }
        }
    }

    fn with_leader_state(&self, event: Event) -> Event {
        event
            .field("sp", Value::Numbers(self.speculative_ids(LEADER)))
            .field("ucp", Value::Numbers(self.uncommitted_ids()))
    }
}

/// Records `event` (built after `recorder::set_thread` named its actor).
fn emit(event: Event) {
    atomically(|log| log.push(event));
}

/// Runs one simulation; `--threads` is the number of replicas (3), `--operations` the number of
/// commands.
pub fn run(arguments: Arguments) {
    let mut rng = Rng::for_thread(arguments.seed, 0);
    let leases = Arc::new(LeaseCollection);
    let replicas = (1..=arguments.threads)
        .map(|id| Replica {
            id,
            speculative_pool: SpeculativePool::new(
                XlineSpeculativePools::new(Arc::clone(&leases)).into_inner(),
            ),
            uncommitted_pool: UncommittedPool::new(
                XlineUncommittedPools::new(Arc::clone(&leases)).into_inner(),
            ),
            stored: 0,
            applied: 0,
        })
        .collect();
    let commands = (1..=u64::from(arguments.operations))
        .map(|id| {
            let key = KEYS[rng.range(0, KEYS.len() as u64 - 1) as usize];
            ProposedCommand {
                id,
                key,
                entry: PoolEntry::new(ProposeId(id, 0), put(key)),
                state: ClientState::Idle,
                leader_result: None,
                record_results: Vec::new(),
                leader_pending: false,
                records_pending: Vec::new(),
            }
        })
        .collect();
    let mut cluster = Cluster { replicas, commands, log: Vec::new(), commit: 0 };
    let mut next_to_propose = 0;
    loop {
        let steps = cluster.enabled_steps(next_to_propose);
        if steps.is_empty() {
            break;
        }
        let step = steps[rng.range(0, steps.len() as u64 - 1) as usize];
        if let Step::Propose(_) = step {
            next_to_propose += 1;
        }
        cluster.take(step);
    }
}
