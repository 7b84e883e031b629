//! Random simulation, as TLC's `-simulate` does it, and the per-action activity it observes.
//!
//! A trace starts in a random initial state; at each step an action is picked at random and,
//! if it has no successor, the others are tried in a random stride order; all successors of the
//! chosen action are generated and checked (constraints, invariants, implied actions) and one is
//! picked uniformly. A state without any successor is a deadlock (unless deadlock checking is
//! off); the trace ends at the depth bound. Trace `i` draws from its own random stream derived
//! from the seed and `i`, so a run is reproducible for any number of workers.
//!
//! Besides TLC's verdict, the run records per action how often it was chosen and enabled, how
//! many states it generated, and its evaluation errors with their location: the runtime metric
//! of the benchmark is computed from these. In [`SimulationOptions::keep_going`] mode neither an
//! evaluation error nor a violation ends the run: a failing action is recorded and treated as
//! disabled at that step, a violation (the first is kept) ends only its trace, so one broken
//! action does not hide the others.
//!
//! With [`SimulationOptions::coverage`] every worker also counts TLC's per-expression coverage;
//! each finished trace's counts are added to one tree of the run (and taken out again for the
//! traces that finished after the trace that stopped the run). [`SimulationOptions::events`]
//! is told the progress after each trace and can ask for the coverage of the traces finished so
//! far (TLC's periodic coverage).

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use tla_eval::expression_coverage::{AbsorbedCounts, ExpressionCoverage, NodeMap};
use tla_eval::{Action, Failure, Location, WorkerContext};
use tla_values::Value;

use crate::bfs::{CheckedFormula, ErrorPhase, TraceStep, Verdict};
use crate::checks::{
    check_invariants, first_failing_constraint, implied_violation, invariant_name,
};
use crate::coverage::{action_error, add_activity, Coverage, CoverageSnapshot, EventReply};
use crate::model::{Model, NextRelation};

/// Receives a simulation's progress while it runs; the answer to a progress event can ask for
/// the coverage so far, which then comes as the next event.
pub type SimulationEvents = Arc<dyn Fn(SimulationEvent<'_>) -> EventReply + Send + Sync>;

/// What a simulation reports while it runs (after each trace).
#[derive(Clone, Copy)]
pub enum SimulationEvent<'a> {
    /// The initial states were computed; this many were kept (sent before any trace).
    InitialStatesComputed(u64),
    Progress(SimulationProgress),
    /// The coverage of the traces finished so far.
    Coverage(CoverageSnapshot<'a>),
}

/// A simulation's counters so far.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct SimulationProgress {
    /// Initial states plus the states the traces generated.
    pub states_generated: u64,
    pub traces: u64,
    pub trace_lengths: TraceLengths,
}

/// TLC's statistic of trace lengths (`SimulationWorker.collectPostTrace`), reproduced to the bit
/// because it is printed: Welford's running mean and sum of squared deviations in integer
/// arithmetic, over the traces that ended without an error (a violation, a deadlock or an
/// evaluation error ends a trace before it is counted). A trace counts as the number of its
/// states capped at the depth, and each update divides by the number of traces started so
/// far, not by the number counted.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct TraceLengths {
    /// TLC keeps both in one 64-bit word: the mean in the low half, the sum in the high half.
    packed: u64,
}

impl TraceLengths {
    /// Counts a trace of `steps` steps that ended without an error, when `traces_started`
    /// traces have been started (this one included).
    pub fn count_trace(&mut self, steps: u64, depth: u64, traces_started: u64) {
        let length = (steps + 1).min(depth) as i64;
        let mut mean = self.packed as u32 as i32;
        let mut squares = (self.packed >> 32) as i64;
        let delta = length - i64::from(mean);
        mean = (i64::from(mean) + delta / traces_started.max(1) as i64) as i32;
        squares = squares.wrapping_add(delta.wrapping_mul(length - i64::from(mean)));
        self.packed = ((squares as u64) << 32) | u64::from(mean as u32);
    }

    /// The lengths of `traces` in trace order, each with whether it ended without an error.
    pub fn of(traces: &[(u64, bool)], depth: u64) -> TraceLengths {
        let mut lengths = TraceLengths::default();
        for (index, (steps, clean)) in traces.iter().enumerate() {
            if *clean {
                lengths.count_trace(*steps, depth, index as u64 + 1);
            }
        }
        lengths
    }

