//! Glicko-2 ratings (the `skillratings` crate) per game family (Katro, Hoyito) per
//! community, stored as documents: one table per community and family
//! (`rating/COMMUNITY/FAMILY`), and one history entry per rated game and player
//! (`ratinglog/COMMUNITY/FAMILY/USER/MS-GAMEID`).
//!
//! Each rated game is its own rating period (the ratings move after every game), and a
//! player's deviation grows, as Glickman defines it for a player who does not compete,
//! for every whole rating period (`[ratings] period_days`) since his last rated game
//! ([`idle_deviation`]): before his next game is applied, and wherever his rating is
//! shown, so that a player who comes back after a long time is provisional again.
//! Ratings are on the Glicko scale (1500, RD 350, volatility 0.06 to start); skillratings
//! converts to and from the Glicko-2 scale (factor 173.7178) inside.
//!
//! A game is rated only between two people, not aborted, and once both sides have
//! moved: a game one side never moved in is unrated however it ended (resignation,
//! time, withdrawal), also in a tournament, where it still scores.
//!
//! Applying a game is idempotent, keyed by its id ([`apply_to`]), so that the core can
//! apply a finished game again after a crash (see [`crate::store::Store::unsettled`]).

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use skillratings::glicko2::{glicko2, glicko2_rating_period, Glicko2Config, Glicko2Rating};
use skillratings::Outcomes;

use crate::model::GameKind;
use crate::model::User;
use crate::store::keys::DocKey;
use crate::store::{docs, Store, StoreError};

/// A player's rating in one family, with his record.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PlayerRating {
    /// The player (name as last seen).
    pub user: User,
    /// Rating (Glicko scale).
    pub rating: f64,
    /// Rating deviation (RD) after his last rated game; [`PlayerRating::at`] gives it
    /// grown by the periods since.
    pub deviation: f64,
    /// Volatility.
    pub volatility: f64,
    /// Rated games won, drawn, lost.
    pub won_drawn_lost: [u32; 3],
    /// Last rated game, milliseconds since the Unix epoch.
    pub last_ms: u64,
}

impl PlayerRating {
    /// A new player: 1500, RD 350, volatility 0.06.
    pub fn new(user: User) -> PlayerRating {
        let g = Glicko2Rating::new();
        PlayerRating {
            user,
            rating: g.rating,
            deviation: g.deviation,
            volatility: g.volatility,
            won_drawn_lost: [0; 3],
            last_ms: 0,
        }
    }

    fn glicko(&self) -> Glicko2Rating {
        Glicko2Rating {
            rating: self.rating,
            deviation: self.deviation,
            volatility: self.volatility,
        }
    }

    /// Rated games played (at most [`u32::MAX`]: the sum saturates).
    pub fn games(&self) -> u32 {
        self.won_drawn_lost
            .iter()
            .fold(0u32, |sum, n| sum.saturating_add(*n))
    }

    /// This rating at `now_ms`: the deviation grown for the whole rating periods of
    /// `period_ms` since his last rated game ([`idle_deviation`]); rating and volatility
    /// do not change while a player sits out.
    pub fn at(&self, now_ms: u64, period_ms: u64) -> PlayerRating {
        let periods = idle_periods(self.last_ms, now_ms, period_ms);
        PlayerRating {
            deviation: idle_deviation(self.deviation, self.volatility, periods),
            ..self.clone()
        }
    }
}

/// The deviation of a new player (Glicko scale), which no idle growth exceeds.
pub const MAX_DEVIATION: f64 = 350.0;

/// The whole rating periods of `period_ms` from a last rated game at `last_ms` to
/// `now_ms`; 0 for a player who never played (`last_ms` 0) and for a period of 0.
pub fn idle_periods(last_ms: u64, now_ms: u64, period_ms: u64) -> u64 {
    if last_ms == 0 || period_ms == 0 {
        return 0;
    }
    now_ms.saturating_sub(last_ms) / period_ms
}

/// The deviation (Glicko scale) of a player with `deviation` and `volatility` after
/// `periods` rating periods without a game: Glickman's step 6 for a player who does not
/// compete, phi* = sqrt(phi^2 + sigma^2) on the Glicko-2 scale (phi = RD / 173.7178),
/// applied once per period, that is sqrt(phi^2 + periods * sigma^2); at most
/// [`MAX_DEVIATION`], the deviation of a new player.
pub fn idle_deviation(deviation: f64, volatility: f64, periods: u64) -> f64 {
    if periods == 0 {
        return deviation;
    }
    let phi = deviation / GLICKO2_SCALE;
    let grown = (phi * phi + periods as f64 * volatility * volatility).sqrt() * GLICKO2_SCALE;
    grown.min(MAX_DEVIATION)
}

