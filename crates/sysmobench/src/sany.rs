//! `sysmobench sany`: SANY's command line, on our front end.
//!
//! Loads the root module and every module it extends or instantiates (from the spec's folder,
//! library folders given with `-lib DIR` or in `TLA_PATH`, later modules of the root file, and the
//! standard modules), then runs semantic analysis. Output has SANY's shape and exit codes are those
//! of the reference SANY with `-error-codes` (tla2tools 1.8.0 line): 0 accepted, 255 on a parse or
//! lexical error and on a module that cannot be found, 4 on semantic errors.
//!
//! The standard modules and the CommunityModules are embedded in the binary (written by us, see
//! `tla-modules`); `-no-community` hides the latter, as a bare SANY without them on its library
//! path would.

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use tla_diagnostics::render::code_frame;
use tla_diagnostics::{Diagnostic, LineIndex};
use tla_sema::{LoadError, ModuleSource, SourceFile, Specification};
use tla_syntax::diagnostics::{MALFORMED_EXPRESSION, PRECEDENCE_CONFLICT};

const SANY_EXIT_ERROR: u8 = 255;
const SANY_EXIT_SEMANTIC: u8 = 4;

struct SanyOptions {
    human: bool,
    /// Whether the embedded CommunityModules are available (the benchmark's setting).
    community_modules: bool,
    library_folders: Vec<PathBuf>,
    file: PathBuf,
}

pub fn run(args: &[String]) -> ExitCode {
    let options = match parse_arguments(args) {
        Ok(options) => options,
        Err(message) => {
            println_err!("sysmobench sany: {message}");
            return ExitCode::from(2);
        }
    };
    // Deeply nested specs recurse deeply; give the front end a generous stack.
    let worker = std::thread::Builder::new()
        .name("sany".to_string())
        .stack_size(256 << 20)
        .spawn(move || check(&options));
    match worker.map(|handle| handle.join()) {
        Ok(Ok(code)) => ExitCode::from(code),
        _ => {
            println_err!("sysmobench sany: internal error");
            ExitCode::from(SANY_EXIT_ERROR)
        }
    }
}

fn parse_arguments(args: &[String]) -> Result<SanyOptions, String> {
    let mut human = false;
    let mut community_modules = true;
    let mut library_folders = Vec::new();
    let mut file = None;
    let mut iter = args.iter();
    while let Some(arg) = iter.next() {
        match arg.as_str() {
            "-error-codes" | "--error-codes" => {}
            "-human" | "--human" => human = true,
            "-no-community" | "--no-community" => community_modules = false,
            "-lib" | "--lib" => {
                let dir = iter.next().ok_or("-lib needs a folder")?;
                library_folders.push(PathBuf::from(dir));
            }
            flag if flag.starts_with('-') && flag.len() > 1 => {
                return Err(format!("unknown option `{flag}`"));
            }
            path => {
                if file.replace(PathBuf::from(path)).is_some() {
                    return Err("more than one file given".to_string());
                }
            }
        }
    }
    if let Ok(tla_path) = std::env::var("TLA_PATH") {
        library_folders.extend(std::env::split_paths(&tla_path));
    }
    let file = file.ok_or("no file given")?;
    Ok(SanyOptions { human, community_modules, library_folders, file })
}

/// How the path of a module embedded in the binary ends.
pub(crate) const EMBEDDED_SUFFIX: &str = " (embedded in sysmobench)";

/// Finds module texts as SANY does: the spec's folder, then the library folders, then later
/// modules of the root file (SANY's monolith specifications), then the modules embedded in the
/// binary (the standard modules, and the CommunityModules unless `-no-community` is given).
pub(crate) struct FileSystemModules {
    folders: Vec<PathBuf>,
    root_text: String,
    community_modules: bool,
}

impl FileSystemModules {
    pub(crate) fn new(
        folders: Vec<PathBuf>,
        root_text: String,
        community_modules: bool,
    ) -> FileSystemModules {
        FileSystemModules { folders, root_text, community_modules }
    }
}

