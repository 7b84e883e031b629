//! Modules kept in the root file after its first module (SANY's "monolith" specifications).
//!
//! When a module named by `EXTENDS` or `INSTANCE` is not found as a file, SANY looks for it in the
//! root file: from a line that is exactly a module header for that name (`---- MODULE Name ----`,
//! any number of dashes, four at least) to the next line starting with `====`. The extracted
//! lines are then parsed as a file of their own. This reproduces that line-based rule.

/// The text of module `name` in `root_text`, extracted as SANY extracts it, if it is there.
pub fn extract_monolith_module(root_text: &str, name: &str) -> Option<String> {
    let mut lines = root_text.lines();
    let mut res = String::new();
    for line in lines.by_ref() {
        if is_module_header_for(line, name) {
            res.push_str(line);
            res.push('\n');
            break;
        }
    }
    if res.is_empty() {
        return None;
    }
    for line in lines {
        res.push_str(line);
        res.push('\n');
        if line.starts_with("====") {
            break;
        }
    }
    Some(res)
}

/// `-----*\s*MODULE\s+<name>\s*----*` matched against the whole line.
fn is_module_header_for(line: &str, name: &str) -> bool {
    let dashes = line.bytes().take_while(|&byte| byte == b'-').count();
    if dashes < 4 {
        return false;
    }
    let rest = line[dashes..].trim_start();
    let Some(rest) = rest.strip_prefix("MODULE") else { return false };
    let after_keyword = rest.trim_start();
    if after_keyword.len() == rest.len() {
        return false;
    }
    let Some(rest) = after_keyword.strip_prefix(name) else { return false };
    let rest = rest.trim_start();
    rest.len() >= 3 && rest.bytes().all(|byte| byte == b'-')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn extracts_a_later_module_by_its_header_line() {
        let text = "---- MODULE A ----\nEXTENDS B\n====\nprose\n----- MODULE B -----\nX == 1\n=====\n---- MODULE C ----\n====\n";
        assert_eq!(
            extract_monolith_module(text, "B").as_deref(),
            Some("----- MODULE B -----\nX == 1\n=====\n")
        );
        assert_eq!(extract_monolith_module(text, "D"), None);
        assert_eq!(extract_monolith_module("---- MODULE Bee ----\n====\n", "B"), None);
    }
}
