//! Printing that survives a closed terminal or pipe.
//!
//! `println!` panics when stdout is gone (`sysmobench tlc Spec.tla | head`). TLC's Java
//! streams drop the text and go on, so the run still ends with its verdict's exit code; these
//! macros do the same: text that cannot be written is dropped.

/// Writes with `$write` (`write` or `writeln`) to `$stream`, dropping the text on failure.
macro_rules! write_or_drop {
    ($write:ident, $stream:expr, $($argument:tt)*) => {{
        use std::io::Write as _;
        let _ = $write!($stream.lock(), $($argument)*);
    }};
}

/// `print!` to stdout, dropping the text if stdout is closed.
macro_rules! print_out {
    ($($argument:tt)*) => { write_or_drop!(write, std::io::stdout(), $($argument)*) };
}

/// `println!` to stdout, dropping the text if stdout is closed.
macro_rules! println_out {
    ($($argument:tt)*) => { write_or_drop!(writeln, std::io::stdout(), $($argument)*) };
}

/// `eprint!` to stderr, dropping the text if stderr is closed.
macro_rules! print_err {
    ($($argument:tt)*) => { write_or_drop!(write, std::io::stderr(), $($argument)*) };
}

/// `eprintln!` to stderr, dropping the text if stderr is closed.
macro_rules! println_err {
    ($($argument:tt)*) => { write_or_drop!(writeln, std::io::stderr(), $($argument)*) };
}
