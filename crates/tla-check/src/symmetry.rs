//! Symmetry reduction: a state and its images under the model's `SYMMETRY` permutations count
//! as one.
//!
//! TLC evaluates the `SYMMETRY` definition to a set of permutations of model values and counts
//! a state and its images under the group those permutations generate as one
//! (`MVPerms.permutationSubgroup`; `Permutations(A) \cup Permutations(B)` is common). Any
//! representative of the orbit gives TLC's state counts; we take the smallest image hash.

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
                (Value::ModelValue(from), Value::ModelValue(to)) => pairs.push((*from, *to)),
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
        permutation.iter().find(|(from, _)| from == atom).map_or_else(|| *atom, |(_, to)| *to)
    };
    let mut moved: Vec<Atom> = first.iter().chain(second).map(|(from, _)| *from).collect();
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

/// A fingerprint of the orbit of `state`: the smallest image hash over the permutation group
/// (the identity included), so every state of one orbit gets the same value.
///
/// Images are hashed without being built: a model value hashes as its image, a set as the
/// sorted hashes of its elements and a function (tuples and records included) as the sorted
/// hashes of its argument/value pairs, so no permuted set has to be normalised again. Equal
/// values hash equally whatever their representation (an interval and the enumerated set of
/// its numbers, a tuple and the function on `1..n`). The hash is ours, not TLC's fingerprint;
/// it is only compared with other states of the same run.
///
/// A variable whose value holds no model value the group moves hashes the same under every
/// permutation: its identity hash is computed once and reused.
pub fn symmetric_fingerprint(state: &[Value], permutations: &[Permutation]) -> EvalResult<u64> {
    let moved: Vec<Atom> = permutations.iter().flatten().map(|(from, _)| *from).collect::<Vec<_>>();
    let mut identity = Vec::with_capacity(state.len());
    for value in state {
        let mut touched = false;
        let hash = image_hash(value, &[], &mut |atom| touched |= moved.contains(atom))?;
        identity.push((hash, touched));
    }
    let mut best = identity.iter().fold(tag::STATE, |hash, (value, _)| combine(hash, *value));
    for permutation in permutations {
        let mut hash = tag::STATE;
        for (value, (identity_hash, touched)) in state.iter().zip(&identity) {
            let image = if *touched {
                image_hash(value, permutation, &mut |_| {})?
            } else {
                *identity_hash
            };
            hash = combine(hash, image);
        }
        best = best.min(hash);
    }
    Ok(best)
}

mod tag {
    pub const STATE: u64 = 0x5354_4154_4500_0001;
    pub const BOOL: u64 = 0x424f_4f4c_0000_0002;
    pub const INT: u64 = 0x494e_5400_0000_0003;
    pub const STRING: u64 = 0x5354_5249_4e47_0004;
    pub const MODEL_VALUE: u64 = 0x4d4f_4445_4c00_0005;
    pub const SET: u64 = 0x5345_5400_0000_0006;
    pub const FUNCTION: u64 = 0x4655_4e43_0000_0007;
    pub const PAIR: u64 = 0x5041_4952_0000_0008;
}

/// The splitmix64 finaliser: every input bit moves every output bit.
fn mix(mut x: u64) -> u64 {
    x ^= x >> 30;
    x = x.wrapping_mul(0xbf58_476d_1ce4_e5b9);
    x ^= x >> 27;
    x = x.wrapping_mul(0x94d0_49bb_1331_11eb);
    x ^ (x >> 31)
}

fn combine(hash: u64, next: u64) -> u64 {
    mix(hash.rotate_left(23) ^ next)
}

