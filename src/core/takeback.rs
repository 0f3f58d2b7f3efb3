//! `!takeback` (issue "Players: ... takebacks"): a player takes back his last move, or
//! back to his last turn when the opponent has answered since, so that it is his turn
//! again.
//!
//! - In a casual game between two people (unrated, not a tournament's) the opponent
//!   answers with `!accept` or `!decline`; the asker may withdraw with `!decline`; any
//!   move cancels the request ([`super::play::play_move`]).
//! - Against the AI at levels 1 to [`MAX_AI_LEVEL`] the takeback is made at once; at the
//!   stronger levels it is refused.
//! - Never in a rated or tournament game.
//!
//! The position is replayed from the move record (the rules are pure): no board is
//! stored. The game keeps the count of its takebacks ([`Table::takebacks`]), and a game
//! with one never counts for a rating (see `aftermath`). The clock restarts for the
//! player to move, a pending draw offer is cleared; the AI's search over the position
//! taken back cannot land, since its write compares the record it read.

use mancala_rules::{Game, Match, Move, Side};

use super::deadlines::{autoforfeit, restart_clock, timeout_forfeit};
use super::decision::{refuse, Change, ChannelState, Ctx, Decision, Draft, Refusal};
use super::vacation::{effective, Clock};
use super::views::{
    at, board_picture, move_view, names, players_text, playing, to_move_with_deadline,
};
use crate::model::User;
use crate::store::{Play, Record, Table};

/// The strongest AI level that grants takebacks (1 beginner to 3 club).
pub(crate) const MAX_AI_LEVEL: u8 = 3;

/// What a takeback undoes: the game or match as it was at the asker's last turn, and
/// the plies taken back, in the order they were played, each with its mover.
#[derive(Clone, Debug)]
pub(super) struct Rewind {
    /// The game or match after the takeback, the asker to move.
    pub play: Play,
    /// The plies undone.
    pub undone: Vec<(Side, Move)>,
}

/// The sides that made each move of `game`, in order (a Hoyito player who cannot move
/// passes, H3, so sides need not alternate).
fn movers(game: &Game) -> Option<Vec<Side>> {
    let mut replay = Game::from_position(game.start());
    let mut sides = Vec::with_capacity(game.moves().len());
    for &mv in game.moves() {
        sides.push(replay.position().to_move());
        replay.advance(mv).ok()?;
    }
    Some(sides)
}

/// `play` taken back to the last turn of `asker` in its current game, replayed from
/// the move record (a match: its finished games from `earlier`, the canonical moves
/// [`Table::earlier_games`] keeps); `None` when `asker` has not moved in the current
/// game (or the record does not replay: a fault the caller reports the same way).
pub(super) fn rewind(play: &Play, earlier: &[Vec<String>], asker: Side) -> Option<Rewind> {
    let game = play.game();
    let sides = movers(game)?;
    let cut = sides.iter().rposition(|&s| s == asker)?;
    let kept = &game.moves()[..cut];
    let undone = sides[cut..]
        .iter()
        .copied()
        .zip(game.moves()[cut..].iter().copied())
        .collect();
    let play = match play {
        Play::Game(g) => {
            let mut replay = Game::from_position(g.start());
            for &mv in kept {
                replay.advance(mv).ok()?;
            }
            Play::Game(replay)
        }
        Play::Match(m) => Play::Match(rewind_match(m, earlier, kept)?),
    };
    Some(Rewind { play, undone })
}

/// The match `m` replayed from its start: its finished games (`earlier`), then `kept`
/// of its current game; `None` when that does not give the same games as `m`.
fn rewind_match(m: &Match, earlier: &[Vec<String>], kept: &[Move]) -> Option<Match> {
    let variant = m.game().variant();
    let mut replay = Match::with_length(variant, m.length()).ok()?;
    for game in earlier {
        for text in game {
            replay.play(Move::parse(text, variant).ok()?).ok()?;
        }
    }
    if replay.games_played() != m.games_played() || replay.first() != m.first() {
        return None;
    }
    for &mv in kept {
        replay.play(mv).ok()?;
    }
    (replay.games_played() == m.games_played()).then_some(replay)
}

