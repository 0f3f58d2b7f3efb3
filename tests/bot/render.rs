//! Board pictures (issue 3): frame counts (relays + captures + 1) for RULES.md E1-E3 and
//! random moves of every game and size, decodable PNGs of the documented size, GIF frame
//! counts, alt text, and golden images.
//!
//! Golden images live in `tests/data/golden/`; regenerate them with
//! `UPDATE_GOLDEN=1 cargo test --test bot render::` after an intended change, and look
//! at them before committing.

use std::path::PathBuf;

use mancala_bot::core::painter::{BoardInfo, Frame, MovePictures, Painter};
use mancala_bot::core::text::event_text;
use mancala_bot::render::{frame_size, Renderer};
use mancala_rules::{Event, Game, Position, Side, Trace, Variant};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

fn info(view: Side) -> BoardInfo {
    BoardInfo {
        south: "Alice".into(),
        north: "Bob".into(),
        captured: [0, 0],
        view,
        theme: Default::default(),
        ended: None,
        match_info: None,
    }
}

fn play(game: &str, moves: &[&str]) -> (Game, Trace) {
    let mut g = Game::new(game.parse().expect("game name"));
    let mut last = None;
    for m in moves {
        last = Some(g.play_text(m).expect("legal move"));
    }
    (g, last.expect("at least one move"))
}

fn decode(png: &[u8]) -> image::RgbImage {
    image::load_from_memory_with_format(png, image::ImageFormat::Png)
        .expect("frame decodes as PNG")
        .to_rgb8()
}

fn check_frames(trace: &Trace, frames: &[Frame]) {
    assert_eq!(
        frames.len(),
        trace.relays() + trace.captures() + 1,
        "frames of {} from {}",
        trace.mv,
        trace.before
    );
    let (w, h) = frame_size(trace.before.variant());
    for f in frames {
        let img = decode(&f.png);
        assert_eq!((img.width(), img.height()), (w, h));
        assert!(f.png.len() <= 100_000, "PNG of {} bytes", f.png.len());
    }
}

fn check_alt(trace: &Trace, frames: &[Frame]) {
    let last = &frames.last().expect("a final frame").alt;
    let mut i = 0;
    for e in &trace.events {
        let text = event_text(&e.event);
        if matches!(e.event, Event::Relay { .. }) || e.event.is_capture() {
            assert!(last.contains(&text), "final alt lacks `{text}`: {last}");
            assert!(
                frames[i].alt.contains(&text),
                "frame {} alt lacks `{text}`",
                i + 1
            );
            i += 1;
        }
    }
}

/// E1 (RULES.md §5): Katro c1+ has 5 relays and 1 capture: 7 frames.
#[test]
fn e1_katro_c1_plus_has_seven_frames() {
    let r = Renderer::new();
    let (_, trace) = play("katro", &["c1+"]);
    let frames = r.move_frames(&trace, &info(Side::South));
    assert_eq!(frames.len(), 7);
    check_frames(&trace, &frames);
    check_alt(&trace, &frames);
    assert!(frames[3].alt.contains("capture 2 from b4 at b3"));
}

/// E2: Katro c1- has 5 relays and 1 capture: 7 frames.
#[test]
fn e2_katro_c1_minus_has_seven_frames() {
    let r = Renderer::new();
    let (_, trace) = play("katro", &["c1-"]);
    let frames = r.move_frames(&trace, &info(Side::North));
    assert_eq!(frames.len(), 7);
    check_frames(&trace, &frames);
    check_alt(&trace, &frames);
}

/// E3: Hoyito a1 has 4 relays and no casa: 5 frames; the GIF has as many frames.
#[test]
fn e3_hoyito_a1_has_five_frames_and_gif_too() {
    let r = Renderer::new();
    let (_, trace) = play("hoyito", &["a1"]);
    let frames = r.move_frames(&trace, &info(Side::South));
    assert_eq!(frames.len(), 5);
    check_frames(&trace, &frames);
    check_alt(&trace, &frames);
    let gif = r.gif(&frames);
    let dec = image::codecs::gif::GifDecoder::new(std::io::Cursor::new(gif)).expect("GIF");
    let n = image::AnimationDecoder::into_frames(dec)
        .collect_frames()
        .expect("GIF frames decode")
        .len();
    assert_eq!(n, frames.len());
    let sheet = r.contact_sheet(&frames);
    decode(&sheet.png);
    for i in 1..=5 {
        assert!(
            sheet.alt.contains(&format!("{i}) Frame {i} of 5")),
            "{}",
            sheet.alt
        );
    }
}

