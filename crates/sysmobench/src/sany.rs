//! `sysmobench sany`: SANY's command line, on our front end.
//!
//! Parses the root module and, transitively, every module it extends or instantiates that is a
//! file in the spec's folder or a library folder (`-lib DIR`, `TLA_PATH`). Standard modules are
//! known by name. Output has SANY's shape, and exit codes are those of the reference SANY with
//! `-error-codes` (tla2tools 1.8.0 line): 0 accepted, 255 on a parse or lexical error and on a
//! module that cannot be found. Semantic analysis (exit 4) is not implemented yet: a module that
//! parses is reported as accepted, and the output says that semantic checks were not run.

use std::collections::{BTreeSet, VecDeque};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use tla_diagnostics::render::code_frame;
use tla_syntax::ast::{DefinitionKind, Module, Unit};
use tla_syntax::diagnostics::{MALFORMED_EXPRESSION, PRECEDENCE_CONFLICT};

/// Modules that SANY finds inside its own jar.
const STANDARD_MODULES: &[&str] = &[
    "Naturals",
    "Integers",
    "Reals",
    "Sequences",
    "FiniteSets",
    "Bags",
    "TLC",
    "TLCExt",
    "Json",
    "Randomization",
    "RealTime",
    "Toolbox",
    "_TLCTrace",
    "_TLCTracePlain",
    "_JsonTrace",
    "_DotTrace",
    "_TLAPlusCounterExample",
    "_TLAPlusDebugger",
    "_TLCActionTrace",
    "_TLCTESpec",
];

const SANY_EXIT_ERROR: u8 = 255;

struct SanyOptions {
    human: bool,
    library_folders: Vec<PathBuf>,
    file: PathBuf,
}

pub fn run(args: &[String]) -> ExitCode {
    let options = match parse_arguments(args) {
        Ok(options) => options,
        Err(message) => {
            eprintln!("sysmobench sany: {message}");
            return ExitCode::from(2);
        }
    };
    // Deeply nested specs recurse deeply; give the parser a generous stack.
    let worker = std::thread::Builder::new()
        .name("sany".to_string())
        .stack_size(256 << 20)
        .spawn(move || check(&options));
    match worker.map(|handle| handle.join()) {
        Ok(Ok(code)) => ExitCode::from(code),
        _ => {
            eprintln!("sysmobench sany: internal error");
            ExitCode::from(SANY_EXIT_ERROR)
        }
    }
}

