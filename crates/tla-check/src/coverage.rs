//! Coverage: what each part of a model did during a run, as TLC's `-coverage` reports it.
//!
//! A coverage report says, for the initial predicate, how many states it produced; for each
//! action, how often it was tried and enabled, how many states it generated and how many of them
//! were new, and its evaluation errors; for each constraint, how often it held and failed; for
//! each variable, how many distinct values it took. A spec author reads it to find actions that
//! are never enabled (a bug in a guard, or dead code) and to see where the state space comes
//! from. The counters are filled by the breadth-first search ([`crate::bfs`]) and the simulator
//! ([`crate::simulate`]) only when coverage was asked for; `coverage_report` prints them.
//!
//! TLC's breadth-first coverage also counts the states it generates again while it rebuilds an
//! error trace from fingerprints (twice for a deadlock or a violation, once for an evaluation
//! error, which it then evaluates once more to locate). The numbers it prints after an error are
//! therefore larger than what the search did; [`account_for_trace_reconstruction`] adds the same
//! re-evaluations so that the printed lines agree with TLC's.

use std::collections::HashSet;
use std::time::Duration;

use tla_eval::expression_coverage::{self, ExpressionCoverage, PairKind, ReportRoot, RootKind};
use tla_eval::{successors, Action, Env, Location, WorkerContext};
use tla_sema::hir::{Body, DefId, Expr};
use tla_values::fingerprint::StateHash;
use tla_values::Value;

use crate::bfs::{ErrorPhase, TraceStep, Verdict};
use crate::checks::state_fingerprint;
use crate::model::Model;
use crate::simulate::{ActionActivity, ActionError};

/// What the initial predicate did.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct InitCoverage {
    /// States the initial predicate produced (with repetitions; TLC's first column).
    pub generated: u64,
    /// Complete assignments that a formula evaluated after the last assignment rejected (TLC
    /// adds these to the second column, "states found").
    pub rejected: u64,
    /// Distinct initial states kept after the constraints.
    pub distinct: u64,
}

/// How often one constraint (`CONSTRAINT` or `ACTION_CONSTRAINT`) was evaluated with each result.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ConstraintCoverage {
    pub held: u64,
    pub failed: u64,
}

/// The distinct values one variable took, kept as fingerprints.
#[derive(Clone, Debug, Default)]
pub struct VariableValues {
    fingerprints: HashSet<u64>,
}

impl VariableValues {
    pub fn record(&mut self, value: &Value) {
        if let Ok(hash) = StateHash::new().value(value) {
            self.fingerprints.insert(hash.finish());
        }
    }

    pub fn merge(&mut self, other: VariableValues) {
        self.fingerprints.extend(other.fingerprints);
    }

    pub fn distinct(&self) -> u64 {
        self.fingerprints.len() as u64
    }
}

/// The coverage of a run.
#[derive(Clone, Debug, Default)]
pub struct Coverage {
    pub init: InitCoverage,
    /// Per action of the run (in the order the next-state relation was split).
    pub actions: Vec<ActionActivity>,
    /// Per constraint: the model's `constraints`, then its `action_constraints`.
    pub constraints: Vec<ConstraintCoverage>,
    /// Per variable, in declaration order. Breadth-first: the values of the states the search
    /// queued (new, kept and not violating an invariant), as TLC counts them; initial states
    /// are not counted. Simulation: the values of every state of the simulated traces after
    /// the first.
    pub variables: Vec<VariableValues>,
    /// What TLC adds to its printed counts after an error (see
    /// [`account_for_trace_reconstruction`]); kept apart so that the counts above are what the
    /// run did.
    pub trace_rebuild: TraceRebuildCounts,
    /// TLC's per-expression counts under each printed line, by root.
    pub expressions: Vec<(ExpressionRoot, Vec<ExpressionLine>)>,
    /// The run is a simulation (TLC prints 0 distinct values for every variable then).
    pub simulation: bool,
}

/// The coverage of a run so far, handed to the caller while the run goes on (TLC's periodic
/// coverage reports, `-coverage N`).
#[derive(Clone, Copy)]
pub struct CoverageSnapshot<'a> {
    pub coverage: &'a Coverage,
    pub model: &'a Model,
    pub actions: &'a [Action],
    /// Time since the run started.
    pub elapsed: Duration,
}

