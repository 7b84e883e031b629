//! 64-bit fingerprints of values: equal values get equal fingerprints whatever their
//! representation.
//!
//! The scheme is TLC's (`tlc2/util/FP64.java`, `Value.fingerPrint`): a Rabin fingerprint, i.e.
//! the remainder of the input bit string modulo an irreducible polynomial of degree 64, extended
//! byte by byte with a 256-entry table. We fix the polynomial to the first one of TLC's list
//! (what `tlc -fp 0` uses), so fingerprints are stable across runs and, for values without model
//! values, equal to TLC's own (`TLCFP` prints their low 32 bits). Values are encoded as TLC
//! encodes them: a kind tag from `ValueConstants`, then the contents; tuples, records and
//! functions all encode as functions (`FCNRCDVALUE`, size, then argument/value pairs in domain
//! order), intervals as enumerated sets, sets after normalisation. One deliberate difference: TLC
//! encodes a model value by its intern rank, which depends on the spec's text; we encode its name.

use crate::atom::Atom;
use crate::convert::to_set_enum;
use crate::error::{EvalError, EvalErrorKind, EvalResult};
use crate::ext::ExtClass;
use crate::print::ppr;
use crate::value::{FunctionDomain, Value};

/// TLC's `FP64.Polys[0]`, in TLC's representation (bit 63 is the coefficient of `x^0`).
pub const IRREDUCIBLE_POLYNOMIAL: u64 = 0x911498AE0E66BAD6;

/// The kind tags of `tlc2/value/ValueConstants.java` that appear in fingerprints.
mod tag {
    pub const BOOL: u8 = 0;
    pub const INT: u8 = 1;
    pub const STRING: u8 = 3;
    pub const SET_ENUM: u8 = 5;
    pub const FCN_RCD: u8 = 9;
    pub const MODEL_VALUE: u8 = 21;
}

/// The remainder of `byte * x^64` for each byte (TLC's `ByteModTable_7`).
const BYTE_MOD_TABLE: [u64; 256] = {
    let mut table = [0u64; 256];
    let mut byte = 0;
    while byte < 256 {
        let mut v = byte as u64;
        let mut bit = 0;
        while bit < 8 {
            v = if v & 1 != 0 { (v >> 1) ^ IRREDUCIBLE_POLYNOMIAL } else { v >> 1 };
            bit += 1;
        }
        table[byte] = v;
        byte += 1;
    }
    table
};

/// A fingerprint under construction.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Fingerprint(pub u64);

impl Default for Fingerprint {
    fn default() -> Fingerprint {
        Fingerprint::new()
    }
}

impl Fingerprint {
    /// The empty fingerprint (TLC's `FP64.New()`).
    pub const fn new() -> Fingerprint {
        Fingerprint(IRREDUCIBLE_POLYNOMIAL)
    }

    /// Extends by one byte.
    #[inline]
    pub fn byte(self, byte: u8) -> Fingerprint {
        let fp = self.0;
        Fingerprint((fp >> 8) ^ BYTE_MOD_TABLE[((u64::from(byte)) ^ fp) as usize & 0xFF])
    }

    /// Extends by a 32-bit integer, low byte first (TLC's `Extend(long, int)`).
    #[inline]
    pub fn int(self, n: i32) -> Fingerprint {
        n.to_le_bytes().into_iter().fold(self, Fingerprint::byte)
    }

    /// Extends by the UTF-16 units of a string, low byte of each (TLC's `Extend(long, String)`).
    pub fn chars(self, text: &str) -> Fingerprint {
        text.encode_utf16().fold(self, |fp, unit| fp.byte(unit as u8))
    }

    /// Extends by a value.
    pub fn value(self, value: &Value) -> EvalResult<Fingerprint> {
        let mut fp = self;
        extend(&mut fp, value, Lazy::Enumerate).map_err(|error| *error)?;
        Ok(fp)
    }

    /// Extends by a value that holds no lazy or symbolic part; `None` when it holds one (or
    /// cannot be fingerprinted), so the caller can normalise it first.
    pub fn concrete_value(self, value: &Value) -> Option<Fingerprint> {
        let mut fp = self;
        extend(&mut fp, value, Lazy::Refuse).ok()?;
        Some(fp)
    }

