//! Derives `data/standard_module_names.tsv`: for each module file named on the command line, the
//! distinct names TLC interns while parsing it (first-seen lexing order) and its string literals.
//!
//! Run once against the standard modules of the TLC release the project matches (they are not
//! part of the project): unzip `tla2sany/StandardModules/*.tla` from `tla2tools.jar`, then
//! `cargo run -p tla-sema --example derive_standard_module_names -- <dir>/*.tla`. Only the
//! resulting name lists are kept.

use std::collections::BTreeSet;

use tla_sema::intern_order::{escape_table_text, lexed_names_and_strings};

fn main() {
    let mut files: Vec<String> = std::env::args().skip(1).collect();
    files.sort();
    for path in files {
        let Ok(text) = std::fs::read_to_string(&path) else {
            eprintln!("cannot read {path}");
            continue;
        };
        let module = std::path::Path::new(&path)
            .file_stem()
            .map(|stem| stem.to_string_lossy().into_owned())
            .unwrap_or_default();
        let (names, strings) = lexed_names_and_strings(&text);
        for (kind, list) in [("name", names), ("string", strings)] {
            let mut seen = BTreeSet::new();
            for text in list {
                if seen.insert(text.clone()) {
                    println!("{module}\t{kind}\t{}", escape_table_text(&text));
                }
            }
        }
    }
}
