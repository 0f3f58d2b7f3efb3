//! Tests of what one user can make the bot do (issue 33): `!analyze` stored and reused,
//! on its own queue below play, capped and cooled down; `!replay` on the bounded
//! drawing pool, cached, within each user's budget of frames.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::Duration;

use mancala_rules::{Game, Position, Trace, Variant};

use super::ai_pool::PoolSize;
use super::api::{ChatCore, Incoming, Reply};
use super::draw_pool::DrawSize;
use super::painter::{BlankPainter, BoardInfo, Frame, Painter};
use super::pictures::{PictureKey, PictureLimits};
use super::review_store::StoredReview;
use super::{analyses, Core, ManualClock, Settings};
use crate::metrics::Metrics;
use crate::model::{ChannelKey, GameKind, User};
use crate::store::keys::DocKey;
use crate::store::{docs, MemoryStore, Play, Record, Store, Verdict, Write};

const T0: u64 = 1_700_000_000_000;

fn user(name: &str) -> User {
    User {
        id: name.into(),
        name: name.into(),
    }
}

fn at(channel: &str) -> ChannelKey {
    ChannelKey {
        community: "test".into(),
        channel: channel.into(),
    }
}

fn say(core: &Core, channel: &str, who: &str, text: &str) -> Vec<Reply> {
    let mentions = text
        .split_whitespace()
        .filter_map(|w| w.strip_prefix('@'))
        .map(user)
        .collect();
    core.handle(&Incoming {
        at: at(channel),
        author: user(who),
        text: text.into(),
        mentions,
        ..Incoming::default()
    })
}

/// The one reply, which must not be an error.
fn ok(replies: Vec<Reply>) -> Reply {
    assert!(
        replies.iter().all(|r| !r.is_error),
        "{:?}",
        replies.iter().map(Reply::text).collect::<Vec<_>>()
    );
    replies.into_iter().next().expect("a reply")
}

/// The text of the one error reply.
fn refused(replies: Vec<Reply>) -> String {
    assert_eq!(replies.len(), 1, "{replies:?}");
    assert!(replies[0].is_error, "{}", replies[0].text());
    replies[0].text()
}

/// Stores `game` as the finished game `id` of `channel` (alice South, bob North).
fn finish(store: &MemoryStore, channel: &str, id: &str, game: Game) {
    let start = game.start();
    let mut r = Record::in_play(
        id.into(),
        at(channel),
        GameKind::single(start.variant()),
        user("alice"),
        user("bob"),
        Play::Game(game),
        None,
        T0,
    );
    assert!(store.write(&at(channel), None, Write::Put(&r)).unwrap());
    let v = store.load(&at(channel)).unwrap().unwrap().version;
    r.finish(Some(Verdict::DrawAgreed), r.updated_ms).unwrap();
    r.rated = false;
    assert!(store
        .write(&at(channel), Some(&v), Write::Finish(&r))
        .unwrap());
}

/// A short Katro 4x4 game (K7: `d1-` misses an 18-seed capture).
fn short_game() -> Game {
    let start: Position = "katro:4x4/1,0,0,1/1,0,0,0/8,0,0,0/5,5,5,6 s"
        .parse()
        .unwrap();
    let mut game = Game::from_position(start);
    game.play_text("d1-").unwrap();
    game
}

/// A Katro 6x6 game of up to `plies` moves, each the first legal one.
fn long_game(plies: usize) -> Game {
    game_of(Variant::KATRO, plies)
}

/// A game of `variant` from its start, of up to `plies` moves, each the first legal one.
fn game_of(variant: Variant, plies: usize) -> Game {
    let mut game = Game::new(variant);
    for _ in 0..plies {
        let Some(&mv) = game.legal_moves().first() else {
            break;
        };
        if game.play(mv).is_err() || game.outcome().is_over() {
            break;
        }
    }
    game
}

/// A core over a memory store and a manual clock, with its own metrics.
struct Bench {
    core: Core,
    store: Arc<MemoryStore>,
    metrics: Arc<Metrics>,
    clock: Arc<ManualClock>,
}

