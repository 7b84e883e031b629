//! The results database: runs, attempts and model calls in SQLite.
//!
//! Every write is its own transaction, so a process killed at any moment (`kill -9`) leaves a
//! consistent database: an attempt that was running when the process died is still `running`
//! and is picked up again by [`RunStore::unfinished_attempts`]; calls recorded before the kill
//! keep their usage, so totals stay exact.

use rusqlite::{params, Connection, OptionalExtension};
use serde::Serialize;
use std::fmt;
use std::path::Path;

/// Version of the database schema, stored in SQLite's `user_version`.
pub const STORE_SCHEMA_VERSION: i64 = 1;

#[derive(Debug)]
pub struct StoreError {
    pub message: String,
}

impl fmt::Display for StoreError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "results database: {}", self.message)
    }
}

impl std::error::Error for StoreError {}

impl From<rusqlite::Error> for StoreError {
    fn from(error: rusqlite::Error) -> StoreError {
        StoreError { message: error.to_string() }
    }
}

/// What identifies an attempt within a run.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize)]
pub struct AttemptKey {
    pub task: String,
    pub agent: String,
    pub model: String,
    pub sample: u32,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum AttemptStatus {
    Pending,
    Running,
    Finished,
    Failed,
}

impl AttemptStatus {
    fn as_str(self) -> &'static str {
        match self {
            AttemptStatus::Pending => "pending",
            AttemptStatus::Running => "running",
            AttemptStatus::Finished => "finished",
            AttemptStatus::Failed => "failed",
        }
    }

    fn parse(text: &str) -> AttemptStatus {
        match text {
            "running" => AttemptStatus::Running,
            "finished" => AttemptStatus::Finished,
            "failed" => AttemptStatus::Failed,
            _ => AttemptStatus::Pending,
        }
    }
}

/// One attempt as stored.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct AttemptRow {
    pub id: i64,
    pub key: AttemptKey,
    pub seed: u64,
    pub status: AttemptStatus,
    pub folder: String,
    pub score_card_json: Option<String>,
    pub error: Option<String>,
}

/// One model call and what it cost.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct CallRecord {
    pub request_hash: String,
    pub model: String,
    pub input_tokens: u64,
    pub output_tokens: u64,
    pub cached_input_tokens: u64,
    pub reasoning_tokens: u64,
    /// `None` when the model's price is unknown (never silently 0).
    pub cost_usd: Option<f64>,
    /// `network`, `cache` or `replay`.
    pub source: String,
    pub elapsed_ms: u64,
}

/// Usage summed over a run's calls.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct UsageTotals {
    pub calls: u64,
    pub network_calls: u64,
    pub input_tokens: u64,
    pub output_tokens: u64,
    /// Sum over calls with a known price; `calls_without_price` says how many were left out.
    pub cost_usd: f64,
    pub calls_without_price: u64,
    /// Wall time spent waiting for models (cached and replayed answers count their own time).
    pub model_time_ms: u64,
}

pub struct RunStore {
    connection: Connection,
}

impl RunStore {
    /// Opens (creating if needed) the database at `path`.
    pub fn open(path: &Path) -> Result<RunStore, StoreError> {
        let connection = Connection::open(path)?;
        Self::initialise(connection)
    }

    /// An in-memory database (for tests and dry runs).
    pub fn in_memory() -> Result<RunStore, StoreError> {
        Self::initialise(Connection::open_in_memory()?)
    }

