//! The leaderboard: stored attempts grouped by (task, agent, model), each phase aggregated over
//! the samples, with usage, and rendered as a text table, Markdown, CSV or JSON.
//!
//! Rules, so that every number can be explained:
//! - an attempt that failed (no model came out of the agent, e.g. the provider gave up) counts as
//!   0 in every phase: a sample that produced nothing scored nothing;
//! - a phase is *not evaluated* for a row when any finished attempt of the row has it not
//!   evaluated (today: the phases that need the model checker); it is never shown as 0 or 1;
//! - per phase and overall: best-of the samples, and the mean with its standard error;
//! - pass@K counts an attempt as passing when its overall score is evaluated and every phase has
//!   full marks (so it is not evaluated while any phase is not);
//! - tokens, cost and model time are sums over the row's calls; `cost_usd` leaves out calls
//!   without a known price and says how many.

use serde::Serialize;
use std::collections::BTreeMap;

use crate::aggregate::{best_of, mean_with_standard_error, pass_at_k};
use crate::score_card::Phase;

/// What a stored call cost, summed over one attempt.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize)]
pub struct AttemptUsage {
    pub calls: u64,
    pub input_tokens: u64,
    pub output_tokens: u64,
    pub cost_usd: f64,
    pub calls_without_price: u64,
    pub model_time_ms: u64,
}

/// One stored attempt, as the leaderboard needs it.
#[derive(Clone, Debug, PartialEq)]
pub struct AttemptSummary {
    pub task: String,
    pub agent: String,
    pub model: String,
    /// `None` for an attempt that failed before a model came out.
    pub scores: Option<CardScores>,
    pub usage: AttemptUsage,
}

/// The numbers of one score card.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct CardScores {
    /// Per phase in [`Phase::ALL`] order; `None` when not evaluated.
    pub phases: [Option<f64>; 4],
    pub overall: Option<f64>,
}

impl CardScores {
    /// Reads the scores from a score card's JSON (`ScoreCard::to_json`); `None` if it is not one.
    pub fn from_score_card_json(text: &str) -> Option<CardScores> {
        let card: serde_json::Value = serde_json::from_str(text).ok()?;
        let mut phases = [None; 4];
        for entry in card.get("phases")?.as_array()? {
            let name = entry.get("phase")?.as_str()?;
            let idx = Phase::ALL.iter().position(|phase| phase.name() == name)?;
            phases[idx] = entry.get("score").and_then(serde_json::Value::as_f64);
        }
        let overall = card.get("overall")?.get("score").and_then(serde_json::Value::as_f64);
        Some(CardScores { phases, overall })
    }

    fn failed() -> CardScores {
        CardScores { phases: [Some(0.0); 4], overall: Some(0.0) }
    }
}

/// One phase (or the overall score) over a row's samples; all `None` when not evaluated.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize)]
pub struct ScoreAggregate {
    pub best: Option<f64>,
    pub mean: Option<f64>,
    pub standard_error: Option<f64>,
}

impl ScoreAggregate {
    fn of(scores: &[Option<f64>]) -> ScoreAggregate {
        let Some(scores) = scores.iter().copied().collect::<Option<Vec<f64>>>() else {
            return ScoreAggregate::default();
        };
        let mean = mean_with_standard_error(&scores);
        ScoreAggregate {
            best: best_of(&scores),
            mean: mean.map(|(mean, _)| mean),
            standard_error: mean.and_then(|(_, error)| error),
        }
    }
}

/// One (task, agent, model) of the leaderboard.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct LeaderboardRow {
    pub task: String,
    pub agent: String,
    pub model: String,
    pub attempts: usize,
    pub failed_attempts: usize,
    pub syntax: ScoreAggregate,
    pub runtime: ScoreAggregate,
    pub conformance: ScoreAggregate,
    pub invariants: ScoreAggregate,
    pub overall: ScoreAggregate,
    /// pass@K with K = [`Leaderboard::pass_k`]; `None` when not evaluated or K > attempts.
    pub pass_at_k: Option<f64>,
    pub usage: AttemptUsage,
}

/// The rows, sorted by task, agent and model.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Leaderboard {
    pub pass_k: usize,
    pub rows: Vec<LeaderboardRow>,
}

