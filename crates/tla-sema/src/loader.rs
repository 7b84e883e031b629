//! Loading a specification: the root module and every module it extends or instantiates.
//!
//! Where module texts come from is the caller's business (the file system, library folders,
//! the modules embedded in the binary); it answers through [`ModuleSource`]. This module parses
//! each text once, follows `EXTENDS` and `INSTANCE`, and reports SANY's loading errors: a module
//! that cannot be found, a file whose module has another name, circular dependencies.

use std::collections::{BTreeMap, BTreeSet};
use tla_diagnostics::{Diagnostic, Span};
use tla_syntax::ast::{DefinitionKind, Expr, ExprKind, Module, Unit};
use tla_syntax::ParsedModule;

/// The text of one module file.
#[derive(Clone, Debug)]
pub struct SourceFile {
    /// How the file is named in messages (a path, or a name for embedded modules).
    pub path: String,
    pub text: String,
}

/// Finds module texts by module name.
pub trait ModuleSource {
    /// The file that holds module `name`, if there is one.
    fn find_module(&mut self, name: &str) -> Option<SourceFile>;
}

/// One parsed file of the specification.
pub struct LoadedFile {
    /// The module name the file was looked up by (its file name without `.tla`).
    pub expected_name: String,
    pub source: SourceFile,
    pub parsed: ParsedModule,
}

impl LoadedFile {
    pub fn module(&self) -> Option<&Module> {
        self.parsed.module.as_ref()
    }
}

/// A loading failure, in SANY's terms.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LoadError {
    /// A file did not parse; its parse diagnostics say why (SANY exits 255).
    ParseFailed { file: usize },
    /// "Cannot find source file for module X imported in module Y." (SANY exits 255).
    ModuleNotFound { module: String, imported_by: String },
    /// SANY code 4222.
    Circular { cycle: Vec<String> },
    /// "File name 'F' does not match the name 'M' of the top level module it contains."
    /// (SANY code 4221; fatal, SANY exits 255).
    NameMismatch { file: usize, file_name: String, module_name: String },
}

/// The loaded specification: files in the order they were parsed (the root first).
pub struct Specification {
    pub files: Vec<LoadedFile>,
    pub errors: Vec<LoadError>,
    /// Extra diagnostics found while loading (for example a module name differing from its file's).
    pub diagnostics: Vec<(usize, Diagnostic)>,
}

impl Specification {
    /// Each loaded file's position in `files`, by the module name it must declare.
    pub fn file_indices_by_name(&self) -> BTreeMap<&str, usize> {
        self.files
            .iter()
            .enumerate()
            .map(|(idx, file)| (file.expected_name.as_str(), idx))
            .collect()
    }

    /// The files in an order where every module comes after the modules it depends on.
    pub fn dependency_order(&self) -> Vec<usize> {
        let index = self.file_indices_by_name();
        let mut order = Vec::new();
        let mut state = vec![0u8; self.files.len()];
        // Iterative depth-first search; state 1 = on the stack, 2 = done.
        for start in 0..self.files.len() {
            let mut stack = vec![(start, 0usize)];
            while let Some((file, next_child)) = stack.pop() {
                if next_child == 0 {
                    if state[file] != 0 {
                        continue;
                    }
                    state[file] = 1;
                }
                let children =
                    self.files[file].module().map(module_dependencies).unwrap_or_default();
                let nested = self.files[file].module().map(nested_module_names).unwrap_or_default();
                let children: Vec<usize> = children
                    .iter()
                    .filter(|name| !nested.contains(*name))
                    .filter_map(|name| index.get(name.as_str()).copied())
                    .collect();
                if let Some(&child) = children.get(next_child) {
                    stack.push((file, next_child + 1));
                    if state[child] == 0 {
                        stack.push((child, 0));
                    }
                } else {
                    state[file] = 2;
                    order.push(file);
                }
            }
        }
        order
    }
}

