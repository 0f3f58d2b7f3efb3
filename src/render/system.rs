//! The system's fonts, for characters that the bundled fonts lack (CJK on a machine that
//! has such fonts): the font files in fontconfig's directories, each face read by
//! `read-fonts` from a memory map.
//!
//! The directories are fontconfig's (its configuration parsed by `fontconfig-parser`:
//! `$FONTCONFIG_FILE`, or the user's and `/etc/fonts` files), else the usual ones
//! (`/usr/share/fonts`, `/usr/local/share/fonts`, `~/.fonts`, `~/.local/share/fonts`).
//! Files are taken in path order, so the first face that has a character does not depend
//! on the order in which the file system lists them.

use std::collections::{BTreeSet, HashMap};
use std::path::{Path, PathBuf};
use std::sync::{Arc, OnceLock};

use read_fonts::model::Blob;
use read_fonts::FileRef;

use super::glyph::Face;

/// The system's faces, listed once per process on first need.
pub(crate) fn faces() -> &'static [Face] {
    static FACES: OnceLock<Vec<Face>> = OnceLock::new();
    FACES.get_or_init(|| font_files().iter().flat_map(|p| open(p)).collect())
}

/// For each character asked about, the index in [`faces`] of the first face that has it.
#[derive(Default)]
pub(crate) struct SystemFonts {
    by_char: HashMap<char, Option<usize>>,
}

impl SystemFonts {
    /// The index in [`faces`] of the first system face that has `ch`.
    pub(crate) fn find(&mut self, ch: char) -> Option<usize> {
        *self
            .by_char
            .entry(ch)
            .or_insert_with(|| faces().iter().position(|f| f.has(ch)))
    }
}

/// The faces of the font file at `path` (one, or each of a collection's); none when it
/// cannot be read or parsed.
fn open(path: &Path) -> Vec<Face> {
    let Ok(file) = std::fs::File::open(path) else {
        return Vec::new();
    };
    // SAFETY: the map is read only; a font file changed or cut while the bot runs can
    // give wrong glyphs or a fault, as for any program that maps its fonts (fontconfig
    // and fontdb map them too).
    let Ok(map) = (unsafe { memmap2::Mmap::map(&file) }) else {
        return Vec::new();
    };
    let count = match FileRef::new(&map) {
        Ok(FileRef::Font(_)) => 1,
        Ok(FileRef::Collection(c)) => c.len(),
        Err(_) => return Vec::new(),
    };
    let blob = Blob::from(Arc::new(map) as Arc<dyn AsRef<[u8]> + Send + Sync>);
    (0..count)
        .filter_map(|i| Face::new(blob.clone(), i))
        .collect()
}

/// The font files (`.ttf`, `.otf`, `.ttc`, `.otc`) under the font directories, sorted.
fn font_files() -> BTreeSet<PathBuf> {
    let mut files = BTreeSet::new();
    for dir in font_dirs() {
        walk(&dir, &mut files, 0);
    }
    files
}

/// Adds the font files under `dir` to `files`, through at most 16 levels of directories
/// (a link loop stops there).
fn walk(dir: &Path, files: &mut BTreeSet<PathBuf>, depth: u32) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for path in entries.flatten().map(|e| e.path()) {
        if path.is_dir() {
            if depth < 16 {
                walk(&path, files, depth + 1);
            }
        } else if is_font_file(&path) {
            files.insert(std::fs::canonicalize(&path).unwrap_or(path));
        }
    }
}

/// Whether `path` names a font file by its extension.
fn is_font_file(path: &Path) -> bool {
    path.extension()
        .and_then(|e| e.to_str())
        .is_some_and(|e| ["ttf", "otf", "ttc", "otc"].contains(&e.to_ascii_lowercase().as_str()))
}

/// fontconfig's font directories, or the usual ones when it lists none.
fn font_dirs() -> Vec<PathBuf> {
    let home = std::env::var_os("HOME").map(PathBuf::from);
    let mut config = fontconfig_parser::FontConfig::default();
    if let Some(file) = std::env::var_os("FONTCONFIG_FILE") {
        let _ = config.merge_config(Path::new(&file));
    } else {
        let user = std::env::var_os("XDG_CONFIG_HOME")
            .map(PathBuf::from)
            .or_else(|| home.as_ref().map(|h| h.join(".config")));
        let user_read = user.is_some_and(|u| {
            config
                .merge_config(&u.join("fontconfig/fonts.conf"))
                .is_ok()
        });
        if !user_read {
            let _ = config.merge_config(Path::new("/etc/fonts/local.conf"));
        }
        let _ = config.merge_config(Path::new("/etc/fonts/fonts.conf"));
    }
    let dirs: Vec<PathBuf> = config
        .dirs
        .into_iter()
        .filter_map(|d| match d.path.strip_prefix("~") {
            Ok(rest) => home.as_ref().map(|h| h.join(rest)),
            Err(_) => Some(d.path),
        })
        .collect();
    if !dirs.is_empty() {
        return dirs;
    }
    let mut usual = vec![
        PathBuf::from("/usr/share/fonts"),
        PathBuf::from("/usr/local/share/fonts"),
    ];
    if let Some(h) = home {
        usual.extend([h.join(".fonts"), h.join(".local/share/fonts")]);
    }
    usual
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn font_files_are_known_by_their_extensions() {
        assert!(is_font_file(Path::new("/a/NotoSansCJK-Regular.ttc")));
        assert!(is_font_file(Path::new("/a/DejaVuSans.TTF")));
        assert!(!is_font_file(Path::new("/a/fonts.conf")));
        assert!(!is_font_file(Path::new("/a/ttf")));
    }

    #[test]
    fn a_font_file_opens_its_face_and_junk_opens_none() {
        let dir = tempfile::tempdir().expect("temp dir");
        let junk = dir.path().join("junk.ttf");
        std::fs::write(&junk, b"not a font").expect("write");
        assert!(open(&junk).is_empty());
        let font = dir.path().join("dejavu.ttf");
        std::fs::write(&font, include_bytes!("../../fonts/DejaVuSans.ttf")).expect("write");
        let faces = open(&font);
        assert_eq!(faces.len(), 1);
        assert!(faces[0].has('Ж'));
    }
}
