//! TLC's words for a run: the messages TLC prints, with their `-tool` codes, built from a
//! [`CheckReport`] as data. The caller prints them, plain or framed for `-tool` mode.
//!
//! Users and the benchmark's scripts read TLC's output, so the texts, the order of the
//! messages, the trace format (`State N: <Action line L, col C to line L2, col C2 of module M>`,
//! `/\ x = v`) and the exit codes follow TLC 2.20 (the tla2tools 1.8.0 line) as recorded in the
//! golden files under `crates/sysmobench/tests/data/tlc`.

use tla_eval::{Action, Failure};
use tla_sema::hir::Hir;
use tla_values::{ec, EvalErrorKind, Value};

use crate::bfs::{CheckReport, ErrorPhase, LimitKind, TraceStep, Verdict};

/// TLC's message codes (`tlc2/output/EC.java`) used here.
pub mod code {
    pub const GENERAL: u16 = 1000;
    pub const INITIAL_STATE: u16 = 2102;
    pub const ASSUMPTION_EVALUATION_ERROR: u16 = 2105;
    pub const INVARIANT_EVALUATION_FAILED: u16 = 2111;
    pub const ACTION_PROPERTY_EVALUATION_FAILED: u16 = 2113;
    pub const NESTED_EXPRESSIONS: u16 = 2103;
    pub const INVARIANT_VIOLATED_INITIAL: u16 = 2107;
    pub const PROPERTY_VIOLATED_INITIAL: u16 = 2108;
    pub const INVARIANT_VIOLATED_BEHAVIOR: u16 = 2110;
    pub const DEADLOCK: u16 = 2114;
    pub const ACTION_PROPERTY_VIOLATED: u16 = 2112;
    pub const BEHAVIOR_UP_TO_THIS_POINT: u16 = 2121;
    pub const STATE_NOT_COMPLETELY_SPECIFIED: u16 = 2127;
    pub const ASSUMPTION_FALSE: u16 = 2131;
    pub const MODEL_CHECKING_STARTED: u16 = 2185;
    pub const FINISHED: u16 = 2186;
    pub const COMPUTING_INIT: u16 = 2189;
    pub const INIT_GENERATED: u16 = 2190;
    /// The same, when some initial states were generated more than once (or excluded).
    pub const INIT_GENERATED_WITH_DISTINCT: u16 = 2191;
    pub const SUCCESS: u16 = 2193;
    pub const SEARCH_DEPTH: u16 = 2194;
    pub const STATS: u16 = 2199;
    pub const PROGRESS: u16 = 2200;
    pub const STATE_PRINT: u16 = 2217;
    pub const OUTDEGREE: u16 = 2268;
    pub const LIMIT_REACHED: u16 = 2300;
}

/// Message classes of `-tool` mode (`MP.java`).
pub const CLASS_NONE: u8 = 0;
pub const CLASS_ERROR: u8 = 1;
pub const CLASS_STATE: u8 = 4;

/// One TLC message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Message {
    pub code: u16,
    pub class: u8,
    pub text: String,
}

impl Message {
    pub fn info(code: u16, text: impl Into<String>) -> Message {
        Message { code, class: CLASS_NONE, text: text.into() }
    }

    pub fn error(code: u16, text: impl Into<String>) -> Message {
        Message { code, class: CLASS_ERROR, text: text.into() }
    }

    /// The text as printed without `-tool` (a message nested in it, see
    /// [`nested_failure_message`], is printed as its plain text).
    pub fn plain_text(&self) -> String {
        render_nested(&self.text, false)
    }
}

/// Renders messages as TLC prints them without `-tool`.
pub fn render_plain(messages: &[Message]) -> String {
    let mut out = String::new();
    for message in messages {
        match message.class {
            CLASS_ERROR => out.push_str("Error: "),
            CLASS_STATE => out.push_str("State "),
            _ => {}
        }
        out.push_str(&render_nested(&message.text, false));
        out.push('\n');
    }
    out
}

