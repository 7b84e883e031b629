//! Coverage in TLC's words (`-coverage`) and as JSON (`--coverage-json`).
//!
//! TLC prints its coverage statistics as one block of messages: a header (2201), one line per
//! variable with its number of distinct values (2779), the initial predicate (2773), each
//! action (2772), each invariant (2774; one that comes from a property `[]P` is `<Action ...>` at
//! `P`), each constraint (2778) and an end line (2202, or 2777 after a long run). Definitions are located by their left-hand side (`Add(i)` in
//! `Add(i) == ...`); an action that is one disjunct of its definition also shows the disjunct's
//! short location. Actions that come from the same expression (`\E i \in S : Add(i)`) are one
//! line, and lines are sorted by the actions' locations.
//!
//! TLC follows each of these lines with per-expression counts (`tla_eval::expression_coverage`
//! keeps them; `Coverage::expressions` holds the printed lines). The JSON form carries the same
//! counters per split action, with the
//! counts TLC does not print (tries, enabled, errors with the first error).

use std::collections::HashMap;
use std::time::Duration;

use serde_json::{json, Value as Json};
use tla_eval::{Action, Location};
use tla_sema::hir::{Body, DefId, Entity, ExprKind, Hir};

use crate::bfs::{ErrorPhase, TraceStep, Verdict};
use tla_eval::expression_coverage::RootKind;
use tla_sema::hir::Expr;

use crate::coverage::{definition_body, Coverage};
use crate::model::Model;
use crate::report::{LocationOrder, Message, SourceIndex};
use crate::simulate::{ActionActivity, ActionError};

/// TLC's coverage message codes (`EC.java`).
pub mod code {
    pub const START: u16 = 2201;
    pub const END: u16 = 2202;
    pub const NEXT: u16 = 2772;
    pub const INIT: u16 = 2773;
    pub const PROPERTY: u16 = 2774;
    pub const END_OVERHEAD: u16 = 2777;
    pub const CONSTRAINT: u16 = 2778;
    pub const VARIABLE: u16 = 2779;
    pub const VALUE: u16 = 2221;
    pub const VALUE_COST: u16 = 2775;
}

/// TLC's per-expression lines (2221, or 2775 with a second number) under one coverage line.
fn expression_messages(
    messages: &mut Vec<Message>,
    coverage: &Coverage,
    kind: RootKind,
    formula: Option<&Expr>,
    sources: &SourceIndex,
) {
    let Some(formula) = formula else { return };
    for line in coverage.expression_lines(kind, formula) {
        let location = if line.from_bang {
            sources.back_to(&line.location, '!')
        } else if line.label_before {
            sources.with_label_before(&line.location)
        } else {
            sources.without_parentheses(&line.location)
        };
        let location = sources.location_text(&location);
        let location = format!("{}{location}", "|".repeat(line.depth));
        messages.push(match line.cost {
            Some(cost) => {
                Message::info(code::VALUE_COST, format!("  {location}: {}:{cost}", line.count))
            }
            None => Message::info(code::VALUE, format!("  {location}: {}", line.count)),
        });
    }
}

/// After this long a run, TLC ends the statistics with a note about coverage's overhead.
const OVERHEAD_NOTE_AFTER: Duration = Duration::from_secs(5 * 60);

