//! Tests of the orbit key: equal values hash alike whatever their representation, a state and
//! its images share a key, and (on random states from small spaces, compared with orbits built
//! value by value) states of different orbits do not.

use super::image_hashes::image_row;
use super::*;
use std::sync::Arc;
use tla_values::{Interner, Interval};

fn model_values(interner: &Interner, names: &[&str]) -> Vec<Atom> {
    names.iter().map(|name| interner.intern(name)).collect()
}

fn swap(first: Atom, second: Atom) -> Permutation {
    let mut pairs = vec![(first, second), (second, first)];
    pairs.sort_by_key(|(from, _)| from.rank());
    pairs
}

fn key(state: &[Value], group: &SymmetryGroup) -> u64 {
    symmetric_fingerprint(state, group).unwrap()
}

#[test]
fn equal_values_in_other_representations_hash_alike() {
    let group = SymmetryGroup::default();
    let row = |value: &Value| image_row(value, &group).unwrap();
    let interval = Value::Interval(Interval { low: 1, high: 3 });
    let enumerated = Value::set_from_unnormalized((1..=3).rev().map(Value::Int).collect());
    assert_eq!(row(&interval), row(&enumerated));
    let tuple = Value::tuple(vec![Value::Int(7), Value::Int(8)]);
    let function =
        Value::function(vec![Value::Int(1), Value::Int(2)], vec![Value::Int(7), Value::Int(8)])
            .unwrap();
    let on_interval = Value::Function(Arc::new(tla_values::Function::from_interval(
        1,
        vec![Value::Int(7), Value::Int(8)],
    )));
    assert_eq!(row(&tuple), row(&function));
    assert_eq!(row(&tuple), row(&on_interval));
    let interner = Interner::new();
    let names = model_values(&interner, &["f", "g"]);
    let record = Value::record(vec![(names[1], Value::Int(1)), (names[0], Value::Int(2))]).unwrap();
    let on_strings = Value::function(
        vec![Value::Str(names[0]), Value::Str(names[1])],
        vec![Value::Int(2), Value::Int(1)],
    )
    .unwrap();
    assert_eq!(row(&record), row(&on_strings));
    assert_ne!(row(&Value::empty_set()), row(&Value::tuple(Vec::new())));
    assert_ne!(row(&Value::Str(names[0])), row(&Value::ModelValue(names[0])));
}

#[test]
fn variables_without_moved_model_values_keep_their_hash_under_every_permutation() {
    let interner = Interner::new();
    let atoms = model_values(&interner, &["a", "b", "w"]);
    let group = SymmetryGroup::new(vec![swap(atoms[0], atoms[1])]);
    let unmoved = Value::set_from_unnormalized(vec![Value::ModelValue(atoms[2]), Value::Int(1)]);
    let row = image_row(&unmoved, &group).unwrap();
    assert!(row.iter().all(|hash| *hash == row[0]));
    let moved = Value::tuple(vec![Value::ModelValue(atoms[0]), Value::Int(1)]);
    let row = image_row(&moved, &group).unwrap();
    assert_ne!(row[0], row[1]);
    let state = |owner: &Atom, count: i64| {
        vec![Value::ModelValue(*owner), Value::Int(count), Value::ModelValue(atoms[2])]
    };
    let fingerprint = |owner: &Atom, count: i64| key(&state(owner, count), &group);
    assert_eq!(fingerprint(&atoms[0], 3), fingerprint(&atoms[1], 3));
    assert_ne!(fingerprint(&atoms[0], 3), fingerprint(&atoms[0], 4));
    assert_ne!(fingerprint(&atoms[0], 3), fingerprint(&atoms[2], 3));
}

#[test]
fn a_state_and_its_image_share_the_orbit_fingerprint() {
    let interner = Interner::new();
    let atoms = model_values(&interner, &["a", "b", "c"]);
    let state = |owner: &Atom, waiting: &[&Atom]| {
        vec![
            Value::ModelValue(*owner),
            Value::set_from_unnormalized(
                waiting.iter().map(|atom| Value::ModelValue(*(*atom))).collect(),
            ),
        ]
    };
    let group = SymmetryGroup::new(vec![swap(atoms[0], atoms[1])]);
    let first = key(&state(&atoms[0], &[&atoms[2]]), &group);
    let image = key(&state(&atoms[1], &[&atoms[2]]), &group);
    let other = key(&state(&atoms[2], &[&atoms[0]]), &group);
    assert_eq!(first, image);
    assert_ne!(first, other);
}

