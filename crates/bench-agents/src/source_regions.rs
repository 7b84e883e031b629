//! Deterministic splitting of source files into the regions the code translation agent translates
//! one call at a time.
//!
//! A small scanner (not a parser) walks the text, skipping comments, string, raw string and
//! character literals, and tracks braces. A *function* is an `fn` item (Rust) or a `func`
//! declaration (Go) with a body that is not inside another function's body; functions inside `impl`,
//! `trait` and `mod` blocks count, and are labelled with their type (`SpinLock::lock`). A function's
//! text runs from its doc comments and attributes to its closing brace. Test code is skipped: Rust
//! `mod` blocks under `#[cfg(test)]` or `#[cfg(ktest)]`, and functions marked `#[test]`/`#[ktest]`. Files in other languages, and files without functions, are one
//! region each.
//!
//! Consecutive functions of one file are then grouped into regions of at most `max_region_chars`
//! characters (a longer function is a region by itself; 0 means one function per region), so a large
//! file does not cost one call per accessor.

use crate::agent_inputs::SourceText;

/// One unit of translation: one or more consecutive functions of one file, or a whole file.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct SourceRegion {
    /// Index of the file in the agent's sources.
    pub file_index: usize,
    /// A label such as `src/sync/spin.rs: SpinLock::lock, SpinLock::try_lock`.
    pub label: String,
    /// The functions in the region (empty for a whole-file region).
    pub function_names: Vec<String>,
    /// The region's text: the functions' texts separated by blank lines.
    pub text: String,
}

/// One function found in a file.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct FunctionSpan {
    /// `Type::name` for methods, `name` otherwise.
    pub qualified_name: String,
    /// Byte offset of the first line of its doc comments or attributes.
    pub start: usize,
    /// Byte offset just after its closing brace.
    pub end: usize,
    /// Byte offsets of the body's braces, `{` and `}` inclusive.
    pub body: (usize, usize),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum SourceLanguage {
    Rust,
    Go,
}