impl ModuleSource for FileSystemModules {
    fn find_module(&mut self, name: &str) -> Option<SourceFile> {
        let file_name = format!("{name}.tla");
        for folder in &self.folders {
            let path = folder.join(&file_name);
            if let Ok(bytes) = std::fs::read(&path) {
                let shown = std::fs::canonicalize(&path).unwrap_or(path);
                return Some(SourceFile {
                    path: shown.display().to_string(),
                    text: String::from_utf8_lossy(&bytes).into_owned(),
                });
            }
        }
        if let Some(text) = tla_syntax::monolith::extract_monolith_module(&self.root_text, name) {
            let path = self
                .folders
                .first()
                .map_or_else(|| PathBuf::from(&file_name), |dir| dir.join(&file_name));
            let shown = std::fs::canonicalize(&path).unwrap_or(path);
            return Some(SourceFile { path: shown.display().to_string(), text });
        }
        let embedded = tla_modules::embedded_module(name)?;
        if embedded.origin == tla_modules::ModuleOrigin::Community && !self.community_modules {
            return None;
        }
        Some(SourceFile {
            path: format!("{file_name}{EMBEDDED_SUFFIX}"),
            text: embedded.text.to_string(),
        })
    }
}

fn check(options: &SanyOptions) -> u8 {
    let mut root = options.file.clone();
    if root.extension().is_none() {
        root.set_extension("tla");
    }
    let root_dir = root.parent().map(Path::to_path_buf).unwrap_or_default();
    let root_name =
        root.file_stem().map(|stem| stem.to_string_lossy().into_owned()).unwrap_or_default();
    let root_file_name =
        root.file_name().map(|name| name.to_string_lossy().into_owned()).unwrap_or_default();
    println_out!("\n****** SANY2 Version 2.2 (sysmobench {})\n", env!("CARGO_PKG_VERSION"));
    let root_text = match std::fs::read(&root) {
        Ok(bytes) => String::from_utf8_lossy(&bytes).into_owned(),
        Err(_) => return report_missing(&root_name, None, &root_file_name),
    };
    let display_root = std::fs::canonicalize(&root).unwrap_or_else(|_| root.clone());
    let mut folders = vec![root_dir];
    folders.extend(options.library_folders.iter().cloned());
    let mut source = FileSystemModules {
        folders,
        root_text: root_text.clone(),
        community_modules: options.community_modules,
    };
    let root_source = SourceFile { path: display_root.display().to_string(), text: root_text };
    let spec = tla_sema::load_specification(&root_name, root_source, &mut source);
    // SANY parses breadth first from the root.
    for file in tla_sema::intern_order::parse_order(&spec) {
        println_out!("Parsing file {}", spec.files[file].source.path);
    }
    if let Some(error) = spec.errors.first() {
        return match error {
            LoadError::ParseFailed { file } => {
                report_parse_error(&spec, *file, &root_file_name, options.human)
            }
            LoadError::ModuleNotFound { module, imported_by } => {
                report_missing(module, Some(imported_by), &root_file_name)
            }
            LoadError::NameMismatch { file_name, module_name, .. } => {
                println_out!("Fatal errors while parsing TLA+ spec in file {root_file_name}\n");
                println_out!("Unknown location\n");
                println_out!(
                    "File name '{file_name}' does not match the name '{module_name}' of the top level module it contains."
                );
                println_out!("*** Errors: 1\n");
                SANY_EXIT_ERROR
            }
            LoadError::Circular { cycle } => {
                println_out!("Fatal errors while parsing TLA+ spec in file {root_file_name}\n");
                println_out!("Unknown location\n");
                println_out!(
                    "Circular dependency among .tla files; dependency cycle is:\n\n  {}",
                    cycle.join(".tla --> ")
                );
                println_out!("*** Errors: 1\n");
                SANY_EXIT_ERROR
            }
        };
    }
    let analysis = tla_sema::analyze(&spec);
    let mut diagnostics: Vec<(usize, Diagnostic)> = spec.diagnostics.clone();
    diagnostics.extend(
        analysis
            .diagnostics
            .iter()
            .map(|diagnostic| (diagnostic.file, diagnostic.diagnostic.clone())),
    );
    let has_errors = diagnostics.iter().any(|(_, diagnostic)| diagnostic.is_error());
    if options.human {
        for module in &analysis.analysed_modules {
            println_out!("Semantic processing of module {module}");
        }
        for (file, diagnostic) in &diagnostics {
            let file = &spec.files[*file];
            print_out!("{}", code_frame(diagnostic, &file.source.path, &file.source.text));
        }
    } else {
        // SANY logs its messages so far to standard error after each module it processes.
        let positions = module_positions(&spec, &analysis.analysed_modules, &diagnostics);
        for (position, module) in analysis.analysed_modules.iter().enumerate() {
            println_out!("Semantic processing of module {module}");
            let so_far: Vec<(usize, Diagnostic)> = diagnostics
                .iter()
                .zip(&positions)
                .filter(|(_, found)| **found <= position)
                .map(|(diagnostic, _)| diagnostic.clone())
                .collect();
            if !so_far.is_empty() {
                use std::io::Write;
                let _ = std::io::stdout().flush();
                print_err!("Semantic errors:\n\n{}\n", semantic_messages_text(&spec, &so_far));
            }
        }
    }
    for module in linted_modules(&spec, &analysis.analysed_modules) {
        println_out!("Linting of module {module}");
    }
    if has_errors {
        SANY_EXIT_SEMANTIC
    } else {
        0
    }
}

