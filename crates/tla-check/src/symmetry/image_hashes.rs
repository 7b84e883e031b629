//! Hashes of a state's images under every element of a symmetry group, in one walk of the state
//! and without building any image.
//!
//! A value's hash under a group element is the hash of the value that element maps it to, so it
//! depends on that image only, never on how it is represented (an interval and the enumerated
//! set of its numbers, a tuple and the function on `1..n`, a record and the function on its
//! field names hash alike). A model value hashes as its image; a set as the sum of its
//! elements' hashes and a function (tuples and records included) as the sum of the hashes of its
//! argument/value pairs, each sum then mixed with the kind and the size. Sums need no sorting,
//! and the image of a set under a permutation has exactly the images of the set's elements as
//! its elements (a permutation is one-to-one), so summing the elements' image hashes is hashing
//! the image set.
//!
//! One walk computes a row of hashes, one per group element, for every sub-value. A sub-value
//! that holds no model value the group moves hashes the same under every element: its row is
//! a single hash (`Image::Same`), which its parents add once for all elements. Rows of sets,
//! functions, tuples and records are remembered between states (`image_cache`), so the
//! sub-values a successor shares with its source, and the elements of a set shared by many
//! states, are hashed once.
//!
//! Collisions: the hash of a set is a 64-bit sum of its elements' 64-bit hashes passed through
//! splitmix64's finaliser, and states of different orbits get the same key only when hashes
//! collide. Sums are linear, so a collision needs the element hashes of two different sets to
//! add up alike, which for well-mixed element hashes happens with probability about 2^-64 per
//! pair of sets, as for any 64-bit hash; nothing here resists inputs built to collide. Taking
//! the smallest of `order` image hashes multiplies the chance that two orbits' keys collide by
//! about `order / 2`, as before.

use super::image_cache::{self, ImageCache};
use super::SymmetryGroup;
use tla_values::{
    convert, fingerprint::Fingerprint, EvalError, EvalResult, FunctionDomain, Interval, Value,
};

/// The key of `state`'s orbit under `group`: the smallest of the hashes of its images. Lazy
/// and symbolic parts are hashed as the values they stand for.
pub(super) fn smallest_image_hash(state: &[Value], group: &SymmetryGroup) -> EvalResult<u64> {
    walk_state(state, group, Symbolic::Enumerate).map_err(|error| *error)
}

/// [`smallest_image_hash`] of a state without lazy or symbolic parts; `None` when `state` has
/// one, or its hash fails (the caller then normalises the state and tries again).
pub(super) fn concrete_smallest_image_hash(state: &[Value], group: &SymmetryGroup) -> Option<u64> {
    walk_state(state, group, Symbolic::Refuse).ok()
}

/// What the walk does with a lazy or symbolic part of a value.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Symbolic {
    /// Hashes the set or function it stands for (and remembers nothing that holds it).
    Enumerate,
    /// Stops the walk with an error.
    Refuse,
}

fn walk_state(state: &[Value], group: &SymmetryGroup, symbolic: Symbolic) -> WalkResult<u64> {
    image_cache::with_thread_cache(group, |cache, scratch| {
        let order = group.order();
        scratch.clear();
        // The first row collects the state hash under each element; each variable's row follows.
        scratch.resize(2 * order, tag::STATE);
        let mut hasher =
            ImageHasher { group, order, cache, scratch, symbolic, met_symbolic: false };
        for value in state {
            let image = hasher.image(value, order)?;
            let (state_row, value_row) = hasher.scratch.split_at_mut(order);
            match image {
                Image::Same(hash) => {
                    for state_hash in state_row.iter_mut() {
                        *state_hash = combine(*state_hash, hash);
                    }
                }
                Image::Varying => {
                    for (state_hash, hash) in state_row.iter_mut().zip(value_row.iter()) {
                        *state_hash = combine(*state_hash, *hash);
                    }
                }
            }
        }
        hasher.cache.end_walk();
        Ok(hasher.scratch[..order].iter().copied().min().unwrap_or(tag::STATE))
    })
}

/// The hash of the model value of `rank`.
pub(super) fn model_value_hash(rank: u32) -> u64 {
    combine(tag::MODEL_VALUE, u64::from(rank))
}

/// A value's hashes under the group's elements.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Image {
    /// The value holds no model value the group moves: one hash for every element.
    Same(u64),
    /// One hash per element, in the row the caller named.
    Varying,
}

/// The walk: `scratch` holds rows of `order` hashes, one per group element; a call of
/// [`ImageHasher::image`] is given the start of a row it may write, and rows above the ones
/// in use are the callee's to take.
struct ImageHasher<'walk> {
    group: &'walk SymmetryGroup,
    order: usize,
    cache: &'walk mut ImageCache,
    scratch: &'walk mut Vec<u64>,
    symbolic: Symbolic,
    /// Whether a lazy or symbolic part was met in the current compound value: the hashes of a
    /// value that holds one are not remembered (it is built for the occasion).
    met_symbolic: bool,
}

