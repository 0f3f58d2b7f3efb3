//! What a stored record is, checked: decoded, replayed by the rules from its variant's
//! start with the seeds conserved (K1, H1, M1-M4), summed up for the step checks.

use mancala_bot::model::{ChannelKey, GameKind, User};
use mancala_bot::store::{GameResult, Play, Record, Status, Verdict, FORMAT_VERSION};
use mancala_rules::{Game, Match, Position, Side, Variant};

/// A checked record: what the step checks need of it.
#[derive(Clone, Debug)]
pub(crate) struct Summary {
    pub(crate) id: String,
    pub(crate) at: ChannelKey,
    pub(crate) status: Status,
    /// Every move of the game (a match: of all its games), with the side that made it.
    pub(crate) plies: Vec<(String, Side)>,
    pub(crate) south: Option<User>,
    pub(crate) north: Option<User>,
    pub(crate) ai: Option<Side>,
    /// The player to move, while the game is in play.
    pub(crate) to_move: Option<User>,
    /// Who challenged, whom, and when it expires, while the challenge is open.
    pub(crate) challenge: Option<(User, Option<User>, u64)>,
    /// The result, once over.
    pub(crate) result: Option<GameResult>,
    /// The game counts for the ratings: rated, a result, both sides moved.
    pub(crate) counts: bool,
    /// What is played.
    pub(crate) kind: GameKind,
    pub(crate) wake_ms: Option<u64>,
    /// Created and last changed, milliseconds since the Unix epoch.
    pub(crate) created_ms: u64,
    pub(crate) updated_ms: u64,
}

impl Summary {
    pub(crate) fn human(&self, side: Side) -> Option<&User> {
        if self.ai == Some(side) {
            return None;
        }
        match side {
            Side::South => self.south.as_ref(),
            Side::North => self.north.as_ref(),
        }
    }
}

/// The seeds of a variant's game in all (K1, H1).
pub(crate) fn total_seeds(v: Variant) -> u32 {
    if v.is_katro() {
        Position::new(v).board_total()
    } else {
        4 * v.holes() as u32
    }
}

/// The seeds of `pos` on the board and in the stores, plus `reserves` (M2).
pub(crate) fn seeds_of(pos: &Position, reserves: u32) -> u32 {
    let stores = if pos.variant().is_katro() {
        0
    } else {
        Side::ALL.iter().map(|&s| pos.store(s) as u32).sum()
    };
    pos.board_total() + stores + reserves
}

pub(crate) fn conserved(
    pos: &Position,
    reserves: u32,
    total: u32,
    ply: usize,
) -> Result<(), String> {
    let n = seeds_of(pos, reserves);
    if n != total {
        return Err(format!(
            "seeds not conserved after ply {ply}: {n}, not {total} (K1/H1/M2), at {pos}"
        ));
    }
    Ok(())
}

/// Replays a single game from its variant's start and compares; the plies.
pub(crate) fn replay_game(g: &Game, variant: Variant) -> Result<Vec<(String, Side)>, String> {
    if g.start() != Position::new(variant) {
        return Err(format!(
            "the game does not start from the start of {variant}: {}",
            g.start()
        ));
    }
    let total = total_seeds(variant);
    let mut replay = Game::from_position(g.start());
    let mut plies = Vec::new();
    conserved(&replay.position(), 0, total, 0)?;
    for (i, &mv) in g.moves().iter().enumerate() {
        let side = replay.position().to_move();
        replay
            .play(mv)
            .map_err(|e| format!("ply {} {mv} does not replay: {e}", i + 1))?;
        conserved(&replay.position(), 0, total, i + 1)?;
        plies.push((mv.to_string(), side));
    }
    if let mancala_rules::Outcome::Win {
        winner,
        reason: mancala_rules::EndReason::Resignation,
    } = g.outcome()
    {
        replay.resign(winner.other());
    }
    if replay.position() != g.position() || replay.outcome() != g.outcome() {
        return Err(format!(
            "the replay ends at {} ({:?}), the record at {} ({:?})",
            replay.position(),
            replay.outcome(),
            g.position(),
            g.outcome()
        ));
    }
    Ok(plies)
}

