//! Materialising a task's pinned sources into the cache and verifying every hash.
//!
//! Cache layout, under the folder the caller passes in:
//!
//! ```text
//! sources/crates/<name>-<version>/<file path>      provider `crate`
//! sources/git/<owner>+<name>/<commit>/<file path>  provider `git`
//! sources/debian/<package>_<version>/<file path>   provider `debian`
//! git/<owner>+<name>.git                           bare repository caching git objects
//! work/                                            scratch space (cargo-fetch project, apt-get)
//! ```
//!
//! Only the files listed in `task.toml` are copied into `sources/`, and only after their SHA-256
//! matched. A `local` provider is verified in place and never copied. When every file is already
//! cached with the right hash, fetching does no IO beyond reading those files, so it works
//! offline.

use std::{
    env, fmt, fs, io,
    path::{Path, PathBuf},
};

use crate::{
    content_hashing::sha256_hex_of_bytes,
    source_providers::{
        ensure_bare_repository, fetch_debian_source, git_fetch_commit, git_has_commit,
        git_mirror_candidates, git_read_file, git_repository_slug, is_git_repository,
        locate_unpacked_crate, run_cargo_fetch, unpack_cached_crate_archive,
    },
    task_model::{SourceFile, SourceProvider, Task},
};

/// Everything fetching needs from the outside world, passed in explicitly.
#[derive(Debug, Clone)]
pub struct FetchConfig {
    /// The cache root (`$SYSMOBENCH_CACHE`, or see [`default_cache_directory`]).
    pub cache_directory: PathBuf,
    /// The `cargo` used for `crate` sources.
    pub cargo_program: PathBuf,
    /// The cargo home that `cargo` downloads into and this crate looks in.
    pub cargo_home: PathBuf,
    /// The `git` used for `git` sources.
    pub git_program: PathBuf,
    /// A folder of local clones, `owner/name` (or `owner+name`) each; consulted before the URL.
    pub git_mirror_directory: Option<PathBuf>,
    /// The `apt-get` used for `debian` sources.
    pub apt_get_program: PathBuf,
}

impl FetchConfig {
    /// A configuration that uses `cargo`, `git` and `apt-get` from `PATH`, honours `CARGO_HOME`
    /// (default `~/.cargo`) and `SYSMOBENCH_GIT_MIRROR`, and caches into `cache_directory`.
    pub fn from_environment(cache_directory: PathBuf) -> FetchConfig {
        let cargo_home = env::var_os("CARGO_HOME")
            .filter(|it| !it.is_empty())
            .map(PathBuf::from)
            .or_else(|| home_directory().map(|home| home.join(".cargo")))
            .unwrap_or_else(|| PathBuf::from(".cargo"));
        let git_mirror_directory =
            env::var_os("SYSMOBENCH_GIT_MIRROR").filter(|it| !it.is_empty()).map(PathBuf::from);
        FetchConfig {
            cache_directory,
            cargo_program: PathBuf::from("cargo"),
            cargo_home,
            git_program: PathBuf::from("git"),
            git_mirror_directory,
            apt_get_program: PathBuf::from("apt-get"),
        }
    }
}

/// `$SYSMOBENCH_CACHE`, else `$XDG_CACHE_HOME/sysmobench`, else `~/.cache/sysmobench`
/// (`~/Library/Caches/sysmobench` on macOS, `%LOCALAPPDATA%\sysmobench` on Windows).
pub fn default_cache_directory() -> Option<PathBuf> {
    let from_variable =
        |name: &str| env::var_os(name).filter(|it| !it.is_empty()).map(PathBuf::from);
    if let Some(directory) = from_variable("SYSMOBENCH_CACHE") {
        return Some(directory);
    }
    if cfg!(windows) {
        return from_variable("LOCALAPPDATA").map(|it| it.join("sysmobench"));
    }
    if cfg!(target_os = "macos") {
        return home_directory().map(|home| home.join("Library").join("Caches").join("sysmobench"));
    }
    from_variable("XDG_CACHE_HOME")
        .or_else(|| home_directory().map(|home| home.join(".cache")))
        .map(|it| it.join("sysmobench"))
}

fn home_directory() -> Option<PathBuf> {
    env::var_os("HOME")
        .or_else(|| env::var_os("USERPROFILE"))
        .filter(|it| !it.is_empty())
        .map(PathBuf::from)
}

/// A task's sources as materialised on disk, in `task.toml` order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FetchedSources {
    /// The folder the file paths are relative to.
    pub root: PathBuf,
    pub files: Vec<FetchedSourceFile>,
}