/// Renders messages framed as in TLC's `-tool` mode.
pub fn render_tool(messages: &[Message]) -> String {
    let mut out = String::new();
    for message in messages {
        if message.code == 0 {
            // Lines TLC prints outside its message framework (the parser's progress).
            out.push_str(&message.text);
            out.push('\n');
            continue;
        }
        out.push_str(&format!("@!@!@STARTMSG {}:{} @!@!@\n", message.code, message.class));
        out.push_str(&render_nested(&message.text, true));
        out.push('\n');
        out.push_str(&format!("@!@!@ENDMSG {} @!@!@\n", message.code));
    }
    out
}

/// A location as TLC orders locations: module name, start line and column, end line and column.
pub type LocationOrder = (String, usize, usize, usize, usize);

pub use crate::source_index::SourceIndex;

/// Evaluates a model's `ALIAS` for a state and its successor: the fields to print instead of
/// the variables, or `None` when TLC would fall back to the plain state.
pub type AliasFunction = Box<dyn Fn(&[Value], &[Value]) -> Option<Vec<(String, Value)>>>;

/// How to print states: the variables' names and the order TLC lists them in, or an `ALIAS`.
pub struct StatePrinter {
    /// `(name, index into the state)` in printing order.
    pub variables: Vec<(String, usize)>,
    pub alias: Option<AliasFunction>,
}

impl StatePrinter {
    /// Prints in `order` (names), falling back to declaration order for names not listed.
    pub fn new(hir: &Hir, order: &[String]) -> StatePrinter {
        let mut variables: Vec<(String, usize)> = order
            .iter()
            .filter_map(|name| {
                hir.variables
                    .iter()
                    .position(|declared| &declared.name == name)
                    .map(|index| (name.clone(), index))
            })
            .collect();
        for (index, declared) in hir.variables.iter().enumerate() {
            if !variables.iter().any(|(_, listed)| *listed == index) {
                variables.push((declared.name.clone(), index));
            }
        }
        StatePrinter { variables, alias: None }
    }

    /// A trace state: through the `ALIAS` when there is one (`next` is the following state of
    /// the trace, or the state itself at its end).
    pub fn trace_state_text(&self, state: &[Value], next: &[Value]) -> String {
        if let Some(fields) = self.alias.as_ref().and_then(|alias| alias(state, next)) {
            return fields_text(&fields);
        }
        let state: Vec<Option<Value>> = state.iter().cloned().map(Some).collect();
        self.state_text(&state)
    }

    /// `/\ x = 1` lines (just `x = 1` for a single variable), with a trailing newline.
    pub fn state_text(&self, state: &[Option<Value>]) -> String {
        let mut out = String::new();
        let single = self.variables.len() == 1;
        for (name, index) in &self.variables {
            let value = match state.get(*index).and_then(Option::as_ref) {
                Some(value) => tla_values::ppr(value),
                None => "null".to_string(),
            };
            if !single {
                out.push_str("/\\ ");
            }
            out.push_str(name);
            out.push_str(" = ");
            out.push_str(&value);
            out.push('\n');
        }
        out
    }
}

fn fields_text(fields: &[(String, Value)]) -> String {
    let mut out = String::new();
    for (name, value) in fields {
        if fields.len() != 1 {
            out.push_str("/\\ ");
        }
        out.push_str(&format!("{name} = {}\n", tla_values::ppr(value)));
    }
    out
}

/// The label of an action in a trace: `Name(args) line .. of module M`.
pub fn action_label(action: &Action, sources: &SourceIndex) -> String {
    let mut label = action.name.clone();
    if !action.parameters.is_empty() {
        let values: Vec<String> =
            action.parameters.iter().map(|(_, value)| tla_values::ppr(value)).collect();
        label.push('(');
        label.push_str(&values.join(","));
        label.push(')');
    }
    // SANY has no node for parentheses: an action written `(A)` is located at `A`.
    format!("{label} {}", sources.location_text(&sources.without_parentheses(&action.location)))
}