/// For each diagnostic, the position among the analysed modules of the module whose processing
/// reports it (the module of its file; the first module when the file has none of them).
fn module_positions(
    spec: &Specification,
    modules: &[String],
    diagnostics: &[(usize, Diagnostic)],
) -> Vec<usize> {
    diagnostics
        .iter()
        .map(|(file, _)| {
            let name = spec.files[*file].module().map(|module| module.name.text.as_str());
            modules.iter().position(|module| Some(module.as_str()) == name).unwrap_or(0)
        })
        .collect()
}

/// The modules SANY (and TLC) lints: all analysed ones but the standard modules (ours are
/// embedded).
pub(crate) fn linted_modules<'m>(spec: &Specification, modules: &'m [String]) -> Vec<&'m String> {
    modules
        .iter()
        .filter(|module| {
            !spec.files.iter().any(|file| {
                file.module().is_some_and(|parsed| &parsed.name.text == *module)
                    && file.source.path.ends_with(EMBEDDED_SUFFIX)
            })
        })
        .collect()
}

/// SANY's listing of its messages (`Errors.toString`): the errors, then the warnings.
fn semantic_messages_text(spec: &Specification, items: &[(usize, Diagnostic)]) -> String {
    let (errors, warnings): (Vec<_>, Vec<_>) =
        items.iter().cloned().partition(|(_, diagnostic)| diagnostic.is_error());
    let mut text = String::new();
    for (label, group) in [("Errors", errors), ("Warnings", warnings)] {
        if !group.is_empty() {
            text.push_str(&message_group_text(spec, label, &group));
        }
    }
    text
}

/// SANY's block listing semantic errors or warnings, as text.
pub(crate) fn semantic_block_text(
    spec: &Specification,
    title: &str,
    count_label: &str,
    items: &[(usize, Diagnostic)],
) -> String {
    format!(
        "{title}:

{}",
        message_group_text(spec, count_label, items)
    )
}

/// `*** Errors: N` (or `Warnings`), then each message with its location.
fn message_group_text(spec: &Specification, label: &str, items: &[(usize, Diagnostic)]) -> String {
    let mut text = format!("*** {label}: {}\n\n", items.len());
    for (file, diagnostic) in items {
        text.push_str(&format!(
            "{}\n\n{}\n\n\n",
            sany_location(spec, *file, diagnostic),
            diagnostic.message
        ));
    }
    text
}

fn sany_location(spec: &Specification, file: usize, diagnostic: &Diagnostic) -> String {
    let loaded = &spec.files[file];
    let index = LineIndex::new(&loaded.source.text);
    let start = index.line_column(diagnostic.span.start);
    let end = index.last_char(diagnostic.span);
    let module =
        loaded.module().map_or(loaded.expected_name.as_str(), |module| module.name.text.as_str());
    format!(
        "line {}, col {} to line {}, col {} of module {module}",
        start.line, start.column, end.line, end.column
    )
}

