//! The checks a state or a transition goes through, shared by the breadth-first search and
//! the simulator: constraints, action constraints, invariants, implied actions, and the
//! fingerprint that decides whether a state was seen (after `VIEW` and `SYMMETRY`).

use tla_eval::{Ctx, Env, Failure, Location, WorkerContext};
use tla_sema::hir::Expr;
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
    match initial_states_until_failure(model, worker) {
        (found, rejected, None) => Ok((found, rejected)),
        (_, _, Some(failure)) => Err(failure),
    }
}

/// The initial states in TLC's order, how many complete assignments a formula rejected, and the
/// failure that stopped the walk of the initial predicate, if one did: the states found before
/// it are kept, since TLC checks and counts each initial state as it is found (a violation in
/// an earlier state is reported before the failure, and the statistics count them).
pub(crate) fn initial_states_until_failure(
    model: &Model,
    worker: &WorkerContext,
) -> (Vec<Vec<Value>>, u64, Option<Box<Failure>>) {
    let mut found = Vec::new();
    let mut sink = |state: Vec<Value>| {
        found.push(state);
        Ok(true)
    };
    let walked = tla_eval::successors::initial_states_counting_rejections(
        &model.evaluator,
        &model.init,
        &Env::empty(),
        worker,
        &mut sink,
    );
    match walked {
        Ok(rejected) => (found, rejected, None),
        Err(failure) => (found, 0, Some(failure)),
    }
}

/// The invariant checks, in TLC's order: `INVARIANT`s, then invariants from properties.
pub(crate) fn check_invariants(
    model: &Model,
    state: &[Value],
    worker: &WorkerContext,
) -> Result<Option<usize>, Box<Failure>> {
    check_invariants_naming_failure(model, None, state, worker).map_err(|(_, failure)| failure)
}

/// [`check_invariants`], with the index of the invariant whose evaluation failed (TLC names it:
/// "Evaluating invariant X failed."). The failure's positions end with the invariant's formula,
/// as TLC's call stack does.
///
/// `unchanged_from` is the state `state` was reached from, when it is known to satisfy every
/// invariant: an invariant (or conjunct) without effects that reads only variables the step left
/// as they were (the very same values) holds again without being evaluated.
pub(crate) fn check_invariants_naming_failure(
    model: &Model,
    unchanged_from: Option<&[Value]>,
    state: &[Value],
    worker: &WorkerContext,
) -> Result<Option<usize>, (usize, Box<Failure>)> {
    let ctx = Ctx::state(state, worker);
    let unchanged =
        |reads: &[u32]| unchanged_from.is_some_and(|from| same_values(reads, from, state));
    // Where an invariant without effects held before on the same values of the variables it
    // reads, it holds again (not while coverage counts evaluations).
    let memo = worker.expression_coverage.is_none().then_some(&worker.predicate_memo);
    // The memo's entries for conjuncts follow those of the invariants.
    let mut next_conjunct_entry = model.invariants.len();
    for (index, invariant) in model.invariants.iter().enumerate() {
        let reads = model.invariant_reads.get(index).and_then(Option::as_deref);
        let conjuncts = model.invariant_conjuncts.get(index).and_then(Option::as_deref);
        let first_conjunct_entry = next_conjunct_entry;
        next_conjunct_entry += conjuncts.map_or(0, <[_]>::len);
        if let (Some(memo), Some(reads)) = (memo, reads) {
            if unchanged(reads) || memo.borrow_mut().known_to_hold(index, reads, state) {
                continue;
            }
        }
        if let (Some(memo), Some(conjuncts)) = (memo, conjuncts) {
            // Each conjunct is remembered on its own.
            let held = conjuncts_hold(
                model,
                first_conjunct_entry,
                conjuncts,
                memo,
                state,
                &ctx,
                &unchanged,
            );
            match held {
                Some(true) => continue,
                Some(false) => return Ok(Some(index)),
                // An error: evaluated again as a whole below, which reports it as TLC does.
                None => {}
            }
        }
        if let Some(holds) = model.evaluator.compiled_definition_holds(invariant.def, &ctx) {
            if !holds {
                return Ok(Some(index));
            }
            if let (Some(memo), Some(_)) = (memo, reads) {
                memo.borrow_mut().remember_holds(index);
            }
            continue;
        }
        let body = definition_body(model, invariant.def);
        let value = with_root(worker, RootKind::Invariant, body, || {
            model.evaluator.eval_definition(invariant.def, &ctx)
        })
        .map_err(|failure| (index, within_formula(failure, body)))?;
        if !holds(value, &invariant.name).map_err(|failure| (index, failure))? {
            return Ok(Some(index));
        }
        if let (Some(memo), Some(_)) = (memo, reads) {
            memo.borrow_mut().remember_holds(index);
        }
    }
    for (offset, invariant) in model.property_invariants.iter().enumerate() {
        let index = model.invariants.len() + offset;
        match model.evaluator.compiled_holds(invariant.predicate, &Env::empty(), &ctx) {
            Some(true) => continue,
            Some(false) => return Ok(Some(index)),
            None => {}
        }
        let value = with_root(worker, RootKind::Invariant, Some(invariant.predicate), || {
            model.evaluator.eval(invariant.predicate, &Env::empty(), &ctx)
        })
        .map_err(|failure| (index, within_formula(failure, Some(invariant.predicate))))?;
        if !holds(value, &invariant.name).map_err(|failure| (index, failure))? {
            return Ok(Some(index));
        }
    }
    Ok(None)
}