    fn initialise(connection: Connection) -> Result<RunStore, StoreError> {
        connection.pragma_update(None, "journal_mode", "WAL")?;
        connection.pragma_update(None, "synchronous", "NORMAL")?;
        let version: i64 = connection.pragma_query_value(None, "user_version", |row| row.get(0))?;
        if version > STORE_SCHEMA_VERSION {
            return Err(StoreError {
                message: format!(
                    "schema version {version} is newer than this build's {STORE_SCHEMA_VERSION}"
                ),
            });
        }
        connection.execute_batch(
            "CREATE TABLE IF NOT EXISTS runs (
                 run_id TEXT PRIMARY KEY,
                 created_at TEXT NOT NULL DEFAULT (datetime('now')),
                 config_json TEXT NOT NULL
             );
             CREATE TABLE IF NOT EXISTS attempts (
                 id INTEGER PRIMARY KEY AUTOINCREMENT,
                 run_id TEXT NOT NULL REFERENCES runs(run_id),
                 task TEXT NOT NULL,
                 agent TEXT NOT NULL,
                 model TEXT NOT NULL,
                 sample INTEGER NOT NULL,
                 seed INTEGER NOT NULL,
                 status TEXT NOT NULL,
                 folder TEXT NOT NULL,
                 score_card_json TEXT,
                 error TEXT,
                 updated_at TEXT NOT NULL DEFAULT (datetime('now')),
                 UNIQUE (run_id, task, agent, model, sample)
             );
             CREATE TABLE IF NOT EXISTS calls (
                 id INTEGER PRIMARY KEY AUTOINCREMENT,
                 attempt_id INTEGER NOT NULL REFERENCES attempts(id),
                 request_hash TEXT NOT NULL,
                 model TEXT NOT NULL,
                 input_tokens INTEGER NOT NULL,
                 output_tokens INTEGER NOT NULL,
                 cached_input_tokens INTEGER NOT NULL,
                 reasoning_tokens INTEGER NOT NULL,
                 cost_usd REAL,
                 source TEXT NOT NULL,
                 elapsed_ms INTEGER NOT NULL,
                 created_at TEXT NOT NULL DEFAULT (datetime('now'))
             );",
        )?;
        connection.pragma_update(None, "user_version", STORE_SCHEMA_VERSION)?;
        Ok(RunStore { connection })
    }

    /// Records a run and its resolved configuration (project version, task hashes, model
    /// settings, seeds). Recording the same run again keeps the first configuration.
    pub fn create_run(&self, run_id: &str, config_json: &str) -> Result<(), StoreError> {
        self.connection.execute(
            "INSERT OR IGNORE INTO runs (run_id, config_json) VALUES (?1, ?2)",
            params![run_id, config_json],
        )?;
        Ok(())
    }

    pub fn run_config(&self, run_id: &str) -> Result<Option<String>, StoreError> {
        Ok(self
            .connection
            .query_row("SELECT config_json FROM runs WHERE run_id = ?1", params![run_id], |row| {
                row.get(0)
            })
            .optional()?)
    }

    /// Adds the attempts that are not there yet, as `pending`; existing ones are left alone.
    pub fn plan_attempt(
        &self,
        run_id: &str,
        key: &AttemptKey,
        seed: u64,
        folder: &str,
    ) -> Result<(), StoreError> {
        self.connection.execute(
            "INSERT OR IGNORE INTO attempts (run_id, task, agent, model, sample, seed, status, folder)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, 'pending', ?7)",
            params![run_id, key.task, key.agent, key.model, key.sample, seed as i64, folder],
        )?;
        Ok(())
    }

    /// Attempts still to do: pending, or running when a previous process died.
    pub fn unfinished_attempts(&self, run_id: &str) -> Result<Vec<AttemptRow>, StoreError> {
        self.attempts_where(run_id, "status IN ('pending', 'running')")
    }

    pub fn all_attempts(&self, run_id: &str) -> Result<Vec<AttemptRow>, StoreError> {
        self.attempts_where(run_id, "1 = 1")
    }

    fn attempts_where(&self, run_id: &str, condition: &str) -> Result<Vec<AttemptRow>, StoreError> {
        let sql = format!(
            "SELECT id, task, agent, model, sample, seed, status, folder, score_card_json, error
             FROM attempts WHERE run_id = ?1 AND {condition} ORDER BY task, agent, model, sample"
        );
        let mut statement = self.connection.prepare(&sql)?;
        let rows = statement.query_map(params![run_id], |row| {
            Ok(AttemptRow {
                id: row.get(0)?,
                key: AttemptKey {
                    task: row.get(1)?,
                    agent: row.get(2)?,
                    model: row.get(3)?,
                    sample: row.get(4)?,
                },
                seed: row.get::<_, i64>(5)? as u64,
                status: AttemptStatus::parse(&row.get::<_, String>(6)?),
                folder: row.get(7)?,
                score_card_json: row.get(8)?,
                error: row.get(9)?,
            })
        })?;
        Ok(rows.collect::<Result<Vec<_>, _>>()?)
    }

    pub fn mark_running(&self, attempt_id: i64) -> Result<(), StoreError> {
        self.set_status(attempt_id, AttemptStatus::Running, None, None)
    }

    pub fn finish_attempt(&self, attempt_id: i64, score_card_json: &str) -> Result<(), StoreError> {
        self.set_status(attempt_id, AttemptStatus::Finished, Some(score_card_json), None)
    }

    /// A clean per-attempt failure (the provider gave up, the reply had no module, ...).
    pub fn fail_attempt(&self, attempt_id: i64, error: &str) -> Result<(), StoreError> {
        self.set_status(attempt_id, AttemptStatus::Failed, None, Some(error))
    }

    fn set_status(
        &self,
        attempt_id: i64,
        status: AttemptStatus,
        score_card_json: Option<&str>,
        error: Option<&str>,
    ) -> Result<(), StoreError> {
        self.connection.execute(
            "UPDATE attempts SET status = ?2, score_card_json = COALESCE(?3, score_card_json), error = ?4,
                 updated_at = datetime('now') WHERE id = ?1",
            params![attempt_id, status.as_str(), score_card_json, error],
        )?;
        Ok(())
    }

    /// Records one model call, at once, so its usage survives a crash right after.
    pub fn record_call(&self, attempt_id: i64, call: &CallRecord) -> Result<(), StoreError> {
        self.connection.execute(
            "INSERT INTO calls (attempt_id, request_hash, model, input_tokens, output_tokens, cached_input_tokens,
                 reasoning_tokens, cost_usd, source, elapsed_ms)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)",
            params![
                attempt_id,
                call.request_hash,
                call.model,
                call.input_tokens as i64,
                call.output_tokens as i64,
                call.cached_input_tokens as i64,
                call.reasoning_tokens as i64,
                call.cost_usd,
                call.source,
                call.elapsed_ms as i64,
            ],
        )?;
        Ok(())
    }

    pub fn usage_totals(&self, run_id: &str) -> Result<UsageTotals, StoreError> {
        let query = format!("SELECT {USAGE_COLUMNS} {USAGE_FROM}");
        Ok(self.connection.query_row(&query, params![run_id], usage_from_row)?)
    }

    /// Usage per attempt of the run, for attempts with at least one recorded call.
    pub fn usage_by_attempt(&self, run_id: &str) -> Result<Vec<(i64, UsageTotals)>, StoreError> {
        let query = format!("SELECT attempts.id, {USAGE_COLUMNS} {USAGE_FROM} GROUP BY attempts.id ORDER BY attempts.id");
        let mut statement = self.connection.prepare(&query)?;
        let rows = statement.query_map(params![run_id], |row| {
            Ok((row.get::<_, i64>(0)?, usage_from_row_at(row, 1)?))
        })?;
        Ok(rows.collect::<Result<Vec<_>, _>>()?)
    }

    /// Every run in the store, oldest first.
    pub fn run_ids(&self) -> Result<Vec<String>, StoreError> {
        let mut statement =
            self.connection.prepare("SELECT run_id FROM runs ORDER BY created_at, run_id")?;
        let rows = statement.query_map([], |row| row.get::<_, String>(0))?;
        Ok(rows.collect::<Result<Vec<_>, _>>()?)
    }
}