    /// Extends by bytes, first to last.
    #[inline]
    fn bytes(self, bytes: &[u8]) -> Fingerprint {
        bytes.iter().fold(self, |fp, byte| fp.byte(*byte))
    }
}

/// The checker's hash of states: the same canonical encoding as [`Fingerprint`] (so equal
/// values hash alike whatever their representation), consumed a 64-bit word at a time instead
/// of a byte at a time, with names hashed once when interned. It is as collision-resistant as
/// a 64-bit fingerprint needs to be and several times cheaper, but not TLC's number; only the
/// seen-state table uses it, where nothing prints the value.
///
/// It is a tree hash: a set or a function (tuples and records included) enters its parent as
/// the hash of its own encoding, and sets, functions and records keep that hash once computed
/// (`StateHashCell`). A successor shares every part an action did not change with its source
/// (an unchanged variable, the unchanged rows of a function changed with `EXCEPT`), so those
/// parts are hashed once for all the states that hold them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StateHash(u64);

impl Default for StateHash {
    fn default() -> StateHash {
        StateHash::new()
    }
}

impl StateHash {
    pub const fn new() -> StateHash {
        StateHash(0x1319_8A2E_0370_7344)
    }

    /// Extends by a value.
    pub fn value(self, value: &Value) -> EvalResult<StateHash> {
        let mut tree = TreeHash::from(self);
        tree.part(value, Lazy::Enumerate).map_err(|error| *error)?;
        Ok(tree.hash)
    }

    /// Extends by a value that holds no lazy or symbolic part; `None` when it holds one.
    pub fn concrete_value(self, value: &Value) -> Option<StateHash> {
        let mut tree = TreeHash::from(self);
        tree.part(value, Lazy::Refuse).ok()?;
        Some(tree.hash)
    }

    /// The finished hash (a last avalanche, so every input bit reaches every output bit).
    pub fn finish(self) -> u64 {
        let mut h = self.0;
        h ^= h >> 33;
        h = h.wrapping_mul(0xFF51_AFD7_ED55_8CCD);
        h ^= h >> 33;
        h = h.wrapping_mul(0xC4CE_B9FE_1A85_EC53);
        h ^ (h >> 33)
    }
}

impl Encoder for StateHash {
    #[inline]
    fn tagged_int(&mut self, tag: u8, n: i32) {
        self.0 = mix_word(self.0, (u64::from(tag) << 32) | u64::from(n as u32));
    }

    #[inline]
    fn tagged_name(&mut self, tag: u8, atom: &Atom) {
        // Tags occupy the high byte, so a string and a model value of the same text differ.
        self.0 = mix_word(self.0, atom.text_hash() ^ (u64::from(tag) << 56));
    }
}

/// The state hash as it is built: a scalar part enters as its tagged word, a set or function
/// as a mark and its own hash ([`compound_state_hash`]); with whether every part met so far was
/// concrete (held no lazy or symbolic part), which is when hashes computed on the way are kept.
struct TreeHash {
    hash: StateHash,
    concrete: bool,
}

impl From<StateHash> for TreeHash {
    fn from(hash: StateHash) -> TreeHash {
        TreeHash { hash, concrete: true }
    }
}

impl Encoder for TreeHash {
    #[inline]
    fn tagged_int(&mut self, tag: u8, n: i32) {
        self.hash.tagged_int(tag, n);
    }

    #[inline]
    fn tagged_name(&mut self, tag: u8, atom: &Atom) {
        self.hash.tagged_name(tag, atom);
    }

    fn part(&mut self, value: &Value, lazy: Lazy) -> Result<(), Box<EvalError>> {
        match value {
            Value::Bool(_) | Value::Int(_) | Value::Str(_) | Value::ModelValue(_) => {
                extend(self, value, lazy)
            }
            _ => {
                let (hash, concrete) = compound_state_hash(value, lazy)?;
                self.concrete &= concrete;
                self.hash.0 = mix_word(mix_word(self.hash.0, COMPOUND_MARK), hash);
                Ok(())
            }
        }
    }

    fn symbolic(&mut self) {
        self.concrete = false;
    }
}

