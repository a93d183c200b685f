//! argon2id hashes made and checked in memory that each hashing thread keeps (`hashing`).
//!
//! The argon2 crate's `hash_password` and `verify_password` allocate a hash's whole working
//! memory (19 MiB at the default cost) and free it again every time. The allocator did not give
//! that back and did not reuse it either: a server's RSS grew by about 19.5 MB with each of its
//! first ten sign-ins (34 to 248 MB) before it levelled off, and every fresh block was faulted in
//! page by page. Here a thread allocates the memory with its first hash and reuses it for every
//! later one (`Argon2::hash_password_into_with_memory`): one block per hashing thread, no page
//! faults after the first hash. The strings are the crate's own PHC format, so hashes made either
//! way check either way (tests below).

use argon2::password_hash::{
    Error, Output, ParamsString, PasswordHash, Result, Salt, SaltString, rand_core::OsRng,
};
use argon2::{Algorithm, Argon2, Block, Params, Version};
use std::cell::RefCell;

thread_local! {
    /// This thread's argon2 memory: as many blocks as the largest cost it has hashed at.
    static MEMORY: RefCell<Vec<Block>> = const { RefCell::new(Vec::new()) };
}

/// The bytes of an argon2 hash of `password` under `salt`, into `out` (its length is the
/// hash's), computed in this thread's memory.
fn compute(argon: &Argon2<'_>, password: &[u8], salt: &[u8], out: &mut [u8]) -> Result<()> {
    MEMORY.with_borrow_mut(|blocks| {
        let needed = argon.params().block_count();
        if blocks.len() < needed {
            blocks.resize(needed, Block::default());
        }
        // Every block is written in the first pass before any pass reads it: what an earlier
        // hash left in the memory does not enter this one.
        Ok(argon.hash_password_into_with_memory(password, salt, out, &mut blocks[..needed])?)
    })
}

/// Whether new hashes are made at argon2's smallest cost: only a test process that asked for it
/// (`cheap_for_tests`, in builds with the `testing` feature); every other build has no such
/// switch and always hashes at the default cost.
#[cfg(feature = "testing")]
static CHEAP: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

/// Makes this process's new hashes cheap (argon2id at 8 KiB and one pass instead of 19 MiB and
/// two): for the API's integration tests, which sign up and sign in thousands of times on two
/// cores. What they check (a hash is argon2id in PHC form, made and checked on the hashing pool)
/// holds at either cost; this module's own tests keep the default.
#[cfg(feature = "testing")]
pub fn cheap_for_tests() {
    CHEAP.store(true, std::sync::atomic::Ordering::Relaxed);
}

/// The cost new hashes are made at: argon2's default (argon2id, 19 MiB, two passes).
fn new_hash_cost() -> Argon2<'static> {
    #[cfg(feature = "testing")]
    if CHEAP.load(std::sync::atomic::Ordering::Relaxed) {
        let min = Params::new(Params::MIN_M_COST, 1, 1, None).unwrap_or_default();
        return Argon2::new(Algorithm::Argon2id, Version::V0x13, min);
    }
    Argon2::default()
}

/// A new PHC string for `password`: argon2id at the crate's default cost, with a fresh salt.
pub fn hash(password: &[u8]) -> Result<String> {
    let argon = new_hash_cost();
    let salt = SaltString::generate(&mut OsRng);
    let mut buffer = [0u8; Salt::MAX_LENGTH];
    let mut out = [0u8; Params::DEFAULT_OUTPUT_LEN];
    compute(
        &argon,
        password,
        salt.as_salt().decode_b64(&mut buffer)?,
        &mut out,
    )?;
    let phc = PasswordHash {
        algorithm: Algorithm::Argon2id.ident(),
        version: Some(Version::V0x13.into()),
        params: ParamsString::try_from(argon.params())?,
        salt: Some(salt.as_salt()),
        hash: Some(Output::new(&out)?),
    };
    Ok(phc.to_string())
}

