//! The lexer: source text to tokens, as SANY's token manager splits it.
//!
//! Text before the first `---- MODULE` header is skipped, as is everything after the `====`
//! that closes the first module (SANY reads one module per file, plus the modules nested in it).
//! Inside a module the lexer takes the longest matching token, like SANY's generated lexer:
//! `\inS` is `\in` followed by `S`, `WF_vars` is `WF_` followed by `vars`, `<1>2.` is one proof
//! step token. Columns are counted as SANY counts them (a tab advances to the next multiple of
//! eight), because junction lists are aligned by column.
//!
//! Lexing never fails: a lexical error is reported once and ends the token stream.

use crate::diagnostics::{lexical_error_code, unterminated_comment_code};
use crate::operators::OPERATOR_SPELLINGS;
use crate::token::{Keyword, Token, TokenKind};
use std::sync::OnceLock;
use tla_diagnostics::{Diagnostic, Span};

/// The tokens of one file and the lexical error that ended them, if any.
pub struct Lexed {
    pub tokens: Vec<Token>,
    pub diagnostics: Vec<Diagnostic>,
}

/// Splits `text` into tokens. The last token is always [`TokenKind::Eof`].
pub fn lex(text: &str) -> Lexed {
    let mut lexer = Lexer {
        text,
        bytes: text.as_bytes(),
        pos: 0,
        line: 1,
        column: 1,
        tokens: Vec::with_capacity(text.len() / 6),
        diagnostics: Vec::new(),
    };
    lexer.run();
    let eof = Token {
        kind: TokenKind::Eof,
        span: Span::new(lexer.pos as u32, lexer.pos as u32),
        line: lexer.line,
        column: lexer.column,
    };
    lexer.tokens.push(eof);
    Lexed { tokens: lexer.tokens, diagnostics: lexer.diagnostics }
}

struct Lexer<'a> {
    text: &'a str,
    bytes: &'a [u8],
    pos: usize,
    line: u32,
    column: u32,
    tokens: Vec<Token>,
    diagnostics: Vec<Diagnostic>,
}