/// Groups `attempts` into rows and aggregates them.
pub fn leaderboard(attempts: &[AttemptSummary], pass_k: usize) -> Leaderboard {
    let mut groups: BTreeMap<(&str, &str, &str), Vec<&AttemptSummary>> = BTreeMap::new();
    for attempt in attempts {
        let key = (attempt.task.as_str(), attempt.agent.as_str(), attempt.model.as_str());
        groups.entry(key).or_default().push(attempt);
    }
    let rows = groups
        .into_iter()
        .map(|((task, agent, model), members)| {
            let cards: Vec<CardScores> = members
                .iter()
                .map(|attempt| attempt.scores.unwrap_or_else(CardScores::failed))
                .collect();
            let phase = |idx: usize| {
                ScoreAggregate::of(&cards.iter().map(|card| card.phases[idx]).collect::<Vec<_>>())
            };
            let overall: Vec<Option<f64>> = cards.iter().map(|card| card.overall).collect();
            let pass_at_k = overall.iter().copied().collect::<Option<Vec<f64>>>().and_then(|_| {
                let passing = cards
                    .iter()
                    .filter(|card| card.phases.iter().all(|score| *score == Some(1.0)))
                    .count();
                pass_at_k(cards.len(), passing, pass_k)
            });
            let mut usage = AttemptUsage::default();
            for member in &members {
                usage.calls += member.usage.calls;
                usage.input_tokens += member.usage.input_tokens;
                usage.output_tokens += member.usage.output_tokens;
                usage.cost_usd += member.usage.cost_usd;
                usage.calls_without_price += member.usage.calls_without_price;
                usage.model_time_ms += member.usage.model_time_ms;
            }
            LeaderboardRow {
                task: task.to_string(),
                agent: agent.to_string(),
                model: model.to_string(),
                attempts: members.len(),
                failed_attempts: members.iter().filter(|attempt| attempt.scores.is_none()).count(),
                syntax: phase(0),
                runtime: phase(1),
                conformance: phase(2),
                invariants: phase(3),
                overall: ScoreAggregate::of(&overall),
                pass_at_k,
                usage,
            }
        })
        .collect();
    Leaderboard { pass_k, rows }
}

/// How `sysmobench report` prints the leaderboard.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ReportFormat {
    Table,
    Markdown,
    Csv,
    Json,
}

impl ReportFormat {
    pub fn parse(name: &str) -> Option<ReportFormat> {
        match name {
            "table" => Some(ReportFormat::Table),
            "md" | "markdown" => Some(ReportFormat::Markdown),
            "csv" => Some(ReportFormat::Csv),
            "json" => Some(ReportFormat::Json),
            _ => None,
        }
    }
}

/// The leaderboard as text in `format`; every format carries the same numbers.
pub fn render_leaderboard(board: &Leaderboard, format: ReportFormat) -> String {
    if format == ReportFormat::Json {
        return serde_json::to_string_pretty(board).unwrap_or_default() + "\n";
    }
    let header = header_cells(board.pass_k);
    let rows: Vec<Vec<String>> = board.rows.iter().map(row_cells).collect();
    match format {
        ReportFormat::Csv => {
            let mut res = String::new();
            for cells in std::iter::once(&header).chain(&rows) {
                res += &cells.iter().map(|cell| csv_field(cell)).collect::<Vec<_>>().join(",");
                res.push('\n');
            }
            res
        }
        ReportFormat::Markdown => {
            let line = |cells: &[String]| format!("| {} |\n", cells.join(" | "));
            let mut res = line(&header);
            res += &line(&header.iter().map(|_| "---".to_string()).collect::<Vec<_>>());
            for cells in &rows {
                res += &line(cells);
            }
            res
        }
        _ => {
            let widths: Vec<usize> = (0..header.len())
                .map(|column| {
                    std::iter::once(&header)
                        .chain(&rows)
                        .map(|cells| cells[column].chars().count())
                        .max()
                        .unwrap_or(0)
                })
                .collect();
            let mut res = String::new();
            for cells in std::iter::once(&header).chain(&rows) {
                let padded: Vec<String> = cells
                    .iter()
                    .zip(&widths)
                    .map(|(cell, width)| format!("{cell:<width$}"))
                    .collect();
                res += padded.join("  ").trim_end();
                res.push('\n');
            }
            res
        }
    }
}

fn header_cells(pass_k: usize) -> Vec<String> {
    let mut cells: Vec<String> =
        ["task", "agent", "model", "attempts", "failed"].map(String::from).to_vec();
    for name in ["syntax", "runtime", "conformance", "invariants", "overall"] {
        cells.push(format!("{name} best"));
        cells.push(format!("{name} mean"));
    }
    cells.extend([
        format!("pass@{pass_k}"),
        "calls".into(),
        "tokens in".into(),
        "tokens out".into(),
    ]);
    cells.extend(["cost usd".into(), "model time s".into()]);
    cells
}

