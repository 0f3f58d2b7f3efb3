//! The puzzles a core serves (issue 32, "Puzzles"): the shipped sets by default
//! ([`super::set::shipped`]), or any set a host or a test gives
//! ([`crate::core::Settings::puzzles`]). Picking is pure: a puzzle near a rating from a
//! seed the caller draws, the daily puzzle from the date.

use std::sync::{Arc, LazyLock};

use mancala_rules::Variant;

use super::set::{shipped, Loaded, Puzzle, PuzzleError};

/// How many of the unseen puzzles closest to the solver's rating a new puzzle is drawn
/// from (issue 32: "near your puzzle rating", not always the same one).
pub const NEAR: usize = 6;

/// A set of checked puzzles, cheap to clone (shared).
#[derive(Clone)]
pub struct PuzzleBook {
    all: Arc<[Loaded]>,
}

impl std::fmt::Debug for PuzzleBook {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "PuzzleBook({} puzzles)", self.all.len())
    }
}

impl Default for PuzzleBook {
    /// The shipped sets ([`PuzzleBook::shipped`]).
    fn default() -> PuzzleBook {
        PuzzleBook::shipped()
    }
}

impl PuzzleBook {
    /// Every puzzle shipped in `data/puzzles/` that passes its check, loaded once.
    pub fn shipped() -> PuzzleBook {
        static SHIPPED: LazyLock<PuzzleBook> = LazyLock::new(|| PuzzleBook {
            all: shipped().to_vec().into(),
        });
        SHIPPED.clone()
    }

    /// A book of `puzzles`, each on its board, checked ([`Puzzle::check`]).
    ///
    /// # Errors
    /// The first puzzle that fails its check, or an id given twice
    /// ([`PuzzleError::Id`]).
    pub fn new(puzzles: Vec<(Variant, Puzzle)>) -> Result<PuzzleBook, PuzzleError> {
        let mut all: Vec<Loaded> = Vec::with_capacity(puzzles.len());
        for (variant, puzzle) in puzzles {
            if all.iter().any(|l| l.puzzle.id == puzzle.id) {
                return Err(PuzzleError::Id(puzzle.id));
            }
            let (start, line) = puzzle.check(variant)?;
            all.push(Loaded {
                puzzle,
                variant,
                start,
                line,
            });
        }
        Ok(PuzzleBook { all: all.into() })
    }

    /// Every puzzle, in the order given.
    pub fn all(&self) -> &[Loaded] {
        &self.all
    }

    /// The puzzle `id`.
    pub fn find(&self, id: &str) -> Option<&Loaded> {
        self.all.iter().find(|l| l.puzzle.id == id)
    }

    /// The puzzles of `board` (lone-seed steps aside: a puzzle is a position).
    pub fn on(&self, board: Variant) -> impl Iterator<Item = &Loaded> {
        let board = board.with_lone_steps(false);
        self.all.iter().filter(move |l| l.variant == board)
    }

    /// The boards that have puzzles, with how many, in the order first met.
    pub fn boards(&self) -> Vec<(Variant, usize)> {
        let mut out: Vec<(Variant, usize)> = Vec::new();
        for l in self.all.iter() {
            match out.iter_mut().find(|(v, _)| *v == l.variant) {
                Some((_, n)) => *n += 1,
                None => out.push((l.variant, 1)),
            }
        }
        out
    }

    /// The daily puzzle of the UTC day `day` (days since the Unix epoch): a stable pick
    /// from the date among the puzzles of `board`, or of the whole book when `board`
    /// has none; `None` for an empty book. The same for every player and every page.
    pub fn daily(&self, board: Variant, day: u64) -> Option<&Loaded> {
        let on: Vec<&Loaded> = self.on(board).collect();
        let pool: Vec<&Loaded> = if on.is_empty() {
            self.all.iter().collect()
        } else {
            on
        };
        if pool.is_empty() {
            return None;
        }
        let i = (mix(day ^ 0x0D41_1B00_2BB1_E5E7) % pool.len() as u64) as usize;
        Some(pool[i])
    }

    /// A puzzle of `board` for a solver rated `rating`: drawn by `seed` among the
    /// [`NEAR`] closest to the rating (by the puzzle's rating) of those `fresh` says yes
    /// to; when none is fresh, among those `retry` says yes to. `None` when neither
    /// leaves one.
    pub fn pick(
        &self,
        board: Variant,
        rating: f64,
        seed: u64,
        (fresh, retry): (IdFilter<'_>, IdFilter<'_>),
    ) -> Option<&Loaded> {
        let mut pool: Vec<&Loaded> = self.on(board).filter(|l| fresh(&l.puzzle.id)).collect();
        if pool.is_empty() {
            pool = self.on(board).filter(|l| retry(&l.puzzle.id)).collect();
        }
        pool.sort_by(|a, b| {
            let da = (f64::from(a.puzzle.rating) - rating).abs();
            let db = (f64::from(b.puzzle.rating) - rating).abs();
            da.total_cmp(&db)
                .then_with(|| a.puzzle.id.cmp(&b.puzzle.id))
        });
        pool.truncate(NEAR);
        if pool.is_empty() {
            return None;
        }
        Some(pool[(mix(seed) % pool.len() as u64) as usize])
    }
}

