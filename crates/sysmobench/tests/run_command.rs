//! End-to-end tests of `sysmobench run`: the reference agent on the repository's tasks, resuming,
//! and a model-calling agent against an OpenAI-compatible fake server on 127.0.0.1.
//!
//! Hermetic: the runs folder and source cache are fresh temporary folders; the only network is the
//! loopback server a test starts itself.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpListener;
use std::path::Path;
use std::process::Command;
use std::sync::{Arc, Mutex};

mod support;

use support::{write_fixture_task, Scratch};

const MODEL_REPLY: &str =
    "Here is the model.\n\n```tla\n---- MODULE lock ----\nEXTENDS Naturals\nVARIABLE held\n\
Init == held = FALSE\nAcquire == ~held /\\ held' = TRUE\nRelease == held /\\ held' = FALSE\n\
Next == Acquire \\/ Release\nSpec == Init /\\ [][Next]_held\n====\n```\n";

/// Runs the binary in `cwd` with extra environment; returns the exit code and stdout + stderr.
fn sysmobench(args: &[&str], cwd: &Path, environment: &[(&str, &str)]) -> (i32, String) {
    let mut command = Command::new(env!("CARGO_BIN_EXE_sysmobench"));
    command.args(args).current_dir(cwd).env_remove("TLA_PATH").env_remove("HTTPS_PROXY");
    // Fewer simulated traces for the runtime phase keep the tests quick.
    command.env("SYSMOBENCH_RUNTIME_TRACES", "40");
    for (name, value) in environment {
        command.env(name, value);
    }
    let output = command.output().unwrap();
    let text = String::from_utf8_lossy(&output.stdout).into_owned()
        + &String::from_utf8_lossy(&output.stderr);
    (output.status.code().unwrap_or(-1), text)
}

fn repository_tasks() -> String {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tasks").display().to_string()
}