impl Lexer<'_> {
    fn run(&mut self) {
        let Some(start) = find_module_header(self.bytes, 0) else {
            return;
        };
        self.advance_to(start);
        let mut depth = 0u32;
        loop {
            if !self.skip_trivia() {
                return;
            }
            if self.pos >= self.bytes.len() {
                return;
            }
            let Some((kind, len)) = self.next_token() else {
                self.report_unknown_character();
                return;
            };
            let (line, column) = (self.line, self.column);
            let start = self.pos;
            self.advance_to(self.pos + len);
            self.tokens.push(Token {
                kind,
                span: Span::new(start as u32, self.pos as u32),
                line,
                column,
            });
            match kind {
                TokenKind::BeginModule => depth += 1,
                TokenKind::EndModule => {
                    depth = depth.saturating_sub(1);
                    if depth == 0 {
                        return;
                    }
                }
                TokenKind::String if !self.text[start..self.pos].ends_with('"') => return,
                _ => {}
            }
        }
    }

    /// Moves the cursor to byte `target`, keeping SANY's line and column.
    fn advance_to(&mut self, target: usize) {
        let target = target.min(self.bytes.len());
        if target <= self.pos {
            return;
        }
        let range = &self.bytes[self.pos..target];
        // Long stretches (comments) are skipped a line at a time; only the last line's
        // characters are counted for the column. A lone `\r` ends a line too, which the
        // byte-by-byte path handles.
        if range.len() > 16 && memchr::memchr(b'\r', range).is_none() {
            if let Some(last_newline) = memchr::memrchr(b'\n', range) {
                self.line += memchr::memchr_iter(b'\n', range).count() as u32;
                self.column = 1;
                self.pos += last_newline + 1;
            }
        }
        while self.pos < target {
            let byte = self.bytes[self.pos];
            match byte {
                b'\n' => {
                    self.line += 1;
                    self.column = 1;
                }
                b'\r' => {
                    if self.bytes.get(self.pos + 1) != Some(&b'\n') {
                        self.line += 1;
                        self.column = 1;
                    }
                }
                b'\t' => self.column = (self.column - 1) / 8 * 8 + 9,
                _ if byte & 0xC0 == 0x80 => {}
                _ if byte >= 0xF0 => self.column += 2,
                _ => self.column += 1,
            }
            self.pos += 1;
        }
    }

    /// Skips whitespace and comments. Returns false after reporting an unterminated comment.
    fn skip_trivia(&mut self) -> bool {
        loop {
            match self.bytes.get(self.pos) {
                Some(b' ' | b'\t' | b'\n' | b'\r') => {
                    let run = self.bytes[self.pos..]
                        .iter()
                        .take_while(|&&byte| matches!(byte, b' ' | b'\t' | b'\n' | b'\r'))
                        .count();
                    self.advance_to(self.pos + run);
                }
                Some(b'\\') if self.bytes.get(self.pos + 1) == Some(&b'*') => {
                    let end = memchr::memchr2(b'\n', b'\r', &self.bytes[self.pos..])
                        .map_or(self.bytes.len(), |offset| self.pos + offset);
                    self.advance_to(end);
                }
                Some(b'(') if self.bytes.get(self.pos + 1) == Some(&b'*') => {
                    let start_line = self.line;
                    let start = self.pos;
                    let mut depth = 0u32;
                    // Comment text is mostly `*`; scan for the rarer `(` and `)` and look at
                    // their neighbours. `scan_from` is the first byte no opener or closer has
                    // used yet, so `(*)` does not close itself.
                    let mut idx = self.pos;
                    let mut scan_from = self.pos;
                    let end = loop {
                        let Some(offset) = memchr::memchr2(b'(', b')', &self.bytes[idx..]) else {
                            break None;
                        };
                        idx += offset;
                        if self.bytes[idx] == b'(' {
                            if self.bytes.get(idx + 1) == Some(&b'*') {
                                depth += 1;
                                idx += 2;
                                scan_from = idx;
                            } else {
                                idx += 1;
                            }
                        } else if idx > scan_from && self.bytes[idx - 1] == b'*' {
                            depth -= 1;
                            idx += 1;
                            scan_from = idx;
                            if depth == 0 {
                                break Some(idx);
                            }
                        } else {
                            idx += 1;
                        }
                    };
                    match end {
                        Some(end) => self.advance_to(end),
                        None => {
                            self.advance_to(self.bytes.len());
                            self.diagnostics.push(Diagnostic::error(
                                unterminated_comment_code(),
                                Span::new(start as u32, start as u32 + 2),
                                format!(
                                    "Lexical {{error: EOF reached, possibly open comment starting around line {start_line}"
                                ),
                            ));
                            return false;
                        }
                    }
                }
                _ => return true,
            }
        }
    }

    /// The kind and byte length of the token at the cursor, or `None` on an unknown character.
    fn next_token(&self) -> Option<(TokenKind, usize)> {
        let rest = &self.bytes[self.pos..];
        let first = rest[0];
        if first.is_ascii_alphanumeric() || first == b'_' {
            return Some(lex_word(&self.text[self.pos..]));
        }
        if first == b'"' {
            return Some((TokenKind::String, string_length(rest)));
        }
        if first == b'<' {
            if let Some(len) = proof_step_length(rest) {
                return Some(len);
            }
        }
        if first == b'-' || first == b'=' {
            let run = rest.iter().take_while(|&&byte| byte == first).count();
            if run >= 4 {
                if first == b'-' {
                    if let Some(len) = module_header_length(rest) {
                        return Some((TokenKind::BeginModule, len));
                    }
                    return Some((TokenKind::Separator, run));
                }
                return Some((TokenKind::EndModule, run));
            }
        }
        if first == b'\\'
            && rest.len() > 2
            && matches!(rest[1], b'b' | b'B' | b'o' | b'O' | b'h' | b'H')
        {
            let digits = rest[2..]
                .iter()
                .take_while(|&&byte| match rest[1] {
                    b'b' | b'B' => matches!(byte, b'0' | b'1'),
                    b'o' | b'O' => (b'0'..=b'7').contains(&byte),
                    _ => byte.is_ascii_hexdigit(),
                })
                .count();
            if digits > 0 {
                let symbol = longest_symbol(rest).map_or(0, |(_, len)| len);
                if digits + 2 > symbol {
                    return Some((TokenKind::Number, digits + 2));
                }
            }
        }
        longest_symbol(rest)
    }

    fn report_unknown_character(&mut self) {
        let character = self.text[self.pos..].chars().next().unwrap_or('?');
        let span = Span::new(self.pos as u32, (self.pos + character.len_utf8()) as u32);
        self.diagnostics.push(Diagnostic::error(
            lexical_error_code(),
            span,
            format!(
                "Lexical error at line {}, column {}.  Encountered: \"{}\" ({}), after : \"\"",
                self.line,
                self.column,
                character.escape_default(),
                character as u32
            ),
        ));
    }
}

