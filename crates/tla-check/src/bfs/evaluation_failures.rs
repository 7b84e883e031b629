//! The verdicts of the search when a check fails to evaluate: on an initial state (reported as
//! an error while computing the initial states) and on a successor (the successor counted and
//! ending the trace). Kept apart from `bfs.rs` for size; see "Evaluation errors" in
//! `docs/dev/checker.md` for what TLC prints in each case.

use std::sync::Arc;

use tla_eval::Failure;
use tla_values::Value;

use super::{CheckedFormula, ErrorPhase, Search, TraceStep, Verdict};
use crate::checks::invariant_name;
use crate::expansion::{FailedSuccessor, Resolution};

impl Search<'_> {
    /// The verdict when a check of initial state `state` failed to evaluate: TLC reports it as
    /// an error while computing the initial states, with the positions of its walk of the
    /// initial predicate before those of the check, and no trace.
    pub(super) fn initial_check_failed(
        &mut self,
        mut failure: Box<Failure>,
        state: Arc<[Value]>,
        queued: u64,
    ) -> Verdict {
        for location in crate::checks::initial_predicate_positions(self.model).into_iter().rev() {
            if failure.positions.last() != Some(&location) {
                failure.positions.push(location);
            }
        }
        self.queue_left = queued;
        self.statistics.depth = 1;
        Verdict::EvaluationError {
            phase: ErrorPhase::InitialStateChecks,
            failure,
            trace: vec![TraceStep { state, action: None }],
            action: None,
            checked: None,
        }
    }

    /// The verdict when a check of a successor of `source` failed to evaluate: TLC counts the
    /// successor as generated (and as distinct when the constraints kept it, since TLC adds it
    /// to its seen states before checking its invariants and implied actions) and ends the
    /// trace with it.
    pub(super) fn check_failed(
        &mut self,
        source: u32,
        phase: ErrorPhase,
        mut failure: Box<Failure>,
        action: Option<u32>,
        failed: FailedSuccessor,
        new_before: u64,
    ) -> Verdict {
        let model = self.model;
        let action_index = action.unwrap_or(0);
        self.statistics.generated += 1;
        if let Some(counts) = self.action_counts.get_mut(action_index as usize) {
            counts.generated += 1;
        }
        let state: Arc<[Value]> = failed.values.into();
        // New when seen neither before the batch nor by the merge of an earlier source of it.
        let new_fingerprint = failed.fingerprint.filter(|fingerprint| {
            !self.tables.read_seen().contains_key(fingerprint)
                && matches!(
                    self.tables.claims.resolve(*fingerprint, self.states.len() as u32),
                    Resolution::New { .. }
                )
        });
        // TLC samples the outdegree of a source whose new successor's invariant failed to
        // evaluate, that successor counted.
        if phase == ErrorPhase::Invariant {
            self.outdegrees.push(new_before + u64::from(new_fingerprint.is_some()));
        }
        let trace = match new_fingerprint {
            Some(fingerprint) => {
                let index = self.states.len() as u32;
                self.batch_new_states.push((fingerprint, index));
                self.states.push(state);
                self.parents.push((source, action_index));
                let depth = self.depths[source as usize] + 1;
                self.depths.push(depth);
                self.builders.push(0);
                self.statistics.depth = self.statistics.depth.max(u64::from(depth));
                self.statistics.distinct += 1;
                if let Some(counts) = self.action_counts.get_mut(action_index as usize) {
                    counts.distinct += 1;
                }
                self.trace_to(index)
            }
            _ => {
                let mut trace = self.trace_to(source);
                trace.push(TraceStep { state, action: action.map(|a| a as usize) });
                trace
            }
        };
        let checked = failed.check.map(|index| {
            let name = match phase {
                ErrorPhase::ImpliedAction => model.implied_actions[index].name.clone(),
                _ => invariant_name(model, index),
            };
            CheckedFormula { name, location: None }
        });
        // An invariant of a kept state is not evaluated again by TLC's replay of the error (the
        // state is seen by then), so TLC lists no positions; on a state the constraints
        // exclude it is, and the positions are listed.
        if phase == ErrorPhase::Invariant && failed.fingerprint.is_some() {
            failure.positions.clear();
        }
        Verdict::EvaluationError {
            phase,
            failure,
            trace,
            action: action.map(|a| a as usize),
            checked,
        }
    }
}
