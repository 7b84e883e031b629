//! The tokenizer TLC reads a cfg file with: SANY's token manager in its `SPEC` state.
//!
//! TLC does not have a cfg lexer of its own; `ModelConfig.parse` pulls tokens from the TLA+
//! token manager and looks only at each token's *image* (its text) and at three kinds: number
//! literals, string literals and end of file. What matters for agreeing with TLC is therefore
//! where SANY cuts tokens (`N=3` is three tokens, `N==3` is two, `-1` is two, `WF_x` is two),
//! which comments it skips (`\*` to end of line, nested `(* *)`), and which characters it
//! cannot tokenize at all: there SANY throws a lexical error, which TLC turns into an end-of-file
//! token *without* an image, so a lexical error either silently ends the cfg file or, where the
//! parser looks at the image, makes TLC fail with a `NullPointerException`.
//!
//! Line numbers follow SANY's `SimpleCharStream`: `\n`, `\r` and `\r\n` each end a line, and the
//! end-of-file token sits on the line of the file's last character.

use tla_diagnostics::Span;

/// The token kinds TLC's cfg parser distinguishes.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum CfgTokenKind {
    /// `NUMBER_LITERAL`: decimal digits, or `\o17`, `\b101`, `\h1F` (which TLC cannot convert).
    Number,
    /// `STRING_LITERAL`, quotes included in the image.
    String,
    /// Any other token: identifiers, keywords, operators, brackets.
    Other,
    /// The real end of the text. Its image is empty.
    EndOfFile,
    /// A character sequence SANY cannot tokenize. TLC sees an end-of-file token with no image.
    LexicalError,
}

/// One token: kind, text and position (with SANY's line number).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct CfgToken<'a> {
    pub kind: CfgTokenKind,
    pub image: &'a str,
    pub span: Span,
    /// The 1-based line SANY reports for the token's first character.
    pub line: u32,
}

impl CfgToken<'_> {
    /// Whether TLC sees this token as end of file (the real one or a lexical error).
    pub fn is_end(&self) -> bool {
        matches!(self.kind, CfgTokenKind::EndOfFile | CfgTokenKind::LexicalError)
    }
}

/// Fixed-text tokens of SANY's `SPEC` state other than words. Order does not matter: the lexer
/// takes the longest match, as JavaCC does.
#[rustfmt::skip]
const FIXED_TOKENS: &[&str] = &[
    // Brackets, punctuation and the fictitious definition break.
    ",", ":", "::", "∷", ".", "_", "==", "≜", "(", ")", "-|-", "[", "]_", "]", "{", "}", "<<", "⟨",
    ">>_", "⟩_", ">>", "⟩", "!", "->", "→", "<-", "←", "|->", "↦", "[]ASSUME", "[]PROVE",
    // Quantifiers.
    "\\E", "\\exists", "∃", "\\A", "\\forall", "∀", "\\EE", "\\AA",
    // Prefix and postfix operators.
    "'", "^+", "⁺", "^*", "^#", "-.", "\\lnot", "¬", "\\neg", "~", "[]", "□", "<>", "◇",
    // Infix operators.
    "//", "/\\", "∧", "/=", "/", "\\/", "∨", "\\approx", "\\asymp", "\\bigcirc", "\\bullet",
    "\\cap", "\\cdot", "\\circ", "\\cong", "\\cup", "\\div", "\\doteq", "\\equiv", "\\geq", "\\gg",
    "\\in", "∈", "\\intersect", "\\union", "\\land", "\\leq", "\\ll", "\\lor", "\\o", "\\odot",
    "\\ominus", "\\oplus", "\\oslash", "\\otimes", "\\prec", "\\preceq", "\\propto", "\\sim",
    "\\simeq", "\\sqcap", "\\sqcup", "\\sqsubset", "\\sqsupset", "\\sqsubseteq", "\\sqsupseteq",
    "\\star", "\\subset", "\\subseteq", "\\succ", "\\succeq", "\\supset", "\\supseteq", "\\uplus",
    "\\wr", "\\", "~>", "=>", "=<", "=|", "=", "##", "#", "^^", "^", "--", "-|", "-+->", "-", "**",
    "*", "++", "+", "<=>", "<:", "<=", "<", ">=", ">", "...", "..", "||", "|", "|-", "|=", "&&",
    "&", "$$", "$", "??", "%%", "%", "@@", "!!", ":>", ":=", "::=", "(+)", "(-)", "(.)", "(/)",
    "(\\X)", "\\notin", "\\times", "\\X", "≈", "≔", "≍", "◯", "⩴", "●", "∩", "⋅", "∘", "≅", "∪",
    "÷", "≐", "‥", "…", "≡", "‼", "≥", "≫", "⇔", "⇒", "⫤", "↝", "≤", "≪", "⊣", "≠", "∉", "⊙", "⊖",
    "⊕", "⊘", "⊗", "⇸", "≺", "⪯", "∝", "⁇", "⊨", "⊢", "∼", "≃", "⊓", "⊔", "⊏", "⊑", "⊐", "⊒", "⋆",
    "⊂", "⊆", "≻", "⪰", "⊃", "⊇", "×", "⊎", "‖", "≀",
    // Identifiers made of one non-ASCII character, and `@`.
    "ℕ", "ℤ", "ℝ", "@",
];