/// The word that announces a set's or function's hash inside its parent's encoding (a scalar
/// enters as a tagged word below 2^40 or a name's hash with its tag in the high byte).
const COMPOUND_MARK: u64 = 0xC0DE_5E7F_0000_0001;

/// The state hash of a set or function: its encoding (kind tag and size, then its elements or
/// argument/value pairs in normal order, each part as [`TreeHash`] takes it), finished; with
/// whether the value was concrete. Taken from the value's [`crate::StateHashCell`] when kept
/// there, and kept there when computed for a concrete value.
fn compound_state_hash(value: &Value, lazy: Lazy) -> Result<(u64, bool), Box<EvalError>> {
    let cell = match value {
        Value::Set(set) => Some(set.state_hash_cell()),
        Value::Function(function) => Some(function.state_hash_cell()),
        Value::Record(record) => Some(record.state_hash_cell()),
        _ => None,
    };
    if let Some(hash) = cell.and_then(crate::StateHashCell::get) {
        return Ok((hash, true));
    }
    let mut tree = TreeHash::from(StateHash::new());
    extend(&mut tree, value, lazy)?;
    let finished = tree.hash.finish();
    if let (true, Some(cell)) = (tree.concrete, cell) {
        cell.set(finished);
    }
    Ok((finished, tree.concrete))
}

/// One step of the state hash: the word is folded into the running hash by a 128-bit multiply
/// (high and low halves xored), and the rotated old hash is kept so no step can erase history.
#[inline]
pub(crate) fn mix_word(hash: u64, word: u64) -> u64 {
    let product = u128::from(hash ^ word) * 0x9E37_79B9_7F4A_7C15_u128;
    ((product as u64) ^ ((product >> 64) as u64)) ^ hash.rotate_left(23)
}

/// Appends the canonical encoding of `value` (the one both hashes consume) to `words`, exactly:
/// two values append the same words if and only if they are equal, whatever their
/// representation. For keys of tables that must never confuse two values. `false` (with
/// `words` partly extended) when the value holds a lazy or symbolic part.
pub fn canonical_words(value: &Value, words: &mut Vec<u64>) -> bool {
    extend(&mut CanonicalWords(words), value, Lazy::Refuse).is_ok()
}

/// One word per step: a tagged integer below 2^40; a tagged name with the top bit set and the
/// name's rank (unique per interned name) in the low 32 bits.
struct CanonicalWords<'w>(&'w mut Vec<u64>);

impl Encoder for CanonicalWords<'_> {
    #[inline]
    fn tagged_int(&mut self, tag: u8, n: i32) {
        self.0.push((u64::from(tag) << 32) | u64::from(n as u32));
    }

    #[inline]
    fn tagged_name(&mut self, tag: u8, atom: &Atom) {
        self.0.push((1 << 63) | (u64::from(tag) << 32) | u64::from(atom.rank()));
    }
}

/// The fingerprint of one value.
pub fn fingerprint(value: &Value) -> EvalResult<u64> {
    Ok(Fingerprint::new().value(value)?.0)
}

/// A name's UTF-16 units, low byte of each; for ASCII text (the usual case, told by the unit
/// count) those are the text's own bytes.
#[inline]
fn name(fp: Fingerprint, atom: &Atom) -> Fingerprint {
    let fp = fp.int(atom.utf16_len() as i32);
    if atom.utf16_len() == atom.text().len() {
        fp.bytes(atom.text().as_bytes())
    } else {
        fp.chars(atom.text())
    }
}

/// What fingerprinting does with a lazy or symbolic part of a value.
#[derive(Clone, Copy, PartialEq)]
enum Lazy {
    /// Fingerprints its enumerated form.
    Enumerate,
    /// Fails (the value must be normalised first).
    Refuse,
}

/// The steps of a value's canonical encoding, which both hashes consume: TLC's byte-wise Rabin
/// fingerprint and the checker's word-wise state hash.
trait Encoder {
    /// A kind tag followed by a 32-bit integer (a number, a size, a boolean as 0 or 1).
    fn tagged_int(&mut self, tag: u8, n: i32);
    /// A kind tag followed by an interned name.
    fn tagged_name(&mut self, tag: u8, atom: &Atom);

