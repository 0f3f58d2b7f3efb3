//! A document from a backup checked as deeply as a record: its key is one the bot
//! writes, in the form it writes it, and its value is one the bot could have written
//! under that key, with every index, id, number and time in range.
//!
//! - `rating/COMMUNITY/FAMILY`: a family the bot rates (`katro`, `hoyito`); each
//!   player under his own id, with a finite rating, a deviation and a volatility of
//!   Glicko-2's ranges, a count of games that cannot overflow; applied game ids
//!   well formed and distinct; pending history entries as below.
//! - `ratinglog/COMMUNITY/FAMILY/USER/ENTRY`: `ENTRY` is the entry's time (16 digits)
//!   and game id, as in the value; a score of 1, 0.5 or 0 against another player.
//! - `tour/COMMUNITY/NAME`: the tournament of that community and name (see
//!   [`check_tournament`]).
//! - `chan/COMMUNITY/CHANNEL`, `player/COMMUNITY/USER`: their settings decode.
//! - `analysis/COMMUNITY/GAME`: a game id the bot makes; the stored review decodes.

use std::collections::HashSet;

use super::{check_id, check_place, check_time, check_user, json};
use crate::core::limits::MOVE_TIME_MS;
use crate::core::ratings::{PlayerRating, RatingChange, RatingTable, MAX_DEVIATION};
use crate::core::shapes;
use crate::core::tournament::{
    Format, Pairing, Phase, Res, Tournament, MAX_BOARD_GAMES, MAX_ENTRANTS,
};
use crate::store::keys::DocKey;

/// The game families the bot rates (see [`crate::core::ratings::family`]).
const FAMILIES: [&str; 2] = ["katro", "hoyito"];

/// The most games a rating counts: far more than any player plays, and far from
/// overflowing the counters.
const MAX_GAMES: u64 = 1_000_000_000;

/// The range of a rating, Glicko scale: far wider than play reaches.
const RATING: std::ops::RangeInclusive<f64> = -10_000.0..=10_000.0;

/// The most ids a rating table remembers as applied ([`RatingTable::applied`]).
const MAX_APPLIED: usize = 1000;

/// The key `raw` as a document key the bot writes: one it parses, in the form it
/// writes it (escapes as [`DocKey`]'s `Display` writes them), every part a well-formed
/// name.
///
/// # Errors
/// What is wrong with the key.
pub(super) fn check_key(raw: &str) -> Result<DocKey, String> {
    let key = DocKey::parse(raw)?;
    if key.to_string() != raw {
        return Err(format!(
            "the key `{}` is not written as the bot writes it (`{key}`)",
            json::short(raw)
        ));
    }
    match &key {
        DocKey::Rating { family, .. } | DocKey::RatingLog { family, .. } => {
            if !FAMILIES.contains(&family.as_str()) {
                return Err(format!(
                    "`{}` is not a game family the bot rates (katro, hoyito)",
                    json::short(family)
                ));
            }
        }
        DocKey::Tour { name, .. } => check_tournament_name(name, true)?,
        DocKey::Chan(at) => check_place("the channel", at)?,
        DocKey::Player { .. } | DocKey::Games { .. } | DocKey::Puzzles { .. } => {}
        DocKey::Analysis { game, .. } => check_id("the analysed game's id", game)?,
        DocKey::Vacations(_) | DocKey::Site(_) => {}
        DocKey::ChanLog(at) => check_place("the channel", at)?,
        DocKey::GameAt { id, .. } => check_id("the game's id", id)?,
    }
    let community = key.community().to_string();
    check_place(
        "the community",
        &crate::model::ChannelKey {
            channel: community.clone(),
            community,
        },
    )?;
    match &key {
        DocKey::RatingLog { user, .. }
        | DocKey::Player { user, .. }
        | DocKey::Games { user, .. } => {
            check_user_id("the key's user", user)?;
        }
        _ => {}
    }
    Ok(key)
}