impl FetchedSources {
    /// Total lines of all files given to the model (as `wc -l`, plus one for a last line without
    /// a newline).
    pub fn line_count(&self) -> usize {
        self.files.iter().filter(|file| file.given_to_model).map(|file| file.line_count).sum()
    }
}

/// One verified source file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FetchedSourceFile {
    /// The upstream path, as in `task.toml`.
    pub path: String,
    pub role: String,
    /// Where the verified copy is.
    pub location: PathBuf,
    pub line_count: usize,
    /// As [`SourceFile::given_to_model`]: false for a file only the trace harness needs.
    pub given_to_model: bool,
}

/// Why sources could not be fetched.
#[derive(Debug)]
pub struct FetchError {
    pub task_id: String,
    /// The provider, as [`SourceProvider::describe`].
    pub source_description: String,
    /// Boxed to keep `Result<_, FetchError>` small.
    pub kind: Box<FetchErrorKind>,
}

/// The kinds of [`FetchError`].
#[derive(Debug)]
#[non_exhaustive]
pub enum FetchErrorKind {
    /// A tool could not be started (not installed, or not on `PATH`).
    ToolUnavailable { tool: String, command: String, error: io::Error },
    /// A tool ran and failed, e.g. no network and nothing cached.
    ToolFailed { tool: String, command: String, status: String, stderr: String },
    /// Cargo ran but the crate did not appear in the cargo home.
    CrateNotFound { name: String, version: String, cargo_home: PathBuf },
    /// The commit is in none of the places tried.
    CommitNotFound { commit: String, remotes: Vec<String> },
    /// Some files are missing or do not have the pinned hash.
    Verification { problems: Vec<SourceFileProblem> },
    /// Reading or writing the cache failed.
    Io { path: PathBuf, error: io::Error },
}

/// What is wrong with one pinned file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SourceFileProblem {
    Missing { path: String, looked_in: String },
    HashMismatch { path: String, expected: String, actual: String },
}

impl fmt::Display for FetchError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "task `{}` ({}): ", self.task_id, self.source_description)?;
        match &*self.kind {
            FetchErrorKind::ToolUnavailable { tool, command, error } => {
                write!(f, "cannot run `{tool}` (`{command}`): {error}; is `{tool}` installed?")
            }
            FetchErrorKind::ToolFailed { tool, command, status, stderr } => {
                write!(f, "`{command}` failed ({status})")?;
                if !stderr.is_empty() {
                    write!(f, ":\n{stderr}")?;
                }
                write!(f, "\nhint: `{tool}` needs network access or a configured mirror")
            }
            FetchErrorKind::CrateNotFound { name, version, cargo_home } => write!(
                f,
                "cargo reported success but `{name}-{version}` is not under `{}`",
                cargo_home.join("registry").display()
            ),
            FetchErrorKind::CommitNotFound { commit, remotes } => {
                write!(f, "commit {commit} was not found in {}", remotes.join(", "))
            }
            FetchErrorKind::Verification { problems } => {
                write!(f, "{} pinned file(s) failed verification:", problems.len())?;
                for problem in problems {
                    match problem {
                        SourceFileProblem::Missing { path, looked_in } => {
                            write!(f, "\n  missing `{path}` (looked in {looked_in})")?
                        }
                        SourceFileProblem::HashMismatch { path, expected, actual } => write!(
                            f,
                            "\n  `{path}`: sha256 {actual}, but task.toml pins {expected}"
                        )?,
                    }
                }
                Ok(())
            }
            FetchErrorKind::Io { path, error } => write!(f, "`{}`: {error}", path.display()),
        }
    }
}

impl std::error::Error for FetchError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match &*self.kind {
            FetchErrorKind::ToolUnavailable { error, .. } | FetchErrorKind::Io { error, .. } => {
                Some(error)
            }
            _ => None,
        }
    }
}

/// The folder a provider's verified files are cached in (for `local`, the local folder itself).
pub fn source_cache_directory(cache_directory: &Path, provider: &SourceProvider) -> PathBuf {
    let sources = cache_directory.join("sources");
    match provider {
        SourceProvider::Crate { name, version } => {
            sources.join("crates").join(format!("{name}-{version}"))
        }
        SourceProvider::Git { url, commit } => {
            sources.join("git").join(git_cache_name(url)).join(commit)
        }
        SourceProvider::Debian { package, version } => {
            sources.join("debian").join(format!("{package}_{version}"))
        }
        SourceProvider::Local { path } => path.clone(),
    }
}

