//! A game's `!analyze` review as stored (issue 33): one analysis per finished game,
//! kept under `analysis/COMMUNITY/GAME` ([`crate::store::keys::DocKey::Analysis`]) so
//! that the next `!analyze` of the game reuses it without a search, and so that backups
//! carry it like every other document.
//!
//! The AI crate's [`GameReview`] has no serde (the crate has no such dependency), so
//! this mirror holds what the reply and the chart need; a move's mark is not stored but
//! read again from the seeds it lost ([`Mark::of`]), and its number is its place.

use mancala_ai::endgame::Perfect;
use mancala_ai::review::{GameReview, Mark, PlyReview, Proven};
use mancala_rules::{Game, Move, Side};
use serde::{Deserialize, Serialize};

/// The most moves a stored review may hold: far more than any game the bot keeps.
const MAX_PLIES: usize = 100_000;

/// The most positions searched per position a stored review may name.
const MAX_NODES: u64 = 10_000_000_000;

/// A game's review as stored: the moves evaluated, South's view of every position and
/// each player's accuracy, and the search's budget.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub(crate) struct StoredReview {
    /// Positions searched per position of the game.
    pub nodes: u64,
    /// The moves in order, the first move first.
    pub plies: Vec<StoredPly>,
    /// South's view of each position, centi-seeds, capped: one more than the moves.
    pub south_values: Vec<i32>,
    /// What each of those values proves for South (issue 32; empty in reviews stored
    /// before: nothing proven).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub south_proven: Vec<Option<StoredProven>>,
    /// Accuracy of South and North, 0 to 100.
    pub accuracy: [f64; 2],
}

/// [`Proven`] as stored: `{"win":N}` / `{"win":null}`, `"draw"`, `{"loss":N}`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum StoredProven {
    /// A win, in this many plies when counted.
    Win(Option<u32>),
    /// A draw.
    Draw,
    /// A loss, in this many plies when counted.
    Loss(Option<u32>),
}

impl From<Proven> for StoredProven {
    fn from(p: Proven) -> StoredProven {
        match p {
            Proven::Win(n) => StoredProven::Win(n),
            Proven::Draw => StoredProven::Draw,
            Proven::Loss(n) => StoredProven::Loss(n),
        }
    }
}

impl From<StoredProven> for Proven {
    fn from(p: StoredProven) -> Proven {
        match p {
            StoredProven::Win(n) => Proven::Win(n),
            StoredProven::Draw => Proven::Draw,
            StoredProven::Loss(n) => Proven::Loss(n),
        }
    }
}

/// One move of a stored review (see [`PlyReview`], whose fields these are).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct StoredPly {
    /// Who made it.
    pub mover: Side,
    /// The move played.
    pub played: Move,
    /// The search's best move in its position.
    pub best: Move,
    /// The search's line from the position before the move (issue 32).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub best_line: Vec<Move>,
    /// The search's line from the position after the move: the reply it allows.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub reply_line: Vec<Move>,
    /// What the value before the move proves for the mover.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub proven_before: Option<StoredProven>,
    /// What the played move's value proves for the mover.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub proven_played: Option<StoredProven>,
    /// The best move's value for the mover, centi-seeds.
    pub value_before: i32,
    /// The played move's value for the mover, centi-seeds.
    pub value_played: i32,
    /// Centi-seeds lost against the best move, at least 0.
    pub lost: i32,
    /// The endgame tables' result of the position before the move, for the mover.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub perfect_before: Option<PerfectResult>,
    /// The same of the position after the move, still for the mover.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub perfect_after: Option<PerfectResult>,
}

/// [`Perfect`] as stored: `won`, `drawn`, `lost`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum PerfectResult {
    /// The player to move wins with perfect play.
    Won,
    /// A draw with perfect play.
    Drawn,
    /// The player to move loses with perfect play.
    Lost,
}

impl From<Perfect> for PerfectResult {
    fn from(p: Perfect) -> PerfectResult {
        match p {
            Perfect::Won => PerfectResult::Won,
            Perfect::Drawn => PerfectResult::Drawn,
            Perfect::Lost => PerfectResult::Lost,
        }
    }
}

impl From<PerfectResult> for Perfect {
    fn from(p: PerfectResult) -> Perfect {
        match p {
            PerfectResult::Won => Perfect::Won,
            PerfectResult::Drawn => Perfect::Drawn,
            PerfectResult::Lost => Perfect::Lost,
        }
    }
}

impl StoredReview {
    /// `review`, searched with `nodes` positions per position, as stored.
    pub(crate) fn of(review: &GameReview, nodes: u64) -> StoredReview {
        StoredReview {
            nodes,
            plies: review
                .plies
                .iter()
                .map(|p| StoredPly {
                    mover: p.mover,
                    played: p.played,
                    best: p.best,
                    best_line: p.best_line.clone(),
                    reply_line: p.reply_line.clone(),
                    proven_before: p.proven_before.map(Into::into),
                    proven_played: p.proven_played.map(Into::into),
                    value_before: p.value_before,
                    value_played: p.value_played,
                    lost: p.lost,
                    perfect_before: p.perfect_before.map(Into::into),
                    perfect_after: p.perfect_after.map(Into::into),
                })
                .collect(),
            south_values: review.south_values.clone(),
            south_proven: review
                .south_proven
                .iter()
                .map(|p| p.map(Into::into))
                .collect(),
            accuracy: review.accuracy,
        }
    }