/// A user id as the key of a document or of a rating table's player.
fn check_user_id(what: &str, id: &str) -> Result<(), String> {
    check_user(
        what,
        &crate::model::User {
            id: id.to_string(),
            name: id.to_string(),
        },
    )
}

/// A tournament's name as `!tournament new` takes it ([`shapes::is_tournament_name`]),
/// lower case in its key.
fn check_tournament_name(name: &str, in_key: bool) -> Result<(), String> {
    let ok = shapes::is_tournament_name(name)
        && !(in_key && name.chars().any(|c| c.is_ascii_uppercase()));
    if ok {
        return Ok(());
    }
    Err(format!(
        "the tournament name `{}` is not {}{}",
        json::short(name),
        shapes::TOURNAMENT_NAME_RULE,
        if in_key {
            ", lower case in its key"
        } else {
            ""
        }
    ))
}

/// A rating table (`rating/COMMUNITY/FAMILY`).
pub(super) fn check_rating_table(t: &RatingTable) -> Result<(), String> {
    for (id, p) in &t.players {
        if *id != p.user.id {
            return Err(format!(
                "the player listed under `{}` is {}",
                json::short(id),
                json::short(&p.user.id)
            ));
        }
        check_player_rating(p).map_err(|e| format!("player {}: {e}", json::short(id)))?;
    }
    if t.applied.len() > MAX_APPLIED {
        return Err(format!(
            "{} applied game ids; a table keeps the last {MAX_APPLIED}",
            t.applied.len()
        ));
    }
    let mut seen = HashSet::new();
    for id in &t.applied {
        check_id("an applied game id", id)?;
        if !seen.insert(id) {
            return Err(format!("the game {id} is listed as applied twice"));
        }
    }
    for p in &t.pending {
        check_user("a pending entry's player", &p.user)?;
        check_rating_change(&p.user.id, &p.change)
            .map_err(|e| format!("the pending entry of {}: {e}", json::short(&p.user.id)))?;
        if !seen.contains(&p.change.game_id) {
            return Err(format!(
                "a pending entry for game {}, which is not listed as applied",
                p.change.game_id
            ));
        }
    }
    Ok(())
}

/// One player's rating: finite numbers in Glicko-2's ranges, a count of games that
/// cannot overflow, a time in range.
fn check_player_rating(p: &PlayerRating) -> Result<(), String> {
    check_user("the player", &p.user)?;
    check_rating("rating", p.rating, p.deviation)?;
    if !(p.volatility.is_finite() && p.volatility > 0.0 && p.volatility <= 1.0) {
        return Err(format!(
            "volatility {} is not above 0 and at most 1",
            p.volatility
        ));
    }
    let games: u64 = p.won_drawn_lost.iter().map(|&n| u64::from(n)).sum();
    if games > MAX_GAMES {
        return Err(format!(
            "{games} games (won, drawn, lost {:?}) is more than {MAX_GAMES}",
            p.won_drawn_lost
        ));
    }
    check_time("last_ms", p.last_ms)?;
    if (games == 0) != (p.last_ms == 0) {
        return Err(format!(
            "{games} rated games but last_ms {}: a rated game sets it",
            p.last_ms
        ));
    }
    Ok(())
}

/// A rating and its deviation: finite, the rating within [`RATING`], the deviation
/// above 0 and not beyond what Glicko-2 gives (at most [`MAX_DEVIATION`], with room
/// for the rounding of one rating period).
fn check_rating(what: &str, rating: f64, deviation: f64) -> Result<(), String> {
    if !(rating.is_finite() && RATING.contains(&rating)) {
        return Err(format!(
            "{what} {rating:?} is not a finite number from {} to {}",
            RATING.start(),
            RATING.end()
        ));
    }
    if !(deviation.is_finite() && deviation > 0.0 && deviation <= MAX_DEVIATION + 1.0) {
        return Err(format!(
            "the deviation {deviation} of {what} is not above 0 and at most {MAX_DEVIATION}"
        ));
    }
    Ok(())
}

