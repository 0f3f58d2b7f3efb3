//! Issue 32, "Puzzles": `!puzzle` through the core with a set of its own (positions whose
//! lines are legal by the rules; the generator's tests check uniqueness): a one-move
//! puzzle solved and failed, with the Glicko-2 figures of `skillratings`; a three-ply
//! line (the bot replies, the second move solves); an illegal move refused without
//! failing; a move where a game is in progress goes to the game; skip; the daily puzzle
//! the same for two players and rated once; stats; two answers racing; the web page.

use std::sync::Barrier;

use mancala_bot::core::puzzle::set::{Goal, Puzzle, Theme};
use mancala_bot::core::puzzle::{DailySource, PuzzleBook, Puzzler};
use mancala_bot::core::Settings;
use mancala_bot::model::ChannelKey;
use mancala_bot::store::keys::DocKey;
use mancala_bot::store::Store;
use mancala_rules::{Game, Position, Variant};
use skillratings::glicko2::{glicko2, Glicko2Config, Glicko2Rating};
use skillratings::Outcomes;

use crate::core_chat::{bench_with, chan, ok, refused, say, say_as, user, Bench};

/// The Hoyito start (RULES.md H1), South to move.
const HOYITO: &str = "hoyito/4,4,4,4,4,4/4,4,4,4,4,4 s 0 0";
/// The Katro start (K1), South to move.
const KATRO: &str =
    "katro/2,2,2,2,2,2/2,2,2,2,2,2/2,2,2,2,2,2/2,2,2,2,2,2/2,2,2,2,2,2/2,2,2,2,2,2 s";

fn puzzle(id: &str, position: &str, solution: &[&str], rating: u16) -> Puzzle {
    Puzzle {
        id: id.into(),
        position: position.into(),
        solution: solution.iter().map(|s| s.to_string()).collect(),
        goal: Goal::Win,
        themes: vec![Theme::Capture],
        rating,
        source: "test".into(),
    }
}

/// A legal South move after `a1` (E3) and North's `a2`: the third ply of the long line.
fn third_ply() -> String {
    let mut g = Game::from_position(HOYITO.parse::<Position>().unwrap());
    g.play_text("a1").unwrap();
    g.play_text("a2").unwrap();
    g.legal_moves()[0].to_string()
}

/// A core whose puzzles are `puzzles`.
fn puzzler(puzzles: Vec<(Variant, Puzzle)>) -> Bench {
    bench_with(Settings {
        puzzles: PuzzleBook::new(puzzles).unwrap(),
        ..Settings::default()
    })
}

/// One Hoyito puzzle rated 1500: E3's `a1` is "the" answer.
fn one_move() -> Bench {
    puzzler(vec![(
        Variant::HOYITO,
        puzzle("h6-one", HOYITO, &["a1"], 1500),
    )])
}

/// `who`'s puzzles document in guild-1.
fn record(b: &Bench, who: &str) -> Puzzler {
    let key = DocKey::puzzles("guild-1", &user(who));
    let bytes = b.store.doc(&key).unwrap().unwrap_or_default();
    if bytes.is_empty() {
        return Puzzler::default();
    }
    serde_json::from_slice(&bytes).unwrap()
}

/// Glicko-2 by `skillratings` directly: a new solver (1500, 350, 0.06) against a puzzle
/// rated `puzzle` with deviation 80, tau 0.5.
fn expected(puzzle: f64, solved: bool) -> Glicko2Rating {
    let me = Glicko2Rating::new();
    let p = Glicko2Rating {
        rating: puzzle,
        deviation: 80.0,
        volatility: 0.06,
    };
    let outcome = if solved {
        Outcomes::WIN
    } else {
        Outcomes::LOSS
    };
    let cfg = Glicko2Config {
        tau: 0.5,
        ..Glicko2Config::new()
    };
    glicko2(&me, &p, &outcome, &cfg).0
}

