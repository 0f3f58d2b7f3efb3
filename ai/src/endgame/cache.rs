//! The cache file of the tables: a header (magic, format version, game, seeds, entries,
//! checksum) and the layers. A file that does not match in every point, or whose
//! checksum fails, is rebuilt, never trusted.
//!
//! Layout, little-endian: `MNCLEGDB`, format version (u32), game name length (u8) and
//! name (`hoyito`), max seeds (u8), layers (u8), entries (u64), FNV-1a 64 checksum of
//! the rest (u64); then for each layer its seeds (u8), entries (u64), the `mov`,
//! `non`, `s_mov` and `s_non` bytes, the `rank_mov` and the `rank_non` u16s.

use std::fs;
use std::io::Write;
use std::path::Path;

use super::index::boards;
use super::{EndgameError, Layer, Tables};

const MAGIC: &[u8; 8] = b"MNCLEGDB";
/// Bumped whenever the layout or the meaning of a value changes.
const FORMAT: u32 = 1;
const GAME: &str = "hoyito";

/// Where [`Tables::load_or_build`] got its tables from.
#[derive(Debug)]
pub enum CacheStatus {
    /// Read from a sound cache file.
    Loaded,
    /// Built, and the cache file written.
    Built,
    /// Built, but the cache file could not be written (the error); the tables are
    /// good all the same.
    BuiltNotSaved(EndgameError),
    /// Built because the file was missing or refused (the reason), and written.
    Rebuilt(EndgameError),
}

/// FNV-1a, 64 bits: enough to catch a truncated, damaged or foreign file.
fn checksum(bytes: &[u8]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in bytes {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    h
}

/// Reads the file after the header, checking every length.
struct Reader<'a> {
    bytes: &'a [u8],
}

impl<'a> Reader<'a> {
    fn take(&mut self, n: usize) -> Result<&'a [u8], EndgameError> {
        if self.bytes.len() < n {
            return Err(EndgameError::Corrupt("the file is too short"));
        }
        let (a, b) = self.bytes.split_at(n);
        self.bytes = b;
        Ok(a)
    }
    fn u8(&mut self) -> Result<u8, EndgameError> {
        Ok(self.take(1)?[0])
    }
    fn u32(&mut self) -> Result<u32, EndgameError> {
        let mut b = [0u8; 4];
        b.copy_from_slice(self.take(4)?);
        Ok(u32::from_le_bytes(b))
    }
    fn u64(&mut self) -> Result<u64, EndgameError> {
        let mut b = [0u8; 8];
        b.copy_from_slice(self.take(8)?);
        Ok(u64::from_le_bytes(b))
    }
}

impl Tables {
    /// The cache file's bytes.
    fn to_bytes(&self) -> Vec<u8> {
        let mut body = Vec::with_capacity(self.bytes() + 16 * self.layers.len());
        for l in &self.layers {
            body.push(l.seeds);
            body.extend_from_slice(&(l.mov.len() as u64).to_le_bytes());
            for v in [&l.mov, &l.non, &l.s_mov, &l.s_non] {
                body.extend(v.iter().map(|&v| v as u8));
            }
            for r in l.rank_mov.iter().chain(&l.rank_non) {
                body.extend_from_slice(&r.to_le_bytes());
            }
        }
        let mut out = Vec::with_capacity(body.len() + 40);
        out.extend_from_slice(MAGIC);
        out.extend_from_slice(&FORMAT.to_le_bytes());
        out.push(GAME.len() as u8);
        out.extend_from_slice(GAME.as_bytes());
        out.push(self.max_seeds);
        out.push(self.layers.len() as u8);
        out.extend_from_slice(&(self.entries() as u64).to_le_bytes());
        out.extend_from_slice(&checksum(&body).to_le_bytes());
        out.extend_from_slice(&body);
        out
    }

    /// Writes the tables to `path` (through a temporary file beside it, renamed, so a
    /// crash never leaves half a file under the name). When writing fails (a full disk)
    /// the temporary file is removed: nothing is left behind.
    ///
    /// # Errors
    /// [`EndgameError::Io`] when the file cannot be written.
    pub fn save(&self, path: &Path) -> Result<(), EndgameError> {
        let tmp = path.with_extension("tmp");
        let written = fs::File::create(&tmp)
            .and_then(|mut f| {
                f.write_all(&self.to_bytes())?;
                f.sync_all()
            })
            .and_then(|()| fs::rename(&tmp, path));
        if let Err(e) = written {
            let _ = fs::remove_file(&tmp);
            return Err(e.into());
        }
        Ok(())
    }

