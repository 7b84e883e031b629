//! The score card: every phase's outcome, the overall score under a weight preset, and the
//! reasons behind it, with a versioned JSON form.
//!
//! A phase that cannot be computed (not implemented yet, or skipped because an earlier phase
//! failed and cascading is on) is *not evaluated* and carries a reason; it is never silently a 0
//! or a 1. Under cascade (the published leaderboard's rule) a phase after a failed phase counts
//! as 0 in the overall score, and the card says so.

use serde::Serialize;

/// Version of the score card's JSON schema (`docs/dev/score-card.md`).
pub const SCORE_CARD_SCHEMA_VERSION: u32 = 1;

/// The four phases of the benchmark, in order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Phase {
    Syntax,
    Runtime,
    Conformance,
    Invariants,
}

impl Phase {
    pub const ALL: [Phase; 4] =
        [Phase::Syntax, Phase::Runtime, Phase::Conformance, Phase::Invariants];

    pub fn name(self) -> &'static str {
        match self {
            Phase::Syntax => "syntax",
            Phase::Runtime => "runtime",
            Phase::Conformance => "conformance",
            Phase::Invariants => "invariants",
        }
    }
}

/// What happened in one phase.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "status", rename_all = "snake_case")]
pub enum PhaseOutcome {
    /// The phase ran; `score` is in [0, 1]; `details` is the phase's structured result.
    Evaluated { score: f64, details: serde_json::Value },
    /// The phase did not run, and why.
    NotEvaluated { reason: String },
}

impl PhaseOutcome {
    pub fn score(&self) -> Option<f64> {
        match self {
            PhaseOutcome::Evaluated { score, .. } => Some(*score),
            PhaseOutcome::NotEvaluated { .. } => None,
        }
    }
}

/// Named weightings of the four phases.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum WeightPreset {
    /// Equal weights, as the paper reports.
    Paper,
    /// 0.15 syntax, 0.15 runtime, 0.35 conformance, 0.35 invariants, as the published leaderboard.
    Leaderboard,
}

impl WeightPreset {
    pub fn weight(self, phase: Phase) -> f64 {
        match (self, phase) {
            (WeightPreset::Paper, _) => 0.25,
            (WeightPreset::Leaderboard, Phase::Syntax | Phase::Runtime) => 0.15,
            (WeightPreset::Leaderboard, Phase::Conformance | Phase::Invariants) => 0.35,
        }
    }

    pub fn parse(name: &str) -> Option<WeightPreset> {
        match name {
            "paper" => Some(WeightPreset::Paper),
            "leaderboard" => Some(WeightPreset::Leaderboard),
            _ => None,
        }
    }
}

/// One phase's entry on the card.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PhaseEntry {
    pub phase: Phase,
    #[serde(flatten)]
    pub outcome: PhaseOutcome,
}

/// The overall score, when every phase it needs was evaluated.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "status", rename_all = "snake_case")]
pub enum OverallScore {
    Evaluated {
        score: f64,
    },
    /// Some phase was not evaluated and cascading did not decide it.
    NotEvaluated {
        missing_phases: Vec<Phase>,
    },
}

/// Everything known about one attempt's scores.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ScoreCard {
    pub schema_version: u32,
    pub weights: WeightPreset,
    pub cascade: bool,
    pub phases: Vec<PhaseEntry>,
    pub overall: OverallScore,
    /// Why the card looks the way it does, in order (e.g. "runtime not evaluated: syntax failed").
    pub reasons: Vec<String>,
}

impl ScoreCard {
    /// Builds the card from the phases' outcomes (missing phases are not evaluated).
    pub fn new(
        outcomes: Vec<(Phase, PhaseOutcome)>,
        weights: WeightPreset,
        cascade: bool,
    ) -> ScoreCard {
        let mut reasons = Vec::new();
        let mut phases = Vec::new();
        let mut failed_before: Option<Phase> = None;
        for phase in Phase::ALL {
            let outcome = outcomes
                .iter()
                .find(|(candidate, _)| *candidate == phase)
                .map(|(_, outcome)| outcome.clone())
                .unwrap_or_else(|| PhaseOutcome::NotEvaluated {
                    reason: "not implemented yet".to_string(),
                });
            let outcome = match (failed_before, &outcome) {
                (Some(failed), _) if cascade => {
                    reasons.push(format!(
                        "{} scores 0: {} failed (cascade)",
                        phase.name(),
                        failed.name()
                    ));
                    PhaseOutcome::Evaluated {
                        score: 0.0,
                        details: serde_json::json!({ "cascaded_from": failed.name() }),
                    }
                }
                (_, PhaseOutcome::NotEvaluated { reason }) => {
                    reasons.push(format!("{} not evaluated: {reason}", phase.name()));
                    outcome
                }
                _ => outcome,
            };
            if let PhaseOutcome::Evaluated { score, .. } = outcome {
                if score < 1.0 && failed_before.is_none() {
                    failed_before = Some(phase);
                }
            }
            phases.push(PhaseEntry { phase, outcome });
        }
        let missing_phases: Vec<Phase> = phases
            .iter()
            .filter(|entry| entry.outcome.score().is_none())
            .map(|entry| entry.phase)
            .collect();
        let overall = if missing_phases.is_empty() {
            let score = phases
                .iter()
                .map(|entry| weights.weight(entry.phase) * entry.outcome.score().unwrap_or(0.0))
                .sum();
            OverallScore::Evaluated { score }
        } else {
            OverallScore::NotEvaluated { missing_phases }
        };
        ScoreCard {
            schema_version: SCORE_CARD_SCHEMA_VERSION,
            weights,
            cascade,
            phases,
            overall,
            reasons,
        }
    }

    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self)
            .unwrap_or_else(|error| format!("{{\"error\": \"{error}\"}}"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn evaluated(score: f64) -> PhaseOutcome {
        PhaseOutcome::Evaluated { score, details: serde_json::Value::Null }
    }

    #[test]
    fn missing_phases_are_not_evaluated_and_block_the_overall_score() {
        let card = ScoreCard::new(vec![(Phase::Syntax, evaluated(1.0))], WeightPreset::Paper, true);
        assert_eq!(card.phases[1].outcome.score(), None);
        assert_eq!(
            card.overall,
            OverallScore::NotEvaluated {
                missing_phases: vec![Phase::Runtime, Phase::Conformance, Phase::Invariants]
            }
        );
        assert_eq!(card.reasons[0], "runtime not evaluated: not implemented yet");
    }

    #[test]
    fn cascade_zeroes_later_phases_after_a_failure() {
        let outcomes = vec![(Phase::Syntax, evaluated(0.5)), (Phase::Runtime, evaluated(1.0))];
        let card = ScoreCard::new(outcomes, WeightPreset::Leaderboard, true);
        assert_eq!(card.phases[1].outcome.score(), Some(0.0));
        assert_eq!(card.overall, OverallScore::Evaluated { score: 0.15 * 0.5 });
        assert!(card.reasons[0].starts_with("runtime scores 0: syntax failed"));
        let card = ScoreCard::new(
            vec![
                (Phase::Syntax, evaluated(0.5)),
                (Phase::Runtime, evaluated(1.0)),
                (Phase::Conformance, evaluated(1.0)),
                (Phase::Invariants, evaluated(1.0)),
            ],
            WeightPreset::Paper,
            false,
        );
        assert_eq!(card.overall, OverallScore::Evaluated { score: 0.25 * 3.5 });
    }
}