#[test]
fn a_one_move_puzzle_solved_moves_the_rating_up_by_glicko2() {
    let b = one_move();
    let at = chan("p");
    let r = ok(say(&b.core, &at, "alice", "!puzzle hoyito"));
    let text = r.text();
    assert!(
        text.starts_with("Puzzle `h6-one` for alice: Hoyito 2x6, rated 1500; themes: capture."),
        "{text}"
    );
    assert!(
        text.contains("You play South: find the move that wins."),
        "{text}"
    );
    assert!(text.contains("Answer with `!sow HOLE`"), "{text}");
    assert_eq!(r.attachments.len(), 1);
    assert_eq!(r.attachments[0].filename, "board.png");
    let r = ok(say(&b.core, &at, "alice", "!sow a1"));
    let want = expected(1500.0, true);
    assert!(want.rating > 1500.0);
    assert_eq!(
        r.text().lines().take(3).collect::<Vec<_>>(),
        [
            "`a1` is right: puzzle `h6-one` solved!",
            &format!(
                "Puzzle rating (Hoyito): 1500 → {:.0} (+{:.0}).",
                want.rating,
                want.rating.round() - 1500.0
            ),
            "Puzzles solved in a row: 1.",
        ]
    );
    // The winning move's frames, as a game's move is shown.
    assert!(!r.attachments.is_empty());
    let p = record(&b, "alice");
    let got = &p.ratings["hoyito"];
    assert!((got.rating - want.rating).abs() < 1e-9, "{}", got.rating);
    assert!((got.deviation - want.deviation).abs() < 1e-9);
    assert!(p.solved.contains("h6-one") && p.open.is_none());
    // Solved: never given again, and the board has no other.
    let e = refused(say(&b.core, &at, "alice", "!puzzle hoyito"));
    assert!(
        e.starts_with("you have solved all 1 puzzles of Hoyito 2x6"),
        "{e}"
    );
}

#[test]
fn a_wrong_move_fails_with_the_solution_and_the_rating_goes_down() {
    let b = one_move();
    let at = chan("p");
    ok(say(&b.core, &at, "alice", "!puzzle hoyito"));
    let r = ok(say(&b.core, &at, "alice", "!sow b1"));
    let want = expected(1500.0, false);
    assert!(want.rating < 1500.0);
    assert_eq!(
        r.text().lines().take(3).collect::<Vec<_>>(),
        [
            "`b1` is not the move: puzzle `h6-one` failed. The solution: `a1`.",
            &format!(
                "Puzzle rating (Hoyito): 1500 → {:.0} ({:.0}).",
                want.rating,
                want.rating.round() - 1500.0
            ),
            "Puzzles solved in a row: 0.",
        ]
    );
    let p = record(&b, "alice");
    assert!((p.ratings["hoyito"].rating - want.rating).abs() < 1e-9);
    assert!(p.failed.contains("h6-one"));
    // Failed puzzles come back when no fresh one is left, but count no more.
    let r = ok(say(&b.core, &at, "alice", "!puzzle hoyito"));
    assert!(
        r.text().contains("You tried this puzzle before"),
        "{}",
        r.text()
    );
    let r = ok(say(&b.core, &at, "alice", "!sow a1"));
    assert!(
        r.text()
            .contains("Not counted: you had tried this puzzle before."),
        "{}",
        r.text()
    );
    let again = record(&b, "alice");
    assert_eq!(again.ratings, p.ratings, "a retry changes no rating");
    assert!(!again.solved.contains("h6-one"));
}

#[test]
fn a_three_ply_line_gets_the_bots_reply_then_the_second_move_solves_it() {
    let third = third_ply();
    let b = puzzler(vec![(
        Variant::HOYITO,
        puzzle("h6-long", HOYITO, &["a1", "a2", &third], 1400),
    )]);
    let at = chan("p");
    let r = ok(say(&b.core, &at, "alice", "!puzzle hoyito"));
    assert!(
        r.text().contains("The line takes 2 moves of yours"),
        "{}",
        r.text()
    );
    let r = ok(say(&b.core, &at, "alice", "!sow a1"));
    let text = r.text();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], "`a1` is right.");
    assert!(
        lines[1].starts_with("Opponent (North) sowed a2"),
        "{}",
        lines[1]
    );
    assert!(
        lines[2].starts_with("Your move again (South)"),
        "{}",
        lines[2]
    );
    assert!(!r.attachments.is_empty(), "the reply's pictures");
    assert_eq!(record(&b, "alice").open.unwrap().ply, 2);
    // The first move again is no longer the line's move there.
    let r = ok(say(&b.core, &at, "alice", &format!("!sow {third}")));
    assert!(
        r.text()
            .starts_with(&format!("`{third}` is right: puzzle `h6-long` solved!")),
        "{}",
        r.text()
    );
    assert!(record(&b, "alice").solved.contains("h6-long"));
}

