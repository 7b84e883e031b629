//! Trace harness of task `curp`: Xline's CURP conflict pools, compiled unmodified, driven by a
//! seeded simulation of the CURP protocol (`simulation.rs`).
//!
//! The crate stands in for three upstream crates at once so that the fetched files compile as
//! they are, each at the module path it has in Xline:
//! - `crate::curp_spec_pool_new`, `crate::curp_uncommitted_pool`: the `curp` crate's
//!   `server/conflict/spec_pool_new.rs` and `uncommitted_pool.rs` (the pool unions a replica
//!   holds), reached as `crate::server::conflict::*` through `curp_shims.rs`;
//! - `crate::conflict`: the `xline` crate's `src/conflict/` (`mod.rs`, `spec_pool.rs`,
//!   `uncommitted_pool.rs`: the KV, lease and exclusive pools that decide conflicts);
//! - `crate::interval`: `xlineapi`'s `src/interval.rs` (`BytesAffine`, key range to interval).
//!
//! The files name their crates by absolute paths (`curp::rpc::PoolEntry`, `utils::interval_map`,
//! `xlineapi::command::Command`); `extern crate self as ...` makes those names this crate, whose
//! root holds the shims (`curp_shims.rs`, `xline_shims.rs`) at the matching paths. The pool traits
//! come from the fetched `curp-external-api/src/conflict.rs` in the small path crate
//! `curp-external-api`. The interval map is the crates.io `rb-interval-map` that Xline's `utils`
//! re-exports, at the version of Xline's `Cargo.lock`.

#![allow(dead_code)]

extern crate self as curp;
extern crate self as utils;
extern crate self as xlineapi;

mod curp_shims;
#[allow(dead_code)]
mod recorder;
mod simulation;
#[allow(dead_code)]
mod workload;
mod xline_shims;

#[path = "../upstream/crates/xline/src/conflict/mod.rs"]
mod conflict;
#[path = "../upstream/crates/curp/src/server/conflict/spec_pool_new.rs"]
mod curp_spec_pool_new;
#[path = "../upstream/crates/curp/src/server/conflict/uncommitted_pool.rs"]
mod curp_uncommitted_pool;
#[path = "../upstream/crates/xlineapi/src/interval.rs"]
pub mod interval;

pub use curp_shims::{cmd, rpc, server};
/// `utils::interval_map`: Xline's `utils` re-exports the crates.io interval map.
pub use ::interval_map;
pub use xline_shims::{
    command, storage, LeaseRevokeRequest, OpaqueRequest, PutRequest, RequestWrapper,
};

fn main() {
    let arguments = match workload::parse_arguments() {
        Ok(arguments) => arguments,
        Err(message) => {
            eprintln!("{message}");
            std::process::exit(2);
        }
    };
    simulation::run(arguments);
    print!("{}", recorder::take_ndjson());
}
