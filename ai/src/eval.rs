//! Static evaluation of both games, from the point of view of the player to move, in
//! centi-seeds (100 = one seed).

use mancala_rules::{Position, Side};

/// A won game: the score of a position whose player to move has won, minus the plies
/// it takes (shorter wins score higher). Every score whose magnitude exceeds
/// [`WIN_BOUND`] is a proven result.
pub const WIN: i32 = 1_000_000;
/// Scores beyond this magnitude are proven wins or losses.
pub const WIN_BOUND: i32 = WIN - 1_000;

/// Evaluation of a position that is not over, for its player to move.
#[inline]
pub fn evaluate(pos: &Position) -> i32 {
    if pos.variant().is_katro() {
        katro(pos)
    } else {
        hoyito(pos)
    }
}

/// Katro (K7, K9): the game is won by emptying the opponent, so the seeds on each half
/// weigh most; then mobility (occupied holes of the K3 start row, two moves each),
/// spread (occupied holes: a player with many occupied holes relays and is hard to
/// empty), and capture threats along the two front rows: a hole of my front row that
/// holds seeds can end a lap with a capture of the opposite front-row hole (K7), so the
/// seeds facing an occupied hole of the other's front row are targets. The mover's
/// threats are worth more than the waiting player's, since he strikes first.
fn katro(pos: &Position) -> i32 {
    let me = pos.to_move();
    let a = KatroSide::of(pos, me);
    let b = KatroSide::of(pos, me.other());
    if a.seeds == 0 || b.seeds == 0 {
        // Caller handles terminal positions; a side without seeds has lost (K9).
        return if a.seeds == 0 { -WIN_BOUND } else { WIN_BOUND };
    }
    let my_row = pos.row(a.front);
    let their_row = pos.row(b.front);
    let mut my_threat = 0i32;
    let mut their_threat = 0i32;
    for (&x, &y) in my_row.iter().zip(their_row) {
        if x > 0 && y > 0 {
            my_threat += y as i32;
            their_threat += x as i32;
        }
    }
    100 * (a.seeds - b.seeds)
        + 12 * (a.occupied - b.occupied)
        + 8 * (a.start_occupied - b.start_occupied)
        + 30 * my_threat
        - 15 * their_threat
}

/// What the Katro evaluation needs of one side, gathered in one pass over his rows.
struct KatroSide {
    seeds: i32,
    occupied: i32,
    /// His front row (K7): the innermost row holding seeds.
    front: u8,
    /// Occupied holes of his outermost non-empty row: his K3 start holes.
    start_occupied: i32,
}

impl KatroSide {
    #[inline]
    fn of(pos: &Position, side: Side) -> KatroSide {
        let mut k = KatroSide {
            seeds: 0,
            occupied: 0,
            front: 0,
            start_occupied: 0,
        };
        for r in pos.variant().rows_of(side) {
            let mut sum = 0i32;
            let mut occ = 0i32;
            for &s in pos.row(r) {
                sum += s as i32;
                occ += (s > 0) as i32;
            }
            if sum > 0 {
                if k.seeds == 0 {
                    k.start_occupied = occ;
                }
                k.front = r;
            }
            k.seeds += sum;
            k.occupied += occ;
        }
        k
    }
}

/// Seeds on `side`'s half of a Katro board (as [`Position::seeds_of`], in one pass).
#[inline]
pub(crate) fn katro_seeds(pos: &Position, side: Side) -> i32 {
    let mut sum = 0i32;
    for r in pos.variant().rows_of(side) {
        for &s in pos.row(r) {
            sum += s as i32;
        }
    }
    sum
}

/// Hoyito (H5-H8): captured seeds decide (H8), so the store difference weighs most.
/// Holes holding three seeds are casas (H5, H6a) for whoever drops the next seed in,
/// most likely the mover: a bonus for him.
///
/// Measured and dropped: a term for the seeds on each player's own row (what H10 would
/// add to his store) lost level-against-level games; Hoyito games end by H7 far more
/// often than by H10, and the term made the search hoard seeds.
fn hoyito(pos: &Position) -> i32 {
    let me = pos.to_move();
    let stores = pos.store(me) as i32 - pos.store(me.other()) as i32;
    let threes = pos
        .row(0)
        .iter()
        .chain(pos.row(1))
        .filter(|&&s| s == 3)
        .count() as i32;
    100 * stores + 45 * threes
}

#[cfg(test)]
mod tests {
    use super::*;
    use mancala_rules::Variant;

    #[test]
    fn start_positions_are_balanced() {
        // K1/H1: both halves are equal at the start; only the mover's threat bonus and
        // the casa bonus (none at the start) separate the sides.
        let k = Position::new(Variant::KATRO);
        assert_eq!(evaluate(&k), 15 * 12);
        let h = Position::new(Variant::HOYITO);
        assert_eq!(evaluate(&h), 0);
    }

    #[test]
    fn katro_material_dominates() {
        // South holds 44 seeds and North 28: South, to move, stands better.
        let p: Position =
            "katro/2,2,2,2,2,2/4,2,2,2,2,2/3,3,3,3,3,3/0,0,0,0,2,2/2,2,2,2,2,2/2,2,2,2,2,2 s"
                .parse()
                .unwrap();
        assert!(evaluate(&p) > 500, "{}", evaluate(&p));
    }
}