/// A history entry of `user` (`ratinglog/...`, or pending in its table).
pub(super) fn check_rating_change(user: &str, c: &RatingChange) -> Result<(), String> {
    check_id("the game id", &c.game_id)?;
    check_time("at_ms", c.at_ms)?;
    check_user("the opponent", &c.opponent)?;
    if c.opponent.id == user {
        return Err(format!("{user} is his own opponent"));
    }
    if ![0.0, 0.5, 1.0].contains(&c.score) {
        return Err(format!("the score {} is not 1, 0.5 or 0", c.score));
    }
    check_rating("the rating before", c.before.0, c.before.1)?;
    check_rating("the rating after", c.after.0, c.after.1)?;
    Ok(())
}

/// A history entry under its key: the key's user and entry (time, then game id) are
/// the value's.
pub(super) fn check_rating_log(key: &DocKey, c: &RatingChange) -> Result<(), String> {
    let DocKey::RatingLog { user, entry, .. } = key else {
        return Ok(());
    };
    check_rating_change(user, c)?;
    let want = format!("{:016}-{}", c.at_ms, c.game_id);
    if *entry != want {
        return Err(format!(
            "the key's entry `{}` is not the value's time and game id ({want})",
            json::short(entry)
        ));
    }
    Ok(())
}

/// A tournament under its key (`tour/COMMUNITY/NAME`):
/// - its format version, id, name (the key's, in any case), home channel (in the key's
///   community), organizer, time per move (1 h to 720 h) and creation time;
/// - the entrants: at most [`MAX_ENTRANTS`], each once, with finite ratings; nobody
///   withdrawn and no rating before the start;
/// - the rounds: numbered from 1 in order, no more than the format plays; boards
///   numbered from 1 in order; each pairing's entrants within the entrants, two
///   different players or a bye (won by its player, no game), each entrant on one
///   board per round; a game's id as the tournament names it and its room one the
///   tournament opens ([`shapes::room_fits`]), each room used once; a result without a
///   game only by forfeit;
/// - the phase: registration before any round, running with a current round and every
///   earlier one complete, finished with every round complete.
pub(super) fn check_tournament(key: &DocKey, t: &Tournament) -> Result<(), String> {
    if t.format_version != 1 {
        return Err(format!(
            "tournament format version {} is not one this build reads (1)",
            t.format_version
        ));
    }
    check_id("the tournament id", &t.id)?;
    check_tournament_name(&t.name, false)?;
    if t.key() != *key {
        return Err(format!(
            "the tournament {} of community {} belongs under {}, not {key}",
            t.name,
            t.home.community,
            t.key()
        ));
    }
    check_place("the home channel", &t.home)?;
    check_user("the organizer", &t.organizer)?;
    if t.kind.is_match && t.kind.variant.is_katro() {
        return Err(format!(
            "a tournament of {} matches: match play (M1-M4) is Hoyito's",
            t.kind.variant
        ));
    }
    if let Format::Swiss { rounds } = t.format {
        if !(1..=20).contains(&rounds) {
            return Err(format!("a Swiss of {rounds} rounds: 1 to 20 are allowed"));
        }
    }
    if let Format::Arena { minutes } = t.format {
        if !(10..=7 * 24 * 60).contains(&minutes) {
            return Err(format!(
                "an arena of {minutes} minutes: 10 minutes to 7 days are allowed"
            ));
        }
    }
    match (t.format, t.arena_start_ms) {
        (Format::Arena { .. }, None) if matches!(t.phase, Phase::Running | Phase::Finished) => {
            return Err("an arena started without a start time".into())
        }
        (Format::Arena { .. }, Some(_)) if t.phase == Phase::Registration => {
            return Err("an arena not started has a start time".into())
        }
        (Format::Arena { .. }, Some(ms)) => check_time("arena_start_ms", ms)?,
        (_, Some(_)) => return Err("a start time outside an arena".into()),
        _ => {}
    }
    if let Some(ms) = t.move_time_ms {
        if !MOVE_TIME_MS.contains(&ms) {
            return Err(format!(
                "move_time_ms {ms} is out of range: a time per move is 1 h to 720 h ({} to \
                 {} ms)",
                MOVE_TIME_MS.start(),
                MOVE_TIME_MS.end()
            ));
        }
    }
    check_time("created_ms", t.created_ms)?;
    check_organizing(t)?;
    check_entrants(t)?;
    check_rounds(t)?;
    check_phase(t)
}

