//! The cache file of the tables: a header (magic, format version, game, seeds, entries,
//! checksum) and the layers. A file that does not match in every point, or whose
//! checksum fails, is rebuilt, never trusted.
//!
//! Layout, little-endian: `MNCLEGDB`, format version (u32), game name length (u8) and
//! name (`hoyito`), max seeds (u8), layers (u8), entries (u64), FNV-1a 64 checksum of
//! the rest (u64); then for each layer its seeds (u8), entries (u64), the `mov`,
//! `non`, `s_mov` and `s_non` bytes, the `rank_mov` and the `rank_non` u16s.

use std::fs;
use std::io::{BufRead, Read, Write};
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

/// Reads the file in order, checking every length; the body's bytes (after the
/// header) feed the checksum as they are read, so that the file is never held whole
/// beside the tables.
struct Reader {
    file: std::io::BufReader<fs::File>,
    sum: Option<Fnv>,
}

impl Reader {
    fn take(&mut self, n: usize) -> Result<Vec<u8>, EndgameError> {
        let mut buf = vec![0u8; n];
        self.file.read_exact(&mut buf).map_err(|e| {
            if e.kind() == std::io::ErrorKind::UnexpectedEof {
                EndgameError::Corrupt("the file is too short")
            } else {
                EndgameError::Io(e)
            }
        })?;
        if let Some(sum) = self.sum.as_mut() {
            sum.feed(&buf);
        }
        Ok(buf)
    }
    fn u8(&mut self) -> Result<u8, EndgameError> {
        Ok(self.take(1)?[0])
    }
    fn u32(&mut self) -> Result<u32, EndgameError> {
        let mut b = [0u8; 4];
        b.copy_from_slice(&self.take(4)?);
        Ok(u32::from_le_bytes(b))
    }
    fn u64(&mut self) -> Result<u64, EndgameError> {
        let mut b = [0u8; 8];
        b.copy_from_slice(&self.take(8)?);
        Ok(u64::from_le_bytes(b))
    }
    /// Whether the file ends here.
    fn at_end(&mut self) -> Result<bool, EndgameError> {
        Ok(self.file.fill_buf()?.is_empty())
    }
}

/// FNV-1a, 64 bits, fed piece by piece.
struct Fnv(u64);

impl Fnv {
    fn new() -> Fnv {
        Fnv(0xcbf2_9ce4_8422_2325)
    }
    fn feed(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 ^= u64::from(b);
            self.0 = self.0.wrapping_mul(0x0100_0000_01b3);
        }
    }
}

impl Tables {
    /// Gives the file's body (everything after the header) to `out` piece by piece, so
    /// that neither the checksum nor the write needs a copy of the tables (231 MB at 16
    /// seeds).
    fn body(&self, out: &mut dyn FnMut(&[u8]) -> std::io::Result<()>) -> std::io::Result<()> {
        for l in &self.layers {
            out(&[l.seeds])?;
            out(&(l.mov.len() as u64).to_le_bytes())?;
            for v in [&l.mov, &l.non, &l.s_mov, &l.s_non] {
                for chunk in v.chunks(1 << 16) {
                    let bytes: Vec<u8> = chunk.iter().map(|&v| v as u8).collect();
                    out(&bytes)?;
                }
            }
            for ranks in [&l.rank_mov, &l.rank_non] {
                for chunk in ranks.chunks(1 << 15) {
                    let bytes: Vec<u8> = chunk.iter().flat_map(|r| r.to_le_bytes()).collect();
                    out(&bytes)?;
                }
            }
        }
        Ok(())
    }