/// The result of tokenizing a whole cfg text. The last token is `EndOfFile` or `LexicalError`;
/// SANY's token manager stops being useful after a lexical error, and so does this one.
pub struct CfgTokens<'a> {
    pub tokens: Vec<CfgToken<'a>>,
}

/// Splits `text` into tokens exactly where SANY's token manager would.
pub fn tokenize(text: &str) -> CfgTokens<'_> {
    Lexer::new(text).run()
}

struct Lexer<'a> {
    text: &'a str,
    bytes: &'a [u8],
    pos: usize,
    /// The SANY line of `pos`.
    line: u32,
    /// Whether the previous character was `\r` (so a following `\n` does not start a line).
    previous_was_cr: bool,
}

impl<'a> Lexer<'a> {
    fn new(text: &'a str) -> Lexer<'a> {
        Lexer { text, bytes: text.as_bytes(), pos: 0, line: 1, previous_was_cr: false }
    }

    fn run(mut self) -> CfgTokens<'a> {
        let mut tokens = Vec::new();
        loop {
            match self.next_token() {
                Ok(Some(token)) => tokens.push(token),
                Ok(None) => {
                    let line = self.end_of_file_line();
                    let end = self.text.len() as u32;
                    tokens.push(CfgToken {
                        kind: CfgTokenKind::EndOfFile,
                        image: "",
                        span: Span::new(end, end),
                        line,
                    });
                    break;
                }
                Err((start, line)) => {
                    let end = next_char_boundary(self.text, start);
                    tokens.push(CfgToken {
                        kind: CfgTokenKind::LexicalError,
                        image: &self.text[start..end],
                        span: Span::new(start as u32, end as u32),
                        line,
                    });
                    break;
                }
            }
        }
        CfgTokens { tokens }
    }

    /// The line of the file's last character, where SANY puts the end-of-file token. A `\r\n`
    /// pair is one line break, and its `\n` still belongs to the line it ends.
    fn end_of_file_line(&self) -> u32 {
        let bytes = self.bytes;
        let Some(last) = bytes.len().checked_sub(1) else { return 1 };
        let breaks = (0..last)
            .filter(|&idx| bytes[idx] == b'\n' || (bytes[idx] == b'\r' && bytes[idx + 1] != b'\n'))
            .count();
        1 + breaks as u32
    }

    /// Moves `pos` to `target`, counting the line breaks passed.
    fn advance_to(&mut self, target: usize) {
        while self.pos < target {
            match self.bytes[self.pos] {
                b'\n' => {
                    if !self.previous_was_cr {
                        self.line += 1;
                    }
                    self.previous_was_cr = false;
                }
                b'\r' => {
                    self.line += 1;
                    self.previous_was_cr = true;
                }
                _ => self.previous_was_cr = false,
            }
            self.pos += 1;
        }
    }

