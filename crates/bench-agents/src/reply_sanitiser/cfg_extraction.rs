//! Recognises TLC configuration text: by its keywords when a block is untagged or mislabelled, and
//! inside prose, where a cfg is inferred as a run of keyword lines and their continuations.

use super::markdown_blocks::NumberedLine;

/// The keywords a TLC configuration file is made of.
const CFG_KEYWORDS: &[&str] = &[
    "CONSTANT",
    "CONSTANTS",
    "INIT",
    "NEXT",
    "SPECIFICATION",
    "INVARIANT",
    "INVARIANTS",
    "PROPERTY",
    "PROPERTIES",
    "CONSTRAINT",
    "CONSTRAINTS",
    "ACTION_CONSTRAINT",
    "ACTION_CONSTRAINTS",
    "SYMMETRY",
    "VIEW",
    "CHECK_DEADLOCK",
    "ALIAS",
    "POSTCONDITION",
];

/// The first word of a line if it is a cfg keyword.
pub(crate) fn leading_cfg_keyword(line: &str) -> Option<&'static str> {
    let first_word = line.split_whitespace().next()?;
    CFG_KEYWORDS.iter().copied().find(|keyword| *keyword == first_word)
}

fn is_cfg_comment_line(line: &str) -> bool {
    let trimmed = line.trim_start();
    trimmed.starts_with("\\*") || trimmed.starts_with("(*")
}

/// Whether the words after a keyword look like cfg operands (names, numbers, `=`, `<-`, sets,
/// strings) rather than a prose sentence.
fn operands_look_like_cfg(operands: &str) -> bool {
    let operands = match operands.find("\\*") {
        Some(comment_at) => &operands[..comment_at],
        None => operands,
    };
    operands.chars().all(|c| {
        c.is_ascii_alphanumeric()
            || c.is_whitespace()
            || matches!(c, '_' | '=' | '<' | '-' | '{' | '}' | ',' | '"' | '@' | '[' | ']')
    })
}

/// English words that never name an operator in a cfg but often follow a keyword in prose
/// (`INIT is the initial predicate`, `INVARIANT should hold`).
const PROSE_WORDS: &[&str] = &[
    "a", "an", "and", "are", "as", "be", "by", "for", "holds", "if", "in", "is", "it", "must",
    "of", "on", "or", "should", "that", "the", "this", "to", "we", "with",
];

fn is_identifier(word: &str) -> bool {
    !word.is_empty()
        && word.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
        && word.chars().any(|c| c.is_ascii_alphabetic())
}

/// Whether a keyword line is a plausible cfg line (not `INIT is the initial predicate.`).
fn is_cfg_keyword_line(line: &str) -> bool {
    let Some(keyword) = leading_cfg_keyword(line) else {
        return false;
    };
    let operands = line.trim_start()[keyword.len()..].trim();
    let operands = match operands.find("\\*") {
        Some(comment_at) => operands[..comment_at].trim(),
        None => operands,
    };
    if !operands_look_like_cfg(operands) {
        return false;
    }
    let words: Vec<&str> = operands.split_whitespace().collect();
    if words.iter().any(|word| PROSE_WORDS.contains(word)) {
        return false;
    }
    match keyword {
        "SPECIFICATION" | "INIT" | "NEXT" | "VIEW" | "ALIAS" | "POSTCONDITION" => {
            words.len() <= 1 && words.iter().all(|word| is_identifier(word))
        }
        "CHECK_DEADLOCK" => matches!(words.as_slice(), ["TRUE"] | ["FALSE"]),
        "CONSTANT" | "CONSTANTS" => true,
        _ => words.iter().all(|word| is_identifier(word)),
    }
}