/// The factor between the Glicko and the Glicko-2 scales (Glickman).
const GLICKO2_SCALE: f64 = 173.7178;

/// Glicko-2's settings: the system constant and the rating period.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Glicko {
    /// The system constant tau.
    pub tau: f64,
    /// The rating period, milliseconds (see [`idle_deviation`]).
    pub period_ms: u64,
}

impl Glicko {
    /// The settings of `s`.
    pub fn of(s: &crate::core::Settings) -> Glicko {
        Glicko {
            tau: s.glicko_tau,
            period_ms: crate::core::limits::millis(s.rating_period),
        }
    }
}

/// The ratings of one family in one community.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub struct RatingTable {
    /// By user id.
    pub players: BTreeMap<String, PlayerRating>,
    /// Ids of the last games applied (so that a game is never applied twice).
    #[serde(default)]
    pub applied: Vec<String>,
    /// History entries of applied games not yet written as their own documents: written
    /// with the table, in the same compare-and-swap, then each written out and removed
    /// here, so that a crash in between loses none (the next game applied to the
    /// table writes them).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub pending: Vec<PendingChange>,
}

/// A history entry waiting in its table (see [`RatingTable::pending`]).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PendingChange {
    /// Whose entry.
    pub user: User,
    /// The entry.
    pub change: RatingChange,
}

/// One rated game of one player: the history entry.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RatingChange {
    /// The game.
    pub game_id: String,
    /// When it ended, milliseconds since the Unix epoch.
    pub at_ms: u64,
    /// The opponent.
    pub opponent: User,
    /// The player's score: 1, 0.5 or 0.
    pub score: f64,
    /// Rating and RD before (the RD grown by the periods sat out).
    pub before: (f64, f64),
    /// Rating and RD after.
    pub after: (f64, f64),
}

/// A family's rating history for the chart: the rating and RD before the first change,
/// then after each; `None` without any change.
pub(super) fn rating_series(
    name: &str,
    changes: &[RatingChange],
) -> Option<crate::core::painter::Series> {
    let first = changes.first()?;
    let points = std::iter::once(first.before)
        .chain(changes.iter().map(|c| c.after))
        .map(|(r, d)| (r as f32, d as f32))
        .collect();
    Some(crate::core::painter::Series {
        name: name.to_string(),
        points,
    })
}

/// The rating families, in the order views list them.
pub const FAMILIES: [&str; 2] = ["katro", "hoyito"];

/// The rating family of a game kind: `katro` or `hoyito` (every board size and match
/// play of a game share one rating).
pub fn family(kind: GameKind) -> &'static str {
    if kind.variant.is_katro() {
        "katro"
    } else {
        "hoyito"
    }
}

/// The table key of `family` in `community`.
pub fn table_key(community: &str, family: &str) -> DocKey {
    DocKey::rating(community, family)
}

/// A rating period (RULES: Glickman's Glicko-2 step 1-8): `player` after the games
/// `results` (opponent, score 1/0.5/0), with system constant `tau`.
pub fn rating_period(
    player: (f64, f64, f64),
    results: &[((f64, f64, f64), f64)],
    tau: f64,
) -> (f64, f64, f64) {
    let cfg = Glicko2Config {
        tau,
        ..Glicko2Config::new()
    };
    let results: Vec<(Glicko2Rating, Outcomes)> = results
        .iter()
        .map(|&(o, s)| (Glicko2Rating::from(o), outcome(s)))
        .collect();
    let g = glicko2_rating_period(&Glicko2Rating::from(player), &results, &cfg);
    (g.rating, g.deviation, g.volatility)
}

fn outcome(score: f64) -> Outcomes {
    if score > 0.75 {
        Outcomes::WIN
    } else if score < 0.25 {
        Outcomes::LOSS
    } else {
        Outcomes::DRAW
    }
}