    /// The printed mean (`mean=`).
    pub fn mean(&self) -> u64 {
        self.packed & 0xFFFF_FFFF
    }

    /// The printed variance (`var(x)=`) when `traces` traces were started.
    pub fn variance(&self, traces: u64) -> i64 {
        (self.squares() / (traces as f64 + 1.0)).round() as i64
    }

    /// The printed standard deviation (`sd=`) when `traces` traces were started.
    pub fn standard_deviation(&self, traces: u64) -> i64 {
        (self.squares() / (traces as f64 + 1.0)).sqrt().round() as i64
    }

    fn squares(&self) -> f64 {
        (self.packed >> 32) as f64
    }
}

/// What a simulation run is asked to do.
#[derive(Clone)]
pub struct SimulationOptions {
    pub traces: u64,
    /// The number of steps of a trace (TLC's `-depth`).
    pub depth: u64,
    pub seed: u64,
    pub workers: usize,
    /// Record evaluation errors and go on instead of stopping at the first one.
    pub keep_going: bool,
    pub max_duration: Option<Duration>,
    /// Collect [`SimulationReport::coverage`] (constraints, variables and per-expression
    /// counts; the per-action activity is always collected).
    pub coverage: bool,
    /// Told the progress after each trace.
    pub events: Option<SimulationEvents>,
}

impl Default for SimulationOptions {
    fn default() -> SimulationOptions {
        SimulationOptions {
            traces: 1,
            depth: 100,
            seed: 0,
            workers: 1,
            keep_going: false,
            max_duration: None,
            coverage: false,
            events: None,
        }
    }
}

/// An evaluation error met while simulating.
#[derive(Clone, Debug)]
pub struct ActionError {
    pub message: String,
    /// The innermost expression being evaluated.
    pub location: Option<Location>,
    pub phase: ErrorPhase,
}

/// What one action did during a run.
#[derive(Clone, Debug, Default)]
pub struct ActionActivity {
    /// How many times it was tried.
    pub tried: u64,
    /// How many times it had at least one successor.
    pub enabled: u64,
    /// How many successor states it generated.
    pub generated: u64,
    /// Breadth-first search: how many of them were new (found first by this action).
    /// Simulation: how many of them the constraints kept (a simulation keeps no set of seen
    /// states; TLC's simulator reports this count in the same column of its coverage).
    pub new_states: u64,
    /// How many times its evaluation failed, and the first failure.
    pub errors: u64,
    pub first_error: Option<ActionError>,
}

/// The result of a simulation run.
pub struct SimulationReport {
    pub verdict: Verdict,
    pub actions: Vec<Action>,
    pub activity: Vec<ActionActivity>,
    pub traces: u64,
    pub states_generated: u64,
    /// Per finished trace, in trace order: its length in steps, and whether it ended without
    /// an error (only those count in [`TraceLengths`]).
    pub trace_lengths: Vec<(u64, bool)>,
    /// Whether the time limit ended the run before every trace was simulated.
    pub timed_out: bool,
    pub initial_states: u64,
    /// With [`SimulationOptions::coverage`]: the run's coverage.
    pub coverage: Option<Coverage>,
}

/// A small deterministic generator (splitmix64) per trace.
struct Random(u64);

impl Random {
    fn for_trace(seed: u64, trace: u64) -> Random {
        let mut random = Random(seed ^ trace.wrapping_mul(0x9E37_79B9_7F4A_7C15));
        random.next();
        random
    }

    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    fn below(&mut self, bound: usize) -> usize {
        if bound == 0 {
            0
        } else {
            (self.next() % bound as u64) as usize
        }
    }
}

/// Strides coprime with any small action count, for trying actions in a random order.
const STRIDES: [usize; 8] =
    [1_000_003, 999_983, 1_000_033, 999_979, 1_000_037, 999_961, 1_000_039, 999_953];

/// The outcome of one trace.
struct TraceOutcome {
    activity: Vec<ActionActivity>,
    generated: u64,
    length: u64,
    /// A violation or an error that ends the run, with its trace.
    verdict: Option<Verdict>,
    /// Constraint and variable coverage of this trace, when asked for.
    coverage: Option<Coverage>,
    /// The per-expression counts of this trace, as added to the run's totals.
    expressions: Option<AbsorbedCounts>,
}

