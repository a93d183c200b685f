//! The text of an export of usage records, the same whether streamed (`requests.csv`,
//! `requests.json`) or prepared in the background: CSV, a header row and one line per record;
//! JSON, one array of the record objects `GET /api/user/requests` lists, one per line. An
//! array rather than NDJSON: a `.json` file is one document that every tool reads as it is,
//! and one cut short (a failed read mid-stream) is invalid JSON instead of a silently shorter
//! list.

use domain::csv::{cell, iso_utc};
use domain::usage::ExportFormat;
use persistence::connection_records::Record;
use serde_json::json;

pub const HEADER: &str = "started_at,duration_ms,credential_kind,credential_id,credential_label,type,host,port,bytes_up,bytes_down,outcome,reason,charged,source\r\n";

/// Writes one file's text in order: `head`, the lines of each page (`page`), `tail`.
#[derive(Debug, Clone, Copy)]
pub struct RecordText {
    format: ExportFormat,
    /// Whether a record was written: in JSON the next one needs a comma before it.
    started: bool,
}

impl RecordText {
    pub fn new(format: ExportFormat) -> RecordText {
        RecordText {
            format,
            started: false,
        }
    }

    /// What the file starts with.
    pub fn head(&self) -> &'static str {
        match self.format {
            ExportFormat::Csv => HEADER,
            ExportFormat::Json => "[",
        }
    }

    /// The lines of `page`, after those of the pages before.
    pub fn page(&mut self, page: &[Record]) -> String {
        let mut text = String::new();
        for record in page {
            match self.format {
                ExportFormat::Csv => text.push_str(&csv_line(record)),
                ExportFormat::Json => {
                    text.push_str(if self.started { ",\n" } else { "\n" });
                    text.push_str(&json_object(record).to_string());
                }
            }
            self.started = true;
        }
        text
    }

    /// What the file ends with.
    pub fn tail(&self) -> &'static str {
        match self.format {
            ExportFormat::Csv => "",
            ExportFormat::Json => "\n]\n",
        }
    }
}

/// One record's CSV line, ending in CRLF.
fn csv_line(record: &Record) -> String {
    let r = &record.row;
    let cells = [
        iso_utc(r.started_at),
        r.duration_ms.to_string(),
        r.credential_kind.to_string(),
        r.credential_id.map(|id| id.to_string()).unwrap_or_default(),
        cell(&r.credential_label),
        r.kind.to_string(),
        cell(&r.host),
        r.port.to_string(),
        r.bytes_up.to_string(),
        r.bytes_down.to_string(),
        r.outcome.to_string(),
        cell(r.reason.as_deref().unwrap_or_default()),
        domain::usage::charged(r.outcome, r.reason.as_deref()).to_string(),
        public_source(record).unwrap_or_default(),
    ];
    let mut text = cells.join(",");
    text.push_str("\r\n");
    text
}

/// The public address the connection came from, if it is one.
fn public_source(record: &Record) -> Option<String> {
    (record.row.source.as_deref()).and_then(domain::address_space::public_source)
}

/// One record as the list shows it (`RequestRecord` of the API; a test holds them equal).
fn json_object(record: &Record) -> serde_json::Value {
    let r = &record.row;
    json!({
        "startedAt": r.started_at,
        "durationMs": r.duration_ms,
        "credential": {"kind": r.credential_kind, "id": r.credential_id, "label": r.credential_label},
        "type": r.kind,
        "host": r.host,
        "port": r.port,
        "bytesUp": r.bytes_up,
        "bytesDown": r.bytes_down,
        "outcome": r.outcome,
        "reason": r.reason,
        "charged": domain::usage::charged(r.outcome, r.reason.as_deref()),
        "source": public_source(record),
    })
}