#[test]
fn reference_agent_scores_its_own_models_and_a_resumed_run_has_nothing_left() {
    let scratch = Scratch::new("reference");
    let runs = scratch.path("runs");
    let tasks = repository_tasks();
    let args = [
        "run",
        "--task",
        "spin,mutex",
        "--agent",
        "reference",
        "--runs-dir",
        &runs,
        "--run-id",
        "r1",
        "--tasks-dir",
        &tasks,
    ];
    let (exit, output) = sysmobench(&args, &scratch.dir, &[]);
    assert_eq!(exit, 0, "{output}");
    assert!(output.contains("run r1: 2 attempt(s) to do of 2"), "{output}");
    assert!(output.contains("spin reference none sample 0: syntax 1.000"), "{output}");
    assert!(output.contains("mutex reference none sample 0: syntax 1.000"), "{output}");
    let card_path = scratch.dir.join("runs/r1/spin/reference/none/sample-0/score_card.json");
    let card: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(card_path).unwrap()).unwrap();
    assert!(
        card.to_string().contains("not implemented yet"),
        "phases without an engine say so: {card}"
    );
    assert!(scratch.dir.join("runs/results.sqlite").is_file());
    assert_eq!(std::fs::read_to_string(scratch.dir.join("runs/LATEST")).unwrap(), "r1");

    let (exit, output) = sysmobench(&["run", "--resume", "--runs-dir", &runs], &scratch.dir, &[]);
    assert_eq!(exit, 0, "{output}");
    assert!(output.contains("run r1: 0 attempt(s) to do of 2"), "{output}");

    // Rescoring the saved models reproduces every card; a model edited on disk changes its own.
    let (exit, output) = sysmobench(&["rescore", "--runs-dir", &runs], &scratch.dir, &[]);
    assert_eq!(exit, 0, "{output}");
    assert!(output.contains("run r1: rescored 2 attempt(s), 0 changed"), "{output}");
    let spin_module = scratch.dir.join("runs/r1/spin/reference/none/sample-0/spin.tla");
    let text = std::fs::read_to_string(&spin_module).unwrap();
    std::fs::write(&spin_module, text.replacen("==", "== UndefinedName +", 3)).unwrap();
    let (exit, output) = sysmobench(&["rescore", "r1", "--runs-dir", &runs], &scratch.dir, &[]);
    assert_eq!(exit, 0, "{output}");
    assert!(
        output
            .contains("rescored 2 attempt(s), 1 changed\n  changed: spin reference none sample 0"),
        "{output}"
    );
    let rescore_with = |extra: &[&str]| {
        let args = [&["rescore", "r1", "--runs-dir", runs.as_str()][..], extra].concat();
        sysmobench(&args, &scratch.dir, &[])
    };
    let (exit, output) = rescore_with(&["--weights", "leaderboard"]);
    assert_eq!(exit, 0, "{output}");
    assert!(output.contains("rescored 2 attempt(s), 2 changed"), "{output}");
    let card = std::fs::read_to_string(
        scratch.dir.join("runs/r1/mutex/reference/none/sample-0/score_card.json"),
    )
    .unwrap();
    assert!(card.contains("\"weights\": \"leaderboard\""), "{card}");
    let (exit, output) = rescore_with(&[]);
    assert_eq!(exit, 0, "{output}");
    assert!(
        output.contains("rescored 2 attempt(s), 2 changed"),
        "back to the run's own weights: {output}"
    );
    let (exit, output) = rescore_with(&["--weights", "heavy"]);
    assert_eq!(exit, 2, "{output}");

    let (exit, output) =
        sysmobench(&["report", "--runs-dir", &runs, "--format", "csv"], &scratch.dir, &[]);
    assert_eq!(exit, 0, "{output}");
    let rows: Vec<Vec<&str>> = output.lines().map(|line| line.split(',').collect()).collect();
    assert_eq!(rows.len(), 3, "{output}");
    assert_eq!(rows[0][..6], ["task", "agent", "model", "attempts", "failed", "syntax best"]);
    assert_eq!(rows[1][..6], ["mutex", "reference", "none", "1", "0", "1.000"]);
    assert_eq!(rows[2][..3], ["spin", "reference", "none"]);
    assert!(rows[2][5].parse::<f64>().unwrap() < 1.0, "{output}");
    for format in ["table", "md", "json"] {
        let (exit, output) = sysmobench(
            &["report", "r1", "--runs-dir", &runs, "--format", format],
            &scratch.dir,
            &[],
        );
        assert_eq!(exit, 0, "{format}: {output}");
        assert!(
            output.contains("mutex") && output.contains("n/e") != (format == "json"),
            "{format}: {output}"
        );
    }
    let (exit, output) =
        sysmobench(&["report", "nonesuch", "--runs-dir", &runs], &scratch.dir, &[]);
    assert_eq!(exit, 1, "{output}");
    assert!(output.contains("no run `nonesuch`") && output.contains("runs: r1"), "{output}");
}

