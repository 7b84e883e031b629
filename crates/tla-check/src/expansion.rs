//! The expansion of a batch of source states: every successor of each, with the checks that
//! need no knowledge of the states other expansions find (constraints, fingerprints, invariants of
//! states not seen before, implied actions). Workers expand in parallel; the search merges their
//! results in queue order (see `bfs.rs`).

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;

use tla_eval::{Action, Failure, WorkerContext};
use tla_values::fast_hash::IntegerMap;
use tla_values::{EvalErrorKind, Value};

use crate::bfs::ErrorPhase;
use crate::checks::{
    check_invariants_naming_failure, first_failing_constraint, implied_violation_naming_failure,
    normalize_and_fingerprint,
};
use crate::model::Model;

pub(crate) struct Successor {
    pub(crate) values: Vec<Value>,
    pub(crate) action: u32,
    pub(crate) fingerprint: u64,
    pub(crate) in_model: bool,
    /// The first constraint that excluded it, if any (for coverage).
    pub(crate) failed_constraint: Option<u32>,
    /// Invariant results for states that may be new: `Some(index)` of the first violated one.
    pub(crate) invariant_violation: Option<usize>,
    pub(crate) invariants_checked: bool,
    pub(crate) implied_violation: Option<usize>,
}

pub(crate) struct Expansion {
    pub(crate) successors: Vec<Successor>,
    pub(crate) error: Option<(ErrorPhase, Box<Failure>, Option<u32>)>,
    /// The successor whose checks failed to evaluate (a constraint, an invariant or an implied
    /// action): TLC counts it and ends the error trace with it.
    pub(crate) failed_successor: Option<FailedSuccessor>,
    pub(crate) stop_requested: bool,
}

/// A successor on which a check failed to evaluate (see [`Expansion::failed_successor`]).
pub(crate) struct FailedSuccessor {
    pub(crate) values: Vec<Value>,
    /// Set when the constraints kept it (TLC then adds it to its seen states before the
    /// invariants and implied actions are checked).
    pub(crate) fingerprint: Option<u64>,
    /// For an invariant or an implied action: its index (TLC names it in the message).
    pub(crate) check: Option<usize>,
}

/// Why [`Expander::examine`] stopped.
struct ExamineFailure {
    phase: ErrorPhase,
    failure: Box<Failure>,
    successor: Option<FailedSuccessor>,
}

/// What workers read while a batch is expanded (nothing of it changes until the merge).
pub(crate) struct Expander<'a> {
    pub(crate) model: &'a Model,
    pub(crate) actions: &'a [Action],
    pub(crate) states: &'a [Arc<[Value]>],
    pub(crate) depths: &'a [u32],
    pub(crate) seen: &'a IntegerMap<u64, u32>,
    pub(crate) claims: &'a BatchClaims,
    /// `-seed`: each state's expansion restarts the random stream from it and the state's index.
    pub(crate) seed: u64,
}

/// The fingerprints of the successors whose invariants a batch's expansions have checked (or
/// are checking), so a state reached from several sources of the batch is checked only once.
/// Sharded by fingerprint, so workers rarely wait on one another.
pub(crate) struct BatchClaims {
    shards: Vec<std::sync::Mutex<IntegerMap<u64, ()>>>,
}

impl BatchClaims {
    const SHARDS: usize = 64;

    pub(crate) fn new() -> BatchClaims {
        BatchClaims { shards: (0..Self::SHARDS).map(|_| Default::default()).collect() }
    }

    /// Whether `fingerprint` was not claimed before (and is claimed now).
    fn claim(&self, fingerprint: u64) -> bool {
        let shard = &self.shards[(fingerprint >> 58) as usize % Self::SHARDS];
        let mut claimed = shard.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        claimed.insert(fingerprint, ()).is_none()
    }
}