type WalkResult<T> = Result<T, Box<EvalError>>;

impl ImageHasher<'_> {
    /// The hashes of `value`'s images; a `Varying` result is in the row starting at `row`.
    fn image(&mut self, value: &Value, row: usize) -> WalkResult<Image> {
        match value {
            Value::Bool(b) => Ok(Image::Same(combine(tag::BOOL, u64::from(*b)))),
            Value::Int(n) => Ok(Image::Same(int_hash(*n))),
            Value::Str(atom) => Ok(Image::Same(string_hash(atom.rank()))),
            Value::ModelValue(atom) => {
                let group = self.group;
                match group.moved_images(atom.rank()) {
                    Some(images) => {
                        self.scratch[row..row + self.order].copy_from_slice(images);
                        Ok(Image::Varying)
                    }
                    None => Ok(Image::Same(model_value_hash(atom.rank()))),
                }
            }
            Value::Interval(interval) => Ok(Image::Same(interval_hash(*interval))),
            Value::Set(_) | Value::Tuple(_) | Value::Record(_) | Value::Function(_) => {
                let address = image_cache::shared_address(value);
                let order = self.order;
                if let Some(image) = self.cache.lookup(address, &mut self.scratch[row..row + order])
                {
                    return Ok(image);
                }
                let outer_met_symbolic = std::mem::replace(&mut self.met_symbolic, false);
                let image = self.compound_image(value, row)?;
                if !self.met_symbolic {
                    self.cache.insert(address, value, image, &self.scratch[row..row + order]);
                }
                self.met_symbolic |= outer_met_symbolic;
                Ok(image)
            }
            Value::Lazy(_) | Value::Ext(_) => self.symbolic_image(value, row),
        }
    }

    /// A set, tuple, record or function, computed from its parts.
    fn compound_image(&mut self, value: &Value, row: usize) -> WalkResult<Image> {
        let mut sum = RowSum::default();
        match value {
            Value::Set(set) => {
                let elements = set.normalized()?;
                let element_row = self.take_rows(1);
                for element in elements {
                    let image = self.image(element, element_row)?;
                    self.add_element(row, element_row, image, &mut sum);
                }
                self.release_rows(element_row);
                Ok(self.finish(row, tag::SET, elements.len(), sum))
            }
            Value::Tuple(elements) => {
                let parts = self.take_rows(2);
                for (index, element) in elements.iter().enumerate() {
                    let argument = Image::Same(int_hash(index as i64 + 1));
                    let image = self.image(element, parts + self.order)?;
                    self.add_pair(row, parts, argument, image, &mut sum);
                }
                self.release_rows(parts);
                Ok(self.finish(row, tag::FUNCTION, elements.len(), sum))
            }
            Value::Record(record) => {
                let parts = self.take_rows(2);
                for (name, field) in record.names().iter().zip(record.values()) {
                    let argument = Image::Same(string_hash(name.rank()));
                    let image = self.image(field, parts + self.order)?;
                    self.add_pair(row, parts, argument, image, &mut sum);
                }
                self.release_rows(parts);
                Ok(self.finish(row, tag::FUNCTION, record.len(), sum))
            }
            Value::Function(function) => {
                let parts = self.take_rows(2);
                for (index, result) in function.values().iter().enumerate() {
                    let argument = match function.domain() {
                        FunctionDomain::Interval { low } => {
                            Image::Same(int_hash(i64::from(*low) + index as i64))
                        }
                        FunctionDomain::Values(domain) => self.image(&domain[index], parts)?,
                    };
                    let image = self.image(result, parts + self.order)?;
                    self.add_pair(row, parts, argument, image, &mut sum);
                }
                self.release_rows(parts);
                Ok(self.finish(row, tag::FUNCTION, function.len(), sum))
            }
            _ => self.image(value, row),
        }
    }

    /// A lazy or evaluator-owned value: hashed as the set or function it stands for; a value
    /// with no structure to rename (an operator) by its TLC fingerprint.
    fn symbolic_image(&mut self, value: &Value, row: usize) -> WalkResult<Image> {
        if self.symbolic == Symbolic::Refuse {
            return Err(Box::new(EvalError::general(
                tla_values::EvalErrorKind::Unsupported,
                "a lazy or symbolic value in a state",
            )));
        }
        self.met_symbolic = true;
        if let Some(set) = convert::to_set_enum(value)? {
            return self.compound_image(&Value::Set(set), row);
        }
        if let Some(function) = convert::to_function(value)? {
            return self.compound_image(&Value::Function(function), row);
        }
        Ok(Image::Same(Fingerprint::new().value(value)?.0))
    }

    /// `count` fresh rows at the top of the scratch space; their start.
    fn take_rows(&mut self, count: usize) -> usize {
        let start = self.scratch.len();
        self.scratch.resize(start + count * self.order, 0);
        start
    }

    fn release_rows(&mut self, start: usize) {
        self.scratch.truncate(start);
    }

    /// Adds an element's image to the sum of a set whose row is `row`.
    fn add_element(&mut self, row: usize, element_row: usize, image: Image, sum: &mut RowSum) {
        match image {
            Image::Same(hash) => sum.same = sum.same.wrapping_add(hash),
            Image::Varying => {
                let (below, above) = self.scratch.split_at_mut(element_row);
                let totals = &mut below[row..row + self.order];
                let element = &above[..self.order];
                if sum.varying {
                    for (total, hash) in totals.iter_mut().zip(element) {
                        *total = total.wrapping_add(*hash);
                    }
                } else {
                    totals.copy_from_slice(element);
                    sum.varying = true;
                }
            }
        }
    }

    /// Adds the pair of an argument's and a result's images (the argument's row at `parts`,
    /// the result's after it) to the sum of a function whose row is `row`.
    fn add_pair(
        &mut self,
        row: usize,
        parts: usize,
        argument: Image,
        result: Image,
        sum: &mut RowSum,
    ) {
        let order = self.order;
        if let (Image::Same(argument), Image::Same(result)) = (argument, result) {
            sum.same = sum.same.wrapping_add(pair_hash(argument, result));
            return;
        }
        let (below, above) = self.scratch.split_at_mut(parts);
        let totals = &mut below[row..row + order];
        if !sum.varying {
            totals.fill(0);
            sum.varying = true;
        }
        let (arguments, results) = above[..2 * order].split_at(order);
        match (argument, result) {
            (Image::Same(argument), _) => {
                let seed = combine(tag::PAIR, argument);
                for (total, result) in totals.iter_mut().zip(results) {
                    *total = total.wrapping_add(combine(seed, *result));
                }
            }
            (Image::Varying, Image::Same(result)) => {
                for (total, argument) in totals.iter_mut().zip(arguments) {
                    *total = total.wrapping_add(pair_hash(*argument, result));
                }
            }
            (Image::Varying, Image::Varying) => {
                for ((total, argument), result) in totals.iter_mut().zip(arguments).zip(results) {
                    *total = total.wrapping_add(pair_hash(*argument, *result));
                }
            }
        }
    }

    /// The hashes of a collection of `size` parts from the sum of its parts' hashes.
    fn finish(&mut self, row: usize, kind: u64, size: usize, sum: RowSum) -> Image {
        let seed = combine(kind, size as u64);
        if !sum.varying {
            return Image::Same(combine(seed, sum.same));
        }
        for total in &mut self.scratch[row..row + self.order] {
            *total = combine(seed, total.wrapping_add(sum.same));
        }
        Image::Varying
    }
}

