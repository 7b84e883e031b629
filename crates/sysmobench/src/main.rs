//! The `sysmobench` binary (work in progress).

fn main() {}