    /// The next token, `None` at the end of the text, or the offset and line of a lexical error.
    fn next_token(&mut self) -> Result<Option<CfgToken<'a>>, (usize, u32)> {
        loop {
            self.skip_whitespace();
            if self.pos >= self.bytes.len() {
                return Ok(None);
            }
            let rest = &self.text[self.pos..];
            if rest.starts_with("(*") {
                let start = (self.pos, self.line);
                match block_comment_end(rest) {
                    Some(len) => self.advance_to(self.pos + len),
                    None => return Err(start),
                }
                continue;
            }
            if rest.starts_with("\\*") {
                let start = (self.pos, self.line);
                match rest.find(['\n', '\r']) {
                    Some(idx) => self.advance_to(self.pos + idx),
                    None => return Err(start),
                }
                continue;
            }
            let (len, kind) = match longest_token(rest) {
                Some(found) => found,
                None => return Err((self.pos, self.line)),
            };
            let start = self.pos;
            let line = self.line;
            self.advance_to(start + len);
            return Ok(Some(CfgToken {
                kind,
                image: &self.text[start..start + len],
                span: Span::new(start as u32, (start + len) as u32),
                line,
            }));
        }
    }

    fn skip_whitespace(&mut self) {
        let mut target = self.pos;
        while target < self.bytes.len()
            && matches!(self.bytes[target], b' ' | b'\t' | b'\n' | b'\r')
        {
            target += 1;
        }
        self.advance_to(target);
    }
}

fn next_char_boundary(text: &str, start: usize) -> usize {
    let mut end = (start + 1).min(text.len());
    while end < text.len() && !text.is_char_boundary(end) {
        end += 1;
    }
    end
}

/// The length of a (nested) block comment starting at `(*`, or `None` if it never closes.
fn block_comment_end(rest: &str) -> Option<usize> {
    let bytes = rest.as_bytes();
    let mut depth = 0usize;
    let mut idx = 0;
    while idx + 1 < bytes.len() {
        if bytes[idx] == b'(' && bytes[idx + 1] == b'*' {
            depth += 1;
            idx += 2;
        } else if bytes[idx] == b'*' && bytes[idx + 1] == b')' {
            depth -= 1;
            idx += 2;
            if depth == 0 {
                return Some(idx);
            }
        } else {
            idx += 1;
        }
    }
    None
}

fn is_word_byte(byte: u8) -> bool {
    byte.is_ascii_alphanumeric() || byte == b'_'
}

/// The longest token at the start of `rest`, as JavaCC picks it: the longest match wins.
fn longest_token(rest: &str) -> Option<(usize, CfgTokenKind)> {
    let mut best: Option<(usize, CfgTokenKind)> = None;
    let mut consider = |len: usize, kind: CfgTokenKind| {
        if len > 0 && best.is_none_or(|(best_len, _)| len > best_len) {
            best = Some((len, kind));
        }
    };
    if let Some(len) = word_token(rest) {
        let kind = if rest.as_bytes()[..len].iter().all(u8::is_ascii_digit) {
            CfgTokenKind::Number
        } else {
            CfgTokenKind::Other
        };
        consider(len, kind);
    }
    if let Some(len) = junction_word(rest) {
        consider(len, CfgTokenKind::Other);
    }
    if let Some(len) = based_number(rest) {
        consider(len, CfgTokenKind::Number);
    }
    if let Some(len) = string_literal(rest) {
        consider(len, CfgTokenKind::String);
    }
    if let Some(len) = dash_or_equals_run(rest) {
        consider(len, CfgTokenKind::Other);
    }
    if let Some(len) = proof_step(rest) {
        consider(len, CfgTokenKind::Other);
    }
    for fixed in FIXED_TOKENS {
        if rest.starts_with(fixed) {
            consider(fixed.len(), CfgTokenKind::Other);
        }
    }
    best
}

/// Identifiers, keywords and decimal numbers: the longest prefix of `[A-Za-z0-9_]` that SANY's
/// `IDENTIFIER` or `NUMBER_LITERAL` rules match.
fn word_token(rest: &str) -> Option<usize> {
    let bytes = rest.as_bytes();
    let run = bytes.iter().take_while(|&&byte| is_word_byte(byte)).count();
    if run == 0 {
        return None;
    }
    let word = &bytes[..run];
    let has_letter = word.iter().any(u8::is_ascii_alphabetic);
    if !has_letter {
        // Digits, then `_`: a number, then the underscore on its own. `_` alone is a token.
        let digits = word.iter().take_while(|byte| byte.is_ascii_digit()).count();
        return if digits > 0 { Some(digits) } else { None };
    }
    // `WF_` and `SF_` are tokens of their own, longer than the identifier `WF`.
    if (word.starts_with(b"WF_") || word.starts_with(b"SF_")) && run >= 3 {
        return Some(3);
    }
    // A word starting with `_` needs a letter (it has one); the rest match in full.
    Some(run)
}

