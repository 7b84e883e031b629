//! Liveness checking: temporal properties under the specification's fairness, checked on the
//! explored state graph as TLC checks them (placeholder: not implemented yet).

use tla_eval::Action;

use crate::bfs::{StateGraph, TraceStep};
use crate::model::Model;
use crate::report::{Message, SourceIndex, StatePrinter};

/// The outcome of checking the temporal properties.
pub enum LivenessVerdict {
    /// Every property holds.
    Satisfied,
    /// A behaviour violates a property: a prefix and a cycle back into it. `back_to` is the
    /// 0-based index in `trace` where the cycle returns; `None` means the last state stutters.
    Violated { trace: Vec<TraceStep>, back_to: Option<usize> },
    /// The properties could not be checked (an evaluation error, or a form not supported);
    /// the message says why.
    Failed { message: String },
}

/// Checks `model`'s liveness properties on `graph`.
pub fn check_liveness(model: &Model, graph: &StateGraph, actions: &[Action]) -> LivenessVerdict {
    let _ = (model, graph, actions);
    LivenessVerdict::Failed { message: "the liveness checker is not implemented yet".to_string() }
}

/// TLC's messages for a liveness verdict (from "Temporal properties were violated." on).
pub fn liveness_messages(
    verdict: &LivenessVerdict,
    actions: &[Action],
    sources: &SourceIndex,
    printer: &StatePrinter,
) -> Vec<Message> {
    let _ = (verdict, actions, sources, printer);
    Vec::new()
}

/// What TLC prints about the properties before it computes the initial states
/// ("Implied-temporal checking--satisfiability problem has N branches.").
pub fn preamble_messages(model: &Model) -> Vec<Message> {
    let _ = model;
    Vec::new()
}