/// A reply's pictures (issue 4): E1's seven frames when seven fit; with room for fewer,
/// the sheet of all seven (its tiles drawn at half size) and the final board, which match
/// the sheet and final frame made from the encoded frames.
#[test]
fn move_pictures_send_frames_or_a_sheet_and_the_final_board() {
    let r = Renderer::new();
    let (_, trace) = play("katro", &["c1+"]);
    let i = info(Side::South);
    let frames = r.move_frames(&trace, &i);
    match r.move_pictures(&trace, &i, 7) {
        MovePictures::Frames(got) => {
            assert_eq!(got.len(), 7);
            for (a, b) in got.iter().zip(&frames) {
                assert_eq!(a.png, b.png);
                assert_eq!(a.alt, b.alt);
            }
        }
        other => panic!("7 frames fit in 7: {other:?}"),
    }
    let MovePictures::Sheet { sheet, board } = r.move_pictures(&trace, &i, 6) else {
        panic!("7 frames do not fit in 6");
    };
    let last = frames.last().expect("final frame");
    assert_eq!(board.png, last.png);
    assert_eq!(board.alt, last.alt);
    let want = r.contact_sheet(&frames);
    assert_eq!(sheet.alt, want.alt);
    let (got, want) = (decode(&sheet.png), decode(&want.png));
    assert_eq!(got.dimensions(), want.dimensions());
    // Tiles drawn at half size, or full frames shrunk: the same picture but for the
    // anti-aliasing of edges and text.
    let n = got.pixels().len() as f64;
    let mean = got
        .pixels()
        .zip(want.pixels())
        .map(|(a, b)| {
            a.0.iter()
                .zip(b.0)
                .map(|(x, y)| x.abs_diff(y) as f64)
                .sum::<f64>()
        })
        .sum::<f64>()
        / (3.0 * n);
    let differ = got
        .pixels()
        .zip(want.pixels())
        .filter(|(a, b)| a.0.iter().zip(b.0).any(|(x, y)| x.abs_diff(y) > 48))
        .count();
    // Measured: mean 1.5 levels, 1.3% of pixels off by more than 48 (glyph edges).
    assert!(
        mean < 4.0 && (differ as f64) < 0.03 * n,
        "mean difference {mean:.2}, {differ} of {n} pixels differ"
    );
}

/// Random moves of every game and size: frames = relays + captures + 1, sizes as
/// documented, alt text naming every relay and capture (seeded, a few moves each).
#[test]
fn random_moves_of_every_game_have_one_frame_per_relay_and_capture_plus_one() {
    let r = Renderer::new();
    let mut rng = StdRng::seed_from_u64(3);
    let games = [
        "katro",
        "katro:4x6",
        "katro:4x4",
        "hoyito",
        "hoyito:2x7",
        "hoyito:2x8",
        "hoyito:2x9",
        "hoyito:2x10",
        "hoyito:2x11",
        "hoyito:2x12",
    ];
    for name in games {
        let mut game = Game::new(name.parse().expect("game"));
        let plies = rng.gen_range(0..12);
        for _ in 0..plies {
            let moves = game.legal_moves();
            if game.outcome().is_over() || moves.is_empty() {
                break;
            }
            let mv = moves[rng.gen_range(0..moves.len())];
            game.play(mv).expect("legal");
        }
        let moves = game.legal_moves();
        if game.outcome().is_over() || moves.is_empty() {
            continue;
        }
        let mv = moves[rng.gen_range(0..moves.len())];
        let trace = game.play(mv).expect("legal");
        let view = if rng.gen_bool(0.5) {
            Side::South
        } else {
            Side::North
        };
        let frames = r.move_frames(&trace, &info(view));
        check_frames(&trace, &frames);
        check_alt(&trace, &frames);
    }
}

/// A position alone is one frame of the documented size, for every board size.
#[test]
fn positions_have_the_documented_size() {
    let r = Renderer::new();
    for (name, size) in [
        ("katro", (720, 908)),
        ("katro:4x4", (640, 708)),
        ("hoyito", (720, 508)),
        ("hoyito:2x12", (1320, 508)),
    ] {
        let v: Variant = name.parse().expect("game");
        assert_eq!(frame_size(v), size);
        let f = r.position(&Position::new(v), &info(Side::North));
        let img = decode(&f.png);
        assert_eq!((img.width(), img.height()), size, "{name}");
    }
}