/// SANY's `BAND`/`BOR` tokens: a word of letters and digits glued to `./\` or `.\/`.
fn junction_word(rest: &str) -> Option<usize> {
    let bytes = rest.as_bytes();
    let run = bytes.iter().take_while(|byte| byte.is_ascii_alphanumeric()).count();
    if run == 0 {
        return None;
    }
    let tail = &rest[run..];
    if !(tail.starts_with("./\\") || tail.starts_with(".\\/")) {
        return None;
    }
    let first = bytes[0];
    if (first == b'W' || first == b'S') && (run < 2 || bytes[1] == b'F') {
        return None;
    }
    Some(run + 3)
}

/// `\o17`, `\b101`, `\h1F`: number literals SANY accepts and TLC's `Integer.parseInt` rejects.
fn based_number(rest: &str) -> Option<usize> {
    let bytes = rest.as_bytes();
    if bytes.len() < 3 || bytes[0] != b'\\' {
        return None;
    }
    let digit_ok: fn(&u8) -> bool = match bytes[1] {
        b'o' | b'O' => |byte| (b'0'..=b'7').contains(byte),
        b'b' | b'B' => |byte| *byte == b'0' || *byte == b'1',
        b'h' | b'H' => u8::is_ascii_hexdigit,
        _ => return None,
    };
    let digits = bytes[2..].iter().take_while(|byte| digit_ok(byte)).count();
    if digits == 0 {
        None
    } else {
        Some(2 + digits)
    }
}

/// A string literal: no raw line breaks, escapes limited to `\n \t \r \f \\ \"`.
fn string_literal(rest: &str) -> Option<usize> {
    let bytes = rest.as_bytes();
    if bytes.first() != Some(&b'"') {
        return None;
    }
    let mut idx = 1;
    while idx < bytes.len() {
        match bytes[idx] {
            b'"' => return Some(idx + 1),
            b'\n' | b'\r' => return None,
            b'\\' => match bytes.get(idx + 1) {
                Some(b'n' | b't' | b'r' | b'f' | b'\\' | b'"') => idx += 2,
                _ => return None,
            },
            _ => idx += 1,
        }
    }
    None
}

/// `----` runs (SANY's separator, or `---- MODULE`) and `====` runs (end of module).
fn dash_or_equals_run(rest: &str) -> Option<usize> {
    let bytes = rest.as_bytes();
    let first = *bytes.first()?;
    if first != b'-' && first != b'=' {
        return None;
    }
    let run = bytes.iter().take_while(|&&byte| byte == first).count();
    if run < 4 {
        return None;
    }
    if first == b'-' {
        let spaces = bytes[run..].iter().take_while(|&&byte| byte == b' ').count();
        if rest[run + spaces..].starts_with("MODULE") {
            return Some(run + spaces + "MODULE".len());
        }
    }
    Some(run)
}