#[test]
fn an_illegal_move_is_refused_and_changes_nothing() {
    let b = one_move();
    let at = chan("p");
    ok(say(&b.core, &at, "alice", "!puzzle hoyito"));
    let before = b
        .store
        .doc(&DocKey::puzzles("guild-1", &user("alice")))
        .unwrap();
    for bad in ["!sow a2", "!sow z9", "!sow a1+"] {
        let e = refused(say(&b.core, &at, "alice", bad));
        assert!(e.contains("legal moves: a1 b1 c1 d1 e1 f1"), "{bad}: {e}");
    }
    let after = b
        .store
        .doc(&DocKey::puzzles("guild-1", &user("alice")))
        .unwrap();
    assert_eq!(before, after, "nothing changed");
    let r = ok(say(&b.core, &at, "alice", "!sow a1"));
    assert!(r.text().contains("solved"), "{}", r.text());
    assert!(r.text().contains("Puzzle rating (Hoyito)"), "still rated");
}

#[test]
fn a_move_goes_to_the_game_of_a_player_and_to_the_puzzle_of_anyone_else() {
    let b = one_move();
    let at = chan("g");
    // The channel's challenge's board is the default: hoyito.
    ok(say(&b.core, &at, "alice", "!new hoyito @bob as south"));
    ok(say(&b.core, &at, "alice", "!puzzle"));
    ok(say(&b.core, &at, "bob", "!accept"));
    ok(say(&b.core, &at, "carol", "!puzzle"));
    let r = ok(say(&b.core, &at, "alice", "!sow a1"));
    assert!(
        r.text().starts_with("alice (South) sowed a1"),
        "{}",
        r.text()
    );
    assert!(record(&b, "alice").open.is_some(), "her puzzle waits");
    let r = ok(say(&b.core, &at, "carol", "!sow a1"));
    assert!(r.text().contains("puzzle `h6-one` solved"), "{}", r.text());
    // A player of the game here gets no puzzle here.
    ok(say(&b.core, &at, "alice", "!puzzle skip"));
    let e = refused(say(&b.core, &at, "bob", "!puzzle"));
    assert!(e.starts_with("you play the game in this channel"), "{e}");
    // In another channel, alice's move answers nothing.
    ok(say(&b.core, &at, "bob", "!puzzle stats"));
    ok(say(&b.core, &chan("elsewhere"), "alice", "!puzzle hoyito"));
    let e = refused(say(&b.core, &at, "alice", "!sow b1"));
    assert!(!e.contains("puzzle"), "{e}");
    let e = refused(say(&b.core, &at, "alice", "!puzzle"));
    assert!(
        e.starts_with("you have puzzle `h6-one` open in another channel"),
        "{e}"
    );
}

#[test]
fn skip_before_a_move_does_not_count_and_after_one_counts_as_failed() {
    let third = third_ply();
    let b = puzzler(vec![
        (
            Variant::HOYITO,
            puzzle("h6-long", HOYITO, &["a1", "a2", &third], 1400),
        ),
        (Variant::HOYITO, puzzle("h6-two", HOYITO, &["b1"], 1450)),
    ]);
    let at = chan("p");
    let e = refused(say(&b.core, &at, "alice", "!puzzle skip"));
    assert_eq!(e, "you have no puzzle open; `!puzzle` gives you one");
    let r = ok(say(&b.core, &at, "alice", "!puzzle hoyito"));
    let first = if r.text().contains("h6-long") {
        "h6-long"
    } else {
        "h6-two"
    };
    let r = ok(say(&b.core, &at, "alice", "!puzzle skip"));
    assert!(
        r.text()
            .starts_with(&format!("Puzzle `{first}` skipped: it does not count.")),
        "{}",
        r.text()
    );
    let p = record(&b, "alice");
    assert!(p.ratings.is_empty() && p.skipped.contains(first));
    // The other one is fresh and comes next.
    let r = ok(say(&b.core, &at, "alice", "!puzzle hoyito"));
    let second = if first == "h6-long" {
        "h6-two"
    } else {
        "h6-long"
    };
    assert!(r.text().contains(second), "{}", r.text());
    if second == "h6-long" {
        ok(say(&b.core, &at, "alice", "!sow a1"));
        let r = ok(say(&b.core, &at, "alice", "!puzzle skip"));
        assert!(
            r.text()
                .starts_with("Puzzle `h6-long` given up after a move: it counts as failed."),
            "{}",
            r.text()
        );
        assert!(record(&b, "alice").failed.contains("h6-long"));
    }
}

