//! Helpers shared by the signature test and the `extract_signatures` example.

pub mod references;
pub mod signature;