/// The coverage block TLC prints at the end of a run.
pub fn coverage_messages(
    coverage: &Coverage,
    model: &Model,
    actions: &[Action],
    sources: &SourceIndex,
    now: &str,
    duration: Duration,
) -> Vec<Message> {
    let hir = model.evaluator.hir();
    let mut messages = vec![Message::info(
        code::START,
        format!("The coverage statistics at {now} (see https://explain.tlapl.us/module-coverage-statistics for how to interpret the following statistics)."),
    )];
    for &variable in &model.variable_order {
        let (Some(declared), Some(values)) =
            (hir.variables.get(variable), coverage.variables.get(variable))
        else {
            continue;
        };
        let location = Location { module: declared.module, span: declared.span };
        // TLC's simulator does not count distinct values (the JSON form has them).
        let distinct = if coverage.simulation { 0 } else { values.distinct() };
        messages.push(Message::info(
            code::VARIABLE,
            format!("<{} {}>: {distinct}", declared.name, sources.location_text(&location)),
        ));
    }
    if let Some(label) = init_label(model, sources) {
        let rebuild = &coverage.trace_rebuild;
        let generated = coverage.init.generated + rebuild.init_generated;
        let rejected = coverage.init.rejected + rebuild.init_rejected;
        messages.push(Message::info(
            code::INIT,
            format!("{label}: {generated}:{}", generated + rejected),
        ));
        expression_messages(
            &mut messages,
            coverage,
            RootKind::Init,
            model.init.first().copied(),
            sources,
        );
    }
    let printed_activity: Vec<ActionActivity> = coverage
        .actions
        .iter()
        .enumerate()
        .map(|(index, activity)| ActionActivity {
            generated: activity.generated
                + coverage.trace_rebuild.action_generated.get(index).copied().unwrap_or(0),
            ..activity.clone()
        })
        .collect();
    for group in action_groups(actions, &printed_activity, hir, sources) {
        messages.push(Message::info(
            code::NEXT,
            format!("{}: {}:{}", group.label, group.new_states, group.generated),
        ));
        expression_messages(&mut messages, coverage, RootKind::Next, Some(group.expr), sources);
    }
    for invariant in &model.invariants {
        messages.push(Message::info(
            code::PROPERTY,
            format!(
                "<{} {}>",
                invariant.name,
                definition_header_text(model, invariant.def, sources)
            ),
        ));
        let body = definition_body(model, invariant.def);
        expression_messages(&mut messages, coverage, RootKind::Invariant, body, sources);
    }
    // An invariant that comes from a property `[]P` has no definition of its own: TLC names it
    // `Action` and locates it at `P`.
    for invariant in &model.property_invariants {
        messages.push(Message::info(
            code::PROPERTY,
            format!(
                "<Action {}>",
                sources.location_text(
                    &sources.without_parentheses(&Location::of(invariant.predicate))
                )
            ),
        ));
        let predicate = Some(invariant.predicate);
        expression_messages(&mut messages, coverage, RootKind::Invariant, predicate, sources);
    }
    let state_constraints = model.constraints.len();
    let constraint_lines = model
        .action_constraints
        .iter()
        .enumerate()
        .map(|(index, named)| (named, state_constraints + index))
        .chain(model.constraints.iter().enumerate().map(|(index, named)| (named, index)));
    for (named, index) in constraint_lines {
        let counts = coverage.constraints.get(index).cloned().unwrap_or_default();
        messages.push(Message::info(
            code::CONSTRAINT,
            format!(
                "<{} {}>: {}:{}",
                named.name,
                definition_header_text(model, named.def, sources),
                counts.held,
                counts.held + counts.failed
            ),
        ));
        let body = definition_body(model, named.def);
        expression_messages(&mut messages, coverage, RootKind::Constraint, body, sources);
    }
    messages.push(if duration > OVERHEAD_NOTE_AFTER {
        Message::info(
            code::END_OVERHEAD,
            "End of statistics (please note that for performance reasons large models\nare best checked with coverage and cost statistics disabled).",
        )
    } else {
        Message::info(code::END, "End of statistics.")
    });
    messages
}

/// One printed action line: the actions that share an expression, summed.
struct ActionGroup {
    label: String,
    expr: &'static Expr,
    new_states: u64,
    generated: u64,
}

fn action_groups(
    actions: &[Action],
    activity: &[ActionActivity],
    hir: &Hir,
    sources: &SourceIndex,
) -> Vec<ActionGroup> {
    let mut order: Vec<(LocationOrder, ActionGroup)> = Vec::new();
    let mut index_of: HashMap<LocationOrder, usize> = HashMap::new();
    for (action, counts) in actions.iter().zip(activity) {
        let key = sources.order_key(&Location::of(action.expr));
        let position = *index_of.entry(key.clone()).or_insert_with(|| {
            order.push((
                key,
                ActionGroup {
                    label: action_coverage_label(action, hir, sources),
                    expr: action.expr,
                    new_states: 0,
                    generated: 0,
                },
            ));
            order.len() - 1
        });
        order[position].1.new_states += counts.new_states;
        order[position].1.generated += counts.generated;
    }
    order.sort_by(|a, b| a.0.cmp(&b.0));
    order.into_iter().map(|(_, group)| group).collect()
}

