//! Liveness checking: the temporal properties under the specification's fairness, checked on
//! the explored state graph as TLC checks them.
//!
//! TLC checks `fairness => property` by looking for a behaviour of the state graph that
//! satisfies `fairness /\ ~property`. The negated properties are put in disjunctive normal
//! form; in each disjunct, conjuncts of the form `[]<>Y` and `<>[]X` (with `X`, `Y` predicates
//! on a state or a step) become conditions on the cycle a violating behaviour ends in, and the
//! rest becomes a tableau (`tableau.rs`). Disjuncts with the same tableau form one "branch" (TLC
//! reports how many). The fairness conditions are such cycle conditions too: `WF_v(A)` is
//! `[]<>(~ENABLED <<A>>_v \/ <<A>>_v)` and `SF_v(A)` the strong pair "`[]<>ENABLED <<A>>_v`
//! implies `[]<><<A>>_v`". For each branch the state graph with stuttering (`graph.rs`) is
//! multiplied with the tableau and searched for a fair accepting cycle (`search.rs`); one found
//! is printed as a lasso, as TLC prints it ("Back to state K" or "Stuttering").
//!
//! Differences from TLC: the counter-example is a shortest prefix to the first component found
//! plus a cycle through one witness of each condition; TLC's search order (and so its choice of
//! counter-example) differs and is not even the same from run to run, so only the verdict, the
//! branch count and the messages around the trace are meant to match exactly.

mod formula;
mod graph;
mod search;
mod tableau;

use std::time::{Duration, Instant};

use tla_eval::Action;

use crate::bfs::{CheckReport, StateGraph, TraceStep};
use crate::model::Model;
use crate::report::{
    action_label, code, Message, SourceIndex, StatePrinter, CLASS_NONE, CLASS_STATE,
};
use formula::{Atoms, Formula, Lowering};
use search::Conditions;

/// How a violating behaviour's cycle ends.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CycleEnd {
    /// The last state stutters forever.
    Stuttering,
    /// The last step (made by `action`) returns to state `state` of the trace (1-based).
    BackTo { state: usize, action: Option<usize> },
}

/// The outcome of checking the temporal properties.
pub enum LivenessVerdict {
    /// Every property holds.
    Satisfied,
    /// A behaviour violates a property: the states of a prefix and a cycle, and how the cycle
    /// closes.
    Violated { trace: Vec<TraceStep>, cycle: CycleEnd },
    /// A property whose negation needs no cycle (like `[](P => []P)`) is violated by the
    /// finite behaviour `trace`; TLC finds these during the search and reports them with the
    /// exit code of a safety violation.
    PrefixViolated { trace: Vec<TraceStep> },
    /// Evaluating a predicate of the properties failed in the last state of `trace`.
    EvaluationError { failure: Box<tla_eval::Failure>, trace: Vec<TraceStep> },
    /// The properties could not be checked (a form not supported); the message says why.
    Failed { message: String },
}

/// The verdict and what TLC reports about the check.
pub struct LivenessCheck {
    pub verdict: LivenessVerdict,
    /// The number of branches (disjuncts grouped by tableau) checked.
    pub branches: usize,
    /// TLC's "total distinct states": the states times the branches.
    pub total_states: u64,
    pub duration: Duration,
}

/// The checks to run: the atoms and, per branch, its tableau and the cycle conditions of each
/// of its disjuncts.
struct Plan {
    atoms: Atoms,
    branches: Vec<Branch>,
}

struct Branch {
    tableau: Vec<Formula>,
    disjuncts: Vec<Conditions>,
    /// Some disjunct is violated by any finite behaviour its tableau accepts: the tableau has
    /// no `[]` and the disjunct has no cycle condition of its own.
    finite: bool,
}

/// More disjuncts than this is a property no one means to check this way.
const MAX_DISJUNCTS: usize = 100_000;

