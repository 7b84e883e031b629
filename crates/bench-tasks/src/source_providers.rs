//! The outside tools that obtain pinned sources: `cargo`, `git`, `tar` and `apt-get`.
//!
//! Each function here does one IO step and reports failures as a [`FetchErrorKind`]; the order of
//! steps, the cache layout and hash verification live in `source_fetching`. Going through the
//! user's own `cargo`, `git` and `apt-get` means their mirror and proxy settings apply unchanged.

use std::{
    fs, io,
    path::{Path, PathBuf},
    process::{Command, Output},
};

use crate::source_fetching::{FetchConfig, FetchErrorKind};

/// Runs `command` to completion; a tool that cannot start or exits non-zero is an error that
/// names the tool, the command line and the end of its standard error.
pub(crate) fn run_tool(command: &mut Command, tool: &str) -> Result<Output, FetchErrorKind> {
    let command_line = describe_command(command);
    let output = command.output().map_err(|error| FetchErrorKind::ToolUnavailable {
        tool: tool.to_owned(),
        command: command_line.clone(),
        error,
    })?;
    if !output.status.success() {
        return Err(FetchErrorKind::ToolFailed {
            tool: tool.to_owned(),
            command: command_line,
            status: output.status.to_string(),
            stderr: tail_of(&String::from_utf8_lossy(&output.stderr), 2000),
        });
    }
    Ok(output)
}

pub(crate) fn describe_command(command: &Command) -> String {
    let mut res = command.get_program().to_string_lossy().into_owned();
    for argument in command.get_args() {
        res.push(' ');
        res.push_str(&argument.to_string_lossy());
    }
    res
}

fn tail_of(text: &str, max_chars: usize) -> String {
    let text = text.trim();
    let char_count = text.chars().count();
    if char_count <= max_chars {
        return text.to_owned();
    }
    let skipped: String = text.chars().skip(char_count - max_chars).collect();
    format!("...{skipped}")
}

// ---------------------------------------------------------------------------------------------
// crates.io, through cargo

/// Finds `name-version` unpacked by cargo under `$CARGO_HOME/registry/src/<registry>/`.
///
/// Any registry folder qualifies, so a crates.io mirror configured with source replacement is
/// found as well.
pub(crate) fn locate_unpacked_crate(
    cargo_home: &Path,
    name: &str,
    version: &str,
) -> Option<PathBuf> {
    let crate_folder_name = format!("{name}-{version}");
    let registry_sources = cargo_home.join("registry").join("src");
    let mut registries: Vec<PathBuf> = fs::read_dir(&registry_sources)
        .ok()?
        .filter_map(|entry| entry.ok().map(|it| it.path()))
        .collect();
    registries.sort();
    registries
        .into_iter()
        .map(|registry| registry.join(&crate_folder_name))
        .find(|candidate| candidate.join("Cargo.toml").is_file())
}

/// Asks cargo to download `name = "=version"`: writes a throwaway package that depends on the
/// crate and runs `cargo fetch` on it, with `CARGO_HOME` set to [`FetchConfig::cargo_home`].
///
/// Cargo verifies the downloaded archive against the registry index checksum and unpacks it
/// under `$CARGO_HOME/registry/src/`.
pub(crate) fn run_cargo_fetch(
    config: &FetchConfig,
    name: &str,
    version: &str,
) -> Result<(), FetchErrorKind> {
    let project_directory =
        config.cache_directory.join("work").join("cargo-fetch").join(format!("{name}-{version}"));
    let io_error =
        |path: &Path, error: io::Error| FetchErrorKind::Io { path: path.to_path_buf(), error };
    fs::create_dir_all(&project_directory).map_err(|error| io_error(&project_directory, error))?;
    let manifest_path = project_directory.join("Cargo.toml");
    let manifest = format!(
        "# Written by sysmobench to let cargo download a pinned crate; safe to delete.\n\
         [package]\nname = \"sysmobench-pinned-source\"\nversion = \"0.0.0\"\nedition = \"2021\"\npublish = false\n\n\
         [lib]\npath = \"lib.rs\"\n\n\
         [dependencies]\n{name} = {{ version = \"={version}\", default-features = false }}\n\n\
         [workspace]\n"
    );
    fs::write(&manifest_path, manifest).map_err(|error| io_error(&manifest_path, error))?;
    let library_path = project_directory.join("lib.rs");
    fs::write(&library_path, "").map_err(|error| io_error(&library_path, error))?;
    run_tool(
        Command::new(&config.cargo_program)
            .arg("fetch")
            .arg("--manifest-path")
            .arg(&manifest_path)
            .env("CARGO_HOME", &config.cargo_home)
            .current_dir(&project_directory),
        "cargo",
    )?;
    Ok(())
}