/// What the organizer tools leave in a tournament: a log of at most
/// [`MAX_LOG`](crate::core::tournament::log::MAX_LOG) entries, a pause only while it
/// runs.
fn check_organizing(t: &Tournament) -> Result<(), String> {
    use crate::core::tournament::log::MAX_LOG;
    if t.log.len() > MAX_LOG {
        return Err(format!(
            "an organizer's log of {} entries; at most {MAX_LOG} are kept",
            t.log.len()
        ));
    }
    if t.paused.is_some() && t.phase != crate::core::tournament::Phase::Running {
        return Err(format!("paused, but {:?}, not running", t.phase));
    }
    Ok(())
}

fn check_entrants(t: &Tournament) -> Result<(), String> {
    if t.entrants.len() > MAX_ENTRANTS {
        return Err(format!(
            "{} entrants; a tournament takes at most {MAX_ENTRANTS}",
            t.entrants.len()
        ));
    }
    let mut ids = HashSet::new();
    for (i, e) in t.entrants.iter().enumerate() {
        check_user(&format!("entrant {i}"), &e.user)?;
        if !ids.insert(&e.user.id) {
            return Err(format!("{} is entered twice", e.user.id));
        }
        if !(e.rating.is_finite() && RATING.contains(&e.rating)) {
            return Err(format!(
                "entrant {i}'s rating {} is not a finite number from {} to {}",
                e.rating,
                RATING.start(),
                RATING.end()
            ));
        }
        if t.phase == Phase::Registration && (e.withdrawn || e.rating != 0.0) {
            return Err(format!(
                "entrant {i} is withdrawn or seeded before the start"
            ));
        }
    }
    Ok(())
}