/// One rated game, as [`apply_to`] applies it.
#[derive(Clone, Copy, Debug)]
pub struct RatedGame<'a> {
    /// The community whose ratings it counts for.
    pub community: &'a str,
    /// The rating family ([`family`]).
    pub family: &'a str,
    /// The game's id: a game is applied once.
    pub id: &'a str,
    /// When it ended, milliseconds since the Unix epoch.
    pub at_ms: u64,
    /// The first player (South).
    pub a: &'a User,
    /// The second player (North).
    pub b: &'a User,
    /// `a`'s score: 1, 0.5 or 0.
    pub score_a: f64,
}

/// Applies one rated game to `t`, its table, as one rating period of its own for both
/// players after their deviations grew for the periods they sat out
/// ([`PlayerRating::at`]); the two history entries are left pending in the table (see
/// [`write_pending`]). Returns both players' ratings before and after, or `None`
/// (the table unchanged) when the game was already applied. Pure: the caller reads the
/// table and writes it back, in the same compare-and-swap as the game's other
/// consequences.
pub fn apply_to(
    t: &mut RatingTable,
    game: &RatedGame<'_>,
    glicko: Glicko,
) -> Option<[(PlayerRating, PlayerRating); 2]> {
    if t.applied.iter().any(|g| g == game.id) {
        return None;
    }
    let cfg = Glicko2Config {
        tau: glicko.tau,
        ..Glicko2Config::new()
    };
    let (a, b, score_a, now_ms) = (game.a, game.b, game.score_a, game.at_ms);
    let current = |u: &User| {
        t.players.get(&u.id).map_or_else(
            || PlayerRating::new(u.clone()),
            |p| p.at(now_ms, glicko.period_ms),
        )
    };
    let (ra, rb) = (current(a), current(b));
    let (na, nb) = glicko2(&ra.glicko(), &rb.glicko(), &outcome(score_a), &cfg);
    let pa = after_game(&ra, a, na, score_a, now_ms);
    let pb = after_game(&rb, b, nb, 1.0 - score_a, now_ms);
    t.players.insert(a.id.clone(), pa.clone());
    t.players.insert(b.id.clone(), pb.clone());
    for (me, before, after, opp, score) in
        [(a, &ra, &pa, b, score_a), (b, &rb, &pb, a, 1.0 - score_a)]
    {
        t.pending.push(PendingChange {
            user: me.clone(),
            change: RatingChange {
                game_id: game.id.to_string(),
                at_ms: now_ms,
                opponent: opp.clone(),
                score,
                before: (before.rating, before.deviation),
                after: (after.rating, after.deviation),
            },
        });
    }
    t.applied.push(game.id.to_string());
    if t.applied.len() > 1000 {
        t.applied.remove(0);
    }
    Some([(ra, pa), (rb, pb)])
}

/// `before`, `user`'s rating, after a game scored `score` that gave `new`, at `now_ms`.
fn after_game(
    before: &PlayerRating,
    user: &User,
    new: Glicko2Rating,
    score: f64,
    now_ms: u64,
) -> PlayerRating {
    let k = if score > 0.75 {
        0
    } else if score < 0.25 {
        2
    } else {
        1
    };
    let mut p = before.clone();
    (p.rating, p.deviation, p.volatility) = (new.rating, new.deviation, new.volatility);
    p.user = user.clone();
    p.won_drawn_lost[k] = p.won_drawn_lost[k].saturating_add(1);
    p.last_ms = now_ms;
    p
}

/// Writes the history entries pending in the table of `community`/`fam` as their own
/// documents (each once: an entry already written is left as it is) and removes them
/// from the table.
///
/// # Errors
/// A store failure; what was written stays written, the rest stays pending.
pub fn write_pending(store: &dyn Store, community: &str, fam: &str) -> Result<(), StoreError> {
    let pending = table(store, community, fam)?.pending;
    if pending.is_empty() {
        return Ok(());
    }
    for p in &pending {
        let k = DocKey::rating_log(community, fam, &p.user, p.change.at_ms, &p.change.game_id);
        if store.doc(&k)?.is_none() {
            docs::save(store, &k, None, &p.change)?;
        }
    }
    docs::update(store, &table_key(community, fam), |t: &mut RatingTable| {
        t.pending.retain(|p| !pending.contains(p));
        Ok::<_, StoreError>(())
    })
}

/// The table of `community`/`fam`.
///
/// # Errors
/// A store failure or an unreadable table.
pub fn table(store: &dyn Store, community: &str, fam: &str) -> Result<RatingTable, StoreError> {
    Ok(docs::load::<RatingTable>(store, &table_key(community, fam))?.value)
}