/// Replays a match from its start through its earlier games and its current game
/// (M1-M4) and compares; the plies.
pub(crate) fn replay_match(
    m: &Match,
    earlier: &[Vec<String>],
    variant: Variant,
) -> Result<Vec<(String, Side)>, String> {
    let total = total_seeds(variant);
    let mut replay = Match::with_length(variant, m.length()).map_err(|e| e.to_string())?;
    let reserves = |m: &Match| Side::ALL.iter().map(|&s| m.reserve(s) as u32).sum::<u32>();
    let mut plies = Vec::new();
    for (k, moves) in earlier.iter().enumerate() {
        // Over, not only won: a match drawn by the repeated start (MX2) has no winner.
        if replay.is_over() {
            return Err(format!(
                "earlier game {} follows the end of the match",
                k + 1
            ));
        }
        for (i, mv) in moves.iter().enumerate() {
            let side = replay.game().position().to_move();
            let mm = replay
                .play_text(mv)
                .map_err(|e| format!("game {} ply {} {mv} does not replay: {e}", k + 1, i + 1))?;
            if mm.game_over.is_some() != (i + 1 == moves.len()) {
                return Err(format!(
                    "earlier game {} does not end at its last move ({} of {})",
                    k + 1,
                    i + 1,
                    moves.len()
                ));
            }
            conserved(
                &replay.game().position(),
                reserves(&replay),
                total,
                plies.len(),
            )?;
            plies.push((mv.clone(), side));
        }
    }
    // A match over after its earlier games (won, or drawn by MX2) keeps its last game
    // as its game: nothing more to replay.
    if !replay.is_over() {
        if replay.game().start() != m.game().start() {
            return Err(format!(
                "the current game starts at {}, the replay at {} (M1-M3)",
                m.game().start(),
                replay.game().start()
            ));
        }
        for (i, &mv) in m.game().moves().iter().enumerate() {
            let side = replay.game().position().to_move();
            replay
                .play(mv)
                .map_err(|e| format!("current game ply {} {mv} does not replay: {e}", i + 1))?;
            conserved(
                &replay.game().position(),
                reserves(&replay),
                total,
                plies.len(),
            )?;
            plies.push((mv.to_string(), side));
        }
        if !replay.is_over() {
            if let Some(w) = m.winner() {
                replay.resign(w.other());
            }
        }
    }
    let same = replay.game().position() == m.game().position()
        && replay.game().moves() == m.game().moves()
        && replay.results() == m.results()
        && replay.winner() == m.winner()
        && replay.first() == m.first()
        && Side::ALL.iter().all(|&s| replay.reserve(s) == m.reserve(s));
    if !same {
        return Err(format!(
            "the match replays to {} (results {:?}, winner {:?}, reserves {:?}), the record \
             holds {} (results {:?}, winner {:?}, reserves {:?})",
            replay.game().position(),
            replay.results(),
            replay.winner(),
            Side::ALL.map(|s| replay.reserve(s)),
            m.game().position(),
            m.results(),
            m.winner(),
            Side::ALL.map(|s| m.reserve(s)),
        ));
    }
    Ok(plies)
}

/// Checks one stored record (see the module); its summary.
pub(crate) fn check_record(bytes: &[u8]) -> Result<Summary, String> {
    let r: Record = serde_json::from_slice(bytes).map_err(|e| format!("does not decode: {e}"))?;
    if r.format_version != FORMAT_VERSION {
        return Err(format!("format version {}", r.format_version));
    }
    // That its status agrees with its game (a challenge holds no game, a game both
    // players, a finished game its result, a verdict only a finished game) was checked
    // by decoding it: `Record::try_from`, which refuses every impossible state.
    if r.verdict() == Some(Verdict::Aborted) && r.rated {
        return Err("an aborted game is rated".into());
    }
    let mut plies = Vec::new();
    let mut to_move = None;
    if let Some(play) = r.play() {
        if play.game().variant() != r.kind.variant {
            return Err(format!(
                "the game is on {}, the record says {}",
                play.game().variant(),
                r.kind
            ));
        }
        plies = match play {
            Play::Game(g) => {
                if r.kind.is_match || !r.earlier_games().is_empty() {
                    return Err("a single game recorded as a match".into());
                }
                replay_game(g, r.kind.variant)?
            }
            Play::Match(m) => {
                if !r.kind.is_match {
                    return Err("a match recorded as a single game".into());
                }
                replay_match(m, r.earlier_games(), r.kind.variant)?
            }
        };
        if r.status() == Status::Playing {
            to_move = r.player(play.game().position().to_move()).cloned();
        }
    }
    if let Some(seat) = r.ai {
        if r.rated {
            return Err("a game against the AI is rated".into());
        }
        if r.play().is_some() && r.player(seat.side) != Some(&seat.user()) {
            return Err("the AI's seat holds someone else".into());
        }
    }
    Ok(Summary {
        id: r.id.clone(),
        at: r.at.clone(),
        status: r.status(),
        plies,
        south: r.south().cloned(),
        north: r.north().cloned(),
        ai: r.ai.map(|a| a.side),
        to_move,
        challenge: r
            .open_challenge()
            .map(|c| (c.challenger.clone(), c.opponent.clone(), c.expires_ms)),
        wake_ms: r.wake_ms(),
        created_ms: r.created_ms,
        updated_ms: r.updated_ms,
        result: r.result(),
        counts: r.rated
            && r.result().is_some_and(|x| x != GameResult::NoResult)
            && r.both_sides_moved(),
        kind: r.kind,
    })
}