/// TLC's exit code for a verdict.
pub fn exit_code(verdict: &Verdict) -> i32 {
    match verdict {
        Verdict::Success | Verdict::Stopped => 0,
        Verdict::InvariantViolated { .. } => 12,
        Verdict::ActionPropertyViolated { .. } | Verdict::InitialPropertyViolated { .. } => 13,
        Verdict::Deadlock { .. } => 11,
        Verdict::PostconditionFalse { .. } => 10,
        Verdict::LimitReached(_) => 152,
        Verdict::EvaluationError { phase, failure, checked, .. } => {
            error_exit_code(*phase, failure, checked.is_some())
        }
    }
}

/// TLC's exit code after an evaluation error. After an error in the search TLC evaluates the
/// failing step again to list the positions; the exit code then comes from what that replay
/// throws: an `EvalException`'s own code (exit 255 for the value errors, 14 for `Assert`),
/// otherwise 75. A failed invariant of a kept state is not evaluated again (the replay finds
/// the state seen), so the exit code is that of "Evaluating invariant X failed." (76). Errors
/// while computing the initial states exit 75, a failed postcondition 10.
fn error_exit_code(phase: ErrorPhase, failure: &Failure, named: bool) -> i32 {
    let replayed = || {
        let error = failure.replayed.as_ref().unwrap_or(&failure.error);
        if error.kind == EvalErrorKind::AssertionFailed {
            14
        } else if error.eval_exception && error.tlc_code != ec::GENERAL {
            255
        } else {
            75
        }
    };
    match phase {
        ErrorPhase::InitialStateChecks => 75,
        ErrorPhase::Postcondition => 10,
        ErrorPhase::Invariant if named && failure.positions.is_empty() => 76,
        // The simulator's invariant and implied-action errors (not named) keep their codes.
        ErrorPhase::Invariant if !named => 76,
        ErrorPhase::ImpliedAction if !named => 77,
        ErrorPhase::InitialStates => match failure.error.kind {
            EvalErrorKind::Overflow => 255,
            EvalErrorKind::AssertionFailed => 14,
            _ => 75,
        },
        ErrorPhase::NextState
        | ErrorPhase::Constraint
        | ErrorPhase::ImpliedAction
        | ErrorPhase::Invariant => replayed(),
    }
}

/// Marks a part of a message that TLC's `-tool` mode frames as a message of its own (with
/// class 0) inside the enclosing one: the text of an `EvalException` that TLC prints inside
/// another message. [`render_plain`] keeps the text, [`render_tool`] frames it.
const NESTED_START: char = '\u{1}';
const NESTED_CODE_END: char = '\u{2}';
const NESTED_END: char = '\u{3}';

/// The message of `failure` as TLC prints it inside another message (`e.getMessage()`): an
/// `EvalException` with a message code is framed on its own in `-tool` mode.
pub fn nested_failure_message(failure: &Failure) -> String {
    let error = &failure.error;
    if error.eval_exception && error.tlc_code != ec::GENERAL {
        format!("{NESTED_START}{}{NESTED_CODE_END}{}{NESTED_END}", error.tlc_code, error.message)
    } else {
        error.message.clone()
    }
}

fn render_nested(text: &str, tool_mode: bool) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(start) = rest.find(NESTED_START) {
        out.push_str(&rest[..start]);
        let inner = &rest[start + NESTED_START.len_utf8()..];
        let (Some(code_end), Some(end)) = (inner.find(NESTED_CODE_END), inner.find(NESTED_END))
        else {
            rest = inner;
            continue;
        };
        let code = &inner[..code_end];
        let message = &inner[code_end + NESTED_CODE_END.len_utf8()..end];
        if tool_mode {
            out.push_str(&format!(
                "@!@!@STARTMSG {code}:0 @!@!@\n{message}\n@!@!@ENDMSG {code} @!@!@"
            ));
        } else {
            out.push_str(message);
        }
        rest = &inner[end + NESTED_END.len_utf8()..];
    }
    out.push_str(rest);
    out
}

