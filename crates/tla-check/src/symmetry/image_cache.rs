//! Each thread's memory of the image hashes of sets, functions, tuples and records it hashed.
//!
//! Values are immutable and shared: a successor keeps its source's unchanged variables, the
//! unchanged values of a function it updates and the elements of a set it extends, all as the
//! same allocations. So the cache is keyed by the address of a value's shared allocation, and
//! each entry holds a reference to its value: while the entry lives the allocation cannot be
//! freed, so no other value can come to have that address, and an address that matches names
//! the very value whose hashes the entry has. It is direct-mapped (one entry per slot, a new
//! value evicts the old one), starts small and doubles when one state's sub-values would fill
//! a good part of it, up to a bound on its size. Entries belong to one symmetry group; meeting
//! another group empties it.

use super::image_hashes::Image;
use super::SymmetryGroup;
use std::cell::RefCell;
use std::sync::Arc;
use tla_values::Value;

/// Slots a cache starts with.
const INITIAL_SLOTS: usize = 1 << 12;
/// At least this many slots, however large the group (a row of `Permutations` of 8 model values
/// alone is 40,320 hashes).
const MIN_SLOTS: usize = 1 << 4;
/// At most this many slots.
const MAX_SLOTS: usize = 1 << 16;
/// At most this many hashes in the rows of all slots together (a large group gets fewer slots).
const MAX_ROW_WORDS: usize = 1 << 21;

thread_local! {
    static THREAD_CACHE: RefCell<ThreadCache> = RefCell::new(ThreadCache::default());
}

#[derive(Default)]
struct ThreadCache {
    cache: ImageCache,
    /// The rows of hashes a walk works in, kept between walks.
    scratch: Vec<u64>,
}

/// Runs `walk` with this thread's cache for `group` and its scratch rows.
pub(super) fn with_thread_cache<T>(
    group: &SymmetryGroup,
    walk: impl FnOnce(&mut ImageCache, &mut Vec<u64>) -> T,
) -> T {
    THREAD_CACHE.with(|cell| {
        let mut thread = cell.borrow_mut();
        let ThreadCache { cache, scratch } = &mut *thread;
        if cache.group != group.id {
            *cache = ImageCache::for_group(group);
        }
        walk(cache, scratch)
    })
}

/// Empties this thread's cache if it holds `group`'s entries (called when the group goes).
pub(super) fn forget_group(group: &SymmetryGroup) {
    // During thread teardown the cache may already be gone; then there is nothing to forget.
    let _ = THREAD_CACHE.try_with(|cell| {
        if let Ok(mut thread) = cell.try_borrow_mut() {
            if thread.cache.group == group.id {
                thread.cache = ImageCache::default();
            }
        }
    });
}

/// The address of the allocation a set, tuple, record or function shares; 0 for other values.
pub(super) fn shared_address(value: &Value) -> usize {
    match value {
        Value::Set(set) => Arc::as_ptr(set) as usize,
        Value::Tuple(elements) => Arc::as_ptr(elements) as *const Value as usize,
        Value::Record(record) => Arc::as_ptr(record) as usize,
        Value::Function(function) => Arc::as_ptr(function) as usize,
        _ => 0,
    }
}

#[derive(Default)]
pub(super) struct ImageCache {
    /// The id of the group the entries were computed for (0: none).
    group: u64,
    order: usize,
    /// What a lookup reads first (a varying row is read from `rows` then).
    keys: Vec<SlotKey>,
    /// Slot `i`'s row of hashes, `order` of them from `i * order`, when its hashes vary.
    rows: Vec<u64>,
    /// The most slots this cache may grow to.
    max_slots: usize,
    /// Lookups in the current walk (of one state).
    walk_lookups: usize,
}

#[derive(Clone, Default)]
struct SlotKey {
    /// The shared allocation's address, its lowest bit set when the row varies (allocations
    /// are aligned, so that bit is free); 0 when the slot is empty.
    tagged_address: usize,
    /// The hash under every element when the row does not vary.
    same: u64,
    /// Keeps the allocation at the address alive, so that the address names this value only.
    _keep_alive: Option<Value>,
}

const VARYING: usize = 1;

impl ImageCache {
    fn for_group(group: &SymmetryGroup) -> ImageCache {
        let order = group.order();
        let fitting = (MAX_ROW_WORDS / order).max(MIN_SLOTS);
        // The largest power of two that fits.
        let max_slots = (1usize << (usize::BITS - 1 - fitting.leading_zeros())).min(MAX_SLOTS);
        let mut cache = ImageCache { group: group.id, order, max_slots, ..ImageCache::default() };
        cache.allocate(INITIAL_SLOTS.min(max_slots));
        cache
    }

    fn allocate(&mut self, slots: usize) {
        self.keys = std::iter::repeat_with(SlotKey::default).take(slots).collect();
        self.rows = vec![0; slots * self.order];
    }

    /// Called when a walk ends: a cache that a walk's lookups alone would mostly fill grows
    /// (emptied), so that it holds the values of a few states. The hits that matter are between
    /// successors of one source, hashed one after the other, so a small cache (one that stays
    /// in the processor's caches) does as well as a large one where states are small.
    pub(super) fn end_walk(&mut self) {
        if 4 * self.walk_lookups > self.keys.len() && self.keys.len() < self.max_slots {
            self.allocate(self.keys.len() * 2);
        }
        self.walk_lookups = 0;
    }

    fn slot_index(&self, address: usize) -> usize {
        let bits = self.keys.len().trailing_zeros();
        ((address as u64 >> 4).wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (64 - bits)) as usize
    }

    /// The image hashes remembered for the value at `address`; a `Varying` row is copied into
    /// `row`.
    #[inline]
    pub(super) fn lookup(&mut self, address: usize, row: &mut [u64]) -> Option<Image> {
        self.walk_lookups += 1;
        let index = self.slot_index(address);
        let key = &self.keys[index];
        if key.tagged_address == address {
            Some(Image::Same(key.same))
        } else if key.tagged_address == address | VARYING {
            let start = index * self.order;
            row.copy_from_slice(&self.rows[start..start + self.order]);
            Some(Image::Varying)
        } else {
            None
        }
    }

    /// Remembers `value`'s image hashes (`row` when they vary).
    pub(super) fn insert(&mut self, address: usize, value: &Value, image: Image, row: &[u64]) {
        debug_assert_eq!(address & VARYING, 0);
        let index = self.slot_index(address);
        let (tagged_address, same) = match image {
            Image::Same(hash) => (address, hash),
            Image::Varying => {
                let start = index * self.order;
                self.rows[start..start + self.order].copy_from_slice(row);
                (address | VARYING, 0)
            }
        };
        self.keys[index] = SlotKey { tagged_address, same, _keep_alive: Some(value.clone()) };
    }
}