/// Loads the module in `root` and, transitively, the modules it names.
pub fn load_specification(
    root_name: &str,
    root: SourceFile,
    source: &mut dyn ModuleSource,
) -> Specification {
    let mut spec = Specification { files: Vec::new(), errors: Vec::new(), diagnostics: Vec::new() };
    let mut pending = vec![(root_name.to_string(), root, None::<String>)];
    let mut seen = BTreeSet::from([root_name.to_string()]);
    while let Some((name, file, _imported_by)) = pending.pop() {
        let parsed = tla_syntax::parse_module(&file.text);
        let file_idx = spec.files.len();
        let failed = parsed.diagnostics.iter().any(Diagnostic::is_error) || parsed.module.is_none();
        spec.files.push(LoadedFile { expected_name: name.clone(), source: file, parsed });
        if failed {
            spec.errors.push(LoadError::ParseFailed { file: file_idx });
            return spec;
        }
        let Some(module) = spec.files[file_idx].module() else { continue };
        if module.name.text != name {
            let module_name = module.name.text.clone();
            spec.errors.push(LoadError::NameMismatch {
                file: file_idx,
                file_name: name,
                module_name,
            });
            return spec;
        }
        let nested = nested_module_names(module);
        let importer = module.name.text.clone();
        let mut found = Vec::new();
        for dependency in module_dependencies(module) {
            if nested.contains(&dependency) || !seen.insert(dependency.clone()) {
                continue;
            }
            match source.find_module(&dependency) {
                Some(text) => found.push((dependency, text, Some(importer.clone()))),
                None => {
                    spec.errors.push(LoadError::ModuleNotFound {
                        module: dependency,
                        imported_by: importer,
                    });
                    return spec;
                }
            }
        }
        // Parse dependencies in the order they are named.
        found.reverse();
        pending.extend(found);
    }
    if let Some(cycle) = find_cycle(&spec) {
        spec.errors.push(LoadError::Circular { cycle });
    }
    spec
}

/// Module names a module depends on through `EXTENDS` and `INSTANCE`, in order of appearance.
pub fn module_dependencies(module: &Module) -> Vec<String> {
    let mut res: Vec<String> = module.extends.iter().map(|name| name.text.clone()).collect();
    collect_unit_dependencies(&module.units, &mut res);
    res
}

fn collect_unit_dependencies(units: &[Unit], out: &mut Vec<String>) {
    for unit in units {
        match unit {
            Unit::Instance(instance) => out.push(instance.module.text.clone()),
            Unit::Definition(definition) => match &definition.kind {
                DefinitionKind::Instance { instance, .. } => out.push(instance.module.text.clone()),
                DefinitionKind::Operator { body, .. } | DefinitionKind::Function { body, .. } => {
                    collect_let_instances(body, out)
                }
            },
            Unit::Module(inner) => {
                out.extend(module_dependencies(inner));
            }
            _ => {}
        }
    }
}

/// `INSTANCE`s inside `LET` definitions also name modules.
fn collect_let_instances(expr: &Expr, out: &mut Vec<String>) {
    if let ExprKind::Let { definitions, body } = &expr.kind {
        collect_unit_dependencies(definitions, out);
        collect_let_instances(body, out);
    }
}

pub fn nested_module_names(module: &Module) -> BTreeSet<String> {
    let mut names = BTreeSet::new();
    for unit in &module.units {
        if let Unit::Module(inner) = unit {
            names.insert(inner.name.text.clone());
            names.extend(nested_module_names(inner));
        }
    }
    names
}

fn find_cycle(spec: &Specification) -> Option<Vec<String>> {
    let index: BTreeMap<&str, usize> = spec
        .files
        .iter()
        .enumerate()
        .map(|(idx, file)| (file.expected_name.as_str(), idx))
        .collect();
    let edges: Vec<Vec<usize>> = spec
        .files
        .iter()
        .map(|file| {
            let nested = file.module().map(nested_module_names).unwrap_or_default();
            file.module()
                .map(module_dependencies)
                .unwrap_or_default()
                .iter()
                .filter(|name| !nested.contains(*name))
                .filter_map(|name| index.get(name.as_str()).copied())
                .collect()
        })
        .collect();
    // Colour-marking depth-first search that remembers the path.
    let mut colour = vec![0u8; spec.files.len()];
    for start in 0..spec.files.len() {
        if colour[start] != 0 {
            continue;
        }
        let mut path = vec![start];
        let mut cursors = vec![0usize];
        colour[start] = 1;
        while let Some(&node) = path.last() {
            let cursor = cursors.last_mut().expect("cursor per path entry");
            if let Some(&next) = edges[node].get(*cursor) {
                *cursor += 1;
                match colour[next] {
                    0 => {
                        colour[next] = 1;
                        path.push(next);
                        cursors.push(0);
                    }
                    1 => {
                        let from = path.iter().position(|&entry| entry == next).unwrap_or(0);
                        let mut cycle: Vec<String> = path[from..]
                            .iter()
                            .map(|&idx| spec.files[idx].expected_name.clone())
                            .collect();
                        cycle.push(spec.files[next].expected_name.clone());
                        return Some(cycle);
                    }
                    _ => {}
                }
            } else {
                colour[node] = 2;
                path.pop();
                cursors.pop();
            }
        }
    }
    None
}

/// A span covering nothing, for diagnostics without a place in a file.
pub fn no_span() -> Span {
    Span::default()
}
