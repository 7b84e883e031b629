//! Data-driven value cases: `test_data/values.cases` holds constant TLA+ expressions with the
//! output the real TLC printed for `ASSUME PrintT(expr)`; we evaluate each with the mini
//! evaluator on top of `tla-values` and require the same text (or the recorded `ours:` text for
//! a documented deviation).

use tla_values::{pretty::pretty_print, try_to_tlc_string, Interner, PPR_WIDTH};

use crate::support::mini::Evaluator;

struct Case {
    line: usize,
    expr: String,
    tlc: Vec<String>,
    ours: Option<Vec<String>>,
}

struct CaseFile {
    seed: Vec<String>,
    constants: Vec<String>,
    cases: Vec<Case>,
}

fn parse_cases(text: &str) -> CaseFile {
    let mut file = CaseFile { seed: Vec::new(), constants: Vec::new(), cases: Vec::new() };
    for (number, line) in text.lines().enumerate() {
        if let Some(rest) = line.strip_prefix("seed:") {
            file.seed = rest.split_whitespace().map(str::to_string).collect();
        } else if let Some(rest) = line.strip_prefix("constants:") {
            file.constants = rest.split_whitespace().map(str::to_string).collect();
        } else if let Some(rest) = line.strip_prefix("expr: ") {
            file.cases.push(Case {
                line: number + 1,
                expr: rest.to_string(),
                tlc: Vec::new(),
                ours: None,
            });
        } else if let Some(rest) = line.strip_prefix("tlc: ").or(line.strip_prefix("tlc:")) {
            if let Some(case) = file.cases.last_mut() {
                case.tlc.push(rest.to_string());
            }
        } else if let Some(rest) = line.strip_prefix("ours: ").or(line.strip_prefix("ours:")) {
            if let Some(case) = file.cases.last_mut() {
                case.ours.get_or_insert_with(Vec::new).push(rest.to_string());
            }
        }
    }
    file
}

/// What TLC's `PrintT` would print for the expression, or `error: message`.
pub fn evaluate_like_print_t(
    expr: &str,
    seed: &[String],
    constants: &[String],
) -> Result<String, String> {
    let interner = Interner::with_seed(seed.iter().map(String::as_str));
    let mut evaluator = Evaluator::new(expr, &interner, constants)?;
    Ok(match evaluator.run()? {
        Ok(value) => match try_to_tlc_string(&value) {
            Ok(text) => pretty_print(&text, PPR_WIDTH),
            Err(error) => {
                let signature =
                    tla_values::tlc_methods::signature("TLC", "PrintT").unwrap_or_default();
                format!("error: {}", error.in_java_method(&signature).message)
            }
        },
        Err(error) => format!("error: {}", error.message),
    })
}

#[test]
fn values_agree_with_recorded_tlc_output() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/test_data/values.cases");
    let text = std::fs::read_to_string(path).expect("values.cases is readable");
    let file = parse_cases(&text);
    assert!(file.cases.len() > 100, "the case file lost its cases");
    let mut failures = Vec::new();
    for case in &file.cases {
        assert!(
            !case.tlc.is_empty(),
            "line {}: no recorded TLC output for {}",
            case.line,
            case.expr
        );
        let expected = case.ours.as_ref().unwrap_or(&case.tlc).join("\n");
        match evaluate_like_print_t(&case.expr, &file.seed, &file.constants) {
            Ok(actual) if actual == expected => {}
            Ok(actual) => failures.push(format!(
                "line {}: {}\n  expected: {}\n  actual:   {}",
                case.line,
                case.expr,
                expected.replace('\n', "\n            "),
                actual.replace('\n', "\n            ")
            )),
            Err(problem) => {
                failures.push(format!("line {}: {}: test harness: {problem}", case.line, case.expr))
            }
        }
        if case.ours.is_some() {
            assert_ne!(
                case.ours.as_ref(),
                Some(&case.tlc),
                "line {}: `ours:` equal to `tlc:`",
                case.line
            );
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} cases differ:\n{}",
        failures.len(),
        file.cases.len(),
        failures.join("\n")
    );
}
