//! Breadth-first exploration of a model's state space, with TLC's verdicts and counts.
//!
//! The search is level by level and deterministic: the states of a level are expanded in
//! batches by any number of worker threads, and the results are merged in the order a single
//! TLC worker would have produced them (source states in queue order, successors in action
//! order). So state numbering, counts, the first violation and its counterexample are the same
//! for any number of workers and equal to TLC's with `-workers 1`. TLC's order of checks is kept:
//! constraints decide whether a successor is kept, invariants are checked on new states only
//! (once per state, however many sources of a batch reach it: see `expansion.rs`),
//! implied actions (`[][A]_v` properties) on every transition, and a state without any successor
//! is a deadlock unless deadlock checking is off.

mod merge;

use std::sync::Arc;
use std::time::{Duration, Instant};

use tla_eval::{split_definition_actions, successors, Action, Ctx, Env, Failure, WorkerContext};
use tla_values::Value;

use crate::checks::{
    check_invariants, first_failing_constraint, invariant_name, normalize_and_fingerprint,
};
use crate::coverage::{Coverage, CoverageSnapshot, EventReply};
use crate::model::{Model, NextRelation};
use crate::worker_pool::{Batch, FingerprintTables, HeldPositions, WorkerPool};

mod evaluation_failures;
mod stored_states;

/// How a run may use the machine.
#[derive(Clone)]
pub struct CheckOptions {
    pub workers: usize,
    /// Keep every transition (for the liveness checker): [`CheckReport::graph`].
    pub record_graph: bool,
    pub seed: u64,
    pub limits: Limits,
    /// `-continue`: report each invariant violation and go on exploring.
    pub continue_after_violation: bool,
    /// Told what happens as it happens (TLC prints these as progress lines); the answer to a
    /// progress event can ask for a snapshot of the coverage (TLC's periodic coverage), which
    /// then comes as the next event.
    pub events: Option<CheckEvents>,
    /// Collect [`CheckReport::coverage`] (TLC's `-coverage`).
    pub coverage: bool,
}

impl Default for CheckOptions {
    fn default() -> CheckOptions {
        CheckOptions {
            workers: 1,
            record_graph: false,
            continue_after_violation: false,
            seed: 0,
            limits: Limits::default(),
            events: None,
            coverage: false,
        }
    }
}

/// Receives a run's events (see [`CheckOptions::events`]).
pub type CheckEvents = Arc<dyn Fn(CheckEvent<'_>) -> EventReply + Send + Sync>;
/// What a run reports while it runs.
#[derive(Clone, Copy)]
pub enum CheckEvent<'a> {
    /// `n` initial states were computed so far (TLC reports powers of two).
    InitialStatesProgress(u64),
    /// All initial states were computed: `generated` of them, `distinct` kept.
    InitialStatesComputed { generated: u64, distinct: u64 },
    /// A batch of states (or a level) was explored: the counters so far.
    Progress(Statistics),
    /// The coverage so far, asked for by the answer to the `Progress` event before it; taken
    /// between two batches (no worker runs), so it counts a prefix of the search in TLC's order.
    Coverage(CoverageSnapshot<'a>),
}

/// Bounds that end a run cleanly.
#[derive(Clone, Default)]
pub struct Limits {
    pub max_distinct_states: Option<u64>,
    pub max_duration: Option<Duration>,
    pub max_memory_bytes: Option<u64>,
    /// Reports the process's memory use in bytes (supplied by the caller, which does the IO).
    pub memory_probe: Option<Arc<dyn Fn() -> u64 + Send + Sync>>,
}

/// TLC's counters.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Statistics {
    pub generated: u64,
    pub distinct: u64,
    pub queue: u64,
    /// The depth of the search so far (initial states are depth 1).
    pub depth: u64,
    pub initial_states: u64,
}

/// Which limit ended a run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LimitKind {
    States,
    Time,
    Memory,
}