/// The sum of a collection's parts so far: the hashes of parts that are the same under every
/// element in `same`; when some part varies, the per-element sums of those in the row.
#[derive(Default)]
struct RowSum {
    same: u64,
    varying: bool,
}

fn int_hash(n: i64) -> u64 {
    combine(tag::INT, n as u64)
}

fn string_hash(rank: u32) -> u64 {
    combine(tag::STRING, u64::from(rank))
}

/// An interval hashes as the set of its numbers.
fn interval_hash(interval: Interval) -> u64 {
    let numbers = i64::from(interval.low)..=i64::from(interval.high);
    let size = numbers.clone().count();
    let sum = numbers.fold(0u64, |sum, n| sum.wrapping_add(int_hash(n)));
    combine(combine(tag::SET, size as u64), sum)
}

fn pair_hash(argument: u64, result: u64) -> u64 {
    combine(combine(tag::PAIR, argument), result)
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

/// Hashes of single values for the tests: `value`'s image hash under each element of `group`.
#[cfg(test)]
pub(super) fn image_row(value: &Value, group: &SymmetryGroup) -> EvalResult<Vec<u64>> {
    image_cache::with_thread_cache(group, |cache, scratch| {
        let order = group.order();
        scratch.clear();
        scratch.resize(order, 0);
        let mut hasher = ImageHasher {
            group,
            order,
            cache,
            scratch,
            symbolic: Symbolic::Enumerate,
            met_symbolic: false,
        };
        Ok(match hasher.image(value, 0).map_err(|error| *error)? {
            Image::Same(hash) => vec![hash; order],
            Image::Varying => hasher.scratch[..order].to_vec(),
        })
    })
}
