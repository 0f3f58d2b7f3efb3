//! The contract between the core and the board renderer: what a picture shows and what
//! comes back. The core only sees the [`Painter`] trait, so that its tests can run with
//! a cheap fake painter and the renderer can be tested on its own.

use mancala_rules::{Outcome, Position, Side, Trace};

/// Labels drawn around the board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoardInfo {
    /// South's player name.
    pub south: String,
    /// North's player name.
    pub north: String,
    /// Seeds captured so far by South and North: Katro, seeds taken from the opponent
    /// (`Game::captured`); Hoyito, the stores.
    pub captured: [u32; 2],
    /// Whose side the board is drawn from: North's view is turned half round; hole labels
    /// stay absolute (RULES.md N1).
    pub view: Side,
    /// The colours (`!set theme`).
    pub theme: crate::core::show::Theme,
    /// How the game ended off the board (resignation, time, agreement, abort), for the
    /// pictures of its last position; `None`: the position tells (in play, or ended by
    /// the rules).
    pub ended: Option<Ended>,
    /// Match play (M1-M4): the game of the match, the games won and the reserves, which
    /// decide the match (M4) and are not on the board; `None` for a single game.
    pub match_info: Option<MatchInfo>,
}

/// Where a Hoyito match stands (RULES.md M1-M4), beside the board a picture shows: the
/// board and its stores are those of the current game only.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MatchInfo {
    /// The game of the match the board belongs to, from 1.
    pub game: usize,
    /// Games won so far by South and North (a game the position shows ended counts).
    pub wins: [usize; 2],
    /// Seeds South and North keep beside the board during this game (M2): what the
    /// refill before it left over. With the captures, what counts at the next refill and
    /// for M4.
    pub reserves: [u16; 2],
}

impl MatchInfo {
    /// `match game 2`.
    pub fn game_text(&self) -> String {
        tr!("picture-match-game", game = self.game)
    }

    /// What `side` holds besides its captures, for labels: `reserve 3, 1 game won`.
    pub fn side_text(&self, side: Side) -> String {
        tr!(
            "picture-match-side",
            reserve = self.reserves[side.index()],
            count = self.wins[side.index()]
        )
    }

    /// `match game 2: games won South 1, North 0; reserves (M2) South 3, North 1`: the
    /// status line of text boards.
    pub fn text(&self) -> String {
        tr!(
            "picture-match-status",
            game = self.game_text(),
            south_wins = self.wins[0],
            north_wins = self.wins[1],
            south_reserve = self.reserves[0],
            north_reserve = self.reserves[1]
        )
    }
}

/// `North to move`, or the result: `Game over: South wins, all seeds captured (H7/H8)`,
/// `Game over: North wins, resignation` (an end off the board, `ended`): the status line
/// of pictures and of text boards.
pub fn status_text(pos: &Position, ended: Option<Ended>) -> String {
    use crate::core::text::{end_reason, side_name};
    match ended {
        Some(Ended::Won { winner, how }) => {
            let how = match how {
                "on time" => tr!("picture-how-on-time"),
                "adjudication" => tr!("picture-how-adjudicated"),
                "resignation" => end_reason(mancala_rules::EndReason::Resignation),
                other => other.to_string(),
            };
            return tr!("picture-status-win", side = side_name(winner), how = how);
        }
        Some(Ended::DrawAgreed) => return tr!("picture-status-draw-agreed"),
        Some(Ended::Aborted) => return tr!("picture-status-aborted"),
        None => {}
    }
    match pos.outcome() {
        Outcome::Ongoing => tr!("picture-status-to-move", side = side_name(pos.to_move())),
        Outcome::Win { winner, reason } => tr!(
            "picture-status-win",
            side = side_name(winner),
            how = end_reason(reason)
        ),
        Outcome::Draw { reason } => tr!("picture-status-draw", how = end_reason(reason)),
    }
}

/// A game's end that its position does not show.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ended {
    /// `winner` won; `how`: `resignation`, `on time`.
    Won {
        /// The winner.
        winner: Side,
        /// How, in a few words.
        how: &'static str,
    },
    /// Drawn by agreement.
    DrawAgreed,
    /// Aborted: no result.
    Aborted,
}

/// One rendered picture.
#[derive(Clone, Debug)]
pub struct Frame {
    /// The PNG file's bytes.
    pub png: Vec<u8>,
    /// Text alternative with the same facts (screen readers, logs, text transports).
    pub alt: String,
}