/// The per-expression counts of the traces finished so far, and per worker (and, last, for
/// the initial states) the map of its node numbers to the totals' (see
/// `tla_eval::expression_coverage::ExpressionCoverage::absorb`).
struct ExpressionTotals {
    tree: ExpressionCoverage,
    maps: Vec<NodeMap>,
}

impl ExpressionTotals {
    /// Adds what `worker` counted since the last time to the totals.
    fn absorb(&mut self, slot: usize, worker: &WorkerContext) -> Option<AbsorbedCounts> {
        let delta = worker.expression_coverage.as_deref()?.take_counts();
        let ExpressionTotals { tree, maps } = self;
        Some(tree.absorb(maps.get_mut(slot)?, &delta))
    }
}

/// The running counters behind the progress events.
#[derive(Default)]
struct RunningCounts {
    states: u64,
    traces: u64,
    lengths: TraceLengths,
}

/// Simulates `model`.
pub fn simulate(model: &Model, options: &SimulationOptions) -> SimulationReport {
    let started = Instant::now();
    let worker = crate::coverage::worker_context(model, 0, options.seed, options.coverage);
    let empty = |verdict: Verdict, actions: Vec<Action>| SimulationReport {
        verdict,
        activity: vec![ActionActivity::default(); actions.len()],
        actions,
        traces: 0,
        states_generated: 0,
        trace_lengths: Vec::new(),
        timed_out: false,
        initial_states: 0,
        coverage: None,
    };
    let actions = match &model.next {
        NextRelation::Definition(def) => {
            tla_eval::split_definition_actions(&model.evaluator, *def, &worker)
        }
        NextRelation::Expression { expr, name } => {
            tla_eval::split_actions(&model.evaluator, expr, name, &worker)
        }
        NextRelation::Nothing => Ok(Vec::new()),
    };
    let actions = match actions {
        Ok(actions) => actions,
        Err(failure) => {
            return empty(
                evaluation_error(ErrorPhase::NextState, failure, Vec::new(), None),
                Vec::new(),
            )
        }
    };
    worker.level.set(1);
    let (initial, rejected) = match crate::checks::initial_states(model, &worker) {
        Ok(found) => found,
        Err(failure) => {
            return empty(
                evaluation_error(ErrorPhase::InitialStates, failure, Vec::new(), None),
                actions,
            )
        }
    };
    let mut coverage = options.coverage.then(|| Coverage::new(model, actions.len()));
    if let Some(coverage) = coverage.as_mut() {
        coverage.init.generated = initial.len() as u64;
        coverage.init.rejected = rejected;
        coverage.simulation = true;
    }
    let workers = options.workers.max(1);
    let totals = options.coverage.then(|| {
        Mutex::new(ExpressionTotals {
            tree: ExpressionCoverage::new(model.evaluator.hir()),
            maps: vec![NodeMap::default(); workers + 1],
        })
    });
    let mut kept: Vec<Arc<[Value]>> = Vec::new();
    for state in initial {
        let trace = || vec![TraceStep { state: state.clone().into(), action: None }];
        match check_invariants(model, &state, &worker) {
            Ok(None) => {}
            Ok(Some(violated)) => {
                let name = invariant_name(model, violated);
                return empty(
                    Verdict::InvariantViolated { name, initial: true, trace: trace() },
                    actions,
                );
            }
            Err(failure) => {
                return empty(
                    evaluation_error(ErrorPhase::Invariant, failure, trace(), None),
                    actions,
                )
            }
        }
        match first_failing_constraint(model, None, &state, &worker) {
            Ok(failed) => {
                if let Some(coverage) = coverage.as_mut() {
                    coverage.record_constraints(failed, model.constraints.len());
                }
                if failed.is_none() {
                    kept.push(state.into());
                }
            }
            Err((phase, failure)) => {
                return empty(evaluation_error(phase, failure, trace(), None), actions)
            }
        }
    }
    let initial_states = kept.len() as u64;
    if let Some(coverage) = coverage.as_mut() {
        coverage.init.distinct = initial_states;
    }
    if let Some(Ok(mut totals)) = totals.as_ref().map(Mutex::lock) {
        totals.absorb(workers, &worker);
    }
    let outcomes: Mutex<Vec<(u64, TraceOutcome)>> = Mutex::new(Vec::new());
    let running = Mutex::new(RunningCounts { states: initial_states, ..RunningCounts::default() });
    let reporting = Mutex::new(());
    // After each trace: the progress so far, and the coverage so far when asked for.
    if let Some(events) = &options.events {
        events(SimulationEvent::InitialStatesComputed(initial_states));
    }
    let report_progress = |generated: u64, length: u64, clean: bool| {
        let Some(events) = &options.events else { return };
        let Ok(_one_at_a_time) = reporting.lock() else { return };
        let progress = {
            let Ok(mut running) = running.lock() else { return };
            running.states += generated;
            running.traces += 1;
            if clean {
                let traces = running.traces;
                running.lengths.count_trace(length, options.depth, traces);
            }
            SimulationProgress {
                states_generated: running.states,
                traces: running.traces,
                trace_lengths: running.lengths,
            }
        };
        if events(SimulationEvent::Progress(progress)) != EventReply::CoverageSnapshot {
            return;
        }
        let (Some(initial), Some(totals)) = (coverage.as_ref(), totals.as_ref()) else { return };
        let Ok(outcomes) = outcomes.lock() else { return };
        let mut snapshot = initial.clone();
        let mut activity = vec![ActionActivity::default(); actions.len()];
        for (_, outcome) in outcomes.iter() {
            for (total, counts) in activity.iter_mut().zip(&outcome.activity) {
                add_activity(total, counts.clone());
            }
            if let Some(trace_coverage) = &outcome.coverage {
                snapshot.merge(trace_coverage.clone());
            }
        }
        snapshot.actions = activity;
        drop(outcomes);
        let Ok(totals) = totals.lock() else { return };
        crate::coverage::collect_expression_lines(
            &mut snapshot,
            model,
            &actions,
            Some(&totals.tree),
        );
        drop(totals);
        events(SimulationEvent::Coverage(CoverageSnapshot {
            coverage: &snapshot,
            model,
            actions: &actions,
            elapsed: started.elapsed(),
        }));
    };
    let next_trace = AtomicUsize::new(0);
    let stop = AtomicBool::new(false);
    let timed_out = AtomicBool::new(false);
    let run_worker = |worker_id: usize| {
        let worker = crate::coverage::worker_context(
            model,
            worker_id as u32,
            options.seed,
            options.coverage,
        );
        loop {
            if stop.load(Ordering::Relaxed) {
                break;
            }
            let trace = next_trace.fetch_add(1, Ordering::Relaxed) as u64;
            if trace >= options.traces {
                break;
            }
            if options.max_duration.is_some_and(|max| started.elapsed() >= max) {
                timed_out.store(true, Ordering::Relaxed);
                break;
            }
            let mut outcome = simulate_trace(model, &actions, &kept, trace, options, &worker);
            if outcome.verdict.is_some() && !options.keep_going {
                stop.store(true, Ordering::Relaxed);
            }
            if let Some(Ok(mut totals)) = totals.as_ref().map(Mutex::lock) {
                outcome.expressions = totals.absorb(worker_id, &worker);
            }
            let (generated, length) = (outcome.generated, outcome.length);
            let clean = outcome.verdict.is_none();
            if let Ok(mut outcomes) = outcomes.lock() {
                outcomes.push((trace, outcome));
            }
            report_progress(generated, length, clean);
        }
    };
    if kept.is_empty() {
        next_trace.store(options.traces as usize, Ordering::Relaxed);
    } else if workers <= 1 {
        run_worker(0);
    } else {
        std::thread::scope(|scope| {
            for worker_id in 0..workers {
                let run_worker = &run_worker;
                scope.spawn(move || run_worker(worker_id));
            }
        });
    }
    let mut outcomes = outcomes.into_inner().unwrap_or_default();
    outcomes.sort_by_key(|(trace, _)| *trace);
    // Only the traces before the first one that ended the run count, whatever the scheduling
    // (when going on after violations, every trace counts and the first violation is kept).
    let totals = totals.and_then(|totals| totals.into_inner().ok());
    if !options.keep_going {
        if let Some(first_stop) = outcomes.iter().position(|(_, outcome)| outcome.verdict.is_some())
        {
            for (_, discarded) in outcomes.split_off(first_stop + 1) {
                if let (Some(totals), Some(counts)) = (&totals, &discarded.expressions) {
                    totals.tree.take_back(counts);
                }
            }
        }
    }
    let mut report = SimulationReport {
        verdict: Verdict::Success,
        activity: vec![ActionActivity::default(); actions.len()],
        actions,
        traces: outcomes.len() as u64,
        states_generated: initial_states,
        trace_lengths: Vec::new(),
        timed_out: timed_out.load(Ordering::Relaxed),
        initial_states,
        coverage: None,
    };
    for (_, outcome) in outcomes {
        report.states_generated += outcome.generated;
        report.trace_lengths.push((outcome.length, outcome.verdict.is_none()));
        for (total, activity) in report.activity.iter_mut().zip(outcome.activity) {
            add_activity(total, activity);
        }
        if let (Some(total), Some(trace_coverage)) = (coverage.as_mut(), outcome.coverage) {
            total.merge(trace_coverage);
        }
        if let (Some(verdict), Verdict::Success) = (outcome.verdict, &report.verdict) {
            report.verdict = verdict;
        }
    }
    if let Some(coverage) = coverage.as_mut() {
        coverage.actions = report.activity.clone();
        let counters = totals.as_ref().map(|totals| &totals.tree);
        crate::coverage::collect_expression_lines(coverage, model, &report.actions, counters);
    }
    report.coverage = coverage;
    report
}

