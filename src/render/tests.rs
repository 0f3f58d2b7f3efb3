//! Unit tests of the renderer: frame plans, sizes, alt text.

use super::layout::{Layout, PIT_R};
use super::plan::{plan_move, plan_position, Turn};
use super::*;
use crate::core::show::Theme;
use mancala_rules::{Event, Hole, Position, Side, Variant};

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

#[test]
fn fonts_parse_and_renderer_is_send_sync() {
    fn assert_send_sync<T: Send + Sync>() {}
    assert_send_sync::<Renderer>();
    let _ = Renderer::new();
}

#[test]
fn e1_plan_has_captions_per_relay_and_capture() {
    let pos = Position::new(Variant::KATRO);
    let trace = pos
        .play_traced(mancala_rules::Move::parse("c1+", Variant::KATRO).unwrap())
        .unwrap();
    let mut i = info(Side::South);
    i.captured = [2, 0];
    let steps = plan_move(&trace, &i);
    assert_eq!(steps.len(), 7);
    assert_eq!(steps[0].caption.0, "1/7  lap 1: relay 3 from e1");
    assert_eq!(steps[3].caption.0, "4/7  lap 4: capture 2 from b4 at b3");
    assert_eq!(steps[6].caption.0, "7/7  end: stop at e2");
    assert_eq!(steps[6].caption.1, "South plays c1+ · North to move");
    // Katro captures count back from the counts after the move.
    assert_eq!(steps[2].captured, [0, 0]);
    assert_eq!(steps[3].captured, [2, 0]);
    assert_eq!(steps[3].turns, [Turn::Sowing, Turn::None]);
    assert_eq!(steps[6].turns, [Turn::None, Turn::ToMove]);
    assert_eq!(steps[0].lap_sown, vec![Hole::new(3, 0), Hole::new(4, 0)]);
}

#[test]
fn north_view_turns_the_board_half_round() {
    let s = Layout::new(Variant::KATRO, Side::South);
    let n = Layout::new(Variant::KATRO, Side::North);
    let a1 = Hole::new(0, 0);
    let f6 = Hole::new(5, 5);
    assert_eq!(s.centre(a1), n.centre(f6));
    assert!(
        s.centre(a1).1 > s.centre(f6).1,
        "South sees row 1 at the bottom"
    );
    assert!(
        n.centre(a1).0 > n.centre(f6).0,
        "North sees column a on his right"
    );
}

#[test]
fn seventy_seeds_fit_in_their_pit() {
    let r = Renderer::new();
    for n in [9u8, 70, 144] {
        let s = r.number(n, 1.0);
        assert!(
            s.width() as f32 <= 2.0 * PIT_R,
            "{n}: {} px wide",
            s.width()
        );
    }
}

#[test]
fn hoyito_casa_frames_use_the_stores() {
    // H6a: a1 holds 1 seed, b1 holds 3: the last seed makes a casa in b1.
    let pos: Position = "hoyito/1,3,4,4,4,4/4,4,4,4,4,4 s 0 4".parse().unwrap();
    let trace = pos
        .play_traced(mancala_rules::Move::parse("a1", pos.variant()).unwrap())
        .unwrap();
    assert_eq!(trace.captures(), 1);
    let steps = plan_move(&trace, &info(Side::South));
    assert_eq!(steps.len(), trace.relays() + 2);
    assert_eq!(
        steps[0].event,
        Some(Event::Casa {
            hole: Hole::new(1, 0)
        })
    );
    assert_eq!(steps[0].captured, [4, 4]);
    assert!(steps[0].caption.0.contains("casa at b1: South captures 4"));
}

