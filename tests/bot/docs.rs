//! The rules ship with the code: `docs/RULES.md` is the project's rules, kept identical,
//! and every rule id the code cites is one of them.

use std::path::{Path, PathBuf};

fn repo() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The shipped copy equals the project's `shared/RULES.md` where that is checked out
/// beside the repository (developers' machines and CI).
#[test]
fn shipped_rules_are_the_projects_rules() {
    let shipped = std::fs::read_to_string(repo().join("docs/RULES.md")).unwrap();
    let shared = repo().join("../shared/RULES.md");
    match std::fs::read_to_string(&shared) {
        Ok(text) => assert!(
            text == shipped,
            "docs/RULES.md differs from {}: copy it again",
            shared.display()
        ),
        Err(_) => eprintln!("SKIPPED: no {} beside the repository", shared.display()),
    }
    assert!(shipped.contains("## 3. Katro") && shipped.contains("## 4. Hoyito I"));
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for e in std::fs::read_dir(dir).unwrap() {
        let p = e.unwrap().path();
        if p.is_dir() {
            rust_files(&p, out);
        } else if p.extension().is_some_and(|x| x == "rs") {
            out.push(p);
        }
    }
}

/// Every rule id cited in the code (K7, H6a, M2, N4, ...) names a rule of RULES.md (a
/// letter after the number is a clause of that rule).
#[test]
fn every_cited_rule_id_is_in_the_rules() {
    let rules = std::fs::read_to_string(repo().join("docs/RULES.md")).unwrap();
    let mut files = Vec::new();
    for d in ["src", "rules/src", "ai/src", "tests"] {
        rust_files(&repo().join(d), &mut files);
    }
    let mut cited = 0;
    for f in files {
        let text = std::fs::read_to_string(&f).unwrap();
        for word in text.split(|c: char| !c.is_ascii_alphanumeric()) {
            let b = word.as_bytes();
            let is_id = b.len() >= 2
                && matches!(b[0], b'K' | b'H' | b'M' | b'N')
                && b[1].is_ascii_digit()
                && word[1..]
                    .trim_end_matches(|c: char| c.is_ascii_lowercase())
                    .len()
                    <= 2
                && word[1..]
                    .trim_end_matches(|c: char| c.is_ascii_lowercase())
                    .bytes()
                    .all(|c| c.is_ascii_digit())
                && word.len()
                    - word
                        .trim_end_matches(|c: char| c.is_ascii_lowercase())
                        .len()
                    <= 1;
            if !is_id {
                continue;
            }
            let base = word.trim_end_matches(|c: char| c.is_ascii_lowercase());
            let named = rules
                .split(|c: char| !c.is_ascii_alphanumeric())
                .any(|w| w == base || w.trim_end_matches(|c: char| c.is_ascii_lowercase()) == base);
            assert!(
                named,
                "{} cites {word}, which RULES.md does not define",
                f.display()
            );
            cited += 1;
        }
    }
    assert!(cited > 100, "only {cited} rule ids cited");
}