    /// The review again, as the AI crate made it (marks from the seeds lost).
    pub(crate) fn review(&self) -> GameReview {
        GameReview {
            plies: self
                .plies
                .iter()
                .enumerate()
                .map(|(i, p)| PlyReview {
                    ply: i + 1,
                    mover: p.mover,
                    played: p.played,
                    best: p.best,
                    best_line: p.best_line.clone(),
                    reply_line: p.reply_line.clone(),
                    value_before: p.value_before,
                    value_played: p.value_played,
                    proven_before: p.proven_before.map(Into::into),
                    proven_played: p.proven_played.map(Into::into),
                    lost: p.lost,
                    mark: Mark::of(p.lost),
                    perfect_before: p.perfect_before.map(Into::into),
                    perfect_after: p.perfect_after.map(Into::into),
                })
                .collect(),
            south_values: self.south_values.clone(),
            // A review stored before issue 32 proves nothing.
            south_proven: if self.south_proven.len() == self.south_values.len() {
                self.south_proven
                    .iter()
                    .map(|p| p.map(Into::into))
                    .collect()
            } else {
                vec![None; self.south_values.len()]
            },
            accuracy: self.accuracy,
        }
    }

    /// Whether this is a review of `game`: its moves, in order. A stored review that is
    /// not (an imported document of another game under this id) is searched again
    /// rather than shown.
    pub(crate) fn is_of(&self, game: &Game) -> bool {
        self.plies.len() == game.moves().len()
            && self
                .plies
                .iter()
                .zip(game.moves())
                .all(|(p, m)| p.played == *m)
    }

    /// What is wrong with a stored review read from a backup: its sizes, budget,
    /// accuracies and losses in range.
    ///
    /// # Errors
    /// The first fault, in words.
    pub(crate) fn check(&self) -> Result<(), String> {
        if !(1..=MAX_NODES).contains(&self.nodes) {
            return Err(format!(
                "the review's nodes per position must be 1 to {MAX_NODES}, not {}",
                self.nodes
            ));
        }
        if self.plies.len() > MAX_PLIES {
            return Err(format!("a review holds at most {MAX_PLIES} moves"));
        }
        if self.south_values.len() != self.plies.len() + 1 {
            return Err(format!(
                "a review of {} moves has {} values; it needs one more than the moves",
                self.plies.len(),
                self.south_values.len()
            ));
        }
        if !self
            .accuracy
            .iter()
            .all(|a| a.is_finite() && (0.0..=100.0).contains(a))
        {
            return Err("an accuracy must be 0 to 100".into());
        }
        if let Some(i) = self.plies.iter().position(|p| p.lost < 0) {
            return Err(format!(
                "move {} of the review lost fewer than 0 seeds",
                i + 1
            ));
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use mancala_rules::Variant;

    fn review() -> GameReview {
        let mv = |t| Move::parse(t, Variant::KATRO).unwrap();
        GameReview {
            plies: vec![PlyReview {
                ply: 1,
                mover: Side::South,
                played: mv("c1+"),
                best: mv("d1-"),
                best_line: vec![mv("d1-"), mv("c2+")],
                reply_line: vec![mv("b2-")],
                value_before: 700,
                value_played: 50,
                proven_before: Some(Proven::Win(Some(7))),
                proven_played: None,
                lost: 650,
                mark: Mark::Blunder,
                perfect_before: Some(Perfect::Won),
                perfect_after: Some(Perfect::Drawn),
            }],
            south_values: vec![0, 50],
            south_proven: vec![Some(Proven::Win(Some(7))), None],
            accuracy: [19.7, 100.0],
        }
    }

    #[test]
    fn a_review_comes_back_as_it_was_stored() {
        let stored = StoredReview::of(&review(), 5000);
        let json = serde_json::to_string(&stored).unwrap();
        let back: StoredReview = serde_json::from_str(&json).unwrap();
        assert_eq!(back.review(), review());
        assert_eq!(back.nodes, 5000);
        assert_eq!(back.check(), Ok(()));
        let mut game = Game::new(Variant::KATRO);
        assert!(!back.is_of(&game));
        game.play_text("c1+").unwrap();
        assert!(back.is_of(&game));
    }

    #[test]
    fn a_stored_review_out_of_range_is_refused_in_words() {
        let mut s = StoredReview::of(&review(), 5000);
        s.south_values.pop();
        assert!(s.check().unwrap_err().contains("one more than the moves"));
        let mut s = StoredReview::of(&review(), 0);
        assert!(s.check().unwrap_err().contains("nodes per position"));
        s.nodes = 1;
        s.accuracy[0] = f64::NAN;
        assert!(s.check().unwrap_err().contains("accuracy"));
    }
}