/// The task's sources if every file is already cached with its pinned hash; no tool is run.
pub fn cached_task_sources(task: &Task, cache_directory: &Path) -> Option<FetchedSources> {
    let root = source_cache_directory(cache_directory, &task.source.provider);
    let mut files = Vec::with_capacity(task.source.files.len());
    for source_file in &task.source.files {
        let location = root.join(&source_file.path);
        let bytes = fs::read(&location).ok()?;
        if sha256_hex_of_bytes(&bytes) != source_file.sha256 {
            return None;
        }
        files.push(fetched_file(source_file, location, &bytes));
    }
    Some(FetchedSources { root, files })
}

/// Obtains the task's pinned sources, verifies every SHA-256 and caches the verified files.
pub fn fetch_task_sources(task: &Task, config: &FetchConfig) -> Result<FetchedSources, FetchError> {
    let error = |kind: FetchErrorKind| FetchError {
        task_id: task.id.clone(),
        source_description: task.source.provider.describe(),
        kind: Box::new(kind),
    };
    if let Some(res) = cached_task_sources(task, &config.cache_directory) {
        return Ok(res);
    }
    let destination = source_cache_directory(&config.cache_directory, &task.source.provider);
    match &task.source.provider {
        SourceProvider::Local { path } => {
            let reader = |relative: &str| read_optional_file(&path.join(relative));
            verify_all(&task.source.files, &path.display().to_string(), reader).map_err(error)?;
            cached_task_sources(task, &config.cache_directory).ok_or_else(|| {
                error(FetchErrorKind::Io {
                    path: path.clone(),
                    error: io::Error::other("files changed while they were verified"),
                })
            })
        }
        SourceProvider::Crate { name, version } => {
            let crate_root = obtain_crate(config, name, version).map_err(error)?;
            let reader = |relative: &str| read_optional_file(&crate_root.join(relative));
            let verified =
                verify_all(&task.source.files, &crate_root.display().to_string(), reader)
                    .map_err(error)?;
            store_verified_files(&task.source.files, verified, &destination).map_err(error)
        }
        SourceProvider::Git { url, commit } => {
            let git_directory = obtain_git_commit(config, url, commit).map_err(error)?;
            let reader = |relative: &str| git_read_file(config, &git_directory, commit, relative);
            let looked_in = format!("commit {commit} of {url}");
            let verified = verify_all(&task.source.files, &looked_in, reader).map_err(error)?;
            store_verified_files(&task.source.files, verified, &destination).map_err(error)
        }
        SourceProvider::Debian { package, version } => {
            let tree = fetch_debian_source(config, package, version).map_err(error)?;
            let reader = |relative: &str| read_optional_file(&tree.join(relative));
            let verified = verify_all(&task.source.files, &tree.display().to_string(), reader)
                .map_err(error)?;
            store_verified_files(&task.source.files, verified, &destination).map_err(error)
        }
    }
}

fn obtain_crate(
    config: &FetchConfig,
    name: &str,
    version: &str,
) -> Result<PathBuf, FetchErrorKind> {
    if let Some(found) = locate_unpacked_crate(&config.cargo_home, name, version) {
        return Ok(found);
    }
    run_cargo_fetch(config, name, version)?;
    if let Some(found) = locate_unpacked_crate(&config.cargo_home, name, version) {
        return Ok(found);
    }
    let unpack_directory = config.cache_directory.join("work").join("crates");
    if let Some(found) =
        unpack_cached_crate_archive(&config.cargo_home, name, version, &unpack_directory)?
    {
        return Ok(found);
    }
    Err(FetchErrorKind::CrateNotFound {
        name: name.to_owned(),
        version: version.to_owned(),
        cargo_home: config.cargo_home.clone(),
    })
}