/// Where the daily puzzle comes from: a book and the board it is drawn on (the default
/// game's), for the chat's `!puzzle daily` and the web page alike.
#[derive(Clone, Debug)]
pub struct DailySource {
    /// The puzzles.
    pub book: PuzzleBook,
    /// The board the daily puzzle is drawn on (any, when it has none).
    pub board: Variant,
    /// The chat's command prefix, for the page's "how to answer".
    pub prefix: String,
}

impl Default for DailySource {
    /// The shipped sets, Katro 6x6.
    fn default() -> DailySource {
        DailySource {
            book: PuzzleBook::shipped(),
            board: Variant::KATRO,
            prefix: "!".into(),
        }
    }
}

impl DailySource {
    /// The daily puzzles of a core with `settings`.
    pub fn of(settings: &crate::core::Settings) -> DailySource {
        DailySource {
            book: settings.puzzles.clone(),
            board: settings.default_game.variant,
            prefix: settings.prefix.clone(),
        }
    }

    /// The puzzle of the UTC day `day` ([`PuzzleBook::daily`]).
    pub fn on(&self, day: u64) -> Option<&Loaded> {
        self.book.daily(self.board, day)
    }
}

/// Whether a puzzle, by its id, may be picked.
pub type IdFilter<'a> = &'a dyn Fn(&str) -> bool;

/// The UTC day (days since the Unix epoch) of `ms`.
pub fn day_of(ms: u64) -> u64 {
    ms / 86_400_000
}

/// A seed for a pick, from `parts` (the author's id, the time): FNV-1a, stable across
/// builds and platforms, so that a handler stays a pure function of its inputs.
pub fn seed(parts: &[&[u8]]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for part in parts {
        for b in part.iter() {
            h ^= u64::from(*b);
            h = h.wrapping_mul(0x0100_0000_01b3);
        }
        h ^= 0xff;
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    h
}

/// SplitMix64's finaliser: spreads a seed over all bits.
fn mix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

#[cfg(test)]
mod tests {
    use super::super::set::{Goal, Theme};
    use super::*;

    fn puzzle(id: &str, rating: u16) -> (Variant, Puzzle) {
        (
            Variant::HOYITO,
            Puzzle {
                id: id.into(),
                position: "hoyito/4,4,4,4,4,4/4,4,4,4,4,4 s 0 0".into(),
                solution: vec!["a1".into()],
                goal: Goal::Win,
                themes: vec![Theme::Capture],
                rating,
                source: String::new(),
            },
        )
    }

    #[test]
    fn picks_near_the_rating_and_never_a_refused_one() {
        let book = PuzzleBook::new(
            (0..20)
                .map(|i| puzzle(&format!("p{i}"), 1000 + 100 * i))
                .collect(),
        )
        .unwrap();
        let yes = |_: &str| true;
        let no = |_: &str| false;
        for s in 0..50 {
            let p = book.pick(Variant::HOYITO, 1500.0, s, (&yes, &no)).unwrap();
            assert!((1200..=1800).contains(&p.puzzle.rating), "{}", p.puzzle.id);
        }
        let only = |id: &str| id == "p19";
        let p = book.pick(Variant::HOYITO, 1500.0, 3, (&only, &no)).unwrap();
        assert_eq!(p.puzzle.id, "p19");
        let p = book.pick(Variant::HOYITO, 1500.0, 3, (&no, &only)).unwrap();
        assert_eq!(p.puzzle.id, "p19");
        assert!(book.pick(Variant::HOYITO, 1500.0, 3, (&no, &no)).is_none());
        assert!(book.pick(Variant::KATRO, 1500.0, 3, (&yes, &yes)).is_none());
        // The daily puzzle is the same for one day, and falls back on the whole book.
        let d = book
            .daily(Variant::KATRO, 20_000)
            .unwrap()
            .puzzle
            .id
            .clone();
        assert_eq!(book.daily(Variant::HOYITO, 20_000).unwrap().puzzle.id, d);
        assert!(PuzzleBook::new(vec![])
            .unwrap()
            .daily(Variant::KATRO, 1)
            .is_none());
        assert!(PuzzleBook::new(vec![puzzle("a", 1), puzzle("a", 2)]).is_err());
    }
}