#[test]
fn the_daily_puzzle_is_the_same_for_two_players_and_rated_once() {
    let b = puzzler(vec![
        (Variant::KATRO, puzzle("k6-a", KATRO, &["c1+"], 1500)),
        (Variant::KATRO, puzzle("k6-b", KATRO, &["c1-"], 1500)),
        (Variant::KATRO, puzzle("k6-c", KATRO, &["a1+"], 1500)),
        (Variant::HOYITO, puzzle("h6-one", HOYITO, &["a1"], 1500)),
    ]);
    let at = chan("d");
    let ra = ok(say(&b.core, &at, "alice", "!puzzle daily"));
    let rb = ok(say(&b.core, &chan("other"), "bob", "!puzzle daily"));
    let id_of = |t: &str| t.split('`').nth(1).unwrap().to_string();
    let second = |t: &str| t.lines().nth(1).unwrap().to_string();
    assert!(ra.text().starts_with("Daily puzzle: the same for everyone"));
    let id = id_of(&second(&ra.text()));
    assert_eq!(id, id_of(&second(&rb.text())), "the same for both");
    assert!(id.starts_with("k6-"), "the default game's board: {id}");
    let answer = match id.as_str() {
        "k6-a" => "c1+",
        "k6-b" => "c1-",
        _ => "a1+",
    };
    let r = ok(say(&b.core, &at, "alice", &format!("!sow {answer}")));
    assert!(r.text().contains("Puzzle rating (Katro)"), "{}", r.text());
    assert!(
        r.text().contains("Daily puzzles solved in a row: 1."),
        "{}",
        r.text()
    );
    let rated = record(&b, "alice").ratings;
    // Again the same day: shown, not counted, no second daily streak.
    let r = ok(say(&b.core, &at, "alice", "!puzzle daily"));
    assert!(r.text().contains(&format!("`{id}`")));
    assert!(
        r.text().contains("You tried this puzzle before"),
        "{}",
        r.text()
    );
    let r = ok(say(&b.core, &at, "alice", &format!("!sow {answer}")));
    assert!(r.text().contains("Not counted"), "{}", r.text());
    assert!(!r.text().contains("Daily puzzles solved"), "{}", r.text());
    let p = record(&b, "alice");
    assert_eq!(p.ratings, rated);
    assert_eq!(p.daily.streak, 1);
    // The next day, another pick of the same rule; the streak goes on when solved.
    b.clock.advance(std::time::Duration::from_secs(86_400));
    let r = ok(say(&b.core, &at, "alice", "!puzzle daily"));
    let next = id_of(&second(&r.text()));
    let book = PuzzleBook::new(vec![
        (Variant::KATRO, puzzle("k6-a", KATRO, &["c1+"], 1500)),
        (Variant::KATRO, puzzle("k6-b", KATRO, &["c1-"], 1500)),
        (Variant::KATRO, puzzle("k6-c", KATRO, &["a1+"], 1500)),
    ])
    .unwrap();
    let day = (1_700_000_000_000u64 + 86_400_000) / 86_400_000;
    assert_eq!(next, book.daily(Variant::KATRO, day).unwrap().puzzle.id);
}

