//! The integration tests of `tla-values`, in one binary: data-driven value cases recorded
//! against TLC, property tests, and tidy checks.

mod support {
    pub mod mini;
    pub mod random;
}

mod properties;
mod sharing;
mod tidy;
mod values;