fn obtain_git_commit(
    config: &FetchConfig,
    url: &str,
    commit: &str,
) -> Result<PathBuf, FetchErrorKind> {
    let git_directory =
        config.cache_directory.join("git").join(format!("{}.git", git_cache_name(url)));
    ensure_bare_repository(config, &git_directory)?;
    if git_has_commit(config, &git_directory, commit) {
        return Ok(git_directory);
    }
    let mut remotes: Vec<String> = Vec::new();
    if let (Some(mirror_directory), Some((owner, name))) =
        (&config.git_mirror_directory, git_repository_slug(url))
    {
        let mirror = git_mirror_candidates(mirror_directory, &owner, &name)
            .into_iter()
            .find(|candidate| is_git_repository(candidate));
        match mirror {
            Some(mirror) => remotes.push(mirror.display().to_string()),
            None => remotes.push(format!(
                "(no clone of {owner}/{name} in mirror `{}`)",
                mirror_directory.display()
            )),
        }
    }
    remotes.push(url.to_owned());
    let mut last_failure = None;
    for remote in remotes.iter().filter(|it| !it.starts_with('(')) {
        match git_fetch_commit(config, &git_directory, remote, commit) {
            Ok(()) if git_has_commit(config, &git_directory, commit) => return Ok(git_directory),
            Ok(()) => {}
            Err(failure) => last_failure = Some(failure),
        }
    }
    match last_failure {
        // Every remote failed outright (e.g. offline): the tool's own message says most.
        Some(failure) if remotes.iter().filter(|it| !it.starts_with('(')).count() == 1 => {
            Err(failure)
        }
        _ => Err(FetchErrorKind::CommitNotFound { commit: commit.to_owned(), remotes }),
    }
}

/// Reads every pinned file through `read_file` and checks its hash, collecting every problem.
fn verify_all(
    source_files: &[SourceFile],
    looked_in: &str,
    mut read_file: impl FnMut(&str) -> Result<Option<Vec<u8>>, FetchErrorKind>,
) -> Result<Vec<Vec<u8>>, FetchErrorKind> {
    let mut problems = Vec::new();
    let mut verified = Vec::with_capacity(source_files.len());
    for source_file in source_files {
        match read_file(&source_file.path)? {
            None => problems.push(SourceFileProblem::Missing {
                path: source_file.path.clone(),
                looked_in: looked_in.to_owned(),
            }),
            Some(bytes) => {
                let actual = sha256_hex_of_bytes(&bytes);
                if actual != source_file.sha256 {
                    problems.push(SourceFileProblem::HashMismatch {
                        path: source_file.path.clone(),
                        expected: source_file.sha256.clone(),
                        actual,
                    });
                }
                verified.push(bytes);
            }
        }
    }
    if problems.is_empty() {
        Ok(verified)
    } else {
        Err(FetchErrorKind::Verification { problems })
    }
}

fn store_verified_files(
    source_files: &[SourceFile],
    verified: Vec<Vec<u8>>,
    destination: &Path,
) -> Result<FetchedSources, FetchErrorKind> {
    let mut files = Vec::with_capacity(source_files.len());
    for (source_file, bytes) in source_files.iter().zip(verified) {
        let location = destination.join(&source_file.path);
        write_file_atomically(&location, &bytes)?;
        files.push(fetched_file(source_file, location, &bytes));
    }
    Ok(FetchedSources { root: destination.to_path_buf(), files })
}

fn write_file_atomically(location: &Path, bytes: &[u8]) -> Result<(), FetchErrorKind> {
    let io_error =
        |path: &Path, error: io::Error| FetchErrorKind::Io { path: path.to_path_buf(), error };
    if let Some(parent) = location.parent() {
        fs::create_dir_all(parent).map_err(|error| io_error(parent, error))?;
    }
    let temporary = location.with_extension(format!("partial-{}", std::process::id()));
    fs::write(&temporary, bytes).map_err(|error| io_error(&temporary, error))?;
    fs::rename(&temporary, location).map_err(|error| io_error(location, error))
}

fn read_optional_file(path: &Path) -> Result<Option<Vec<u8>>, FetchErrorKind> {
    match fs::read(path) {
        Ok(bytes) => Ok(Some(bytes)),
        Err(error) if error.kind() == io::ErrorKind::NotFound => Ok(None),
        Err(error) => Err(FetchErrorKind::Io { path: path.to_path_buf(), error }),
    }
}

fn fetched_file(source_file: &SourceFile, location: PathBuf, bytes: &[u8]) -> FetchedSourceFile {
    FetchedSourceFile {
        path: source_file.path.clone(),
        role: source_file.role.clone(),
        location,
        line_count: count_lines(bytes),
        given_to_model: source_file.given_to_model,
    }
}

fn count_lines(bytes: &[u8]) -> usize {
    let newlines = bytes.iter().filter(|&&byte| byte == b'\n').count();
    if bytes.last().is_some_and(|&byte| byte != b'\n') {
        newlines + 1
    } else {
        newlines
    }
}

fn git_cache_name(url: &str) -> String {
    match git_repository_slug(url) {
        Some((owner, name)) => format!("{owner}+{name}"),
        None => format!("repository-{}", &sha256_hex_of_bytes(url.as_bytes())[..16]),
    }
}
