//! serde support (feature `serde`): holes as `"c1"`, positions as their N4 string plus
//! the K11 flag, variants as their N3 name plus the K11 flag.

use serde::{de::Error, Deserialize, Deserializer, Serialize, Serializer};

use crate::{Hole, Position, Variant};

impl Serialize for Hole {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Hole {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Hole, D::Error> {
        String::deserialize(d)?.parse().map_err(D::Error::custom)
    }
}

#[derive(Serialize, Deserialize)]
struct VariantRepr {
    game: String,
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    lone_steps: bool,
}

impl Serialize for Variant {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        VariantRepr {
            game: self.to_string(),
            lone_steps: self.lone_steps(),
        }
        .serialize(s)
    }
}

impl<'de> Deserialize<'de> for Variant {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Variant, D::Error> {
        let r = VariantRepr::deserialize(d)?;
        let v: Variant = r.game.parse().map_err(D::Error::custom)?;
        if r.lone_steps && !v.is_katro() {
            return Err(D::Error::custom(crate::VariantError::LoneStepsInHoyito));
        }
        Ok(v.with_lone_steps(r.lone_steps))
    }
}

#[derive(Serialize, Deserialize)]
struct PositionRepr {
    position: String,
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    lone_steps: bool,
}

impl Serialize for Position {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        PositionRepr {
            position: self.to_string(),
            lone_steps: self.variant().lone_steps(),
        }
        .serialize(s)
    }
}

impl<'de> Deserialize<'de> for Position {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Position, D::Error> {
        let r = PositionRepr::deserialize(d)?;
        let p: Position = r.position.parse().map_err(D::Error::custom)?;
        Ok(p.with_lone_steps(r.lone_steps))
    }
}