/// Unpacks `$CARGO_HOME/registry/cache/<registry>/name-version.crate` into `destination` with
/// `tar`, for cargo versions that download without unpacking. Returns the unpacked crate folder,
/// or `None` when no archive is there.
pub(crate) fn unpack_cached_crate_archive(
    cargo_home: &Path,
    name: &str,
    version: &str,
    destination: &Path,
) -> Result<Option<PathBuf>, FetchErrorKind> {
    let archive_name = format!("{name}-{version}.crate");
    let registry_caches = cargo_home.join("registry").join("cache");
    let Ok(entries) = fs::read_dir(&registry_caches) else {
        return Ok(None);
    };
    let mut archives: Vec<PathBuf> = entries
        .filter_map(|entry| entry.ok().map(|it| it.path().join(&archive_name)))
        .filter(|candidate| candidate.is_file())
        .collect();
    archives.sort();
    let Some(archive) = archives.into_iter().next() else {
        return Ok(None);
    };
    fs::create_dir_all(destination)
        .map_err(|error| FetchErrorKind::Io { path: destination.to_path_buf(), error })?;
    run_tool(Command::new("tar").arg("-xzf").arg(&archive).arg("-C").arg(destination), "tar")?;
    let unpacked = destination.join(format!("{name}-{version}"));
    Ok(unpacked.is_dir().then_some(unpacked))
}

// ---------------------------------------------------------------------------------------------
// git

/// The `owner/name` of a repository URL (`https://github.com/owner/name.git`,
/// `git@github.com:owner/name`, or a path ending in `owner/name`).
pub(crate) fn git_repository_slug(url: &str) -> Option<(String, String)> {
    let trimmed = url.trim_end_matches('/');
    let trimmed = trimmed.strip_suffix(".git").unwrap_or(trimmed);
    let mut segments = trimmed.rsplit(['/', ':']).filter(|segment| !segment.is_empty());
    let name = segments.next()?;
    let owner = segments.next()?;
    let is_plain = |segment: &str| {
        segment
            .bytes()
            .all(|byte| byte.is_ascii_alphanumeric() || matches!(byte, b'-' | b'_' | b'.'))
    };
    (is_plain(owner) && is_plain(name) && !owner.contains("..") && !name.contains(".."))
        .then(|| (owner.to_owned(), name.to_owned()))
}

/// The places a mirror folder may hold a clone of `owner/name`, in the order they are tried:
/// `DIR/owner/name`, `DIR/owner/name.git`, `DIR/owner+name`, `DIR/owner+name.git` and
/// `DIR/owner+name/repo`.
pub(crate) fn git_mirror_candidates(
    mirror_directory: &Path,
    owner: &str,
    name: &str,
) -> Vec<PathBuf> {
    vec![
        mirror_directory.join(owner).join(name),
        mirror_directory.join(owner).join(format!("{name}.git")),
        mirror_directory.join(format!("{owner}+{name}")),
        mirror_directory.join(format!("{owner}+{name}.git")),
        mirror_directory.join(format!("{owner}+{name}")).join("repo"),
    ]
}

/// Whether `path` looks like a git repository (bare or with a work tree).
pub(crate) fn is_git_repository(path: &Path) -> bool {
    path.join("HEAD").is_file() || path.join(".git").exists()
}

fn git_command(config: &FetchConfig, git_directory: &Path) -> Command {
    let mut command = Command::new(&config.git_program);
    command
        .arg("--git-dir")
        .arg(git_directory)
        .env("GIT_TERMINAL_PROMPT", "0")
        .env_remove("GIT_DIR")
        .env_remove("GIT_WORK_TREE")
        .env_remove("GIT_INDEX_FILE");
    command
}

/// Creates the bare repository that caches objects of one upstream repository.
pub(crate) fn ensure_bare_repository(
    config: &FetchConfig,
    git_directory: &Path,
) -> Result<(), FetchErrorKind> {
    if git_directory.join("HEAD").is_file() {
        return Ok(());
    }
    fs::create_dir_all(git_directory)
        .map_err(|error| FetchErrorKind::Io { path: git_directory.to_path_buf(), error })?;
    run_tool(
        Command::new(&config.git_program)
            .arg("init")
            .arg("--bare")
            .arg("--quiet")
            .arg(git_directory)
            .env("GIT_TERMINAL_PROMPT", "0")
            .env_remove("GIT_DIR"),
        "git",
    )?;
    Ok(())
}

/// Whether the cache repository already holds `commit`.
pub(crate) fn git_has_commit(config: &FetchConfig, git_directory: &Path, commit: &str) -> bool {
    git_command(config, git_directory)
        .arg("cat-file")
        .arg("-e")
        .arg(format!("{commit}^{{commit}}"))
        .output()
        .is_ok_and(|output| output.status.success())
}