fn check_rounds(t: &Tournament) -> Result<(), String> {
    let n = t.entrants.len();
    let most = t.total_rounds() as usize;
    if t.rounds.len() > most {
        return Err(format!(
            "{} rounds, but a {} of {n} players plays {most}",
            t.rounds.len(),
            t.format
        ));
    }
    let mut rooms = HashSet::new();
    for (ri, round) in t.rounds.iter().enumerate() {
        let rn = ri + 1;
        if round.number as usize != rn {
            return Err(format!("round {rn} is numbered {}", round.number));
        }
        let mut playing = vec![false; n];
        for (bi, p) in round.pairings.iter().enumerate() {
            let where_ = format!("round {rn}, board {}", bi + 1);
            if p.board as usize != bi + 1 {
                return Err(format!("{where_} is numbered {}", p.board));
            }
            if p.north == Some(p.south) {
                return Err(format!("{where_}: entrant {} plays himself", p.south));
            }
            for e in std::iter::once(p.south).chain(p.north) {
                if e >= n {
                    return Err(format!(
                        "{where_}: entrant {e} does not exist (there are {n}, from 0)"
                    ));
                }
                if std::mem::replace(&mut playing[e], true) {
                    return Err(format!(
                        "{where_}: entrant {e} already plays on another board of the round"
                    ));
                }
            }
            let Some(_) = p.north else {
                if p.result != Some(Res::South) || p.room.is_some() || p.game_id.is_some() {
                    return Err(format!(
                        "{where_}: a bye is won by its player, with no room and no game"
                    ));
                }
                continue;
            };
            if let Some(room) = &p.room {
                check_place(&format!("{where_}: the room"), room)?;
                if !shapes::room_fits(&t.home.community, room) {
                    return Err(format!(
                        "{where_}: the room {}/{} is not in the tournament's community {} \
                         {}",
                        room.community,
                        room.channel,
                        t.home.community,
                        shapes::OWN_ROOM_RULE
                    ));
                }
                if !rooms.insert(room) {
                    return Err(format!(
                        "{where_}: the room {}/{} is used by another board",
                        room.community, room.channel
                    ));
                }
            }
            check_board_games(t, (rn as u32, p), &where_)?;
            match &p.game_id {
                Some(id) => {
                    // The board's game in play, or its last one (a knockout's drawn
                    // game is followed by others, `ID-rR-bB-gN`).
                    let n = match p.result {
                        Some(_) => p.last_game(),
                        None => p.next_game(),
                    };
                    // A random id (8 characters), or the one older builds gave it.
                    let want = t.legacy_game_id(rn as u32, p.board, n);
                    if *id != want && !random_game_id(id) {
                        return Err(format!(
                            "{where_}: the game id {} is not the one the tournament gives \
                             it (8 characters of {}, or {want})",
                            json::short(id),
                            std::str::from_utf8(crate::store::gameid::ALPHABET).unwrap_or("")
                        ));
                    }
                    if p.room.is_none() {
                        return Err(format!("{where_}: a game without a room"));
                    }
                }
                None if p.result.is_some() && !p.forfeit => {
                    return Err(format!(
                        "{where_}: a result without a game, and not by forfeit"
                    ));
                }
                None => {}
            }
        }
    }
    Ok(())
}

/// Whether `id` is a game id as drawn ([`crate::store::gameid::draw`]): 8 characters of
/// the alphabet, lower case.
pub(super) fn random_game_id(id: &str) -> bool {
    id.len() == crate::store::gameid::LEN
        && id
            .bytes()
            .all(|b| crate::store::gameid::ALPHABET.contains(&b))
}

/// A board's earlier games (`games`, `by_rule`, `game_ids`) of round `round`: a
/// knockout's only, at most [`MAX_BOARD_GAMES`], a result by the rule only after a drawn
/// game, one id for each finished game (or none, as stored before them).
fn check_board_games(
    t: &Tournament,
    (round, p): (u32, &Pairing),
    where_: &str,
) -> Result<(), String> {
    if t.format != Format::Knockout && (!p.games.is_empty() || p.by_rule) {
        return Err(format!(
            "{where_}: several games on one board, outside a knockout"
        ));
    }
    if p.games.len() > MAX_BOARD_GAMES {
        return Err(format!(
            "{where_}: {} games on one board, at most {MAX_BOARD_GAMES}",
            p.games.len()
        ));
    }
    if p.by_rule && (p.result.is_none() || p.games.last() != Some(&Res::Draw)) {
        return Err(format!(
            "{where_}: a result by the tie-break rule needs a drawn last game"
        ));
    }
    // The finished games' ids: none (stored before them) or one per game, each drawn.
    if !p.game_ids.is_empty() && p.game_ids.len() != p.games.len() {
        return Err(format!(
            "{where_}: {} game ids for {} finished games (one each, or none)",
            p.game_ids.len(),
            p.games.len()
        ));
    }
    // Each random, or (a board an older build began) the id that build gave it.
    let fits = |(k, id): (usize, &String)| {
        random_game_id(id) || *id == t.legacy_game_id(round, p.board, k as u32 + 1)
    };
    let bad = p
        .game_ids
        .iter()
        .enumerate()
        .find(|&g| !fits(g))
        .map(|(_, id)| id);
    if let Some(bad) = bad.or(p.next_id.as_ref().filter(|id| !random_game_id(id))) {
        return Err(format!(
            "{where_}: the game id {} is not 8 characters of {}",
            json::short(bad),
            std::str::from_utf8(crate::store::gameid::ALPHABET).unwrap_or("")
        ));
    }
    Ok(())
}

