//! Property tests over generated values: set normalisation, order and equality laws,
//! fingerprints independent of representation, printing stable under pretty-printing, and no
//! panics on arbitrary (ill-typed) inputs.

use std::cmp::Ordering;

use tla_values::fingerprint::{canonical_words, fingerprint, StateHash};
use tla_values::pretty::pretty_print;
use tla_values::{compare, equals, functions, sets, to_tlc_string, SetEnum, Value};

use crate::support::random::Generator;

const ROUNDS: u64 = 400;

/// The checker's state hash of one value.
fn state_hash(value: &Value) -> u64 {
    StateHash::new().value(value).expect("hashes").finish()
}

/// The exact canonical encoding of one value (`None` for a lazy one).
fn words(value: &Value) -> Option<Vec<u64>> {
    let mut words = Vec::new();
    canonical_words(value, &mut words).then_some(words)
}

#[test]
fn set_normalisation_sorts_deduplicates_and_ignores_input_order() {
    for seed in 0..ROUNDS {
        let mut generator = Generator::new(seed);
        let shape = generator.shape(2);
        let elems: Vec<Value> =
            (0..generator.rng.below(8)).map(|_| generator.value(&shape)).collect();
        let set = SetEnum::normalized_from(elems.clone()).expect("one kind normalises");
        let normal = set.current_elements();
        for pair in normal.windows(2) {
            assert_eq!(
                compare(&pair[0], &pair[1]),
                Ok(Ordering::Less),
                "seed {seed}: not strictly sorted"
            );
        }
        for elem in &elems {
            let set_value =
                Value::Set(std::sync::Arc::new(SetEnum::from_normalized(normal.to_vec())));
            assert_eq!(sets::member(&set_value, elem), Ok(true), "seed {seed}: lost {elem:?}");
        }
        let mut shuffled = elems.clone();
        shuffled.reverse();
        if let Some(first) = elems.first() {
            shuffled.push(first.clone());
        }
        let again = SetEnum::normalized_from(shuffled).expect("normalises");
        assert_eq!(again.current_elements().len(), normal.len(), "seed {seed}");
        for (x, y) in again.current_elements().iter().zip(normal) {
            assert_eq!(equals(x, y), Ok(true), "seed {seed}: order depends on input order");
        }
        // An unnormalised set answers membership by scanning, with the same answers.
        let lazy = Value::set_from_unnormalized(elems.clone());
        for elem in &elems {
            assert_eq!(sets::member(&lazy, elem), Ok(true), "seed {seed}");
        }
    }
}

/// Sorting by binary insertion in input order, keeping the first of equal elements: what
/// normalisation must give.
fn reference_normal_form(elems: &[Value]) -> Vec<Value> {
    let mut sorted: Vec<Value> = Vec::new();
    for elem in elems {
        if sorted.iter().any(|other| equals(other, elem) == Ok(true)) {
            continue;
        }
        let place = sorted
            .iter()
            .position(|other| compare(elem, other) == Ok(Ordering::Less))
            .unwrap_or(sorted.len());
        sorted.insert(place, elem.clone());
    }
    sorted
}

#[test]
fn a_normalised_set_with_a_few_elements_appended_normalises_like_any_other() {
    for seed in 0..ROUNDS {
        let mut generator = Generator::new(seed);
        let shape = generator.shape(2);
        let base: Vec<Value> =
            (0..generator.rng.below(10)).map(|_| generator.value(&shape)).collect();
        let normal = SetEnum::normalized_from(base).expect("one kind normalises");
        let mut elems = normal.current_elements().to_vec();
        for _ in 0..generator.rng.below(7) {
            // Sometimes an element already there (it must be dropped), usually a new one.
            if !elems.is_empty() && generator.rng.chance(30) {
                let again = elems[generator.rng.below(elems.len())].clone();
                elems.push(again);
            } else {
                elems.push(generator.value(&shape));
            }
        }
        let expected = reference_normal_form(&elems);
        let set = SetEnum::normalized_from(elems).expect("normalises");
        let got = set.current_elements();
        assert_eq!(got.len(), expected.len(), "seed {seed}");
        for (x, y) in got.iter().zip(&expected) {
            assert_eq!(equals(x, y), Ok(true), "seed {seed}");
            // The first of equal elements is the one kept, in whatever representation it had.
            assert_eq!(std::mem::discriminant(x), std::mem::discriminant(y), "seed {seed}");
        }
    }
}

#[test]
fn order_is_antisymmetric_and_agrees_with_equality() {
    for seed in 0..ROUNDS {
        let mut generator = Generator::new(seed);
        let shape = generator.shape(3);
        let a = generator.value(&shape);
        let b = generator.value(&shape);
        let ab = compare(&a, &b).expect("same shape compares");
        let ba = compare(&b, &a).expect("same shape compares");
        assert_eq!(ab, ba.reverse(), "seed {seed}: {a:?} vs {b:?}");
        assert_eq!(
            ab == Ordering::Equal,
            equals(&a, &b).expect("same shape"),
            "seed {seed}: {a:?} vs {b:?}"
        );
        assert_eq!(compare(&a, &a), Ok(Ordering::Equal), "seed {seed}");
    }
}

