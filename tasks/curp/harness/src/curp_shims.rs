//! Shims of the pieces of Xline's `curp` crate that the fetched pool files import: the pool
//! entry and propose id of `crates/curp/src/rpc/mod.rs` (a protobuf module we cannot compile
//! alone), the `Command` trait of `curp-external-api` as far as the pools use it, and the
//! re-exports `curp::server::{SpObject, UcpObject}`. Each mirrors the upstream definition's
//! behaviour: a pool entry is a propose id plus a shared command, compared, hashed and ordered by
//! its id only, and dereferencing to its command.

/// `crate::rpc` of the `curp` crate.
pub mod rpc {
    use std::sync::Arc;

    use curp_external_api::conflict::EntryId;

    /// `(client id, sequence number)`, as upstream.
    #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
    pub struct ProposeId(pub u64, pub u64);

    /// An entry of a conflict pool: the propose id and the command.
    #[derive(Debug)]
    pub struct PoolEntry<C> {
        pub(crate) id: ProposeId,
        pub(crate) cmd: Arc<C>,
    }

    impl<C> PoolEntry<C> {
        pub fn new(id: ProposeId, inner: Arc<C>) -> Self {
            Self { id, cmd: inner }
        }
    }

    impl<C> Clone for PoolEntry<C> {
        fn clone(&self) -> Self {
            Self { id: self.id, cmd: Arc::clone(&self.cmd) }
        }
    }

    impl<C> std::ops::Deref for PoolEntry<C> {
        type Target = C;

        fn deref(&self) -> &C {
            &self.cmd
        }
    }

    impl<C> AsRef<C> for PoolEntry<C> {
        fn as_ref(&self) -> &C {
            self.cmd.as_ref()
        }
    }

    impl<C> std::hash::Hash for PoolEntry<C> {
        fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
            self.id.hash(state);
        }
    }

    impl<C> PartialEq for PoolEntry<C> {
        fn eq(&self, other: &Self) -> bool {
            self.id == other.id
        }
    }

    impl<C> Eq for PoolEntry<C> {}

    impl<C> PartialOrd for PoolEntry<C> {
        fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
            Some(self.cmp(other))
        }
    }

    impl<C> Ord for PoolEntry<C> {
        fn cmp(&self, other: &Self) -> std::cmp::Ordering {
            self.id.cmp(&other.id)
        }
    }

    impl<C> EntryId for PoolEntry<C> {
        type Id = ProposeId;

        fn id(&self) -> ProposeId {
            self.id
        }
    }
}

/// `curp::cmd`: the part of the command trait the pools call (`keys`).
pub mod cmd {
    /// A replicated command; `keys` tells which other commands it conflicts with.
    pub trait Command {
        type K;

        fn keys(&self) -> Vec<Self::K>;
    }
}

/// `curp::server` and `crate::server` of the `curp` crate: the pool modules and their re-exports.
pub mod server {
    pub mod conflict {
        pub(crate) use crate::curp_spec_pool_new as spec_pool_new;
        pub(crate) use crate::curp_uncommitted_pool as uncommitted_pool;
    }

    pub use conflict::{spec_pool_new::SpObject, uncommitted_pool::UcpObject};
}