/// Finds the next `----+ *MODULE` at or after `from`.
fn find_module_header(bytes: &[u8], from: usize) -> Option<usize> {
    let mut idx = from;
    while idx + 4 <= bytes.len() {
        if bytes[idx] == b'-' && module_header_length(&bytes[idx..]).is_some() {
            return Some(idx);
        }
        idx += 1;
    }
    None
}

/// The length of `----+ *MODULE` at the start of `bytes`, if it is there.
fn module_header_length(bytes: &[u8]) -> Option<usize> {
    let dashes = bytes.iter().take_while(|&&byte| byte == b'-').count();
    if dashes < 4 {
        return None;
    }
    let spaces = bytes[dashes..].iter().take_while(|&&byte| byte == b' ').count();
    let rest = &bytes[dashes + spaces..];
    rest.starts_with(b"MODULE").then_some(dashes + spaces + 6)
}

/// Lexes an identifier, keyword, number, `_`, `WF_` or `SF_` at the start of `text`.
fn lex_word(text: &str) -> (TokenKind, usize) {
    let bytes = text.as_bytes();
    let len =
        bytes.iter().take_while(|byte| byte.is_ascii_alphanumeric() || **byte == b'_').count();
    let word = &text[..len];
    if word.starts_with("WF_") {
        return (TokenKind::WeakFairness, 3);
    }
    if word.starts_with("SF_") {
        return (TokenKind::StrongFairness, 3);
    }
    if !word.bytes().any(|byte| byte.is_ascii_alphabetic()) {
        if bytes[0].is_ascii_digit() {
            let digits = bytes.iter().take_while(|byte| byte.is_ascii_digit()).count();
            return (TokenKind::Number, digits);
        }
        return (TokenKind::Underscore, 1);
    }
    if let Some(index) = operator_word(word) {
        return (TokenKind::Operator(index), len);
    }
    match Keyword::from_word(word) {
        Some(keyword) => (TokenKind::Keyword(keyword), len),
        None => (TokenKind::Identifier, len),
    }
}

/// The index of the operator spelled by the reserved word `word` (`ENABLED`, `SUBSET`, ...).
fn operator_word(word: &str) -> Option<u16> {
    match word {
        "ENABLED" | "UNCHANGED" | "SUBSET" | "UNION" | "DOMAIN" => OPERATOR_SPELLINGS
            .iter()
            .position(|spelling| spelling.text == word)
            .map(|idx| idx as u16),
        _ => None,
    }
}

/// The byte length of the string literal at the start of `bytes` (up to the closing quote, or
/// to the first character that cannot be in a string).
fn string_length(bytes: &[u8]) -> usize {
    let mut idx = 1;
    while idx < bytes.len() {
        match bytes[idx] {
            b'"' => return idx + 1,
            b'\n' | b'\r' => return idx,
            b'\\' => match bytes.get(idx + 1) {
                Some(b'n' | b't' | b'r' | b'f' | b'\\' | b'"') => idx += 2,
                _ => return idx,
            },
            _ => idx += 1,
        }
    }
    idx
}

