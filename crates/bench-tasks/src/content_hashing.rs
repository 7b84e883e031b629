//! SHA-256 of pinned files, as lowercase hex.
//!
//! Every upstream file a model reads and every committed trace is pinned by its SHA-256 in the
//! task folder, so that two runs can be shown to have read the same bytes.

use std::{fs, io, path::Path};

use sha2::{Digest, Sha256};

/// Returns the SHA-256 of `bytes` as 64 lowercase hex digits.
pub fn sha256_hex_of_bytes(bytes: &[u8]) -> String {
    let digest = Sha256::digest(bytes);
    let mut res = String::with_capacity(64);
    for byte in digest {
        res.push_str(&format!("{byte:02x}"));
    }
    res
}

/// Returns the SHA-256 of the file at `path` as 64 lowercase hex digits.
pub fn sha256_hex_of_file(path: &Path) -> io::Result<String> {
    let bytes = fs::read(path)?;
    Ok(sha256_hex_of_bytes(&bytes))
}

/// Whether `text` looks like a SHA-256 in the form this crate writes: 64 lowercase hex digits.
pub(crate) fn is_sha256_hex(text: &str) -> bool {
    text.len() == 64
        && text.bytes().all(|byte| byte.is_ascii_digit() || (b'a'..=b'f').contains(&byte))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hashes_the_empty_string_like_sha256sum() {
        assert_eq!(
            sha256_hex_of_bytes(b""),
            "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"
        );
        assert!(is_sha256_hex(&sha256_hex_of_bytes(b"abc")));
        assert!(!is_sha256_hex("E3B0"));
    }
}
