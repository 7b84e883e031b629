//! The runtime phase: does the model execute, and how many of its actions run?
//!
//! **What it measures.** Whether the model runs under the model checker with the cfg it came
//! with, and which of its actions actually fire without an evaluation error.
//!
//! **How.** The model is simulated at random with a fixed seed (by default 1,000 traces of 50
//! steps: the original benchmark's 20 runs of 50 traces of depth 50), recording for every
//! action of `Next` (as the checker splits and names them) how often it was enabled and how
//! often its evaluation failed (the settings are recorded in the result). An action *counts* when at least one instance of it (`Step(1)`,
//! `Step(2)`, ... share the name `Step`) produced a successor and none failed. Score = counted
//! actions / actions. When the model cannot run at all (its cfg does not parse, the spec does
//! not load, the initial states cannot be computed), the score is 0 and the reason is kept. A
//! run stopped by the time limit keeps the actions it saw, never counts as a pass, and says so.
//!
//! **Example.** A model whose `Next` has actions `Acquire`, `Release` and `Spin`, where `Spin`
//! is never enabled and `Release` fails on `Head(<<>>)`: only `Acquire` counts, 1/3.

use serde::Serialize;
use std::collections::BTreeMap;

/// What simulation saw of one action instance (one split action of `Next`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ActionObservation {
    pub name: String,
    pub enabled: u64,
    pub generated: u64,
    pub errors: u64,
    /// The first error, with its location.
    pub first_error: Option<String>,
}

/// How the simulation was run (recorded with the result, so scores can be compared).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct SimulationSettings {
    pub traces: u64,
    pub depth: u64,
    pub seed: u64,
    pub time_limit_seconds: u64,
}

/// What a simulation run of the model produced.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RuntimeObservation {
    /// The model could not be run; the reason (TLC's words).
    CouldNotRun { reason: String },
    Simulated {
        actions: Vec<ActionObservation>,
        traces: u64,
        states_generated: u64,
        timed_out: bool,
        /// A violation found on the way (an invariant, a deadlock): reported, not scored here.
        violation: Option<String>,
    },
}

/// What the runtime phase found.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct RuntimeResult {
    pub score: f64,
    pub settings: Option<SimulationSettings>,
    pub ran: bool,
    pub reason: Option<String>,
    pub actions: Vec<RuntimeActionResult>,
    pub traces: u64,
    pub states_generated: u64,
    pub timed_out: bool,
    pub violation: Option<String>,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct RuntimeActionResult {
    pub name: String,
    pub counts: bool,
    pub enabled: u64,
    pub generated: u64,
    pub errors: u64,
    pub first_error: Option<String>,
}

/// Scores a simulation run made with `settings`.
pub fn evaluate_runtime(
    observation: &RuntimeObservation,
    settings: Option<SimulationSettings>,
) -> RuntimeResult {
    let mut result = score_observation(observation);
    result.settings = settings;
    result
}

fn score_observation(observation: &RuntimeObservation) -> RuntimeResult {
    match observation {
        RuntimeObservation::CouldNotRun { reason } => RuntimeResult {
            score: 0.0,
            settings: None,
            ran: false,
            reason: Some(reason.clone()),
            actions: Vec::new(),
            traces: 0,
            states_generated: 0,
            timed_out: false,
            violation: None,
        },
        RuntimeObservation::Simulated {
            actions,
            traces,
            states_generated,
            timed_out,
            violation,
        } => {
            let mut by_name: BTreeMap<&str, RuntimeActionResult> = BTreeMap::new();
            let mut order = Vec::new();
            for action in actions {
                let entry = by_name.entry(&action.name).or_insert_with(|| {
                    order.push(action.name.clone());
                    RuntimeActionResult {
                        name: action.name.clone(),
                        counts: false,
                        enabled: 0,
                        generated: 0,
                        errors: 0,
                        first_error: None,
                    }
                });
                entry.enabled += action.enabled;
                entry.generated += action.generated;
                entry.errors += action.errors;
                if entry.first_error.is_none() {
                    entry.first_error = action.first_error.clone();
                }
            }
            let mut results: Vec<RuntimeActionResult> = order
                .iter()
                .filter_map(|name| by_name.remove(name.as_str()))
                .map(|mut result| {
                    result.counts = result.enabled > 0 && result.errors == 0;
                    result
                })
                .collect();
            results.sort_by(|a, b| a.name.cmp(&b.name));
            let counted = results.iter().filter(|result| result.counts).count();
            let score =
                if results.is_empty() { 0.0 } else { counted as f64 / results.len() as f64 };
            let reason = if results.is_empty() {
                Some("the next-state relation has no actions".to_string())
            } else if *timed_out {
                Some(
                    "the simulation was stopped by its time limit; unseen actions do not count"
                        .to_string(),
                )
            } else {
                None
            };
            RuntimeResult {
                score,
                settings: None,
                ran: true,
                reason,
                actions: results,
                traces: *traces,
                states_generated: *states_generated,
                timed_out: *timed_out,
                violation: violation.clone(),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn observed(name: &str, enabled: u64, errors: u64) -> ActionObservation {
        ActionObservation {
            name: name.to_string(),
            enabled,
            generated: enabled,
            errors,
            first_error: (errors > 0).then(|| format!("{name} failed")),
        }
    }

    #[test]
    fn an_action_counts_when_some_instance_ran_and_none_failed() {
        let observation = RuntimeObservation::Simulated {
            actions: vec![
                observed("Step", 0, 0),
                observed("Step", 3, 0),
                observed("Spin", 0, 0),
                observed("Release", 2, 1),
            ],
            traces: 10,
            states_generated: 40,
            timed_out: false,
            violation: None,
        };
        let result = evaluate_runtime(&observation, None);
        assert_eq!(result.score, 1.0 / 3.0);
        let counted: Vec<(&str, bool)> =
            result.actions.iter().map(|action| (action.name.as_str(), action.counts)).collect();
        assert_eq!(counted, vec![("Release", false), ("Spin", false), ("Step", true)]);
    }

    #[test]
    fn a_model_that_cannot_run_scores_zero_with_its_reason() {
        let result =
            evaluate_runtime(&RuntimeObservation::CouldNotRun { reason: "no cfg".into() }, None);
        assert_eq!(
            (result.score, result.ran, result.reason.as_deref()),
            (0.0, false, Some("no cfg"))
        );
    }

    #[test]
    fn a_timeout_is_never_a_pass() {
        let observation = RuntimeObservation::Simulated {
            actions: vec![observed("A", 1, 0), observed("B", 0, 0)],
            traces: 3,
            states_generated: 4,
            timed_out: true,
            violation: None,
        };
        let result = evaluate_runtime(&observation, None);
        assert_eq!(result.score, 0.5);
        assert!(result.timed_out && result.reason.is_some());
    }
}