/// Where an evaluation error happened (decides TLC's exit code).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ErrorPhase {
    InitialStates,
    NextState,
    Invariant,
    ImpliedAction,
    Constraint,
    Postcondition,
    /// The checks of a computed initial state (constraints, invariants, state predicates of
    /// properties): TLC reports these as an error while computing the initial states.
    InitialStateChecks,
}

/// The formula whose evaluation failed, when TLC names it ("Evaluating invariant X failed.",
/// "Evaluating action property X failed.", "Evaluating assumption <location> failed.").
#[derive(Clone, Debug)]
pub struct CheckedFormula {
    pub name: String,
    pub location: Option<tla_eval::Location>,
}

/// One state of a counterexample and the action that led to it.
#[derive(Clone)]
pub struct TraceStep {
    pub state: Arc<[Value]>,
    /// Index into [`CheckReport::actions`]; `None` for the initial state.
    pub action: Option<usize>,
}

/// How a run ended.
#[derive(Clone)]
pub enum Verdict {
    Success,
    InvariantViolated {
        name: String,
        initial: bool,
        trace: Vec<TraceStep>,
    },
    ActionPropertyViolated {
        name: String,
        trace: Vec<TraceStep>,
    },
    /// A state predicate of a `PROPERTY` is false in an initial state.
    InitialPropertyViolated {
        name: String,
        trace: Vec<TraceStep>,
    },
    Deadlock {
        trace: Vec<TraceStep>,
    },
    EvaluationError {
        phase: ErrorPhase,
        failure: Box<Failure>,
        trace: Vec<TraceStep>,
        action: Option<usize>,
        /// The invariant, implied action or postcondition that failed to evaluate.
        checked: Option<CheckedFormula>,
    },
    PostconditionFalse {
        name: String,
        location: Option<tla_eval::Location>,
    },
    /// `TLCSet("exit", TRUE)`.
    Stopped,
    LimitReached(LimitKind),
}

/// TLC's summary of how many new states each explored state led to.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Outdegree {
    /// How many states were completely expanded (TLC prints the line only when some were).
    pub observations: u64,
    pub average: u64,
    pub minimum: u64,
    pub maximum: u64,
    pub percentile_95: u64,
}

impl Outdegree {
    fn of(mut counts: Vec<u64>) -> Outdegree {
        if counts.is_empty() {
            return Outdegree::default();
        }
        counts.sort_unstable();
        let total: u64 = counts.iter().sum();
        let n = counts.len() as u64;
        let rank = (counts.len() * 95).div_ceil(100).max(1) - 1;
        Outdegree {
            observations: n,
            average: (total + n / 2) / n,
            minimum: counts[0],
            maximum: counts[counts.len() - 1],
            percentile_95: counts[rank],
        }
    }
}

/// The explored state graph, kept when [`CheckOptions::record_graph`] is set.
#[derive(Default)]
pub struct StateGraph {
    /// Every distinct state, by index (initial states first).
    pub states: Vec<Arc<[Value]>>,
    /// The initial states' indices.
    pub initial: Vec<u32>,
    /// Per state: its successors as `(state index, action index)`, in generation order,
    /// including successors seen before. Successors excluded by constraints are not kept.
    pub successors: Vec<Vec<(u32, u32)>>,
    /// Per state: its predecessor on the breadth-first tree and the action (for traces).
    pub parents: Vec<(u32, u32)>,
}

/// Per action: how many successors it generated and how many of them were new states (TLC's
/// coverage figures `distinct:generated`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ActionCounts {
    pub generated: u64,
    pub distinct: u64,
}

impl Verdict {
    /// The behaviour that shows the verdict, when there is one.
    pub fn trace(&self) -> Option<&[TraceStep]> {
        match self {
            Verdict::InvariantViolated { trace, .. }
            | Verdict::ActionPropertyViolated { trace, .. }
            | Verdict::InitialPropertyViolated { trace, .. }
            | Verdict::Deadlock { trace }
            | Verdict::EvaluationError { trace, .. } => Some(trace),
            _ => None,
        }
    }
}

