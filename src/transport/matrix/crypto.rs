//! End-to-end encryption: the bot's device keys live in the crypto store (the SQLite
//! store in `STORE_DIR/state`, beside `session.json`), so a restart keeps the same
//! device and can still decrypt the rooms' messages. The device is cross-signed by the
//! bot's own identity (bootstrapped at the first login), and the room keys are backed
//! up on the homeserver; both are kept in secret storage, opened by a recovery key.
//!
//! The recovery key: `MatrixOptions::recovery_key` when the operator gives one (a key or
//! a passphrase), else the one the bot made when it first enabled recovery, saved in
//! `STORE_DIR/recovery-key` (owner-only). With it, a bot whose store was lost logs in as
//! a new device and recovers its cross-signing keys and backup instead of resetting them.
//!
//! Policy: messages from unverified devices are decrypted and answered like any other
//! (anyone in the room may play, as in a plaintext room), and the room keys of the bot's
//! replies are shared with every device of the room's members.

use std::path::{Path, PathBuf};
use std::time::Duration;

use anyhow::Context as _;
use matrix_sdk::encryption::backups::BackupState;
use matrix_sdk::encryption::recovery::RecoveryState;
use matrix_sdk::Client;

/// The file of the recovery key the bot made itself, in the store directory.
pub const RECOVERY_KEY_FILE: &str = "recovery-key";

/// How long to wait for the client to learn the recovery state after the first sync.
const STATE_WAIT: Duration = Duration::from_secs(30);

/// What [`secure`] found or did, for the log and the tests.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EncryptionStatus {
    /// The bot's device is signed by its own cross-signing identity.
    pub cross_signed: bool,
    /// Room keys are backed up on the homeserver.
    pub backed_up: bool,
    /// Secret storage holds the cross-signing and backup keys, and the bot has them.
    pub recovery: bool,
}

/// Sets up recovery once the client has synced: enables it (secret storage, key backup,
/// a new recovery key saved in `dir`) when the account has none, recovers the secrets
/// with the configured or saved key when this device lacks them, and leaves it alone
/// when it is complete. Returns what holds afterwards.
///
/// # Errors
/// The recovery state stays unknown, the homeserver refuses, the recovery key is wrong
/// or missing while the account has secret storage, or the key cannot be saved.
pub async fn secure(
    client: &Client,
    dir: &Path,
    configured: Option<&str>,
) -> anyhow::Result<EncryptionStatus> {
    let enc = client.encryption();
    enc.wait_for_e2ee_initialization_tasks().await;
    // Normally done at login (`auto_enable_cross_signing`); again here for a device
    // whose first start stopped before it.
    if let Err(e) = enc.bootstrap_cross_signing_if_needed(None).await {
        tracing::warn!(error = %e, "Matrix: cannot bootstrap cross-signing");
    }
    let recovery = enc.recovery();
    match known_state(client).await {
        RecoveryState::Enabled => {}
        RecoveryState::Disabled => {
            let enable = recovery.enable().wait_for_backups_to_upload();
            let key = match configured {
                Some(secret) => enable.with_passphrase(secret).await,
                None => enable.await,
            }
            .context("cannot enable recovery (secret storage and key backup)")?;
            if configured.is_none() {
                save_key(&dir.join(RECOVERY_KEY_FILE), &key)?;
            }
            tracing::info!(
                "Matrix: recovery enabled (cross-signing keys and key backup in secret storage)"
            );
        }
        RecoveryState::Incomplete | RecoveryState::Unknown => {
            let key = match configured {
                Some(k) => k.to_string(),
                None => read_key(&dir.join(RECOVERY_KEY_FILE))?,
            };
            recovery
                .recover(&key)
                .await
                .context("cannot recover the secrets with the recovery key")?;
            tracing::info!("Matrix: secrets recovered from secret storage");
        }
    }
    // Read back the bot's own keys, so that the local copy of its device carries the
    // signature the bootstrap uploaded.
    if let Some(own) = client.user_id() {
        if let Err(e) = enc.request_user_identity(own).await {
            tracing::warn!(error = %e, "Matrix: cannot read back the bot's own identity");
        }
    }
    status(client).await
}

/// The recovery state once known (it is read after the first sync), waiting at most
/// [`STATE_WAIT`]; `Unknown` after that.
async fn known_state(client: &Client) -> RecoveryState {
    let recovery = client.encryption().recovery();
    let start = std::time::Instant::now();
    loop {
        let s = recovery.state();
        if s != RecoveryState::Unknown || start.elapsed() > STATE_WAIT {
            return s;
        }
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
}

/// What holds now: cross-signing of the own device, backup, recovery.
///
/// # Errors
/// The crypto store cannot be read.
pub async fn status(client: &Client) -> anyhow::Result<EncryptionStatus> {
    let enc = client.encryption();
    let own = enc
        .get_own_device()
        .await
        .context("cannot read the bot's device from the crypto store")?;
    Ok(EncryptionStatus {
        cross_signed: own.is_some_and(|d| d.is_cross_signed_by_owner()),
        backed_up: enc.backups().state() == BackupState::Enabled,
        recovery: enc.recovery().state() == RecoveryState::Enabled,
    })
}

/// Writes `key` to `path`, readable by its owner only.
fn save_key(path: &Path, key: &str) -> anyhow::Result<()> {
    crate::files::write_new(path, format!("{key}\n").as_bytes())
        .with_context(|| format!("cannot write the recovery key to {}", path.display()))?;
    tracing::info!(path = %path.display(), "Matrix: recovery key saved (keep a copy: it restores the bot's identity)");
    Ok(())
}

/// The recovery key saved in `path`.
///
/// # Errors
/// No such file (the account has secret storage the bot has no key to).
fn read_key(path: &Path) -> anyhow::Result<String> {
    let key = std::fs::read_to_string(path).with_context(|| {
        format!(
            "the bot's account has secret storage but this device lacks its secrets, and \
             there is no recovery key: give it as matrix.recovery_key_env, or put it in {}",
            PathBuf::from(path).display()
        )
    })?;
    Ok(key.trim().to_string())
}
