//! A small deterministic generator of random values for property tests (no dependencies).
//!
//! Values are generated from a random *shape* so that sets hold elements of one kind (as TLC
//! requires for normalisation); `any_value` ignores shapes for robustness tests where errors are
//! expected and only panics matter.

use std::sync::Arc;

use tla_values::{Atom, Function, Interner, Record, SetEnum, Value};

/// xorshift64*: fast, deterministic, good enough for test data.
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }

    pub fn next(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        self.0 = x;
        x.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }

    pub fn chance(&mut self, percent: u64) -> bool {
        self.next() % 100 < percent
    }
}

/// The kind of value to generate.
#[derive(Clone, Debug)]
pub enum Shape {
    Bool,
    Int,
    Str,
    ModelValue,
    Set(Box<Shape>),
    Tuple(Vec<Shape>),
    Record(Vec<usize>, Vec<Shape>),
    IntFunction(Box<Shape>),
}

pub struct Generator {
    pub rng: Rng,
    interner: Interner,
    names: Vec<Atom>,
}

impl Generator {
    pub fn new(seed: u64) -> Generator {
        let interner = Interner::new();
        // Names interned in a scrambled order so rank order differs from alphabetical order.
        let names = ["qq", "bb", "zz", "aa", "mm", "cc", "yy", "dd"]
            .iter()
            .map(|n| interner.intern(n))
            .collect();
        Generator { rng: Rng::new(seed), interner, names }
    }

    /// The interner the generated strings come from.
    pub fn interner(&self) -> &Interner {
        &self.interner
    }

    pub fn shape(&mut self, depth: usize) -> Shape {
        let leaf = depth == 0 || self.rng.chance(40);
        match if leaf { self.rng.below(4) } else { 4 + self.rng.below(4) } {
            0 => Shape::Bool,
            1 => Shape::Int,
            2 => Shape::Str,
            3 => Shape::ModelValue,
            4 => Shape::Set(Box::new(self.shape(depth - 1))),
            5 => Shape::Tuple((0..self.rng.below(3)).map(|_| self.shape(depth - 1)).collect()),
            6 => {
                let count = 1 + self.rng.below(3);
                let mut fields: Vec<usize> = (0..self.names.len()).collect();
                for i in 0..fields.len() {
                    let j = self.rng.below(fields.len());
                    fields.swap(i, j);
                }
                fields.truncate(count);
                let shapes = (0..count).map(|_| self.shape(depth - 1)).collect();
                Shape::Record(fields, shapes)
            }
            _ => Shape::IntFunction(Box::new(self.shape(depth - 1))),
        }
    }

    pub fn value(&mut self, shape: &Shape) -> Value {
        match shape {
            Shape::Bool => Value::Bool(self.rng.chance(50)),
            Shape::Int => Value::Int(self.rng.below(7) as i64 - 3),
            Shape::Str => Value::Str(self.names[self.rng.below(self.names.len())]),
            Shape::ModelValue => Value::ModelValue(self.names[self.rng.below(4)]),
            Shape::Set(inner) => {
                let elems = (0..self.rng.below(5)).map(|_| self.value(inner)).collect();
                Value::set_from_unnormalized(elems)
            }
            Shape::Tuple(shapes) => Value::tuple(shapes.iter().map(|s| self.value(s)).collect()),
            Shape::Record(fields, shapes) => {
                let fields: Vec<(Atom, Value)> = fields
                    .iter()
                    .zip(shapes)
                    .map(|(&f, s)| (self.names[f], self.value(s)))
                    .collect();
                Value::Record(Arc::new(Record::new(fields).expect("distinct field names")))
            }
            Shape::IntFunction(inner) => {
                let values: Vec<Value> =
                    (0..self.rng.below(3)).map(|_| self.value(inner)).collect();
                // TLC orders empty functions on different empty intervals apart while calling
                // them equal; keep generated values clear of that quirk.
                let low = if values.is_empty() { 1 } else { self.rng.below(3) as i32 };
                Value::Function(Arc::new(Function::from_interval(low, values)))
            }
        }
    }

    /// A value of any kind, mixing kinds freely (for robustness tests).
    pub fn any_value(&mut self, depth: usize) -> Value {
        if depth == 0 || self.rng.chance(30) {
            let shape = self.shape(0);
            return self.value(&shape);
        }
        match self.rng.below(8) {
            0 => Value::set_from_unnormalized(
                (0..self.rng.below(4)).map(|_| self.any_value(depth - 1)).collect(),
            ),
            1 => Value::tuple((0..self.rng.below(3)).map(|_| self.any_value(depth - 1)).collect()),
            2 => Value::interval(self.rng.below(4) as i32 - 1, self.rng.below(4) as i32),
            3 => tla_values::sets::subset(&self.any_value(depth - 1)),
            4 => tla_values::sets::function_set(
                &self.any_value(depth - 1),
                &self.any_value(depth - 1),
            ),
            5 => tla_values::sets::nat(),
            6 => tla_values::functions::make_function(
                &self.any_value(depth - 1),
                &self.any_value(depth - 1),
            ),
            _ => {
                let a = self.any_value(depth - 1);
                let b = self.any_value(depth - 1);
                tla_values::sets::union(&a, &b).unwrap_or(a)
            }
        }
    }

    /// The same value in other representations TLC may hold it in.
    pub fn other_representation(&mut self, value: &Value) -> Value {
        match value {
            Value::Tuple(elems) if self.rng.chance(50) => {
                Value::Function(Arc::new(Function::from_interval(1, elems.to_vec())))
            }
            Value::Tuple(elems) => {
                let domain: Vec<Value> = (1..=elems.len() as i64).map(Value::Int).collect();
                Value::function(domain, elems.to_vec()).expect("int domain")
            }
            Value::Record(record) => {
                let domain = record.names().iter().map(|n| Value::Str(*n)).collect();
                Value::function(domain, record.values().to_vec()).expect("string domain")
            }
            Value::Function(function) => {
                let mut pairs: Vec<(Value, Value)> = function
                    .domain_elements()
                    .into_iter()
                    .zip(function.values().iter().cloned())
                    .collect();
                pairs.reverse();
                let (domain, values) = pairs.into_iter().unzip();
                Value::function(domain, values).expect("distinct domain")
            }
            Value::Set(set) => {
                let mut elems: Vec<Value> = set.current_elements().to_vec();
                if let Some(first) = elems.first().cloned() {
                    elems.push(first);
                }
                elems.reverse();
                Value::Set(Arc::new(SetEnum::from_unnormalized(elems)))
            }
            other => other.clone(),
        }
    }
}