/// Whether a line may continue a cfg statement: indented or blank-free operands such as
/// `Threads = {t1, t2}` or `TypeOK`.
fn is_cfg_continuation_line(line: &str) -> bool {
    let trimmed = line.trim();
    if trimmed.is_empty() || is_cfg_comment_line(line) {
        return true;
    }
    if leading_cfg_keyword(line).is_some() {
        return is_cfg_keyword_line(line);
    }
    let first_char_is_name_start =
        trimmed.chars().next().is_some_and(|c| c.is_ascii_alphabetic() || c == '_');
    first_char_is_name_start && operands_look_like_cfg(trimmed) && {
        // A continuation is a single name or an assignment; prose has several bare words.
        let word_count = trimmed.split_whitespace().count();
        word_count == 1 || trimmed.contains('=') || trimmed.contains("<-")
    }
}

/// Whether some line says how behaviours are generated (`SPECIFICATION`, or `INIT` and `NEXT`).
pub(crate) fn names_a_behaviour_spec(lines: &[NumberedLine]) -> bool {
    let keywords: Vec<&str> =
        lines.iter().filter_map(|line| leading_cfg_keyword(&line.text)).collect();
    keywords.contains(&"SPECIFICATION") || keywords.contains(&"INIT") || keywords.contains(&"NEXT")
}

/// Whether a whole block reads as a cfg: its first significant line is a cfg keyword line.
pub(crate) fn block_looks_like_cfg(lines: &[NumberedLine]) -> bool {
    lines
        .iter()
        .map(|line| line.text.as_str())
        .find(|text| !text.trim().is_empty() && !is_cfg_comment_line(text))
        .is_some_and(is_cfg_keyword_line)
}

/// The cfg runs inside free text: each starts at a keyword line and extends over continuation
/// lines; blank lines are kept inside a run only when another cfg line follows. Only runs that name a
/// behaviour spec are returned, so a stray `INVARIANT` in prose is not taken for a cfg.
pub(crate) fn infer_cfg_runs(lines: &[NumberedLine]) -> Vec<Vec<NumberedLine>> {
    let mut runs = Vec::new();
    let mut line_idx = 0;
    while line_idx < lines.len() {
        if !is_cfg_keyword_line(&lines[line_idx].text) {
            line_idx += 1;
            continue;
        }
        let start_idx = line_idx;
        let mut last_significant_idx = line_idx;
        line_idx += 1;
        while line_idx < lines.len() && is_cfg_continuation_line(&lines[line_idx].text) {
            if !lines[line_idx].text.trim().is_empty() {
                last_significant_idx = line_idx;
            }
            line_idx += 1;
        }
        let run: Vec<NumberedLine> = lines[start_idx..=last_significant_idx].to_vec();
        if names_a_behaviour_spec(&run) {
            runs.push(run);
        }
    }
    runs
}

#[cfg(test)]
mod tests {
    use super::*;

    fn numbered(text: &str) -> Vec<NumberedLine> {
        text.split('\n')
            .enumerate()
            .map(|(number, line)| NumberedLine { number, text: line.to_owned() })
            .collect()
    }

    fn run_texts(text: &str) -> Vec<String> {
        infer_cfg_runs(&numbered(text))
            .into_iter()
            .map(|run| run.into_iter().map(|line| line.text).collect::<Vec<_>>().join("|"))
            .collect()
    }

    #[test]
    fn infers_runs_and_skips_prose() {
        assert_eq!(
            run_texts("The INIT predicate:\nINIT is the initial predicate.\nSPECIFICATION Spec\nCONSTANTS\n    Threads = {t1, t2}\n\nINVARIANT TypeOK\n\nThat is all.\n"),
            vec!["SPECIFICATION Spec|CONSTANTS|    Threads = {t1, t2}||INVARIANT TypeOK"]
        );
        assert_eq!(run_texts("INVARIANT TypeOK\nonly invariants here"), Vec::<String>::new());
        assert_eq!(
            run_texts("INIT Init\nNEXT Next \\* the step"),
            vec!["INIT Init|NEXT Next \\* the step"]
        );
    }

    #[test]
    fn block_classification() {
        assert!(block_looks_like_cfg(&numbered("\\* comment\n\nSPECIFICATION Spec")));
        assert!(!block_looks_like_cfg(&numbered("VARIABLES x\nInit == x = 0")));
        assert!(!block_looks_like_cfg(&numbered("")));
    }
}