/// Closed holes (M2) are named in the alt text.
#[test]
fn closed_holes_show_in_the_alt_text() {
    let r = Renderer::new();
    let pos: Position = "hoyito/4,4,4,x,x,x/4,4,4,4,4,4 s 0 0"
        .parse()
        .expect("position");
    let f = r.position(&pos, &info(Side::South));
    assert!(f.alt.contains("row 1: 4 4 4 x x x"), "{}", f.alt);
    assert!(f.alt.contains("x = closed hole"));
}

// ----- golden images -------------------------------------------------------------

fn golden_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/golden")
}

/// Compares `png` with the golden file `name`: a pixel differs when a channel is off by
/// more than 48; the images match when at most 0.3% of pixels differ (a font hinting or
/// encoder change), while a moved or missing hole changes well over 1%.
fn assert_golden(name: &str, png: &[u8]) {
    let path = golden_dir().join(name);
    if std::env::var_os("UPDATE_GOLDEN").is_some() {
        std::fs::create_dir_all(golden_dir()).expect("golden dir");
        std::fs::write(&path, png).expect("write golden");
        return;
    }
    let want = decode(&std::fs::read(&path).unwrap_or_else(|e| {
        panic!(
            "{}: {e} (run with UPDATE_GOLDEN=1 to create it)",
            path.display()
        )
    }));
    let got = decode(png);
    assert_eq!(want.dimensions(), got.dimensions(), "{name}: size");
    let differ = want
        .pixels()
        .zip(got.pixels())
        .filter(|(a, b)| a.0.iter().zip(b.0).any(|(x, y)| x.abs_diff(y) > 48))
        .count();
    let total = (want.width() * want.height()) as usize;
    assert!(
        differ * 1000 <= total * 3,
        "{name}: {differ} of {total} pixels differ (UPDATE_GOLDEN=1 regenerates after an intended change)"
    );
}

#[test]
fn golden_e1_capture_frame() {
    let (_, trace) = play("katro", &["c1+"]);
    let frames = Renderer::new().move_frames(&trace, &info(Side::South));
    assert_golden("e1-frame-4.png", &frames[3].png);
}

#[test]
fn golden_e3_final_frame_from_north() {
    let (_, trace) = play("hoyito", &["a1"]);
    let frames = Renderer::new().move_frames(&trace, &info(Side::North));
    assert_golden("e3-final-north.png", &frames[4].png);
}

#[test]
fn golden_closed_holes_position() {
    let pos: Position = "hoyito/4,4,4,x,x,x/4,4,4,4,4,4 s 0 0"
        .parse()
        .expect("position");
    let f = Renderer::new().position(&pos, &info(Side::South));
    assert_golden("hoyito-closed.png", &f.png);
}

/// Players' names in every script (issue 14 item 1), drawn with the bundled fonts only
/// so that the pictures do not depend on the machine: accented Latin, Greek, Cyrillic,
/// Arabic (right to left, joined), Hebrew, mixed directions, combining marks, emoji,
/// Korean without a Korean font (a `‹Hangul›` stand-in, never boxes), and a name too
/// long for its band (cut with an ellipsis). The alt text keeps the real names.
#[test]
fn golden_names_in_every_script() {
    let pairs = [
        (
            "names-latin-greek.png",
            "Zoë Ñúñez-Łukasz",
            "Αλέξανδρος Παπαδόπουλος",
        ),
        ("names-cyrillic-arabic.png", "Дмитрий Иванов", "مستخدم_عربي"),
        (
            "names-hebrew-mixed.png",
            "משתמש עברי",
            "Ali علي 42 Zoe\u{0308}",
        ),
        ("names-emoji-hangul.png", "Rakoto 🐢🎲👍🏽", "사용자🐢"),
        (
            "names-long.png",
            &"Rasoanaivo-Andrianampoinimerina ".repeat(2),
            "Bob",
        ),
    ];
    let renderer = Renderer::bundled_fonts_only();
    let pos = Position::new("katro:4x4".parse().expect("variant"));
    for (file, south, north) in pairs {
        let mut i = info(Side::South);
        i.south = south.to_string();
        i.north = north.to_string();
        let f = renderer.position(&pos, &i);
        assert!(
            f.alt.contains(south.trim()) && f.alt.contains(north),
            "{}",
            f.alt
        );
        assert_golden(file, &f.png);
    }
}