impl Expander<'_> {
    /// Every successor of state `index`, with the checks that do not need the set of seen states.
    pub(crate) fn expand(&self, index: u32, worker: &WorkerContext) -> Expansion {
        let model = self.model;
        let source = &self.states[index as usize];
        let depth = u64::from(self.depths[index as usize]);
        worker.reseed(self.seed, u64::from(index));
        let mut expansion = Expansion {
            successors: Vec::new(),
            error: None,
            failed_successor: None,
            stop_requested: false,
        };
        for (action_index, action) in self.actions.iter().enumerate() {
            worker.level.set(depth);
            let (generated, result) = action.successors(&model.evaluator, source, worker);
            worker.level.set(depth + 1);
            for values in generated {
                match self.examine(source, values, action_index as u32, worker) {
                    Ok(successor) => expansion.successors.push(successor),
                    Err(failed) => {
                        expansion.error =
                            Some((failed.phase, failed.failure, Some(action_index as u32)));
                        expansion.failed_successor = failed.successor;
                        return expansion;
                    }
                }
            }
            if let Err(failure) = result {
                expansion.error = Some((ErrorPhase::NextState, failure, Some(action_index as u32)));
                return expansion;
            }
            if worker.exit_requested.get() {
                expansion.stop_requested = true;
                return expansion;
            }
        }
        expansion
    }

    fn examine(
        &self,
        source: &[Value],
        mut values: Vec<Value>,
        action: u32,
        worker: &WorkerContext,
    ) -> Result<Successor, ExamineFailure> {
        let model = self.model;
        let failed_constraint = match first_failing_constraint(model, Some(source), &values, worker)
        {
            Ok(failed) => failed,
            Err((phase, failure)) => {
                let successor = FailedSuccessor { values, fingerprint: None, check: None };
                return Err(ExamineFailure { phase, failure, successor: Some(successor) });
            }
        };
        let in_model = failed_constraint.is_none();
        // Only kept states are looked up among the seen ones.
        let fingerprint = if in_model {
            normalize_and_fingerprint(model, &mut values, worker).map_err(|failure| {
                ExamineFailure { phase: ErrorPhase::NextState, failure, successor: None }
            })?
        } else {
            0
        };
        // TLC checks the invariants of every successor it has not seen, and of every successor
        // the constraints exclude (it never looks those up). A state reached again within the
        // batch is checked once, by whichever expansion claims it first.
        let maybe_new =
            !in_model || (!self.seen.contains_key(&fingerprint) && self.claims.claim(fingerprint));
        let failed = |values: Vec<Value>, phase, check: usize, failure| ExamineFailure {
            phase,
            failure,
            successor: Some(FailedSuccessor {
                values,
                fingerprint: in_model.then_some(fingerprint),
                check: Some(check),
            }),
        };
        let invariant_violation = if maybe_new {
            match check_invariants_naming_failure(model, &values, worker) {
                Ok(violation) => violation,
                Err((check, failure)) => {
                    return Err(failed(values, ErrorPhase::Invariant, check, failure))
                }
            }
        } else {
            None
        };
        let implied_violation =
            match implied_violation_naming_failure(model, source, &values, worker) {
                Ok(violation) => violation,
                Err((check, failure)) => {
                    return Err(failed(values, ErrorPhase::ImpliedAction, check, failure))
                }
            };
        Ok(Successor {
            values,
            action,
            fingerprint,
            in_model,
            failed_constraint: failed_constraint.map(|index| index as u32),
            invariant_violation,
            invariants_checked: maybe_new,
            implied_violation,
        })
    }
}

/// Expands a batch of source states, in parallel when there are several `workers`; `worker` is
/// the search's own context (used alone with one worker, its statistics copied otherwise).
pub(crate) fn expand_batch(
    expander: &Expander,
    batch: &[u32],
    workers: usize,
    worker: &WorkerContext,
    seed: u64,
) -> Vec<Expansion> {
    let workers = workers.max(1).min(batch.len().max(1));
    if workers == 1 {
        return batch.iter().map(|index| expander.expand(*index, worker)).collect();
    }
    let next_index = AtomicUsize::new(0);
    let statistics = worker.statistics.get();
    let collected: Vec<Vec<(usize, Expansion)>> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..workers)
            .map(|worker_id| {
                let next_index = &next_index;
                scope.spawn(move || {
                    let worker = WorkerContext::new(worker_id as u32, seed);
                    worker.statistics.set(statistics);
                    let mut done = Vec::new();
                    loop {
                        let position = next_index.fetch_add(1, Ordering::Relaxed);
                        let Some(index) = batch.get(position) else { break };
                        done.push((position, expander.expand(*index, &worker)));
                    }
                    done
                })
            })
            .collect();
        handles.into_iter().map(|handle| handle.join().unwrap_or_default()).collect()
    });
    let mut results: Vec<Option<Expansion>> = (0..batch.len()).map(|_| None).collect();
    for (position, expansion) in collected.into_iter().flatten() {
        results[position] = Some(expansion);
    }
    results
        .into_iter()
        .map(|result| {
            result.unwrap_or_else(|| Expansion {
                successors: Vec::new(),
                error: Some((
                    ErrorPhase::NextState,
                    Failure::message(
                        EvalErrorKind::Unsupported,
                        "A worker thread stopped unexpectedly.",
                    ),
                    None,
                )),
                failed_successor: None,
                stop_requested: false,
            })
        })
        .collect()
}
