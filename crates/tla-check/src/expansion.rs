//! The expansion of a batch of source states: every successor of each, with the checks that
//! need no knowledge of the states other expansions find (constraints, fingerprints, invariants of
//! states not seen before, implied actions). Workers expand in parallel (`worker_pool.rs`); the
//! search merges their results in queue order (see `bfs.rs`).

use std::sync::Arc;

use tla_eval::{Action, Failure, WorkerContext};
use tla_values::fast_hash::IntegerMap;
use tla_values::Value;

use crate::bfs::ErrorPhase;
use crate::checks::{
    check_invariants_naming_failure, first_failing_constraint, implied_violation_naming_failure,
    normalize_and_fingerprint,
};
use crate::model::Model;

pub(crate) struct Successor {
    /// The state, when the merge may need it: dropped by the expansion for a kept state that
    /// was already seen before the batch (unless it violates an implied action).
    pub(crate) values: Option<Arc<[Value]>>,
    pub(crate) action: u32,
    pub(crate) fingerprint: u64,
    pub(crate) in_model: bool,
    /// The first constraint that excluded it, if any (for coverage).
    pub(crate) failed_constraint: Option<u32>,
    /// Invariant results for states that may be new: `Some(index)` of the first violated one.
    pub(crate) invariant_violation: Option<usize>,
    pub(crate) invariants_checked: bool,
    pub(crate) implied_violation: Option<usize>,
    /// The state's number when it was among the states seen before the batch.
    pub(crate) known_index: Option<u32>,
}

pub(crate) struct Expansion {
    pub(crate) successors: Vec<Successor>,
    pub(crate) error: Option<(ErrorPhase, Box<Failure>, Option<u32>)>,
    /// The successor whose checks failed to evaluate (a constraint, an invariant or an implied
    /// action): TLC counts it and ends the error trace with it.
    pub(crate) failed_successor: Option<FailedSuccessor>,
    pub(crate) stop_requested: bool,
    /// The worker whose thread expanded the source, so built the successors' values.
    pub(crate) built_by: u16,
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

/// What workers read while a batch is expanded (nothing of it changes until the batch is
/// merged; the merge itself writes only the claims).
pub(crate) struct Expander<'a> {
    pub(crate) model: &'a Model,
    pub(crate) actions: &'a [Action],
    /// The batch's source states, by position in the batch, and their numbers.
    pub(crate) sources: &'a [Arc<[Value]>],
    pub(crate) source_indices: &'a [u32],
    /// The depth of the batch's sources (a batch is part of one level).
    pub(crate) depth: u32,
    /// The states seen before the batch.
    pub(crate) seen: &'a IntegerMap<u64, u32>,
    pub(crate) claims: &'a BatchClaims,
    /// Whether other expansions may need a claimant's invariant verdict (several workers: the
    /// claimant can come after the first source, in queue order, that reaches the state).
    pub(crate) share_verdicts: bool,
    /// `-seed`: each state's expansion restarts the random stream from it and the state's index.
    pub(crate) seed: u64,
    /// Whether the sources satisfy every invariant, so that a successor's invariant (or
    /// conjunct) that reads only variables the action left as they were holds without a test.
    pub(crate) sources_satisfy_invariants: bool,
}

/// Not merged yet (`ClaimEntry::index`).
const UNMERGED: u32 = u32::MAX;
/// `ClaimEntry::verdict` values other than `VERDICT_BASE + index of the violated invariant`.
const VERDICT_PENDING: u32 = 0;
const VERDICT_HOLDS: u32 = 1;
const VERDICT_BASE: u32 = 2;

#[derive(Clone, Copy)]
struct ClaimEntry {
    /// The state's number once the merge met it, `UNMERGED` before.
    index: u32,
    /// The claimant's invariant verdict, when it published one.
    verdict: u32,
    /// The claimant's position in the batch.
    claimant: u32,
}

/// Who claimed a successor not seen before the batch.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Claim {
    /// This expansion: it checks the state's invariants.
    Mine,
    /// The expansion of an earlier source of the batch, or an earlier successor of this one:
    /// the merge numbers the state there, so here it is a state seen before.
    Earlier,
    /// The expansion of a later source, which may come after this one in queue order.
    Later,
}

/// The successors of a batch that were not seen before it: the first expansion to meet one
/// claims it (and checks its invariants, so a state reached from several sources of the batch
/// is checked only once); the merge then numbers it where it first meets it in queue order.
/// Sharded by fingerprint, so workers rarely wait on one another.
pub(crate) struct BatchClaims {
    shards: Vec<ClaimShard>,
}