fn row_cells(row: &LeaderboardRow) -> Vec<String> {
    let score = |value: Option<f64>| value.map_or("n/e".to_string(), |value| format!("{value:.3}"));
    let mut cells = vec![
        row.task.clone(),
        row.agent.clone(),
        row.model.clone(),
        row.attempts.to_string(),
        row.failed_attempts.to_string(),
    ];
    for aggregate in [&row.syntax, &row.runtime, &row.conformance, &row.invariants, &row.overall] {
        cells.push(score(aggregate.best));
        cells.push(match (aggregate.mean, aggregate.standard_error) {
            (Some(mean), Some(error)) => format!("{mean:.3}±{error:.3}"),
            (mean, _) => score(mean),
        });
    }
    let cost = match row.usage.calls_without_price {
        0 => format!("{:.4}", row.usage.cost_usd),
        unpriced => format!("{:.4} (+{unpriced} unpriced)", row.usage.cost_usd),
    };
    cells.extend([
        score(row.pass_at_k),
        row.usage.calls.to_string(),
        row.usage.input_tokens.to_string(),
        row.usage.output_tokens.to_string(),
        cost,
        format!("{:.1}", row.usage.model_time_ms as f64 / 1000.0),
    ]);
    cells
}

fn csv_field(cell: &str) -> String {
    if cell.contains([',', '"', '\n']) {
        format!("\"{}\"", cell.replace('"', "\"\""))
    } else {
        cell.to_string()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn attempt(model: &str, scores: Option<[Option<f64>; 4]>, calls: u64) -> AttemptSummary {
        AttemptSummary {
            task: "spin".into(),
            agent: "basic".into(),
            model: model.into(),
            scores: scores.map(|phases| CardScores {
                phases,
                overall: phases
                    .iter()
                    .copied()
                    .collect::<Option<Vec<f64>>>()
                    .map(|all| all.iter().sum::<f64>() / 4.0),
            }),
            usage: AttemptUsage {
                calls,
                input_tokens: 10 * calls,
                output_tokens: 20 * calls,
                ..AttemptUsage::default()
            },
        }
    }

    #[test]
    fn failed_attempts_count_as_zero_and_unevaluated_phases_stay_unevaluated() {
        let attempts = [
            attempt("b/m", Some([Some(1.0), None, None, None]), 1),
            attempt("a/m", Some([Some(1.0); 4]), 2),
            attempt("a/m", Some([Some(0.5), Some(0.0), Some(0.0), Some(0.0)]), 1),
            attempt("a/m", None, 3),
            attempt("b/m", Some([Some(0.5), None, None, None]), 1),
        ];
        let board = leaderboard(&attempts, 1);
        let [a, b] = &board.rows[..] else { panic!("{board:?}") };
        assert_eq!((a.model.as_str(), a.attempts, a.failed_attempts), ("a/m", 3, 1));
        assert_eq!(a.syntax.best, Some(1.0));
        assert_eq!(a.syntax.mean, Some(0.5));
        assert_eq!(a.overall.mean, Some((1.0 + 0.125 + 0.0) / 3.0));
        assert!((a.pass_at_k.unwrap() - 1.0 / 3.0).abs() < 1e-12, "{:?}", a.pass_at_k);
        assert_eq!((a.usage.calls, a.usage.input_tokens, a.usage.output_tokens), (6, 60, 120));
        assert_eq!(b.syntax.mean, Some(0.75));
        assert_eq!(b.runtime, ScoreAggregate::default(), "not evaluated, not 0");
        assert_eq!(b.pass_at_k, None);
    }

    #[test]
    fn every_format_carries_the_same_numbers() {
        let board = leaderboard(&[attempt("a/m", Some([Some(1.0), Some(0.5), None, None]), 1)], 1);
        let table = render_leaderboard(&board, ReportFormat::Table);
        let markdown = render_leaderboard(&board, ReportFormat::Markdown);
        let csv = render_leaderboard(&board, ReportFormat::Csv);
        for text in [&table, &markdown, &csv] {
            assert!(
                text.contains("1.000") && text.contains("0.500") && text.contains("n/e"),
                "{text}"
            );
        }
        assert_eq!(csv.lines().nth(1).unwrap().split(',').count(), header_cells(1).len());
        let json: serde_json::Value =
            serde_json::from_str(&render_leaderboard(&board, ReportFormat::Json)).unwrap();
        assert_eq!(json["rows"][0]["runtime"]["best"], 0.5);
        assert_eq!(json["rows"][0]["conformance"]["best"], serde_json::Value::Null);
    }

    #[test]
    fn scores_are_read_back_from_a_score_card() {
        use crate::score_card::{PhaseOutcome, ScoreCard, WeightPreset};
        let evaluated = |score| PhaseOutcome::Evaluated { score, details: serde_json::Value::Null };
        let card =
            ScoreCard::new(vec![(Phase::Syntax, evaluated(0.75))], WeightPreset::Paper, true);
        let scores = CardScores::from_score_card_json(&card.to_json()).unwrap();
        assert_eq!(
            scores.phases,
            [Some(0.75), Some(0.0), Some(0.0), Some(0.0)],
            "later phases cascade to 0"
        );
        assert_eq!(scores.overall, Some(0.75 / 4.0));
        assert_eq!(CardScores::from_score_card_json("{}"), None);
    }
}
