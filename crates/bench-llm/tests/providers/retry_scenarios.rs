//! Retry, timeout and failure scenarios, run against every provider's wire format: each scenario scripts the fake
//! server (429 with `Retry-After`, 5xx, malformed JSON, a reply slower than the timeout, a dropped connection, an
//! empty body, ...) around the provider's success fixture and checks attempts, outcome and the virtual sleeps.

use std::time::Duration;

use bench_llm::Provider;

use crate::fake_server::{FakeServer, ScriptedReply};
use crate::support::{build_client, load_wire_case, TestClientOptions, VirtualTime};

/// The success fixture of each provider family (see `test_data/wire`).
const PROVIDER_SUCCESS_CASES: [&str; 6] = [
    "openai_success",
    "anthropic_success",
    "google_success",
    "deepseek_success_cache_hits",
    "ollama_success",
    "openai_compatible_server_without_usage",
];

/// What the client should have slept between attempts.
#[derive(Clone, Copy, Debug)]
enum ExpectedSleep {
    /// Exactly this long (a server-provided `Retry-After`).
    Exact(Duration),
    /// Jittered exponential backoff after this (1-based) failed attempt: within `[b/2, b]`, `b = 2s * 2^(n-1)`.
    Backoff(u32),
}

struct Scenario {
    name: &'static str,
    script: fn(ScriptedReply) -> Vec<ScriptedReply>,
    max_attempts: u32,
    request_timeout: Duration,
    expected_summary: &'static str,
    expected_sleeps: &'static [ExpectedSleep],
}

const NORMAL_TIMEOUT: Duration = Duration::from_secs(5);
const SHORT_TIMEOUT: Duration = Duration::from_millis(100);

fn failure(status: u16) -> ScriptedReply {
    ScriptedReply::json(
        status,
        &serde_json::json!({"error": {"message": "scripted failure", "type": "test"}}),
    )
}

const SCENARIOS: &[Scenario] = &[
    Scenario {
        name: "success with usage",
        script: |success| vec![success],
        max_attempts: 3,
        request_timeout: NORMAL_TIMEOUT,
        expected_summary: "ok attempts=1 requests=1",
        expected_sleeps: &[],
    },
    Scenario {
        name: "429 with Retry-After seconds, then success",
        script: |success| vec![failure(429).with_header("retry-after", "7"), success],
        max_attempts: 3,
        request_timeout: NORMAL_TIMEOUT,
        expected_summary: "ok attempts=2 requests=2",
        expected_sleeps: &[ExpectedSleep::Exact(Duration::from_secs(7))],
    },
    Scenario {
        name: "429 with Retry-After HTTP-date, then success",
        script: |success| {
            vec![failure(429).with_header("retry-after", "Sun, 06 Nov 1994 08:50:07 GMT"), success]
        },
        max_attempts: 3,
        request_timeout: NORMAL_TIMEOUT,
        expected_summary: "ok attempts=2 requests=2",
        expected_sleeps: &[ExpectedSleep::Exact(Duration::from_secs(30))],
    },
    Scenario {
        name: "503 with retry-after-ms, then success",
        script: |success| vec![failure(503).with_header("retry-after-ms", "1500"), success],
        max_attempts: 3,
        request_timeout: NORMAL_TIMEOUT,
        expected_summary: "ok attempts=2 requests=2",
        expected_sleeps: &[ExpectedSleep::Exact(Duration::from_millis(1500))],
    },
    Scenario {
        name: "500, then success",
        script: |success| vec![failure(500), success],
        max_attempts: 3,
        request_timeout: NORMAL_TIMEOUT,
        expected_summary: "ok attempts=2 requests=2",
        expected_sleeps: &[ExpectedSleep::Backoff(1)],
    },
    Scenario {
        name: "malformed JSON body is not retried",
        script: |_| vec![ScriptedReply::text(200, "{\"choices\": [")],
        max_attempts: 3,
        request_timeout: NORMAL_TIMEOUT,
        expected_summary:
            "error kind=MalformedResponse attempts=1 exhausted=false status=Some(200) requests=1",
        expected_sleeps: &[],
    },
    Scenario {
        name: "reply slower than the timeout, then success",
        script: |success| vec![success.clone().delayed(Duration::from_millis(400)), success],
        max_attempts: 3,
        request_timeout: SHORT_TIMEOUT,
        expected_summary: "ok attempts=2 requests=2",
        expected_sleeps: &[ExpectedSleep::Backoff(1)],
    },
    Scenario {
        name: "connection closed without a reply, then success",
        script: |success| vec![ScriptedReply::closed_without_reply(), success],
        max_attempts: 3,
        request_timeout: NORMAL_TIMEOUT,
        expected_summary: "ok attempts=2 requests=2",
        expected_sleeps: &[ExpectedSleep::Backoff(1)],
    },
    Scenario {
        name: "empty 200 body, then success",
        script: |success| vec![ScriptedReply::text(200, ""), success],
        max_attempts: 3,
        request_timeout: NORMAL_TIMEOUT,
        expected_summary: "ok attempts=2 requests=2",
        expected_sleeps: &[ExpectedSleep::Backoff(1)],
    },
    Scenario {
        name: "retries exhausted",
        script: |_| vec![failure(503), failure(503), failure(503)],
        max_attempts: 3,
        request_timeout: NORMAL_TIMEOUT,
        expected_summary:
            "error kind=ServerError attempts=3 exhausted=true status=Some(503) requests=3",
        expected_sleeps: &[ExpectedSleep::Backoff(1), ExpectedSleep::Backoff(2)],
    },
    Scenario {
        name: "timeouts exhausted",
        script: |success| {
            vec![
                success.clone().delayed(Duration::from_millis(400)),
                success.delayed(Duration::from_millis(400)),
            ]
        },
        max_attempts: 2,
        request_timeout: SHORT_TIMEOUT,
        expected_summary: "error kind=Timeout attempts=2 exhausted=true status=None requests=2",
        expected_sleeps: &[ExpectedSleep::Backoff(1)],
    },
    Scenario {
        name: "Retry-After beyond the total wait budget",
        script: |_| vec![failure(429).with_header("retry-after", "3600")],
        max_attempts: 3,
        request_timeout: NORMAL_TIMEOUT,
        expected_summary:
            "error kind=RateLimited attempts=1 exhausted=true status=Some(429) requests=1",
        expected_sleeps: &[],
    },
    Scenario {
        name: "401 is not retried",
        script: |_| vec![failure(401)],
        max_attempts: 3,
        request_timeout: NORMAL_TIMEOUT,
        expected_summary:
            "error kind=AuthenticationFailed attempts=1 exhausted=false status=Some(401) requests=1",
        expected_sleeps: &[],
    },
];

