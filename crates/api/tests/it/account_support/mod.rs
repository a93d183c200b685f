//! What the account settings tests share: PATCH/DELETE and multipart calls, test images, and
//! waiting for a mail that is sent in the background.
#![allow(dead_code, reason = "each test binary uses a different subset")]

use crate::common::{Reply, TestApp};
use diesel::prelude::*;
use image::{DynamicImage, ImageFormat, Rgb, RgbImage};
use persistence::schema::{email_changes, password_resets, rate_windows, sessions};
use serde_json::Value;
use std::io::Cursor;
use std::time::{Duration, Instant};

pub const BOUNDARY: &str = "----proxyshop-test-boundary-7MA4YWxkTrZu0gW";

/// A multipart body with one part `field` named `filename`.
pub fn multipart(field: &str, filename: &str, content_type: &str, bytes: &[u8]) -> Vec<u8> {
    let mut body = format!(
        "--{BOUNDARY}\r\nContent-Disposition: form-data; name=\"{field}\"; filename=\"{filename}\"\r\n\
         Content-Type: {content_type}\r\n\r\n"
    )
    .into_bytes();
    body.extend_from_slice(bytes);
    body.extend_from_slice(format!("\r\n--{BOUNDARY}--\r\n").as_bytes());
    body
}

/// A picture with some variety (so that encoders cannot make it trivially small).
pub fn picture(width: u32, height: u32) -> DynamicImage {
    DynamicImage::ImageRgb8(RgbImage::from_fn(width, height, |x, y| {
        Rgb([(x % 256) as u8, (y % 256) as u8, ((x * y) % 256) as u8])
    }))
}

pub fn encode(img: &DynamicImage, format: ImageFormat) -> Vec<u8> {
    let mut out = Vec::new();
    img.write_to(&mut Cursor::new(&mut out), format).unwrap();
    out
}

fn crc32(bytes: &[u8]) -> u32 {
    let mut crc = 0xFFFF_FFFFu32;
    for &b in bytes {
        crc ^= u32::from(b);
        for _ in 0..8 {
            crc = if crc & 1 == 1 {
                (crc >> 1) ^ 0xEDB8_8320
            } else {
                crc >> 1
            };
        }
    }
    !crc
}

/// A PNG chunk: length, type, data, CRC.
pub fn png_chunk(kind: &[u8; 4], data: &[u8]) -> Vec<u8> {
    let mut out = (data.len() as u32).to_be_bytes().to_vec();
    let mut typed = kind.to_vec();
    typed.extend_from_slice(data);
    out.extend_from_slice(&typed);
    out.extend_from_slice(&crc32(&typed).to_be_bytes());
    out
}

/// `png` with a text chunk holding `text` right after its header chunk.
pub fn png_with_text(png: &[u8], text: &str) -> Vec<u8> {
    let header_end = 8 + 4 + 4 + 13 + 4;
    let mut data = b"Comment\0".to_vec();
    data.extend_from_slice(text.as_bytes());
    let mut out = png[..header_end].to_vec();
    out.extend(png_chunk(b"tEXt", &data));
    out.extend_from_slice(&png[header_end..]);
    out
}

/// A few hundred bytes of PNG that declare a `side`×`side` image: a header, and a tiny
/// compressed stream of zeros (the bomb a decoder would inflate to side² × 3 bytes).
pub fn png_bomb(side: u32) -> Vec<u8> {
    let mut out = b"\x89PNG\r\n\x1a\n".to_vec();
    let mut ihdr = side.to_be_bytes().to_vec();
    ihdr.extend_from_slice(&side.to_be_bytes());
    ihdr.extend_from_slice(&[8, 2, 0, 0, 0]);
    out.extend(png_chunk(b"IHDR", &ihdr));
    // A stored-free zlib stream of one empty fixed block: enough to look like data.
    out.extend(png_chunk(
        b"IDAT",
        &[0x78, 0x9c, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01],
    ));
    out.extend(png_chunk(b"IEND", &[]));
    out
}

/// The chunk types of a PNG, in order.
pub fn png_chunk_types(png: &[u8]) -> Vec<String> {
    assert_eq!(&png[..8], b"\x89PNG\r\n\x1a\n", "not a PNG");
    let mut at = 8;
    let mut kinds = Vec::new();
    while at + 8 <= png.len() {
        let len = u32::from_be_bytes(png[at..at + 4].try_into().unwrap()) as usize;
        kinds.push(String::from_utf8_lossy(&png[at + 4..at + 8]).into_owned());
        at += 12 + len;
    }
    kinds
}

impl TestApp {
    pub async fn upload_avatar_with(
        &self,
        client: &reqwest::Client,
        filename: &str,
        content_type: &str,
        bytes: &[u8],
    ) -> Reply {
        let body = multipart("file", filename, content_type, bytes);
        let request = client
            .post(self.url("/api/user/avatar"))
            .header(
                "content-type",
                format!("multipart/form-data; boundary={BOUNDARY}"),
            )
            .body(body);
        self.send(request).await
    }