/// The text TLC prints for an evaluation error (without the "Error: " prefix).
pub fn failure_text(failure: &Failure) -> String {
    let error = &failure.error;
    if error.tlc_code == ec::GENERAL
        && !error.eval_exception
        && error.kind != EvalErrorKind::Overflow
    {
        unexpected_exception(&error.message)
    } else {
        error.message.clone()
    }
}

/// `failure` with the location of its innermost expression added to the message on a line of its
/// own, as TLC's `Assert.fail(message, expr)` does.
fn with_location_line(failure: &Failure, sources: &SourceIndex) -> Failure {
    let mut located = failure.clone();
    if let Some(location) = failure.positions.first() {
        located.error.message.push('\n');
        located.error.message.push_str(&sources.location_text(location));
    }
    located
}

/// TLC's frame around an exception it did not expect, a `RuntimeException` with `message`.
pub(crate) fn unexpected_exception(message: &str) -> String {
    format!("{}\n: {message}", unexpected_exception_of("java.lang.RuntimeException"))
}

/// TLC's frame around an unexpected exception of Java class `exception`, without a message.
pub(crate) fn unexpected_exception_of(exception: &str) -> String {
    format!(
        "TLC threw an unexpected exception.\nThis was probably caused by an error in the spec or model.\nSee the User Output or TLC Console for clues to what happened.\nThe exception was a {exception}"
    )
}

/// The message TLC prints when the initial states are computed.
pub fn initial_states_message(generated: u64, distinct: u64, now: &str) -> Message {
    if generated != distinct {
        let noun = if generated == 1 { "state" } else { "states" };
        return Message::info(
            code::INIT_GENERATED_WITH_DISTINCT,
            format!(
                "Finished computing initial states: {generated} {noun} generated, with {distinct} of them distinct at {now}."
            ),
        );
    }
    let noun = if distinct == 1 { "state" } else { "states" };
    Message::info(
        code::INIT_GENERATED,
        format!(
            "Finished computing initial states: {distinct} distinct {noun} generated at {now}."
        ),
    )
}

/// Evaluates the step from one state of a trace to the next again, as TLC does when it prints
/// the trace (it finds each state by computing its predecessor's successors), and returns the
/// warnings and `Print` lines that evaluation gives (see "Warnings while evaluating" in
/// `docs/dev/checker.md`). An empty second state: none is sought, every action runs up to the
/// first that fails.
pub type StepReplay<'a> = &'a dyn Fn(&[Value], &[Value]) -> Vec<Message>;

/// A [`StepReplay`] for traces printed from stored states only (TLC's simulator).
pub fn no_step_replay(_: &[Value], _: &[Value]) -> Vec<Message> {
    Vec::new()
}

/// The messages that end a breadth-first run: the verdict, the coverage block if any, the
/// statistics.
pub fn run_messages(
    report: &CheckReport,
    sources: &SourceIndex,
    printer: &StatePrinter,
    replay: StepReplay,
    tool_mode: bool,
    now: &str,
    coverage: Vec<Message>,
) -> Vec<Message> {
    let mut messages = Vec::new();
    let statistics = &report.statistics;
    for violation in &report.violations {
        let (lines, _) = verdict_messages(
            violation,
            &report.actions,
            sources,
            printer,
            replay,
            "<Initial predicate>",
        );
        messages.extend(lines);
    }
    if matches!(report.verdict, Verdict::Success) {
        messages.push(Message::info(
                code::SUCCESS,
                format!(
                    "Model checking completed. No error has been found.\n  Estimates of the probability that TLC did not check all reachable states\n  because two distinct states had the same fingerprint:\n  calculated (optimistic):  val = {}",
                    crate::java_numbers::collision_probability(statistics.distinct, statistics.generated)
                ),
            ));
    }
    let (verdict_lines, print_statistics) = verdict_messages(
        &report.verdict,
        &report.actions,
        sources,
        printer,
        replay,
        "<Initial predicate>",
    );
    messages.extend(verdict_lines);
    if print_statistics {
        // `-coverage`: TLC prints its statistics between the verdict and the state counts.
        messages.extend(coverage);
        // TLC prints the outdegree after a search that ended without error, and after an
        // invariant of a kept state failed to evaluate (its replay of the error then succeeds),
        // when some state was completely expanded.
        let with_outdegree = match &report.verdict {
            Verdict::Success => statistics.distinct > 0,
            Verdict::EvaluationError {
                phase: ErrorPhase::Invariant,
                checked: Some(_),
                failure,
                ..
            } => failure.positions.is_empty() && report.outdegree.observations > 0,
            _ => false,
        };
        messages.extend(statistics_messages(report, tool_mode, now, with_outdegree));
    }
    messages
}

