//! Turning an upload into the stored avatar: the format judged by the bytes (PNG, JPEG or
//! WebP), the size read from the header and capped before anything is decoded (a tiny file can
//! declare a gigapixel image), the decoder's allocations capped too, then a centred square crop
//! re-encoded as a 256×256 PNG. Only pixels survive: no text chunks, EXIF, ICC profile or XMP.

use crate::account::rules::{AVATAR_MAX_SIDE, AVATAR_SIDE};
use image::imageops::FilterType;
use image::{DynamicImage, ImageDecoder, ImageFormat, ImageReader, Limits};
use std::io::Cursor;

/// The most the decoder may allocate: one RGBA image of the largest accepted size, and some.
const MAX_DECODE_ALLOC: u64 = (AVATAR_MAX_SIDE as u64) * (AVATAR_MAX_SIDE as u64) * 4 + (16 << 20);

#[derive(Debug, PartialEq, Eq)]
pub enum AvatarError {
    /// Not PNG, JPEG or WebP, undecodable, or larger than `AVATAR_MAX_SIDE` on a side.
    Unsupported,
}

pub struct Avatar {
    pub bytes: Vec<u8>,
    pub content_type: &'static str,
    pub extension: &'static str,
}

fn limits() -> Limits {
    let mut limits = Limits::default();
    limits.max_image_width = Some(AVATAR_MAX_SIDE);
    limits.max_image_height = Some(AVATAR_MAX_SIDE);
    limits.max_alloc = Some(MAX_DECODE_ALLOC);
    limits
}

fn reader(input: &[u8], format: ImageFormat) -> ImageReader<Cursor<&[u8]>> {
    let mut reader = ImageReader::with_format(Cursor::new(input), format);
    reader.limits(limits());
    reader
}

/// The avatar `input` makes, or why it makes none. CPU-bound: run it on the blocking pool.
pub fn reencode(input: &[u8]) -> Result<Avatar, AvatarError> {
    let format = image::guess_format(input).map_err(|_| AvatarError::Unsupported)?;
    if !matches!(
        format,
        ImageFormat::Png | ImageFormat::Jpeg | ImageFormat::WebP
    ) {
        return Err(AvatarError::Unsupported);
    }
    // The header alone first: a declared size over the cap is refused before any pixel buffer.
    let (width, height) = reader(input, format)
        .into_dimensions()
        .map_err(|_| AvatarError::Unsupported)?;
    if width == 0 || height == 0 || width > AVATAR_MAX_SIDE || height > AVATAR_MAX_SIDE {
        return Err(AvatarError::Unsupported);
    }
    let mut decoder = reader(input, format)
        .into_decoder()
        .map_err(|_| AvatarError::Unsupported)?;
    let orientation = decoder
        .orientation()
        .map_err(|_| AvatarError::Unsupported)?;
    let mut decoded = DynamicImage::from_decoder(decoder).map_err(|_| AvatarError::Unsupported)?;
    decoded.apply_orientation(orientation);

    let side = decoded.width().min(decoded.height());
    let square = decoded.crop_imm(
        (decoded.width() - side) / 2,
        (decoded.height() - side) / 2,
        side,
        side,
    );
    let resized = square.resize_exact(AVATAR_SIDE, AVATAR_SIDE, FilterType::Triangle);
    let pixels = DynamicImage::ImageRgba8(resized.to_rgba8());
    let mut bytes = Vec::new();
    pixels
        .write_to(&mut Cursor::new(&mut bytes), ImageFormat::Png)
        .map_err(|_| AvatarError::Unsupported)?;
    Ok(Avatar {
        bytes,
        content_type: "image/png",
        extension: "png",
    })
}

/// The content type served for a stored avatar's extension.
pub fn content_type_for(extension: &str) -> Option<&'static str> {
    match extension {
        "png" => Some("image/png"),
        "webp" => Some("image/webp"),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;

    fn png(width: u32, height: u32) -> Vec<u8> {
        let img = DynamicImage::new_rgb8(width, height);
        let mut out = Vec::new();
        img.write_to(&mut Cursor::new(&mut out), ImageFormat::Png)
            .unwrap();
        out
    }

    #[test]
    fn a_wide_image_becomes_a_256_square_png() {
        let avatar = reencode(&png(640, 200)).unwrap();
        assert_eq!(avatar.content_type, "image/png");
        let back = image::load_from_memory(&avatar.bytes).unwrap();
        assert_eq!((back.width(), back.height()), (256, 256));
    }

    #[test]
    fn text_and_oversized_images_are_refused() {
        assert_eq!(
            reencode(b"hello, world").err(),
            Some(AvatarError::Unsupported)
        );
        assert_eq!(
            reencode(&png(AVATAR_MAX_SIDE + 1, 1)).err(),
            Some(AvatarError::Unsupported)
        );
        // GIF is an image, but not one we take.
        assert_eq!(
            reencode(b"GIF89a\x01\x00\x01\x00").err(),
            Some(AvatarError::Unsupported)
        );
    }
}
