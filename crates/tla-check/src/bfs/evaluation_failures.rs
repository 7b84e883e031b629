//! The verdicts of the search when a check fails to evaluate: on an initial state (reported as
//! an error while computing the initial states) and on a successor (the successor counted and
//! ending the trace). Kept apart from `bfs.rs` for size; see "Evaluation errors" in
//! `docs/dev/checker.md` for what TLC prints in each case.

use std::sync::Arc;

use tla_eval::Failure;
use tla_values::Value;

use super::{CheckedFormula, ErrorPhase, Search, TraceStep, Verdict};
use crate::checks::{
    check_invariants_naming_failure, first_failing_constraint, implied_violation_naming_failure,
    invariant_name, normalize_and_fingerprint,
};
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
                let depth = self.depths[source as usize] + 1;
                let parent = (source, action_index);
                let index = self.push_state(state, fingerprint, parent, depth, 0);
                self.batch_new_states.push((fingerprint, index));
                self.statistics.depth = self.statistics.depth.max(u64::from(depth));
                self.statistics.distinct += 1;
                if let Some(counts) = self.action_counts.get_mut(action_index as usize) {
                    counts.distinct += 1;
                }
                self.trace_through_new(index)
            }
            _ => {
                self.trace_through(source, TraceStep { state, action: action.map(|a| a as usize) })
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
        // exclude it is, and the positions are listed. The replay goes on to the later
        // successors of the source, though, and what it meets there counts.
        if let (ErrorPhase::Invariant, Some(fingerprint)) = (phase, failed.fingerprint) {
            self.replay_failed_invariant(source, fingerprint, &mut failure);
        }
        Verdict::EvaluationError {
            phase,
            failure,
            trace,
            action: action.map(|a| a as usize),
            checked,
        }
    }

    /// TLC's replay of a failed invariant check of the kept successor `failed_fingerprint` of
    /// `source` (`ModelChecker.doNext` with a call-stack tool, after the error), applied to
    /// `failure`: the replay finds that successor seen and does not evaluate its invariant
    /// again, so TLC lists no positions; but it goes on, computing the source's successors again,
    /// action by action, and treats each later one as the search would: a new one is added to
    /// the seen states (counted as distinct, not as generated) and its invariants are checked,
    /// then every one's implied actions; new ones whose checks hold are queued. The first check
    /// that fails to evaluate ends the replay: its positions are listed and its kind gives
    /// TLC's exit code. A violation ends it quietly.
    pub(super) fn replay_failed_invariant(
        &mut self,
        source: u32,
        failed_fingerprint: u64,
        failure: &mut Failure,
    ) {
        failure.positions.clear();
        // What TLC's replay prints (`Print`, warnings) comes after the trace in TLC's output;
        // the report evaluates the last step again there, so this replay is quiet.
        let muted_before = self.worker.output_muted.replace(true);
        let replayed = self.replay_after_quietly(source, failed_fingerprint);
        self.worker.output_muted.set(muted_before);
        if let Some(replayed) = replayed {
            failure.positions = replayed.positions;
            failure.replayed = Some(replayed.error);
        }
    }

    fn replay_after_quietly(
        &mut self,
        source: u32,
        failed_fingerprint: u64,
    ) -> Option<Box<Failure>> {
        let model = self.model;
        let actions = self.actions.clone();
        let state = self.states.get(source as usize)?.clone()?;
        let depth = u64::from(self.depths[source as usize]);
        self.worker.reseed(self.options.seed, u64::from(source));
        let mut passed_failed = false;
        let mut added = std::collections::HashSet::new();
        for action in actions.iter() {
            self.worker.level.set(depth);
            let (generated, result) = action.successors(&model.evaluator, &state, &self.worker);
            self.worker.level.set(depth + 1);
            if let (true, Err(failure)) = (passed_failed, result) {
                return Some(failure);
            }
            for mut values in generated {
                let worker = &self.worker;
                let in_model = match first_failing_constraint(model, Some(&state), &values, worker)
                {
                    Ok(failed) => failed.is_none(),
                    Err((_, failure)) => return Some(failure),
                };
                let fingerprint = match in_model {
                    true => match normalize_and_fingerprint(model, &mut values, worker) {
                        Ok(fingerprint) => Some(fingerprint),
                        Err(failure) => return Some(failure),
                    },
                    false => None,
                };
                if !passed_failed {
                    // The successors before the failed one passed their checks; the failed one
                    // is seen, so only its implied actions are checked.
                    if fingerprint != Some(failed_fingerprint) {
                        continue;
                    }
                    passed_failed = true;
                }
                let unseen = fingerprint.is_none_or(|fingerprint| {
                    fingerprint != failed_fingerprint
                        && !self.tables.read_seen().contains_key(&fingerprint)
                        && !self.tables.claims.merged(fingerprint)
                        && added.insert(fingerprint)
                });
                if unseen {
                    if fingerprint.is_some() {
                        self.statistics.distinct += 1;
                    }
                    match check_invariants_naming_failure(model, None, &values, worker) {
                        Ok(None) => {}
                        Ok(Some(_)) => return None,
                        Err((_, failure)) => return Some(failure),
                    }
                }
                match implied_violation_naming_failure(model, &state, &values, worker) {
                    Ok(None) => {}
                    Ok(Some(_)) => return None,
                    Err((_, failure)) => return Some(failure),
                }
                if unseen && fingerprint.is_some() {
                    self.queue_left += 1;
                }
            }
        }
        None
    }
}