/// Which of TLC's evaluations of a trace's steps, made while it prints the trace, are repeated
/// for their output (see `verdict_messages`).
#[derive(Clone, Copy)]
enum TraceReplay {
    /// None: the trace as stored.
    Stored,
    /// A violation's or a deadlock's: the last `late` steps just before their states, the
    /// earlier ones before the header, then all of them after the trace.
    Counterexample { late: usize },
    /// An evaluation error's on a successor: as a violation's with two late steps, then the
    /// last step once more (TLC's replay of the error) instead of all of them.
    ErrorReplay,
    /// An error in the next-state relation on the trace's last state: as a deadlock's, then
    /// the actions on the last state once more, up to the failing one (TLC's replay of the
    /// error).
    NextStateError,
}

impl TraceReplay {
    /// How many of the last steps are found again just before their states (`None`: none is).
    fn late_steps(self) -> Option<usize> {
        match self {
            TraceReplay::Stored => None,
            TraceReplay::Counterexample { late } => Some(late),
            TraceReplay::ErrorReplay => Some(2),
            TraceReplay::NextStateError => Some(1),
        }
    }
}

/// The messages that report a verdict: the error, its trace; and whether TLC follows them
/// with the statistics. `initial_label` is how the first state of a trace is labelled
/// (`<Initial predicate>` when model checking, `<Init line ...>` when simulating).
pub fn verdict_messages(
    verdict: &Verdict,
    actions: &[Action],
    sources: &SourceIndex,
    printer: &StatePrinter,
    replay: StepReplay,
    initial_label: &str,
) -> (Vec<Message>, bool) {
    let mut messages = Vec::new();
    // TLC finds the trace's states again before and while it prints them (`TLCTrace.printTrace`):
    // the steps to the state whose successor was checked before the header, the last
    // `late` steps each just before the state it leads to; then, for a violation, all of them
    // once more after the trace (for the counterexample it keeps), for an evaluation error the
    // last one once more (its replay of the error evaluates the source's actions again).
    let replayed_trace = |trace: &[TraceStep],
                          messages: &mut Vec<Message>,
                          replayed: TraceReplay| {
        let replayed_late = replayed.late_steps();
        let steps = trace.len().saturating_sub(1);
        let early = steps.saturating_sub(replayed_late.unwrap_or(steps));
        let late = |index: usize| replayed_late.is_some() && index > early;
        if replayed_late.is_some() {
            for pair in trace.windows(2).take(early) {
                messages.extend(replay(&pair[0].state, &pair[1].state));
            }
        }
        messages.push(Message::error(
            code::BEHAVIOR_UP_TO_THIS_POINT,
            "The behavior up to this point is:",
        ));
        for (index, step) in trace.iter().enumerate() {
            if late(index) {
                messages.extend(replay(&trace[index - 1].state, &step.state));
            }
            let header = match step.action.and_then(|action| actions.get(action)) {
                Some(action) => format!("<{}>", action_label(action, sources)),
                None => initial_label.to_string(),
            };
            let next = trace.get(index + 1).unwrap_or(step);
            messages.push(Message {
                code: code::STATE_PRINT,
                class: CLASS_STATE,
                text: format!(
                    "{}: {header}\n{}",
                    index + 1,
                    printer.trace_state_text(&step.state, &next.state)
                ),
            });
        }
        if matches!(replayed, TraceReplay::Counterexample { .. } | TraceReplay::NextStateError) {
            for pair in trace.windows(2) {
                messages.extend(replay(&pair[0].state, &pair[1].state));
            }
        }
        match (replayed, trace) {
            // No state is sought: the actions run up to the one that fails.
            (TraceReplay::NextStateError, [.., last]) => messages.extend(replay(&last.state, &[])),
            (TraceReplay::ErrorReplay, [.., from, to]) => {
                messages.extend(replay(&from.state, &to.state))
            }
            _ => {}
        }
    };
    // The other evaluation errors: their traces are printed as stored (TLC's replays there are
    // not reproduced).
    let trace_messages = |trace: &[TraceStep], messages: &mut Vec<Message>| {
        replayed_trace(trace, messages, TraceReplay::Stored)
    };
    let mut print_statistics = true;
    match verdict {
        Verdict::Success => {}
        Verdict::InvariantViolated { name, initial: true, trace } => {
            let state =
                trace.first().map(|step| step.state.clone()).unwrap_or_else(|| Vec::new().into());
            messages.push(Message::error(
                code::INVARIANT_VIOLATED_INITIAL,
                format!(
                    "Invariant {name} is violated by the initial state:\n{}",
                    printer.trace_state_text(&state, &state)
                ),
            ));
            print_statistics = false;
        }
        Verdict::InvariantViolated { name, trace, .. } => {
            messages.push(Message::error(
                code::INVARIANT_VIOLATED_BEHAVIOR,
                format!("Invariant {name} is violated."),
            ));
            replayed_trace(trace, &mut messages, TraceReplay::Counterexample { late: 2 });
        }
        Verdict::InitialPropertyViolated { name, trace } => {
            let state =
                trace.first().map(|step| step.state.clone()).unwrap_or_else(|| Vec::new().into());
            messages.push(Message::error(
                code::PROPERTY_VIOLATED_INITIAL,
                format!(
                    "Property {name} is violated by the initial state:\n{}",
                    printer.trace_state_text(&state, &state)
                ),
            ));
            print_statistics = false;
        }
        Verdict::ActionPropertyViolated { name, trace } => {
            messages.push(Message::error(
                code::ACTION_PROPERTY_VIOLATED,
                format!("Action property {name} is violated."),
            ));
            replayed_trace(trace, &mut messages, TraceReplay::Counterexample { late: 2 });
        }
        Verdict::Deadlock { trace } => {
            messages.push(Message::error(code::DEADLOCK, "Deadlock reached."));
            replayed_trace(trace, &mut messages, TraceReplay::Counterexample { late: 1 });
        }
        Verdict::PostconditionFalse { name, location } => {
            let place = location
                .as_ref()
                .map_or_else(|| name.clone(), |location| sources.location_text(location));
            messages.push(Message::error(
                code::ASSUMPTION_FALSE,
                format!("Assumption {place} is false."),
            ));
        }
        Verdict::Stopped => {}
        Verdict::LimitReached(limit) => {
            let what = match limit {
                LimitKind::States => "the limit on distinct states",
                LimitKind::Time => "the time limit",
                LimitKind::Memory => "the memory limit",
            };
            messages.push(Message::error(
                code::LIMIT_REACHED,
                format!("The run was stopped because it reached {what}; the state space was not fully explored."),
            ));
        }
        Verdict::EvaluationError { failure, trace, action, phase, checked } => {
            let located;
            let failure: &Failure = if failure.error.located {
                located = with_location_line(failure, sources);
                &located
            } else {
                failure
            };
            let positions_message = |failure: &Failure| {
                let mut text = String::from("The error occurred when TLC was evaluating the nested\nexpressions at the following positions:");
                for (index, location) in failure.positions_outermost_first().enumerate() {
                    text.push_str(&format!("\n{index}. {}", sources.position_text(location)));
                }
                text.push_str("\n\n");
                Message::error(code::NESTED_EXPRESSIONS, text)
            };
            if let Some((state, wrapped)) = &failure.unfingerprintable_state {
                if *phase == ErrorPhase::InitialStates {
                    messages.push(unfingerprintable_initial_state(failure, state, printer));
                    if !wrapped && !failure.positions.is_empty() {
                        messages.push(positions_message(failure));
                    }
                } else {
                    messages.push(Message::error(code::GENERAL, failure_text(failure)));
                    trace_messages(trace, &mut messages);
                    if !wrapped {
                        messages.push(Message::error(
                            code::NESTED_EXPRESSIONS,
                            "The error occurred when TLC was evaluating the nested\nexpressions at the following positions:\n    The error call stack is empty.\n",
                        ));
                    }
                }
            } else if let Some(partial) = &failure.incomplete_state {
                let name = failure.unassigned_variable.clone().unwrap_or_default();
                messages.push(Message::error(
                    code::STATE_NOT_COMPLETELY_SPECIFIED,
                    format!("Successor state is not completely specified by the next-state action. The following variable is not defined: {name}.\n"),
                ));
                trace_messages(trace, &mut messages);
                let header = match action.and_then(|action| actions.get(action)) {
                    Some(action) => format!("<{}>", action_label(action, sources)),
                    None => initial_label.to_string(),
                };
                messages.push(Message {
                    code: code::STATE_PRINT,
                    class: CLASS_STATE,
                    text: format!("{}: {header}\n{}", trace.len() + 1, printer.state_text(partial)),
                });
            } else if *phase == ErrorPhase::InitialStateChecks {
                // TLC prints an `EvalException` alone, any other error with the state.
                let state = trace.first().map(|step| step.state.to_vec()).unwrap_or_default();
                if failure.error.eval_exception {
                    messages.push(Message::error(code::GENERAL, nested_failure_message(failure)));
                } else {
                    messages.push(unfingerprintable_initial_state(failure, &state, printer));
                }
                if !failure.positions.is_empty() {
                    messages.push(positions_message(failure));
                }
            } else if let Some(checked) = checked {
                let (message_code, text) = match phase {
                    ErrorPhase::ImpliedAction => (
                        code::ACTION_PROPERTY_EVALUATION_FAILED,
                        format!("Evaluating action property {} failed.", checked.name),
                    ),
                    ErrorPhase::Postcondition => {
                        let place = checked.location.as_ref().map_or_else(
                            || checked.name.clone(),
                            |location| sources.location_text(location),
                        );
                        (
                            code::ASSUMPTION_EVALUATION_ERROR,
                            format!("Evaluating assumption {place} failed."),
                        )
                    }
                    _ => (
                        code::INVARIANT_EVALUATION_FAILED,
                        format!("Evaluating invariant {} failed.", checked.name),
                    ),
                };
                messages.push(Message::error(
                    message_code,
                    format!("{text}\n{}", nested_failure_message(failure)),
                ));
                if !trace.is_empty() {
                    replayed_trace(trace, &mut messages, TraceReplay::ErrorReplay);
                }
                if !failure.positions.is_empty() {
                    messages.push(positions_message(failure));
                }
            } else {
                // While computing the initial states TLC prints an `EvalException`'s message
                // inside its general message (framed on its own in `-tool` mode).
                let mut text = if *phase == ErrorPhase::InitialStates
                    && failure.error.eval_exception
                    && failure.error.tlc_code != ec::GENERAL
                {
                    nested_failure_message(failure)
                } else if *phase != ErrorPhase::InitialStates
                    && failure.error.tlc_code == ec::TLC_MODULE_VALUE_JAVA_METHOD_OVERRIDE
                {
                    // Outside the initial states, TLC frames the error of a Java method too.
                    unexpected_exception(&failure.error.message)
                } else {
                    failure_text(failure)
                };
                if failure.error.kind == EvalErrorKind::NotEnumerable
                    && failure.error.message.starts_with("In computing")
                {
                    if let Some(location) = failure.positions.first() {
                        text.push('\n');
                        text.push_str(&sources.location_text(location));
                    }
                }
                // TLC prints an `EvalException` under its own message code.
                let message_code = if failure.error.eval_exception
                    && failure.error.tlc_code != ec::GENERAL
                    && *phase != ErrorPhase::InitialStates
                {
                    failure.error.tlc_code
                } else {
                    code::GENERAL
                };
                messages.push(Message::error(message_code, text));
                if !trace.is_empty() {
                    // A constraint that failed on a successor ends the trace with it, as a
                    // failed invariant does.
                    let replayed = match phase {
                        ErrorPhase::Constraint => TraceReplay::ErrorReplay,
                        ErrorPhase::NextState => TraceReplay::NextStateError,
                        _ => TraceReplay::Stored,
                    };
                    replayed_trace(trace, &mut messages, replayed);
                }
                if !failure.positions.is_empty() {
                    messages.push(positions_message(failure));
                }
            }
        }
    }
    (messages, print_statistics)
}