fn evaluation_error(
    phase: ErrorPhase,
    failure: Box<Failure>,
    trace: Vec<TraceStep>,
    action: Option<usize>,
) -> Verdict {
    Verdict::EvaluationError { phase, failure, trace, action, checked: None }
}

fn simulate_trace(
    model: &Model,
    actions: &[Action],
    initial: &[Arc<[Value]>],
    trace_index: u64,
    options: &SimulationOptions,
    worker: &WorkerContext,
) -> TraceOutcome {
    let mut random = Random::for_trace(options.seed, trace_index);
    // `RandomElement` and friends draw from the trace's own stream too (not the worker's).
    worker.reseed(options.seed, trace_index);
    let mut outcome = TraceOutcome {
        activity: vec![ActionActivity::default(); actions.len()],
        generated: 0,
        length: 0,
        verdict: None,
        coverage: options.coverage.then(|| {
            // Only the constraint and variable counters are used per trace.
            let mut coverage = Coverage::new(model, 0);
            coverage.actions.clear();
            coverage
        }),
        expressions: None,
    };
    let mut trace =
        vec![TraceStep { state: initial[random.below(initial.len())].clone(), action: None }];
    while (trace.len() as u64) <= options.depth {
        let current = trace[trace.len() - 1].state.clone();
        worker.level.set(trace.len() as u64);
        let start = random.below(actions.len().max(1));
        let stride = STRIDES[random.below(STRIDES.len())];
        let mut chosen = None;
        for attempt in 0..actions.len() {
            let index = (start + attempt * stride) % actions.len();
            let action = &actions[index];
            outcome.activity[index].tried += 1;
            let (generated, result) = action.successors(&model.evaluator, &current, worker);
            if let Err(failure) = result {
                let activity = &mut outcome.activity[index];
                activity.errors += 1;
                if activity.first_error.is_none() {
                    activity.first_error = Some(action_error(ErrorPhase::NextState, &failure));
                }
                if options.keep_going {
                    continue;
                }
                outcome.verdict =
                    Some(evaluation_error(ErrorPhase::NextState, failure, trace, Some(index)));
                return outcome;
            }
            let mut kept = Vec::new();
            for state in generated {
                outcome.generated += 1;
                outcome.activity[index].generated += 1;
                worker.level.set(trace.len() as u64 + 1);
                let checked = check_successor(model, &current, &state, worker);
                worker.level.set(trace.len() as u64);
                if let (Some(coverage), Ok(Check::Keep | Check::OutOfModel(_))) =
                    (outcome.coverage.as_mut(), &checked)
                {
                    let failed = match &checked {
                        Ok(Check::OutOfModel(index)) => Some(*index),
                        _ => None,
                    };
                    coverage.record_constraints(
                        failed,
                        model.constraints.len() + model.action_constraints.len(),
                    );
                }
                match checked {
                    Ok(Check::Keep) => {
                        outcome.activity[index].new_states += 1;
                        kept.push(state)
                    }
                    Ok(Check::OutOfModel(_)) => {}
                    Ok(Check::Violated { name, invariant }) => {
                        let mut trace = trace.clone();
                        trace.push(TraceStep { state: state.into(), action: Some(index) });
                        outcome.verdict = Some(if invariant {
                            Verdict::InvariantViolated { name, initial: false, trace }
                        } else {
                            Verdict::ActionPropertyViolated { name, trace }
                        });
                        return outcome;
                    }
                    Err((phase, mut failure, invariant)) => {
                        let activity = &mut outcome.activity[index];
                        activity.errors += 1;
                        if activity.first_error.is_none() {
                            activity.first_error = Some(action_error(phase, &failure));
                        }
                        if !options.keep_going {
                            let mut failing = trace.clone();
                            failing.push(TraceStep { state: state.into(), action: Some(index) });
                            // As after a breadth-first search, TLC names the invariant and
                            // lists no positions.
                            let checked = invariant.map(|name| {
                                failure.positions.clear();
                                CheckedFormula { name, location: None }
                            });
                            outcome.verdict = Some(Verdict::EvaluationError {
                                phase,
                                failure,
                                trace: failing,
                                action: Some(index),
                                checked,
                            });
                            return outcome;
                        }
                    }
                }
            }
            if !kept.is_empty() {
                outcome.activity[index].enabled += 1;
                let pick = random.below(kept.len());
                chosen = Some((index, kept.swap_remove(pick)));
                break;
            }
        }
        match chosen {
            Some((index, state)) => {
                if let Some(coverage) = outcome.coverage.as_mut() {
                    coverage.record_values(&state);
                }
                trace.push(TraceStep { state: state.into(), action: Some(index) });
                outcome.length += 1;
            }
            None => {
                if model.check_deadlock {
                    outcome.verdict = Some(Verdict::Deadlock { trace });
                }
                return outcome;
            }
        }
    }
    outcome
}

