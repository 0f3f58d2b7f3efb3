//! Where tags go: a tag that would cover one placed before it moves to the other side of
//! its hole (above instead of below, or the reverse), so that the tags of neighbouring
//! holes (a relay next to a capture, the holes of a last-four sweep) stay readable.

use super::draw::Color;

/// A tag: where it sits, its word, its background and its ink.
pub(super) type Tag = ((f32, f32), String, Color, Color);

/// A tag's box: left, top, right, bottom.
pub(super) type Rect = (f32, f32, f32, f32);

fn rect(at: (f32, f32), w: f32, h: f32) -> Rect {
    (
        at.0 - w / 2.0,
        at.1 - h / 2.0,
        at.0 + w / 2.0,
        at.1 + h / 2.0,
    )
}

fn overlaps(a: Rect, b: Rect) -> bool {
    a.0 < b.2 && b.0 < a.2 && a.1 < b.3 && b.1 < a.3
}

/// `tags` in order, each kept where it is when it covers no tag placed before it, else
/// moved `flip` up or down (the other side of its hole), a little left or right if need
/// be, to the first free place whose centre lies within `bounds` (the board); one that
/// finds none stays (drawn last, on top). `width` is a tag's box width, `h` its height.
pub(super) fn place(
    tags: Vec<Tag>,
    width: impl Fn(&str) -> f32,
    h: f32,
    flip: f32,
    bounds: Rect,
) -> Vec<Tag> {
    let mut placed: Vec<Rect> = Vec::with_capacity(tags.len());
    let mut out = Vec::with_capacity(tags.len());
    for (at, word, bg, ink) in tags {
        let w = width(&word);
        let inside = |a: (f32, f32)| {
            (bounds.0..=bounds.2).contains(&a.0) && (bounds.1..=bounds.3).contains(&a.1)
        };
        let free = |a: (f32, f32)| !placed.iter().any(|p| overlaps(*p, rect(a, w, h)));
        let candidates = [0.0, -flip, flip].into_iter().flat_map(|dy| {
            [0.0, -0.3 * w, 0.3 * w]
                .into_iter()
                .map(move |dx| (at.0 + dx, at.1 + dy))
        });
        let at = std::iter::once(at)
            .chain(candidates.filter(|a| inside(*a)))
            .find(|a| free(*a))
            .unwrap_or(at);
        placed.push(rect(at, w, h));
        out.push((at, word, bg, ink));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::place;

    #[test]
    fn a_tag_over_another_moves_to_the_other_side_of_its_hole() {
        let c = [0, 0, 0];
        let tags = vec![
            ((100.0, 50.0), "a".to_string(), c, c),
            ((150.0, 50.0), "b".to_string(), c, c),
            ((400.0, 50.0), "c".to_string(), c, c),
        ];
        let out = place(tags, |_| 80.0, 20.0, 60.0, (0.0, -100.0, 500.0, 100.0));
        assert_eq!(out[0].0, (100.0, 50.0));
        assert_eq!(out[1].0, (150.0, -10.0), "b covered a: moved up");
        assert_eq!(out[2].0, (400.0, 50.0), "c covered nothing");
        // Nowhere free on the board: a little aside.
        let c = [0, 0, 0];
        let tags = vec![
            ((100.0, 50.0), "a".to_string(), c, c),
            ((170.0, 50.0), "b".to_string(), c, c),
        ];
        let out = place(tags, |_| 80.0, 20.0, 60.0, (0.0, 40.0, 500.0, 60.0));
        assert_eq!(out[1].0, (194.0, 50.0));
    }
}