    /// An element of a set, or an argument or value of a function: by default its encoding,
    /// in place (the state hash takes a set or function part as its own hash instead).
    fn part(&mut self, value: &Value, lazy: Lazy) -> Result<(), Box<EvalError>>
    where
        Self: Sized,
    {
        extend(self, value, lazy)
    }

    /// Told that a lazy or symbolic part was met (it is encoded as the value it stands for).
    fn symbolic(&mut self) {}
}

impl Encoder for Fingerprint {
    #[inline]
    fn tagged_int(&mut self, tag: u8, n: i32) {
        *self = if tag == tag::BOOL {
            self.byte(tag).byte(if n != 0 { b't' } else { b'f' })
        } else {
            self.byte(tag).int(n)
        };
    }

    #[inline]
    fn tagged_name(&mut self, tag: u8, atom: &Atom) {
        *self = name(self.byte(tag), atom);
    }
}

/// Extends `encoder` by `value` in place (the error is boxed so the usual result stays small).
fn extend<E: Encoder>(encoder: &mut E, value: &Value, lazy: Lazy) -> Result<(), Box<EvalError>> {
    if lazy == Lazy::Refuse && matches!(value, Value::Lazy(_) | Value::Ext(_)) {
        return Err(Box::new(cannot_fingerprint(value)));
    }
    match value {
        Value::Bool(b) => encoder.tagged_int(tag::BOOL, i32::from(*b)),
        Value::Int(n) => encoder.tagged_int(tag::INT, *n as i32),
        Value::Str(atom) => encoder.tagged_name(tag::STRING, atom),
        Value::ModelValue(atom) => encoder.tagged_name(tag::MODEL_VALUE, atom),
        Value::Set(set) => {
            let elems = set.normalized()?;
            encoder.tagged_int(tag::SET_ENUM, elems.len() as i32);
            for elem in elems {
                encoder.part(elem, lazy)?;
            }
        }
        Value::Interval(interval) => {
            let size = interval.size()?;
            encoder.tagged_int(tag::SET_ENUM, size as i32);
            for i in 0..size {
                encoder.tagged_int(tag::INT, interval.low.wrapping_add(i as i32));
            }
        }
        Value::Tuple(elems) => {
            encoder.tagged_int(tag::FCN_RCD, elems.len() as i32);
            for (i, elem) in elems.iter().enumerate() {
                encoder.tagged_int(tag::INT, i as i32 + 1);
                encoder.part(elem, lazy)?;
            }
        }
        Value::Record(record) => {
            encoder.tagged_int(tag::FCN_RCD, record.len() as i32);
            for (field, value) in record.names().iter().zip(record.values()) {
                encoder.tagged_name(tag::STRING, field);
                encoder.part(value, lazy)?;
            }
        }
        Value::Function(function) => {
            encoder.tagged_int(tag::FCN_RCD, function.len() as i32);
            match function.domain() {
                FunctionDomain::Interval { low } => {
                    for (i, value) in function.values().iter().enumerate() {
                        encoder.tagged_int(tag::INT, low.wrapping_add(i as i32));
                        encoder.part(value, lazy)?;
                    }
                }
                FunctionDomain::Values(domain) => {
                    for (arg, value) in domain.iter().zip(function.values()) {
                        encoder.part(arg, lazy)?;
                        encoder.part(value, lazy)?;
                    }
                }
            }
        }
        Value::Lazy(_) => match to_set_enum(value)? {
            Some(set) => {
                encoder.symbolic();
                extend(encoder, &Value::Set(set), lazy)?
            }
            None => return Err(Box::new(cannot_fingerprint(value))),
        },
        Value::Ext(ext) => match ext.class() {
            ExtClass::Set | ExtClass::Function => match ext.to_concrete()? {
                Value::Ext(_) => return Err(Box::new(cannot_fingerprint(value))),
                concrete => {
                    encoder.symbolic();
                    extend(encoder, &concrete, lazy)?
                }
            },
            ExtClass::Other => return Err(Box::new(cannot_fingerprint(value))),
        },
    }
    Ok(())
}

/// TLC's `Value.fingerPrint` default: a state holds a value TLC cannot fingerprint.
fn cannot_fingerprint(value: &Value) -> EvalError {
    EvalError::general(
        EvalErrorKind::Unsupported,
        format!("TLC has found a state in which the value of a variable contains {}", ppr(value)),
    )
}
