//! Prints the signature table rows (see `tests/support/signature.rs`) of the `.tla` files given
//! on the command line. This is how `signatures.tsv` was derived from the original standard
//! modules (tla2tools.jar) and CommunityModules; see `docs/dev/modules.md`.
//!
//! Usage: `cargo run -p tla-modules --example extract_signatures -- FILE.tla...`

#[allow(dead_code)]
#[path = "../tests/support/mod.rs"]
mod support;

use support::signature;

fn main() {
    let mut texts = Vec::new();
    for path in std::env::args().skip(1) {
        match std::fs::read_to_string(&path) {
            Ok(text) => texts.push((path, text)),
            Err(error) => {
                eprintln!("{path}: {error}");
                std::process::exit(1);
            }
        }
    }
    match signature::modules_signature(&texts) {
        Ok(rows) => {
            println!("{}", signature::TABLE_HEADER);
            rows.iter().for_each(|row| println!("{}", row.to_tsv()));
        }
        Err(message) => {
            eprintln!("{message}");
            std::process::exit(1);
        }
    }
}