fn report_parse_error(spec: &Specification, file: usize, root_file_name: &str, human: bool) -> u8 {
    let loaded = &spec.files[file];
    let module_name =
        loaded.module().map_or(loaded.expected_name.clone(), |module| module.name.text.clone());
    let file_name = Path::new(&loaded.source.path)
        .file_name()
        .map(|name| name.to_string_lossy().into_owned())
        .unwrap_or_default();
    match loaded.parsed.diagnostics.iter().find(|diagnostic| diagnostic.is_error()) {
        Some(diagnostic) if human => {
            print_out!("{}", code_frame(diagnostic, &loaded.source.path, &loaded.source.text))
        }
        Some(diagnostic) => {
            println_out!("***Parse Error***");
            if diagnostic.code == PRECEDENCE_CONFLICT || diagnostic.code == MALFORMED_EXPRESSION {
                println_out!("\n  {}", diagnostic.message);
            } else {
                // SANY prints what it was expecting before what it encountered.
                for note in &diagnostic.notes {
                    println_out!("{note}");
                }
                println_out!("{}", diagnostic.message);
            }
            println_out!();
        }
        None => println_out!(
            "***Parse Error***\nNo module header `---- MODULE Name ----` found in {file_name}\n"
        ),
    }
    println_out!("\nFatal errors while parsing TLA+ spec in file {root_file_name}\n");
    println_out!("In module {module_name}\n");
    println_out!("Could not parse module {module_name} from file {file_name}");
    println_out!("*** Errors: 1\n");
    SANY_EXIT_ERROR
}

fn report_missing(module: &str, imported_by: Option<&str>, root_file_name: &str) -> u8 {
    let message = match imported_by {
        Some(importer) => {
            format!("Cannot find source file for module {module} imported in module {importer}.")
        }
        None => format!("Cannot find source file for module {module}."),
    };
    println_out!("Fatal errors while parsing TLA+ spec in file {root_file_name}\n");
    println_out!("Unknown location\n");
    println_out!("{message}");
    println_out!("*** Errors: 1\n");
    SANY_EXIT_ERROR
}

/// What SANY would report for a loaded specification, as text (empty when it is accepted): the
/// parse error, the missing module, or the semantic errors. This is what agents get back.
pub(crate) fn report_text(spec: &Specification) -> String {
    use std::fmt::Write;
    let mut res = String::new();
    if let Some(error) = spec.errors.first() {
        match error {
            LoadError::ParseFailed { file } => {
                let loaded = &spec.files[*file];
                let module = loaded
                    .module()
                    .map_or(loaded.expected_name.clone(), |module| module.name.text.clone());
                let _ = writeln!(res, "***Parse Error***");
                if let Some(diagnostic) =
                    loaded.parsed.diagnostics.iter().find(|diagnostic| diagnostic.is_error())
                {
                    for note in &diagnostic.notes {
                        let _ = writeln!(res, "{note}");
                    }
                    let _ = writeln!(res, "{}", diagnostic.message);
                }
                let _ = writeln!(res, "\nCould not parse module {module}");
            }
            LoadError::ModuleNotFound { module, imported_by } => {
                let _ = writeln!(
                    res,
                    "Cannot find source file for module {module} imported in module {imported_by}."
                );
            }
            LoadError::NameMismatch { file_name, module_name, .. } => {
                let _ = writeln!(
                    res,
                    "File name '{file_name}' does not match the name '{module_name}' of the top level module it contains."
                );
            }
            LoadError::Circular { cycle } => {
                let _ = writeln!(
                    res,
                    "Circular dependency among .tla files; dependency cycle is: {}",
                    cycle.join(" --> ")
                );
            }
        }
        return res;
    }
    let analysis = tla_sema::analyze(spec);
    let errors: Vec<&tla_sema::SemanticDiagnostic> =
        analysis.diagnostics.iter().filter(|diagnostic| diagnostic.diagnostic.is_error()).collect();
    if errors.is_empty() {
        return res;
    }
    let _ = writeln!(res, "Semantic errors:\n\n*** Errors: {}\n", errors.len());
    for error in errors {
        let _ = writeln!(
            res,
            "{}\n\n{}\n\n",
            sany_location(spec, error.file, &error.diagnostic),
            error.diagnostic.message
        );
    }
    res
}
