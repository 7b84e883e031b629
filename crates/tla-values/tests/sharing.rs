//! What values share, and what a kept state lets go of: records of one shape share their
//! field names (per interner, never across two), functions over one set share its domain,
//! and a set normalised when its state was fingerprinted drops the elements as built.

use std::sync::Arc;

use tla_values::{sets, FunctionDomain, Interner, Record, SetEnum, Value};

fn integers(values: &[Value]) -> Vec<i64> {
    values.iter().map(|value| value.as_int().expect("an integer")).collect()
}

fn record(interner: &Interner, fields: &[(&str, i64)]) -> Arc<Record> {
    let fields = fields.iter().map(|(name, n)| (interner.intern(name), Value::Int(*n))).collect();
    Arc::new(Record::new(fields).expect("distinct field names"))
}

#[test]
fn records_of_one_shape_share_their_names_but_not_across_interners() {
    let interner = Interner::new();
    let first = record(&interner, &[("b", 1), ("a", 2)]);
    let second = record(&interner, &[("a", 3), ("b", 4)]);
    assert!(Arc::ptr_eq(first.shared_names(), second.shared_names()));
    // Another interner gives names of the same ranks other texts.
    let other = Interner::new();
    let third = record(&other, &[("y", 1), ("x", 2)]);
    assert!(!Arc::ptr_eq(first.shared_names(), third.shared_names()));
    let texts: Vec<&str> = third.names().iter().map(|name| name.text()).collect();
    assert_eq!(texts, ["y", "x"]);
}

#[test]
fn functions_over_one_set_share_its_domain() {
    let set = Arc::new(SetEnum::from_unnormalized(vec![Value::Int(2), Value::Int(1)]));
    let first = sets::shared_domain(&set).expect("integers normalise");
    let second = sets::shared_domain(&set).expect("integers normalise");
    assert!(first.ptr_eq(&second));
    assert_eq!(integers(&first), [1, 2]);
    let function =
        tla_values::Function::on_shared_domain(first, vec![Value::Int(5), Value::Int(6)]);
    let FunctionDomain::Values(domain) = function.domain() else { panic!("explicit domain") };
    assert!(domain.ptr_eq(&second));
}

#[test]
fn a_kept_state_drops_the_elements_of_its_normalised_sets_as_built() {
    let built = vec![Value::Int(3), Value::Int(1), Value::Int(3)];
    let mut state = [Value::Tuple(Arc::from(vec![Value::set_from_unnormalized(built)]))];
    let Value::Tuple(items) = &state[0] else { unreachable!() };
    let Value::Set(set) = &items[0] else { unreachable!() };
    set.normalized().expect("integers normalise");
    assert_eq!(set.current_elements().len(), 2);
    assert!(set.keeps_elements_as_built());
    state.iter_mut().for_each(Value::compact_owned_parts);
    let Value::Tuple(items) = &state[0] else { unreachable!() };
    let Value::Set(set) = &items[0] else { unreachable!() };
    assert!(!set.keeps_elements_as_built());
    assert_eq!(integers(set.current_elements()), [1, 3]);

    // A part another state shares is left as it is (and a set never normalised too).
    let shared = Value::set_from_unnormalized(vec![Value::Int(2), Value::Int(0)]);
    let Value::Set(inner) = &shared else { unreachable!() };
    inner.normalized().expect("integers normalise");
    let mut other_state = [shared.clone()];
    other_state.iter_mut().for_each(Value::compact_owned_parts);
    let Value::Set(after) = &other_state[0] else { unreachable!() };
    assert!(Arc::ptr_eq(after, inner));
    assert!(after.keeps_elements_as_built());
    assert_eq!(integers(after.current_elements()), [0, 2]);
}