fn check_phase(t: &Tournament) -> Result<(), String> {
    let open = |r: &crate::core::tournament::Round| !r.is_complete();
    let (last, earlier) = match t.rounds.split_last() {
        Some((last, earlier)) => (Some(last), earlier),
        None => (None, &[][..]),
    };
    // An arena pairs free players while others play: several rounds are open at once.
    let arena = matches!(t.format, Format::Arena { .. });
    if let Some(r) = earlier.iter().find(|r| open(r) && !arena) {
        return Err(format!(
            "round {} has games without a result, but round {} was paired after it",
            r.number,
            r.number + 1
        ));
    }
    match t.phase {
        Phase::Registration if last.is_some() => {
            Err("rounds paired while registration is open".into())
        }
        Phase::Running | Phase::Finished if t.entrants.len() < 2 => Err(format!(
            "started with {} entrants; a tournament needs 2",
            t.entrants.len()
        )),
        Phase::Running if last.is_none() => Err("running, but no round is paired".into()),
        Phase::Finished if last.is_none_or(open) => {
            Err("finished, but a round has games without a result".into())
        }
        _ => Ok(()),
    }
}

/// An index of games (`games/...`, `chanlog/...`): each entry a game id and a channel
/// as the bot writes them.
///
/// # Errors
/// The first entry that is not.
pub(super) fn check_game_list(list: &crate::store::archive::GameList) -> Result<(), String> {
    for g in &list.games {
        check_id("an indexed game's id", &g.id)?;
        check_place(
            "an indexed game's channel",
            &crate::model::ChannelKey {
                community: g.channel.clone(),
                channel: g.channel.clone(),
            },
        )?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::core::tournament::Entrant;
    use crate::model::{ChannelKey, User};

    /// A knockout board's second game (after a draw) is restored: its id is
    /// `ID-rR-bB-g2`; any other id on that board is refused.
    #[test]
    fn a_knockout_boards_later_games_pass_the_restore_checks() {
        let mut t = Tournament {
            id: "t1".into(),
            name: "cup".into(),
            format: Format::Knockout,
            phase: Phase::Running,
            entrants: ["a", "b"]
                .map(|n| Entrant {
                    user: User {
                        id: n.into(),
                        name: n.into(),
                    },
                    rating: 1500.0,
                    withdrawn: false,
                })
                .to_vec(),
            home: ChannelKey {
                community: "guild-1".into(),
                channel: "lobby".into(),
            },
            ..Tournament::default()
        };
        assert!(t.next_round());
        let p = &mut t.rounds[0].pairings[0];
        p.room = Some(ChannelKey {
            community: "guild-1".into(),
            channel: "tourney-cup-r1-b1".into(),
        });
        p.game_id = Some("t1-r1-b1".into());
        assert!(t.record(1, 1, "t1-r1-b1", Res::Draw));
        t.rounds[0].pairings[0].game_id = Some("t1-r1-b1-g2".into());
        assert_eq!(check_rounds(&t), Ok(()));
        t.rounds[0].pairings[0].game_id = Some("t1-r1-b1-g3".into());
        assert!(check_rounds(&t).is_err());
        // A board's finished games: random ids or the ones an older build gave.
        t.rounds[0].pairings[0].game_id = Some("ab0cd1ef".into());
        assert_eq!(check_rounds(&t), Ok(()));
        t.rounds[0].pairings[0].game_ids = vec!["t1-r1-b1-g9".into()];
        assert!(check_rounds(&t).is_err());
        t.rounds[0].pairings[0].game_ids = vec!["gh2jk3mn".into()];
        assert_eq!(check_rounds(&t), Ok(()));
    }
}