fn bench(settings: Settings, painter: Arc<dyn Painter>) -> Bench {
    let store = Arc::new(MemoryStore::new());
    let metrics = Arc::new(Metrics::new());
    let clock = Arc::new(ManualClock::new(T0));
    let core = Core::with_metrics(
        store.clone(),
        painter,
        clock.clone(),
        settings,
        metrics.clone(),
    );
    Bench {
        core,
        store,
        metrics,
        clock,
    }
}

fn fast_ai() -> Settings {
    Settings {
        ai_ms_per_move: 0,
        ai_max_nodes: Some(2000),
        ..Settings::default()
    }
}

/// The value of the metric line `name` (its first line starting so).
fn metric(metrics: &Metrics, name: &str) -> Option<String> {
    metrics
        .encode(None)
        .lines()
        .find_map(|l| l.strip_prefix(&format!("{name} ")).map(str::to_string))
}

#[test]
fn a_second_analyze_of_a_game_shows_the_stored_review_without_a_search() {
    let Bench {
        core,
        store,
        metrics,
        ..
    } = bench(fast_ai(), Arc::new(BlankPainter));
    finish(&store, "a", "g1", short_game());
    let first = ok(say(&core, "a", "carol", "!analyze")).text();
    assert!(first.contains("1.S d1- blunder"), "{first}");
    let searches = || metric(&metrics, "mancala_ai_search_seconds_count");
    assert_eq!(searches().as_deref(), Some("1"));
    // The review is stored with the game; changed there, the change is what is shown.
    let key = DocKey::analysis("test", "g1");
    let doc = docs::load::<Option<StoredReview>>(&*store, &key).unwrap();
    let mut stored = doc.value.expect("stored");
    stored.accuracy = [42.0, 43.0];
    assert!(docs::save(&*store, &key, doc.version.as_ref(), &stored).unwrap());
    // Another user, at once (no cooldown applies to a stored review).
    let second = ok(say(&core, "a", "dave", "!analyze")).text();
    assert!(second.contains("Accuracy: alice 42%, bob 43%."), "{second}");
    assert_eq!(searches().as_deref(), Some("1"), "no second search");
}

#[test]
fn the_node_cap_holds_whatever_ai_max_nodes_says() {
    let settings = Settings {
        ai_max_nodes: Some(10_000_000_000),
        ..fast_ai()
    };
    let Bench { core, store, .. } = bench(settings, Arc::new(BlankPainter));
    finish(&store, "a", "g1", short_game());
    ok(say(&core, "a", "carol", "!analyze"));
    let key = DocKey::analysis("test", "g1");
    let stored = docs::load::<Option<StoredReview>>(&*store, &key)
        .unwrap()
        .value;
    assert_eq!(stored.map(|s| s.nodes), Some(analyses::NODE_CAP));
}

#[test]
fn a_user_waits_the_cooldown_between_analyses_that_search() {
    let Bench {
        core, store, clock, ..
    } = bench(fast_ai(), Arc::new(BlankPainter));
    finish(&store, "a", "g1", short_game());
    finish(&store, "b", "g2", short_game());
    ok(say(&core, "a", "carol", "!analyze"));
    let e = refused(say(&core, "b", "carol", "!analyze"));
    assert_eq!(
        e,
        "you started another analysis a short while ago; nothing was changed. Try again in \
         60 s."
    );
    // The stored one is shown meanwhile; once the cooldown is over, the next one runs.
    ok(say(&core, "a", "carol", "!analyze"));
    clock.advance(Duration::from_secs(60));
    ok(say(&core, "b", "carol", "!analyze"));
}