/// A caller's answer to a progress event of a run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EventReply {
    Continue,
    /// Send the coverage so far (as the next event).
    CoverageSnapshot,
}

/// What a printed coverage line is about: the kind of root and the address of its first
/// formula (actions that share an expression share their lines, as in TLC).
pub type ExpressionRoot = (RootKind, usize);

/// One per-expression line: `  |line 7, col 9 to line 7, col 16 of module M: 17`.
#[derive(Clone, Debug)]
pub struct ExpressionLine {
    /// How many `|` marks precede the location.
    pub depth: usize,
    pub location: Location,
    /// The location starts at the word before it (`OTHER ->`, `name |->`): a pair of SANY's
    /// tree that has no expression of its own here.
    pub label_before: bool,
    /// The location starts at the `!` of an `EXCEPT` update.
    pub from_bang: bool,
    pub count: u64,
    /// TLC's second number (the elements enumerated), when it prints one.
    pub cost: Option<u64>,
}

/// The states TLC's coverage counts again while rebuilding an error trace.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TraceRebuildCounts {
    pub init_generated: u64,
    pub init_rejected: u64,
    /// Per action, in the run's order (empty when nothing was rebuilt).
    pub action_generated: Vec<u64>,
}

impl Coverage {
    pub fn new(model: &Model, actions: usize) -> Coverage {
        Coverage {
            init: InitCoverage::default(),
            actions: vec![ActionActivity::default(); actions],
            constraints: vec![
                ConstraintCoverage::default();
                model.constraints.len() + model.action_constraints.len()
            ],
            variables: vec![VariableValues::default(); model.evaluator.hir().variables.len()],
            trace_rebuild: TraceRebuildCounts::default(),
            expressions: Vec::new(),
            simulation: false,
        }
    }

    /// Records the outcome of the constraints for one state: `failed` is the index of the first
    /// constraint that failed (the later ones were not evaluated), `None` when all held.
    /// `evaluated` is how many constraints apply (the state constraints only, for initial
    /// states).
    pub fn record_constraints(&mut self, failed: Option<usize>, evaluated: usize) {
        let held = failed.unwrap_or(evaluated);
        for counts in self.constraints.iter_mut().take(held) {
            counts.held += 1;
        }
        if let Some(counts) = failed.and_then(|index| self.constraints.get_mut(index)) {
            counts.failed += 1;
        }
    }

    pub fn record_values(&mut self, state: &[Value]) {
        for (values, value) in self.variables.iter_mut().zip(state) {
            values.record(value);
        }
    }

    pub fn record_error(&mut self, action: usize, error: ActionError) {
        if let Some(activity) = self.actions.get_mut(action) {
            activity.errors += 1;
            if activity.first_error.is_none() {
                activity.first_error = Some(error);
            }
        }
    }

    /// The per-action counts the breadth-first search keeps apart, into these.
    pub(crate) fn fill_action_counts(&mut self, counts: &[crate::bfs::ActionCounts]) {
        for (activity, counts) in self.actions.iter_mut().zip(counts) {
            activity.generated = counts.generated;
            activity.new_states = counts.distinct;
        }
    }

    /// A copy of these counts with the search's per-action counts and the per-expression lines
    /// so far (a periodic report).
    pub(crate) fn so_far(
        &self,
        action_counts: &[crate::bfs::ActionCounts],
        model: &Model,
        actions: &[Action],
        counters: Option<&ExpressionCoverage>,
    ) -> Coverage {
        let mut coverage = self.clone();
        coverage.fill_action_counts(action_counts);
        collect_expression_lines(&mut coverage, model, actions, counters);
        coverage
    }

    /// Adds another run's (or trace's) counts to these.
    pub fn merge(&mut self, other: Coverage) {
        self.init.generated += other.init.generated;
        self.init.rejected += other.init.rejected;
        self.init.distinct += other.init.distinct;
        for (total, activity) in self.actions.iter_mut().zip(other.actions) {
            add_activity(total, activity);
        }
        for (total, counts) in self.constraints.iter_mut().zip(other.constraints) {
            total.held += counts.held;
            total.failed += counts.failed;
        }
        for (total, values) in self.variables.iter_mut().zip(other.variables) {
            total.merge(values);
        }
    }
}