/// Fetches `commit` from `remote` (a URL or a local clone) into the cache repository: first the
/// commit alone, then, for servers that refuse to serve a commit by hash, every branch and tag.
pub(crate) fn git_fetch_commit(
    config: &FetchConfig,
    git_directory: &Path,
    remote: &str,
    commit: &str,
) -> Result<(), FetchErrorKind> {
    let by_hash = run_tool(
        git_command(config, git_directory)
            .args(["fetch", "--quiet", "--no-tags", "--depth", "1"])
            .arg(remote)
            .arg(commit),
        "git",
    );
    if by_hash.is_ok() && git_has_commit(config, git_directory, commit) {
        return Ok(());
    }
    run_tool(
        git_command(config, git_directory)
            .args(["fetch", "--quiet", "--no-tags"])
            .arg(remote)
            .arg("+refs/heads/*:refs/remotes/pinned/*")
            .arg("+refs/tags/*:refs/tags/*"),
        "git",
    )?;
    Ok(())
}

/// Reads `path` at `commit`; `None` when the commit has no such file.
pub(crate) fn git_read_file(
    config: &FetchConfig,
    git_directory: &Path,
    commit: &str,
    path: &str,
) -> Result<Option<Vec<u8>>, FetchErrorKind> {
    let object = format!("{commit}:{path}");
    let exists = git_command(config, git_directory)
        .args(["cat-file", "-e"])
        .arg(&object)
        .output()
        .is_ok_and(|output| output.status.success());
    if !exists {
        return Ok(None);
    }
    let output = run_tool(
        git_command(config, git_directory).args(["cat-file", "blob"]).arg(&object),
        "git",
    )?;
    Ok(Some(output.stdout))
}

// ---------------------------------------------------------------------------------------------
// Debian

/// Runs `apt-get source package=version` in an empty work folder (which needs `deb-src` entries
/// in the user's apt sources) and returns the unpacked source tree.
pub(crate) fn fetch_debian_source(
    config: &FetchConfig,
    package: &str,
    version: &str,
) -> Result<PathBuf, FetchErrorKind> {
    let work_directory =
        config.cache_directory.join("work").join("debian").join(format!("{package}_{version}"));
    if let Some(tree) = single_subdirectory(&work_directory) {
        return Ok(tree);
    }
    fs::create_dir_all(&work_directory)
        .map_err(|error| FetchErrorKind::Io { path: work_directory.clone(), error })?;
    run_tool(
        Command::new(&config.apt_get_program)
            .arg("source")
            .arg("--quiet")
            .arg(format!("{package}={version}"))
            .current_dir(&work_directory),
        "apt-get",
    )?;
    single_subdirectory(&work_directory).ok_or_else(|| FetchErrorKind::ToolFailed {
        tool: "apt-get".to_owned(),
        command: format!("apt-get source {package}={version}"),
        status: "exit status: 0".to_owned(),
        stderr: format!("no unpacked source folder appeared in `{}`", work_directory.display()),
    })
}

fn single_subdirectory(directory: &Path) -> Option<PathBuf> {
    let mut folders: Vec<PathBuf> = fs::read_dir(directory)
        .ok()?
        .filter_map(|entry| entry.ok().map(|it| it.path()))
        .filter(|path| path.is_dir())
        .collect();
    folders.sort();
    (folders.len() == 1).then(|| folders.remove(0))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn repository_slugs_come_from_urls_of_every_shape() {
        let slug =
            |url: &str| git_repository_slug(url).map(|(owner, name)| format!("{owner}/{name}"));
        assert_eq!(
            slug("https://github.com/asterinas/asterinas").as_deref(),
            Some("asterinas/asterinas")
        );
        assert_eq!(slug("https://github.com/etcd-io/raft.git/").as_deref(), Some("etcd-io/raft"));
        assert_eq!(
            slug("git@github.com:RedisLabs/redisraft.git").as_deref(),
            Some("RedisLabs/redisraft")
        );
        assert_eq!(slug("/tmp/x/owner/name.git").as_deref(), Some("owner/name"));
        assert_eq!(slug("name"), None);
    }

    #[test]
    fn mirror_candidates_cover_nested_and_plus_layouts() {
        let candidates = git_mirror_candidates(Path::new("/m"), "o", "n");
        let shown: Vec<String> = candidates.iter().map(|it| it.display().to_string()).collect();
        assert_eq!(shown, ["/m/o/n", "/m/o/n.git", "/m/o+n", "/m/o+n.git", "/m/o+n/repo"]);
    }
}
