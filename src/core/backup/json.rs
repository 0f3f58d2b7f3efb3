//! One line of a backup read as JSON, strictly: any syntax error, and an object that
//! names one key twice (which `serde_json` would otherwise settle silently, the last
//! one winning), is a fault given with its column, never with a second line number.

use std::fmt;

use serde::de::{self, Deserialize, Deserializer, MapAccess, SeqAccess, Visitor};
use serde_json::{Map, Value};

/// A JSON value read with every object's keys checked to be distinct.
pub(super) struct Strict(pub(super) Value);

impl<'de> Deserialize<'de> for Strict {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Strict, D::Error> {
        d.deserialize_any(StrictVisitor)
    }
}

struct StrictVisitor;

impl<'de> Visitor<'de> for StrictVisitor {
    type Value = Strict;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a JSON value")
    }

    fn visit_bool<E>(self, v: bool) -> Result<Strict, E> {
        Ok(Strict(Value::Bool(v)))
    }

    fn visit_i64<E>(self, v: i64) -> Result<Strict, E> {
        Ok(Strict(Value::from(v)))
    }

    fn visit_u64<E>(self, v: u64) -> Result<Strict, E> {
        Ok(Strict(Value::from(v)))
    }

    fn visit_f64<E>(self, v: f64) -> Result<Strict, E> {
        Ok(Strict(Value::from(v)))
    }

    fn visit_str<E>(self, v: &str) -> Result<Strict, E> {
        Ok(Strict(Value::String(v.to_string())))
    }

    fn visit_string<E>(self, v: String) -> Result<Strict, E> {
        Ok(Strict(Value::String(v)))
    }

    fn visit_unit<E>(self) -> Result<Strict, E> {
        Ok(Strict(Value::Null))
    }

    fn visit_none<E>(self) -> Result<Strict, E> {
        Ok(Strict(Value::Null))
    }

    fn visit_some<D: Deserializer<'de>>(self, d: D) -> Result<Strict, D::Error> {
        Strict::deserialize(d)
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Strict, A::Error> {
        let mut out = Vec::new();
        while let Some(Strict(v)) = seq.next_element()? {
            out.push(v);
        }
        Ok(Strict(Value::Array(out)))
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Strict, A::Error> {
        let mut out = Map::new();
        while let Some(key) = map.next_key::<String>()? {
            if out.contains_key(&key) {
                return Err(de::Error::custom(format!(
                    "the key `{}` appears twice in one object",
                    short(&key)
                )));
            }
            let Strict(v) = map.next_value()?;
            out.insert(key, v);
        }
        Ok(Strict(Value::Object(out)))
    }
}

/// What is wrong with a line that is not JSON, or does not decode as what it claims to
/// be: `serde_json`'s reason without its ` at line 1 column N` (the line is the file's,
/// given once by the caller), then the column: `EOF while parsing an object (column 57;
/// the line is cut short)`.
pub(super) fn fault(e: &serde_json::Error) -> String {
    let full = e.to_string();
    let reason = full
        .strip_suffix(&format!(" at line {} column {}", e.line(), e.column()))
        .unwrap_or(&full);
    if e.line() == 0 {
        return reason.to_string();
    }
    let cut = if e.is_eof() {
        "; the line is cut short"
    } else {
        ""
    };
    format!("{reason} (column {}{cut})", e.column())
}

/// `text` cut to 40 characters with `…`, control and invisible characters escaped
/// ([`plain`]), to quote a key or value from a file in a message.
pub(super) fn short(text: &str) -> String {
    let mut out = plain(&text.chars().take(40).collect::<String>());
    if text.chars().nth(40).is_some() {
        out.push('…');
    }
    out
}

/// `text` with its control and invisible characters escaped (`\u{202e}`), so that a
/// message quoting a file never reorders or hides what a terminal shows.
pub(super) fn plain(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if c.is_control() || crate::core::input::is_invisible(c) {
            out.extend(c.escape_unicode());
        } else {
            out.push(c);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(line: &str) -> Result<Value, String> {
        serde_json::from_str::<Strict>(line)
            .map(|s| s.0)
            .map_err(|e| fault(&e))
    }

    #[test]
    fn a_key_twice_is_refused_with_its_column_and_no_line_number() {
        assert_eq!(
            read(r#"{"a":{"b":1,"b":2}}"#).unwrap_err(),
            "the key `b` appears twice in one object (column 15)"
        );
        assert_eq!(
            read(r#"{"a":[1,{"c":null}]}"#).unwrap()["a"][1]["c"],
            Value::Null
        );
    }

    #[test]
    fn a_cut_line_says_so_once() {
        let e = read(r#"{"a":[1,2"#).unwrap_err();
        assert_eq!(
            e,
            "EOF while parsing a list (column 9; the line is cut short)"
        );
        assert!(!e.contains("line 1"), "{e}");
    }
}
