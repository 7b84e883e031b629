//! Shims of the pieces of `xlineapi` and of the `xline` server that the fetched conflict pools
//! (`crates/xline/src/conflict/`) import: the KV command and its key range, the request enum
//! (only the variants the pools match on, plus `Put`), and the lease store. The harness runs no
//! lease requests, so the lease store is empty; the key ranges follow `xlineapi`'s
//! `KeyRange::new_one_key` (a single key: start = the key, empty end), which the fetched
//! `crates/xlineapi/src/interval.rs` turns into the interval `[key, key\0)` of the interval map.

/// `xlineapi::command`.
pub mod command {
    use crate::RequestWrapper;

    /// A key range; the harness only makes single keys.
    #[derive(Debug, Clone, PartialEq, Eq, Hash)]
    pub struct KeyRange {
        start: Vec<u8>,
        end: Vec<u8>,
    }

    impl KeyRange {
        /// A range holding one key (`range_end` empty, as upstream reports it).
        pub fn new_one_key(key: impl Into<Vec<u8>>) -> Self {
            Self { start: key.into(), end: Vec::new() }
        }

        pub fn range_start(&self) -> &[u8] {
            &self.start
        }

        pub fn range_end(&self) -> &[u8] {
            &self.end
        }
    }

    /// Upstream's bounds of a single key: the key itself, included at both ends.
    impl std::ops::RangeBounds<Vec<u8>> for KeyRange {
        fn start_bound(&self) -> std::ops::Bound<&Vec<u8>> {
            std::ops::Bound::Included(&self.start)
        }

        fn end_bound(&self) -> std::ops::Bound<&Vec<u8>> {
            std::ops::Bound::Included(&self.start)
        }
    }

    /// A KV command: one request.
    #[derive(Debug, Clone)]
    pub struct Command {
        request: RequestWrapper,
    }

    impl Command {
        pub fn new(request: RequestWrapper) -> Self {
            Self { request }
        }

        pub fn request(&self) -> &RequestWrapper {
            &self.request
        }

        /// Lease ids the request names (none for a put without lease).
        pub fn leases(&self) -> Vec<i64> {
            Vec::new()
        }
    }

    impl crate::cmd::Command for Command {
        type K = KeyRange;

        fn keys(&self) -> Vec<KeyRange> {
            self.request.keys()
        }
    }
}

/// A request payload the pools never look into.
#[derive(Debug, Clone, Default)]
pub struct OpaqueRequest;

/// `LeaseRevokeRequest`: the pools read its lease id.
#[derive(Debug, Clone, Default)]
pub struct LeaseRevokeRequest {
    pub id: i64,
}

/// `PutRequest`: the only request the harness proposes.
#[derive(Debug, Clone, Default)]
pub struct PutRequest {
    pub key: Vec<u8>,
    pub value: Vec<u8>,
}

/// `xlineapi::RequestWrapper`: the variants `is_exclusive_cmd` and `intervals_lease` match on.
#[derive(Debug, Clone)]
pub enum RequestWrapper {
    PutRequest(PutRequest),
    LeaseRevokeRequest(LeaseRevokeRequest),
    CompactionRequest(OpaqueRequest),
    AuthEnableRequest(OpaqueRequest),
    AuthDisableRequest(OpaqueRequest),
    AuthRoleAddRequest(OpaqueRequest),
    AuthRoleDeleteRequest(OpaqueRequest),
    AuthRoleGrantPermissionRequest(OpaqueRequest),
    AuthRoleRevokePermissionRequest(OpaqueRequest),
    AuthUserAddRequest(OpaqueRequest),
    AuthUserChangePasswordRequest(OpaqueRequest),
    AuthUserDeleteRequest(OpaqueRequest),
    AuthUserGrantRoleRequest(OpaqueRequest),
    AuthUserRevokeRoleRequest(OpaqueRequest),
    AuthenticateRequest(OpaqueRequest),
    AlarmRequest(OpaqueRequest),
}

impl RequestWrapper {
    /// The keys a request touches (`RequestWrapper::keys` upstream: a put touches its key).
    pub fn keys(&self) -> Vec<command::KeyRange> {
        match self {
            RequestWrapper::PutRequest(put) => vec![command::KeyRange::new_one_key(put.key.clone())],
            _ => Vec::new(),
        }
    }
}

/// `crate::storage::lease_store` of the `xline` server: an empty lease collection.
pub mod storage {
    pub mod lease_store {
        use std::ops::RangeBounds;

        /// A lease and the keys attached to it.
        #[derive(Debug, Clone, Default)]
        pub struct Lease {
            keys: Vec<Vec<u8>>,
        }

        impl Lease {
            pub fn into_keys(self) -> Vec<Vec<u8>> {
                self.keys
            }
        }

        /// The leases granted so far: none in the harness.
        #[derive(Debug, Default)]
        pub struct LeaseCollection;

        impl LeaseCollection {
            pub fn look_up(&self, _lease_id: i64) -> Option<Lease> {
                None
            }

            pub fn get_lease_by_range<R: RangeBounds<Vec<u8>>>(&self, _range: R) -> Vec<i64> {
                Vec::new()
            }
        }
    }
}
