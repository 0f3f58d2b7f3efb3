//! A fast 64-bit hash of a [`Position`] for the transposition table and repetition checks.

use mancala_rules::Position;

/// Multiplier of the FxHash scheme.
const K: u64 = 0x51_7c_c1_b7_27_22_0a_95;

/// The 64-bit key of a position: board, closed holes, stores, player to move and game
/// all count (the six words of [`Position::packed`]), so two positions with the same
/// key are, up to a negligible collision chance, the same position in the sense of
/// K10/H10 repetition. The words are folded by the FxHash step and the result
/// avalanched (splitmix64's finaliser), so that the low bits used as a table index are
/// well mixed. Not for untrusted keys.
#[inline]
pub fn position_key(pos: &Position) -> u64 {
    let z = pos
        .packed()
        .iter()
        .fold(0u64, |h, &w| (h.rotate_left(5) ^ w).wrapping_mul(K));
    let z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    let z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

#[cfg(test)]
mod tests {
    use super::*;
    use mancala_rules::Variant;

    #[test]
    fn equal_positions_share_a_key_and_different_ones_do_not() {
        let a = Position::new(Variant::KATRO);
        let b = Position::new(Variant::KATRO);
        assert_eq!(position_key(&a), position_key(&b));
        let keys: std::collections::HashSet<u64> = a
            .children()
            .iter()
            .map(|(_, p)| position_key(p))
            .chain([position_key(&a)])
            .collect();
        // 12 distinct Katro moves from the start give distinct positions here.
        let distinct: std::collections::HashSet<Position> =
            a.children().iter().map(|(_, p)| *p).collect();
        assert_eq!(keys.len(), distinct.len() + 1);
    }
}