/// An invariant whose body is a conjunction list without effects, conjunct by conjunct, each
/// looked up in the worker's memo first: `None` when a conjunct fails to evaluate or is not a
/// boolean. The conjuncts' memo entries start at `first_entry`.
fn conjuncts_hold(
    model: &Model,
    first_entry: usize,
    conjuncts: &[(&'static Expr, Vec<u32>)],
    memo: &std::cell::RefCell<tla_eval::predicate_memo::PredicateMemo>,
    state: &[Value],
    ctx: &Ctx,
    unchanged: &dyn Fn(&[u32]) -> bool,
) -> Option<bool> {
    for (offset, (conjunct, reads)) in conjuncts.iter().enumerate() {
        let entry = first_entry + offset;
        if unchanged(reads) || memo.borrow_mut().known_to_hold(entry, reads, state) {
            continue;
        }
        let holds = match model.evaluator.compiled_holds(conjunct, &Env::empty(), ctx) {
            Some(holds) => holds,
            None => model.evaluator.eval_bool(conjunct, &Env::empty(), ctx).ok()?,
        };
        if !holds {
            return Some(false);
        }
        memo.borrow_mut().remember_holds(entry);
    }
    Some(true)
}

/// Whether variables `reads` hold the very same values in both states (the same shared value,
/// not merely equal ones: a step that does not assign a variable anew keeps its value).
fn same_values(reads: &[u32], from: &[Value], to: &[Value]) -> bool {
    reads.iter().all(|&var| match (from.get(var as usize), to.get(var as usize)) {
        (Some(before), Some(after)) => before.is_identical(after),
        _ => false,
    })
}

/// Adds the checked formula (an invariant's or a constraint's body, an implied action's
/// `[A]_v`) as the outermost position of a failure inside it: TLC's call stack starts there.
pub(crate) fn within_formula(mut failure: Box<Failure>, formula: Option<&Expr>) -> Box<Failure> {
    if let Some(formula) = formula {
        let location = Location::of(formula);
        if !failure.positions.is_empty() && failure.positions.last() != Some(&location) {
            failure.positions.push(location);
        }
    }
    failure
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
    // The common case: nothing to normalise, and the key is taken in the same walk: the
    // symmetric key under symmetry (and no `VIEW`), else the state hash. (For a `VIEW` the walk
    // only tells that nothing needs normalising; the hashes it keeps in the state's sets and
    // functions make it cheap on the parts shared with other states.)
    let holds_lazy_part = if model.view.is_none() && !model.permutations.is_empty() {
        match crate::symmetry::concrete_symmetric_fingerprint(state, &model.permutations) {
            Some(hash) => return Ok(hash),
            None => true,
        }
    } else {
        match state.iter().try_fold(StateHash::new(), |hash, value| hash.concrete_value(value)) {
            Some(hash) if model.view.is_none() => return Ok(hash.finish()),
            Some(_) => false,
            None => true,
        }
    };
    if holds_lazy_part {
        // Only a value holding a lazy or symbolic part is rebuilt.
        for index in 0..state.len() {
            if needs_normalizing(&state[index]) {
                match normalize_state_value(&state[index]) {
                    Ok(value) => state[index] = value,
                    Err(error) => return Err(unfingerprintable(state, error)),
                }
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
    implied_violation_naming_failure(model, from, to, worker).map_err(|(_, failure)| failure)
}

/// [`implied_violation`], with the index of the implied action whose evaluation failed.
pub(crate) fn implied_violation_naming_failure(
    model: &Model,
    from: &[Value],
    to: &[Value],
    worker: &WorkerContext,
) -> Result<Option<usize>, (usize, Box<Failure>)> {
    let ctx = Ctx::transition(from, to, worker);
    for (index, implied) in model.implied_actions.iter().enumerate() {
        let holds = model
            .evaluator
            .eval_bool(implied.action, &Env::empty(), &ctx)
            .map_err(|failure| (index, within_formula(failure, Some(implied.action))))?;
        if !holds {
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
    // A constraint without effects that held on the same values of the variables it reads holds
    // again, as for invariants; its memo entries follow those of the invariants' conjuncts.
    let memo = worker.expression_coverage.is_none().then_some(&worker.predicate_memo);
    let first_entry = model.constraint_memo_base;
    for (index, named) in model.constraints.iter().enumerate() {
        let reads = model.constraint_reads.get(index).and_then(Option::as_deref);
        let remembered = memo.zip(reads);
        if let Some((memo, reads)) = remembered {
            // A state is expanded only when it satisfies the constraints, so a constraint that
            // reads only variables the step left alone holds on the successor too.
            let unchanged = from.is_some_and(|from| same_values(reads, from, to));
            if unchanged || memo.borrow_mut().known_to_hold(first_entry + index, reads, to) {
                continue;
            }
        }
        let held = match model.evaluator.compiled_definition_holds(named.def, &ctx) {
            Some(held) => held,
            None => {
                let body = definition_body(model, named.def);
                let value = with_root(worker, RootKind::Constraint, body, || {
                    model.evaluator.eval_definition(named.def, &ctx)
                })
                .map_err(|failure| constraint(within_formula(failure, body)))?;
                holds(value, &named.name).map_err(constraint)?
            }
        };
        if !held {
            return Ok(Some(index));
        }
        if let Some((memo, _)) = remembered {
            memo.borrow_mut().remember_holds(first_entry + index);
        }
    }
    let Some(from) = from else { return Ok(None) };
    let ctx = Ctx::transition(from, to, worker);
    for (index, named) in model.action_constraints.iter().enumerate() {
        let body = definition_body(model, named.def);
        let value = with_root(worker, RootKind::Constraint, body, || {
            model.evaluator.eval_definition(named.def, &ctx)
        })
        .map_err(|failure| constraint(within_formula(failure, body)))?;
        if !holds(value, &named.name).map_err(constraint)? {
            return Ok(Some(model.constraints.len() + index));
        }
    }
    Ok(None)
}

/// The positions TLC's replay of the initial predicate has on its call stack when a state is
/// complete, outermost first: each conjunct of the predicate, walked into conjunctions and
/// called definitions (later conjuncts are walked inside the earlier ones' frames, so all of
/// them are listed). Disjunctions, quantifiers and other shapes are listed without their parts
/// (which branch produced the state is not known here).
pub(crate) fn initial_predicate_positions(model: &Model) -> Vec<Location> {
    let mut positions = Vec::new();
    for conjunct in &model.init {
        walk_initial_conjunct(model, conjunct, &mut positions, 0);
    }
    positions
}

fn walk_initial_conjunct(model: &Model, expr: &Expr, positions: &mut Vec<Location>, depth: u32) {
    use tla_sema::hir::ExprKind;
    let location = Location::of(expr);
    if positions.last() != Some(&location) {
        positions.push(location);
    }
    if depth > 64 {
        return;
    }
    match &expr.kind {
        ExprKind::Junction { conjunction: true, items } => {
            for item in items {
                walk_initial_conjunct(model, item, positions, depth + 1);
            }
        }
        ExprKind::Call { def, .. } => {
            if let Some(body) = definition_body(model, *def) {
                walk_initial_conjunct(model, body, positions, depth + 1);
            }
        }
        _ => {}
    }
}

/// What TLC evaluates to find state `to` again from its predecessor `from` when it prints a
/// trace (`Tool.getState`), see [`find_successor`] (with `to` empty, every action up to the first
/// that fails, as TLC's replay of an error in the next-state relation). Only the evaluation's
/// side effects matter (the warnings and `Print` lines it gives); nothing is returned.
pub fn replay_step(model: &Model, actions: &[tla_eval::Action], from: &[Value], to: &[Value]) {
    let worker = WorkerContext::new(0, 0);
    let target = match to {
        [] => None,
        _ => {
            let mut target = to.to_vec();
            let Ok(target) = normalize_and_fingerprint(model, &mut target, &worker) else {
                return;
            };
            Some(target)
        }
    };
    let _ = find_successor(model, actions, from, target, &worker, None);
}

/// The first successor of `from` whose fingerprint is `fingerprint`, with its action's index,
/// found as TLC finds a trace's state again (`Tool.getState`): the actions in order, each one's
/// successors in order, the constraints not evaluated. Without a match (or without a
/// fingerprint) the actions are evaluated up to the first that fails. `level` is the level of
/// `from`, set as the search sets it while it expands a state, when it is known.
pub(crate) fn find_successor(
    model: &Model,
    actions: &[tla_eval::Action],
    from: &[Value],
    fingerprint: Option<u64>,
    worker: &WorkerContext,
    level: Option<u64>,
) -> Option<(Vec<Value>, usize)> {
    for (index, action) in actions.iter().enumerate() {
        if let Some(level) = level {
            worker.level.set(level);
        }
        let (generated, result) = action.successors(&model.evaluator, from, worker);
        if let Some(level) = level {
            worker.level.set(level + 1);
        }
        for mut values in generated {
            if fingerprint.is_some()
                && normalize_and_fingerprint(model, &mut values, worker).ok() == fingerprint
            {
                return Some((values, index));
            }
        }
        result.ok()?;
    }
    None
}