fn plan(model: &Model) -> Result<Plan, String> {
    let mut lowering = Lowering::new(&model.evaluator);
    let mut fairness =
        Conditions { persistent: Vec::new(), recurrent: Vec::new(), strong: Vec::new() };
    let mut general = Vec::new();
    for expr in &model.fairness {
        let lowered = lowering.lower(expr, false)?;
        for conjunct in conjuncts(lowered) {
            classify_fairness(conjunct, &mut fairness, &mut general);
        }
    }
    let mut branches: Vec<(Vec<Formula>, Branch)> = Vec::new();
    for (_, property) in &model.liveness_properties {
        let negated = lowering.lower(property, true)?;
        for disjunct in dnf(negated)? {
            let mut conditions = Conditions {
                persistent: fairness.persistent.clone(),
                recurrent: fairness.recurrent.clone(),
                strong: fairness.strong.clone(),
            };
            let mut own_tableau = Vec::new();
            let mut own_conditions = false;
            for conjunct in disjunct {
                match cycle_condition(&conjunct) {
                    Some((true, predicate)) => conditions.recurrent.push(predicate),
                    Some((false, predicate)) => conditions.persistent.push(predicate),
                    None => {
                        own_tableau.push(conjunct);
                        continue;
                    }
                }
                own_conditions = true;
            }
            let finite = !own_conditions
                && general.is_empty()
                && !own_tableau.is_empty()
                && !own_tableau.iter().any(has_always);
            match branches.iter_mut().find(|(key, _)| *key == own_tableau) {
                Some((_, branch)) => {
                    branch.disjuncts.push(conditions);
                    branch.finite |= finite;
                }
                None => {
                    let mut tableau = general.clone();
                    tableau.extend(own_tableau.iter().cloned());
                    let branch = Branch { tableau, disjuncts: vec![conditions], finite };
                    branches.push((own_tableau, branch));
                }
            }
        }
    }
    Ok(Plan {
        atoms: lowering.atoms,
        branches: branches.into_iter().map(|(_, branch)| branch).collect(),
    })
}

fn has_always(formula: &Formula) -> bool {
    match formula {
        Formula::Bool(_) | Formula::Literal { .. } => false,
        Formula::And(items) | Formula::Or(items) => items.iter().any(has_always),
        Formula::Always(_) => true,
        Formula::Eventually(inner) => has_always(inner),
    }
}

fn conjuncts(formula: Formula) -> Vec<Formula> {
    match formula {
        Formula::And(items) => items.into_iter().flat_map(conjuncts).collect(),
        Formula::Bool(true) => Vec::new(),
        other => vec![other],
    }
}

/// `[]<>Y` as `(true, Y)` and `<>[]X` as `(false, X)`, for step predicates `X`, `Y`.
fn cycle_condition(formula: &Formula) -> Option<(bool, Formula)> {
    match formula {
        Formula::Always(inner) => match &**inner {
            Formula::Eventually(predicate) if predicate.is_step_predicate() => {
                Some((true, (**predicate).clone()))
            }
            _ => None,
        },
        Formula::Eventually(inner) => match &**inner {
            Formula::Always(predicate) if predicate.is_step_predicate() => {
                Some((false, (**predicate).clone()))
            }
            _ => None,
        },
        _ => None,
    }
}

fn classify_fairness(formula: Formula, fairness: &mut Conditions, general: &mut Vec<Formula>) {
    match cycle_condition(&formula) {
        Some((true, predicate)) => return fairness.recurrent.push(predicate),
        Some((false, predicate)) => return fairness.persistent.push(predicate),
        None => {}
    }
    if let Formula::Or(items) = &formula {
        if let [first, second] = items.as_slice() {
            let pair = match (cycle_condition(first), cycle_condition(second)) {
                (Some((false, stable)), Some((true, recurring)))
                | (Some((true, recurring)), Some((false, stable))) => {
                    Some((stable.negated(), recurring))
                }
                _ => None,
            };
            if let Some(pair) = pair {
                return fairness.strong.push(pair);
            }
        }
    }
    general.push(formula);
}

/// The disjunctive normal form of `formula` over its temporal subformulas.
fn dnf(formula: Formula) -> Result<Vec<Vec<Formula>>, String> {
    Ok(match formula {
        Formula::Bool(true) => vec![Vec::new()],
        Formula::Bool(false) => Vec::new(),
        Formula::Or(items) => {
            let mut out = Vec::new();
            for item in items {
                out.extend(dnf(item)?);
                if out.len() > MAX_DISJUNCTS {
                    return Err(
                        "the negated temporal properties have too many disjuncts".to_string()
                    );
                }
            }
            out
        }
        Formula::And(items) => {
            let mut out = vec![Vec::new()];
            for item in items {
                let parts = dnf(item)?;
                let mut combined = Vec::new();
                for left in &out {
                    for right in &parts {
                        let mut both: Vec<Formula> = left.clone();
                        both.extend(right.iter().cloned());
                        combined.push(both);
                    }
                    if combined.len() > MAX_DISJUNCTS {
                        return Err(
                            "the negated temporal properties have too many disjuncts".to_string()
                        );
                    }
                }
                out = combined;
            }
            out
        }
        other => vec![vec![other]],
    })
}

