//! Interned names with TLC's first-seen rank, which is how TLC orders strings and model values.
//!
//! TLC keeps every identifier, string literal, record field and model-value name in one global
//! table (`util/UniqueString.java`) and compares two of them by the order in which they were first
//! interned, not alphabetically. That order decides set normalisation, `CHOOSE`, printing and
//! symmetry reduction, so we reproduce it: an [`Interner`] hands out [`Atom`]s whose rank is the
//! number of distinct names interned before them. The caller (the front end, then the cfg reader,
//! then the evaluator for strings built at run time) must intern in TLC's order; names TLC interns
//! on its own before parsing can be pre-seeded with [`Interner::with_seed`].
//!
//! All atoms compared with each other must come from the same interner: equality and order look at
//! the rank only.

use std::cmp::Ordering;
use std::collections::HashMap;
use std::fmt;
use std::sync::{Arc, RwLock};

/// One interned name: its text and its first-seen rank.
///
/// Interned names live as long as the process (an interner never forgets one), so an atom is a
/// plain reference: copying a string or model value costs no reference count, which several
/// workers would otherwise update on the same shared names all the time.
#[derive(Clone, Copy)]
pub struct Atom(&'static AtomData);

struct AtomData {
    text: Box<str>,
    rank: u32,
    /// Computed once: equality of model values and fingerprints ask for these on every use.
    model_value_type: Option<char>,
    utf16_len: u32,
    /// A hash of the text, for the checker's state hash (`fingerprint::StateHash`).
    text_hash: u64,
}

impl Atom {
    /// The text, as written (without quotes for strings).
    pub fn text(&self) -> &str {
        &self.0.text
    }

    /// Whether both are the one name of one interner (equality compares ranks, which names of
    /// two interners share).
    pub fn is_same_atom(&self, other: &Atom) -> bool {
        std::ptr::eq(self.0, other.0)
    }

    /// Where the name lives: the same for [`Atom::is_same_atom`] atoms only.
    pub(crate) fn address(&self) -> usize {
        self.0 as *const AtomData as usize
    }

    /// The number of distinct names interned before this one.
    pub fn rank(&self) -> u32 {
        self.0.rank
    }

    /// TLC's typed model values: a name of the form `x_rest` (at least three characters, an
    /// underscore second) has type `x` (`ModelValue.java`, constructor). `None` means untyped.
    pub fn model_value_type(&self) -> Option<char> {
        self.0.model_value_type
    }

    /// Length in UTF-16 code units, which is what TLC's `Len` and `SubSeq` count on strings.
    pub fn utf16_len(&self) -> usize {
        self.0.utf16_len as usize
    }

    /// A 64-bit hash of the text (not of the rank, so it does not depend on interning order).
    pub fn text_hash(&self) -> u64 {
        self.0.text_hash
    }
}

/// The text's bytes, eight at a time, through the state hash's mixing step, then its length.
fn text_hash(text: &str) -> u64 {
    let mut hash = 0x243F_6A88_85A3_08D3;
    for chunk in text.as_bytes().chunks(8) {
        let mut word = [0u8; 8];
        word[..chunk.len()].copy_from_slice(chunk);
        hash = crate::fingerprint::mix_word(hash, u64::from_le_bytes(word));
    }
    crate::fingerprint::mix_word(hash, text.len() as u64)
}

fn model_value_type(text: &str) -> Option<char> {
    let mut chars = text.chars();
    let first = chars.next()?;
    let second = chars.next()?;
    // Java's `length() > 2` counts UTF-16 units; a third character of any width suffices.
    if second == '_' && chars.next().is_some() {
        Some(first)
    } else {
        None
    }
}

impl PartialEq for Atom {
    fn eq(&self, other: &Atom) -> bool {
        self.rank() == other.rank()
    }
}

impl Eq for Atom {}

impl PartialOrd for Atom {
    fn partial_cmp(&self, other: &Atom) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Atom {
    /// TLC's `UniqueString.compareTo`: first-seen order.
    fn cmp(&self, other: &Atom) -> Ordering {
        self.rank().cmp(&other.rank())
    }
}

impl std::hash::Hash for Atom {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.rank().hash(state);
    }
}

impl fmt::Debug for Atom {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:?}#{}", self.text(), self.rank())
    }
}

impl fmt::Display for Atom {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.text())
    }
}

/// The shared table of names. Cloning is cheap and clones share the table; it is safe to use from
/// several threads (ranks are still handed out in the order calls arrive).
#[derive(Clone, Default)]
pub struct Interner {
    table: Arc<RwLock<HashMap<Box<str>, Atom>>>,
}

impl Interner {
    /// An empty table: the first name interned gets rank 0.
    pub fn new() -> Interner {
        Interner::default()
    }

    /// A table whose first ranks go to `names`, in order (duplicates keep their first rank).
    /// Use it for the names TLC interns itself before it reads the spec.
    pub fn with_seed<'a>(names: impl IntoIterator<Item = &'a str>) -> Interner {
        let interner = Interner::new();
        for name in names {
            interner.intern(name);
        }
        interner
    }

    /// The atom for `text`, creating it with the next rank if it is new.
    pub fn intern(&self, text: &str) -> Atom {
        if let Some(atom) = self.get(text) {
            return atom;
        }
        let mut table = self.table.write().unwrap_or_else(|poisoned| poisoned.into_inner());
        if let Some(atom) = table.get(text) {
            return *atom;
        }
        let rank = u32::try_from(table.len()).unwrap_or(u32::MAX);
        let atom = Atom(Box::leak(Box::new(AtomData {
            text: text.into(),
            rank,
            model_value_type: model_value_type(text),
            utf16_len: u32::try_from(text.encode_utf16().count()).unwrap_or(u32::MAX),
            text_hash: text_hash(text),
        })));
        table.insert(text.into(), atom);
        atom
    }

    /// The atom for `text` if it was interned already.
    pub fn get(&self, text: &str) -> Option<Atom> {
        let table = self.table.read().unwrap_or_else(|poisoned| poisoned.into_inner());
        table.get(text).cloned()
    }

    /// How many distinct names the table holds.
    pub fn len(&self) -> usize {
        self.table.read().unwrap_or_else(|poisoned| poisoned.into_inner()).len()
    }

    /// Whether no name was interned yet.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

impl fmt::Debug for Interner {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Interner({} names)", self.len())
    }
}