#[test]
fn cached_and_fresh_hashes_agree() {
    let interner = Interner::new();
    let atoms = model_values(&interner, &["a", "b", "c"]);
    let group = SymmetryGroup::new(group_generated_by(vec![
        swap(atoms[0], atoms[1]),
        swap(atoms[1], atoms[2]),
    ]));
    assert_eq!(group.order(), 6);
    let mut random = Random(7);
    let shapes = [Shape::MessageSet, Shape::ByModelValue, Shape::Sequence];
    for _ in 0..50 {
        let state: Vec<Value> =
            shapes.iter().map(|shape| random.value(*shape, &atoms, &interner)).collect();
        let first = key(&state, &group);
        // The same allocations again (from the cache), then equal values built anew.
        assert_eq!(key(&state, &group), first);
        let rebuilt: Vec<Value> = state.iter().map(|value| permuted(value, &[])).collect();
        assert_eq!(key(&rebuilt, &group), first);
    }
}

/// The kinds of variables the random states are made of.
#[derive(Clone, Copy, Debug)]
enum Shape {
    /// A model value, moved or not.
    Owner,
    /// A set of records naming model values and numbers.
    MessageSet,
    /// A function from model values to sets of model values.
    ByModelValue,
    /// A tuple of numbers and model values' records.
    Sequence,
    /// A set of sets of model values.
    NestedSet,
}

/// A small deterministic generator (splitmix64), so failures reproduce.
struct Random(u64);

impl Random {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut x = self.0;
        x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        x ^ (x >> 31)
    }

    fn below(&mut self, bound: usize) -> usize {
        (self.next() % bound as u64) as usize
    }

    fn atom(&mut self, atoms: &[Atom]) -> Value {
        Value::ModelValue(atoms[self.below(atoms.len())])
    }

    fn value(&mut self, shape: Shape, atoms: &[Atom], interner: &Interner) -> Value {
        match shape {
            Shape::Owner => self.atom(atoms),
            Shape::MessageSet => {
                let count = self.below(3);
                let messages = (0..count)
                    .map(|_| {
                        Value::record(vec![
                            (interner.intern("src"), self.atom(atoms)),
                            (interner.intern("bal"), Value::Int(self.below(2) as i64)),
                        ])
                        .unwrap()
                    })
                    .collect();
                Value::set_from_unnormalized(messages)
            }
            Shape::ByModelValue => {
                let domain: Vec<Value> = atoms
                    .iter()
                    .filter(|_| self.below(3) > 0)
                    .map(|atom| Value::ModelValue(*atom))
                    .collect();
                let values = domain
                    .iter()
                    .map(|_| {
                        let count = self.below(2);
                        Value::set_from_unnormalized((0..count).map(|_| self.atom(atoms)).collect())
                    })
                    .collect();
                Value::function(domain, values).unwrap()
            }
            Shape::Sequence => {
                let length = self.below(3);
                let elements = (0..length)
                    .map(|_| {
                        Value::record(vec![
                            (interner.intern("who"), self.atom(atoms)),
                            (interner.intern("n"), Value::Int(self.below(2) as i64)),
                        ])
                        .unwrap()
                    })
                    .collect();
                Value::tuple(elements)
            }
            Shape::NestedSet => {
                let count = self.below(3);
                let sets = (0..count)
                    .map(|_| {
                        let size = self.below(3);
                        Value::set_from_unnormalized((0..size).map(|_| self.atom(atoms)).collect())
                    })
                    .collect();
                Value::set_from_unnormalized(sets)
            }
        }
    }
}

/// `value` with its model values renamed by `permutation`, built anew (the reference the hashes
/// are checked against).
fn permuted(value: &Value, permutation: &[(Atom, Atom)]) -> Value {
    match value {
        Value::ModelValue(atom) => Value::ModelValue(
            permutation.iter().find(|(from, _)| from == atom).map_or(*atom, |(_, to)| *to),
        ),
        Value::Set(set) => Value::set_from_unnormalized(
            set.normalized()
                .unwrap()
                .iter()
                .map(|element| permuted(element, permutation))
                .collect(),
        ),
        Value::Tuple(elements) => {
            Value::tuple(elements.iter().map(|element| permuted(element, permutation)).collect())
        }
        Value::Record(record) => Value::record(
            record
                .names()
                .iter()
                .zip(record.values())
                .map(|(name, field)| (*name, permuted(field, permutation)))
                .collect(),
        )
        .unwrap(),
        Value::Function(function) => Value::function(
            function
                .domain_elements()
                .iter()
                .map(|argument| permuted(argument, permutation))
                .collect(),
            function.values().iter().map(|result| permuted(result, permutation)).collect(),
        )
        .unwrap(),
        other => other.clone(),
    }
}

fn same_state(first: &[Value], second: &[Value]) -> bool {
    first.iter().zip(second).all(|(a, b)| tla_values::equals(a, b).unwrap())
}

