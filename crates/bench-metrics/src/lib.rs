//! The benchmark's metrics: one module per phase, each with its documented definition, and the
//! score card that combines them.
//!
//! Phases take data (the model's texts, the task's facts, a source of imported modules) and return
//! data; they do no IO. Today the syntax phase is implemented; runtime, conformance and invariants
//! appear on the score card as *not evaluated* until the model checker lands.

pub mod actions;
pub mod aggregate;
pub mod leaderboard;
pub mod runtime_phase;
pub mod score_card;
pub mod syntax_phase;

pub use actions::EntryPoints;
pub use aggregate::{best_of, mean_with_standard_error, pass_at_k};
pub use leaderboard::{
    leaderboard, render_leaderboard, AttemptSummary, AttemptUsage, CardScores, Leaderboard,
    LeaderboardRow, ReportFormat, ScoreAggregate,
};
pub use runtime_phase::{
    evaluate_runtime, ActionObservation, RuntimeObservation, RuntimeResult, SimulationSettings,
};
pub use score_card::{
    OverallScore, Phase, PhaseEntry, PhaseOutcome, ScoreCard, WeightPreset,
    SCORE_CARD_SCHEMA_VERSION,
};
pub use syntax_phase::{evaluate_syntax, ActionResult, SyntaxResult};