/// `!set pictures final` (issue 14 item 3): E1's final board with the whole move on it,
/// every hole it sowed tinted, the laps' relays numbered, the capture arrowed.
#[test]
fn golden_e1_final_board_with_the_path() {
    let (_, trace) = play("katro", &["c1+"]);
    let renderer = Renderer::bundled_fonts_only();
    let f = renderer.move_path(&trace, &info(Side::South));
    let last = renderer
        .move_frames(&trace, &info(Side::South))
        .pop()
        .unwrap();
    assert_eq!(
        f.alt, last.alt,
        "the same text alternative as the last frame"
    );
    assert_golden("e1-path.png", &f.png);
}

/// `!set theme dark` (issue 14 item 3): E1's capture frame in the dark theme.
#[test]
fn golden_e1_capture_frame_dark() {
    let (_, trace) = play("katro", &["c1+"]);
    let mut i = info(Side::South);
    i.theme = mancala_bot::core::show::Theme::Dark;
    let frames = Renderer::bundled_fonts_only().move_frames(&trace, &i);
    assert_golden("e1-frame-4-dark.png", &frames[3].png);
}

/// As [`golden_e1_final_board_with_the_path`] for a Hoyito move with three casas (`a1
/// f2`: North's f2 takes c2, c1 and e1 in passing): each tagged with its lap (H5), in
/// the dark theme, from North's side.
#[test]
fn golden_hoyito_final_board_with_the_path() {
    let (_, trace) = play("hoyito", &["a1", "f2"]);
    let casas = trace
        .events
        .iter()
        .filter(|e| matches!(e.event, Event::Casa { .. }))
        .count();
    assert_eq!(casas, 3);
    let mut i = info(Side::North);
    i.theme = mancala_bot::core::show::Theme::Dark;
    let f = Renderer::bundled_fonts_only().move_path(&trace, &i);
    assert_golden("hoyito-path-dark-north.png", &f.png);
}

/// The golden check itself fails on a moved hole: the E1 capture frame is not the
/// frame before it.
#[test]
fn golden_comparison_detects_a_changed_board() {
    // Regenerating would write frame 3 as the golden frame 4: nothing to check then.
    if std::env::var_os("UPDATE_GOLDEN").is_some() {
        return;
    }
    let (_, trace) = play("katro", &["c1+"]);
    let frames = Renderer::new().move_frames(&trace, &info(Side::South));
    let result = std::panic::catch_unwind(|| assert_golden("e1-frame-4.png", &frames[2].png));
    assert!(result.is_err(), "frame 3 must not pass as frame 4");
}

/// `!replay` (issue 3's animated replay, in chat): E1 as a GIF of its seven frames,
/// refused before any move.
#[test]
fn replay_sends_the_last_move_as_a_gif() {
    use crate::core_chat::{chan, ok, refused, say, start};
    use mancala_bot::core::{Core, ManualClock, Settings};
    use mancala_bot::store::SledStore;
    use std::sync::Arc;

    let dir = tempfile::tempdir().unwrap();
    let store = Arc::new(SledStore::open(&dir.path().join("store"), 8 << 20).unwrap());
    let core = Core::new(
        store,
        Arc::new(Renderer::new()),
        Arc::new(ManualClock::new(1_700_000_000_000)),
        Settings::default(),
    );
    let at = chan("replay");
    start(&core, &at, "katro");
    let e = refused(say(&core, &at, "carol", "!replay"));
    assert!(e.starts_with("no move has been played"), "{e}");
    ok(say(&core, &at, "alice", "!sow c1+"));
    let r = ok(say(&core, &at, "carol", "!replay"));
    assert_eq!(
        r.text(),
        "Replay of move 1: alice (South) sowed c1+: 7 laps, captured 2 from b4, in 7 frames."
    );
    assert_eq!(r.attachments.len(), 1);
    assert_eq!(r.attachments[0].filename, "move.gif");
    let dec = image::codecs::gif::GifDecoder::new(std::io::Cursor::new(&r.attachments[0].bytes))
        .expect("a GIF");
    let n = image::AnimationDecoder::into_frames(dec)
        .collect_frames()
        .expect("GIF frames decode")
        .len();
    assert_eq!(n, 7);
    assert!(
        r.attachments[0].alt.contains("stop at e2"),
        "{}",
        r.attachments[0].alt
    );
    // A resignation ends the game off the board: its picture says so, not "to move".
    let r = ok(say(&core, &at, "bob", "!resign"));
    let board = r.attachments.last().expect("the final board");
    assert!(
        board.alt.contains("Game over: South wins, resignation") && !board.alt.contains("to move"),
        "{}",
        board.alt
    );
    let (_, status) = core.board_status(&at).expect("the last game");
    assert_eq!(status, "Game over: South wins, resignation");
}

