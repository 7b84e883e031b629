//! The command line of `sysmobench tlc`: TLC 2.20's flags (every flag `tlc2.TLC` parses is
//! listed here, as implemented, accepted and ignored, or refused with a message naming it) and
//! our own `--` flags. Kept apart from `tlc.rs`, which runs the pipeline.

use std::path::PathBuf;

use crate::tlc::TlcOptions;

pub(crate) const USAGE: &str = "\
usage: sysmobench tlc [-config FILE.cfg] [-workers N|auto] [-deadlock] [-seed S] [-maxSetSize N]
                      [-tool] [-lib DIR]... [-noGenerateSpecTE] [-nowarning] [-fp N] [-depth D]
                      [--max-states N] [--max-seconds S] [--max-memory-mb M]
                      [--allow-file-reads] [--allow-env] [--skip-liveness] [--itf FILE.json]
                      [--interpret-only]
                      [-simulate [num=N]] [-continue] [-dump dot[,actionlabels] FILE.dot]
                      [-coverage MINUTES] [--coverage-json FILE.json] [-checkpoint 0] FILE.tla
TLC flags that tune its JVM-side machinery or trace-explorer files are accepted and ignored;
flags for features not built here (-dfid, -recover, ...) are refused with a message.";

/// TLC flags taking a value that this checker accepts and ignores: they tune TLC's fingerprint
/// set and its metadata folder, which have no counterpart here.
const IGNORED_VALUE_FLAGS: &[&str] = &["-fp", "-fpmem", "-fpbits", "-metadir"];
/// TLC flags without a value that change no verdict: temporary files (`-cleanup`, `-gzip`), the
/// trace-explorer spec TLC writes after a violation (`-generateSpecTE`, `-noGenerateSpecTE`,
/// `-noGenerateSpecTEBin`, `-noTE`, `-noTEBin`), `-modelcheck` (the default mode), `-debug`
/// (TLC's own debugging output) and `-terse` (TLC then prints symbolic values in `Print`
/// unexpanded; here they are printed as without it).
const IGNORED_FLAGS: &[&str] = &[
    "-noGenerateSpecTE",
    "-noGenerateSpecTEBin",
    "-generateSpecTE",
    "-noTE",
    "-noTEBin",
    "-cleanup",
    "-terse",
    "-gzip",
    "-modelcheck",
    "-debug",
];
/// TLC flags for features this checker does not have, with the reason printed.
const UNSUPPORTED_FLAGS: &[(&str, &str)] = &[
    ("-dfid", "depth-first iterative deepening is not implemented; the state space is searched breadth first (or use -simulate)"),
    ("-recover", "checkpoints are not implemented, so there is nothing to recover from"),
    ("-generate", "TLC's random state generation mode is not implemented"),
    ("-difftrace", "traces are printed in full"),
    ("-debugger", "there is no debugger"),
    ("-view", "VIEW-formatted traces are not implemented"),
    ("-inv", "give invariants in the cfg file"),
    ("-invlevel", "give invariants in the cfg file"),
    ("-lncheck", "liveness is checked once, at the end of the run"),
    ("-aril", "it only seeds TLC's -simulate random stream, which is not reproduced"),
    ("-userFile", "Print output goes to standard output"),
    ("-teSpecOutDir", "no trace-explorer spec is written"),
    ("-dumpTrace", "counterexamples are written with --itf FILE.json"),
    ("-loadTrace", "traces cannot be loaded"),
    ("-postCondition", "give the POSTCONDITION in the cfg file"),
    ("-messagesAsErrors", "message classes are TLC's"),
    ("-suppressMessages", "every message is printed"),
];

