//! A fast 64-bit hash of a [`Position`] for the transposition table and repetition checks.

use core::hash::{Hash, Hasher};

use mancala_rules::Position;

/// Multiplicative word hasher (the FxHash scheme) with a final avalanche, so that the
/// low bits used as a table index are well mixed. Not for untrusted keys.
#[derive(Default)]
struct WordHasher(u64);

const K: u64 = 0x51_7c_c1_b7_27_22_0a_95;

impl WordHasher {
    #[inline]
    fn add(&mut self, w: u64) {
        self.0 = (self.0.rotate_left(5) ^ w).wrapping_mul(K);
    }
}

impl Hasher for WordHasher {
    #[inline]
    fn write(&mut self, bytes: &[u8]) {
        let mut chunks = bytes.chunks_exact(8);
        for c in &mut chunks {
            self.add(u64::from_le_bytes(c.try_into().expect("8 bytes")));
        }
        let rest = chunks.remainder();
        if !rest.is_empty() {
            let mut buf = [0u8; 8];
            buf[..rest.len()].copy_from_slice(rest);
            self.add(u64::from_le_bytes(buf));
        }
    }
    #[inline]
    fn write_u8(&mut self, i: u8) {
        self.add(i as u64);
    }
    #[inline]
    fn write_u16(&mut self, i: u16) {
        self.add(i as u64);
    }
    #[inline]
    fn write_u64(&mut self, i: u64) {
        self.add(i);
    }
    #[inline]
    fn write_usize(&mut self, i: usize) {
        self.add(i as u64);
    }
    #[inline]
    fn finish(&self) -> u64 {
        // splitmix64 finaliser.
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
}

/// The 64-bit key of a position: board, closed holes, stores and player to move all
/// count, so two positions with the same key are, up to a negligible collision chance,
/// the same position in the sense of K10/H10 repetition.
#[inline]
pub fn position_key(pos: &Position) -> u64 {
    let mut h = WordHasher::default();
    pos.hash(&mut h);
    h.finish()
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