fn source_language(path: &str) -> Option<SourceLanguage> {
    if path.ends_with(".rs") {
        Some(SourceLanguage::Rust)
    } else if path.ends_with(".go") {
        Some(SourceLanguage::Go)
    } else {
        None
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum TokenKind {
    Identifier,
    OpenBrace,
    CloseBrace,
    Semicolon,
    OpenParen,
    CloseParen,
    Other,
}

#[derive(Clone, Copy, Debug)]
struct Token {
    kind: TokenKind,
    start: usize,
    end: usize,
}

/// Tokenises just enough: identifiers, braces, parentheses, semicolons; comments and literals are
/// skipped whole. Unterminated comments and literals run to the end of the text.
fn scan_tokens(text: &str, language: SourceLanguage) -> Vec<Token> {
    let chars: Vec<(usize, char)> = text.char_indices().collect();
    let offset_at = |idx: usize| chars.get(idx).map_or(text.len(), |(offset, _)| *offset);
    let char_at = |idx: usize| chars.get(idx).map(|(_, c)| *c);
    let mut tokens = Vec::new();
    let mut idx = 0;
    while idx < chars.len() {
        let c = chars[idx].1;
        let next = char_at(idx + 1);
        if c == '/' && next == Some('/') {
            while idx < chars.len() && chars[idx].1 != '\n' {
                idx += 1;
            }
        } else if c == '/' && next == Some('*') {
            let mut depth = 0usize;
            while idx < chars.len() {
                if chars[idx].1 == '/' && char_at(idx + 1) == Some('*') {
                    depth = if language == SourceLanguage::Rust { depth + 1 } else { 1 };
                    idx += 2;
                } else if chars[idx].1 == '*' && char_at(idx + 1) == Some('/') {
                    depth = depth.saturating_sub(1);
                    idx += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    idx += 1;
                }
            }
        } else if c == '"' || (c == '`' && language == SourceLanguage::Go) {
            idx = skip_quoted(&chars, idx + 1, c, c == '"');
        } else if c == '\'' {
            idx = skip_char_literal_or_lifetime(&chars, idx, language);
        } else if c.is_alphabetic() || c == '_' {
            let start_idx = idx;
            while idx < chars.len() && (chars[idx].1.is_alphanumeric() || chars[idx].1 == '_') {
                idx += 1;
            }
            let word = &text[offset_at(start_idx)..offset_at(idx)];
            let raw_prefix = matches!(word, "r" | "br" | "cr");
            if language == SourceLanguage::Rust
                && raw_prefix
                && matches!(char_at(idx), Some('#' | '"'))
            {
                idx = skip_raw_string(&chars, idx);
            } else if language == SourceLanguage::Rust
                && matches!(word, "b" | "c")
                && char_at(idx) == Some('"')
            {
                idx = skip_quoted(&chars, idx + 1, '"', true);
            } else {
                tokens.push(Token {
                    kind: TokenKind::Identifier,
                    start: offset_at(start_idx),
                    end: offset_at(idx),
                });
            }
        } else {
            let kind = match c {
                '{' => TokenKind::OpenBrace,
                '}' => TokenKind::CloseBrace,
                ';' => TokenKind::Semicolon,
                '(' => TokenKind::OpenParen,
                ')' => TokenKind::CloseParen,
                _ if c.is_whitespace() => {
                    idx += 1;
                    continue;
                }
                _ => TokenKind::Other,
            };
            tokens.push(Token { kind, start: offset_at(idx), end: offset_at(idx + 1) });
            idx += 1;
        }
    }
    tokens
}

fn skip_quoted(chars: &[(usize, char)], mut idx: usize, quote: char, escapes: bool) -> usize {
    while idx < chars.len() {
        let c = chars[idx].1;
        if escapes && c == '\\' {
            idx += 2;
        } else if c == quote {
            return idx + 1;
        } else {
            idx += 1;
        }
    }
    chars.len()
}

fn skip_raw_string(chars: &[(usize, char)], mut idx: usize) -> usize {
    let mut hashes = 0;
    while idx < chars.len() && chars[idx].1 == '#' {
        hashes += 1;
        idx += 1;
    }
    if chars.get(idx).map(|it| it.1) != Some('"') {
        return idx;
    }
    idx += 1;
    while idx < chars.len() {
        if chars[idx].1 == '"'
            && (1..=hashes).all(|offset| chars.get(idx + offset).map(|it| it.1) == Some('#'))
        {
            return idx + 1 + hashes;
        }
        idx += 1;
    }
    chars.len()
}

/// `'x'`, `'\n'`, `'\u{1F600}'` are literals; `'a` (Rust) is a lifetime or label.
fn skip_char_literal_or_lifetime(
    chars: &[(usize, char)],
    idx: usize,
    language: SourceLanguage,
) -> usize {
    let char_at = |at: usize| chars.get(at).map(|it| it.1);
    match char_at(idx + 1) {
        Some('\\') => {
            let mut scan = idx + 2;
            while scan < chars.len() && scan < idx + 14 {
                if chars[scan].1 == '\'' && scan > idx + 2 {
                    return scan + 1;
                }
                scan += 1;
            }
            idx + 2
        }
        Some(_) if char_at(idx + 2) == Some('\'') => idx + 3,
        _ if language == SourceLanguage::Go => idx + 1,
        _ => idx + 1,
    }
}

/// The type a block header such as `impl<T: ?Sized, G> Drop for SpinLockGuard_<T, G> where ...`
/// is about (`SpinLockGuard_`), or the name of a `trait`/`mod`.
fn block_subject(header: &str) -> Option<String> {
    let mut without_generics = String::new();
    let mut angle_depth = 0usize;
    for c in header.chars() {
        match c {
            '<' => angle_depth += 1,
            '>' => angle_depth = angle_depth.saturating_sub(1),
            _ if angle_depth == 0 => without_generics.push(c),
            _ => {}
        }
    }
    let words: Vec<&str> = without_generics.split_whitespace().collect();
    let where_at = words.iter().position(|word| *word == "where").unwrap_or(words.len());
    let words = &words[..where_at];
    let keyword_at = words.iter().position(|word| matches!(*word, "impl" | "trait" | "mod"))?;
    let after_keyword = &words[keyword_at + 1..];
    let subject_words = match after_keyword.iter().rposition(|word| *word == "for") {
        Some(for_at) => &after_keyword[for_at + 1..],
        None => after_keyword,
    };
    let subject = subject_words.first()?;
    let path: String = subject
        .trim_start_matches(['&', '*'])
        .chars()
        .take_while(|c| c.is_alphanumeric() || *c == '_' || *c == ':')
        .collect();
    let name = path.rsplit("::").next().unwrap_or("").to_owned();
    (!name.is_empty()).then_some(name)
}

/// Whether an item header carries a `cfg` attribute that mentions a test configuration
/// (`#[cfg(test)]`, `#[cfg(ktest)]`, `#[cfg(all(test, ...))]`).
fn is_test_only(header: &str) -> bool {
    header.match_indices("cfg(").any(|(cfg_at, _)| {
        let attribute = &header[cfg_at..];
        let attribute = attribute.split(']').next().unwrap_or(attribute);
        attribute
            .split(|c: char| !c.is_alphanumeric() && c != '_')
            .any(|word| word == "test" || word == "ktest")
    })
}

#[derive(Clone, Debug)]
enum BlockFrame {
    FunctionBody,
    Subject(Option<String>),
    SkippedTests,
    Other,
}

/// The functions of a Rust or Go file, in order; empty for other languages.
pub fn find_functions(path: &str, text: &str) -> Vec<FunctionSpan> {
    scan_items(path, text).0
}

/// The functions, and the brace spans of skipped test modules.
fn scan_items(path: &str, text: &str) -> (Vec<FunctionSpan>, Vec<(usize, usize)>) {
    let Some(language) = source_language(path) else {
        return (Vec::new(), Vec::new());
    };
    let mut test_blocks = Vec::new();
    let tokens = scan_tokens(text, language);
    let function_keyword = if language == SourceLanguage::Rust { "fn" } else { "func" };
    let mut functions = Vec::new();
    let mut frames: Vec<BlockFrame> = Vec::new();
    let mut open_brace_stack: Vec<(usize, Option<(String, usize)>)> = Vec::new();
    let mut header_start_idx = 0usize;
    for (token_idx, token) in tokens.iter().enumerate() {
        match token.kind {
            TokenKind::OpenBrace => {
                let header_tokens = &tokens[header_start_idx..token_idx];
                let header_text =
                    header_tokens.first().map_or("", |first| &text[first.start..token.start]);
                let words: Vec<&str> = header_tokens
                    .iter()
                    .filter(|candidate| candidate.kind == TokenKind::Identifier)
                    .map(|candidate| &text[candidate.start..candidate.end])
                    .collect();
                let inside_function = frames.iter().any(|frame| {
                    matches!(frame, BlockFrame::FunctionBody | BlockFrame::SkippedTests)
                });
                let (frame, function) = if words.contains(&function_keyword) {
                    let name =
                        function_name(&tokens, header_start_idx, token_idx, text, function_keyword);
                    let is_closure_or_literal = name.is_none() && language == SourceLanguage::Go;
                    let is_test_function = language == SourceLanguage::Rust
                        && (header_text.contains("#[test]") || header_text.contains("#[ktest]"));
                    if inside_function || is_closure_or_literal || is_test_function {
                        (BlockFrame::FunctionBody, None)
                    } else {
                        let subject = frames.iter().rev().find_map(|frame| match frame {
                            BlockFrame::Subject(subject) => subject.clone(),
                            _ => None,
                        });
                        let receiver = if language == SourceLanguage::Go {
                            go_receiver_type(&tokens, header_start_idx, token_idx, text)
                        } else {
                            None
                        };
                        let base_name = name.unwrap_or_else(|| "<anonymous>".to_owned());
                        let qualified_name = match receiver.or(subject) {
                            Some(owner) if language == SourceLanguage::Go => {
                                format!("{owner}.{base_name}")
                            }
                            Some(owner) => format!("{owner}::{base_name}"),
                            None => base_name,
                        };
                        // Rust: the item starts at its first token (`pub`, `#[inline]`, `unsafe`).
                        // Go has no `;` between declarations, so start at the `func` keyword.
                        let item_start = match language {
                            SourceLanguage::Rust => header_tokens.first(),
                            SourceLanguage::Go => header_tokens
                                .iter()
                                .find(|candidate| &text[candidate.start..candidate.end] == "func"),
                        }
                        .map_or(token.start, |first| first.start);
                        (BlockFrame::FunctionBody, Some((qualified_name, item_start)))
                    }
                } else if inside_function {
                    (BlockFrame::Other, None)
                } else if language == SourceLanguage::Rust
                    && words.contains(&"mod")
                    && is_test_only(header_text)
                {
                    (BlockFrame::SkippedTests, None)
                } else if words.iter().any(|word| matches!(*word, "impl" | "trait" | "mod")) {
                    (BlockFrame::Subject(block_subject(header_text)), None)
                } else {
                    (BlockFrame::Other, None)
                };
                frames.push(frame);
                open_brace_stack.push((token.start, function));
                header_start_idx = token_idx + 1;
            }
            TokenKind::CloseBrace => {
                if let Some(BlockFrame::SkippedTests) = frames.pop() {
                    if let Some((open_at, _)) = open_brace_stack.last() {
                        test_blocks.push((*open_at, token.end));
                    }
                }
                if let Some((open_at, Some((qualified_name, item_start)))) = open_brace_stack.pop()
                {
                    functions.push(FunctionSpan {
                        qualified_name,
                        start: extend_over_leading_comments(text, item_start),
                        end: token.end,
                        body: (open_at, token.end),
                    });
                }
                header_start_idx = token_idx + 1;
            }
            TokenKind::Semicolon => header_start_idx = token_idx + 1,
            _ => {}
        }
    }
    (functions, test_blocks)
}

fn function_name(
    tokens: &[Token],
    from: usize,
    to: usize,
    text: &str,
    keyword: &str,
) -> Option<String> {
    let keyword_idx = (from..to).find(|idx| {
        tokens[*idx].kind == TokenKind::Identifier
            && &text[tokens[*idx].start..tokens[*idx].end] == keyword
    })?;
    let mut idx = keyword_idx + 1;
    // Go methods: skip the receiver `(r *raft)`.
    if tokens.get(idx).is_some_and(|token| token.kind == TokenKind::OpenParen) {
        let mut depth = 0usize;
        while idx < to {
            match tokens[idx].kind {
                TokenKind::OpenParen => depth += 1,
                TokenKind::CloseParen => {
                    depth = depth.saturating_sub(1);
                    if depth == 0 {
                        idx += 1;
                        break;
                    }
                }
                _ => {}
            }
            idx += 1;
        }
    }
    let token = tokens.get(idx).filter(|token| idx < to && token.kind == TokenKind::Identifier)?;
    Some(text[token.start..token.end].to_owned())
}

fn go_receiver_type(tokens: &[Token], from: usize, to: usize, text: &str) -> Option<String> {
    let keyword_idx =
        (from..to).find(|idx| &text[tokens[*idx].start..tokens[*idx].end] == "func")?;
    if tokens.get(keyword_idx + 1)?.kind != TokenKind::OpenParen {
        return None;
    }
    let close_idx = (keyword_idx + 1..to).find(|idx| tokens[*idx].kind == TokenKind::CloseParen)?;
    let last_identifier = (keyword_idx + 2..close_idx)
        .rev()
        .find(|idx| tokens[*idx].kind == TokenKind::Identifier)?;
    Some(text[tokens[last_identifier].start..tokens[last_identifier].end].to_owned())
}

/// Moves an item's start to the beginning of its line, then up over directly preceding comment
/// lines (doc comments), stopping at a blank line.
fn extend_over_leading_comments(text: &str, item_start: usize) -> usize {
    let mut start = text[..item_start].rfind('\n').map_or(0, |newline_at| newline_at + 1);
    while start > 0 {
        let previous_line_start =
            text[..start - 1].rfind('\n').map_or(0, |newline_at| newline_at + 1);
        let previous_line = text[previous_line_start..start - 1].trim_start();
        if previous_line.starts_with("//") || previous_line.starts_with("#[") {
            start = previous_line_start;
        } else {
            break;
        }
    }
    start
}

/// The file with every function body replaced by `{ ... }`: its types, constants and signatures.
/// Test modules are elided the same way.
pub fn file_outline(path: &str, text: &str) -> String {
    let (functions, test_blocks) = scan_items(path, text);
    let mut elided: Vec<(usize, usize)> =
        functions.iter().map(|function| function.body).chain(test_blocks).collect();
    elided.sort_unstable();
    let mut outline = String::with_capacity(text.len() / 2);
    let mut copied_up_to = 0;
    for (body_start, body_end) in elided {
        if body_start < copied_up_to {
            continue;
        }
        outline.push_str(&text[copied_up_to..body_start]);
        outline.push_str("{ ... }");
        copied_up_to = body_end;
    }
    outline.push_str(&text[copied_up_to..]);
    outline
}

/// The regions of all sources, in file order.
pub fn translation_regions(sources: &[SourceText], max_region_chars: usize) -> Vec<SourceRegion> {
    let mut regions = Vec::new();
    for (file_index, source) in sources.iter().enumerate() {
        let functions = find_functions(&source.path, &source.text);
        if functions.is_empty() {
            regions.push(SourceRegion {
                file_index,
                label: format!("{} (whole file)", source.path),
                function_names: Vec::new(),
                text: source.text.clone(),
            });
            continue;
        }
        let mut group: Vec<&FunctionSpan> = Vec::new();
        let mut group_chars = 0;
        let flush = |group: &mut Vec<&FunctionSpan>, regions: &mut Vec<SourceRegion>| {
            if group.is_empty() {
                return;
            }
            let function_names: Vec<String> =
                group.iter().map(|function| function.qualified_name.clone()).collect();
            let texts: Vec<&str> = group
                .iter()
                .map(|function| source.text[function.start..function.end].trim_end())
                .collect();
            regions.push(SourceRegion {
                file_index,
                label: format!("{}: {}", source.path, function_names.join(", ")),
                function_names,
                text: texts.join("\n\n") + "\n",
            });
            group.clear();
        };
        for function in &functions {
            let function_chars = source.text[function.start..function.end].chars().count();
            if !group.is_empty() && group_chars + function_chars > max_region_chars {
                flush(&mut group, &mut regions);
                group_chars = 0;
            }
            group.push(function);
            group_chars += function_chars;
        }
        flush(&mut group, &mut regions);
    }
    regions
}
