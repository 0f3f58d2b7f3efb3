//! The transposition table: a fixed-size array of entries indexed by the position key.

/// What a stored score means relative to the true value.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Bound {
    /// The true value.
    Exact,
    /// The true value is at least the score (fail high).
    Lower,
    /// The true value is at most the score (fail low).
    Upper,
}

/// One entry: 16 bytes.
#[derive(Clone, Copy)]
pub(crate) struct Entry {
    pub key: u64,
    pub score: i32,
    pub depth: u8,
    /// The best move as its one-byte code (`search::move_code`), or `u8::MAX`.
    pub best: u8,
    pub bound: Bound,
    pub generation: u8,
}

const EMPTY: Entry = Entry {
    key: 0,
    score: 0,
    depth: 0,
    best: u8::MAX,
    bound: Bound::Upper,
    generation: 0,
};

/// A table of `2^k` entries; replacement prefers deeper entries of the current search.
pub(crate) struct Table {
    entries: Vec<Entry>,
    mask: usize,
    generation: u8,
}

impl Table {
    /// A table of at most `mb` mebibytes (at least one entry).
    pub(crate) fn new(mb: usize) -> Table {
        let bytes = mb.max(1) * 1024 * 1024;
        let n = (bytes / core::mem::size_of::<Entry>()).max(1);
        let n = if n.is_power_of_two() {
            n
        } else {
            n.next_power_of_two() / 2
        };
        Table {
            entries: vec![EMPTY; n],
            mask: n - 1,
            generation: 0,
        }
    }

    /// Marks the start of a new search, so that old entries are replaced first.
    pub(crate) fn new_search(&mut self) {
        self.generation = self.generation.wrapping_add(1);
    }

    /// The current search's generation: entries stored since [`Table::new_search`]
    /// carry it.
    #[inline]
    pub(crate) fn generation(&self) -> u8 {
        self.generation
    }

    /// Empties the table.
    pub(crate) fn clear(&mut self) {
        self.entries.fill(EMPTY);
    }

    #[inline]
    pub(crate) fn probe(&self, key: u64) -> Option<Entry> {
        let e = self.entries[key as usize & self.mask];
        (e.key == key && key != 0).then_some(e)
    }

    /// Starts reading the entry of `key` into the cache, where a probe will find it
    /// soon. Most entries are out of the cache, and a probe that waits for memory costs
    /// as much as several nodes.
    #[inline]
    pub(crate) fn prefetch(&self, key: u64) {
        let e = &self.entries[key as usize & self.mask];
        // A prefetch instruction: unlike a load, it does not hold the processor up
        // until the line arrives, so the search goes on meanwhile. The one unsafe
        // block of the crate.
        #[cfg(target_arch = "x86_64")]
        #[allow(unsafe_code)]
        // SAFETY: `_mm_prefetch` (SSE, part of every x86_64 target) only hints the
        // cache: it reads nothing the program sees, writes nothing and never faults,
        // and `e` is a valid reference anyway.
        unsafe {
            core::arch::x86_64::_mm_prefetch::<{ core::arch::x86_64::_MM_HINT_T0 }>(
                (e as *const Entry).cast::<i8>(),
            );
        }
        // Elsewhere, a load the optimiser must keep: it overlaps less, but still lets
        // the fetches of several children proceed together.
        #[cfg(not(target_arch = "x86_64"))]
        std::hint::black_box(e.key);
    }

    #[inline]
    pub(crate) fn store(&mut self, key: u64, depth: u32, score: i32, bound: Bound, best: u8) {
        let slot = &mut self.entries[key as usize & self.mask];
        let depth = depth.min(255) as u8;
        if slot.key == key
            || slot.generation != self.generation
            || depth >= slot.depth
            || slot.key == 0
        {
            // Keep the old best move when the new entry has none (fail low).
            let best = if best == u8::MAX && slot.key == key {
                slot.best
            } else {
                best
            };
            *slot = Entry {
                key,
                score,
                depth,
                best,
                bound,
                generation: self.generation,
            };
        }
    }

    /// Bytes allocated.
    pub(crate) fn bytes(&self) -> usize {
        self.entries.len() * core::mem::size_of::<Entry>()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_respects_its_size_and_finds_what_it_stored() {
        let mut t = Table::new(1);
        assert!(t.bytes() <= 1024 * 1024);
        assert_eq!(core::mem::size_of::<Entry>(), 16);
        t.store(0xdead_beef, 3, 42, Bound::Exact, 1);
        let e = t.probe(0xdead_beef).unwrap();
        assert_eq!(
            (e.score, e.depth, e.best, e.bound),
            (42, 3, 1, Bound::Exact)
        );
        assert!(t.probe(0xdead_beef ^ (1 << 40)).is_none());
    }
}
