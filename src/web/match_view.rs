//! Every game of a Hoyito match (RULES.md M1-M4) as its page shows it: each game's
//! positions, moves and result, and the match's score. The record keeps the moves of
//! each finished game ([`crate::store::Table::earlier_games`]) and the current (or last)
//! game in its play; the earlier games' positions are replayed through a fresh match of
//! the same length, as `import` checks them, since each game starts from what the one
//! before left (M2, M3). Pure.

use mancala_rules::{Game, Match, Outcome, Side};

use super::game_view::{board_of, PlyView};
use crate::core::text;
use crate::store::{Play, Record};

/// One game of a match.
#[derive(Clone, Debug)]
pub(crate) struct MatchGame {
    /// Every position, the start first; empty when the game could not be replayed (a
    /// match resumed from a position keeps its earlier games' moves only).
    pub(crate) plies: Vec<PlyView>,
    /// Its moves in the bot's notation.
    pub(crate) moves: Vec<String>,
    /// Its result in words of the current language (`in progress` while it goes on).
    pub(crate) result: String,
    /// It is the match's current game (or its last, once the match is over): the one
    /// the board shows first.
    pub(crate) current: bool,
}

/// A match as its page shows it.
#[derive(Clone, Debug)]
pub(crate) struct MatchView {
    /// Its games, in order.
    pub(crate) games: Vec<MatchGame>,
    /// Games won by South and by North.
    pub(crate) wins: [usize; 2],
    /// Games drawn.
    pub(crate) draws: usize,
}

/// The positions of `game` replayed from its start with `moves`; `None` at a move the
/// rules refuse.
fn replayed(start: &Game, moves: &[String]) -> Option<Vec<PlyView>> {
    let mut g = Game::from_position(start.start());
    let mut plies = vec![ply(&g, None)];
    for mv in moves {
        let mv = mancala_rules::Move::parse(mv, g.variant()).ok()?;
        g.advance(mv).ok()?;
        plies.push(ply(&g, Some(mv)));
    }
    Some(plies)
}

/// The position of `g` after `mv`.
fn ply(g: &Game, mv: Option<mancala_rules::Move>) -> PlyView {
    PlyView {
        mv: mv.map(|m| m.to_string()),
        from: mv.map(|m| m.from().to_string()),
        board: board_of(&g.position()),
        captured: Side::ALL.map(|s| g.captured(s)),
    }
}

/// The match of `r`, in the current language; `None` for a single game or a challenge.
pub(crate) fn of(r: &Record) -> Option<MatchView> {
    let Some(Play::Match(stored)) = r.play() else {
        return None;
    };
    let names = Side::ALL.map(|s| r.player(s).map_or("?", |u| u.name.as_str()));
    let earlier = r.earlier_games();
    let results = stored.results();
    // The earlier games, replayed through a fresh match (each starts where the one
    // before left); once one cannot be, the later ones show their moves only.
    let mut replay = Match::with_length(stored.game().variant(), stored.length()).ok();
    let mut games = Vec::with_capacity(earlier.len() + 1);
    for (k, moves) in earlier.iter().enumerate() {
        let plies = replay
            .as_ref()
            .and_then(|m| replayed(m.game(), moves))
            .unwrap_or_default();
        replay = replay.filter(|_| !plies.is_empty()).and_then(|mut m| {
            for mv in moves {
                m.play_text(mv).ok()?;
            }
            // A game resigned alone (`!resign game`) ends after its last move.
            if m.games_played() == k {
                let loser = results.get(k).and_then(|o| o.winner()).map(Side::other)?;
                m.resign_game(loser);
            }
            Some(m)
        });
        let result = results.get(k).copied().unwrap_or(Outcome::Ongoing);
        games.push(MatchGame {
            plies,
            moves: moves.clone(),
            result: text::outcome_text(result, names),
            current: false,
        });
    }
    // The current game, unless the match ended with the last earlier game (then that
    // one is the current game).
    let game = stored.game();
    if !stored.is_over() || results.len() > earlier.len() {
        let moves: Vec<String> = game.moves().iter().map(|m| m.to_string()).collect();
        let result = results
            .get(earlier.len())
            .copied()
            .unwrap_or(Outcome::Ongoing);
        games.push(MatchGame {
            plies: replayed(game, &moves).unwrap_or_default(),
            moves,
            result: text::outcome_text(result, names),
            current: true,
        });
    } else if let Some(last) = games.last_mut() {
        last.current = true;
    }
    let wins = Side::ALL.map(|s| stored.wins(s));
    Some(MatchView {
        draws: results.len() - wins[0] - wins[1],
        wins,
        games,
    })
}