    /// The cache file's header, with the body's checksum.
    fn header(&self) -> Vec<u8> {
        let mut sum = Fnv::new();
        // Feeding a checksum cannot fail.
        let _ = self.body(&mut |b| {
            sum.feed(b);
            Ok(())
        });
        let mut out = Vec::with_capacity(40);
        out.extend_from_slice(MAGIC);
        out.extend_from_slice(&FORMAT.to_le_bytes());
        out.push(GAME.len() as u8);
        out.extend_from_slice(GAME.as_bytes());
        out.push(self.max_seeds);
        out.push(self.layers.len() as u8);
        out.extend_from_slice(&(self.entries() as u64).to_le_bytes());
        out.extend_from_slice(&sum.0.to_le_bytes());
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
            .and_then(|f| {
                let mut w = std::io::BufWriter::with_capacity(1 << 20, f);
                w.write_all(&self.header())?;
                self.body(&mut |b| w.write_all(b))?;
                w.into_inner().map_err(|e| e.into_error())?.sync_all()
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
        if !super::valid_seeds(max_seeds) {
            return Err(EndgameError::Seeds(max_seeds));
        }
        let file = std::io::BufReader::with_capacity(1 << 20, fs::File::open(path)?);
        let mut r = Reader { file, sum: None };
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
        r.sum = Some(Fnv::new());
        let mut out = Vec::with_capacity(layers);
        for j in 1..=layers {
            out.push(read_layer(&mut r, j)?);
        }
        if !r.at_end()? {
            return Err(EndgameError::Corrupt("trailing bytes"));
        }
        if r.sum.map(|s| s.0) != Some(sum) {
            return Err(EndgameError::Corrupt("checksum mismatch"));
        }
        if !out.iter().all(sound) {
            return Err(EndgameError::Corrupt("a value out of its bounds"));
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
        Tables::load_or_extend(path, max_seeds, None)
    }

    /// As [`Tables::load_or_build`], building on top of `base` ([`Tables::extend`])
    /// when the file is not sound and `base` is given.
    ///
    /// # Errors
    /// Only those of [`Tables::extend`].
    pub fn load_or_extend(
        path: &Path,
        max_seeds: u8,
        base: Option<&Tables>,
    ) -> Result<(Tables, CacheStatus), EndgameError> {
        let why = match Tables::load(path, max_seeds) {
            Ok(t) => return Ok((t, CacheStatus::Loaded)),
            Err(e) => e,
        };
        let t = match base {
            Some(b) => b.extend(max_seeds)?,
            None => Tables::build(max_seeds)?,
        };
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

/// Reads layer `j` (of `4 * j` seeds), checking its size.
fn read_layer(r: &mut Reader, j: usize) -> Result<Layer, EndgameError> {
    let seeds = r.u8()?;
    let n = r.u64()?;
    if usize::from(seeds) != 4 * j || n != 2 * boards(4 * j) {
        return Err(EndgameError::Corrupt("a layer of the wrong size"));
    }
    let n = n as usize;
    // Same size and alignment: the bytes are reused in place.
    let mut values = || -> Result<Vec<i8>, EndgameError> {
        Ok(r.take(n)?.into_iter().map(|b| b as i8).collect())
    };
    let (mov, non, s_mov, s_non) = (values()?, values()?, values()?, values()?);
    let mut ranks = || -> Result<Vec<u16>, EndgameError> {
        Ok(r.take(2 * n)?
            .chunks_exact(2)
            .map(|c| u16::from_le_bytes([c[0], c[1]]))
            .collect())
    };
    let (rank_mov, rank_non) = (ranks()?, ranks()?);
    Ok(Layer {
        seeds,
        mov,
        non,
        s_mov,
        s_non,
        rank_mov,
        rank_non,
        iterations: 0,
    })
}

/// Whether every value of `l` lies within its bounds: each guarantee within the seeds
/// on the board, the two compatible, the safety parts no larger.
fn sound(l: &Layer) -> bool {
    let k = l.seeds as i8;
    (0..l.mov.len()).all(|e| {
        let (m, o) = (l.mov[e], l.non[e]);
        (-k..=k).contains(&m)
            && (-k..=k).contains(&o)
            && m <= -o
            && l.s_mov[e] <= m
            && l.s_non[e] <= o
            && l.s_mov[e] >= -k
            && l.s_non[e] >= -k
    })
}