/// The hash of `value` renamed by `permutation`; `seen` is told each model value met.
fn image_hash(
    value: &Value,
    permutation: &[(Atom, Atom)],
    seen: &mut dyn FnMut(&Atom),
) -> EvalResult<u64> {
    Ok(match value {
        Value::Bool(b) => combine(tag::BOOL, u64::from(*b)),
        Value::Int(n) => combine(tag::INT, *n as u64),
        Value::Str(atom) => combine(tag::STRING, u64::from(atom.rank())),
        Value::ModelValue(atom) => {
            seen(atom);
            let image =
                permutation.iter().find(|(from, _)| from == atom).map_or(atom, |(_, to)| to);
            combine(tag::MODEL_VALUE, u64::from(image.rank()))
        }
        Value::Interval(interval) => {
            let numbers = i64::from(interval.low)..=i64::from(interval.high);
            sorted_hash(tag::SET, numbers.map(|n| combine(tag::INT, n as u64)).collect())
        }
        Value::Set(set) => {
            let elements = set.normalized()?;
            let mut hashes = Vec::with_capacity(elements.len());
            for element in elements {
                hashes.push(image_hash(element, permutation, seen)?);
            }
            sorted_hash(tag::SET, hashes)
        }
        Value::Tuple(elements) => {
            let mut hashes = Vec::with_capacity(elements.len());
            for (index, element) in elements.iter().enumerate() {
                let argument = combine(tag::INT, index as u64 + 1);
                hashes.push(pair_hash(argument, image_hash(element, permutation, seen)?));
            }
            sorted_hash(tag::FUNCTION, hashes)
        }
        Value::Record(record) => {
            let mut hashes = Vec::with_capacity(record.len());
            for (name, field) in record.names().iter().zip(record.values()) {
                let argument = combine(tag::STRING, u64::from(name.rank()));
                hashes.push(pair_hash(argument, image_hash(field, permutation, seen)?));
            }
            sorted_hash(tag::FUNCTION, hashes)
        }
        Value::Function(function) => {
            let domain = function.domain_elements();
            let mut hashes = Vec::with_capacity(domain.len());
            for (argument, result) in domain.iter().zip(function.values()) {
                hashes.push(pair_hash(
                    image_hash(argument, permutation, seen)?,
                    image_hash(result, permutation, seen)?,
                ));
            }
            sorted_hash(tag::FUNCTION, hashes)
        }
        Value::Lazy(_) | Value::Ext(_) => match convert::to_set_enum(value)? {
            Some(set) => image_hash(&Value::Set(set), permutation, seen)?,
            None => match convert::to_function(value)? {
                Some(function) => image_hash(&Value::Function(function), permutation, seen)?,
                None => {
                    // Values with no structure to rename (operators): their TLC fingerprint.
                    Fingerprint::new().value(value)?.0
                }
            },
        },
    })
}

fn pair_hash(argument: u64, result: u64) -> u64 {
    combine(combine(tag::PAIR, argument), result)
}

/// An order-independent hash of a collection: its size, then its sorted element hashes.
fn sorted_hash(kind: u64, mut hashes: Vec<u64>) -> u64 {
    hashes.sort_unstable();
    let mut hash = combine(kind, hashes.len() as u64);
    for element in hashes {
        hash = combine(hash, element);
    }
    hash
}

#[cfg(test)]
mod tests {
    use super::*;
    use tla_values::{Interner, Interval};

    fn model_values(interner: &Interner, names: &[&str]) -> Vec<Atom> {
        names.iter().map(|name| interner.intern(name)).collect()
    }

    #[test]
    fn equal_values_in_other_representations_hash_alike() {
        let interval = Value::Interval(Interval { low: 1, high: 3 });
        let enumerated = Value::set_from_unnormalized((1..=3).map(Value::Int).collect());
        assert_eq!(
            image_hash(&interval, &[], &mut |_| {}).unwrap(),
            image_hash(&enumerated, &[], &mut |_| {}).unwrap()
        );
        let tuple = Value::tuple(vec![Value::Int(7), Value::Int(8)]);
        let function =
            Value::function(vec![Value::Int(1), Value::Int(2)], vec![Value::Int(7), Value::Int(8)])
                .unwrap();
        assert_eq!(
            image_hash(&tuple, &[], &mut |_| {}).unwrap(),
            image_hash(&function, &[], &mut |_| {}).unwrap()
        );
    }

    #[test]
    fn variables_without_moved_model_values_keep_their_hash_under_every_permutation() {
        let interner = Interner::new();
        let atoms = model_values(&interner, &["a", "b", "w"]);
        let group = [vec![(atoms[0], atoms[1]), (atoms[1], atoms[0])]];
        // The second variable holds only a model value the group does not move.
        let state = |owner: &Atom, count: i64| {
            vec![Value::ModelValue(*owner), Value::Int(count), Value::ModelValue(atoms[2])]
        };
        let fingerprint =
            |owner: &Atom, count: i64| symmetric_fingerprint(&state(owner, count), &group).unwrap();
        assert_eq!(fingerprint(&atoms[0], 3), fingerprint(&atoms[1], 3));
        assert_ne!(fingerprint(&atoms[0], 3), fingerprint(&atoms[0], 4));
        assert_ne!(fingerprint(&atoms[0], 3), fingerprint(&atoms[2], 3));
    }

    #[test]
    fn a_state_and_its_image_share_the_orbit_fingerprint() {
        let interner = Interner::new();
        let atoms = model_values(&interner, &["a", "b", "c"]);
        let swap_a_b = vec![(atoms[0], atoms[1]), (atoms[1], atoms[0])];
        let state = |owner: &Atom, waiting: &[&Atom]| {
            vec![
                Value::ModelValue(*owner),
                Value::set_from_unnormalized(
                    waiting.iter().map(|atom| Value::ModelValue(*(*atom))).collect(),
                ),
            ]
        };
        let group = [swap_a_b];
        let first = symmetric_fingerprint(&state(&atoms[0], &[&atoms[2]]), &group).unwrap();
        let image = symmetric_fingerprint(&state(&atoms[1], &[&atoms[2]]), &group).unwrap();
        let other = symmetric_fingerprint(&state(&atoms[2], &[&atoms[0]]), &group).unwrap();
        assert_eq!(first, image);
        assert_ne!(first, other);
    }
}