#[test]
fn fingerprints_do_not_depend_on_representation() {
    for seed in 0..ROUNDS {
        let mut generator = Generator::new(seed);
        let shape = generator.shape(3);
        let value = generator.value(&shape);
        let other = generator.other_representation(&value);
        assert_eq!(equals(&value, &other), Ok(true), "seed {seed}: {value:?} vs {other:?}");
        assert_eq!(equals(&other, &value), Ok(true), "seed {seed}: {other:?} vs {value:?}");
        assert_eq!(fingerprint(&value), fingerprint(&other), "seed {seed}: {value:?} vs {other:?}");
        assert_eq!(state_hash(&value), state_hash(&other), "seed {seed}: {value:?} vs {other:?}");
        // The second time, sets, functions and records answer from the hash they kept.
        assert_eq!(state_hash(&value), state_hash(&other), "seed {seed}: kept hashes differ");
        let concrete = StateHash::new().concrete_value(&value).map(StateHash::finish);
        assert_eq!(concrete, Some(state_hash(&value)), "seed {seed}: {value:?}");
        assert_eq!(words(&value), words(&other), "seed {seed}: {value:?} vs {other:?}");
        assert!(words(&value).is_some(), "seed {seed}: {value:?} has no exact encoding");
        assert_eq!(to_tlc_string(&value), to_tlc_string(&other), "seed {seed}");
    }
}

#[test]
fn unequal_values_get_different_fingerprints() {
    let mut generator = Generator::new(7);
    let mut seen: Vec<(u64, u64, Option<Vec<u64>>, Value)> = Vec::new();
    let shape = generator.shape(3);
    for _ in 0..300 {
        let value = generator.value(&shape);
        let fp = fingerprint(&value).expect("fingerprints");
        let hash = state_hash(&value);
        let exact = words(&value);
        for (other_fp, other_hash, other_exact, other) in &seen {
            let same = equals(&value, other).expect("same shape");
            assert_eq!(same, fp == *other_fp, "{value:?} vs {other:?}");
            assert_eq!(same, hash == *other_hash, "{value:?} vs {other:?}");
            assert_eq!(same, exact == *other_exact, "{value:?} vs {other:?}");
        }
        seen.push((fp, hash, exact, value));
    }
}

#[test]
fn intervals_equal_their_enumerations() {
    for low in -2..3 {
        for high in -2..4 {
            let interval = Value::interval(low, high);
            let elems: Vec<Value> = (low..=high).rev().map(|n| Value::Int(n.into())).collect();
            let set = Value::set_from_unnormalized(elems);
            assert_eq!(equals(&interval, &set), Ok(true));
            assert_eq!(equals(&set, &interval), Ok(true));
            assert_eq!(compare(&interval, &set), Ok(Ordering::Equal));
            assert_eq!(fingerprint(&interval), fingerprint(&set));
            assert_eq!(state_hash(&interval), state_hash(&set));
        }
    }
}

fn without_whitespace(text: &str) -> String {
    text.chars().filter(|c| !c.is_whitespace()).collect()
}

#[test]
fn pretty_printing_only_moves_whitespace() {
    for seed in 0..ROUNDS {
        let mut generator = Generator::new(seed);
        let shape = generator.shape(4);
        let value = generator.value(&shape);
        let flat = to_tlc_string(&value);
        for width in [10, 30, 80] {
            let pretty = pretty_print(&flat, width);
            assert_eq!(
                without_whitespace(&pretty),
                without_whitespace(&flat),
                "seed {seed} width {width}"
            );
            if flat.chars().count() <= width {
                assert_eq!(pretty, flat);
            }
        }
    }
}

#[test]
fn no_operation_panics_on_arbitrary_values() {
    for seed in 0..ROUNDS {
        let mut generator = Generator::new(seed);
        let a = generator.any_value(3);
        let b = generator.any_value(3);
        let _ = compare(&a, &b);
        let _ = equals(&a, &b);
        let _ = sets::member(&a, &b);
        let _ = sets::union(&a, &b);
        let _ = sets::intersection(&a, &b);
        let _ = sets::difference(&a, &b);
        let _ = sets::subseteq(&a, &b);
        let _ = sets::cardinality(&a);
        let _ = sets::elements(&a);
        let _ = sets::is_finite(&a);
        let _ = sets::big_union(&a);
        let _ = functions::apply(&a, &b);
        let _ = functions::domain(&a);
        let _ = functions::combine_functions(&a, &b);
        let _ = functions::except(&a, std::slice::from_ref(&b), a.clone());
        let _ = fingerprint(&a);
        let _ = tla_values::try_to_tlc_string(&a);
        let text = to_tlc_string(&a);
        let _ = pretty_print(&text, 20);
        // Truncated and mangled printed forms must not panic the pretty-printer either.
        for cut in 0..text.len().min(40) {
            if text.is_char_boundary(cut) {
                let _ = pretty_print(&text[..cut], 8);
            }
        }
    }
}

#[test]
fn strings_order_by_first_interning_not_alphabetically() {
    let generator = Generator::new(1);
    let interner = generator.interner();
    let qq = Value::Str(interner.intern("qq"));
    let bb = Value::Str(interner.intern("bb"));
    let fresh = Value::Str(interner.intern("aaa"));
    assert_eq!(compare(&qq, &bb), Ok(Ordering::Less));
    assert_eq!(compare(&bb, &fresh), Ok(Ordering::Less));
    let set = Value::set_from_unnormalized(vec![fresh, bb, qq]);
    assert_eq!(to_tlc_string(&set), r#"{"qq", "bb", "aaa"}"#);
}

#[test]
fn values_stay_small() {
    // States are vectors of values; keep the enum at three words.
    assert!(std::mem::size_of::<Value>() <= 24, "Value is {} bytes", std::mem::size_of::<Value>());
}
