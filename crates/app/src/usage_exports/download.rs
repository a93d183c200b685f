//! Downloading a ready export: its parts read one by one from the database and passed on as
//! stored (gzip) or unpacked (the CSV or JSON), so a download never holds the whole file.

use crate::blocking::with_conn;
use crate::error::AppError;
use flate2::write::GzDecoder;
use persistence::DbPool;
use persistence::usage_exports::{self as store, ExportRow};
use std::io::Write;

/// Reads a ready export's file part by part and gives its text out as it goes: the parts
/// together are one gzip stream, passed through as they are (`next_gzip`) to a client that
/// takes gzip, or unpacked (`next_text`).
pub struct Download {
    pool: DbPool,
    id: i64,
    seq: i32,
    parts: i32,
    decoder: Option<Decoder>,
}

/// The gzip stream of an export's parts, unpacked as they come.
type Decoder = GzDecoder<Vec<u8>>;

impl Download {
    /// The download of `row`: a 409 when it is not ready.
    pub fn of(pool: &DbPool, row: &ExportRow) -> Result<Download, AppError> {
        if row.status != store::READY {
            return Err(AppError::Conflict("the export is not ready"));
        }
        Ok(Download {
            pool: pool.clone(),
            id: row.id,
            seq: 0,
            parts: row.parts,
            decoder: Some(GzDecoder::new(Vec::new())),
        })
    }

    /// The next stored part as it is (gzip), None after the last.
    pub async fn next_gzip(&mut self) -> Result<Option<Vec<u8>>, AppError> {
        if self.seq >= self.parts {
            return Ok(None);
        }
        let (id, seq) = (self.id, self.seq);
        let part = with_conn(&self.pool, move |conn| Ok(store::part(conn, id, seq)?))
            .await?
            // Deleted while it was being read (by its customer, or expired).
            .ok_or(AppError::Gone("the export was deleted"))?;
        self.seq += 1;
        Ok(Some(part))
    }

    /// The text of the next stored part, None after the last.
    pub async fn next_text(&mut self) -> Result<Option<Vec<u8>>, AppError> {
        let Some(part) = self.next_gzip().await? else {
            return Ok(None);
        };
        let last = self.seq >= self.parts;
        let decoder = self
            .decoder
            .take()
            .ok_or(AppError::Gone("the export ended"))?;
        let (decoder, text) = tokio::task::spawn_blocking(move || unpack(decoder, &part, last))
            .await
            .map_err(|e| AppError::Internal(e.to_string()))?
            .map_err(|e| AppError::Internal(format!("an export's file is damaged: {e}")))?;
        self.decoder = decoder;
        Ok(Some(text))
    }
}

/// The CSV in `part`, the next part of a gzip stream `decoder` has read the parts before of;
/// the decoder again unless `part` is the last.
fn unpack(
    mut decoder: Decoder,
    part: &[u8],
    last: bool,
) -> std::io::Result<(Option<Decoder>, Vec<u8>)> {
    decoder.write_all(part)?;
    if last {
        return Ok((None, decoder.try_finish().and_then(|()| decoder.finish())?));
    }
    // What it decoded may still wait in its buffer.
    decoder.flush()?;
    let text = std::mem::take(decoder.get_mut());
    Ok((Some(decoder), text))
}

#[cfg(test)]
mod tests {
    use super::*;
    use flate2::Compression;
    use flate2::write::GzEncoder;

    /// A gzip stream cut where the encoder happened to be when a part was taken, as
    /// `write_one` cuts it.
    fn parts_of(chunks: &[&str]) -> Vec<Vec<u8>> {
        let mut encoder = GzEncoder::new(Vec::new(), Compression::fast());
        let mut parts = Vec::new();
        for (i, chunk) in chunks.iter().enumerate() {
            encoder.write_all(chunk.as_bytes()).unwrap();
            if i + 1 < chunks.len() {
                parts.push(std::mem::take(encoder.get_mut()));
            }
        }
        parts.push(encoder.finish().unwrap());
        parts
    }

    #[test]
    fn the_parts_unpack_one_by_one_into_the_whole_text() {
        let big: String = (0..50_000).map(|i| format!("{i},row\r\n")).collect();
        for chunks in [
            vec!["only"],
            vec!["a,b\r\n", &big, "", "last\r\n"],
            vec!["", ""],
        ] {
            let parts = parts_of(&chunks);
            let mut decoder = Some(GzDecoder::new(Vec::new()));
            let mut text = Vec::new();
            for (i, part) in parts.iter().enumerate() {
                let (next, out) =
                    unpack(decoder.take().unwrap(), part, i + 1 == parts.len()).unwrap();
                text.extend(out);
                decoder = next;
            }
            assert!(decoder.is_none());
            assert_eq!(String::from_utf8(text).unwrap(), chunks.concat());
        }
    }

    #[test]
    fn a_damaged_part_is_an_error() {
        let mut parts = parts_of(&["a,b\r\n", "c,d\r\n"]);
        let last = parts.last_mut().unwrap();
        let n = last.len();
        last[n - 5] ^= 0xff; // the CRC
        let (decoder, _) = unpack(GzDecoder::new(Vec::new()), &parts[0], false).unwrap();
        assert!(unpack(decoder.unwrap(), &parts[1], true).is_err());
    }
}
