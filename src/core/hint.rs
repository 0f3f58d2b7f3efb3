//! `!hint` (issue 15 item 2): the AI's best move for the player to move, and why, in one
//! line. Allowed in games against the AI, and in unrated games between people where the
//! channel's organizers turned hints on (`!set hints on`); never in rated or tournament
//! games. The search runs on the AI's pool at level 5 within the configured budget; a
//! hint changes nothing.
//!
//! The decision (who may ask, and the text) is pure; only the search is not.

use mancala_ai::{SearchConfig, SearchResult, WIN_BOUND};
use mancala_rules::{Game, Side};

use super::prefs::ChannelSettings;
use super::{refuse, text, text_reply, vs_ai, Answer, Core};
use crate::core::api::Incoming;
use crate::model::User;

use super::decision::ChannelState;
use crate::store::{Record, Status};

/// The game `user` may have a hint in, from the record of the channel and its settings.
///
/// # Errors
/// Why not, in words for the chat: no game in play, not a player or not his turn, a
/// tournament or rated game, or hints off in the channel.
pub(super) fn allowed(
    r: Option<&Record>,
    channel: &ChannelSettings,
    user: &User,
    p: &str,
) -> Result<Game, String> {
    let Some((r, play)) = r
        .filter(|r| r.status() == Status::Playing)
        .and_then(|r| Some((r, r.play()?)))
        .filter(|(_, play)| !play.is_over())
    else {
        return Err(tr!("hint-no-game"));
    };
    let game = play.game();
    // What no waiting changes is said first: the kind of game, then the turn.
    if r.tournament.is_some() {
        return Err(tr!("hint-tournament"));
    }
    if r.ai.is_none() && r.rated {
        return Err(tr!("hint-rated", p = p));
    }
    match r.side_of(user) {
        None => return Err(tr!("hint-not-a-player")),
        Some(side) if side != game.position().to_move() => return Err(tr!("hint-not-your-turn")),
        Some(_) => {}
    }
    if r.ai.is_none() && !channel.hints {
        return Err(tr!("hint-off", p = p));
    }
    Ok(game.clone())
}

/// The hint's line: the move as a command, what it does (laps, captures, casas), the
/// seeds it gains, and the AI's verdict. `found` is the search of `game`'s position.
pub(super) fn line(name: &str, game: &Game, found: &SearchResult, p: &str) -> String {
    let pos = game.position();
    let me = pos.to_move();
    let mv = found.mv;
    let what = match pos.play_traced(mv) {
        Ok(trace) => {
            let mut parts = text::move_parts(&trace);
            let gained = gain(&trace.before, &trace.after, me);
            if gained > 0 {
                parts.push(tr!("hint-gain", count = gained));
            }
            parts.join(", ")
        }
        // The search only returns legal moves; say nothing more if that ever fails.
        Err(_) => String::new(),
    };
    let verdict = verdict(found);
    tr!(
        "hint-line",
        player = name,
        side = text::side_name(me),
        p = p,
        mv = mv.to_string(),
        what = what,
        verdict = verdict
    )
}

/// Seeds `me` gains by the move from `before` to `after`: Katro's captures land on his
/// side (K6b), Hoyito's go to his store (H5, H6a, H7).
pub(super) fn gain(
    before: &mancala_rules::Position,
    after: &mancala_rules::Position,
    me: Side,
) -> i64 {
    if before.variant().is_katro() {
        i64::from(after.seeds_of(me)) - i64::from(before.seeds_of(me))
    } else {
        i64::from(after.store(me)) - i64::from(before.store(me))
    }
}

/// The AI's verdict in words: a forced result, or the balance in seeds.
fn verdict(found: &SearchResult) -> String {
    let s = found.score;
    let depth = tr!("hint-depth", count = found.depth);
    if s > WIN_BOUND {
        tr!("hint-forced-win", depth = depth)
    } else if s < -WIN_BOUND {
        tr!("hint-forced-loss", depth = depth)
    } else {
        let seeds = crate::i18n::decimal_arg((f64::from(s) / 100.0).abs(), 1);
        if s >= 0 {
            tr!("hint-balance-for", depth = depth, seeds = seeds)
        } else {
            tr!("hint-balance-against", depth = depth, seeds = seeds)
        }
    }
}

impl Core {
    /// `!hint`: checks over the channel's record and settings as read with the command
    /// that the author may have one ([`allowed`]), searches on the AI's pool, and
    /// answers with [`line`]. Writes nothing.
    pub(super) fn hint(&self, msg: &Incoming, state: &ChannelState) -> Answer {
        let p = &self.settings.prefix;
        let game = match allowed(state.record(), &state.channel, &msg.author, p) {
            Ok(game) => game,
            Err(why) => return refuse(why),
        };
        let ticket = match self.ai_pool.admit() {
            Ok(t) => t,
            Err(busy) => return Ok(vec![vs_ai::busy_reply(busy)]),
        };
        let config = SearchConfig {
            level: 5,
            ms_per_move: self.settings.ai_ms_per_move,
            tt_mb: self.settings.ai_tt_mb,
            seed: 0,
            max_nodes: self.settings.ai_max_nodes,
            opening_plies: 0,
        };
        let searched = game.clone();
        // A fresh table (issue 32): the hint of a position is the same whichever
        // searcher of the pool gives it and whatever it searched before; with a node
        // budget (`[ai] max_nodes`) it is the same move every time.
        let found = self.ai_pool.search(&ticket, config, move |ai| {
            ai.reset();
            ai.choose_in_game(&searched)
        });
        match found {
            Ok(Some(found)) => Ok(vec![text_reply(line(&msg.author.name, &game, &found, p))]),
            Ok(None) => refuse(tr!("hint-game-over")),
            Err(e) => refuse(tr!("hint-search-failed", error = e.to_string())),
        }
    }
}
