//! Issue 14 item 3: `!set pictures frames|sheet|final|gif` and `!set view
//! mover|south|north`, per channel, set by organizers; moves are then answered with the
//! chosen pictures, drawn from the chosen side.

use std::sync::Arc;

use mancala_bot::core::{Core, ManualClock, Settings};
use mancala_bot::render::Renderer;
use mancala_bot::store::MemoryStore;

use crate::core_chat::{chan, ok, refused, say, say_as, start};

/// A core drawing real pictures (bundled fonts only).
fn core() -> Core {
    Core::new(
        Arc::new(MemoryStore::new()),
        Arc::new(Renderer::bundled_fonts_only()),
        Arc::new(ManualClock::new(1_700_000_000_000)),
        Settings::default(),
    )
}

/// The attachments' file names of South's E1 move (`c1+`, 7 frames) in a new Katro game
/// in channel `name`, after an organizer said `set` there (if any).
fn e1_files(core: &Core, name: &str, set: Option<&str>) -> Vec<String> {
    let at = chan(name);
    if let Some(set) = set {
        ok(say_as(core, &at, "olga", set, true));
    }
    start(core, &at, "katro");
    let r = ok(say(core, &at, "alice", "!sow c1+"));
    r.attachments.iter().map(|a| a.filename.clone()).collect()
}

#[test]
fn set_pictures_chooses_the_pictures_a_move_is_answered_with() {
    let core = core();
    let frames = e1_files(&core, "pictures-default", None);
    assert_eq!(frames.len(), 7, "{frames:?}");
    assert_eq!(frames.last().map(String::as_str), Some("board.png"));
    assert_eq!(
        e1_files(&core, "pictures-frames", Some("!set pictures frames")),
        frames
    );
    assert_eq!(
        e1_files(&core, "pictures-sheet", Some("!set pictures sheet")),
        ["frames.png", "board.png"]
    );
    assert_eq!(
        e1_files(&core, "pictures-final", Some("!set pictures final")),
        ["board.png"]
    );
    assert_eq!(
        e1_files(&core, "pictures-gif", Some("!set pictures gif")),
        ["move.gif"]
    );
}

#[test]
fn the_final_board_has_the_path_and_the_gif_every_frame() {
    let core = core();
    let at = chan("pictures-final-alt");
    ok(say_as(&core, &at, "olga", "!set pictures final", true));
    start(&core, &at, "katro");
    let r = ok(say(&core, &at, "alice", "!sow c1+"));
    let board = &r.attachments[0];
    let img = image::load_from_memory(&board.bytes).expect("a PNG");
    assert!(img.width() > 300 && img.height() > 300);
    // The whole move is in the alt text, as on the last frame.
    assert!(board.alt.contains("The whole move:"), "{}", board.alt);

    let at = chan("pictures-gif-frames");
    ok(say_as(&core, &at, "olga", "!set pictures gif", true));
    start(&core, &at, "katro");
    let r = ok(say(&core, &at, "alice", "!sow c1+"));
    let gif = &r.attachments[0];
    let dec = image::codecs::gif::GifDecoder::new(std::io::Cursor::new(&gif.bytes)).unwrap();
    let n = image::AnimationDecoder::into_frames(dec)
        .collect_frames()
        .expect("GIF frames decode")
        .len();
    assert_eq!(n, 7);
    assert!(
        gif.alt.starts_with("Animated move, ending: "),
        "{}",
        gif.alt
    );
}

#[test]
fn set_view_draws_the_boards_from_the_chosen_side() {
    let core = core();
    let seen = |name: &str, set: Option<&str>| -> String {
        let at = chan(name);
        if let Some(set) = set {
            ok(say_as(&core, &at, "olga", set, true));
        }
        start(&core, &at, "katro");
        let r = ok(say(&core, &at, "alice", "!sow c1+"));
        r.attachments.last().unwrap().alt.clone()
    };
    assert!(seen("view-default", None).contains("seen from South"));
    assert!(seen("view-north", Some("!set view north")).contains("seen from North"));
    assert!(seen("view-south", Some("!set view south")).contains("seen from South"));
}

/// `!replay` is drawn from the side its move pictures were: the channel's `!set view`,
/// and against the AI the human's side, even for the AI's own move.
#[test]
fn replay_is_drawn_from_the_side_of_the_move_pictures() {
    let core = core();
    let at = chan("replay-view-north");
    ok(say_as(&core, &at, "olga", "!set view north", true));
    start(&core, &at, "katro");
    ok(say(&core, &at, "alice", "!sow c1+"));
    let r = ok(say(&core, &at, "carol", "!replay"));
    assert!(
        r.attachments[0].alt.contains("seen from North"),
        "{}",
        r.attachments[0].alt
    );

    let at = chan("replay-view-ai");
    let replies = say(&core, &at, "alice", "!new katro ai as north");
    let ai_move = replies.last().unwrap();
    assert!(!ai_move.is_error, "{}", ai_move.text());
    let pictured = &ai_move.attachments.last().unwrap().alt;
    assert!(pictured.contains("seen from North"), "{pictured}");
    let r = ok(say(&core, &at, "alice", "!replay"));
    assert!(r.text().contains("(South)"), "the AI's move: {}", r.text());
    assert!(
        r.attachments[0].alt.contains("seen from North"),
        "{}",
        r.attachments[0].alt
    );
}

#[test]
fn set_pictures_and_view_are_for_organizers_and_check_their_value() {
    let core = core();
    let at = chan("show-refusals");
    let e = refused(say(&core, &at, "alice", "!set pictures gif"));
    assert!(e.starts_with("only organizers"), "{e}");
    let e = refused(say_as(&core, &at, "olga", "!set pictures movie", true));
    assert_eq!(
        e,
        "`movie` is not a picture style: frames, sheet, final or gif"
    );
    let e = refused(say_as(&core, &at, "olga", "!set view east", true));
    assert_eq!(e, "`east` is not a view: mover, south or north");
    let r = ok(say_as(&core, &at, "olga", "!set pictures final", true));
    assert_eq!(
        r.text(),
        "Moves here are shown as only the final board, with the move's path drawn on it."
    );
}

#[test]
fn set_theme_dark_draws_dark_boards_and_checks_its_value() {
    let core = core();
    let corner = |name: &str, set: Option<&str>| -> image::Rgb<u8> {
        let at = chan(name);
        if let Some(set) = set {
            ok(say_as(&core, &at, "olga", set, true));
        }
        start(&core, &at, "katro");
        let r = ok(say(&core, &at, "alice", "!sow c1+"));
        let png = &r.attachments.last().unwrap().bytes;
        // Left of the board, below the top band: the page.
        *image::load_from_memory(png)
            .unwrap()
            .to_rgb8()
            .get_pixel(10, 200)
    };
    let light = corner("theme-default", None);
    let dark = corner("theme-dark", Some("!set theme dark"));
    let luma = |p: image::Rgb<u8>| p.0.iter().map(|&c| c as u32).sum::<u32>() / 3;
    assert!(luma(light) > 200, "{light:?}");
    assert!(luma(dark) < 60, "{dark:?}");
    assert_eq!(corner("theme-light", Some("!set theme light")), light);
    let at = chan("theme-refused");
    let e = refused(say_as(&core, &at, "olga", "!set theme blue", true));
    assert_eq!(e, "`blue` is not a theme: light or dark");
}