/// The result of a run.
pub struct CheckReport {
    /// With `-continue`: the invariant violations reported along the way, in order.
    pub violations: Vec<Verdict>,
    /// Per action of [`CheckReport::actions`], in the same order.
    pub action_counts: Vec<ActionCounts>,
    /// The state graph, when it was asked for and the search finished.
    pub graph: Option<StateGraph>,
    pub verdict: Verdict,
    pub statistics: Statistics,
    pub outdegree: Outdegree,
    pub actions: Vec<Action>,
    pub duration: Duration,
    /// With [`CheckOptions::coverage`]: what each part of the model did.
    pub coverage: Option<Coverage>,
}

/// Explores the model's state space.
pub fn check(model: &Model, options: &CheckOptions) -> CheckReport {
    let started = Instant::now();
    let mut search = Search::new(model, options, started);
    let verdict = search.run();
    let mut statistics = search.statistics;
    statistics.queue = search.queue_left;
    let outdegree = Outdegree::of(std::mem::take(&mut search.outdegrees));
    let mut coverage = search.coverage.take();
    if let Some(coverage) = coverage.as_mut() {
        let (counts, actions, worker) = (&search.action_counts, &search.actions, &search.worker);
        crate::coverage::finish_breadth_first(coverage, counts, model, actions, &verdict, worker);
    }
    let graph = (options.record_graph && matches!(verdict, Verdict::Success)).then(|| StateGraph {
        initial: search.initial.clone(),
        successors: std::mem::take(&mut search.edges),
        parents: search.parents.clone(),
        states: search
            .states
            .drain(..)
            .map(|state| state.unwrap_or_else(merge::no_values))
            .collect(),
    });
    CheckReport {
        violations: std::mem::take(&mut search.violations),
        graph,
        verdict,
        statistics,
        outdegree,
        action_counts: search.action_counts,
        actions: Arc::try_unwrap(search.actions).unwrap_or_else(|shared| shared.to_vec()),
        duration: started.elapsed(),
        coverage,
    }
}

struct Search<'m> {
    model: &'m Model,
    options: &'m CheckOptions,
    started: Instant,
    actions: Arc<Vec<Action>>,
    /// Per state: its values while they may be needed (see `stored_states.rs`), `None` after.
    states: Vec<Option<Arc<[Value]>>>,
    /// Per state: its fingerprint among the seen states (how a trace finds it again).
    fingerprints: Vec<u64>,
    /// Whether every state stays whole (see `stored_states.rs`).
    keep_all_states: bool,
    /// Per state: its predecessor and the action that led to it (`u32::MAX` for initial states).
    parents: Vec<(u32, u32)>,
    /// Per state: its depth (initial states have depth 1).
    depths: Vec<u32>,
    /// Per state, the worker whose thread built its values (it expands the state if it can,
    /// see [`Batch::take_position`]).
    builders: Vec<u16>,
    /// The seen states' fingerprints, and the current batch's claims.
    tables: Arc<FingerprintTables>,
    /// The states the merge of the current batch numbered, added to `tables` after the batch.
    batch_new_states: Vec<(u64, u32)>,
    statistics: Statistics,
    queue_left: u64,
    worker: WorkerContext,
    /// Per explored state: how many new states it led to.
    outdegrees: Vec<u64>,
    /// The invariant violations met and gone past (`-continue`).
    violations: Vec<Verdict>,
    /// Per state: its kept successors (only with `record_graph`).
    edges: Vec<Vec<(u32, u32)>>,
    initial: Vec<u32>,
    action_counts: Vec<ActionCounts>,
    coverage: Option<Coverage>,
}

const BATCH: usize = 1024;

