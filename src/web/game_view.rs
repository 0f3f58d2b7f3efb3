//! What the page of a game shows, read from its record: the players by display name
//! (never a platform id), the game's kind, each position of the replay, the result; and
//! the live state (`/g/ID/state`) that the page polls while the game goes on. Pure:
//! the handlers ([`super::game`]) read the store.

use mancala_rules::{Game, Hole, Position, Side, Trace};
use serde::Serialize;

use crate::core::review_store::StoredReview;
use crate::core::text;
use crate::core::SiteSettings;
use crate::i18n::Lang;
use crate::store::keys::DocKey;
use crate::store::{Record, Status, Store};

/// The script of the replay, served at [`REPLAY_JS_PATH`].
pub(crate) const REPLAY_JS: &str = include_str!("replay.js");
/// Where [`REPLAY_JS`] is served.
pub(crate) const REPLAY_JS_PATH: &str = "/static/replay.js";

/// A game found for a page, with what its page reads besides.
pub(crate) struct Found {
    /// The record.
    pub(crate) record: Record,
    /// Its community's web settings.
    pub(crate) site: SiteSettings,
    /// Its channel's language setting, the page's last choice.
    pub(crate) language: Option<Lang>,
    /// The stored analysis's bytes, read with the game (the page's cache key holds
    /// their hash), if one was made.
    pub(crate) analysis: Option<Vec<u8>>,
}

/// The stored analysis of `r`, if one was made (and still matches its game).
pub(crate) fn stored_review(store: &dyn Store, r: &Record) -> Option<StoredReview> {
    let key = DocKey::analysis(&r.at.community, &r.id);
    review_of(&store.doc(&key).ok()??, r)
}

/// The analysis of `r` stored as `bytes`, if it still matches its game.
pub(crate) fn review_of(bytes: &[u8], r: &Record) -> Option<StoredReview> {
    let review: StoredReview = serde_json::from_slice(bytes).ok()?;
    let game = super::game_view::game_of(r)?;
    review.is_of(game).then_some(review)
}

/// One position of the replay: after the move `mv` (`None`: the start).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub(crate) struct PlyView {
    /// The move that led here, in the bot's notation (`c1+`); `None` at the start.
    #[serde(rename = "m")]
    pub(crate) mv: Option<String>,
    /// The hole the move was sown from (`c1`), to mark it.
    #[serde(rename = "f")]
    pub(crate) from: Option<String>,
    /// The seeds of every hole, row 1 first, each row from column a; `None`: a closed
    /// hole (M2).
    #[serde(rename = "b")]
    pub(crate) board: Vec<Vec<Option<u16>>>,
    /// Seeds captured by South and North (Hoyito: their stores).
    #[serde(rename = "c")]
    pub(crate) captured: [u32; 2],
}

/// A game as its page shows it.
#[derive(Clone, Debug)]
pub(crate) struct GameView {
    /// The game's id.
    pub(crate) id: String,
    /// The kind of game in words (`Katro 6x6`).
    pub(crate) kind: String,
    /// South's and North's display names.
    pub(crate) names: [String; 2],
    /// The board's rows and columns.
    pub(crate) rows: u8,
    /// See [`GameView::rows`].
    pub(crate) cols: u8,
    /// Every position, the start first: one more than the moves.
    pub(crate) plies: Vec<PlyView>,
    /// The game is over (its record is in the history).
    pub(crate) finished: bool,
    /// Who is to move, or how the game ended, in words of the current language.
    pub(crate) status: String,
    /// The record's last change, milliseconds since the Unix epoch (the live state's
    /// version).
    pub(crate) updated_ms: u64,
    /// A match: its games finished so far (a page that sees it change reloads, to show
    /// the new game); 0 for a single game.
    pub(crate) games_done: usize,
}

/// The seeds of every hole of `pos`, row 1 first (see [`PlyView::board`]).
pub(crate) fn board_of(pos: &Position) -> Vec<Vec<Option<u16>>> {
    let v = pos.variant();
    (0..v.rows())
        .map(|r| {
            (0..v.cols())
                .map(|c| {
                    let h = Hole::new(c, r);
                    if pos.is_closed(h) {
                        None
                    } else {
                        Some(u16::from(pos.seeds(h).unwrap_or(0)))
                    }
                })
                .collect()
        })
        .collect()
}

/// The name of the hole at `row`, `col` (from 0) in the bot's notation: `c1`.
pub(crate) fn hole_name(row: u8, col: u8) -> String {
    Hole::new(col, row).to_string()
}

/// The game a record's page shows: a single game, or the current (or last) game of a
/// match.
pub(crate) fn game_of(r: &Record) -> Option<&Game> {
    r.play().map(|p| p.game())
}

/// Each move of `game` replayed from its start, with its trace (for the pictures);
/// stops at a move the rules refuse (a record that cannot be replayed shows what can).
pub(crate) fn traces(game: &Game) -> Vec<Trace> {
    let mut replay = Game::from_position(game.start());
    let mut out = Vec::with_capacity(game.moves().len());
    for &mv in game.moves() {
        match replay.play(mv) {
            Ok(t) => out.push(t),
            Err(_) => break,
        }
    }
    out
}

impl GameView {
    /// The view of `r`, a game in play or finished, in the current language; `None` for
    /// an open challenge (no game yet).
    pub(crate) fn of(r: &Record) -> Option<GameView> {
        let game = game_of(r)?;
        let names = Side::ALL.map(|s| r.player(s).map_or("?", |u| u.name.as_str()).to_string());
        let mut replay = Game::from_position(game.start());
        let mut plies = vec![PlyView {
            mv: None,
            from: None,
            board: board_of(&replay.position()),
            captured: Side::ALL.map(|s| replay.captured(s)),
        }];
        for &mv in game.moves() {
            if replay.advance(mv).is_err() {
                break;
            }
            plies.push(PlyView {
                mv: Some(mv.to_string()),
                from: Some(mv.from().to_string()),
                board: board_of(&replay.position()),
                captured: Side::ALL.map(|s| replay.captured(s)),
            });
        }
        let finished = r.status() == Status::Finished;
        let status = if finished {
            crate::core::result_text(r)
        } else {
            let to_move = game.position().to_move();
            tr!(
                "web-game-to-move",
                name = format!("{} ({})", names[to_move.index()], text::side_name(to_move))
            )
        };
        let v = game.variant();
        Some(GameView {
            id: r.id.clone(),
            kind: text::kind_name(r.kind),
            names,
            rows: v.rows(),
            cols: v.cols(),
            plies,
            finished,
            status,
            updated_ms: r.updated_ms,
            games_done: r.earlier_games().len(),
        })
    }

    /// The live state's tag: changes with every change of the record and with the
    /// language its words are in.
    pub(crate) fn etag(&self, lang: crate::i18n::Lang) -> String {
        format!(
            "\"{}-{}-{}\"",
            self.updated_ms,
            self.plies.len(),
            lang.code()
        )
    }

    /// The live state as JSON: `finished`, `status`, `plies` (see [`PlyView`]) and
    /// `games_done` (see [`GameView::games_done`]).
    pub(crate) fn state_json(&self) -> String {
        serde_json::json!({
            "finished": self.finished,
            "status": self.status,
            "plies": self.plies,
            "games_done": self.games_done,
        })
        .to_string()
    }
}
