//! Symmetry reduction: a state and its images under the model's `SYMMETRY` permutations count
//! as one.
//!
//! TLC evaluates the `SYMMETRY` definition to a set of permutations of model values and, for
//! each state, fingerprints the smallest of its images under those permutations, comparing
//! images variable by variable (in the order TLC lists variables) with TLC's value order. The
//! set need not be a group (`Permutations(A) \cup Permutations(B)` is common), and then which
//! states count as one depends on exactly that comparison, so it is reproduced here.

use std::sync::Arc;

use tla_values::{
    convert, fingerprint::Fingerprint, sets, Atom, EvalError, EvalErrorKind, EvalResult, Value,
};

/// One permutation of model values, as pairs `(from, to)`.
pub type Permutation = Vec<(Atom, Atom)>;

/// The permutations a `SYMMETRY` definition's value lists.
pub fn permutations_of(value: &Value) -> EvalResult<Vec<Permutation>> {
    let mut permutations = Vec::new();
    for element in sets::normalized_elements(value)? {
        let Some(function) = convert::to_function(&element)? else {
            return Err(EvalError::general(
                EvalErrorKind::WrongKind,
                format!(
                    "The symmetry set contains {}, which is not a permutation.",
                    tla_values::ppr(&element)
                ),
            ));
        };
        let mut pairs = Vec::new();
        for (from, to) in function.domain_elements().iter().zip(function.values()) {
            match (from, to) {
                (Value::ModelValue(from), Value::ModelValue(to)) => {
                    pairs.push((from.clone(), to.clone()))
                }
                _ => {
                    return Err(EvalError::general(
                        EvalErrorKind::WrongKind,
                        "A symmetry permutation must map model values to model values.",
                    ))
                }
            }
        }
        pairs.retain(|(from, to)| from != to);
        pairs.sort_by_key(|(from, _)| from.rank());
        if !pairs.is_empty() && !permutations.contains(&pairs) {
            permutations.push(pairs);
        }
    }
    Ok(group_generated_by(permutations))
}

/// Every permutation the given ones generate by composition, without the identity (TLC uses
/// the whole group, `MVPerms.permutationSubgroup`, not just the listed permutations).
fn group_generated_by(generators: Vec<Permutation>) -> Vec<Permutation> {
    let mut group = generators.clone();
    let mut frontier = generators.clone();
    while !frontier.is_empty() {
        let mut next = Vec::new();
        for generator in &generators {
            for element in &frontier {
                let composed = compose(generator, element);
                if !composed.is_empty() && !group.contains(&composed) {
                    group.push(composed.clone());
                    next.push(composed);
                }
            }
        }
        frontier = next;
    }
    group
}

/// `first` after `second`: `x` maps to `first(second(x))`; identity pairs dropped.
fn compose(first: &Permutation, second: &Permutation) -> Permutation {
    let apply = |permutation: &Permutation, atom: &Atom| -> Atom {
        permutation
            .iter()
            .find(|(from, _)| from == atom)
            .map_or_else(|| atom.clone(), |(_, to)| to.clone())
    };
    let mut moved: Vec<Atom> = first.iter().chain(second).map(|(from, _)| from.clone()).collect();
    moved.sort_by_key(Atom::rank);
    moved.dedup();
    let mut pairs: Vec<(Atom, Atom)> = moved
        .into_iter()
        .map(|atom| {
            let image = apply(first, &apply(second, &atom));
            (atom, image)
        })
        .filter(|(from, to)| from != to)
        .collect();
    pairs.sort_by_key(|(from, _)| from.rank());
    pairs
}

/// The fingerprint of the smallest image of `state` (the state itself included).
pub fn symmetric_fingerprint(state: &[Value], permutations: &[Permutation]) -> EvalResult<u64> {
    let mut best = state_fingerprint(state)?;
    for permutation in permutations {
        let image: Vec<Value> =
            state.iter().map(|value| permute(value, permutation)).collect::<EvalResult<_>>()?;
        best = best.min(state_fingerprint(&image)?);
    }
    Ok(best)
}

fn state_fingerprint(state: &[Value]) -> EvalResult<u64> {
    let mut fp = Fingerprint::new();
    for value in state {
        fp = fp.value(value)?;
    }
    Ok(fp.0)
}

/// `value` with every model value renamed by `permutation`.
pub fn permute(value: &Value, permutation: &Permutation) -> EvalResult<Value> {
    Ok(match value {
        Value::ModelValue(atom) => match permutation.iter().find(|(from, _)| from == atom) {
            Some((_, to)) => Value::ModelValue(to.clone()),
            None => value.clone(),
        },
        Value::Bool(_) | Value::Int(_) | Value::Str(_) | Value::Interval(_) => value.clone(),
        Value::Set(set) => {
            let elements = set.normalized()?;
            let permuted = elements
                .iter()
                .map(|element| permute(element, permutation))
                .collect::<EvalResult<_>>()?;
            Value::set_normalized(permuted)?
        }
        Value::Tuple(elements) => Value::Tuple(
            elements
                .iter()
                .map(|element| permute(element, permutation))
                .collect::<EvalResult<Vec<_>>>()?
                .into(),
        ),
        Value::Record(record) => {
            let fields = record
                .names()
                .iter()
                .zip(record.values())
                .map(|(name, field)| Ok((name.clone(), permute(field, permutation)?)))
                .collect::<EvalResult<Vec<_>>>()?;
            Value::record(fields)?
        }
        Value::Function(function) => {
            if function.interval().is_some() {
                let values = function
                    .values()
                    .iter()
                    .map(|v| permute(v, permutation))
                    .collect::<EvalResult<Vec<_>>>()?;
                let low = function.interval().map(|interval| interval.low).unwrap_or(1);
                Value::Function(Arc::new(tla_values::Function::from_interval(low, values)))
            } else {
                let domain = function
                    .domain_elements()
                    .iter()
                    .map(|v| permute(v, permutation))
                    .collect::<EvalResult<Vec<_>>>()?;
                let values = function
                    .values()
                    .iter()
                    .map(|v| permute(v, permutation))
                    .collect::<EvalResult<Vec<_>>>()?;
                Value::function(domain, values)?
            }
        }
        Value::Lazy(_) | Value::Ext(_) => match convert::to_set_enum(value)? {
            Some(set) => permute(&Value::Set(set), permutation)?,
            None => match convert::to_function(value)? {
                Some(function) => permute(&Value::Function(function), permutation)?,
                None => value.clone(),
            },
        },
    })
}