impl<'m> Search<'m> {
    fn new(model: &'m Model, options: &'m CheckOptions, started: Instant) -> Search<'m> {
        Search {
            model,
            options,
            started,
            actions: Arc::new(Vec::new()),
            states: Vec::new(),
            fingerprints: Vec::new(),
            keep_all_states: options.record_graph,
            parents: Vec::new(),
            depths: Vec::new(),
            builders: Vec::new(),
            tables: Arc::new(FingerprintTables::new()),
            batch_new_states: Vec::new(),
            statistics: Statistics::default(),
            queue_left: 0,
            worker: crate::coverage::worker_context(model, 0, options.seed, options.coverage),
            outdegrees: Vec::new(),
            violations: Vec::new(),
            edges: Vec::new(),
            initial: Vec::new(),
            action_counts: Vec::new(),
            coverage: None,
        }
    }

    fn run(&mut self) -> Verdict {
        let model = self.model;
        let actions = match &model.next {
            NextRelation::Definition(def) => {
                match split_definition_actions(&model.evaluator, *def, &self.worker) {
                    Ok(actions) => actions,
                    Err(failure) => return error(ErrorPhase::NextState, failure, Vec::new(), None),
                }
            }
            NextRelation::Nothing => Vec::new(),
            NextRelation::Expression { expr, name } => {
                match tla_eval::split_actions(&model.evaluator, expr, name, &self.worker) {
                    Ok(actions) => actions,
                    Err(failure) => return error(ErrorPhase::NextState, failure, Vec::new(), None),
                }
            }
        };
        self.keep_all_states |=
            actions.iter().any(|action| model.evaluator.reads_search_state(action.expr));
        self.actions = Arc::new(actions);
        self.action_counts = vec![ActionCounts::default(); self.actions.len()];
        if self.options.coverage {
            self.coverage = Some(Coverage::new(model, self.actions.len()));
        }
        // The initial states are computed and checked once, in TLC's order: counted as they go.
        if let Some(counters) = self.worker.expression_coverage.as_deref() {
            counters.set_enabled(true);
        }
        let initial = self.initial_states();
        if let Some(counters) = self.worker.expression_coverage.as_deref() {
            counters.set_enabled(false);
        }
        let frontier = match initial {
            Ok(frontier) => frontier,
            Err(verdict) => return verdict,
        };
        self.statistics.initial_states = frontier.len() as u64;
        if !frontier.is_empty() {
            self.statistics.depth = 1;
        }
        if let Some(verdict) = self.explore_with_helpers(frontier) {
            return verdict;
        }
        self.queue_left = 0;
        if self.options.record_graph {
            self.edges.resize(self.states.len(), Vec::new());
        }
        if let Some(postcondition) = &model.postcondition {
            let ctx = Ctx::constant(&self.worker);
            match model.evaluator.eval_definition(postcondition.def, &ctx) {
                Ok(Value::Bool(true)) => {}
                Ok(_) => {
                    let location = match &model.evaluator.hir().definition(postcondition.def).body {
                        tla_sema::hir::Body::Expression(body) => Some(tla_eval::Location::of(body)),
                        _ => None,
                    };
                    return Verdict::PostconditionFalse {
                        name: postcondition.name.clone(),
                        location,
                    };
                }
                Err(mut failure) => {
                    // TLC names the postcondition by its location and lists no positions.
                    failure.positions.clear();
                    let location = crate::coverage::definition_body(model, postcondition.def)
                        .map(tla_eval::Location::of);
                    let checked = CheckedFormula { name: postcondition.name.clone(), location };
                    return Verdict::EvaluationError {
                        phase: ErrorPhase::Postcondition,
                        failure,
                        trace: Vec::new(),
                        action: None,
                        checked: Some(checked),
                    };
                }
            }
        }
        Verdict::Success
    }

    /// Explores level by level from `frontier`, with the helper threads `-workers` asks for
    /// (the search's own thread is a worker too); `Some` verdict when the run must stop.
    fn explore_with_helpers(&mut self, frontier: Vec<u32>) -> Option<Verdict> {
        let helpers = self.options.workers.max(1) - 1;
        if helpers == 0 {
            return self.explore(frontier, None);
        }
        let pool = WorkerPool::new();
        let (model, actions, tables) = (self.model, self.actions.clone(), self.tables.clone());
        let seed = self.options.seed;
        std::thread::scope(|scope| {
            for helper in 1..=helpers {
                let (pool, actions, tables) = (&pool, &actions, &tables);
                scope.spawn(move || pool.serve(helper as u32, model, actions, tables, seed));
            }
            let verdict = self.explore(frontier, Some(&pool));
            pool.shut_down();
            verdict
        })
    }

    fn explore(&mut self, mut frontier: Vec<u32>, pool: Option<&WorkerPool>) -> Option<Verdict> {
        while !frontier.is_empty() {
            let mut next_frontier = Vec::new();
            for (batch_index, batch) in frontier.chunks(BATCH).enumerate() {
                if let Some(verdict) = self.limits_reached() {
                    self.queue_left =
                        (frontier.len() - batch_index * BATCH + next_frontier.len()) as u64;
                    return Some(verdict);
                }
                let remaining_after = frontier.len() - batch_index * BATCH;
                if let Some(verdict) =
                    self.expand_and_merge(batch, pool, &mut next_frontier, remaining_after)
                {
                    return Some(verdict);
                }
                self.release_expanded(batch);
                // The level's last batch is reported as the end of the level, below.
                if remaining_after > batch.len() {
                    self.progress(Statistics {
                        queue: (remaining_after - batch.len() + next_frontier.len()) as u64,
                        ..self.statistics
                    });
                }
            }
            frontier = next_frontier;
            self.statistics.queue = frontier.len() as u64;
            self.progress(Statistics { queue: frontier.len() as u64, ..self.statistics });
        }
        None
    }

    /// Expands one batch (with the helpers, when there are some) and merges its expansions in
    /// queue order as they become ready; `Some` verdict when the run must stop.
    fn expand_and_merge(
        &mut self,
        sources: &[u32],
        pool: Option<&WorkerPool>,
        next_frontier: &mut Vec<u32>,
        remaining_from_batch_start: usize,
    ) -> Option<Verdict> {
        let depth = self.depths[*sources.first()? as usize];
        let states = sources.iter().map(|index| self.values_of(*index)).collect();
        let statistics = self.worker.statistics.get();
        let workers = self.options.workers.max(1);
        let builders: Vec<u16> = sources
            .iter()
            .map(|index| self.builders.get(*index as usize).map_or(0, |b| *b))
            .collect();
        let batch = Arc::new(Batch::new(
            states,
            sources.to_vec(),
            &builders,
            depth,
            statistics,
            workers,
            !self.options.continue_after_violation,
        ));
        if let Some(pool) = pool {
            pool.publish(batch.clone());
        }
        let (model, actions, tables) = (self.model, self.actions.clone(), self.tables.clone());
        let verdict = {
            let seen = tables.read_seen();
            let seed = self.options.seed;
            let expander = batch.expander(model, &actions, &seen, &tables, pool.is_some(), seed);
            let mut verdict = None;
            let mut held = HeldPositions::default();
            for (position, source) in sources.iter().enumerate() {
                // The next expansion in order: delivered by a helper, or expanded here (after
                // expanding other positions here while it is not ready).
                let expansion = loop {
                    if let Some(expansion) = batch.try_take(position) {
                        break expansion;
                    }
                    match batch.take_position(&mut held, self.worker.worker_id) {
                        Some(taken) => {
                            let expansion = expander.expand(taken, &self.worker);
                            if taken == position {
                                break expansion;
                            }
                            batch.deliver(taken, expansion);
                        }
                        None => break batch.wait_take(position),
                    }
                };
                // The merge's own invariant checks see the successors' level.
                self.worker.level.set(u64::from(depth) + 1);
                let remaining = remaining_from_batch_start - position;
                verdict = self.merge(*source, expansion, &batch, next_frontier, remaining);
                if verdict.is_some() {
                    batch.stop();
                    break;
                }
            }
            verdict
        };
        if verdict.is_some() {
            return verdict;
        }
        // No expansion of this batch runs any more: its new states join the seen ones.
        tables.write_seen().extend(self.batch_new_states.drain(..));
        tables.claims.clear();
        let statistics = Statistics { queue: next_frontier.len() as u64, ..self.statistics };
        self.worker.statistics.set(tla_eval::Statistics {
            generated: statistics.generated,
            distinct: statistics.distinct,
            queue: statistics.queue,
            diameter: statistics.depth,
            initial: statistics.initial_states,
            duration_seconds: self.started.elapsed().as_secs(),
        });
        None
    }

    fn event(&self, event: CheckEvent) -> EventReply {
        match &self.options.events {
            Some(events) => events(event),
            None => EventReply::Continue,
        }
    }

    /// Reports the counters so far, and the coverage so far when the answer asks for it.
    fn progress(&self, statistics: Statistics) {
        if self.event(CheckEvent::Progress(statistics)) != EventReply::CoverageSnapshot {
            return;
        }
        let Some(coverage) = &self.coverage else { return };
        let counters = self.worker.expression_coverage.as_deref();
        let coverage = coverage.so_far(&self.action_counts, self.model, &self.actions, counters);
        self.event(CheckEvent::Coverage(CoverageSnapshot {
            coverage: &coverage,
            model: self.model,
            actions: &self.actions,
            elapsed: self.started.elapsed(),
        }));
    }

    fn limits_reached(&self) -> Option<Verdict> {
        let limits = &self.options.limits;
        if limits.max_distinct_states.is_some_and(|max| self.statistics.distinct >= max) {
            return Some(Verdict::LimitReached(LimitKind::States));
        }
        if limits.max_duration.is_some_and(|max| self.started.elapsed() >= max) {
            return Some(Verdict::LimitReached(LimitKind::Time));
        }
        if let (Some(max), Some(probe)) = (limits.max_memory_bytes, &limits.memory_probe) {
            if probe() >= max {
                return Some(Verdict::LimitReached(LimitKind::Memory));
            }
        }
        None
    }

    fn initial_states(&mut self) -> Result<Vec<u32>, Verdict> {
        let model = self.model;
        if matches!(model.next, NextRelation::Nothing) {
            self.event(CheckEvent::InitialStatesComputed { generated: 0, distinct: 0 });
            return Ok(Vec::new());
        }
        self.worker.level.set(1);
        // The states found before a failure of the initial predicate are checked and counted
        // first, as TLC checks each as it is found; the failure is reported after them.
        let (found, rejected, walk_failure) =
            crate::checks::initial_states_until_failure(model, &self.worker);
        if let Some(coverage) = self.coverage.as_mut() {
            coverage.init.generated = found.len() as u64;
            coverage.init.rejected = rejected;
        }
        let mut frontier = Vec::new();
        for (computed, state) in found.into_iter().enumerate() {
            let computed = computed as u64;
            if computed.count_ones() == 1 && computed > 1 {
                self.event(CheckEvent::InitialStatesProgress(computed));
            }
            self.statistics.generated += 1;
            let kept = match first_failing_constraint(model, None, &state, &self.worker) {
                Ok(failed) => {
                    if let Some(coverage) = self.coverage.as_mut() {
                        coverage.record_constraints(failed, model.constraints.len());
                    }
                    failed.is_none()
                }
                Err((_, failure)) => {
                    let queued = frontier.len() as u64;
                    return Err(self.initial_check_failed(failure, state.into(), queued));
                }
            };
            let mut state = state;
            let fingerprint = match normalize_and_fingerprint(model, &mut state, &self.worker) {
                Ok(fp) => fp,
                Err(mut failure) => {
                    // TLC then lists the positions its replay of the initial predicate had on
                    // its call stack (unless it reports the value as unable to fingerprint).
                    if matches!(failure.unfingerprintable_state, Some((_, false))) {
                        let walk = crate::checks::initial_predicate_positions(model);
                        failure.positions.extend(walk.into_iter().rev());
                    }
                    self.statistics.depth = 1;
                    return Err(error(ErrorPhase::InitialStates, failure, Vec::new(), None));
                }
            };
            if kept && self.tables.read_seen().contains_key(&fingerprint) {
                continue;
            }
            // TLC checks the invariants of every initial state it has not seen, even one the
            // constraints exclude.
            let state: Arc<[Value]> = state.into();
            let index = self.push_state(state.clone(), fingerprint, (u32::MAX, 0), 1, 0);
            if kept {
                self.tables.write_seen().insert(fingerprint, index);
                self.statistics.distinct += 1;
            }
            // TLC queues a kept new initial state before it checks it.
            let queued = frontier.len() as u64 + u64::from(kept);
            match check_invariants(model, &state, &self.worker) {
                Ok(None) => {}
                Ok(Some(violated)) => {
                    let verdict = Verdict::InvariantViolated {
                        name: invariant_name(model, violated),
                        initial: true,
                        trace: self.trace_to(index),
                    };
                    if !self.options.continue_after_violation {
                        return Err(verdict);
                    }
                    self.violations.push(verdict);
                }
                Err(failure) => {
                    return Err(self.initial_check_failed(failure, state, queued));
                }
            }
            for implied in &model.implied_inits {
                let ctx = Ctx::state(&state, &self.worker);
                match model.evaluator.eval_bool(implied.predicate, &Env::empty(), &ctx) {
                    Ok(true) => {}
                    Ok(false) => {
                        return Err(Verdict::InitialPropertyViolated {
                            name: implied.name.clone(),
                            trace: self.trace_to(index),
                        })
                    }
                    Err(failure) => {
                        let failure =
                            crate::checks::within_formula(failure, Some(implied.predicate));
                        return Err(self.initial_check_failed(failure, state, queued));
                    }
                }
            }
            if kept {
                frontier.push(index);
                self.initial.push(index);
            }
            if self.worker.exit_requested.get() {
                return Err(Verdict::Stopped);
            }
        }
        if let Some(failure) = walk_failure {
            self.queue_left = frontier.len() as u64;
            if !frontier.is_empty() {
                self.statistics.depth = 1;
            }
            return Err(error(ErrorPhase::InitialStates, failure, Vec::new(), None));
        }
        if let Some(coverage) = self.coverage.as_mut() {
            coverage.init.distinct = self.statistics.distinct;
        }
        self.event(CheckEvent::InitialStatesComputed {
            generated: self.statistics.generated,
            distinct: self.statistics.distinct,
        });
        Ok(frontier)
    }

    /// Evaluates state `source` again as TLC evaluates it, counting per-expression coverage
    /// (the expansion itself did not count): the first `actions` actions in order, each
    /// successor checked as it is produced (its constraints, and its invariants when
    /// `checked` says TLC checks them: a new state or one the constraints exclude), stopping
    /// right after the checks of successor `stop` (where TLC stopped with a violation).
    fn replay_source(&self, source: u32, checked: &[bool], stop: Option<usize>, actions: usize) {
        let Some(counters) = self.worker.expression_coverage.as_deref() else { return };
        let model = self.model;
        let state = self.values_of(source);
        let depth = u64::from(self.depths[source as usize]);
        // The same random stream as the expansion, so `RandomElement` makes the same choices.
        self.worker.reseed(self.options.seed, u64::from(source));
        counters.set_enabled(true);
        let mut produced = 0usize;
        let mut stopped = false;
        for action in self.actions.iter().take(actions) {
            self.worker.level.set(depth);
            let mut sink = |values: Vec<Value>| {
                let index = produced;
                produced += 1;
                self.worker.level.set(depth + 1);
                let _ = first_failing_constraint(model, Some(&state), &values, &self.worker);
                if checked.get(index).copied().unwrap_or(false) {
                    let _ = check_invariants(model, &values, &self.worker);
                }
                self.worker.level.set(depth);
                if stop == Some(index) {
                    stopped = true;
                    return Ok(false);
                }
                Ok(true)
            };
            let _ = successors::successor_states(
                &model.evaluator,
                action.expr,
                &action.env,
                &state,
                &action.name,
                &self.worker,
                &mut sink,
            );
            if stopped {
                break;
            }
        }
        self.worker.level.set(depth + 1);
        counters.set_enabled(false);
    }
}

fn error(
    phase: ErrorPhase,
    failure: Box<Failure>,
    trace: Vec<TraceStep>,
    action: Option<usize>,
) -> Verdict {
    Verdict::EvaluationError { phase, failure, trace, action, checked: None }
}