/// `<Name line .. of module M>`, with ` (l c l c)` when the action is only part of its
/// definition's body.
pub fn action_coverage_label(action: &Action, hir: &Hir, sources: &SourceIndex) -> String {
    let predicate = sources.without_parentheses(&Location::of(action.expr));
    let Some(definition) = action.definition.and_then(|def| hir.definitions.get(def as usize))
    else {
        return format!("<{} {}>", action.name, sources.location_text(&predicate));
    };
    let header = sources.definition_header(definition.module, definition.span);
    let body = match &definition.body {
        Body::Expression(body) => Some(sources.without_parentheses(&Location::of(body))),
        _ => None,
    };
    if body == Some(predicate) {
        format!("<{} {}>", action.name, sources.location_text(&header))
    } else {
        format!(
            "<{} {} ({})>",
            action.name,
            sources.location_text(&header),
            sources.short_location_text(&predicate)
        )
    }
}

fn definition_header_text(model: &Model, def: DefId, sources: &SourceIndex) -> String {
    let definition = model.evaluator.hir().definition(def);
    sources.location_text(&sources.definition_header(definition.module, definition.span))
}

/// `<Init line .. of module M>`: the `INIT` definition, or the definition the first conjunct of
/// the initial predicate calls (under `SPECIFICATION`).
fn init_label(model: &Model, sources: &SourceIndex) -> Option<String> {
    let hir = model.evaluator.hir();
    let named = model.init_name.as_ref().and_then(|name| {
        hir.root_scope.iter().find_map(|(scope_name, entity)| match entity {
            Entity::Definition(def) if scope_name == name => Some(*def),
            _ => None,
        })
    });
    let called = || {
        model.init.first().and_then(|expr| match &expr.kind {
            ExprKind::Call { def, .. } => Some(*def),
            _ => None,
        })
    };
    match named.or_else(called) {
        Some(def) => {
            let definition = hir.definition(def);
            Some(format!("<{} {}>", definition.name, definition_header_text(model, def, sources)))
        }
        None => model
            .init
            .first()
            .map(|expr| format!("<Init {}>", sources.location_text(&Location::of(expr)))),
    }
}

fn phase_name(phase: ErrorPhase) -> &'static str {
    match phase {
        ErrorPhase::InitialStates => "initial-states",
        ErrorPhase::NextState => "next-state",
        ErrorPhase::Invariant => "invariant",
        ErrorPhase::ImpliedAction => "implied-action",
        ErrorPhase::Constraint => "constraint",
        ErrorPhase::Postcondition => "postcondition",
        ErrorPhase::InitialStateChecks => "initial-state-checks",
    }
}

fn error_json(error: &ActionError, sources: &SourceIndex) -> Json {
    json!({
        "message": error.message,
        "location": error.location.map(|location| sources.location_text(&location)),
        "phase": phase_name(error.phase),
    })
}

