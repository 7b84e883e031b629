//! The order in which TLC first meets the names of a specification, which is how it orders
//! strings, model values and record fields.
//!
//! TLC compares two strings (or two model values, or two record field names) by the rank of their
//! text in one process-wide table of names (`UniqueString`): the order in which each text was
//! first interned, whatever kind of token it came from. A string literal `"alpha"` therefore
//! ranks where the identifier `alpha` was first lexed, if an identifier of that name came first.
//! The checker seeds its interner with the cfg file's names and then with [`tlc_intern_order`],
//! so set normalisation, printing, `CHOOSE` and symmetry follow TLC's order.
//!
//! Found by probing TLC 2.20 (rev 4c54d98) with specifications that print a set of string
//! literals (the set prints in rank order); see `docs/dev/values.md`:
//!
//! 1. the cfg file's names (the caller interns them first; TLC reads the cfg before the spec);
//! 2. the names of TLA+'s built-in operators, in SANY's order ([`BUILTIN_OPERATORS`]: `STRING`,
//!    `FALSE`, `TRUE`, `BOOLEAN`, `=`, ...);
//! 3. every token of the root module, in lexing order: identifiers, keywords (only those that
//!    occur), numbers, operator symbols. Not string literals, comments, or the `---- MODULE`
//!    header and `----`/`====` lines (the module's name after `MODULE` does count);
//! 4. the same for every other module, in the order SANY parses them ([`parse_order`]);
//! 5. string literals, module by module in SANY's semantic order (a module after the modules it
//!    depends on, the root last), in lexing order within a module.
//!
//! The project's standard modules are its own texts, not TLC's, so for the modules shipped in
//! `tla2tools.jar` steps 4 and 5 use [`STANDARD_MODULE_NAMES`], the first-seen token and string
//! lists of the originals (data derived once by lexing them; see that file's header).

use std::collections::{BTreeMap, BTreeSet};

use tla_syntax::token::TokenKind;

use crate::builtins::BUILTIN_OPERATORS;
use crate::loader::{module_dependencies, LoadedFile, Specification};

/// Derived data: for each module of `tla2tools.jar` (1.8.0 line, rev 4c54d98) the distinct
/// token texts in first-seen lexing order (`name`) and its string literals (`string`).
pub const STANDARD_MODULE_NAMES: &str = include_str!("../data/standard_module_names.tsv");

/// Where one module's names come from when computing the order.
enum ModuleNames<'a> {
    /// A module whose text we lex ourselves.
    Text(&'a str),
    /// A standard module of TLC, from the derived table.
    Standard(&'a StandardModuleNames),
}

/// The first-seen names and the string literals of one of TLC's standard modules.
#[derive(Default, Debug, Clone, PartialEq, Eq)]
pub struct StandardModuleNames {
    pub names: Vec<String>,
    pub strings: Vec<String>,
}

/// Parses [`STANDARD_MODULE_NAMES`] (or a text in its format): lines `Module<TAB>name<TAB>text`
/// or `Module<TAB>string<TAB>text`, where `text` escapes `\\`, tab as `\t` and newline as `\n`.
/// Lines starting with `#` and malformed lines are skipped.
pub fn parse_standard_module_names(data: &str) -> BTreeMap<String, StandardModuleNames> {
    let mut table: BTreeMap<String, StandardModuleNames> = BTreeMap::new();
    for line in data.lines() {
        if line.starts_with('#') || line.trim().is_empty() {
            continue;
        }
        let mut fields = line.splitn(3, '\t');
        let (Some(module), Some(kind), Some(text)) = (fields.next(), fields.next(), fields.next())
        else {
            continue;
        };
        let entry = table.entry(module.to_string()).or_default();
        let text = unescape_table_text(text);
        match kind {
            "name" => entry.names.push(text),
            "string" => entry.strings.push(text),
            _ => {}
        }
    }
    table
}

/// The table text of `text` (the inverse of what [`parse_standard_module_names`] reads).
pub fn escape_table_text(text: &str) -> String {
    text.replace('\\', "\\\\").replace('\t', "\\t").replace('\n', "\\n")
}

fn unescape_table_text(text: &str) -> String {
    let mut res = String::with_capacity(text.len());
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        if c != '\\' {
            res.push(c);
            continue;
        }
        match chars.next() {
            Some('t') => res.push('\t'),
            Some('n') => res.push('\n'),
            Some(other) => res.push(other),
            None => res.push('\\'),
        }
    }
    res
}

/// The names of `text` that TLC interns while parsing it (step 3 above), in order, with
/// repetitions, followed by nothing else; and its string literals' values, in order.
pub fn lexed_names_and_strings(text: &str) -> (Vec<String>, Vec<String>) {
    let lexed = tla_syntax::lexer::lex(text);
    let mut names = Vec::new();
    let mut strings = Vec::new();
    for token in &lexed.tokens {
        let start = token.span.start as usize;
        let end = token.span.end as usize;
        let Some(source) = text.get(start..end) else {
            continue;
        };
        match token.kind {
            TokenKind::String => strings.push(string_literal_value(source)),
            TokenKind::BeginModule
            | TokenKind::Separator
            | TokenKind::EndModule
            | TokenKind::Eof => {}
            _ => names.push(source.to_string()),
        }
    }
    (names, strings)
}