/// Checks `model`'s liveness properties on `graph`.
pub fn check_liveness(model: &Model, graph: &StateGraph, actions: &[Action]) -> LivenessCheck {
    let started = Instant::now();
    let _ = actions;
    let plan = match plan(model) {
        Ok(plan) => plan,
        Err(message) => {
            return LivenessCheck {
                verdict: LivenessVerdict::Failed { message },
                branches: 0,
                total_states: 0,
                duration: started.elapsed(),
            }
        }
    };
    let branches = plan.branches.len();
    let total_states = graph.states.len() as u64 * branches as u64;
    let verdict = match check_plan(model, graph, &plan) {
        Ok(verdict) => verdict,
        Err(message) => LivenessVerdict::Failed { message },
    };
    LivenessCheck { verdict, branches, total_states, duration: started.elapsed() }
}

fn check_plan(model: &Model, graph: &StateGraph, plan: &Plan) -> Result<LivenessVerdict, String> {
    let steps = match graph::StepGraph::build(graph, &plan.atoms, &model.evaluator) {
        Ok(steps) => steps,
        Err(graph::AtomFailure { failure, state }) => {
            return Ok(LivenessVerdict::EvaluationError { failure, trace: trace_to(graph, state) })
        }
    };
    for branch in plan.branches.iter().filter(|branch| branch.finite) {
        let tableau = tableau::build(&branch.tableau)?;
        let product = graph::Product::build(graph, &steps, &tableau)?;
        let settled = (0..product.node_count()).find(|&node| {
            let tableau_node = &tableau.nodes[product.tableau_nodes[node] as usize];
            tableau_node.settled
                && tableau_node.literals.iter().all(|&(atom, _)| !steps.step_atoms[atom])
        });
        if let Some(node) = settled {
            let mut prefix = Vec::new();
            let mut first = node as u32;
            while let Some(Some((parent, edge))) = product.parents.get(first as usize) {
                prefix.push(*edge);
                first = *parent;
            }
            prefix.reverse();
            let lasso = search::Lasso { first, prefix, cycle: Vec::new() };
            if let LivenessVerdict::Violated { trace, .. } =
                violation(graph, &steps, &product, &lasso)
            {
                return Ok(LivenessVerdict::PrefixViolated { trace });
            }
        }
    }
    for branch in &plan.branches {
        let tableau = tableau::build(&branch.tableau)?;
        let product = graph::Product::build(graph, &steps, &tableau)?;
        for conditions in &branch.disjuncts {
            if let Some(lasso) = search::find_violation(&product, &steps, &tableau, conditions) {
                return Ok(violation(graph, &steps, &product, &lasso));
            }
        }
    }
    Ok(LivenessVerdict::Satisfied)
}

/// The breadth-first path from an initial state to `state`.
fn trace_to(graph: &StateGraph, state: u32) -> Vec<TraceStep> {
    let mut trace = Vec::new();
    let mut current = state;
    while let Some(values) = graph.states.get(current as usize) {
        let parent = graph.parents.get(current as usize).copied();
        let action =
            parent.filter(|(parent, _)| *parent != u32::MAX).map(|(_, action)| action as usize);
        trace.push(TraceStep { state: values.clone(), action });
        match parent {
            Some((parent, _)) if parent != u32::MAX && trace.len() <= graph.states.len() => {
                current = parent
            }
            _ => break,
        }
    }
    trace.reverse();
    trace
}

/// The trace of a lasso: stuttering steps are left out (they repeat a state).
fn violation(
    graph: &StateGraph,
    steps: &graph::StepGraph,
    product: &graph::Product,
    lasso: &search::Lasso,
) -> LivenessVerdict {
    let state_of = |node: u32| graph.states[product.states[node as usize] as usize].clone();
    let mut trace = vec![TraceStep { state: state_of(lasso.first), action: None }];
    let action_of = |edge: u32| steps.actions[product.edge_steps[edge as usize] as usize];
    for &edge in &lasso.prefix {
        if let Some(action) = action_of(edge) {
            trace.push(TraceStep {
                state: state_of(product.edge_targets[edge as usize]),
                action: Some(action as usize),
            });
        }
    }
    let start = trace.len();
    let real: Vec<u32> =
        lasso.cycle.iter().copied().filter(|&edge| action_of(edge).is_some()).collect();
    let Some((&last, rest)) = real.split_last() else {
        return LivenessVerdict::Violated { trace, cycle: CycleEnd::Stuttering };
    };
    for &edge in rest {
        trace.push(TraceStep {
            state: state_of(product.edge_targets[edge as usize]),
            action: action_of(edge).map(|action| action as usize),
        });
    }
    LivenessVerdict::Violated {
        trace,
        cycle: CycleEnd::BackTo {
            state: start,
            action: action_of(last).map(|action| action as usize),
        },
    }
}

