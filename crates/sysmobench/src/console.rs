//! Printing that survives a closed terminal or pipe.
//!
//! `println!` panics when stdout is gone (`sysmobench tlc Spec.tla | head`). TLC's Java
//! streams drop the text and go on, so the run still ends with its verdict's exit code; these
//! macros do the same: text that cannot be written is dropped.

/// `print!` to stdout, dropping the text if stdout is closed.
macro_rules! print_out {
    ($($argument:tt)*) => {{
        use std::io::Write as _;
        let _ = write!(std::io::stdout().lock(), $($argument)*);
    }};
}

/// `println!` to stdout, dropping the text if stdout is closed.
macro_rules! println_out {
    ($($argument:tt)*) => {{
        use std::io::Write as _;
        let _ = writeln!(std::io::stdout().lock(), $($argument)*);
    }};
}

/// `eprint!` to stderr, dropping the text if stderr is closed.
macro_rules! print_err {
    ($($argument:tt)*) => {{
        use std::io::Write as _;
        let _ = write!(std::io::stderr().lock(), $($argument)*);
    }};
}

/// `eprintln!` to stderr, dropping the text if stderr is closed.
macro_rules! println_err {
    ($($argument:tt)*) => {{
        use std::io::Write as _;
        let _ = writeln!(std::io::stderr().lock(), $($argument)*);
    }};
}