/// Proof step tokens: `<1>`, `<1>2`, `<1>2.`, `<*>a`, `<+>`, `<1>.` and `<1>*`.
fn proof_step_length(bytes: &[u8]) -> Option<(TokenKind, usize)> {
    let level_len = match bytes.get(1)? {
        b'+' | b'*' => 1,
        byte if byte.is_ascii_digit() => {
            bytes[1..].iter().take_while(|b| b.is_ascii_digit()).count()
        }
        _ => return None,
    };
    if bytes.get(1 + level_len) != Some(&b'>') {
        return None;
    }
    let head = level_len + 2;
    let implicit = !bytes[1].is_ascii_digit();
    let name_len = bytes[head..]
        .iter()
        .take_while(|&&byte| byte.is_ascii_alphanumeric() || (byte == b'_' && !implicit))
        .count();
    if name_len > 0 {
        let dots = bytes[head + name_len..].iter().take_while(|&&byte| byte == b'.').count();
        // `<1>2..` would be a step and `..`; the generated lexer takes every dot.
        if dots > 0 {
            return Some((TokenKind::ProofStepDot, head + name_len + dots));
        }
        return Some((TokenKind::ProofStep, head + name_len));
    }
    match bytes.get(head) {
        Some(b'*' | b'-') => {
            let dots = bytes[head + 1..].iter().take_while(|&&byte| byte == b'.').count();
            Some((TokenKind::UnnumberedStep, head + 1 + dots))
        }
        Some(b'.') => {
            let dots = bytes[head..].iter().take_while(|&&byte| byte == b'.').count();
            Some((TokenKind::UnnumberedStep, head + dots))
        }
        _ => Some((TokenKind::ProofLevel, head)),
    }
}

/// Symbol spellings that start with one byte, longest first.
type SymbolBucket = Vec<(&'static [u8], TokenKind)>;

/// Punctuation, keyword symbols and operator symbols, by first byte, longest first.
fn symbol_table() -> &'static [SymbolBucket; 256] {
    static TABLE: OnceLock<[SymbolBucket; 256]> = OnceLock::new();
    TABLE.get_or_init(|| {
        let mut table: [SymbolBucket; 256] = std::array::from_fn(|_| Vec::new());
        let punctuation: &[(&'static str, TokenKind)] = &[
            (",", TokenKind::Comma),
            (":", TokenKind::Colon),
            ("::", TokenKind::ColonColon),
            ("∷", TokenKind::ColonColon),
            (".", TokenKind::Dot),
            ("==", TokenKind::DefEq),
            ("≜", TokenKind::DefEq),
            ("(", TokenKind::LeftParen),
            (")", TokenKind::RightParen),
            ("[", TokenKind::LeftBracket),
            ("]_", TokenKind::RightBracketUnderscore),
            ("]", TokenKind::RightBracket),
            ("{", TokenKind::LeftBrace),
            ("}", TokenKind::RightBrace),
            ("<<", TokenKind::LeftAngle),
            ("⟨", TokenKind::LeftAngle),
            (">>_", TokenKind::RightAngleUnderscore),
            ("⟩_", TokenKind::RightAngleUnderscore),
            (">>", TokenKind::RightAngle),
            ("⟩", TokenKind::RightAngle),
            ("!", TokenKind::Bang),
            ("->", TokenKind::Arrow),
            ("→", TokenKind::Arrow),
            ("<-", TokenKind::LeftArrow),
            ("←", TokenKind::LeftArrow),
            ("|->", TokenKind::MapsTo),
            ("↦", TokenKind::MapsTo),
            ("@", TokenKind::Identifier),
            ("ℕ", TokenKind::Identifier),
            ("ℤ", TokenKind::Identifier),
            ("ℝ", TokenKind::Identifier),
            ("\\E", TokenKind::Keyword(Keyword::Exists)),
            ("\\exists", TokenKind::Keyword(Keyword::Exists)),
            ("∃", TokenKind::Keyword(Keyword::Exists)),
            ("\\A", TokenKind::Keyword(Keyword::Forall)),
            ("\\forall", TokenKind::Keyword(Keyword::Forall)),
            ("∀", TokenKind::Keyword(Keyword::Forall)),
            ("\\EE", TokenKind::Keyword(Keyword::TemporalExists)),
            ("\\AA", TokenKind::Keyword(Keyword::TemporalForall)),
            ("[]ASSUME", TokenKind::Keyword(Keyword::BoxAssume)),
            ("[]PROVE", TokenKind::Keyword(Keyword::BoxProve)),
        ];
        for &(text, kind) in punctuation {
            table[text.as_bytes()[0] as usize].push((text.as_bytes(), kind));
        }
        for (idx, spelling) in OPERATOR_SPELLINGS.iter().enumerate() {
            let bytes = spelling.text.as_bytes();
            if bytes[0].is_ascii_alphabetic() {
                continue;
            }
            table[bytes[0] as usize].push((bytes, TokenKind::Operator(idx as u16)));
        }
        for bucket in table.iter_mut() {
            bucket.sort_by_key(|(text, _)| std::cmp::Reverse(text.len()));
        }
        table
    })
}

/// Backslash spellings (`\\in`, `\\cup`, `\\E`, ...) by their second byte, longest first.
fn backslash_table() -> &'static [SymbolBucket; 256] {
    static TABLE: OnceLock<[SymbolBucket; 256]> = OnceLock::new();
    TABLE.get_or_init(|| {
        let mut table: [SymbolBucket; 256] = std::array::from_fn(|_| Vec::new());
        for &(text, kind) in &symbol_table()[b'\\' as usize] {
            if text.len() >= 2 {
                table[text[1] as usize].push((text, kind));
            }
        }
        table
    })
}