#[test]
fn dry_run_lists_attempts_and_estimates_the_cost_without_writing() {
    let scratch = Scratch::new("dry");
    write_fixture_task(&scratch, "lock");
    let (runs, tasks, cache) = (scratch.path("runs"), scratch.path("tasks"), scratch.path("cache"));
    let environment = [("SYSMOBENCH_CACHE", cache.as_str())];
    let models = "openai/gpt-5,openai-api/local/m1";
    let args = [
        "run",
        "--task",
        "lock",
        "--agent",
        "basic",
        "--model",
        models,
        "--samples",
        "2",
        "--repair",
        "2",
        "--dry-run",
        "--runs-dir",
        &runs,
        "--run-id",
        "d",
        "--tasks-dir",
        &tasks,
    ];
    let (exit, output) =
        sysmobench(&["fetch", "lock", "--tasks-dir", &tasks], &scratch.dir, &environment);
    assert_eq!(exit, 0, "{output}");
    let (exit, output) = sysmobench(&args, &scratch.dir, &environment);
    assert_eq!(exit, 0, "{output}");
    assert!(output.contains("dry run d: agent basic, 4 attempt(s)"), "{output}");
    assert!(output.contains("model calls: 4 to 12"), "{output}");
    let priced = output
        .lines()
        .filter(|line| line.contains("openai/gpt-5 sample") && line.contains(", up to $"))
        .count();
    assert_eq!(priced, 2, "{output}");
    let unpriced = output
        .lines()
        .filter(|line| line.contains("m1 sample") && line.contains("no known price"))
        .count();
    assert_eq!(unpriced, 2, "{output}");
    assert!(output.contains("estimated cost: up to $"), "{output}");
    assert!(output.contains("2 attempt(s) without a price or prompt left out"), "{output}");
    assert!(!scratch.dir.join("runs/d").exists(), "a dry run creates no attempt folders");

    // A price file prices the local model: a dollar an input token, output free.
    let prices = scratch.write(
        "prices.toml",
        "[prices.\"openai-api/local/m1\"]\ninput = 1000000.0\noutput = 0.0\n",
    );
    let with_prices = [&args[..], &["--prices-file", prices.to_str().unwrap()]].concat();
    let (exit, output) = sysmobench(&with_prices, &scratch.dir, &environment);
    assert_eq!(exit, 0, "{output}");
    let local_line = output.lines().find(|line| line.contains("m1 sample 0")).unwrap();
    let tokens: u64 =
        local_line.split('~').nth(1).unwrap().split(' ').next().unwrap().parse().unwrap();
    assert!(
        local_line.contains(&format!("first prompt ~{tokens} tokens, up to ${tokens}.000")),
        "{output}"
    );
    assert!(!output.contains("without a price"), "{output}");
}

#[test]
fn usage_errors_exit_two() {
    let scratch = Scratch::new("usage");
    let tasks = repository_tasks();
    for (args, expected) in [
        (vec!["run", "--agent", "basic", "--task", "spin", "--tasks-dir", &tasks], "needs --model"),
        (vec!["run", "--agent", "wizard", "--task", "spin"], "unknown agent `wizard`"),
        (
            vec!["run", "--agent", "reference", "--task", "nonesuch", "--tasks-dir", &tasks],
            "unknown task `nonesuch`",
        ),
        (
            vec![
                "run",
                "--agent",
                "basic",
                "--task",
                "spin",
                "--model",
                "gpt5",
                "--tasks-dir",
                &tasks,
            ],
            "model `gpt5`",
        ),
    ] {
        let (exit, output) = sysmobench(&args, &scratch.dir, &[]);
        assert_eq!(exit, 2, "{args:?}: {output}");
        assert!(output.contains(expected), "{args:?}: {output}");
    }
}

/// Writes the fixture task `lock` and fetches it (a `local` source) into `cache`.
fn write_and_fetch_fixture_task(scratch: &Scratch, cache: &str) {
    write_fixture_task(scratch, "lock");
    let tasks = scratch.path("tasks");
    let environment = [("SYSMOBENCH_CACHE", cache)];
    let (exit, output) =
        sysmobench(&["fetch", "lock", "--tasks-dir", &tasks], &scratch.dir, &environment);
    assert_eq!(exit, 0, "{output}");
}

/// `run` of the basic agent on the fixture task with the fake server's model, plus `extra`.
fn basic_run_arguments(scratch: &Scratch, run_id: &str, extra: &[&str]) -> Vec<String> {
    let (runs, tasks) = (scratch.path("runs"), scratch.path("tasks"));
    let fixed = ["run", "--task", "lock", "--agent", "basic", "--model", "openai-api/fake/m1"];
    let places = ["--runs-dir", &runs, "--run-id", run_id, "--tasks-dir", &tasks];
    fixed.iter().chain(&places).chain(extra).map(|arg| arg.to_string()).collect()
}

fn run_with(args: &[String], scratch: &Scratch, environment: &[(&str, &str)]) -> (i32, String) {
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    sysmobench(&args, &scratch.dir, environment)
}