#[test]
fn a_full_analysis_queue_refuses_analyses_only_and_never_a_new_ai_game() {
    let settings = Settings {
        ai_pool: PoolSize {
            searchers: 1,
            queue: 0,
        },
        analysis_pool: PoolSize {
            searchers: 1,
            queue: 0,
        },
        ai_max_nodes: Some(20_000),
        ..fast_ai()
    };
    let Bench { core, store, .. } = bench(settings, Arc::new(BlankPainter));
    let core = Arc::new(core);
    finish(&store, "a", "g1", long_game(300));
    finish(&store, "b", "g2", short_game());
    let running = {
        let core = core.clone();
        std::thread::spawn(move || ok(say(&core, "a", "carol", "!analyze")))
    };
    let deadline = std::time::Instant::now() + Duration::from_secs(30);
    while core.analyses.pool.in_use() == 0 {
        assert!(
            std::time::Instant::now() < deadline,
            "the analysis never started"
        );
        std::thread::sleep(Duration::from_millis(1));
    }
    // The AI's only searcher is free for play while the analysis runs.
    let game = say(&core, "c", "erin", "!new katro:4x4 ai as north");
    assert!(game.iter().all(|r| !r.is_error), "{game:?}");
    assert!(core.ai_in_use() == 0, "the AI's pool holds no analysis");
    // Another analysis finds the analysis pool full: the first one still runs.
    assert_eq!(core.analyses.pool.in_use(), 1, "the analysis still runs");
    let e = refused(say(&core, "b", "dave", "!analyze"));
    assert!(e.starts_with("the analyses are busy with 1 game;"), "{e}");
    assert!(e.contains("Try again in "), "{e}");
    running.join().unwrap();
}

/// The blank painter, counting the moves drawn.
#[derive(Default)]
struct Counting(AtomicUsize);

impl Painter for Counting {
    fn position(&self, pos: &Position, info: &BoardInfo) -> Frame {
        BlankPainter.position(pos, info)
    }
    fn move_frames(&self, trace: &Trace, info: &BoardInfo) -> Vec<Frame> {
        self.0.fetch_add(1, Ordering::SeqCst);
        BlankPainter.move_frames(trace, info)
    }
    fn contact_sheet(&self, frames: &[Frame]) -> Frame {
        BlankPainter.contact_sheet(frames)
    }
    fn gif(&self, _: &[Frame]) -> Vec<u8> {
        vec![7; 100]
    }
}

/// A Katro game between alice and bob in `channel` after alice's first move.
fn one_move_played(core: &Core, channel: &str) {
    ok(say(core, channel, "alice", "!new katro @bob as south"));
    ok(say(core, channel, "bob", "!accept"));
    let mv = core.legal_moves(&at(channel))[0].clone();
    ok(say(core, channel, "alice", &format!("!sow {mv}")));
}

#[test]
fn a_replay_is_drawn_once_and_then_served_from_the_cache() {
    let painter = Arc::new(Counting::default());
    let Bench { core, metrics, .. } = bench(Settings::default(), painter.clone());
    one_move_played(&core, "a");
    let drawn = painter.0.load(Ordering::SeqCst);
    for who in ["carol", "dave"] {
        let r = ok(say(&core, "a", who, "!replay"));
        assert_eq!(r.attachments[0].filename, "move.gif");
        assert_eq!(r.attachments[0].bytes, vec![7; 100]);
    }
    assert_eq!(painter.0.load(Ordering::SeqCst), drawn + 1, "drawn once");
    let hits = metric(&metrics, "mancala_picture_cache_total{result=\"hit\"}");
    assert_eq!(hits.as_deref(), Some("1"));
}

#[test]
fn a_cached_picture_is_never_another_views_themes_or_languages() {
    let game = Game::new(Variant::KATRO);
    let trace = game.position().play_traced(game.legal_moves()[0]).unwrap();
    let info = super::views::board_info(
        &Record::in_play(
            "g".into(),
            at("a"),
            GameKind::single(Variant::KATRO),
            user("alice"),
            user("bob"),
            Play::Game(game),
            None,
            T0,
        ),
        &Game::new(Variant::KATRO),
        mancala_rules::Side::South,
    );
    let key = PictureKey::of(&trace, &info);
    assert_eq!(key, PictureKey::of(&trace, &info.clone()));
    let mut dark = info.clone();
    dark.theme = super::show::Theme::Dark;
    let mut north = info.clone();
    north.view = mancala_rules::Side::North;
    let french = crate::i18n::with_lang(crate::i18n::Lang::Fr, || PictureKey::of(&trace, &info));
    for other in [
        PictureKey::of(&trace, &dark),
        PictureKey::of(&trace, &north),
        french,
    ] {
        assert_ne!(key, other);
    }
}

