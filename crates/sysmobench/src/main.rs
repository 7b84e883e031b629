//! The `sysmobench` binary: one command line for the TLA+ toolchain and the benchmark harness.
//!
//! This is the edge of the system: it reads files, prints, and maps outcomes to exit codes.
//! Each subcommand lives in its own module and does its IO here, calling into pure libraries.

mod sany;

use std::process::ExitCode;

#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

const USAGE: &str = "\
usage: sysmobench <command> [arguments]

commands:
  sany [-error-codes] [-human] [-lib DIR]... FILE.tla
        check a TLA+ module as SANY does (syntax, and the modules it extends or instances)
  help  print this message
  version
        print the version
";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some(command) = args.first() else {
        eprint!("{USAGE}");
        return ExitCode::from(2);
    };
    match command.as_str() {
        "sany" => sany::run(&args[1..]),
        "help" | "-h" | "--help" => {
            print!("{USAGE}");
            ExitCode::SUCCESS
        }
        "version" | "--version" | "-V" => {
            println!("sysmobench {}", env!("CARGO_PKG_VERSION"));
            ExitCode::SUCCESS
        }
        other => {
            eprintln!("sysmobench: unknown command `{other}`\n\n{USAGE}");
            ExitCode::from(2)
        }
    }
}