/// One shard of [`BatchClaims`], on cache lines of its own: every worker and the merge lock
/// shards all the time, and neighbouring shards on one line would make each lock move the line
/// away from the core using the neighbour.
#[derive(Default)]
#[repr(align(128))]
struct ClaimShard(std::sync::Mutex<IntegerMap<u64, ClaimEntry>>);

/// What the merge learns about a successor not seen before its batch.
pub(crate) enum Resolution {
    /// Met for the first time in queue order: it gets number `index` (the one offered). The
    /// claimant's verdict comes with it when the claimant published one.
    New { verdict: Option<Option<usize>>, claimant: u32 },
    /// Already numbered by the merge of an earlier source of the batch.
    Known(u32),
}

impl BatchClaims {
    const SHARDS: usize = 64;

    pub(crate) fn new() -> BatchClaims {
        BatchClaims { shards: (0..Self::SHARDS).map(|_| Default::default()).collect() }
    }

    fn shard(&self, fingerprint: u64) -> std::sync::MutexGuard<'_, IntegerMap<u64, ClaimEntry>> {
        let shard = &self.shards[(fingerprint >> 58) as usize % Self::SHARDS].0;
        shard.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// Claims `fingerprint` for the expansion at `position` unless another one did.
    pub(crate) fn claim(&self, fingerprint: u64, position: u32) -> Claim {
        let entry = ClaimEntry { index: UNMERGED, verdict: VERDICT_PENDING, claimant: position };
        match self.shard(fingerprint).entry(fingerprint) {
            std::collections::hash_map::Entry::Occupied(claimed) => {
                if claimed.get().claimant <= position {
                    Claim::Earlier
                } else {
                    Claim::Later
                }
            }
            std::collections::hash_map::Entry::Vacant(vacant) => {
                vacant.insert(entry);
                Claim::Mine
            }
        }
    }

    /// The claimant's invariant verdict, for the merge of an earlier source that reaches the
    /// same state.
    pub(crate) fn publish_verdict(&self, fingerprint: u64, violation: Option<usize>) {
        if let Some(entry) = self.shard(fingerprint).get_mut(&fingerprint) {
            entry.verdict = match violation {
                None => VERDICT_HOLDS,
                Some(index) => VERDICT_BASE.saturating_add(index as u32),
            };
        }
    }

    /// Numbers the state `index` if the merge meets it for the first time.
    pub(crate) fn resolve(&self, fingerprint: u64, index: u32) -> Resolution {
        let mut shard = self.shard(fingerprint);
        let entry = shard.entry(fingerprint).or_insert(ClaimEntry {
            index: UNMERGED,
            verdict: VERDICT_PENDING,
            claimant: u32::MAX,
        });
        if entry.index != UNMERGED {
            return Resolution::Known(entry.index);
        }
        entry.index = index;
        Resolution::New { verdict: decode_verdict(entry.verdict), claimant: entry.claimant }
    }

    /// Whether the merge has numbered `fingerprint` in this batch.
    pub(crate) fn merged(&self, fingerprint: u64) -> bool {
        self.shard(fingerprint).get(&fingerprint).is_some_and(|entry| entry.index != UNMERGED)
    }

    /// The claimant's verdict on `fingerprint`, if it published one.
    pub(crate) fn published_verdict(&self, fingerprint: u64) -> Option<Option<usize>> {
        self.shard(fingerprint).get(&fingerprint).and_then(|entry| decode_verdict(entry.verdict))
    }

    /// Forgets every claim (between batches, when no expansion runs).
    pub(crate) fn clear(&self) {
        for ClaimShard(shard) in &self.shards {
            shard.lock().unwrap_or_else(|poisoned| poisoned.into_inner()).clear();
        }
    }
}

fn decode_verdict(verdict: u32) -> Option<Option<usize>> {
    match verdict {
        VERDICT_PENDING => None,
        VERDICT_HOLDS => Some(None),
        violated => Some(Some((violated - VERDICT_BASE) as usize)),
    }
}

