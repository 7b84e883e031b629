//! Data-driven wire-format tests: each `test_data/wire/<case>/case.json` names a model, settings and the reply the
//! fake server gives; `expected.txt` beside it holds the request the provider sent and the parsed outcome.
//! Run with `UPDATE_EXPECT=1` to rewrite the expected files after an intended change.

use expect_test::expect_file;

use bench_llm::Provider;

use crate::fake_server::{CapturedRequest, FakeServer};
use crate::support::{
    build_client, load_wire_case, render_outcome, test_data_directory, TestClientOptions,
    VirtualTime,
};

/// Headers whose values are stable and meaningful for the provider protocol.
const RENDERED_HEADERS: [&str; 7] = [
    "content-type",
    "authorization",
    "x-api-key",
    "x-goog-api-key",
    "anthropic-version",
    "openai-organization",
    "openai-project",
];

#[test]
fn wire_format_cases() {
    let wire_directory = test_data_directory().join("wire");
    let mut case_names: Vec<String> = std::fs::read_dir(&wire_directory)
        .expect("read test_data/wire")
        .map(|entry| entry.expect("directory entry").file_name().to_string_lossy().into_owned())
        .collect();
    case_names.sort();
    assert!(case_names.len() >= 10, "expected the wire fixtures, found {case_names:?}");
    for case_name in case_names {
        let actual = run_wire_case(&case_name);
        expect_file![wire_directory.join(&case_name).join("expected.txt")].assert_eq(&actual);
    }
}

fn run_wire_case(case_name: &str) -> String {
    let wire_case = load_wire_case(case_name);
    let server = FakeServer::start(vec![wire_case.scripted_reply()]);
    let virtual_time = VirtualTime::default();
    let client = build_client(&server.base_url, &virtual_time, TestClientOptions::with_attempts(1));
    let result = client.complete(&wire_case.request());
    let captured_requests = server.finish();
    assert!(
        virtual_time.recorded_sleeps().is_empty(),
        "{case_name}: a single attempt never sleeps"
    );
    assert_eq!(captured_requests.len(), 1, "{case_name}: exactly one HTTP request");
    format!("{}\n--- outcome\n{}", render_request(&captured_requests[0]), render_outcome(&result))
}

fn render_request(request: &CapturedRequest) -> String {
    let mut rendered = format!("{} {}\n", request.method, request.path);
    for header_name in RENDERED_HEADERS {
        for (name, value) in request.headers.iter().filter(|(name, _)| name == header_name) {
            rendered.push_str(&format!("{name}: {value}\n"));
        }
    }
    let body_json: serde_json::Value =
        serde_json::from_slice(&request.body).expect("request body is JSON");
    rendered.push_str(&serde_json::to_string_pretty(&body_json).expect("pretty JSON"));
    rendered.push('\n');
    rendered
}
