//! The checks a state or a transition goes through, shared by the breadth-first search and
//! the simulator: constraints, action constraints, invariants, implied actions, and the
//! fingerprint that decides whether a state was seen (after `VIEW` and `SYMMETRY`).

use tla_eval::{Ctx, Env, Failure, WorkerContext};
use tla_values::normalize::{needs_normalizing, normalize_state_value, StateValueError};
use tla_values::{fingerprint::StateHash, EvalErrorKind, Value};

use tla_eval::expression_coverage::RootKind;

use crate::bfs::ErrorPhase;
use crate::coverage::{definition_body, with_root};
use crate::model::Model;

/// Every initial state of the model, in TLC's order, and how many complete states `Init`
/// rejected (for coverage).
pub(crate) fn initial_states(
    model: &Model,
    worker: &WorkerContext,
) -> Result<(Vec<Vec<Value>>, u64), Box<Failure>> {
    let mut found = Vec::new();
    let mut sink = |state: Vec<Value>| {
        found.push(state);
        Ok(true)
    };
    let rejected = tla_eval::successors::initial_states_counting_rejections(
        &model.evaluator,
        &model.init,
        &Env::empty(),
        worker,
        &mut sink,
    )?;
    Ok((found, rejected))
}

/// The invariant checks, in TLC's order: `INVARIANT`s, then invariants from properties.
pub(crate) fn check_invariants(
    model: &Model,
    state: &[Value],
    worker: &WorkerContext,
) -> Result<Option<usize>, Box<Failure>> {
    let ctx = Ctx::state(state, worker);
    for (index, invariant) in model.invariants.iter().enumerate() {
        let value =
            with_root(worker, RootKind::Invariant, definition_body(model, invariant.def), || {
                model.evaluator.eval_definition(invariant.def, &ctx)
            })?;
        if !holds(value, &invariant.name)? {
            return Ok(Some(index));
        }
    }
    for (index, invariant) in model.property_invariants.iter().enumerate() {
        let value = with_root(worker, RootKind::Invariant, Some(invariant.predicate), || {
            model.evaluator.eval(invariant.predicate, &Env::empty(), &ctx)
        })?;
        if !holds(value, &invariant.name)? {
            return Ok(Some(model.invariants.len() + index));
        }
    }
    Ok(None)
}

pub(crate) fn holds(value: Value, name: &str) -> Result<bool, Box<Failure>> {
    match value {
        Value::Bool(b) => Ok(b),
        other => Err(Failure::message(
            EvalErrorKind::WrongKind,
            format!(
                "The invariant {name} evaluated to the non-boolean value {}.",
                tla_values::ppr(&other)
            ),
        )),
    }
}

pub(crate) fn invariant_name(model: &Model, index: usize) -> String {
    match model.invariants.get(index) {
        Some(invariant) => invariant.name.clone(),
        None => model.property_invariants[index - model.invariants.len()].name.clone(),
    }
}

/// Normalises a new state's values as TLC does before fingerprinting it (symbolic sets
/// enumerated, lazy functions computed: `tla_values::normalize`) and returns its fingerprint.
/// A value that cannot be normalised fails with the state attached for TLC's report.
pub(crate) fn normalize_and_fingerprint(
    model: &Model,
    state: &mut [Value],
    worker: &WorkerContext,
) -> Result<u64, Box<Failure>> {
    let unfingerprintable = |state: &[Value], error: StateValueError| {
        let mut failure = Failure::new(error.error);
        failure.unfingerprintable_state = Some((state.to_vec(), error.wrapped));
        failure
    };
    // The common case: nothing to normalise, and the fingerprint is taken in the same pass.
    if model.view.is_none() && model.permutations.is_empty() {
        let concrete =
            state.iter().try_fold(StateHash::new(), |hash, value| hash.concrete_value(value));
        if let Some(hash) = concrete {
            return Ok(hash.finish());
        }
    }
    // Only a value holding a lazy or symbolic part is rebuilt.
    for index in 0..state.len() {
        if needs_normalizing(&state[index]) {
            match normalize_state_value(&state[index]) {
                Ok(value) => state[index] = value,
                Err(error) => return Err(unfingerprintable(state, error)),
            }
        }
    }
    state_fingerprint(model, state, worker)
}

pub(crate) fn state_fingerprint(
    model: &Model,
    state: &[Value],
    worker: &WorkerContext,
) -> Result<u64, Box<Failure>> {
    if let Some(view) = model.view {
        let ctx = Ctx::state(state, worker);
        let value = model.evaluator.eval_definition(view, &ctx)?;
        return StateHash::new().value(&value).map(StateHash::finish).map_err(Failure::new);
    }
    if !model.permutations.is_empty() {
        return crate::symmetry::symmetric_fingerprint(state, &model.permutations)
            .map_err(Failure::new);
    }
    let mut hash = StateHash::new();
    for value in state {
        hash = hash.value(value).map_err(Failure::new)?;
    }
    Ok(hash.finish())
}

pub(crate) fn implied_violation(
    model: &Model,
    from: &[Value],
    to: &[Value],
    worker: &WorkerContext,
) -> Result<Option<usize>, Box<Failure>> {
    let ctx = Ctx::transition(from, to, worker);
    for (index, implied) in model.implied_actions.iter().enumerate() {
        if !model.evaluator.eval_bool(implied.action, &Env::empty(), &ctx)? {
            return Ok(Some(index));
        }
    }
    Ok(None)
}

/// The first constraint that excludes `to` (or, when `from` is given, the transition to it), in
/// TLC's order: the state constraints (indices from 0), then the action constraints (indices
/// after the state constraints). `None` when every constraint holds. Coverage counts how often
/// each constraint held and failed from this.
pub(crate) fn first_failing_constraint(
    model: &Model,
    from: Option<&[Value]>,
    to: &[Value],
    worker: &WorkerContext,
) -> Result<Option<usize>, (ErrorPhase, Box<Failure>)> {
    let constraint = |failure| (ErrorPhase::Constraint, failure);
    let ctx = Ctx::state(to, worker);
    for (index, named) in model.constraints.iter().enumerate() {
        let value =
            with_root(worker, RootKind::Constraint, definition_body(model, named.def), || {
                model.evaluator.eval_definition(named.def, &ctx)
            })
            .map_err(constraint)?;
        if !holds(value, &named.name).map_err(constraint)? {
            return Ok(Some(index));
        }
    }
    let Some(from) = from else { return Ok(None) };
    let ctx = Ctx::transition(from, to, worker);
    for (index, named) in model.action_constraints.iter().enumerate() {
        let value =
            with_root(worker, RootKind::Constraint, definition_body(model, named.def), || {
                model.evaluator.eval_definition(named.def, &ctx)
            })
            .map_err(constraint)?;
        if !holds(value, &named.name).map_err(constraint)? {
            return Ok(Some(model.constraints.len() + index));
        }
    }
    Ok(None)
}