/// The pictures of one move for one message (issue 4): every frame when they fit, else a
/// contact sheet of them all and the final board.
#[derive(Clone, Debug)]
pub enum MovePictures {
    /// The frames of [`Painter::move_frames`], in order, the final board last.
    Frames(Vec<Frame>),
    /// More frames than fit: all of them tiled in one sheet, then the final board.
    Sheet {
        /// The contact sheet ([`Painter::contact_sheet`] of every frame).
        sheet: Frame,
        /// The final board, the move's last frame.
        board: Frame,
    },
}

/// The evaluation chart of a reviewed game (`!analyze`, `mancala-bot analyze`).
#[derive(Clone, Debug, PartialEq)]
pub struct EvalChart {
    /// The title line, e.g. `alice (South) vs bob (North), Katro 6x6`.
    pub title: String,
    /// South's view of each position from the start to the end, in seeds (positive:
    /// South ahead); one more than the moves.
    pub south_values: Vec<f32>,
    /// The moves marked, as (ply from 1, severity 1 inaccuracy, 2 mistake, 3 blunder).
    pub marks: Vec<(usize, u8)>,
}

impl EvalChart {
    /// The chart of `review` under `title`: South's view of every position in seeds,
    /// and every move marked worse than good with its severity.
    pub fn of_review(title: String, review: &mancala_ai::review::GameReview) -> EvalChart {
        use mancala_ai::review::Mark;
        EvalChart {
            title,
            south_values: review
                .south_values
                .iter()
                .map(|&v| v as f32 / 100.0)
                .collect(),
            marks: review
                .plies
                .iter()
                .filter(|p| p.mark > Mark::Good)
                .map(|p| (p.ply, p.mark as u8))
                .collect(),
        }
    }
}

/// A line chart of up to two series over steps (`!rating`: a player's rating after
/// each rated game, per game family; the end of a game: each side's seeds after each
/// ply).
#[derive(Clone, Debug, PartialEq)]
pub struct LineChart {
    /// The title line, e.g. `alice: rating history`.
    pub title: String,
    /// What a step is, plural, for the axis and the alt text: `rated games`, `plies`.
    pub steps: String,
    /// What the band around a line is, if any series has one: `rating deviation`.
    pub band: Option<String>,
    /// The series (at most two are drawn).
    pub series: Vec<Series>,
}

/// One series of a [`LineChart`]: a value at step 0, then after each step.
#[derive(Clone, Debug, PartialEq)]
pub struct Series {
    /// Its name in the legend: `Katro`, `South (alice)`.
    pub name: String,
    /// (value, half-height of its band; 0 for none), in order; at least two.
    pub points: Vec<(f32, f32)>,
}

/// A table as a picture (tournament standings and crosstables): a title, a header row
/// and rows of cells, all text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TablePicture {
    /// The title line.
    pub title: String,
    /// The column headings.
    pub header: Vec<String>,
    /// The rows, each as many cells as the header.
    pub rows: Vec<Vec<String>>,
}

/// Draws boards. Implemented by `render::Renderer`.
pub trait Painter: Send + Sync {
    /// One picture of `pos`, no move highlights.
    fn position(&self, pos: &Position, info: &BoardInfo) -> Frame;

    /// The frames of a move: one after each relay and after each capture (a Katro
    /// capture or a Hoyito casa), then the final board; so `relays + captures + 1`.
    fn move_frames(&self, trace: &Trace, info: &BoardInfo) -> Vec<Frame>;

    /// `frames` tiled into one PNG, in order and numbered: for moves with more frames
    /// than one message may carry.
    fn contact_sheet(&self, frames: &[Frame]) -> Frame;

    /// An animated GIF of `frames` at a readable pace, the last frame held.
    fn gif(&self, frames: &[Frame]) -> Vec<u8>;

    /// The chart of a reviewed game: South's view over the game, the marked moves on
    /// it. `None` (the default) for a painter that draws no charts.
    fn eval_chart(&self, chart: &EvalChart) -> Option<Frame> {
        let _ = chart;
        None
    }

    /// A table: its title, header and rows in a grid. `None` (the default) for a
    /// painter that draws no charts.
    fn table(&self, table: &TablePicture) -> Option<Frame> {
        let _ = table;
        None
    }

    /// A line chart: each series as a line over its band. `None` (the default) for a
    /// painter that draws no charts.
    fn line_chart(&self, chart: &LineChart) -> Option<Frame> {
        let _ = chart;
        None
    }

