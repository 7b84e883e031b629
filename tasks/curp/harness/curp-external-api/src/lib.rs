//! Stand-in for Xline's `curp-external-api` crate in the `curp` trace harness: it exists so that
//! the upstream pool files can name `curp_external_api::conflict::...` as they do in Xline. The
//! module is the fetched `crates/curp-external-api/src/conflict.rs`, compiled unmodified; the rest
//! of the upstream crate (commands, role changes) is not needed by the pools.

#[path = "../../upstream/crates/curp-external-api/src/conflict.rs"]
pub mod conflict;
