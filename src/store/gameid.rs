//! Game ids (issue "Players: an archive of their games"): short, random, easy to type,
//! and hard to guess, since later web pages will show a game at `/g/ID`.
//!
//! A new id is 8 characters of Crockford's base 32 (`0-9`, `a-z` without `i`, `l`, `o`,
//! `u`): 40 random bits, about 10^12 ids, so a clash is rare and the store retries it
//! (a game is created only under an id no game of the store has, see `logic.rs`).
//! Typed ids are read as Crockford reads them: any case, `o` as `0`, `i` and `l` as
//! `1`. Ids written by older builds, `TIME-COUNTER` (e.g. `1700000000000-3`), and the
//! ids older builds gave tournament games (`tTIME-HASH-rROUND-bBOARD`; tournament
//! games are drawn like the others now) stay valid
//! wherever an id is accepted.

use rand::Rng;

/// The alphabet of new ids: Crockford's base 32, lower case.
pub const ALPHABET: &[u8; 32] = b"0123456789abcdefghjkmnpqrstvwxyz";

/// The length of a new id.
pub const LEN: usize = 8;

/// A new random id: [`LEN`] characters of [`ALPHABET`].
pub fn draw() -> String {
    let mut rng = rand::thread_rng();
    (0..LEN)
        .map(|_| char::from(ALPHABET[rng.gen_range(0..ALPHABET.len())]))
        .collect()
}

/// The length of a public id: a tournament's or a community's address on the web
/// pages (60 random bits: not found by trying).
pub const PUBLIC_LEN: usize = 12;

/// A new random public id of `len` characters of [`ALPHABET`] (a tournament's or a
/// community's address on the web pages).
pub fn draw_public(len: usize) -> String {
    let mut rng = rand::thread_rng();
    (0..len)
        .map(|_| char::from(ALPHABET[rng.gen_range(0..ALPHABET.len())]))
        .collect()
}

/// Why a typed id is no game id.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum IdFault {
    /// Neither 8 characters of the alphabet nor `TIME-COUNTER`.
    Shape,
}

/// The id `typed` stands for, as the store keys it: a new id in lower case with
/// Crockford's look-alikes read (`O` is `0`, `I` and `L` are `1`), or an old
/// `TIME-COUNTER` id as it is.
///
/// # Errors
/// [`IdFault::Shape`] when it is neither.
pub fn normalize(typed: &str) -> Result<String, IdFault> {
    let t = typed.trim();
    if t.contains('-') {
        // An older id (`TIME-COUNTER`) or an older tournament game's (`tTIME-HASH-rR-bB`), kept
        // as written: lower-case letters, digits and dashes.
        let ok = t.len() <= 100
            && t.split('-').all(|part| !part.is_empty())
            && t.bytes()
                .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-');
        return if ok {
            Ok(t.to_string())
        } else {
            Err(IdFault::Shape)
        };
    }
    if t.chars().count() != LEN {
        return Err(IdFault::Shape);
    }
    t.chars()
        .map(|c| match c.to_ascii_lowercase() {
            'o' => Some('0'),
            'i' | 'l' => Some('1'),
            c if c.is_ascii() && ALPHABET.contains(&(c as u8)) => Some(c),
            _ => None,
        })
        .collect::<Option<String>>()
        .ok_or(IdFault::Shape)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn drawn_ids_are_eight_characters_of_the_alphabet_and_read_back() {
        let ids: std::collections::BTreeSet<String> = (0..200).map(|_| draw()).collect();
        assert_eq!(ids.len(), 200);
        for id in &ids {
            assert_eq!(id.len(), LEN);
            assert!(id.bytes().all(|b| ALPHABET.contains(&b)), "{id}");
            assert_eq!(normalize(id).as_deref(), Ok(id.as_str()));
        }
    }

    #[test]
    fn typed_ids_are_read_as_crockford_reads_them_and_old_ids_kept() {
        assert_eq!(normalize("AB0CD1EF").as_deref(), Ok("ab0cd1ef"));
        assert_eq!(normalize("abOcdIef").as_deref(), Ok("ab0cd1ef"));
        assert_eq!(normalize("abocdLef").as_deref(), Ok("ab0cd1ef"));
        assert_eq!(
            normalize("1700000000000-3").as_deref(),
            Ok("1700000000000-3")
        );
        let tournament = "t1700000000000-e2cc597ab4fb5616-r2-b1";
        assert_eq!(normalize(tournament).as_deref(), Ok(tournament));
        for bad in [
            "ABC-DEF",
            "a--b",
            "a/b-c",
            "",
            "abc",
            "abcdefghj",
            "abcdefgu",
            "12-",
            "-3",
            "ab cd ef",
            "ab0cd1eé",
        ] {
            assert_eq!(normalize(bad), Err(IdFault::Shape), "{bad}");
        }
    }
}