/// `c1+ (alice), a6- (bob)`: the plies undone, with their players.
fn undone_text(r: &Record, undone: &[(Side, Move)]) -> String {
    let names = names(r);
    undone
        .iter()
        .map(|(side, mv)| {
            tr!(
                "takeback-move",
                mv = mv.to_string(),
                player = names[side.index()]
            )
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// `!takeback`: the author asks to take back his last move (against the AI at the
/// levels that allow it: taken back at once).
pub(super) fn takeback(state: &ChannelState, ctx: &Ctx<'_>) -> Result<Decision, Refusal> {
    let p = ctx.p();
    let (r, table) = playing(state, p)?;
    let Some(side) = r.side_of(ctx.author) else {
        return refuse(tr!("takeback-not-a-player", players = players_text(r)));
    };
    if r.tournament.is_some() {
        return refuse(tr!("takeback-tournament"));
    }
    if r.rated {
        return refuse(tr!("takeback-rated"));
    }
    if let Some(seat) = r.ai.filter(|s| s.level > MAX_AI_LEVEL) {
        return refuse(tr!(
            "takeback-ai-level",
            level = seat.level,
            max = MAX_AI_LEVEL
        ));
    }
    // A passed deadline in a game that forfeits by itself is a forfeit, as for `!sow`:
    // a takeback does not give the late player his time back.
    if let Some(Clock::Runs { deadline, .. }) = effective(r, &state.vacations.value, ctx.now) {
        if ctx.now >= deadline && autoforfeit(r, &state.channel) {
            return Ok(timeout_forfeit(r, table, &state.channel, ctx.now));
        }
    }
    let Some(rewound) = rewind(&table.play, &table.earlier_games, side) else {
        return refuse(tr!("takeback-nothing", p = p));
    };
    if r.ai.is_some() {
        let line = tr!("takeback-ai", player = &ctx.author.name, max = MAX_AI_LEVEL);
        return Ok(taken_back(state, ctx, (side, rewound), line));
    }
    match table.takeback_offer {
        Some(s) if s == side => refuse(tr!(
            "takeback-asked-already",
            opponent = names(r)[side.other().index()],
            p = p
        )),
        Some(s) => refuse(tr!(
            "takeback-pending-other",
            asker = names(r)[s.index()],
            p = p
        )),
        None => Ok(ask(r, ctx, side, &rewound)),
    }
}

/// The request of `side` (the author) for the takeback `rewound`, written for the
/// opponent to answer.
fn ask(r: &Record, ctx: &Ctx<'_>, side: Side, rewound: &Rewind) -> Decision {
    let mut next = r.clone();
    if let Some(t) = next.playing_mut() {
        t.takeback_offer = Some(side);
    }
    next.updated_ms = ctx.now;
    let opponent: Vec<User> = r.player(side.other()).cloned().into_iter().collect();
    let reply = Draft::new(
        tr!(
            "takeback-asks",
            player = &ctx.author.name,
            moves = undone_text(r, &rewound.undone),
            opponent = at(r, side.other()),
            p = ctx.p()
        ),
        Vec::new(),
        opponent,
    );
    Decision::write(Change::Put(next), vec![reply])
}

/// The takeback asked for in the channel's game, when one is pending: the side that
/// asked, with the record and its table.
fn pending(state: &ChannelState) -> Option<(&Record, &Table, Side)> {
    let r = state.record()?;
    let t = r.playing()?;
    Some((r, t, t.takeback_offer?))
}

/// `!accept` while a takeback is pending: the opponent of the asker accepts it;
/// `None` when none is pending or the author is not the one to answer it (the
/// caller answers as for a challenge then), a refusal when the asker accepts his own.
pub(super) fn accept(state: &ChannelState, ctx: &Ctx<'_>) -> Option<Result<Decision, Refusal>> {
    let (r, table, asker) = pending(state)?;
    let side = r.side_of(ctx.author)?;
    if side == asker {
        return Some(refuse(tr!(
            "takeback-accept-own",
            opponent = names(r)[asker.other().index()]
        )));
    }
    let Some(rewound) = rewind(&table.play, &table.earlier_games, asker) else {
        return Some(refuse(tr!("takeback-nothing", p = ctx.p())));
    };
    let line = tr!(
        "takeback-accepts",
        player = &ctx.author.name,
        asker = names(r)[asker.index()]
    );
    Some(Ok(taken_back(state, ctx, (asker, rewound), line)))
}

/// `!decline` while a takeback is pending: the opponent declines it, the asker
/// withdraws it; `None` when none is pending or the author plays no side.
pub(super) fn decline(state: &ChannelState, ctx: &Ctx<'_>) -> Option<Result<Decision, Refusal>> {
    let (r, _, asker) = pending(state)?;
    let side = r.side_of(ctx.author)?;
    let name = &ctx.author.name;
    let (text, told) = if side == asker {
        (tr!("takeback-withdraws", player = name), asker.other())
    } else {
        let asker_name = names(r)[asker.index()];
        (
            tr!("takeback-declines", player = name, asker = asker_name),
            asker,
        )
    };
    let mut next = r.clone();
    if let Some(t) = next.playing_mut() {
        t.takeback_offer = None;
    }
    next.updated_ms = ctx.now;
    let mention: Vec<User> = r.player(told).cloned().into_iter().collect();
    let reply = Draft::new(text, Vec::new(), mention);
    Some(Ok(Decision::write(Change::Put(next), vec![reply])))
}

/// The takeback of `asker` made: the game `rewound`, the request and a draw offer
/// gone, the takeback counted, the clock restarted for `asker`; the reply says who and
/// what (`line` first), whose turn it is, with the board as it is now.
fn taken_back(
    state: &ChannelState,
    ctx: &Ctx<'_>,
    (asker, rewound): (Side, Rewind),
    line: String,
) -> Decision {
    let Some(r) = state.record() else {
        return Decision::default();
    };
    let moves = undone_text(r, &rewound.undone);
    let mut next = r.clone();
    let Some(t) = next.playing_mut() else {
        return Decision::default();
    };
    t.play = rewound.play;
    t.takeback_offer = None;
    t.draw_offer = None;
    t.takebacks += 1;
    let count = t.takebacks;
    let game = t.play.game().clone();
    // Unrated already (refused otherwise); said once more so that it can never count.
    next.rated = false;
    next.updated_ms = ctx.now;
    restart_clock(&mut next, ctx.now, ctx.settings);
    let (to_move, _) = to_move_with_deadline(&next, &game, ctx.p(), None);
    let text = [
        line,
        tr!("takeback-undone", moves = moves, count = count),
        to_move,
    ]
    .join("\n");
    let view = move_view(&next, &state.channel, asker);
    let mentions = next.player(asker).cloned().into_iter().collect();
    let reply = Draft::new(text, vec![board_picture(&next, &game, view)], mentions);
    Decision::write(Change::Put(next), vec![reply])
}

#[cfg(test)]
mod tests {
    use super::*;
    use mancala_rules::Variant;

    fn played(variant: Variant, moves: &[&str]) -> Game {
        let mut g = Game::new(variant);
        for m in moves {
            g.play_text(m).unwrap();
        }
        g
    }

    #[test]
    fn rewinds_to_the_askers_last_turn() {
        let g = played(Variant::KATRO, &["c1+", "a6+"]);
        let n = g.moves().len();
        let play = Play::Game(g.clone());
        // South asks after North answered: both plies go.
        let south = rewind(&play, &[], Side::South).unwrap();
        assert_eq!(south.undone.len(), 2);
        assert_eq!(south.undone[0].0, Side::South);
        assert_eq!(south.play.game().moves().len(), n - 2);
        assert_eq!(
            south.play.game().position(),
            Game::new(Variant::KATRO).position()
        );
        // North asks: his own move only.
        let north = rewind(&play, &[], Side::North).unwrap();
        assert_eq!(north.undone.len(), 1);
        assert_eq!(north.play.game().position().to_move(), Side::North);
        // Before any move: nothing.
        let fresh = Play::Game(Game::new(Variant::KATRO));
        assert!(rewind(&fresh, &[], Side::South).is_none());
    }

    #[test]
    fn a_match_rewinds_within_its_current_game() {
        let m = Match::new(Variant::HOYITO).unwrap();
        let mut play = Play::Match(m);
        if let Play::Match(m) = &mut play {
            m.play_text("a1").unwrap();
        }
        let first = play.game().position().to_move().other();
        let back = rewind(&play, &[], first).unwrap();
        assert_eq!(back.undone.len(), 1);
        assert_eq!(back.play.game().moves().len(), 0);
        assert!(matches!(back.play, Play::Match(_)));
    }
}