/// Answers the first `answered` connections with one chat completion carrying [`MODEL_REPLY`] and
/// never answers the later ones; returns the base URL and the request lines plus authorization
/// headers it saw.
fn start_fake_openai_server(answered: usize) -> (String, Arc<Mutex<Vec<String>>>) {
    start_scripted_server(answered, None, MODEL_REPLY)
}

/// As [`start_fake_openai_server`], but with `rejection` every answer is that HTTP status line
/// (e.g. `400 Bad Request`) with an OpenAI-style error body.
fn start_scripted_server(
    answered: usize,
    rejection: Option<&'static str>,
    content: &'static str,
) -> (String, Arc<Mutex<Vec<String>>>) {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let base_url = format!("http://{}/v1", listener.local_addr().unwrap());
    let seen = Arc::new(Mutex::new(Vec::new()));
    let seen_by_server = Arc::clone(&seen);
    std::thread::spawn(move || {
        let mut held_connections = Vec::new();
        for stream in listener.incoming() {
            let Ok(mut stream) = stream else { return };
            let mut reader = BufReader::new(stream.try_clone().unwrap());
            let mut content_length = 0;
            let mut line = String::new();
            while reader.read_line(&mut line).unwrap_or(0) > 0 && line != "\r\n" {
                let lower = line.to_ascii_lowercase();
                if let Some(value) = lower.strip_prefix("content-length:") {
                    content_length = value.trim().parse().unwrap_or(0);
                }
                if lower.starts_with("post ") || lower.starts_with("authorization:") {
                    seen_by_server.lock().unwrap().push(line.trim_end().to_string());
                }
                line.clear();
            }
            let mut body = vec![0; content_length];
            let _ = reader.read_exact(&mut body);
            if seen_by_server.lock().unwrap().iter().filter(|line| line.starts_with("POST")).count()
                > answered
            {
                held_connections.push(stream);
                continue;
            }
            if let Some(status) = rejection {
                let reply = r#"{"error": {"message": "the model does not exist", "type": "invalid_request_error"}}"#;
                let _ = write!(
                    stream,
                    "HTTP/1.1 {status}\r\ncontent-type: application/json\r\ncontent-length: {}\r\nconnection: close\r\n\r\n{reply}",
                    reply.len()
                );
                continue;
            }
            let reply = serde_json::json!({
                "id": "chatcmpl-1",
                "object": "chat.completion",
                "model": "m1",
                "choices": [{"index": 0, "message": {"role": "assistant", "content": content}, "finish_reason": "stop"}],
                "usage": {"prompt_tokens": 10, "completion_tokens": 20, "total_tokens": 30}
            })
            .to_string();
            let _ = write!(
                stream,
                "HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: {}\r\nconnection: close\r\n\r\n{reply}",
                reply.len()
            );
        }
    });
    (base_url, seen)
}