/// The fixed palette is learnt from sample frames; frames of other boards, names, moves
/// and views must come out of it all but unchanged: flat colours exact, edge shades close.
/// In both themes, each with its own palette.
#[test]
fn fixed_palette_keeps_frames_it_was_not_learnt_from() {
    let r = Renderer::new();
    let cases = [
        ("katro:4x4", Side::North, Theme::Light),
        ("hoyito:2x12", Side::South, Theme::Light),
        ("katro:4x6", Side::South, Theme::Dark),
        ("hoyito:2x9", Side::North, Theme::Dark),
    ];
    for (game, view, theme) in cases {
        let palette = r.palette(theme);
        let v = game.parse::<Variant>().unwrap();
        let i = BoardInfo {
            south: "A rather long player name".into(),
            north: "Zoë".into(),
            captured: [3, 1],
            view,
            theme,
            ended: None,
            match_info: None,
        };
        let pos = Position::new(v);
        let trace = pos.play_traced(pos.legal_moves()[1]).unwrap();
        let mut steps = plan_move(&trace, &i);
        steps.push(plan_position(&trace.after, &i));
        for (k, step) in steps.iter().enumerate() {
            let img = r.paint_image(step, &i);
            let back = palette.map(&img).to_rgb();
            let n = img.pixels().len();
            let d: Vec<u32> = img
                .pixels()
                .zip(back.pixels())
                .map(|(a, b)| quant::dist(a.0, b.0))
                .collect();
            let exact = d.iter().filter(|&&x| x == 0).count();
            let mean = d.iter().map(|&x| x as f64).sum::<f64>() / n as f64;
            let worst = d.iter().max().copied().unwrap_or(0);
            // Weighted distance 3000 is about 25 levels in one channel: an edge pixel.
            assert!(
                exact * 100 >= 90 * n && mean < 10.0 && worst <= 3000,
                "{game} {theme:?} frame {k}: {exact} of {n} exact, mean {mean:.1}, worst {worst}"
            );
        }
    }
}

/// Issue 18 item 5: a contact sheet of one frame says so in the singular.
#[test]
fn contact_sheet_of_one_frame_is_singular() {
    let r = Renderer::new();
    let f = r.position(&Position::new(Variant::HOYITO), &info(Side::South));
    let sheet = r.contact_sheet(std::slice::from_ref(&f));
    assert!(
        sheet
            .alt
            .starts_with("Contact sheet of 1 frame, in order: 1) "),
        "{}",
        sheet.alt
    );
}

/// Issue 14 item 2: captions and alt texts in the language of the thread.
#[test]
fn captions_and_alt_texts_follow_the_language() {
    use crate::i18n::{with_lang, Lang};
    let pos = Position::new(Variant::KATRO);
    let trace = pos
        .play_traced(mancala_rules::Move::parse("c1+", Variant::KATRO).unwrap())
        .unwrap();
    let mut i = info(Side::South);
    i.captured = [2, 0];
    let steps = with_lang(Lang::Fr, || plan_move(&trace, &i));
    assert_eq!(
        steps[0].caption.0,
        "1/7  tour 1\u{202f}: relais de 3 depuis e1"
    );
    assert_eq!(steps[6].caption.0, "7/7  fin\u{202f}: arrêt en e2");
    assert_eq!(steps[6].caption.1, "Sud joue c1+ · Nord a le trait");
    assert!(
        steps[6]
            .alt
            .starts_with("Image 7 sur 7, Sud joue c1+ (Katro 6x6, vu du côté Sud)\u{202f}: fin"),
        "{}",
        steps[6].alt
    );
    let step = with_lang(Lang::Ru, || {
        plan_position(&Position::new(Variant::KATRO), &i)
    });
    assert_eq!(step.caption.0, "Катро 6x6: ходит Юг");
    assert!(
        step.alt
            .contains("Юг: Alice, ряды 1-3: 36 камней, взято 2, ходит"),
        "{}",
        step.alt
    );
}

/// Katro E1 (`c1+`): relays and a capture in laps 1-4, the path picture's tags.
fn katro_e1() -> Trace {
    let pos = Position::new(Variant::KATRO);
    pos.play_traced(mancala_rules::Move::parse("c1+", Variant::KATRO).unwrap())
        .unwrap()
}

/// Hoyito `a1` (H6c, H6a, H7): the two seeds relay from c1, the last makes e1 a casa,
/// which leaves four seeds in play (b1, d1, b2): the mover sweeps them.
fn hoyito_last_four() -> Trace {
    let pos: Position = "hoyito/2,0,1,0,3,0/0,2,0,0,0,0 s 20 20".parse().unwrap();
    pos.play_traced(mancala_rules::Move::parse("a1", pos.variant()).unwrap())
        .unwrap()
}