#[test]
fn retry_scenarios_for_every_provider() {
    // Providers run in parallel threads (each with its own server) to keep the timeout scenarios quick.
    std::thread::scope(|scope| {
        let provider_threads: Vec<_> = PROVIDER_SUCCESS_CASES
            .iter()
            .map(|success_case| {
                std::thread::Builder::new()
                    .name(format!("scenarios-{success_case}"))
                    .spawn_scoped(scope, move || {
                        for scenario in SCENARIOS {
                            check_scenario(success_case, scenario);
                        }
                    })
                    .expect("spawn scenario thread")
            })
            .collect();
        for provider_thread in provider_threads {
            if let Err(panic_payload) = provider_thread.join() {
                std::panic::resume_unwind(panic_payload);
            }
        }
    });
}

fn check_scenario(success_case: &str, scenario: &Scenario) {
    let wire_case = load_wire_case(success_case);
    let server = FakeServer::start((scenario.script)(wire_case.scripted_reply()));
    let virtual_time = VirtualTime::default();
    let mut options = TestClientOptions::with_attempts(scenario.max_attempts);
    options.request_timeout = scenario.request_timeout;
    let client = build_client(&server.base_url, &virtual_time, options);
    let result = client.complete(&wire_case.request());
    let captured_requests = server.finish();

    let context = format!("{success_case} / {}", scenario.name);
    let summary = match &result {
        Ok(response) => {
            assert!(!response.text.is_empty(), "{context}");
            format!("ok attempts={} requests={}", response.attempts, captured_requests.len())
        }
        Err(error) => {
            for (_, test_key) in crate::support::TEST_KEYS {
                assert!(!error.message.contains(test_key), "{context}: key leaked into {error}");
            }
            format!(
                "error kind={:?} attempts={} exhausted={} status={:?} requests={}",
                error.kind,
                error.attempts,
                error.retries_exhausted,
                error.http_status,
                captured_requests.len()
            )
        }
    };
    assert_eq!(summary, scenario.expected_summary, "{context}");

    let sleeps = virtual_time.recorded_sleeps();
    assert_eq!(sleeps.len(), scenario.expected_sleeps.len(), "{context}: sleeps {sleeps:?}");
    for (sleep, expected_sleep) in sleeps.iter().zip(scenario.expected_sleeps) {
        match *expected_sleep {
            ExpectedSleep::Exact(expected) => assert_eq!(*sleep, expected, "{context}"),
            ExpectedSleep::Backoff(failed_attempt) => {
                let backoff = Duration::from_secs(2) * (1 << (failed_attempt - 1));
                assert!(
                    *sleep >= backoff / 2 && *sleep <= backoff,
                    "{context}: {sleep:?} not within {backoff:?}"
                );
            }
        }
    }
    let first_body =
        captured_requests.first().map(|request| request.body.clone()).unwrap_or_default();
    for retried_request in &captured_requests {
        assert_eq!(retried_request.body, first_body, "{context}: retries resend the same body");
    }
}