impl Expander<'_> {
    /// Every successor of the source at `position` in the batch, with the checks that do not
    /// need to know which states the other expansions find.
    pub(crate) fn expand(&self, position: usize, worker: &WorkerContext) -> Expansion {
        let mut expansion = Expansion {
            successors: Vec::new(),
            error: None,
            failed_successor: None,
            stop_requested: false,
            built_by: worker.worker_id as u16,
        };
        let (Some(source), Some(index)) =
            (self.sources.get(position), self.source_indices.get(position))
        else {
            return expansion;
        };
        let model = self.model;
        let depth = u64::from(self.depth);
        worker.reseed(self.seed, u64::from(*index));
        for (action_index, action) in self.actions.iter().enumerate() {
            worker.level.set(depth);
            let (generated, result) = action.successors(&model.evaluator, source, worker);
            worker.level.set(depth + 1);
            for values in generated {
                match self.examine(source, position as u32, values, action_index as u32, worker) {
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
        position: u32,
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
        let known_index = if in_model { self.seen.get(&fingerprint).copied() } else { None };
        // TLC checks the invariants of every successor it has not seen, and of every successor
        // the constraints exclude (it never looks those up). A state reached again within the
        // batch is checked once, by whichever expansion claims it first.
        let claim = match (in_model, known_index) {
            (true, None) => Some(self.claims.claim(fingerprint, position)),
            _ => None,
        };
        let maybe_new = !in_model || claim == Some(Claim::Mine);
        if maybe_new {
            values.iter_mut().for_each(Value::compact_owned_parts);
        }
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
            let unchanged_from = self.sources_satisfy_invariants.then_some(source);
            match check_invariants_naming_failure(model, unchanged_from, &values, worker) {
                Ok(violation) => violation,
                Err((check, failure)) => {
                    return Err(failed(values, ErrorPhase::Invariant, check, failure))
                }
            }
        } else {
            None
        };
        if maybe_new && in_model && self.share_verdicts {
            self.claims.publish_verdict(fingerprint, invariant_violation);
        }
        let implied_violation =
            match implied_violation_naming_failure(model, source, &values, worker) {
                Ok(violation) => violation,
                Err((check, failure)) => {
                    return Err(failed(values, ErrorPhase::ImpliedAction, check, failure))
                }
            };
        // A state seen before the batch, or first reached by an earlier source of the batch, is
        // only counted by the merge (unless it shows a violation): its values are dropped here,
        // by the thread that built them.
        let seen_before = known_index.is_some() || claim == Some(Claim::Earlier);
        let values = (!seen_before || implied_violation.is_some()).then(|| values.into());
        Ok(Successor {
            values,
            action,
            fingerprint,
            in_model,
            failed_constraint: failed_constraint.map(|index| index as u32),
            invariant_violation,
            invariants_checked: maybe_new,
            implied_violation,
            known_index,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::{BatchClaims, Claim, Resolution};

    #[test]
    fn the_first_claim_wins_and_later_claims_say_where_the_claimant_is() {
        let claims = BatchClaims::new();
        assert_eq!(claims.claim(42, 5), Claim::Mine);
        assert_eq!(claims.claim(42, 9), Claim::Earlier);
        assert_eq!(claims.claim(42, 5), Claim::Earlier);
        assert_eq!(claims.claim(42, 2), Claim::Later);
        assert_eq!(claims.claim(43, 2), Claim::Mine);
    }

    #[test]
    fn the_merge_numbers_a_claimed_state_once_with_the_claimants_verdict() {
        let claims = BatchClaims::new();
        // Claimed by a later source that has not published its verdict yet: the merge of the
        // earlier source numbers the state and has to check the invariants itself.
        assert_eq!(claims.claim(7, 3), Claim::Mine);
        assert!(matches!(claims.resolve(7, 100), Resolution::New { verdict: None, claimant: 3 }));
        assert_eq!(claims.published_verdict(7), None);
        assert!(matches!(claims.resolve(7, 101), Resolution::Known(100)));
        // Published verdicts travel to the merge: holds, and the second invariant violated.
        claims.claim(8, 0);
        claims.publish_verdict(8, None);
        assert!(matches!(claims.resolve(8, 101), Resolution::New { verdict: Some(None), .. }));
        claims.claim(9, 0);
        claims.publish_verdict(9, Some(1));
        assert!(matches!(claims.resolve(9, 102), Resolution::New { verdict: Some(Some(1)), .. }));
        // Cleared between batches.
        claims.clear();
        assert_eq!(claims.claim(7, 0), Claim::Mine);
        assert!(matches!(claims.resolve(7, 200), Resolution::New { verdict: None, .. }));
    }
}