fn parse_arguments(args: &[String]) -> Result<SanyOptions, String> {
    let mut human = false;
    let mut library_folders = Vec::new();
    let mut file = None;
    let mut iter = args.iter();
    while let Some(arg) = iter.next() {
        match arg.as_str() {
            "-error-codes" | "--error-codes" => {}
            "-human" | "--human" => human = true,
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
    Ok(SanyOptions { human, library_folders, file })
}

fn check(options: &SanyOptions) -> u8 {
    let mut root = options.file.clone();
    if root.extension().is_none() {
        root.set_extension("tla");
    }
    let root_dir = root.parent().map(Path::to_path_buf).unwrap_or_default();
    let display_root = std::fs::canonicalize(&root).unwrap_or_else(|_| root.clone());
    println!("\n****** SANY2 Version 2.2 (sysmobench {})\n", env!("CARGO_PKG_VERSION"));
    let root_text =
        std::fs::read(&root).map(|bytes| String::from_utf8_lossy(&bytes).into_owned()).ok();
    let mut queue = VecDeque::from([(root.clone(), None::<String>)]);
    // Modules found only inside the root file (SANY's monolith specifications), by name.
    let mut monolith_texts: std::collections::BTreeMap<PathBuf, String> = Default::default();
    let mut seen = BTreeSet::new();
    let mut parsed_modules = Vec::new();
    while let Some((path, imported_by)) = queue.pop_front() {
        let text = match monolith_texts.remove(&path).map(Ok).unwrap_or_else(|| {
            std::fs::read(&path).map(|bytes| String::from_utf8_lossy(&bytes).into_owned())
        }) {
            Ok(text) => text,
            Err(_) => {
                let name = path
                    .file_stem()
                    .map(|stem| stem.to_string_lossy().into_owned())
                    .unwrap_or_default();
                return report_missing(&name, imported_by.as_deref(), &options.file);
            }
        };
        let shown = if path == root { display_root.clone() } else { path.clone() };
        println!("Parsing file {}", shown.display());
        let parsed = tla_syntax::parse_module(&text);
        let file_name =
            path.file_name().map(|name| name.to_string_lossy().into_owned()).unwrap_or_default();
        if let Some(diagnostic) = parsed.diagnostics.iter().find(|diagnostic| diagnostic.is_error())
        {
            let module_name = parsed.module.as_ref().map_or_else(
                || {
                    path.file_stem()
                        .map(|stem| stem.to_string_lossy().into_owned())
                        .unwrap_or_default()
                },
                |module| module.name.text.clone(),
            );
            if options.human {
                print!("{}", code_frame(diagnostic, &path.display().to_string(), &text));
            } else {
                println!("***Parse Error***");
                if diagnostic.code == PRECEDENCE_CONFLICT || diagnostic.code == MALFORMED_EXPRESSION
                {
                    println!("\n  {}", diagnostic.message);
                } else {
                    println!("{}", diagnostic.message);
                }
                for note in &diagnostic.notes {
                    println!("{note}");
                }
                println!();
            }
            let root_name = root
                .file_name()
                .map(|name| name.to_string_lossy().into_owned())
                .unwrap_or_default();
            println!("\nFatal errors while parsing TLA+ spec in file {root_name}\n");
            println!("In module {module_name}\n");
            println!("Could not parse module {module_name} from file {file_name}");
            println!("*** Errors: 1\n");
            return SANY_EXIT_ERROR;
        }
        let Some(module) = parsed.module else {
            println!("***Parse Error***\nNo module header `---- MODULE Name ----` found in {file_name}\n");
            return SANY_EXIT_ERROR;
        };
        let mut nested = BTreeSet::new();
        collect_nested_module_names(&module, &mut nested);
        let mut dependencies = Vec::new();
        collect_dependencies(&module, &mut dependencies);
        for dependency in dependencies {
            if nested.contains(&dependency) || !seen.insert(dependency.clone()) {
                continue;
            }
            let file_name = format!("{dependency}.tla");
            let found = std::iter::once(&root_dir)
                .chain(options.library_folders.iter())
                .map(|dir| dir.join(&file_name))
                .find(|candidate| candidate.is_file());
            let in_root_file = || {
                root_text.as_deref().and_then(|text| {
                    tla_syntax::monolith::extract_monolith_module(text, &dependency)
                })
            };
            match found {
                Some(path) => queue.push_back((path, Some(module.name.text.clone()))),
                None if STANDARD_MODULES.contains(&dependency.as_str()) => {}
                None if in_root_file().is_some() => {
                    let path = root_dir.join(&file_name);
                    monolith_texts.insert(path.clone(), in_root_file().unwrap_or_default());
                    queue.push_back((path, Some(module.name.text.clone())));
                }
                None => return report_missing(&dependency, Some(&module.name.text), &options.file),
            }
        }
        parsed_modules.push(module.name.text.clone());
    }
    for name in parsed_modules.iter().rev() {
        println!("Syntax check of module {name} passed (semantic analysis is not implemented yet)");
    }
    0
}

fn report_missing(module: &str, imported_by: Option<&str>, root: &Path) -> u8 {
    let root_name =
        root.file_name().map(|name| name.to_string_lossy().into_owned()).unwrap_or_default();
    let message = match imported_by {
        Some(importer) => {
            format!("Cannot find source file for module {module} imported in module {importer}.")
        }
        None => format!("Cannot find source file for module {module}."),
    };
    println!("Fatal errors while parsing TLA+ spec in file {root_name}\n");
    println!("Unknown location\n");
    println!("{message}");
    println!("*** Errors: 1\n");
    SANY_EXIT_ERROR
}

fn collect_nested_module_names(module: &Module, names: &mut BTreeSet<String>) {
    for unit in &module.units {
        if let Unit::Module(inner) = unit {
            names.insert(inner.name.text.clone());
            collect_nested_module_names(inner, names);
        }
    }
}

/// Modules named by `EXTENDS` and `INSTANCE`, in the order SANY meets them.
fn collect_dependencies(module: &Module, out: &mut Vec<String>) {
    out.extend(module.extends.iter().map(|name| name.text.clone()));
    for unit in &module.units {
        match unit {
            Unit::Instance(instance) => out.push(instance.module.text.clone()),
            Unit::Definition(definition) => {
                if let DefinitionKind::Instance { instance, .. } = &definition.kind {
                    out.push(instance.module.text.clone());
                }
            }
            Unit::Module(inner) => collect_dependencies(inner, out),
            _ => {}
        }
    }
}