/// The value of a string literal token (quotes included).
fn string_literal_value(token: &str) -> String {
    let body = token.strip_prefix('"').unwrap_or(token);
    tla_syntax::unescape_string_literal(body.strip_suffix('"').unwrap_or(body))
}

/// The names of `spec` in TLC's first-seen order (steps 2 to 5 above; the caller interns the
/// cfg's names before these). `is_tlc_standard_module` says whether a loaded file is the
/// project's stand-in for one of TLC's own standard modules (then the derived table is used
/// for it when it has an entry). Duplicates are removed, keeping the first.
pub fn tlc_intern_order(
    spec: &Specification,
    is_tlc_standard_module: &dyn Fn(&LoadedFile) -> bool,
) -> Vec<String> {
    let standard = standard_table();
    let mut order = OrderedNames::default();
    for builtin in BUILTIN_OPERATORS {
        order.push(builtin.name);
    }
    if spec.files.is_empty() {
        return order.names;
    }
    fn names_of<'a>(
        file: &'a LoadedFile,
        standard: &'a BTreeMap<String, StandardModuleNames>,
        is_tlc_standard_module: &dyn Fn(&LoadedFile) -> bool,
    ) -> ModuleNames<'a> {
        if is_tlc_standard_module(file) {
            if let Some(entry) = standard.get(&file.expected_name) {
                return ModuleNames::Standard(entry);
            }
        }
        ModuleNames::Text(&file.source.text)
    }
    for file in parse_order(spec) {
        match names_of(&spec.files[file], standard, is_tlc_standard_module) {
            ModuleNames::Text(text) => {
                lexed_names_and_strings(text).0.iter().for_each(|name| order.push(name))
            }
            ModuleNames::Standard(entry) => entry.names.iter().for_each(|name| order.push(name)),
        }
    }
    for file in spec.dependency_order() {
        match names_of(&spec.files[file], standard, is_tlc_standard_module) {
            ModuleNames::Text(text) => {
                lexed_names_and_strings(text).1.iter().for_each(|text| order.push(text))
            }
            ModuleNames::Standard(entry) => entry.strings.iter().for_each(|text| order.push(text)),
        }
    }
    order.names
}

fn standard_table() -> &'static BTreeMap<String, StandardModuleNames> {
    static TABLE: std::sync::OnceLock<BTreeMap<String, StandardModuleNames>> =
        std::sync::OnceLock::new();
    TABLE.get_or_init(|| parse_standard_module_names(STANDARD_MODULE_NAMES))
}

/// Distinct names in first-pushed order.
#[derive(Default)]
struct OrderedNames {
    seen: BTreeSet<String>,
    names: Vec<String>,
}

impl OrderedNames {
    fn push(&mut self, name: &str) {
        if !self.seen.contains(name) {
            self.seen.insert(name.to_string());
            self.names.push(name.to_string());
        }
    }
}

/// The files in the order SANY parses them (`SpecObj`'s loop, read as facts): after the root,
/// repeatedly the first unresolved module found by a depth-first walk from the root, looking
/// first for a module some loaded module `EXTENDS`, and only when there is none for one it
/// `INSTANCE`s. At each module the walk tries its own unparsed names first (extendees, or
/// instancees), then recurses into its parsed extendees, then its parsed instancees. Modules
/// nested in a file count as part of it (their dependencies as the file's instancees, which is
/// approximate). Names that are not loaded files are skipped; unreachable files go last.
pub fn parse_order(spec: &Specification) -> Vec<usize> {
    let index = spec.file_indices_by_name();
    let dependencies: Vec<(Vec<usize>, Vec<usize>)> = spec
        .files
        .iter()
        .map(|file| {
            let Some(module) = file.module() else {
                return (Vec::new(), Vec::new());
            };
            let extendees: Vec<String> =
                module.extends.iter().map(|name| name.text.clone()).collect();
            let mut instancees = module_dependencies(module);
            instancees.drain(..extendees.len().min(instancees.len()));
            let resolve = |names: &[String]| -> Vec<usize> {
                names.iter().filter_map(|name| index.get(name.as_str()).copied()).collect()
            };
            (resolve(&extendees), resolve(&instancees))
        })
        .collect();
    let mut parsed = vec![false; spec.files.len()];
    let mut order = Vec::new();
    if spec.files.is_empty() {
        return order;
    }
    parsed[0] = true;
    order.push(0);
    loop {
        let next = [true, false].into_iter().find_map(|extension| {
            let mut visited = vec![false; spec.files.len()];
            next_unresolved(&dependencies, 0, extension, &parsed, &mut visited)
        });
        let Some(next) = next else { break };
        parsed[next] = true;
        order.push(next);
    }
    order.extend((0..spec.files.len()).filter(|file| !parsed[*file]));
    order
}

fn next_unresolved(
    dependencies: &[(Vec<usize>, Vec<usize>)],
    file: usize,
    extension: bool,
    parsed: &[bool],
    visited: &mut [bool],
) -> Option<usize> {
    if visited[file] {
        return None;
    }
    visited[file] = true;
    let (extendees, instancees) = &dependencies[file];
    let own = if extension { extendees } else { instancees };
    if let Some(&unparsed) = own.iter().find(|dependency| !parsed[**dependency]) {
        return Some(unparsed);
    }
    extendees.iter().chain(instancees).filter(|dependency| parsed[**dependency]).find_map(
        |&dependency| next_unresolved(dependencies, dependency, extension, parsed, visited),
    )
}
