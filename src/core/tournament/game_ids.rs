//! The ids of tournament games ("Web companion" issue): random, as ordinary games'
//! ([`gameid::draw`]), since a game's id is the address of its page; drawn and saved in
//! the pairing before the game is created, so that a retry creates it under the same
//! id. Tournaments paired by older builds keep the ids they gave
//! ([`Tournament::legacy_game_id`]).

use crate::core::Core;
use crate::store::gameid;
use crate::store::keys::DocKey;

use super::{Pairing, Tournament};

impl Core {
    /// The id of the next game of the pairing `p` of round `round`: the one drawn and
    /// saved before ([`Pairing::next_id`]: a retry creates the game under it), else a
    /// new random one free in the store ([`gameid::draw`], as ordinary games get),
    /// saved in the tournament first; `None` when it cannot be saved now (a later tick
    /// tries again). Random so that a game's page address cannot be guessed.
    pub(super) fn drawn_game_id(&self, t: &Tournament, round: u32, p: &Pairing) -> Option<String> {
        if let Some(id) = &p.next_id {
            return Some(id.clone());
        }
        let mut drawn = gameid::draw();
        // A clash (40 random bits) is rare; the game's own write checks it again.
        for _ in 0..8 {
            let home = DocKey::game_at(&t.home.community, &drawn);
            let taken = self.store.finished(&drawn).ok()?.is_some()
                || self.store.doc(&home).ok()?.is_some();
            if !taken {
                break;
            }
            drawn = gameid::draw();
        }
        let mut saved = None;
        self.set_pairing(&t.key(), round, p.board, |pp| {
            // Another opener may have drawn one first: his stands.
            saved = pp
                .game_id
                .is_none()
                .then(|| pp.next_id.get_or_insert(drawn.clone()).clone());
        })
        .ok()?;
        saved
    }
}