/// TLC's messages from the end of the state-space search to the end of the liveness check:
/// the last progress line, the check's start, the verdict with its counter-example, the check's
/// end.
pub fn liveness_messages(
    check: &LivenessCheck,
    report: &CheckReport,
    sources: &SourceIndex,
    printer: &StatePrinter,
    tool_mode: bool,
    now: &str,
) -> Vec<Message> {
    if let LivenessVerdict::EvaluationError { failure, trace } = &check.verdict {
        // TLC evaluates the properties' predicates as it explores, so it reports such an error
        // like an error of the search: where it happened, what it was, the behaviour to it.
        let mut messages = Vec::new();
        if !failure.positions.is_empty() {
            let mut text = String::from(
                "The error occurred when TLC was evaluating the nested\nexpressions at the following positions:",
            );
            for (index, location) in failure.positions_outermost_first().enumerate() {
                text.push_str(&format!("\n{index}. {}", sources.position_text(location)));
            }
            text.push_str("\n\n");
            messages.push(Message::error(code::NESTED_EXPRESSIONS, text));
        }
        messages.push(Message::error(code::GENERAL, crate::report::failure_text(failure)));
        if !trace.is_empty() {
            messages.push(Message::error(
                code::BEHAVIOR_UP_TO_THIS_POINT,
                "The behavior up to this point is:",
            ));
            messages.extend(trace_messages(trace, report, sources, printer));
        }
        return messages;
    }
    if let LivenessVerdict::PrefixViolated { trace } = &check.verdict {
        let mut messages =
            vec![Message::error(TEMPORAL_VIOLATED, "Temporal properties were violated.\n")];
        messages.push(Message::error(
            COUNTER_EXAMPLE,
            "The following behavior constitutes a counter-example:\n",
        ));
        messages.extend(trace_messages(trace, report, sources, printer));
        return messages;
    }
    let statistics = &report.statistics;
    let mut messages = vec![Message::info(
        code::PROGRESS,
        format!(
            "Progress({}) at {now}: {} states generated, {} distinct states found, {} states left on queue.",
            statistics.depth,
            crate::report::group_thousands(statistics.generated),
            crate::report::group_thousands(statistics.distinct),
            crate::report::group_thousands(statistics.queue)
        ),
    )];
    let branches =
        if check.branches > 1 { format!("{} branches of ", check.branches) } else { String::new() };
    messages.push(Message::info(
        CHECKING_TEMPORAL,
        format!(
            "Checking {branches}temporal properties for the complete state space with {} total distinct states at ({now})",
            check.total_states
        ),
    ));
    if let LivenessVerdict::Violated { trace, cycle } = &check.verdict {
        messages.push(Message::error(TEMPORAL_VIOLATED, "Temporal properties were violated.\n"));
        messages.push(Message::error(
            COUNTER_EXAMPLE,
            "The following behavior constitutes a counter-example:\n",
        ));
        messages.extend(trace_messages(trace, report, sources, printer));
        match cycle {
            CycleEnd::Stuttering => messages.push(Message {
                code: STUTTERING,
                class: CLASS_STATE,
                text: format!("{}: Stuttering", trace.len() + 1),
            }),
            CycleEnd::BackTo { state, action } => messages.push(if tool_mode {
                Message {
                    code: BACK_TO_STATE,
                    class: CLASS_STATE,
                    text: format!(
                        "{state}: Back to state: {}\n",
                        step_label(*action, report, sources)
                    ),
                }
            } else {
                Message {
                    code: BACK_TO_STATE,
                    class: CLASS_NONE,
                    text: format!(
                        "Back to state {state}: {}\n",
                        step_label(*action, report, sources)
                    ),
                }
            }),
        }
    }
    if !matches!(check.verdict, LivenessVerdict::Failed { .. }) {
        messages.push(Message::info(
            FINISHED_TEMPORAL,
            format!(
                "Finished checking temporal properties in {} at {now}",
                duration_text(check.duration)
            ),
        ));
    }
    messages
}

/// `<Action line .. of module M>` for a trace step (`<Initial predicate>` without an action).
fn step_label(action: Option<usize>, report: &CheckReport, sources: &SourceIndex) -> String {
    match action.and_then(|action| report.actions.get(action)) {
        Some(action) => format!("<{}>", action_label(action, sources)),
        None => "<Initial predicate>".to_string(),
    }
}

