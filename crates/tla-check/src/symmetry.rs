//! Symmetry reduction: a state and its images under the model's `SYMMETRY` permutations count
//! as one.
//!
//! TLC evaluates the `SYMMETRY` definition to a set of permutations of model values and counts
//! a state and its images under the group those permutations generate as one
//! (`MVPerms.permutationSubgroup`; `Permutations(A) \cup Permutations(B)` is common). Any
//! function of a state that is the same on every state of its orbit and differs between orbits
//! gives TLC's state counts; which state of an orbit is kept (the first one met) does not depend
//! on it. Ours is the smallest hash of the state's images (`image_hashes`), computed for every
//! element of the group in one walk of the state, with the hashes of shared sub-values cached
//! (`image_cache`).

mod image_cache;
mod image_hashes;
pub mod setup;
#[cfg(test)]
mod tests;

use std::sync::atomic::{AtomicU64, Ordering};
use tla_values::{Atom, EvalResult, Value};

/// One permutation of model values, as pairs `(from, to)`.
pub type Permutation = Vec<(Atom, Atom)>;

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

/// The group of a model's `SYMMETRY`, with what hashing its images needs computed once: the
/// model values it moves and, for each, the hash of its image under each group element.
///
/// Group elements are numbered from 0, the identity, then [`SymmetryGroup::permutations`] in
/// order; a hash "per element" is a row of [`SymmetryGroup::order`] hashes in that order.
pub struct SymmetryGroup {
    permutations: Vec<Permutation>,
    /// The ranks of the model values some permutation moves, ascending.
    moved_ranks: Vec<u32>,
    /// Row `i` holds the hashes of the images of `moved_ranks[i]` under each group element.
    moved_images: Vec<u64>,
    /// Tells this group's cached image hashes from another model's in the same thread.
    id: u64,
}

impl SymmetryGroup {
    /// The group made of the identity and `permutations` (which must be closed under
    /// composition, as [`setup::symmetry_setup`] makes them).
    pub fn new(permutations: Vec<Permutation>) -> SymmetryGroup {
        static NEXT_ID: AtomicU64 = AtomicU64::new(1);
        let mut moved_ranks: Vec<u32> =
            permutations.iter().flatten().map(|(from, _)| from.rank()).collect();
        moved_ranks.sort_unstable();
        moved_ranks.dedup();
        let order = permutations.len() + 1;
        let mut moved_images = Vec::with_capacity(moved_ranks.len() * order);
        for rank in &moved_ranks {
            moved_images.push(image_hashes::model_value_hash(*rank));
            for permutation in &permutations {
                let image = permutation
                    .iter()
                    .find(|(from, _)| from.rank() == *rank)
                    .map_or(*rank, |(_, to)| to.rank());
                moved_images.push(image_hashes::model_value_hash(image));
            }
        }
        SymmetryGroup {
            permutations,
            moved_ranks,
            moved_images,
            id: NEXT_ID.fetch_add(1, Ordering::Relaxed),
        }
    }

    /// Whether the group is trivial (no `SYMMETRY`, or one that moves nothing).
    pub fn is_empty(&self) -> bool {
        self.permutations.is_empty()
    }

    /// The group's elements other than the identity.
    pub fn permutations(&self) -> &[Permutation] {
        &self.permutations
    }

    /// The number of elements, the identity included.
    pub fn order(&self) -> usize {
        self.permutations.len() + 1
    }

    /// The hashes of the images of the model value of `rank` under each element, when some
    /// element moves it.
    fn moved_images(&self, rank: u32) -> Option<&[u64]> {
        let index = self.moved_ranks.binary_search(&rank).ok()?;
        let order = self.order();
        Some(&self.moved_images[index * order..(index + 1) * order])
    }
}

impl Default for SymmetryGroup {
    fn default() -> SymmetryGroup {
        SymmetryGroup::new(Vec::new())
    }
}

/// A fingerprint of the orbit of `state`: the smallest hash of its images under the elements of
/// `group` (the identity included), so every state of one orbit gets the same value, and states
/// of different orbits differ unless 64-bit hashes collide.
///
/// See `image_hashes` for how the images are hashed without being built and `image_cache` for
/// the sub-values whose hashes are remembered from state to state. The hash is ours, not TLC's
/// fingerprint; it is only compared with other states of the same run.
pub fn symmetric_fingerprint(state: &[Value], group: &SymmetryGroup) -> EvalResult<u64> {
    image_hashes::smallest_image_hash(state, group)
}

/// [`symmetric_fingerprint`] of a state that holds no lazy or symbolic part, in the same walk
/// that finds out; `None` when it holds one or its hash fails, so that the caller normalises
/// the state first (and reports the failure from there).
pub fn concrete_symmetric_fingerprint(state: &[Value], group: &SymmetryGroup) -> Option<u64> {
    image_hashes::concrete_smallest_image_hash(state, group)
}

impl Drop for SymmetryGroup {
    fn drop(&mut self) {
        // Worker threads end with their run; the thread that drops the model may live on.
        if !self.is_empty() {
            image_cache::forget_group(self);
        }
    }
}
