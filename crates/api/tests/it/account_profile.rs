//! `PATCH /api/user/profile` and the photo: `POST`/`DELETE /api/user/avatar` and
//! `GET /api/avatars/{id}.{ext}` (docs/account.md).

use crate::account_support::*;
use crate::common::{PASSWORD, TestApp};
use image::ImageFormat;
use serde_json::json;
use std::time::{Duration, Instant};

const EMAIL: &str = "ada@example.com";
const UNSUPPORTED: &str = "Please upload a PNG, JPEG or WebP image";
const TOO_MANY_PIXELS: &str =
    "The image must be at most 4096 pixels on a side and 12.6 megapixels in all";

async fn signed_in(backend: persistence::Backend) -> TestApp {
    let app = TestApp::start(backend, |_| {}).await;
    app.register(EMAIL, PASSWORD).await;
    app
}

persistence::both_backends! {

    #[actix_web::test]
    async fn the_profile_saves_name_and_phone(backend) {
        let app = signed_in(backend).await;

        let reply = app
            .patch_json("/api/user/profile", json!({ "name": "  Ada Lovelace ", "phone": "+14155550123" }))
            .await;

        assert_eq!(reply.status, 200, "{}", reply.text);
        assert_eq!(reply.message(), "Profile updated");
        assert_eq!(reply.body["user"]["name"], "Ada Lovelace");
        assert_eq!(reply.body["user"]["profile"]["name"], "Ada Lovelace");
        assert_eq!(reply.body["user"]["profile"]["phone"], "+14155550123");
        assert_eq!(app.current_user().await["name"], "Ada Lovelace");
        let row = app.user(EMAIL).unwrap();
        assert_eq!(row.phone.as_deref(), Some("+14155550123"));

        // An empty phone (or null) clears it.
        for phone in [json!(""), json!(null)] {
            let reply = app.patch_json("/api/user/profile", json!({ "name": "Ada", "phone": phone })).await;
            assert_eq!(reply.status, 200, "{}", reply.text);
            assert_eq!(app.user(EMAIL).unwrap().phone, None);
            assert!(reply.body["user"]["profile"].get("phone").is_none(), "{}", reply.text);
        }
    }

    async fn profile_refusals_name_the_field_and_write_nothing(backend) {
        let app = signed_in(backend).await;
        let before = app.user(EMAIL).unwrap();
        let name = "Please enter your name (1–80 characters)";
        let phone = "Please enter the phone number in international format, e.g. +14155550123";
        let cases = [
            (json!({}), "name", name),
            (json!({ "name": "   " }), "name", name),
            (json!({ "name": "a".repeat(81) }), "name", name),
            (json!({ "name": "Ada", "phone": "4155550123" }), "phone", phone),
            (json!({ "name": "Ada", "phone": "+12345" }), "phone", phone),
            (json!({ "name": "Ada", "phone": "+1 415 555 0123" }), "phone", phone),
        ];
        for (body, field, message) in cases {
            let reply = app.patch_json("/api/user/profile", body.clone()).await;
            assert_eq!(reply.status, 422, "{body}: {}", reply.text);
            assert_eq!(reply.body["fields"][field], message, "{body}");
            assert_eq!(reply.message(), message, "{body}");
        }
        let after = app.user(EMAIL).unwrap();
        assert_eq!((after.name, after.phone), (before.name, before.phone));

        let guest = app.new_client();
        let reply = app.send(guest.patch(app.url("/api/user/profile")).json(&json!({ "name": "X" }))).await;
        assert_eq!(reply.status, 401);
        assert_eq!(reply.message(), "Please log in to continue");
    }

    async fn a_png_becomes_a_256_square_png_served_with_long_caching(backend) {
        let app = signed_in(backend).await;
        let png = png_with_text(&encode(&picture(640, 400), ImageFormat::Png), "secret-metadata");

        let reply = app.upload_avatar("me.png", "image/png", &png).await;

        assert_eq!(reply.status, 200, "{}", reply.text);
        assert_eq!(reply.message(), "Photo updated");
        let url = reply.body["user"]["photoURL"].as_str().unwrap().to_owned();
        assert_eq!(reply.body["user"]["profile"]["avatarUrl"], url.as_str());
        assert!(url.starts_with("/api/avatars/") && url.ends_with(".png"), "{url}");
        assert_eq!(app.current_user().await["photoURL"], url.as_str());

        // Served to anyone, without a session.
        let served = reqwest::get(app.url(&url)).await.unwrap();
        assert_eq!(served.status(), 200);
        let header = |name: &str| served.headers()[name].to_str().unwrap().to_owned();
        assert_eq!(header("content-type"), "image/png");
        assert_eq!(header("cache-control"), "public, max-age=31536000, immutable");
        let bytes = served.bytes().await.unwrap();
        let img = image::load_from_memory_with_format(&bytes, ImageFormat::Png).unwrap();
        assert_eq!((img.width(), img.height()), (256, 256));
        // Pixels only: no text, EXIF, ICC or time chunks, and the text is gone.
        let chunks = png_chunk_types(&bytes);
        assert!(chunks.iter().all(|c| ["IHDR", "IDAT", "IEND"].contains(&c.as_str())), "{chunks:?}");
        assert!(!bytes.windows(15).any(|w| w == b"secret-metadata"));
        assert_eq!(app.avatar_rows(), 1);
    }

    async fn the_bytes_decide_not_the_name(backend) {
        let app = signed_in(backend).await;
        let png = encode(&picture(100, 100), ImageFormat::Png);

        // A PNG named .jpg and sent as image/jpeg is still a PNG: accepted.
        let reply = app.upload_avatar("photo.jpg", "image/jpeg", &png).await;
        assert_eq!(reply.status, 200, "{}", reply.text);

        // Text named .png and sent as image/png is refused, and nothing changes.
        let before = app.user(EMAIL).unwrap().avatar_url;
        let reply = app.upload_avatar("photo.png", "image/png", b"just some text, not an image\n").await;
        assert_eq!(reply.status, 415, "{}", reply.text);
        assert_eq!(reply.body, json!({ "message": UNSUPPORTED }));
        assert_eq!(app.user(EMAIL).unwrap().avatar_url, before);
        assert_eq!(app.avatar_rows(), 1);
    }

    async fn jpeg_and_webp_are_accepted(backend) {
        let app = signed_in(backend).await;
        let img = picture(300, 500);
        for (name, format) in [("a.jpeg", ImageFormat::Jpeg), ("a.webp", ImageFormat::WebP)] {
            let reply = app.upload_avatar(name, "application/octet-stream", &encode(&img, format)).await;
            assert_eq!(reply.status, 200, "{name}: {}", reply.text);
            let url = reply.body["user"]["photoURL"].as_str().unwrap().to_owned();
            let served = app.get(&url).await;
            assert_eq!(served.status, 200);
            assert_eq!(served.header("content-type"), Some("image/png"));
        }
        // The second photo replaced the first: one row.
        assert_eq!(app.avatar_rows(), 1);
    }

    async fn an_image_over_2_mb_is_refused_with_413(backend) {
        let app = signed_in(backend).await;
        // 3 MB that starts like a PNG: the size is refused before the bytes are looked at.
        let mut big = encode(&picture(16, 16), ImageFormat::Png);
        big.resize(3 * 1024 * 1024, 0);

        let reply = app.upload_avatar("big.png", "image/png", &big).await;

        assert_eq!(reply.status, 413, "{}", reply.text);
        assert_eq!(reply.body, json!({ "message": "The image must be at most 2 MB" }));
        assert_eq!(app.avatar_rows(), 0);
        assert!(app.user(EMAIL).unwrap().avatar_url.is_none());
    }

    async fn a_decompression_bomb_is_refused_without_decoding(backend) {
        let app = signed_in(backend).await;
        let bomb = png_bomb(100_000);
        assert!(bomb.len() < 200);

        let started = Instant::now();
        let reply = app.upload_avatar("bomb.png", "image/png", &bomb).await;

        assert_eq!(reply.status, 422, "{}", reply.text);
        assert_eq!(reply.body, json!({ "message": TOO_MANY_PIXELS, "fields": { "file": TOO_MANY_PIXELS } }));
        assert!(started.elapsed() < Duration::from_secs(5), "took {:?}", started.elapsed());
        assert_eq!(app.avatar_rows(), 0);
        // Just over the per-side cap is refused alike, and so is 4096×4096: each side is within
        // it, but not the 12.6 megapixels in all (the image of the flood that starved the API).
        let wide = encode(&picture(4097, 1), ImageFormat::Png);
        let reply = app.upload_avatar("wide.png", "image/png", &wide).await;
        assert_eq!(reply.status, 422, "{}", reply.text);
        let reply = app.upload_avatar("square.png", "image/png", &png_bomb(4096)).await;
        assert_eq!(reply.status, 422, "{}", reply.text);
        assert_eq!(reply.message(), TOO_MANY_PIXELS);
        assert_eq!(app.avatar_rows(), 0);
    }

    async fn photo_uploads_are_limited_per_customer_and_hour(backend) {
        let app = TestApp::start(backend, |s| s.limits.avatar_per_user = 2).await;
        app.register(EMAIL, PASSWORD).await;
        let png = encode(&picture(16, 16), ImageFormat::Png);
        // Refused photos count too: each took a decode.
        let reply = app.upload_avatar("a.png", "image/png", b"not an image").await;
        assert_eq!(reply.status, 415, "{}", reply.text);
        let reply = app.upload_avatar("b.png", "image/png", &png).await;
        assert_eq!(reply.status, 200, "{}", reply.text);

        let reply = app.upload_avatar("c.png", "image/png", &png).await;

        assert_eq!(reply.status, 429, "{}", reply.text);
        assert_eq!(
            reply.body,
            json!({ "message": "You can upload at most 2 photos an hour. Please try again later" })
        );
        let wait: u64 = reply.header("retry-after").unwrap().parse().unwrap();
        assert!((1..=3600).contains(&wait), "{wait}");
        assert_eq!(app.avatar_rows(), 1);
        // Another customer has their own count.
        let other = app.customer("grace@example.com").await;
        let reply = app.upload_avatar_with(&other, "d.png", "image/png", &png).await;
        assert_eq!(reply.status, 200, "{}", reply.text);
    }

    async fn an_upload_without_the_file_part_is_refused(backend) {
        let app = signed_in(backend).await;
        let png = encode(&picture(10, 10), ImageFormat::Png);
        let body = multipart("picture", "a.png", "image/png", &png);
        let request = app
            .client
            .post(app.url("/api/user/avatar"))
            .header("content-type", format!("multipart/form-data; boundary={BOUNDARY}"))
            .body(body);
        let reply = app.send(request).await;
        assert_eq!(reply.status, 415, "{}", reply.text);
        assert_eq!(reply.body, json!({ "message": UNSUPPORTED }));
        assert_eq!(app.avatar_rows(), 0);
    }

    async fn delete_goes_back_to_the_initials(backend) {
        let app = signed_in(backend).await;
        let reply = app.upload_avatar("a.png", "image/png", &encode(&picture(64, 64), ImageFormat::Png)).await;
        let url = reply.body["user"]["photoURL"].as_str().unwrap().to_owned();

        let reply = app.delete("/api/user/avatar").await;

        assert_eq!(reply.status, 200, "{}", reply.text);
        assert_eq!(reply.message(), "Photo removed");
        assert!(reply.body["user"]["photoURL"].is_null());
        assert!(reply.body["user"]["profile"]["avatarUrl"].is_null());
        assert_eq!(app.avatar_rows(), 0);
        let gone = app.get(&url).await;
        assert_eq!(gone.status, 404);
    }

    async fn unknown_avatars_are_404(backend) {
        let app = signed_in(backend).await;
        let reply = app.upload_avatar("a.png", "image/png", &encode(&picture(64, 64), ImageFormat::Png)).await;
        let url = reply.body["user"]["photoURL"].as_str().unwrap().to_owned();
        let webp = url.replace(".png", ".webp");
        for path in ["/api/avatars/nothere.png", "/api/avatars/abc.gif", webp.as_str()] {
            let reply = app.get(path).await;
            assert_eq!(reply.status, 404, "{path}");
            assert_eq!(reply.body, json!({ "message": "Not found" }), "{path}");
        }
    }

    async fn a_guest_cannot_upload(backend) {
        let app = TestApp::start(backend, |_| {}).await;
        let reply = app.upload_avatar("a.png", "image/png", &encode(&picture(8, 8), ImageFormat::Png)).await;
        assert_eq!(reply.status, 401, "{}", reply.text);
        assert_eq!(app.avatar_rows(), 0);
    }
}