    /// The final board of the move `trace` with the whole move drawn on it: the holes it
    /// sowed, where each lap ended, its captures (`!set pictures final`). The default is
    /// the last of [`Painter::move_frames`].
    fn move_path(&self, trace: &Trace, info: &BoardInfo) -> Frame {
        self.move_frames(trace, info).pop().unwrap_or(Frame {
            png: Vec::new(),
            alt: String::new(),
        })
    }

    /// The pictures of a move for a message of at most `max` pictures (`max` below 2
    /// counts as 2): [`MovePictures::Frames`] when the move has at most `max` frames, else
    /// [`MovePictures::Sheet`]. The default draws every frame and tiles them; a painter
    /// can do better by not encoding frames that only go into the sheet.
    fn move_pictures(&self, trace: &Trace, info: &BoardInfo, max: usize) -> MovePictures {
        let mut frames = self.move_frames(trace, info);
        if frames.len() <= max.max(2) {
            return MovePictures::Frames(frames);
        }
        let sheet = self.contact_sheet(&frames);
        match frames.pop() {
            Some(board) => MovePictures::Sheet { sheet, board },
            None => MovePictures::Frames(frames),
        }
    }
}

/// A painter that draws nothing: every picture an empty frame (no PNG bytes, no alt
/// text), one per relay and capture plus the final board as [`Painter::move_frames`]
/// asks. For tools, fuzzers and tests that exercise the core without its pictures.
#[derive(Clone, Copy, Debug, Default)]
pub struct BlankPainter;

impl BlankPainter {
    fn blank() -> Frame {
        Frame {
            png: Vec::new(),
            alt: String::new(),
        }
    }
}

impl Painter for BlankPainter {
    fn position(&self, _pos: &Position, _info: &BoardInfo) -> Frame {
        Self::blank()
    }

    fn move_frames(&self, trace: &Trace, _info: &BoardInfo) -> Vec<Frame> {
        (0..trace.relays() + trace.captures() + 1)
            .map(|_| Self::blank())
            .collect()
    }

    fn contact_sheet(&self, _frames: &[Frame]) -> Frame {
        Self::blank()
    }

    fn gif(&self, _frames: &[Frame]) -> Vec<u8> {
        Vec::new()
    }
}

/// A [`Painter`] that times each call of the painter it wraps into
/// `mancala_picture_seconds{picture}` (the label: the call's name). The core wraps its
/// painter in one ([`crate::core::Core::new`]), so that every picture it asks for is
/// timed, wherever in the core it is asked for.
pub struct TimedPainter {
    inner: std::sync::Arc<dyn Painter>,
    metrics: std::sync::Arc<crate::metrics::Metrics>,
}

impl TimedPainter {
    /// `inner`, timed into `metrics`.
    pub fn new(
        inner: std::sync::Arc<dyn Painter>,
        metrics: std::sync::Arc<crate::metrics::Metrics>,
    ) -> TimedPainter {
        TimedPainter { inner, metrics }
    }

    fn timed<T>(&self, picture: &'static str, paint: impl FnOnce(&dyn Painter) -> T) -> T {
        let started = std::time::Instant::now();
        let out = paint(&*self.inner);
        self.metrics.painted(picture, started.elapsed());
        out
    }
}

impl Painter for TimedPainter {
    fn position(&self, pos: &Position, info: &BoardInfo) -> Frame {
        self.timed("position", |p| p.position(pos, info))
    }

    fn move_frames(&self, trace: &Trace, info: &BoardInfo) -> Vec<Frame> {
        self.timed("move_frames", |p| p.move_frames(trace, info))
    }

    fn contact_sheet(&self, frames: &[Frame]) -> Frame {
        self.timed("contact_sheet", |p| p.contact_sheet(frames))
    }

    fn gif(&self, frames: &[Frame]) -> Vec<u8> {
        self.timed("gif", |p| p.gif(frames))
    }

    fn eval_chart(&self, chart: &EvalChart) -> Option<Frame> {
        self.timed("eval_chart", |p| p.eval_chart(chart))
    }

    fn table(&self, table: &TablePicture) -> Option<Frame> {
        self.timed("table", |p| p.table(table))
    }

    fn line_chart(&self, chart: &LineChart) -> Option<Frame> {
        self.timed("line_chart", |p| p.line_chart(chart))
    }

    fn move_path(&self, trace: &Trace, info: &BoardInfo) -> Frame {
        self.timed("move_path", |p| p.move_path(trace, info))
    }

    fn move_pictures(&self, trace: &Trace, info: &BoardInfo, max: usize) -> MovePictures {
        self.timed("move_pictures", |p| p.move_pictures(trace, info, max))
    }
}