    pub async fn upload_avatar(&self, filename: &str, content_type: &str, bytes: &[u8]) -> Reply {
        self.upload_avatar_with(&self.client, filename, content_type, bytes)
            .await
    }

    pub async fn patch_json(&self, path: &str, body: Value) -> Reply {
        self.send(self.client.patch(self.url(path)).json(&body))
            .await
    }

    pub async fn delete(&self, path: &str) -> Reply {
        self.send(self.client.delete(self.url(path))).await
    }

    /// Waits (up to 10 s) until `email` has received `count` mails; for mails sent by a
    /// background task after the answer.
    pub async fn wait_for_mails(&self, email: &str, count: usize) {
        let deadline = Instant::now() + Duration::from_secs(10);
        while self.mails_to(email).len() < count {
            assert!(Instant::now() < deadline, "no mail {count} to {email}");
            actix_web::rt::time::sleep(Duration::from_millis(10)).await;
        }
    }

    pub fn avatar_rows(&self) -> i64 {
        self.with_conn(|conn| {
            persistence::schema::avatars::table
                .count()
                .get_result(conn)
                .unwrap()
        })
    }

    /// All session rows of `email`'s account.
    pub fn session_ids(&self, email: &str) -> Vec<String> {
        let id = self.user(email).expect("user").id;
        self.with_conn(|conn| {
            sessions::table
                .filter(sessions::user_id.eq(id))
                .select(sessions::id)
                .load(conn)
                .unwrap()
        })
    }

    /// The pending reset of `email`'s account sent last, whichever browser asked for it.
    pub fn reset_row(&self, email: &str) -> Option<persistence::password_resets::PasswordResetRow> {
        self.reset_rows(email).into_iter().next()
    }

    /// Every pending reset of `email`'s account (one per asking browser), the latest first.
    pub fn reset_rows(&self, email: &str) -> Vec<persistence::password_resets::PasswordResetRow> {
        let id = self.user(email).expect("user").id;
        self.with_conn(|conn| persistence::password_resets::all_of(conn, id).unwrap())
    }

    /// Moves the times of the account's pending resets back by `seconds`.
    pub fn age_reset(&self, email: &str, seconds: i64) {
        let id = self.user(email).expect("user").id;
        let changed = self.with_conn(|conn| {
            diesel::update(password_resets::table.filter(password_resets::user_id.eq(id)))
                .set((
                    password_resets::sent_at.eq(password_resets::sent_at - seconds),
                    password_resets::expires_at.eq(password_resets::expires_at - seconds),
                ))
                .execute(conn)
                .unwrap()
        });
        assert!(changed > 0, "no pending reset for {email}");
    }

    pub fn email_change_row(
        &self,
        email: &str,
    ) -> Option<persistence::email_changes::EmailChangeRow> {
        let id = self.user(email).expect("user").id;
        self.with_conn(|conn| persistence::email_changes::find(conn, id).unwrap())
    }

    pub fn age_email_change(&self, email: &str, seconds: i64) {
        let id = self.user(email).expect("user").id;
        let changed = self.with_conn(|conn| {
            diesel::update(email_changes::table.find(id))
                .set((
                    email_changes::sent_at.eq(email_changes::sent_at - seconds),
                    email_changes::expires_at.eq(email_changes::expires_at - seconds),
                ))
                .execute(conn)
                .unwrap()
        });
        assert_eq!(changed, 1, "no pending email change for {email}");
    }

    /// Forgets every rate-limit counter (as if the window had passed).
    pub fn clear_limits(&self) {
        self.with_conn(|conn| diesel::delete(rate_windows::table).execute(conn).unwrap());
    }

    /// Turns two-factor sign-in on for `email` (as the 2FA area would after enrolment).
    pub fn enable_totp(&self, email: &str) {
        use persistence::schema::user_totp;
        let id = self.user(email).expect("user").id;
        self.with_conn(|conn| {
            diesel::insert_into(user_totp::table)
                .values((
                    user_totp::user_id.eq(id),
                    user_totp::secret.eq("JBSWY3DPEHPK3PXP"),
                    user_totp::enabled_at.eq(persistence::now()),
                    user_totp::created_at.eq(persistence::now()),
                ))
                .execute(conn)
                .unwrap()
        });
    }

    /// Whether `password` signs `email` in, tried on a fresh client.
    pub async fn password_works(&self, email: &str, password: &str) -> bool {
        let client = self.new_client();
        let reply = self
            .post_json_with(
                &client,
                "/api/login",
                serde_json::json!({ "email": email, "password": password }),
            )
            .await;
        reply.status == 200
    }
}