/// An initial state holding a value TLC cannot normalise or fingerprint (`x = Nat`): TLC's
/// "While working on the initial state" with the state. (A successor's is reported with the
/// exception, the trace and the empty call stack, in `verdict_messages`.) TLC then prints the
/// positions its replay of the initial predicate had on its call stack, or, for a value inside a
/// tuple, record, set or symbolic set, "TLC was unable to fingerprint" with the locations of the
/// expressions that built it; values here carry no source location, so those parts are left out
/// (see `docs/dev/checker.md`).
fn unfingerprintable_initial_state(
    failure: &Failure,
    state: &[Value],
    printer: &StatePrinter,
) -> Message {
    let state: Vec<Option<Value>> = state.iter().cloned().map(Some).collect();
    Message::error(
        code::INITIAL_STATE,
        format!(
            "{}\nWhile working on the initial state:\n{}",
            failure.error.message,
            printer.state_text(&state)
        ),
    )
}

/// A count as TLC's progress lines print it (`DecimalFormat("###,###")`): `1,234,567`.
pub fn group_thousands(count: u64) -> String {
    let digits = count.to_string();
    let mut grouped = String::with_capacity(digits.len() + digits.len() / 3);
    for (index, digit) in digits.chars().enumerate() {
        if index > 0 && (digits.len() - index).is_multiple_of(3) {
            grouped.push(',');
        }
        grouped.push(digit);
    }
    grouped
}