fn longest_symbol(bytes: &[u8]) -> Option<(TokenKind, usize)> {
    if bytes[0] == b'\\' && bytes.len() >= 2 {
        let found = backslash_table()[bytes[1] as usize]
            .iter()
            .find(|(text, _)| bytes.starts_with(text))
            .map(|&(text, kind)| (kind, text.len()));
        if found.is_some() {
            return found;
        }
    }
    symbol_table()[bytes[0] as usize]
        .iter()
        .find(|(text, _)| bytes.starts_with(text))
        .map(|&(text, kind)| (kind, text.len()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kinds(text: &str) -> Vec<String> {
        let lexed = lex(text);
        lexed
            .tokens
            .iter()
            .map(|token| {
                format!(
                    "{:?}@{}:{} {:?}",
                    token.kind,
                    token.line,
                    token.column,
                    &text[token.span.start as usize..token.span.end as usize]
                )
            })
            .collect()
    }

    #[test]
    fn skips_text_before_the_module_and_after_it() {
        let tokens = kinds("prose ==== here\n---- MODULE M ----\nx == \\inS\n====\nafter ) (");
        expect_test::expect![[r#"
            [
                "BeginModule@2:1 \"---- MODULE\"",
                "Identifier@2:13 \"M\"",
                "Separator@2:15 \"----\"",
                "Identifier@3:1 \"x\"",
                "DefEq@3:3 \"==\"",
                "Operator(40)@3:6 \"\\\\in\"",
                "Identifier@3:9 \"S\"",
                "EndModule@4:1 \"====\"",
                "Eof@4:5 \"\"",
            ]
        "#]]
        .assert_debug_eq(&tokens);
    }

    #[test]
    fn fairness_steps_and_tabs() {
        let tokens = kinds("---- MODULE M ----\n\tWF_vars <1>2. <*> \\o17 \\oplus\n====");
        expect_test::expect![[r#"
            [
                "BeginModule@1:1 \"---- MODULE\"",
                "Identifier@1:13 \"M\"",
                "Separator@1:15 \"----\"",
                "WeakFairness@2:9 \"WF_\"",
                "Identifier@2:12 \"vars\"",
                "ProofStepDot@2:17 \"<1>2.\"",
                "ProofLevel@2:23 \"<*>\"",
                "Number@2:27 \"\\\\o17\"",
                "Operator(51)@2:32 \"\\\\oplus\"",
                "EndModule@3:1 \"====\"",
                "Eof@3:5 \"\"",
            ]
        "#]]
        .assert_debug_eq(&tokens);
    }
}