/// SANY's proof-step lexemes: `<1>`, `<1>a`, `<2>3.`, `<*>`, `<+>x`, `<1>*.`, `<1>-.`, `<1>.`.
fn proof_step(rest: &str) -> Option<usize> {
    let bytes = rest.as_bytes();
    if bytes.first() != Some(&b'<') {
        return None;
    }
    let level_digits = bytes[1..].iter().take_while(|byte| byte.is_ascii_digit()).count();
    let level_len = if level_digits > 0 {
        level_digits
    } else if matches!(bytes.get(1), Some(b'+' | b'*')) {
        1
    } else {
        return None;
    };
    let after_level = 1 + level_len;
    if bytes.get(after_level) != Some(&b'>') {
        return None;
    }
    let head = after_level + 1;
    let tail = &bytes[head..];
    let mut best = head;
    // `<n>name`, optionally followed by dots; `<+>name` without underscores unless dotted.
    let name_with_underscore = tail.iter().take_while(|&&byte| is_word_byte(byte)).count();
    if name_with_underscore > 0 {
        let dots = tail[name_with_underscore..].iter().take_while(|&&byte| byte == b'.').count();
        if dots > 0 {
            best = best.max(head + name_with_underscore + dots);
        }
        if level_digits > 0 {
            best = best.max(head + name_with_underscore);
        } else {
            let plain = tail.iter().take_while(|byte| byte.is_ascii_alphanumeric()).count();
            best = best.max(head + plain);
        }
    }
    // `<n>*...`, `<n>-...`, `<n>...`.
    match tail.first() {
        Some(b'*') | Some(b'-') => {
            let dots = tail[1..].iter().take_while(|&&byte| byte == b'.').count();
            best = best.max(head + 1 + dots);
        }
        Some(b'.') => {
            let dots = tail.iter().take_while(|&&byte| byte == b'.').count();
            best = best.max(head + dots);
        }
        _ => {}
    }
    Some(best)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn images(text: &str) -> Vec<String> {
        tokenize(text)
            .tokens
            .iter()
            .map(|token| match token.kind {
                CfgTokenKind::EndOfFile => "<eof>".to_string(),
                CfgTokenKind::LexicalError => format!("<error {}>", token.image),
                CfgTokenKind::Number => format!("#{}", token.image),
                CfgTokenKind::String => format!("s{}", token.image),
                CfgTokenKind::Other => token.image.to_string(),
            })
            .collect()
    }

    #[test]
    fn cuts_tokens_like_sany() {
        assert_eq!(images("N=3"), ["N", "=", "#3", "<eof>"]);
        assert_eq!(images("N==3"), ["N", "==", "#3", "<eof>"]);
        assert_eq!(images("N = -1"), ["N", "=", "-", "#1", "<eof>"]);
        assert_eq!(images("WF_x SF_ W_a"), ["WF_", "x", "SF_", "W_a", "<eof>"]);
        assert_eq!(
            images("a!b!c <- [M] d"),
            ["a", "!", "b", "!", "c", "<-", "[", "M", "]", "d", "<eof>"]
        );
        assert_eq!(images("{1,{}}"), ["{", "#1", ",", "{", "}", "}", "<eof>"]);
        assert_eq!(images("1_ 1a _x"), ["#1", "_", "1a", "_x", "<eof>"]);
        assert_eq!(images("\\o17 \\in \\h"), ["#\\o17", "\\in", "\\", "h", "<eof>"]);
        assert_eq!(images("\"a\\\"b\" x"), ["s\"a\\\"b\"", "x", "<eof>"]);
        assert_eq!(images("------ ---- MODULE ===="), ["------", "---- MODULE", "====", "<eof>"]);
        assert_eq!(images("<1>a <2> <"), ["<1>a", "<2>", "<", "<eof>"]);
        assert_eq!(images("x ← y"), ["x", "←", "y", "<eof>"]);
    }

    #[test]
    fn comments_and_lexical_errors() {
        assert_eq!(images("a (* x (* y *) z *) b \\* c\nd"), ["a", "b", "d", "<eof>"]);
        assert_eq!(images("a (* never closed"), ["a", "<error (>"]);
        assert_eq!(images("a \\* no newline"), ["a", "<error \\>"]);
        assert_eq!(images("a ; b"), ["a", "<error ;>"]);
        assert_eq!(images("a é"), ["a", "<error é>"]);
        assert_eq!(images("\"open"), ["<error \">"]);
    }

    #[test]
    fn lines_follow_simple_char_stream() {
        let lines = |text: &str| tokenize(text).tokens.iter().map(|t| t.line).collect::<Vec<_>>();
        assert_eq!(lines("a\nb\r\nc\rd"), [1, 2, 3, 4, 4]);
        assert_eq!(lines("a\n"), [1, 1]);
        assert_eq!(lines("a\n\n\n"), [1, 3]);
        assert_eq!(lines("a\r\n"), [1, 1]);
        assert_eq!(lines(""), [1]);
    }
}
