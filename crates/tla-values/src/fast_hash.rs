//! A hasher for integer keys that are already well spread or only need spreading: fingerprints
//! (the seen-state table) and addresses of the specification's literals. The standard SipHash
//! is built for untrusted keys and costs more than the lookups it serves on these hot paths.

use std::hash::{BuildHasherDefault, Hasher};

/// Multiplies the key by an odd constant and rotates the high bits down (Fibonacci hashing).
#[derive(Default, Clone, Copy)]
pub struct IntegerHasher(u64);

impl Hasher for IntegerHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        // Eight bytes at a time: a slice of integers (a key made of words) costs one step per
        // word.
        for chunk in bytes.chunks(8) {
            let mut word = [0u8; 8];
            word[..chunk.len()].copy_from_slice(chunk);
            self.write_u64(u64::from_le_bytes(word));
        }
    }

    fn write_u64(&mut self, key: u64) {
        // The product's well-mixed high bits are rotated down to where the table indexes.
        self.0 = (self.0 ^ key).wrapping_mul(0x9E37_79B9_7F4A_7C15).rotate_left(26);
    }

    fn write_u32(&mut self, key: u32) {
        self.write_u64(u64::from(key));
    }

    fn write_usize(&mut self, key: usize) {
        self.write_u64(key as u64);
    }
}

/// A `HashMap` with integer keys hashed by [`IntegerHasher`].
pub type IntegerMap<K, V> = std::collections::HashMap<K, V, BuildHasherDefault<IntegerHasher>>;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn aligned_addresses_spread_over_the_low_bits() {
        let buckets: std::collections::HashSet<u64> = (0..64u64)
            .map(|i| {
                let mut hasher = IntegerHasher::default();
                hasher.write_usize(0x7f00_0000_0000 + 16 * i as usize);
                hasher.finish() & 63
            })
            .collect();
        assert!(buckets.len() > 32, "only {} of 64 buckets used", buckets.len());
    }

    #[test]
    fn a_map_finds_what_was_inserted() {
        let mut map: IntegerMap<u64, u32> = IntegerMap::default();
        for key in 0..1000u64 {
            map.insert(key.wrapping_mul(0x1234_5678_9abc_def1), key as u32);
        }
        for key in 0..1000u64 {
            assert_eq!(map.get(&key.wrapping_mul(0x1234_5678_9abc_def1)), Some(&(key as u32)));
        }
    }
}