/// Adds one action's counts to a running total (the first error met stays).
pub fn add_activity(total: &mut ActionActivity, activity: ActionActivity) {
    total.tried += activity.tried;
    total.enabled += activity.enabled;
    total.generated += activity.generated;
    total.new_states += activity.new_states;
    total.errors += activity.errors;
    if total.first_error.is_none() {
        total.first_error = activity.first_error;
    }
}

/// The error of a failed evaluation, as coverage keeps it.
pub fn action_error(phase: ErrorPhase, failure: &tla_eval::Failure) -> ActionError {
    ActionError {
        message: failure.error.message.clone(),
        location: failure.positions.first().copied(),
        phase,
    }
}

/// Counts, in [`Coverage::trace_rebuild`], the states TLC generates again after a
/// breadth-first run ended in `verdict`: it
/// rebuilds the trace from fingerprints (each time enumerating every initial state, then for
/// each step trying the actions in order until one yields the next state), twice after a
/// deadlock or a violation and once after an evaluation error, and after an evaluation error in
/// the next-state relation it evaluates the actions of the failing state once more, up to the
/// error. Only generated counts are concerned; nothing new is found. Errors met while doing so
/// are ignored (the run already has its verdict).
pub fn account_for_trace_reconstruction(
    coverage: &mut Coverage,
    model: &Model,
    actions: &[Action],
    verdict: &Verdict,
    worker: &WorkerContext,
) {
    let (trace, rebuilds, failing_action) = match verdict {
        Verdict::Deadlock { trace }
        | Verdict::InvariantViolated { trace, .. }
        | Verdict::ActionPropertyViolated { trace, .. } => (trace, 2, None),
        Verdict::EvaluationError { trace, phase: ErrorPhase::NextState, action, .. } => {
            (trace, 1, *action)
        }
        _ => return,
    };
    if trace.is_empty() {
        return;
    }
    let rebuild = &mut coverage.trace_rebuild;
    rebuild.action_generated = vec![0; actions.len()];
    for _ in 0..rebuilds {
        let mut generated = 0u64;
        let mut sink = |_: Vec<Value>| {
            generated += 1;
            Ok(true)
        };
        let rejected = successors::initial_states_counting_rejections(
            &model.evaluator,
            &model.init,
            &Env::empty(),
            worker,
            &mut sink,
        )
        .unwrap_or(0);
        rebuild.init_generated += generated;
        rebuild.init_rejected += rejected;
        for pair in trace.windows(2) {
            rebuild_step(rebuild, model, actions, &pair[0], &pair[1], worker);
        }
    }
    if let (Some(failing), Some(last)) = (failing_action, trace.last()) {
        for (index, action) in actions.iter().enumerate().take(failing + 1) {
            let (generated, _) = action.successors(&model.evaluator, &last.state, worker);
            rebuild.action_generated[index] += generated.len() as u64;
        }
    }
}

/// The coverage of a finished breadth-first run: the search's per-action counts, what TLC
/// counts again while it rebuilds an error trace, and the per-expression lines.
pub(crate) fn finish_breadth_first(
    coverage: &mut Coverage,
    action_counts: &[crate::bfs::ActionCounts],
    model: &Model,
    actions: &[Action],
    verdict: &Verdict,
    worker: &WorkerContext,
) {
    coverage.fill_action_counts(action_counts);
    let counters = worker.expression_coverage.as_deref();
    if let Some(counters) = counters {
        counters.set_enabled(true);
    }
    account_for_trace_reconstruction(coverage, model, actions, verdict, worker);
    if let Some(counters) = counters {
        counters.set_enabled(false);
    }
    collect_expression_lines(coverage, model, actions, counters);
}

/// One step of a trace rebuilt as TLC does: the actions in order, all successors of each, until
/// one of them is the next state.
fn rebuild_step(
    rebuild: &mut TraceRebuildCounts,
    model: &Model,
    actions: &[Action],
    from: &TraceStep,
    to: &TraceStep,
    worker: &WorkerContext,
) {
    let Ok(target) = state_fingerprint(model, &to.state, worker) else { return };
    for (index, action) in actions.iter().enumerate() {
        let (generated, _) = action.successors(&model.evaluator, &from.state, worker);
        rebuild.action_generated[index] += generated.len() as u64;
        if generated
            .iter()
            .any(|state| state_fingerprint(model, state, worker).ok() == Some(target))
        {
            return;
        }
    }
}

