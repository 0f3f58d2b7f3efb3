//! Sets `MANCALA_GIT_HASH` for `mancala-bot --version` and the start log line: the
//! commit built, `git rev-parse --short=12 HEAD`, with `-dirty` when tracked files differ
//! from it; `unknown` without git or outside a git checkout of this package (a source
//! tarball, a container build that leaves out `.git`). A `MANCALA_GIT_HASH` in the build's
//! environment wins (a container build can pass the hash it was given).

use std::path::Path;
use std::process::Command;

fn main() {
    println!("cargo:rerun-if-env-changed=MANCALA_GIT_HASH");
    let dir = std::env::var("CARGO_MANIFEST_DIR").unwrap_or_else(|_| ".".into());
    let hash = match std::env::var("MANCALA_GIT_HASH") {
        Ok(h) if !h.trim().is_empty() => h.trim().to_string(),
        _ => git_hash(Path::new(&dir)).unwrap_or_else(|| "unknown".into()),
    };
    println!("cargo:rustc-env=MANCALA_GIT_HASH={hash}");
}

/// `git` run in `dir` with `args`: its output, trimmed, when it succeeds.
fn git(dir: &Path, args: &[&str]) -> Option<String> {
    let out = Command::new("git")
        .args(args)
        .current_dir(dir)
        .output()
        .ok()?;
    out.status
        .success()
        .then(|| String::from_utf8_lossy(&out.stdout).trim().to_string())
}

/// The hash of `dir`'s checkout, and the files to watch for it to change: HEAD, the ref
/// it points to, the packed refs and the index (staging, committing and `git status`
/// after an edit rewrite it, so `-dirty` follows). `None` when `dir` is not the top of a
/// git checkout (a tarball unpacked inside another repository must not take its hash).
fn git_hash(dir: &Path) -> Option<String> {
    let top = git(dir, &["rev-parse", "--show-toplevel"])?;
    let same = |a: &Path, b: &Path| match (a.canonicalize(), b.canonicalize()) {
        (Ok(a), Ok(b)) => a == b,
        _ => false,
    };
    if !same(Path::new(&top), dir) {
        return None;
    }
    let mut watch = vec!["HEAD".to_string(), "packed-refs".into(), "index".into()];
    if let Some(r) = git(dir, &["symbolic-ref", "-q", "HEAD"]) {
        watch.push(r);
    }
    for w in &watch {
        // A missing file would make cargo run this script at every build.
        if let Some(p) = git(dir, &["rev-parse", "--git-path", w]).map(|p| dir.join(p)) {
            if p.exists() {
                println!("cargo:rerun-if-changed={}", p.display());
            }
        }
    }
    let hash = git(dir, &["rev-parse", "--short=12", "HEAD"])?;
    let dirty =
        git(dir, &["status", "--porcelain", "--untracked-files=no"]).is_some_and(|s| !s.is_empty());
    Some(if dirty { format!("{hash}-dirty") } else { hash })
}