#[test]
fn basic_agent_calls_an_openai_compatible_server_and_caches_the_reply() {
    let scratch = Scratch::new("basic");
    let (runs, cache) = (scratch.path("runs"), scratch.path("cache"));
    write_and_fetch_fixture_task(&scratch, &cache);
    let (base_url, seen) = start_fake_openai_server(usize::MAX);
    let environment = [
        ("SYSMOBENCH_CACHE", cache.as_str()),
        ("FAKE_BASE_URL", base_url.as_str()),
        ("FAKE_API_KEY", "k"),
    ];

    let run = |run_id: &str| {
        run_with(&basic_run_arguments(&scratch, run_id, &[]), &scratch, &environment)
    };
    let (exit, output) = run("first");
    assert_eq!(exit, 0, "{output}");
    assert!(output.contains("lock basic openai-api/fake/m1 sample 0: syntax 1.000"), "{output}");
    assert!(
        output.contains("1 call(s) (1 over the network), 10 input and 20 output tokens"),
        "{output}"
    );
    let attempt_folder = scratch.dir.join("runs/first/lock/basic/openai-api_fake_m1/sample-0");
    let module = std::fs::read_to_string(attempt_folder.join("lock.tla")).unwrap();
    assert!(module.starts_with("---- MODULE lock ----"), "{module}");
    {
        let seen = seen.lock().unwrap();
        assert_eq!(
            seen.iter().filter(|line| line.starts_with("POST /v1/chat/completions")).count(),
            1,
            "{seen:?}"
        );
        assert!(
            seen.iter().any(|line| line.eq_ignore_ascii_case("authorization: Bearer k")),
            "{seen:?}"
        );
    }

    // The same request in a new run comes from the response cache: no second network call.
    let (exit, output) = run("second");
    assert_eq!(exit, 0, "{output}");
    assert!(output.contains("1 call(s) (0 over the network)"), "{output}");
    assert_eq!(seen.lock().unwrap().iter().filter(|line| line.starts_with("POST")).count(), 1);

    let (exit, output) = sysmobench(
        &["report", "first", "--runs-dir", &runs, "--format", "json"],
        &scratch.dir,
        &[],
    );
    assert_eq!(exit, 0, "{output}");
    let board: serde_json::Value = serde_json::from_str(&output).unwrap();
    let row = &board["rows"][0];
    assert_eq!(
        (row["task"].as_str(), row["model"].as_str()),
        (Some("lock"), Some("openai-api/fake/m1"))
    );
    assert_eq!(row["syntax"]["best"], 1.0);
    assert_eq!(
        (row["usage"]["calls"].as_u64(), row["usage"]["input_tokens"].as_u64()),
        (Some(1), Some(10))
    );
}

fn count_posts(seen: &Mutex<Vec<String>>) -> usize {
    seen.lock().unwrap().iter().filter(|line| line.starts_with("POST")).count()
}