#[test]
fn stats_count_solved_failed_and_streaks() {
    let b = puzzler(vec![
        (Variant::HOYITO, puzzle("h6-a", HOYITO, &["a1"], 1500)),
        (Variant::HOYITO, puzzle("h6-b", HOYITO, &["a1"], 1500)),
        (Variant::HOYITO, puzzle("h6-c", HOYITO, &["a1"], 1500)),
    ]);
    let at = chan("s");
    let r = ok(say(&b.core, &at, "alice", "!puzzle stats"));
    assert_eq!(
        r.text(),
        "alice has not tried a puzzle yet; `!puzzle` gives one."
    );
    for answer in ["a1", "a1", "b1"] {
        ok(say(&b.core, &at, "alice", "!puzzle hoyito"));
        ok(say(&b.core, &at, "alice", &format!("!sow {answer}")));
    }
    let p = record(&b, "alice");
    let r = ok(say(&b.core, &at, "bob", "!puzzle stats @alice"));
    assert_eq!(
        r.text(),
        format!(
            "Puzzles of alice: 2 solved, 1 failed.\nHoyito: puzzle rating {:.0} ±{:.0} (2 \
             solved, 1 failed).\nSolved in a row: 0 (best 2); daily puzzles in a row: 0 \
             (best 0).",
            p.ratings["hoyito"].rating, p.ratings["hoyito"].deviation
        )
    );
    assert_eq!((p.streak, p.best_streak), (0, 2));
}

/// `!puzzle hint` names the hole the move starts from; the puzzle then no longer
/// counts, and is not given as a fresh one again.
#[test]
fn a_hint_names_the_hole_and_the_puzzle_no_longer_counts() {
    let b = puzzler(vec![(
        Variant::KATRO,
        puzzle("k6-a", KATRO, &["c1+"], 1500),
    )]);
    let at = chan("h");
    let e = refused(say(&b.core, &at, "alice", "!puzzle hint"));
    assert_eq!(e, "you have no puzzle open; `!puzzle` gives you one");
    ok(say(&b.core, &at, "alice", "!puzzle"));
    let r = ok(say(&b.core, &at, "alice", "!puzzle hint"));
    assert_eq!(
        r.text(),
        "Hint: your move starts from `c1`.\nWith a hint this puzzle no longer counts."
    );
    let r = ok(say(&b.core, &at, "alice", "!sow c1+"));
    assert!(r.text().contains("solved"), "{}", r.text());
    assert!(r.text().contains("Not counted"), "{}", r.text());
    let p = record(&b, "alice");
    assert!(p.ratings.is_empty() && p.skipped.contains("k6-a") && p.solved.is_empty());
}

/// Two `!sow` answering one puzzle arrive together: exactly one applies, the rating
/// moves once.
#[test]
fn two_answers_racing_apply_once() {
    let b = one_move();
    for i in 0..40 {
        let at = chan(&format!("race-{i}"));
        let who = format!("racer{i}");
        ok(say(&b.core, &at, &who, "!puzzle hoyito"));
        let barrier = Barrier::new(2);
        let replies: Vec<_> = std::thread::scope(|s| {
            let hs: Vec<_> = (0..2)
                .map(|_| {
                    let (core, at, barrier, who) = (&b.core, &at, &barrier, &who);
                    s.spawn(move || {
                        barrier.wait();
                        say(core, at, who, "!sow a1")
                    })
                })
                .collect();
            hs.into_iter().map(|h| h.join().unwrap()).collect()
        });
        let solved = replies
            .iter()
            .filter(|r| !r[0].is_error && r[0].text().contains("solved"))
            .count();
        assert_eq!(solved, 1, "{i}: {replies:?}");
        let p = record(&b, &who);
        assert_eq!(p.ratings["hoyito"].solved_failed, [1, 0], "{i}");
    }
}