/// The words of the tags `step` draws, in drawing order.
fn tag_words(step: &super::plan::Step) -> Vec<String> {
    let r = Renderer::bundled_fonts_only();
    let l = Layout::new(step.pos.variant(), Side::South);
    let mut img = image::RgbImage::new(l.width, l.height);
    r.highlights(&mut img, &l, step)
        .into_iter()
        .map(|(_, word, _, _)| word)
        .collect()
}

/// Path pictures say which lap ended where: `lap 4` is a lap, not a count of seeds
/// captured (a capture's tag reads `capture, lap 4`; a relay's, in its orange ring, `lap 1`).
#[test]
fn path_tags_name_laps_as_laps() {
    use super::plan::plan_path;
    assert_eq!(tr!("picture-tag-lap", count = 1, laps = "4"), "lap 4");
    assert_eq!(tr!("picture-tag-lap", count = 2, laps = "1,4"), "laps 1,4");
    let words = tag_words(&plan_path(&katro_e1(), &info(Side::South)));
    assert!(words.contains(&"capture, lap 4".to_string()), "{words:?}");
    assert!(words.contains(&"lap 1".to_string()), "{words:?}");
    assert!(!words.iter().any(|w| w == "capture 4"), "{words:?}");
    // Russian counts its laps in its own words.
    let ru = crate::i18n::with_lang(crate::i18n::Lang::Ru, || {
        tag_words(&plan_path(&katro_e1(), &info(Side::South)))
    });
    assert!(ru.contains(&"взятие, круг 4".to_string()), "{ru:?}");
}

/// H7: the last four seeds are the mover's capture, wherever they lay; the final frame
/// and the path picture ring and tag each hole they were taken from.
#[test]
fn the_hoyito_last_four_sweep_is_marked_as_a_capture() {
    use super::plan::plan_path;
    let trace = hoyito_last_four();
    assert_eq!(trace.events.last().map(|e| e.event), Some(Event::LastFour));
    let swept = vec![Hole::new(1, 0), Hole::new(3, 0), Hole::new(1, 1)];
    let steps = plan_move(&trace, &info(Side::South));
    let last = steps.last().unwrap();
    assert_eq!(last.swept, swept);
    let words = tag_words(last);
    assert_eq!(
        words.iter().filter(|w| *w == "last four").count(),
        3,
        "{words:?}"
    );
    let path = plan_path(&trace, &info(Side::South));
    assert_eq!(path.swept, swept);
    let words = tag_words(&path);
    assert!(words.contains(&"lap 1".to_string()), "{words:?}");
    assert!(words.contains(&"casa, lap 2".to_string()), "{words:?}");
    assert_eq!(
        words.iter().filter(|w| *w == "last four").count(),
        3,
        "{words:?}"
    );
    // A move without H7 sweeps nothing.
    assert!(plan_move(&katro_e1(), &info(Side::South))
        .iter()
        .all(|s| s.swept.is_empty()));
}

/// The pictures of both moves in every language, as PNG files under
/// `target/pictures/` when `WRITE_PICTURES` is set (to look at them); always drawn and
/// decoded.
#[test]
fn pictures_of_both_moves_in_every_language() {
    use crate::i18n::{with_lang, Lang};
    let r = Renderer::bundled_fonts_only();
    let dir = std::env::var_os("WRITE_PICTURES").map(|_| {
        let d = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("target/pictures");
        std::fs::create_dir_all(&d).unwrap();
        d
    });
    for lang in Lang::ALL {
        for (name, trace) in [("katro", katro_e1()), ("hoyito", hoyito_last_four())] {
            let mut i = info(Side::South);
            i.captured = [2, 0];
            let (path, frames) = with_lang(lang, || {
                (r.move_path(&trace, &i), r.move_frames(&trace, &i))
            });
            for (k, f) in std::iter::once(&path).chain(&frames).enumerate() {
                let img = image::load_from_memory(&f.png).expect("PNG");
                assert!(img.width() > 0);
                if let Some(d) = &dir {
                    let file = d.join(format!("{name}-{}-{k}.png", lang.code()));
                    std::fs::write(file, &f.png).unwrap();
                }
            }
        }
    }
}