/// Random states of a small space: a state and each of its images share a key, and two states
/// share a key exactly when one is an image of the other.
fn check_keys_are_orbits(
    group: &SymmetryGroup,
    (interner, atoms): (&Interner, &[Atom]),
    shapes: &[Shape],
    seed: u64,
) {
    let mut random = Random(seed);
    let states: Vec<Vec<Value>> = (0..120)
        .map(|_| shapes.iter().map(|shape| random.value(*shape, atoms, interner)).collect())
        .collect();
    let keys: Vec<u64> = states.iter().map(|state| key(state, group)).collect();
    let mut same_orbit_pairs = 0;
    for (state, state_key) in states.iter().zip(&keys) {
        for permutation in group.permutations() {
            let image: Vec<Value> =
                state.iter().map(|value| permuted(value, permutation)).collect();
            assert_eq!(key(&image, group), *state_key, "{state:?} under {permutation:?}");
        }
    }
    for (first, first_key) in states.iter().zip(&keys) {
        for (second, second_key) in states.iter().zip(&keys) {
            let in_orbit = same_state(first, second)
                || group.permutations().iter().any(|permutation| {
                    let image: Vec<Value> =
                        first.iter().map(|value| permuted(value, permutation)).collect();
                    same_state(&image, second)
                });
            assert_eq!(in_orbit, first_key == second_key, "{first:?} and {second:?}");
            if in_orbit && !same_state(first, second) {
                same_orbit_pairs += 1;
            }
        }
    }
    // The space is small enough that distinct states of one orbit do meet.
    assert!(same_orbit_pairs > 0);
}

#[test]
fn keys_are_orbits_under_all_permutations_of_three_values() {
    let interner = Interner::new();
    let atoms = model_values(&interner, &["a", "b", "c", "w"]);
    let group = SymmetryGroup::new(group_generated_by(vec![
        swap(atoms[0], atoms[1]),
        swap(atoms[1], atoms[2]),
    ]));
    assert_eq!(group.order(), 6);
    check_keys_are_orbits(&group, (&interner, &atoms), &[Shape::Owner, Shape::MessageSet], 1);
    check_keys_are_orbits(&group, (&interner, &atoms), &[Shape::ByModelValue], 2);
    check_keys_are_orbits(&group, (&interner, &atoms), &[Shape::Sequence, Shape::Owner], 3);
    check_keys_are_orbits(&group, (&interner, &atoms), &[Shape::NestedSet], 4);
}

#[test]
fn keys_are_orbits_under_a_union_of_two_permutation_sets() {
    let interner = Interner::new();
    let atoms = model_values(&interner, &["a", "b", "c", "d"]);
    let group = SymmetryGroup::new(group_generated_by(vec![
        swap(atoms[0], atoms[1]),
        swap(atoms[2], atoms[3]),
    ]));
    assert_eq!(group.order(), 4);
    check_keys_are_orbits(&group, (&interner, &atoms), &[Shape::Owner, Shape::Owner], 5);
    check_keys_are_orbits(&group, (&interner, &atoms), &[Shape::ByModelValue, Shape::Owner], 6);
    check_keys_are_orbits(&group, (&interner, &atoms), &[Shape::MessageSet], 7);
}

#[test]
fn keys_are_orbits_under_a_cyclic_group() {
    let interner = Interner::new();
    let atoms = model_values(&interner, &["a", "b", "c"]);
    // a -> b -> c -> a and its powers only: the swap of a and b is not in the group.
    let mut cycle = vec![(atoms[0], atoms[1]), (atoms[1], atoms[2]), (atoms[2], atoms[0])];
    cycle.sort_by_key(|(from, _)| from.rank());
    let group = SymmetryGroup::new(group_generated_by(vec![cycle]));
    assert_eq!(group.order(), 3);
    check_keys_are_orbits(&group, (&interner, &atoms), &[Shape::Owner, Shape::Owner], 8);
    check_keys_are_orbits(&group, (&interner, &atoms), &[Shape::ByModelValue], 9);
}

#[test]
fn symbolic_values_hash_as_what_they_stand_for_and_stop_the_concrete_walk() {
    use tla_values::{LazyKind, LazySet};
    let interner = Interner::new();
    let atoms = model_values(&interner, &["a", "b", "c"]);
    let group = SymmetryGroup::new(group_generated_by(vec![
        swap(atoms[0], atoms[1]),
        swap(atoms[1], atoms[2]),
    ]));
    let pair = Value::set_from_unnormalized(vec![
        Value::ModelValue(atoms[0]),
        Value::ModelValue(atoms[1]),
    ]);
    let lazy = vec![Value::Int(1), Value::lazy(LazySet::new(LazyKind::Subset(pair.clone())))];
    let subsets = [
        Value::empty_set(),
        Value::set_from_unnormalized(vec![Value::ModelValue(atoms[0])]),
        Value::set_from_unnormalized(vec![Value::ModelValue(atoms[1])]),
        pair,
    ];
    let enumerated = vec![Value::Int(1), Value::set_from_unnormalized(subsets.to_vec())];
    assert_eq!(concrete_symmetric_fingerprint(&lazy, &group), None);
    let expected = concrete_symmetric_fingerprint(&enumerated, &group).unwrap();
    assert_eq!(key(&enumerated, &group), expected);
    assert_eq!(key(&lazy, &group), expected);
    // Twice: nothing built for the occasion was remembered under a reused address.
    assert_eq!(key(&lazy, &group), expected);
}
