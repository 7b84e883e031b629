//! Fuzz target: the parser must return, without panicking, on any input, and every diagnostic's
//! span must lie on character boundaries inside the input.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let parsed = tla_syntax::parse_module(&text);
    for diagnostic in &parsed.diagnostics {
        let (start, end) = (diagnostic.span.start as usize, diagnostic.span.end as usize);
        assert!(start <= end && end <= text.len());
        assert!(text.is_char_boundary(start) && text.is_char_boundary(end));
    }
});