/// The statistics that end a run: counts, depth, and (after a successful run) the outdegree.
pub fn statistics_messages(
    report: &CheckReport,
    tool_mode: bool,
    now: &str,
    with_outdegree: bool,
) -> Vec<Message> {
    let statistics = &report.statistics;
    let mut messages = Vec::new();
    if tool_mode {
        messages.push(Message::info(
            code::PROGRESS,
            format!(
                "Progress({}) at {now}: {} states generated (0 s/min), {} distinct states found (0 ds/min), {} states left on queue.",
                // TLC's level for reporting starts at 1 (the depth line says 0 when no state
                // was generated).
                statistics.depth.max(1),
                group_thousands(statistics.generated),
                group_thousands(statistics.distinct),
                group_thousands(statistics.queue)
            ),
        ));
    }
    messages.push(Message::info(
        code::STATS,
        format!(
            "{} states generated, {} distinct states found, {} states left on queue.",
            statistics.generated, statistics.distinct, statistics.queue
        ),
    ));
    messages.push(Message::info(
        code::SEARCH_DEPTH,
        format!("The depth of the complete state graph search is {}.", statistics.depth),
    ));
    if with_outdegree {
        let outdegree = &report.outdegree;
        messages.push(Message::info(
            code::OUTDEGREE,
            format!(
                "The average outdegree of the complete state graph is {} (minimum is {}, the maximum {} and the 95th percentile is {}).",
                outdegree.average, outdegree.minimum, outdegree.maximum, outdegree.percentile_95
            ),
        ));
    }
    messages
}

#[cfg(test)]
mod tests {
    use super::group_thousands;

    #[test]
    fn counts_are_grouped_as_tlc_prints_them() {
        for (count, text) in [
            (0, "0"),
            (999, "999"),
            (1000, "1,000"),
            (446_059, "446,059"),
            (1_234_567, "1,234,567"),
        ] {
            assert_eq!(group_thousands(count), text);
        }
    }
}
