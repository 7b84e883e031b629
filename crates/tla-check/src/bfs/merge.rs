//! The merge of one expansion into the search, in queue order: what a single TLC worker does
//! with each successor once it is generated (count it, number it if it is new, report the
//! invariant or implied-action violation or deadlock it shows). Split from `bfs.rs` because the
//! merge is the search's serial part: workers hand it expansions one source at a time.

use std::sync::Arc;

use tla_values::Value;

use super::{error, CheckedFormula, ErrorPhase, Search, TraceStep, Verdict};
use crate::checks::invariant_name;
use crate::coverage::{action_error, Coverage};
use crate::expansion::{Expansion, Resolution};
use crate::worker_pool::Batch;

impl Search<'_> {
    /// Merges the expansion of state `source`, the next one in queue order, with
    /// `remaining_from_source` states left on the level's queue counting it; returns the
    /// verdict when the run must stop.
    pub(super) fn merge(
        &mut self,
        source: u32,
        expansion: Expansion,
        batch: &Batch,
        next_frontier: &mut Vec<u32>,
        remaining_from_source: usize,
    ) -> Option<Verdict> {
        let model = self.model;
        let source = &source;
        {
            let queue_after_source = remaining_from_source.saturating_sub(1) as u64;
            let had_successors = !expansion.successors.is_empty();
            let built_by = expansion.built_by;
            if let Some(coverage) = self.coverage.as_mut() {
                record_expansion(coverage, &expansion, self.actions.len());
            }
            let mut new_here = 0;
            let mut kept_edges = Vec::new();
            // Per-expression coverage counts what TLC evaluates, in its order and up to where it
            // stops: the actions of this state are evaluated again here, counting, as the merge
            // reaches their successors (the expansion itself did not count).
            let counting = self.worker.expression_coverage.is_some();
            let mut checked = Vec::new();
            let all_actions = self.actions.len();
            for mut successor in expansion.successors {
                // A kept successor is new when the merge meets it for the first time: it was
                // not seen before the batch, nor numbered by the merge of an earlier source.
                let resolution = match (successor.in_model, successor.known_index) {
                    (false, _) => None,
                    (true, Some(index)) => Some(Resolution::Known(index)),
                    (true, None) => {
                        let index = self.states.len() as u32;
                        Some(self.tables.claims.resolve(successor.fingerprint, index))
                    }
                };
                if counting {
                    let new = matches!(resolution, Some(Resolution::New { .. }));
                    checked.push(new || !successor.in_model);
                }
                let stop_here = Some(checked.len().saturating_sub(1));
                // Moved, not cloned, into the seen states: the merge writes no reference count
                // of a state another thread built (nor allocates a stand-in for one dropped).
                let mut values = successor.values.take();
                self.statistics.generated += 1;
                if let Some(coverage) = self.coverage.as_mut() {
                    let failed = successor.failed_constraint.map(|index| index as usize);
                    let evaluated = model.constraints.len() + model.action_constraints.len();
                    coverage.record_constraints(failed, evaluated);
                }
                if let Some(counts) = self.action_counts.get_mut(successor.action as usize) {
                    counts.generated += 1;
                }
                let mut new_index = None;
                if let Some(Resolution::New { verdict: published, claimant }) = resolution {
                    let depth = self.depths[*source as usize] + 1;
                    let values = values.take().unwrap_or_else(no_values);
                    let parent = (*source, successor.action);
                    let index =
                        self.push_state(values, successor.fingerprint, parent, depth, built_by);
                    self.batch_new_states.push((successor.fingerprint, index));
                    self.statistics.depth = self.statistics.depth.max(u64::from(depth));
                    new_here += 1;
                    if let Some(counts) = self.action_counts.get_mut(successor.action as usize) {
                        counts.distinct += 1;
                    }
                    self.statistics.distinct += 1;
                    new_index = Some(index);
                    // With several workers, the expansion that claimed the state (and checked its
                    // invariants) may come after this one in queue order: its verdict is reused,
                    // once it is published (its expansion is waited for when it still runs). If
                    // the claimant never published one (its check failed), it is checked here.
                    let claimed = || {
                        published.or_else(|| {
                            batch.wait_delivered(claimant as usize);
                            self.tables.claims.published_verdict(successor.fingerprint)
                        })
                    };
                    let violation = if successor.invariants_checked {
                        Ok(successor.invariant_violation)
                    } else if let Some(verdict) = claimed() {
                        Ok(verdict)
                    } else {
                        crate::checks::check_invariants_naming_failure(
                            model,
                            None,
                            &self.values_of(index),
                            &self.worker,
                        )
                    };
                    match violation {
                        Ok(None) => {
                            if self.coverage.is_some() {
                                let values = self.values_of(index);
                                if let Some(coverage) = self.coverage.as_mut() {
                                    coverage.record_values(&values);
                                }
                            }
                            next_frontier.push(index)
                        }
                        Ok(Some(violated)) => {
                            let verdict = Verdict::InvariantViolated {
                                name: invariant_name(model, violated),
                                initial: false,
                                trace: self.trace_through_new(index),
                            };
                            if !self.options.continue_after_violation {
                                self.queue_left = queue_after_source + next_frontier.len() as u64;
                                self.replay_source(*source, &checked, stop_here, all_actions);
                                return Some(verdict);
                            }
                            // `-continue`: report it and go on exploring from it, as TLC does.
                            self.violations.push(verdict);
                            next_frontier.push(index);
                        }
                        Err((invariant, mut failure)) => {
                            // As `check_failed` does: this source's outdegree, the failed state
                            // counted (it is numbered already).
                            self.outdegrees.push(new_here);
                            self.queue_left = queue_after_source + next_frontier.len() as u64;
                            self.replay_source(*source, &checked, stop_here, all_actions);
                            self.replay_failed_invariant(
                                *source,
                                successor.fingerprint,
                                &mut failure,
                            );
                            let name = invariant_name(model, invariant);
                            return Some(Verdict::EvaluationError {
                                phase: ErrorPhase::Invariant,
                                failure,
                                trace: self.trace_through_new(index),
                                action: None,
                                checked: Some(CheckedFormula { name, location: None }),
                            });
                        }
                    }
                }
                if !successor.in_model {
                    if let Some(violated) = successor.invariant_violation {
                        let state = values.clone().unwrap_or_else(no_values);
                        let last = TraceStep { state, action: Some(successor.action as usize) };
                        let trace = self.trace_through(*source, last);
                        let verdict = Verdict::InvariantViolated {
                            name: invariant_name(model, violated),
                            initial: false,
                            trace,
                        };
                        if !self.options.continue_after_violation {
                            self.queue_left = queue_after_source + next_frontier.len() as u64;
                            self.replay_source(*source, &checked, stop_here, all_actions);
                            return Some(verdict);
                        }
                        self.violations.push(verdict);
                    }
                }
                if self.options.record_graph && successor.in_model {
                    let known = match resolution {
                        Some(Resolution::Known(index)) => Some(index),
                        _ => None,
                    };
                    if let Some(target) = new_index.or(known) {
                        kept_edges.push((target, successor.action));
                    }
                }
                if let Some(violated) = successor.implied_violation {
                    // TLC queues a new state only after its implied actions held.
                    if new_index.is_some() && next_frontier.last().copied() == new_index {
                        next_frontier.pop();
                    }
                    self.queue_left = queue_after_source + next_frontier.len() as u64;
                    self.replay_source(*source, &checked, stop_here, all_actions);
                    let state = match new_index {
                        Some(index) => self.values_of(index),
                        None => values.take().unwrap_or_else(no_values),
                    };
                    let last = TraceStep { state, action: Some(successor.action as usize) };
                    let trace = self.trace_through(*source, last);
                    return Some(Verdict::ActionPropertyViolated {
                        name: model.implied_actions[violated].name.clone(),
                        trace,
                    });
                }
            }
            // TLC samples the outdegree of completely expanded states only.
            if expansion.error.is_none() {
                self.outdegrees.push(new_here);
            }
            if self.options.record_graph {
                if self.edges.len() <= *source as usize {
                    self.edges.resize(self.states.len(), Vec::new());
                }
                self.edges[*source as usize] = kept_edges;
            }
            if counting {
                match &expansion.error {
                    Some((ErrorPhase::NextState, _, Some(action))) => {
                        self.replay_source(*source, &checked, None, *action as usize + 1)
                    }
                    Some((phase, _, Some(action))) => {
                        // A constraint or an invariant failed on the next successor.
                        checked.push(*phase == ErrorPhase::Invariant);
                        let stop = Some(checked.len() - 1);
                        self.replay_source(*source, &checked, stop, *action as usize + 1)
                    }
                    _ => self.replay_source(*source, &checked, None, all_actions),
                }
            }
            if let Some((phase, failure, action)) = expansion.error {
                // TLC counts the successor it could not complete or fingerprint as generated.
                if failure.incomplete_state.is_some() || failure.unfingerprintable_state.is_some() {
                    self.statistics.generated += 1;
                }
                if let (Some(coverage), Some(action)) = (self.coverage.as_mut(), action) {
                    coverage.record_error(action as usize, action_error(phase, &failure));
                }
                self.queue_left = queue_after_source + next_frontier.len() as u64;
                let Some(failed) = expansion.failed_successor else {
                    return Some(error(
                        phase,
                        failure,
                        self.trace_to(*source),
                        action.map(|a| a as usize),
                    ));
                };
                return Some(self.check_failed(*source, phase, failure, action, failed, new_here));
            }
            if expansion.stop_requested {
                self.queue_left = queue_after_source + next_frontier.len() as u64;
                return Some(Verdict::Stopped);
            }
            if !had_successors && model.check_deadlock {
                self.queue_left = queue_after_source + next_frontier.len() as u64;
                return Some(Verdict::Deadlock { trace: self.trace_to(*source) });
            }
        }
        None
    }
}

/// The stand-in for the values of a successor the expansion dropped (never printed: such a
/// successor shows no violation).
pub(super) fn no_values() -> Arc<[Value]> {
    Arc::from(Vec::new())
}

/// Records which actions were tried and which were enabled in one expanded state: the actions
/// run in order, up to the one that failed if one did.
fn record_expansion(coverage: &mut Coverage, expansion: &Expansion, actions: usize) {
    let tried = match &expansion.error {
        Some((_, _, Some(failing))) => *failing as usize + 1,
        _ => actions,
    };
    for activity in coverage.actions.iter_mut().take(tried) {
        activity.tried += 1;
    }
    let mut previous = None;
    for successor in &expansion.successors {
        if previous != Some(successor.action) {
            previous = Some(successor.action);
            if let Some(activity) = coverage.actions.get_mut(successor.action as usize) {
                activity.enabled += 1;
            }
        }
    }
}
