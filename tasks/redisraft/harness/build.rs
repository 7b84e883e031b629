//! Compiles the C side of the harness: the pinned upstream Raft library (`upstream/deps/raft`,
//! copied next to this file by trace generation, compiled unmodified with its asserts on) and
//! our cluster glue `src/cluster.c`, into one static library linked into the harness.

use std::path::PathBuf;

const UPSTREAM_SOURCES: [&str; 4] = [
    "upstream/deps/raft/src/raft_server.c",
    "upstream/deps/raft/src/raft_server_properties.c",
    "upstream/deps/raft/src/raft_node.c",
    "upstream/deps/raft/src/raft_log.c",
];

fn main() {
    let manifest_directory = PathBuf::from(std::env::var_os("CARGO_MANIFEST_DIR").unwrap());
    let mut build = cc::Build::new();
    build
        .include(manifest_directory.join("upstream/deps/raft/include"))
        .file(manifest_directory.join("src/cluster.c"))
        .flag_if_supported("-std=c11")
        .define("_GNU_SOURCE", None)
        .warnings(false)
        .debug(false)
        .opt_level(1);
    for source in UPSTREAM_SOURCES {
        let path = manifest_directory.join(source);
        assert!(path.exists(), "missing upstream file {}: run trace generation", path.display());
        build.file(path);
    }
    // Keep assert() active: the library checks its own invariants with it.
    build.flag("-UNDEBUG");
    build.compile("redisraft_cluster");
    println!("cargo:rerun-if-changed=src/cluster.c");
    for source in UPSTREAM_SOURCES {
        println!("cargo:rerun-if-changed={source}");
    }
}