#[test]
fn a_user_over_the_picture_budget_is_told_when_to_try_again() {
    let settings = Settings {
        pictures: PictureLimits {
            frames_per_minute: std::num::NonZeroU32::new(10),
            burst_frames: std::num::NonZeroU32::new(3).unwrap(),
            ..PictureLimits::default()
        },
        ..Settings::default()
    };
    let painter = Arc::new(Counting::default());
    let Bench { core, clock, .. } = bench(settings, painter.clone());
    one_move_played(&core, "a");
    // The replay drawn anew costs its frames (at most the budget's 3), the next one,
    // cached, costs one more than is left; another user has a budget of his own.
    ok(say(&core, "a", "carol", "!replay"));
    let drawn = painter.0.load(Ordering::SeqCst);
    let e = refused(say(&core, "a", "carol", "!replay"));
    assert_eq!(
        e,
        "you asked for many pictures lately (a replay costs one per frame drawn); nothing \
         was changed. Try again in 6 s."
    );
    ok(say(&core, "a", "dave", "!replay"));
    clock.advance(Duration::from_secs(6));
    ok(say(&core, "a", "carol", "!replay"));
    assert_eq!(
        painter.0.load(Ordering::SeqCst),
        drawn,
        "nothing drawn again"
    );
}

#[test]
fn a_full_drawing_queue_refuses_replays_but_never_a_move() {
    let settings = Settings {
        pictures: PictureLimits {
            pool: DrawSize {
                threads: 1,
                queue: 0,
            },
            ..PictureLimits::default()
        },
        ..Settings::default()
    };
    let painter = Arc::new(Counting::default());
    let Bench { core, metrics, .. } = bench(settings, painter.clone());
    one_move_played(&core, "a");
    let ticket = core.pictures.pool.admit(100).unwrap();
    let e = refused(say(&core, "a", "carol", "!replay"));
    assert_eq!(
        e,
        "the bot is busy drawing 1 replay; nothing was changed. Try again in 1 s."
    );
    let refusals = metric(&metrics, "mancala_picture_refused_total{reason=\"queue\"}");
    assert_eq!(refusals.as_deref(), Some("1"));
    // bob's move and its pictures are drawn on his own thread.
    let mv = core.legal_moves(&at("a"))[0].clone();
    let r = ok(say(&core, "a", "bob", &format!("!sow {mv}")));
    assert!(!r.attachments.is_empty());
    drop(ticket);
    ok(say(&core, "a", "carol", "!replay"));
}

/// A stored review goes into a backup and comes back from it like every document; one
/// whose values are out of range is refused with the reason.
#[test]
fn a_stored_review_is_exported_and_imported_with_its_game() {
    let Bench { core, store, .. } = bench(fast_ai(), Arc::new(BlankPainter));
    finish(&store, "a", "g1", game_of("katro:4x4".parse().unwrap(), 4));
    ok(say(&core, "a", "carol", "!analyze"));
    let mut out = Vec::new();
    crate::core::backup::export(&*store, &mut out).unwrap();
    let text = String::from_utf8(out).unwrap();
    assert!(text.contains("\"doc\":\"analysis/test/g1\""), "{text}");
    let backup = crate::core::backup::read(text.as_bytes()).unwrap();
    let fresh = MemoryStore::new();
    crate::core::backup::import(&fresh, &backup).unwrap();
    let key = DocKey::analysis("test", "g1");
    assert_eq!(fresh.doc(&key).unwrap(), store.doc(&key).unwrap());
    let bad = text.replace("\"accuracy\":[", "\"accuracy\":[-5,");
    let e = crate::core::backup::read(bad.as_bytes())
        .unwrap_err()
        .to_string();
    assert!(e.contains("document analysis/test/g1"), "{e}");
}

/// A clock moved forward past what governor counts in nanoseconds (584 years) leaves the
/// budget working: the fuzz test's clock jumps found it panicking.
#[test]
fn the_picture_budget_survives_a_clock_moved_centuries_on() {
    let painter = Arc::new(Counting::default());
    let Bench { core, clock, .. } = bench(Settings::default(), painter);
    one_move_played(&core, "a");
    ok(say(&core, "a", "carol", "!replay"));
    clock.advance(Duration::from_millis(u64::MAX));
    ok(say(&core, "a", "carol", "!replay"));
    ok(say(&core, "a", "carol", "!board"));
}