/// How the run ended, and the action to blame: the failing action of an evaluation error, or
/// the action that led to the last state of a counterexample (into a deadlock or a violation).
fn verdict_json(verdict: &Verdict, actions: &[Action], hir: &Hir, sources: &SourceIndex) -> Json {
    let (kind, trace, message): (&str, Option<&[TraceStep]>, Option<String>) = match verdict {
        Verdict::Success => ("success", None, None),
        Verdict::InvariantViolated { name, trace, .. } => {
            ("invariant-violated", Some(trace), Some(format!("Invariant {name} is violated.")))
        }
        Verdict::ActionPropertyViolated { name, trace } => (
            "action-property-violated",
            Some(trace),
            Some(format!("Action property {name} is violated.")),
        ),
        Verdict::InitialPropertyViolated { name, trace } => (
            "initial-property-violated",
            Some(trace),
            Some(format!("Property {name} is violated by an initial state.")),
        ),
        Verdict::Deadlock { trace } => ("deadlock", Some(trace), Some("Deadlock reached.".into())),
        Verdict::EvaluationError { failure, trace, .. } => {
            ("evaluation-error", Some(trace), Some(failure.error.message.clone()))
        }
        Verdict::PostconditionFalse { name, .. } => {
            ("postcondition-false", None, Some(format!("Postcondition {name} is false.")))
        }
        Verdict::Stopped => ("stopped", None, None),
        Verdict::LimitReached(_) => ("limit-reached", None, None),
    };
    let blamed = match verdict {
        Verdict::EvaluationError { action, .. } => *action,
        _ => trace.and_then(|trace| trace.last()).and_then(|step| step.action),
    };
    let phase = match verdict {
        Verdict::EvaluationError { phase, .. } => Some(phase_name(*phase)),
        _ => None,
    };
    json!({
        "kind": kind,
        "message": message,
        "phase": phase,
        "trace_length": trace.map(|trace| trace.len()),
        "blamed_action": blamed.and_then(|index| actions.get(index)).map(|action| json!({
            "name": action.name,
            "coverage_label": action_coverage_label(action, hir, sources),
            "location": sources.location_text(&Location::of(action.expr)),
        })),
    })
}

/// The coverage as JSON (`--coverage-json`); the schema is documented in
/// `docs/dev/checker.md`. `mode` is `"bfs"` or `"simulate"`.
pub fn coverage_json(
    coverage: &Coverage,
    model: &Model,
    actions: &[Action],
    verdict: &Verdict,
    sources: &SourceIndex,
    mode: &str,
) -> Json {
    let hir = model.evaluator.hir();
    let init_name = init_label(model, sources);
    let actions_json: Vec<Json> = actions
        .iter()
        .zip(&coverage.actions)
        .map(|(action, counts)| {
            let parameters: serde_json::Map<String, Json> = action
                .parameters
                .iter()
                .map(|(name, value)| (name.clone(), Json::String(tla_values::ppr(value))))
                .collect();
            json!({
                "name": action.name,
                "parameters": parameters,
                "coverage_label": action_coverage_label(action, hir, sources),
                "location": sources.location_text(&Location::of(action.expr)),
                "tried": counts.tried,
                "enabled": counts.enabled,
                "generated": counts.generated,
                "new_states": counts.new_states,
                "errors": counts.errors,
                "first_error": counts.first_error.as_ref().map(|error| error_json(error, sources)),
            })
        })
        .collect();
    let constraints_json: Vec<Json> = model
        .constraints
        .iter()
        .map(|named| (named, "state"))
        .chain(model.action_constraints.iter().map(|named| (named, "action")))
        .enumerate()
        .map(|(index, (named, kind))| {
            let counts = coverage.constraints.get(index).cloned().unwrap_or_default();
            json!({
                "name": named.name,
                "kind": kind,
                "location": definition_header_text(model, named.def, sources),
                "held": counts.held,
                "failed": counts.failed,
            })
        })
        .collect();
    let variables_json: Vec<Json> = model
        .variable_order
        .iter()
        .filter_map(|&variable| {
            let declared = hir.variables.get(variable)?;
            let values = coverage.variables.get(variable)?;
            let location = Location { module: declared.module, span: declared.span };
            Some(json!({
                "name": declared.name,
                "location": sources.location_text(&location),
                "distinct_values": values.distinct(),
            }))
        })
        .collect();
    json!({
        "format": "sysmobench-coverage",
        "version": 1,
        "mode": mode,
        "verdict": verdict_json(verdict, actions, hir, sources),
        "init": {
            "label": init_name,
            "generated": coverage.init.generated,
            "rejected": coverage.init.rejected,
            "distinct": coverage.init.distinct,
        },
        "actions": actions_json,
        "constraints": constraints_json,
        "variables": variables_json,
    })
}