/// A worker context that counts per-expression coverage when `coverage` is on.
pub fn worker_context(model: &Model, worker_id: u32, seed: u64, coverage: bool) -> WorkerContext {
    let worker = WorkerContext::new(worker_id, seed);
    if coverage {
        worker.with_expression_coverage(ExpressionCoverage::new(model.evaluator.hir()))
    } else {
        worker
    }
}

/// The expression a definition stands for (after `<-` overrides), if it is one.
pub fn definition_body(model: &Model, def: DefId) -> Option<&'static Expr> {
    let def = model.evaluator.resolve_definition(def);
    match &model.evaluator.hir().definitions.get(def as usize)?.body {
        Body::Expression(body) => Some(body),
        _ => None,
    }
}

/// Runs `f` with the coverage cursor at the root `(kind, formula)`.
pub fn with_root<T>(
    worker: &WorkerContext,
    kind: RootKind,
    formula: Option<&'static Expr>,
    f: impl FnOnce() -> T,
) -> T {
    let Some(formula) = formula else { return f() };
    tla_eval::expression_coverage::within(
        worker.expression_coverage.as_deref(),
        |coverage| coverage.enter_root(kind, &[formula]),
        f,
    )
}

/// Fills [`Coverage::expressions`] from `counters` (what the run counted).
pub fn collect_expression_lines(
    coverage: &mut Coverage,
    model: &Model,
    actions: &[Action],
    counters: Option<&ExpressionCoverage>,
) {
    coverage.expressions.clear();
    let Some(counters) = counters else { return };
    let evaluator = &model.evaluator;
    let next = match &model.next {
        crate::model::NextRelation::Definition(def) => definition_body(model, *def),
        crate::model::NextRelation::Expression { expr, .. } => Some(*expr),
        crate::model::NextRelation::Nothing => None,
    };
    let primed =
        next.map(|next| expression_coverage::primed_locations(evaluator, next)).unwrap_or_default();
    let mut roots: Vec<(RootKind, Vec<&'static Expr>)> = Vec::new();
    if !model.init.is_empty() {
        roots.push((RootKind::Init, model.init.clone()));
    }
    for action in actions {
        roots.push((RootKind::Next, vec![action.expr]));
    }
    for invariant in &model.invariants {
        roots.extend(definition_body(model, invariant.def).map(|b| (RootKind::Invariant, vec![b])));
    }
    for invariant in &model.property_invariants {
        roots.push((RootKind::Invariant, vec![invariant.predicate]));
    }
    for named in model.constraints.iter().chain(&model.action_constraints) {
        roots.extend(definition_body(model, named.def).map(|b| (RootKind::Constraint, vec![b])));
    }
    let mut done = HashSet::new();
    for (kind, formulas) in roots {
        let key = (kind, formulas[0] as *const Expr as usize);
        if !done.insert(key) {
            continue;
        }
        let lines = expression_coverage::report(
            counters,
            evaluator,
            &ReportRoot { kind, formulas: &formulas },
            &primed,
        );
        let lines = lines
            .into_iter()
            .map(|line| ExpressionLine {
                depth: line.depth,
                location: match line.pair {
                    Some(PairKind::Arm(guard)) => Location {
                        module: line.expr.module,
                        span: tla_diagnostics::Span {
                            start: guard.span.start,
                            end: line.expr.span.end,
                        },
                    },
                    _ => Location::of(line.expr),
                },
                label_before: matches!(line.pair, Some(PairKind::Other | PairKind::Field)),
                from_bang: matches!(line.pair, Some(PairKind::Except(_) | PairKind::ExceptPath(_))),
                count: line.count,
                cost: line.cost,
            })
            .collect();
        coverage.expressions.push((key, lines));
    }
}

impl Coverage {
    /// The per-expression lines under the root `(kind, formula)`.
    pub fn expression_lines(&self, kind: RootKind, formula: &Expr) -> &[ExpressionLine] {
        let key = (kind, formula as *const Expr as usize);
        self.expressions
            .iter()
            .find(|(root, _)| *root == key)
            .map(|(_, lines)| lines.as_slice())
            .unwrap_or(&[])
    }
}