/// What the checks of a generated state said.
enum Check {
    Keep,
    /// Excluded by the constraint of this index (see `first_failing_constraint`).
    OutOfModel(usize),
    /// An invariant (`true`) or an implied action (`false`) named so is violated.
    Violated {
        name: String,
        invariant: bool,
    },
}

fn check_successor(
    model: &Model,
    from: &[Value],
    to: &[Value],
    worker: &WorkerContext,
) -> Result<Check, (ErrorPhase, Box<Failure>, Option<String>)> {
    // TLC's simulator checks the invariants and implied actions of every successor, then the
    // constraints (so a violating state is reported even when the constraints exclude it).
    let violated = crate::checks::check_invariants_naming_failure(model, None, to, worker)
        .map_err(|(invariant, failure)| {
            (ErrorPhase::Invariant, failure, Some(invariant_name(model, invariant)))
        })?;
    if let Some(violated) = violated {
        return Ok(Check::Violated { name: invariant_name(model, violated), invariant: true });
    }
    if let Some(violated) = implied_violation(model, from, to, worker)
        .map_err(|failure| (ErrorPhase::ImpliedAction, failure, None))?
    {
        let name = model.implied_actions[violated].name.clone();
        return Ok(Check::Violated { name, invariant: false });
    }
    if let Some(failed) = first_failing_constraint(model, Some(from), to, worker)
        .map_err(|(phase, failure)| (phase, failure, None))?
    {
        return Ok(Check::OutOfModel(failed));
    }
    Ok(Check::Keep)
}

#[cfg(test)]
mod tests {
    use super::TraceLengths;

    #[test]
    fn trace_lengths_follow_tlcs_integer_welford_update() {
        // Worked by hand from TLC's update: lengths are states (steps + 1), the division is by
        // the number of traces started, and the third trace ended with an error.
        let lengths = TraceLengths::of(&[(3, true), (5, true), (2, false), (9, true)], 100);
        assert_eq!(lengths.mean(), 6);
        assert_eq!(lengths.variance(4), 4);
        assert_eq!(lengths.standard_deviation(4), 2);
    }

    #[test]
    fn a_trace_counts_at_most_the_depth_and_errors_count_nothing() {
        assert_eq!(TraceLengths::of(&[(10, true), (10, true)], 10).mean(), 10);
        assert_eq!(TraceLengths::of(&[(4, false)], 10), TraceLengths::default());
    }
}