/// The numbered states of a trace.
fn trace_messages(
    trace: &[TraceStep],
    report: &CheckReport,
    sources: &SourceIndex,
    printer: &StatePrinter,
) -> Vec<Message> {
    trace
        .iter()
        .enumerate()
        .map(|(index, step)| {
            let next = trace.get(index + 1).unwrap_or(step);
            Message {
                code: code::STATE_PRINT,
                class: CLASS_STATE,
                text: format!(
                    "{}: {}\n{}",
                    index + 1,
                    step_label(step.action, report, sources),
                    printer.trace_state_text(&step.state, &next.state)
                ),
            }
        })
        .collect()
}

/// TLC's message codes for the liveness check.
const CHECKING_TEMPORAL: u16 = 2192;
const TEMPORAL_VIOLATED: u16 = 2116;
const COUNTER_EXAMPLE: u16 = 2264;
const STUTTERING: u16 = 2218;
const BACK_TO_STATE: u16 = 2122;
const FINISHED_TEMPORAL: u16 = 2267;
const IMPLIED_TEMPORAL: u16 = 2212;
const SYMMETRY_WARNING: u16 = 2279;
const NO_SPECIFICATION_WARNING: u16 = 2257;
const NO_FAIRNESS_WARNING: u16 = 2259;
/// The `-tool` message class of warnings.
const CLASS_WARNING: u8 = 3;

/// A duration as TLC prints it in "Finished checking temporal properties in 00s".
fn duration_text(duration: Duration) -> String {
    let seconds = duration.as_secs();
    if seconds >= 60 {
        format!("{:02}min {:02}s", seconds / 60, seconds % 60)
    } else {
        format!("{seconds:02}s")
    }
}

/// What TLC prints about the properties before it computes the initial states: warnings when
/// the behaviour specification has no fairness (`specification` is the cfg's `SPECIFICATION`
/// name, `None` for `INIT`/`NEXT`) or the model declares a symmetry, then "Implied-temporal
/// checking--satisfiability problem has N branches.".
pub fn preamble_messages(
    model: &Model,
    specification: Option<&str>,
    sources: &SourceIndex,
    tool_mode: bool,
) -> Vec<Message> {
    let mut messages = Vec::new();
    let mut warn = |code: u16, text: String| {
        messages.push(if tool_mode {
            Message { code, class: CLASS_WARNING, text }
        } else {
            Message::info(
                code,
                format!("Warning: {text}\n(Use the -nowarning option to disable this warning.)"),
            )
        });
    };
    const BOOK: &str = "(compare Chapter 8, page 87ff of Specifying Systems at https://lamport.azurewebsites.net/tla/book.html)";
    match specification {
        None => warn(NO_SPECIFICATION_WARNING, format!("Temporal properties (PROPERTY or PROPERTIES) are being verified without a behavior specification (SPECIFICATION). Only INIT and NEXT have been provided. This is likely to result in (trivial) counterexamples showing infinite stuttering following the initial state. It is recommended to use SPECIFICATION Spec, with Spec asserting a suitable fairness constraint {BOOK}.")),
        Some(name) if model.fairness.is_empty() => {
            let hir = model.evaluator.hir();
            let place = match hir.root_entity(name) {
                Some(tla_sema::hir::Entity::Definition(def)) => {
                    let definition = hir.definition(def);
                    let location = tla_eval::Location { module: definition.module, span: definition.span };
                    format!(" defined at {}", sources.location_text(&location))
                }
                _ => String::new(),
            };
            warn(NO_FAIRNESS_WARNING, format!("Temporal properties (PROPERTY or PROPERTIES) are being verified without a fairness constraint conjoined to the behavior specification {name}{place}. This may lead to trivial counterexamples in which the system exhibits infinite stuttering immediately after the initial state. To avoid this, it is recommended to conjoin a suitable fairness constraint to {name} {BOOK}."));
        }
        Some(_) => {}
    }
    if model.symmetry.is_some() {
        warn(SYMMETRY_WARNING, "Declaring symmetry during liveness checking is dangerous. It might cause TLC to miss violations of the stated liveness properties. Please check liveness without symmetry defined.".to_string());
    }
    if let Ok(plan) = plan(model) {
        messages.push(Message::info(
            IMPLIED_TEMPORAL,
            format!(
                "Implied-temporal checking--satisfiability problem has {} branches.",
                plan.branches.len()
            ),
        ));
    }
    messages
}