/// The rating history of `user` in `community`/`fam`, oldest first.
///
/// # Errors
/// A store failure or an unreadable entry.
pub fn history(
    store: &dyn Store,
    community: &str,
    fam: &str,
    user: &User,
) -> Result<Vec<RatingChange>, StoreError> {
    let prefix = crate::store::keys::DocPrefix::RatingLog {
        community: community.into(),
        family: fam.into(),
        user: user.id.clone(),
    };
    decode_history(store.docs(&prefix)?)
}

/// A rating history from its stored entries (key order is time order), oldest first.
///
/// # Errors
/// [`StoreError::Read`] naming an unreadable entry.
pub fn decode_history(entries: Vec<(DocKey, Vec<u8>)>) -> Result<Vec<RatingChange>, StoreError> {
    entries
        .into_iter()
        .map(|(k, v)| {
            serde_json::from_slice(&v).map_err(|e| StoreError::Read {
                key: format!("document {k}"),
                reason: e.to_string(),
            })
        })
        .collect()
}

/// `1 game`, `5 games`.
pub(super) fn games_text(n: u32) -> String {
    tr!("rating-games", count = n)
}

/// `1562 ±120` (rounded), with `?` when provisional (RD above `provisional_rd`).
pub fn rating_text(p: &PlayerRating, provisional_rd: f64) -> String {
    format!(
        "{:.0}{} ±{:.0}",
        p.rating,
        if p.deviation > provisional_rd {
            "?"
        } else {
            ""
        },
        p.deviation
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Glickman's worked example (glicko2.pdf): 1500/200/0.06 against 1400/30, 1550/100
    /// and 1700/300, scoring 1, 0, 0, with tau 0.5: 1464.06, RD 151.52, volatility
    /// 0.05999.
    #[test]
    fn glickman_worked_example() {
        let (r, rd, vol) = rating_period(
            (1500.0, 200.0, 0.06),
            &[
                ((1400.0, 30.0, 0.06), 1.0),
                ((1550.0, 100.0, 0.06), 0.0),
                ((1700.0, 300.0, 0.06), 0.0),
            ],
            0.5,
        );
        assert!((r - 1464.06).abs() < 0.01, "{r}");
        assert!((rd - 151.52).abs() < 0.01, "{rd}");
        assert!((vol - 0.05999).abs() < 0.00001, "{vol}");
    }

    /// Glickman's step 6 for a player who does not compete: phi* = sqrt(phi^2 +
    /// sigma^2) per rating period sat out (phi = RD / 173.7178). RD 50, volatility 0.06:
    /// 51.0749 after one period, 52.1275 after two, 59.8866 after ten, 115.6029 (above
    /// the provisional 110) after a hundred; never above 350.
    #[test]
    fn idle_periods_grow_the_deviation_by_glickmans_step_6() {
        for (periods, want) in [
            (0, 50.0),
            (1, 51.074_850_430_839_49),
            (2, 52.127_542_557_320_396),
            (10, 59.886_588_359_383_46),
            (100, 115.602_918_013_614_17),
            (1000, 333.377_183_581_338),
            (2000, 350.0),
        ] {
            let rd = idle_deviation(50.0, 0.06, periods);
            assert!((rd - want).abs() < 1e-9, "{periods}: {rd}");
        }
        // The same as skillratings' one-period decay applied period after period.
        let mut g = Glicko2Rating {
            rating: 1500.0,
            deviation: 50.0,
            volatility: 0.06,
        };
        for _ in 0..10 {
            g = skillratings::glicko2::decay_deviation(&g);
        }
        assert!((g.deviation - idle_deviation(50.0, 0.06, 10)).abs() < 1e-9);
        // Whole periods since the last rated game; none for one who never played.
        let week = 7 * 86_400_000;
        assert_eq!(idle_periods(1_000, 1_000 + week - 1, week), 0);
        assert_eq!(idle_periods(1_000, 1_000 + week, week), 1);
        assert_eq!(idle_periods(1_000, 1_000 + 100 * week + 5, week), 100);
        assert_eq!(idle_periods(0, 100 * week, week), 0);
        let mut p = PlayerRating::new(User::default());
        (p.rating, p.deviation, p.last_ms) = (1600.0, 50.0, 1_000);
        let back = p.at(1_000 + 100 * week, week);
        assert_eq!((back.rating, back.volatility), (1600.0, 0.06));
        assert!((back.deviation - 115.602_918_013_614_17).abs() < 1e-9);
    }
}