/// Not a puzzle command: `!puzzle chess` names what is allowed.
#[test]
fn bad_words_are_refused_with_the_usage() {
    let b = one_move();
    let e = refused(say(&b.core, &chan("p"), "alice", "!puzzle chess"));
    assert!(
        e.starts_with("`chess` is neither a board nor `daily`, `skip`, `hint` or `stats`"),
        "{e}"
    );
    let e = refused(say(&b.core, &chan("p"), "alice", "!puzzle katro"));
    assert!(
        e.starts_with("no puzzles for Katro 6x6 yet; boards with puzzles: `hoyito` (1)"),
        "{e}"
    );
    let r = ok(say(&b.core, &chan("p"), "alice", "!help puzzle"));
    assert!(r.text().contains("!puzzle daily"), "{}", r.text());
}

/// The community's daily puzzle page: today's board and what to find, yesterday's with
/// its solution; a 404 while the pages are off.
#[tokio::test]
async fn the_daily_puzzle_page_shows_today_and_yesterday() {
    use axum::http::StatusCode;
    let puzzles = vec![
        (Variant::KATRO, puzzle("k6-a", KATRO, &["c1+"], 1500)),
        (Variant::KATRO, puzzle("k6-b", KATRO, &["c1-"], 1600)),
    ];
    let book = PuzzleBook::new(puzzles).unwrap();
    let b = bench_with(Settings {
        puzzles: book.clone(),
        public_url: Some("https://games.example.org/".into()),
        ..Settings::default()
    });
    let at: ChannelKey = chan("web");
    let mut state = crate::web_game::state_of(&b);
    state.puzzles = DailySource::of(b.core.settings());
    let app = mancala_bot::web::routes(state);
    for r in say_as(&b.core, &at, "orga", "!set web on", true) {
        assert!(!r.is_error, "{}", r.text());
    }
    let site = b.store.doc(&DocKey::site("guild-1")).unwrap().unwrap();
    let site: serde_json::Value = serde_json::from_slice(&site).unwrap();
    let public = site["public_id"].as_str().unwrap().to_string();
    let page = crate::web_game::get(&app, &format!("/c/{public}/puzzle"), &[]).await;
    assert_eq!(page.status, StatusCode::OK);
    let today = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_millis() as u64
        / 86_400_000;
    let now = book.daily(Variant::KATRO, today).unwrap();
    let before = book.daily(Variant::KATRO, today - 1).unwrap();
    let body = &page.body;
    assert!(body.contains("Daily puzzle"), "{body}");
    assert!(body.contains(&now.puzzle.id), "{body}");
    assert!(
        body.contains(&format!("/c/{public}/puzzle/{today}.png")),
        "{body}"
    );
    assert!(
        body.contains("South to move: find the move that wins."),
        "{body}"
    );
    assert!(body.contains("`!puzzle daily`"), "{body}");
    assert!(
        body.contains(&format!("Solution: {}", before.puzzle.solution[0])),
        "{body}"
    );
    let png = crate::web_game::get(&app, &format!("/c/{public}/puzzle/{today}.png"), &[]).await;
    assert_eq!(png.status, StatusCode::OK);
    for bad in [
        format!("/c/{public}/puzzle/{}.png", today + 1),
        format!("/c/{public}/puzzle/{}.png", today - 2),
        format!("/c/{public}/puzzle/x.png"),
    ] {
        let a = crate::web_game::get(&app, &bad, &[]).await;
        assert_eq!(a.status, StatusCode::NOT_FOUND, "{bad}");
    }
    let fr = crate::web_game::get(&app, &format!("/c/{public}/puzzle?lang=fr"), &[]).await;
    assert!(fr.body.contains("Problème du jour"), "{}", fr.body);
    // `!puzzle daily` links the page where the pages are on and reachable.
    let r = ok(say(&b.core, &at, "alice", "!puzzle daily"));
    let url = format!("https://games.example.org/c/{public}/puzzle");
    assert!(r.text().contains(&url), "{}", r.text());
    ok(say(&b.core, &at, "alice", "!puzzle skip"));
    for r in say_as(&b.core, &at, "orga", "!set web off", true) {
        assert!(!r.is_error, "{}", r.text());
    }
    let off = crate::web_game::get(&app, &format!("/c/{public}/puzzle"), &[]).await;
    assert_eq!(off.status, StatusCode::NOT_FOUND);
    let r = ok(say(&b.core, &at, "alice", "!puzzle daily"));
    assert!(!r.text().contains("games.example.org"), "{}", r.text());
}