const USAGE_COLUMNS: &str = "COUNT(*), COALESCE(SUM(source = 'network'), 0), COALESCE(SUM(input_tokens), 0),
     COALESCE(SUM(output_tokens), 0), COALESCE(SUM(cost_usd), 0.0), COALESCE(SUM(cost_usd IS NULL), 0),
     COALESCE(SUM(elapsed_ms), 0)";
const USAGE_FROM: &str =
    "FROM calls JOIN attempts ON calls.attempt_id = attempts.id WHERE attempts.run_id = ?1";

fn usage_from_row(row: &rusqlite::Row<'_>) -> rusqlite::Result<UsageTotals> {
    usage_from_row_at(row, 0)
}

fn usage_from_row_at(row: &rusqlite::Row<'_>, first: usize) -> rusqlite::Result<UsageTotals> {
    let count = |idx: usize| row.get::<_, i64>(first + idx).map(|value| value as u64);
    Ok(UsageTotals {
        calls: count(0)?,
        network_calls: count(1)?,
        input_tokens: count(2)?,
        output_tokens: count(3)?,
        cost_usd: row.get(first + 4)?,
        calls_without_price: count(5)?,
        model_time_ms: count(6)?,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key(task: &str, sample: u32) -> AttemptKey {
        AttemptKey {
            task: task.to_string(),
            agent: "basic".to_string(),
            model: "openai/gpt-5".to_string(),
            sample,
        }
    }

    fn call(input: u64, output: u64, cost: Option<f64>, source: &str) -> CallRecord {
        CallRecord {
            request_hash: format!("h{input}"),
            model: "openai/gpt-5".to_string(),
            input_tokens: input,
            output_tokens: output,
            cached_input_tokens: 0,
            reasoning_tokens: 0,
            cost_usd: cost,
            source: source.to_string(),
            elapsed_ms: 5,
        }
    }

    #[test]
    fn a_reopened_store_resumes_where_it_stopped() {
        let dir = std::env::temp_dir().join(format!("bench-runs-store-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("results.sqlite");
        {
            let store = RunStore::open(&path).unwrap();
            store.create_run("r1", "{\"seed\": 1}").unwrap();
            for sample in 0..3 {
                store
                    .plan_attempt("r1", &key("spin", sample), 7 + sample as u64, "runs/r1/x")
                    .unwrap();
            }
            let attempts = store.unfinished_attempts("r1").unwrap();
            assert_eq!(attempts.len(), 3);
            store.mark_running(attempts[0].id).unwrap();
            store.record_call(attempts[0].id, &call(100, 20, Some(0.5), "network")).unwrap();
            store.finish_attempt(attempts[0].id, "{\"overall\": 1}").unwrap();
            store.mark_running(attempts[1].id).unwrap();
            store.record_call(attempts[1].id, &call(200, 30, None, "network")).unwrap();
            // The process dies here: attempt 1 is left running.
        }
        let store = RunStore::open(&path).unwrap();
        // Planning again adds nothing and keeps the first configuration.
        store.create_run("r1", "{\"seed\": 2}").unwrap();
        store.plan_attempt("r1", &key("spin", 0), 99, "elsewhere").unwrap();
        assert_eq!(store.run_config("r1").unwrap().as_deref(), Some("{\"seed\": 1}"));
        let unfinished: Vec<u32> =
            store.unfinished_attempts("r1").unwrap().iter().map(|a| a.key.sample).collect();
        assert_eq!(unfinished, vec![1, 2]);
        let all = store.all_attempts("r1").unwrap();
        assert_eq!(all[0].status, AttemptStatus::Finished);
        assert_eq!(all[0].seed, 7);
        assert_eq!(all[0].score_card_json.as_deref(), Some("{\"overall\": 1}"));
        let totals = store.usage_totals("r1").unwrap();
        assert_eq!(
            totals,
            UsageTotals {
                calls: 2,
                network_calls: 2,
                input_tokens: 300,
                output_tokens: 50,
                cost_usd: 0.5,
                calls_without_price: 1,
                model_time_ms: 10,
            }
        );
        let per_attempt = store.usage_by_attempt("r1").unwrap();
        assert_eq!(per_attempt.len(), 2);
        assert_eq!((per_attempt[0].1.input_tokens, per_attempt[1].1.input_tokens), (100, 200));
        assert_eq!(store.run_ids().unwrap(), vec!["r1".to_string()]);
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn failures_are_recorded_per_attempt() {
        let store = RunStore::in_memory().unwrap();
        store.create_run("r", "{}").unwrap();
        store.plan_attempt("r", &key("mutex", 0), 1, "f").unwrap();
        let attempt = &store.unfinished_attempts("r").unwrap()[0];
        store.fail_attempt(attempt.id, "provider gave up after 5 retries").unwrap();
        let row = &store.all_attempts("r").unwrap()[0];
        assert_eq!(row.status, AttemptStatus::Failed);
        assert_eq!(row.error.as_deref(), Some("provider gave up after 5 retries"));
        assert!(store.unfinished_attempts("r").unwrap().is_empty());
        assert_eq!(store.usage_totals("r").unwrap(), UsageTotals::default());
    }
}
