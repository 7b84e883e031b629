//! Hermetic provider tests: every provider's wire format, retries, timeouts, cache, and record/replay, against a
//! scripted HTTP server on 127.0.0.1. No test talks to a real provider.

mod cache_and_replay;
mod fake_server;
mod retry_scenarios;
mod support;
mod wire_cases;