#[test]
fn a_run_killed_mid_call_resumes_without_repeating_a_finished_call() {
    let scratch = Scratch::new("kill");
    let (runs, cache) = (scratch.path("runs"), scratch.path("cache"));
    write_and_fetch_fixture_task(&scratch, &cache);

    // The first server answers one call and then hangs: the run is killed while waiting.
    let (hanging_url, seen_before_kill) = start_fake_openai_server(1);
    let mut child = Command::new(env!("CARGO_BIN_EXE_sysmobench"))
        .args(basic_run_arguments(&scratch, "k", &["--samples", "3"]))
        .current_dir(&scratch.dir)
        .env("SYSMOBENCH_CACHE", &cache)
        .env("FAKE_BASE_URL", &hanging_url)
        .env_remove("HTTPS_PROXY")
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(30);
    while count_posts(&seen_before_kill) < 2 && std::time::Instant::now() < deadline {
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    assert_eq!(count_posts(&seen_before_kill), 2, "the second call never arrived");
    child.kill().unwrap(); // SIGKILL on Unix: no chance to clean up
    let _ = child.wait();

    let (answering_url, seen_after_resume) = start_fake_openai_server(usize::MAX);
    let environment =
        [("SYSMOBENCH_CACHE", cache.as_str()), ("FAKE_BASE_URL", answering_url.as_str())];
    let (exit, output) =
        sysmobench(&["run", "--resume", "--runs-dir", &runs], &scratch.dir, &environment);
    assert_eq!(exit, 0, "{output}");
    assert!(output.contains("run k: 2 attempt(s) to do of 3"), "{output}");
    assert_eq!(
        count_posts(&seen_after_resume),
        2,
        "only the unanswered and the unstarted call are made: {output}"
    );
    assert!(
        output.contains("3 call(s) (3 over the network), 30 input and 60 output tokens"),
        "{output}"
    );
    for sample in 0..3 {
        let folder =
            scratch.dir.join(format!("runs/k/lock/basic/openai-api_fake_m1/sample-{sample}"));
        let card = std::fs::read_to_string(folder.join("score_card.json")).ok();
        assert!(card.is_some(), "sample {sample} has no score card");
    }
}

#[test]
fn a_provider_error_fails_its_attempt_cleanly_and_the_report_counts_it() {
    let scratch = Scratch::new("reject");
    let (runs, cache) = (scratch.path("runs"), scratch.path("cache"));
    write_and_fetch_fixture_task(&scratch, &cache);
    let (base_url, seen) = start_scripted_server(usize::MAX, Some("400 Bad Request"), MODEL_REPLY);
    let environment = [("SYSMOBENCH_CACHE", cache.as_str()), ("FAKE_BASE_URL", base_url.as_str())];
    let args = basic_run_arguments(&scratch, "x", &["--samples", "2"]);
    let (exit, output) = run_with(&args, &scratch, &environment);
    assert_eq!(exit, 0, "per-attempt failures do not fail the run: {output}");
    assert_eq!(output.matches(": failed: ").count(), 2, "{output}");
    assert_eq!(count_posts(&seen), 2, "a 400 is not retried: {output}");
    let failure = std::fs::read_to_string(
        scratch.dir.join("runs/x/lock/basic/openai-api_fake_m1/sample-0/failure.txt"),
    );
    assert!(failure.is_ok_and(|text| !text.is_empty()), "{output}");

    let (exit, output) =
        sysmobench(&["report", "--runs-dir", &runs, "--format", "json"], &scratch.dir, &[]);
    assert_eq!(exit, 0, "{output}");
    let board: serde_json::Value = serde_json::from_str(&output).unwrap();
    assert_eq!(board["rows"][0]["failed_attempts"], 2, "{output}");
    assert_eq!(board["rows"][0]["syntax"]["best"], 0.0, "a failed attempt scores 0: {output}");
}

/// A reply whose model passes SANY but breaks its own invariant in two steps.
const MODEL_REPLY_WITH_A_VIOLATION: &str = "```tla\n---- MODULE lock ----\nEXTENDS Naturals\n\
VARIABLE held\nInit == held = 0\nAcquire == held' = held + 1\nNext == Acquire\n\
Bounded == held < 2\n====\n```\n\n```cfg\nINIT Init\nNEXT Next\nINVARIANT Bounded\n```\n";

#[test]
fn repair_rounds_run_the_model_checker_and_send_its_report_back() {
    let scratch = Scratch::new("repair-tlc");
    let cache = scratch.path("cache");
    write_and_fetch_fixture_task(&scratch, &cache);
    let (base_url, seen) = start_scripted_server(usize::MAX, None, MODEL_REPLY_WITH_A_VIOLATION);
    let environment = [
        ("SYSMOBENCH_CACHE", cache.as_str()),
        ("FAKE_BASE_URL", base_url.as_str()),
        ("FAKE_API_KEY", "k"),
    ];
    let args = basic_run_arguments(&scratch, "repair", &["--repair", "1"]);
    let (exit, output) = run_with(&args, &scratch, &environment);
    assert_eq!(exit, 0, "{output}");
    // The first reply, then the repair round answering the model checker's report.
    assert_eq!(count_posts(&seen), 2, "{output}");
    let attempt_folder = scratch.dir.join("runs/repair/lock/basic/openai-api_fake_m1/sample-0");
    let report = std::fs::read_to_string(attempt_folder.join("check-02-TLC.txt")).unwrap();
    assert!(report.contains("Error: Invariant Bounded is violated."), "{report}");
    assert!(report.contains("State 3: <Acquire line 5, col 12 to line 5, col 27 of module lock>"));
    assert!(report.contains("\nheld = 2\n"), "{report}");
    // The repair request carries the report to the model.
    let repair_call = std::fs::read_to_string(attempt_folder.join("call-02.json")).unwrap();
    assert!(repair_call.contains("Invariant Bounded is violated"), "{repair_call}");
    let transcript = std::fs::read_to_string(attempt_folder.join("transcript.json")).unwrap();
    assert!(transcript.contains("\"what\": \"tlc\",\n      \"verdict\": \"failed\""));
}