    /// Reads tables of `max_seeds` seeds from `path`, checking the header (magic,
    /// format version, game, seeds, layers, entries) and the checksum.
    ///
    /// # Errors
    /// [`EndgameError::Io`] when the file cannot be read, [`EndgameError::Corrupt`]
    /// when it is not exactly such tables, [`EndgameError::Seeds`] for a size that is
    /// never built.
    pub fn load(path: &Path, max_seeds: u8) -> Result<Tables, EndgameError> {
        if max_seeds == 0 || !max_seeds.is_multiple_of(4) || max_seeds > 16 {
            return Err(EndgameError::Seeds(max_seeds));
        }
        let bytes = fs::read(path)?;
        let mut r = Reader { bytes: &bytes };
        if r.take(8)? != MAGIC {
            return Err(EndgameError::Corrupt("not an endgame table file"));
        }
        if r.u32()? != FORMAT {
            return Err(EndgameError::Corrupt("another format version"));
        }
        let name_len = r.u8()? as usize;
        if r.take(name_len)? != GAME.as_bytes() {
            return Err(EndgameError::Corrupt("tables of another game"));
        }
        if r.u8()? != max_seeds {
            return Err(EndgameError::Corrupt("tables of another number of seeds"));
        }
        let layers = usize::from(max_seeds / 4);
        if r.u8()? as usize != layers {
            return Err(EndgameError::Corrupt("wrong number of layers"));
        }
        let want: u64 = (1..=layers).map(|j| 2 * boards(4 * j)).sum();
        if r.u64()? != want {
            return Err(EndgameError::Corrupt("wrong number of entries"));
        }
        let sum = r.u64()?;
        if checksum(r.bytes) != sum {
            return Err(EndgameError::Corrupt("checksum mismatch"));
        }
        let mut out = Vec::with_capacity(layers);
        for j in 1..=layers {
            let seeds = r.u8()?;
            let n = r.u64()?;
            if usize::from(seeds) != 4 * j || n != 2 * boards(4 * j) {
                return Err(EndgameError::Corrupt("a layer of the wrong size"));
            }
            let n = n as usize;
            let mut values = || -> Result<Vec<i8>, EndgameError> {
                Ok(r.take(n)?.iter().map(|&b| b as i8).collect())
            };
            let (mov, non, s_mov, s_non) = (values()?, values()?, values()?, values()?);
            let ranks = |raw: &[u8]| -> Vec<u16> {
                raw.chunks_exact(2)
                    .map(|c| u16::from_le_bytes([c[0], c[1]]))
                    .collect()
            };
            let rank_mov = ranks(r.take(2 * n)?);
            let rank_non = ranks(r.take(2 * n)?);
            let k = seeds as i8;
            let sound = (0..n).all(|e| {
                let (m, o) = (mov[e], non[e]);
                (-k..=k).contains(&m)
                    && (-k..=k).contains(&o)
                    && m <= -o
                    && s_mov[e] <= m
                    && s_non[e] <= o
                    && s_mov[e] >= -k
                    && s_non[e] >= -k
            });
            if !sound {
                return Err(EndgameError::Corrupt("a value out of its bounds"));
            }
            out.push(Layer {
                seeds,
                mov,
                non,
                s_mov,
                s_non,
                rank_mov,
                rank_non,
                iterations: 0,
            });
        }
        if !r.bytes.is_empty() {
            return Err(EndgameError::Corrupt("trailing bytes"));
        }
        Ok(Tables {
            max_seeds,
            layers: out,
        })
    }

    /// The tables of `max_seeds` seeds from the cache file `path` if it is sound, else
    /// built and written there; and where they came from.
    ///
    /// # Errors
    /// Only those of [`Tables::build`]: a file that cannot be read, is refused, or
    /// cannot be written is reported in the [`CacheStatus`], never as an error.
    pub fn load_or_build(
        path: &Path,
        max_seeds: u8,
    ) -> Result<(Tables, CacheStatus), EndgameError> {
        let why = match Tables::load(path, max_seeds) {
            Ok(t) => return Ok((t, CacheStatus::Loaded)),
            Err(e) => e,
        };
        let t = Tables::build(max_seeds)?;
        let status = match t.save(path) {
            Err(e) => CacheStatus::BuiltNotSaved(e),
            Ok(()) if matches!(&why, EndgameError::Io(e) if e.kind() == std::io::ErrorKind::NotFound) => {
                CacheStatus::Built
            }
            Ok(()) => CacheStatus::Rebuilt(why),
        };
        Ok((t, status))
    }
}