/// Whether `password` is the one `stored` (a PHC string of any argon2 variant, version and
/// cost) was made from. The comparison takes the same time wherever the bytes differ.
pub fn verify(stored: &str, password: &[u8]) -> Result<bool> {
    let phc = PasswordHash::new(stored)?;
    let expected = phc.hash.ok_or(Error::PhcStringField)?;
    let salt = phc.salt.ok_or(Error::PhcStringField)?;
    let version = phc
        .version
        .map(Version::try_from)
        .transpose()?
        .unwrap_or_default();
    let argon = Argon2::new(
        Algorithm::try_from(phc.algorithm)?,
        version,
        Params::try_from(&phc)?,
    );
    let mut buffer = [0u8; Salt::MAX_LENGTH];
    let mut out = [0u8; Output::MAX_LENGTH];
    let out = &mut out[..expected.len()];
    compute(&argon, password, salt.decode_b64(&mut buffer)?, out)?;
    Ok(Output::new(out)? == expected)
}

#[cfg(test)]
mod tests {
    use super::*;
    use argon2::password_hash::{PasswordHasher, PasswordVerifier};

    /// A cheap cost, so that the tests run quickly in debug builds.
    fn cheap() -> Argon2<'static> {
        Argon2::new(
            Algorithm::Argon2id,
            Version::V0x13,
            Params::new(64, 1, 1, None).unwrap(),
        )
    }

    #[test]
    fn a_hash_made_here_checks_with_the_crate_and_here() {
        let stored = hash(b"Correct-horse-1").unwrap();
        assert!(
            stored.starts_with("$argon2id$v=19$m=19456,t=2,p=1$"),
            "{stored}"
        );
        let phc = PasswordHash::new(&stored).unwrap();
        assert!(
            Argon2::default()
                .verify_password(b"Correct-horse-1", &phc)
                .is_ok()
        );
        assert!(
            Argon2::default()
                .verify_password(b"Correct-horse-2", &phc)
                .is_err()
        );
        assert!(verify(&stored, b"Correct-horse-1").unwrap());
        assert!(!verify(&stored, b"Correct-horse-2").unwrap());
    }

    #[test]
    fn hashes_the_crate_made_check_here_whatever_their_variant_and_cost() {
        let salt = SaltString::generate(&mut OsRng);
        for (algorithm, version) in [
            (Algorithm::Argon2id, Version::V0x13),
            (Algorithm::Argon2i, Version::V0x13),
            (Algorithm::Argon2d, Version::V0x10),
        ] {
            let argon = Argon2::new(
                algorithm,
                version,
                Params::new(128, 3, 2, Some(40)).unwrap(),
            );
            let stored = argon.hash_password(b"pw", &salt).unwrap().to_string();
            assert!(verify(&stored, b"pw").unwrap(), "{stored}");
            assert!(!verify(&stored, b"pW").unwrap(), "{stored}");
        }
    }

    #[test]
    fn the_memory_is_reused_and_what_it_held_does_not_change_a_hash() {
        let salt = SaltString::generate(&mut OsRng);
        let stored = cheap().hash_password(b"pw", &salt).unwrap().to_string();
        // A larger hash first leaves the memory bigger and full of its own blocks.
        let big = Argon2::new(
            Algorithm::Argon2id,
            Version::V0x13,
            Params::new(512, 1, 1, None).unwrap(),
        )
        .hash_password(b"other", &salt)
        .unwrap()
        .to_string();
        assert!(verify(&big, b"other").unwrap());
        let held = MEMORY.with_borrow(Vec::len);
        assert_eq!(held, 512);
        for _ in 0..2 {
            assert!(verify(&stored, b"pw").unwrap());
            assert_eq!(MEMORY.with_borrow(Vec::len), held, "no new memory");
        }
    }

    #[test]
    fn a_string_without_hash_or_salt_is_an_error_not_a_match() {
        let salt = SaltString::generate(&mut OsRng);
        let stored = cheap().hash_password(b"pw", &salt).unwrap();
        let without_hash = PasswordHash {
            hash: None,
            ..stored.clone()
        }
        .to_string();
        assert!(verify(&without_hash, b"pw").is_err());
        assert!(verify("not a hash", b"pw").is_err());
    }
}