/// A core over a fresh store drawing with the real renderer, and its directory.
fn rendering_core() -> (mancala_bot::core::Core, tempfile::TempDir) {
    use mancala_bot::core::{Core, ManualClock, Settings};
    use mancala_bot::store::SledStore;
    use std::sync::Arc;

    let dir = tempfile::tempdir().unwrap();
    let store = Arc::new(SledStore::open(&dir.path().join("store"), 8 << 20).unwrap());
    let core = Core::new(
        store,
        Arc::new(Renderer::new()),
        Arc::new(ManualClock::new(1_700_000_000_000)),
        Settings::default(),
    );
    (core, dir)
}

/// M1-M4: game 1 of a Hoyito match that South wins in five moves, capturing 32 seeds to
/// North's 16. South refills his six holes (24 seeds) and keeps 8 in reserve; North
/// fills four holes, a2 and b2 are closed (M2); South moves first (M3).
const MATCH_GAME_1: [&str; 5] = ["d1", "d2", "f1", "d2", "c1"];

/// Issue 18 item 3 (M2, M4): the reserves and games won of a match are shown wherever
/// the match is: `!board` beside the position string, the board picture's caption
/// (game of the match) and player bands, its alt text, and the console's status line.
#[test]
fn m2_m4_match_reserves_and_games_won_show_on_board_picture_and_status() {
    use crate::core_chat::{chan, ok, say, start};

    let (core, _dir) = rendering_core();
    let at = chan("match");
    start(&core, &at, "hoyito match");
    let mut last = None;
    for mv in MATCH_GAME_1 {
        let who = match core.board(&at).unwrap().to_move() {
            Side::South => "alice",
            Side::North => "bob",
        };
        last = Some(ok(say(&core, &at, who, &format!("!sow {mv}"))));
    }
    let last = last.unwrap();
    assert!(
        last.text()
            .starts_with("alice (South) sowed c1: 1 lap, captured 4 in casa at e1, last four.\n"),
        "{}",
        last.text()
    );
    assert!(
        last.text().contains(
            "Game 2 starts (M1-M3): games won alice 1, bob 0; reserves alice 8, bob 0; \
             closed holes: a2 b2."
        ),
        "{}",
        last.text()
    );
    // The frames of the move that ended game 1 show game 1, won, and the reserves kept
    // during it (none); the next game's board shows the refill's reserves.
    let board = last
        .attachments
        .iter()
        .find(|a| a.filename == "board.png")
        .expect("the final frame");
    assert!(
        board
            .alt
            .contains("(Hoyito I 2x6, match game 1, seen from South)")
            && board
                .alt
                .contains("row 1: captured 32, reserve 0, 1 game won")
            && board
                .alt
                .contains("row 2: captured 16, reserve 0, 0 games won"),
        "{}",
        board.alt
    );
    let next = last
        .attachments
        .iter()
        .find(|a| a.filename == "next-game.png")
        .expect("the next game's board");
    assert_eq!(
        next.alt,
        "Hoyito I 2x6, match game 2 position, seen from South: South to move. Board, \
         columns a to f, x = closed hole: row 2: x x 4 4 4 4; row 1: 4 4 4 4 4 4. \
         North: bob, row 2: captured 0, reserve 0, 0 games won; South: alice, row 1: \
         captured 0, reserve 8, 1 game won, to move."
    );
    let r = ok(say(&core, &at, "carol", "!board"));
    assert_eq!(
        r.text(),
        "Hoyito 2x6 match: alice (South) vs bob (North), move 1 of game 2. Match \
         (M1-M4): games won alice 1, bob 0; reserves alice 8, bob 0. Position: \
         `hoyito/4,4,4,4,4,4/x,x,4,4,4,4 s 0 0` (its stores are this game's captures). \
         alice (South) to move."
    );
    assert_eq!(r.attachments[0].alt, next.alt);
    let (_, status) = core.board_status(&at).expect("the match");
    assert_eq!(
        status,
        "South to move; match game 2: games won South 1, North 0; reserves (M2) South 8, \
         North 0"
    );
    let hist = ok(say(&core, &at, "carol", "!record")).text();
    assert!(
        hist.contains("Match (M1-M4), game 2: games won alice 1, bob 0; reserves alice 8, bob 0"),
        "{hist}"
    );
    assert_golden("hoyito-match-game-2.png", &r.attachments[0].bytes);
}
