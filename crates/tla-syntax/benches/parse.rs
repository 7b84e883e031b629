//! Parse throughput: `cargo bench -p tla-syntax --bench parse`.
//!
//! Parses every `.tla` file under `$TLA_BENCH_CORPUS` (for example a checkout of the public
//! tlaplus/Examples corpus), or this crate's own fixtures when the variable is unset, repeatedly
//! for about two seconds, and prints megabytes of source parsed per second.

use std::path::{Path, PathBuf};

// The same allocator as the `sysmobench` binary, so the figure is what users get.
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;
use std::time::{Duration, Instant};

fn collect_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else { return };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            collect_files(&path, out);
        } else if path.extension().is_some_and(|ext| ext == "tla") {
            out.push(path);
        }
    }
}

fn main() {
    let corpus = std::env::var_os("TLA_BENCH_CORPUS")
        .map(PathBuf::from)
        .unwrap_or_else(|| Path::new(env!("CARGO_MANIFEST_DIR")).join("test_data/sany"));
    let mut files = Vec::new();
    collect_files(&corpus, &mut files);
    files.sort();
    let texts: Vec<String> =
        files.iter().filter_map(|path| std::fs::read_to_string(path).ok()).collect();
    let total_bytes: usize = texts.iter().map(String::len).sum();
    let mut rounds = 0u32;
    let mut n_errors = 0usize;
    let start = Instant::now();
    // A fixed number of rounds (for instruction-count comparisons), or about two seconds.
    let fixed_rounds: Option<u32> =
        std::env::var("TLA_BENCH_ROUNDS").ok().and_then(|value| value.parse().ok());
    while fixed_rounds
        .map_or(start.elapsed() < Duration::from_secs(2) || rounds == 0, |fixed| rounds < fixed)
    {
        for text in &texts {
            let parsed = tla_syntax::parse_module(std::hint::black_box(text));
            n_errors += parsed.diagnostics.len();
        }
        rounds += 1;
    }
    let elapsed = start.elapsed().as_secs_f64();
    let megabytes = (total_bytes as f64 * rounds as f64) / 1e6;
    println!(
        "parse: {} files, {:.2} MB per round, {} rounds in {:.2} s: {:.1} MB/s ({} diagnostics per round)",
        texts.len(),
        total_bytes as f64 / 1e6,
        rounds,
        elapsed,
        megabytes / elapsed,
        n_errors / rounds as usize
    );
}