pub(crate) fn parse_arguments(args: &[String]) -> Result<Option<TlcOptions>, String> {
    let mut spec = None;
    let mut options = TlcOptions::new(PathBuf::new());
    let mut index = 0;
    let value = |index: &mut usize, flag: &str| -> Result<String, String> {
        *index += 1;
        args.get(*index).cloned().ok_or_else(|| format!("{flag} needs a value"))
    };
    let number = |text: String, flag: &str| -> Result<u64, String> {
        text.parse::<u64>()
            .map_err(|_| format!("{flag} expects a non-negative number, got `{text}`"))
    };
    while index < args.len() {
        let arg = args[index].as_str();
        match arg {
            "-config" => options.config = Some(PathBuf::from(value(&mut index, arg)?)),
            "-workers" => {
                let text = value(&mut index, arg)?;
                options.workers = if text == "auto" {
                    std::thread::available_parallelism().map(|n| n.get()).unwrap_or(1)
                } else {
                    number(text, arg)?.max(1) as usize
                };
            }
            "-deadlock" => options.deadlock_off = true,
            "-seed" => {
                let text = value(&mut index, arg)?;
                options.seed = text
                    .parse::<i64>()
                    .map(|seed| seed as u64)
                    .map_err(|_| format!("-seed expects a number, got `{text}`"))?;
            }
            "-tool" => options.tool_mode = true,
            "-lib" => options.library_folders.push(PathBuf::from(value(&mut index, arg)?)),
            "-maxSetSize" => {
                options.max_set_size = Some(number(value(&mut index, arg)?, arg)? as usize)
            }
            "--max-states" => options.max_states = Some(number(value(&mut index, arg)?, arg)?),
            "--max-seconds" => options.max_seconds = Some(number(value(&mut index, arg)?, arg)?),
            "--max-memory-mb" => {
                options.max_memory_mb = Some(number(value(&mut index, arg)?, arg)?)
            }
            "--allow-file-reads" => options.allow_file_reads = true,
            "--allow-env" => options.allow_environment = true,
            "--interpret-only" => options.interpret_only = true,
            "--skip-liveness" => options.skip_liveness = true,
            "-nowarning" => options.no_warnings = true,
            "-continue" => options.continue_after_violation = true,
            "-dump" => {
                let format = value(&mut index, arg)?;
                let file = value(&mut index, arg)?;
                let mut parts = format.split(',');
                if parts.next() != Some("dot") {
                    return Err(format!("-dump {format}: only the dot format is supported"));
                }
                let action_labels = parts.any(|part| part == "actionlabels");
                options.dump_dot = Some((PathBuf::from(file), action_labels));
            }
            "--itf" => options.itf_path = Some(PathBuf::from(value(&mut index, arg)?)),
            "-coverage" => options.coverage_minutes = Some(number(value(&mut index, arg)?, arg)?),
            "--coverage-json" => {
                options.coverage_json = Some(PathBuf::from(value(&mut index, arg)?))
            }
            "--progress-interval-ms" => {
                let milliseconds = number(value(&mut index, arg)?, arg)?;
                options.progress_interval = Some(std::time::Duration::from_millis(milliseconds));
            }
            "-simulate" => {
                options.simulate = Some(crate::tlc::DEFAULT_SIMULATION_TRACES);
                if let Some(count) = args.get(index + 1).and_then(|next| next.strip_prefix("num="))
                {
                    options.simulate = Some(number(count.to_string(), "-simulate num=")?);
                    index += 1;
                }
            }
            "-depth" => options.depth = number(value(&mut index, arg)?, arg)?.max(1),
            "-h" | "-help" | "--help" => return Ok(None),
            "-checkpoint" => {
                // TLC writes a checkpoint every N minutes; 0 turns them off, which is what
                // happens here anyway.
                let minutes = number(value(&mut index, arg)?, arg)?;
                if minutes != 0 {
                    return Err(format!(
                        "TLC's -checkpoint {minutes} is not supported: this checker writes no checkpoints (and has no -recover); pass -checkpoint 0 or leave it out"
                    ));
                }
            }
            _ if IGNORED_FLAGS.contains(&arg) => {}
            _ if IGNORED_VALUE_FLAGS.contains(&arg) => {
                value(&mut index, arg)?;
            }
            _ if unsupported_reason(arg).is_some() => {
                let why = unsupported_reason(arg).unwrap_or_default();
                return Err(format!("TLC's {arg} is not supported by this checker: {why}"));
            }
            _ if arg.starts_with('-') => return Err(format!("unknown flag {arg}")),
            _ => {
                if spec.is_some() {
                    return Err(format!("more than one specification given (`{arg}`)"));
                }
                spec = Some(PathBuf::from(arg));
            }
        }
        index += 1;
    }
    options.spec = spec.ok_or("no specification file given")?;
    Ok(Some(options))
}

/// Why TLC flag `arg` is refused, when it is.
fn unsupported_reason(arg: &str) -> Option<&'static str> {
    UNSUPPORTED_FLAGS.iter().find(|(flag, _)| *flag == arg).map(|(_, why)| *why)
}
