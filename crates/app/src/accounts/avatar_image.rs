//! Turning an upload into the stored avatar: the format judged by the bytes (PNG, JPEG or
//! WebP), the size read from the header and capped before anything is decoded (a tiny file can
//! declare a gigapixel image), the decoder's allocations capped too, then a centred square crop
//! re-encoded as a 256×256 PNG. Only pixels survive: no text chunks, EXIF, ICC profile or XMP.
//! `check` reads the header alone and is cheap; `reencode` decodes, and runs on the photo pool
//! (`photos`), never on the async workers or the blocking pool.

use crate::accounts::rules::{AVATAR_MAX_PIXELS, AVATAR_MAX_SIDE, AVATAR_SIDE};
use image::imageops::FilterType;
use image::{DynamicImage, ImageDecoder, ImageFormat, ImageReader, Limits};
use std::io::Cursor;
use std::sync::atomic::{AtomicUsize, Ordering};

/// The most the decoder may allocate: one RGBA image of the largest accepted size, and some.
const MAX_DECODE_ALLOC: u64 = AVATAR_MAX_PIXELS * 4 + (16 << 20);

#[derive(Debug, PartialEq, Eq)]
pub enum AvatarError {
    /// Not PNG, JPEG or WebP, or undecodable.
    Unsupported,
    /// Declares more than `AVATAR_MAX_SIDE` on a side or `AVATAR_MAX_PIXELS` in all.
    TooManyPixels,
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

/// The format of `input`, judged by its bytes, once its header's declared size is within the
/// caps; no pixel is decoded.
pub fn check(input: &[u8]) -> Result<ImageFormat, AvatarError> {
    let format = image::guess_format(input).map_err(|_| AvatarError::Unsupported)?;
    if !matches!(
        format,
        ImageFormat::Png | ImageFormat::Jpeg | ImageFormat::WebP
    ) {
        return Err(AvatarError::Unsupported);
    }
    // The header alone, without the decoder's limits: a size over them is the pixel rule's
    // refusal, not an unreadable file.
    let (width, height) = ImageReader::with_format(Cursor::new(input), format)
        .into_dimensions()
        .map_err(|_| AvatarError::Unsupported)?;
    if width == 0 || height == 0 {
        return Err(AvatarError::Unsupported);
    }
    if width > AVATAR_MAX_SIDE
        || height > AVATAR_MAX_SIDE
        || u64::from(width) * u64::from(height) > AVATAR_MAX_PIXELS
    {
        return Err(AvatarError::TooManyPixels);
    }
    Ok(format)
}

/// Decodes running now, and the most that ever ran at once in this process (the photo pool
/// bounds it; its test reads it).
static DECODING: AtomicUsize = AtomicUsize::new(0);
static MOST_DECODING: AtomicUsize = AtomicUsize::new(0);

/// The most decodes that ran at once since the process started.
pub fn most_decoding_at_once() -> usize {
    MOST_DECODING.load(Ordering::Relaxed)
}

struct Decoding;

impl Decoding {
    fn start() -> Decoding {
        let now = DECODING.fetch_add(1, Ordering::Relaxed) + 1;
        MOST_DECODING.fetch_max(now, Ordering::Relaxed);
        Decoding
    }
}

impl Drop for Decoding {
    fn drop(&mut self) {
        DECODING.fetch_sub(1, Ordering::Relaxed);
    }
}

/// The avatar `input` makes, or why it makes none. CPU-bound: run it on the photo pool.
pub fn reencode(input: &[u8]) -> Result<Avatar, AvatarError> {
    reencode_as(input, Shape::Square(AVATAR_SIDE))
}

/// A reseller's logo (docs/resellers.md "White label"): the image scaled down, never up, to fit
/// `LOGO_WIDTH` x `LOGO_HEIGHT`, its proportions kept. CPU-bound: run it on the photo pool.
pub fn reencode_logo(input: &[u8]) -> Result<Avatar, AvatarError> {
    reencode_as(input, Shape::Within(LOGO_WIDTH, LOGO_HEIGHT))
}

/// The widest and tallest logo kept.
pub const LOGO_WIDTH: u32 = 480;
pub const LOGO_HEIGHT: u32 = 160;

/// What the pixels become: a centred square of this side, or the whole image within this box.
#[derive(Debug, Clone, Copy)]
enum Shape {
    Square(u32),
    Within(u32, u32),
}

fn reencode_as(input: &[u8], shape: Shape) -> Result<Avatar, AvatarError> {
    let format = check(input)?;
    let _decoding = Decoding::start();
    let mut decoder = reader(input, format)
        .into_decoder()
        .map_err(|_| AvatarError::Unsupported)?;
    let orientation = decoder
        .orientation()
        .map_err(|_| AvatarError::Unsupported)?;
    let mut decoded = DynamicImage::from_decoder(decoder).map_err(|_| AvatarError::Unsupported)?;
    decoded.apply_orientation(orientation);

    let resized = match shape {
        Shape::Square(target) => {
            let side = decoded.width().min(decoded.height());
            decoded
                .crop_imm(
                    (decoded.width() - side) / 2,
                    (decoded.height() - side) / 2,
                    side,
                    side,
                )
                .resize_exact(target, target, FilterType::Triangle)
        }
        Shape::Within(width, height) if decoded.width() > width || decoded.height() > height => {
            decoded.resize(width, height, FilterType::Triangle)
        }
        Shape::Within(..) => decoded,
    };
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
    fn a_logo_keeps_its_proportions_and_is_never_enlarged() {
        let logo = reencode_logo(&png(1200, 200)).unwrap();
        let back = image::load_from_memory(&logo.bytes).unwrap();
        assert_eq!((back.width(), back.height()), (LOGO_WIDTH, 80));
        let small = reencode_logo(&png(120, 40)).unwrap();
        let back = image::load_from_memory(&small.bytes).unwrap();
        assert_eq!((back.width(), back.height()), (120, 40));
    }

    #[test]
    fn text_and_oversized_images_are_refused() {
        assert_eq!(
            reencode(b"hello, world").err(),
            Some(AvatarError::Unsupported)
        );
        assert_eq!(
            reencode(&png(AVATAR_MAX_SIDE + 1, 1)).err(),
            Some(AvatarError::TooManyPixels)
        );
        // GIF is an image, but not one we take.
        assert_eq!(
            reencode(b"GIF89a\x01\x00\x01\x00").err(),
            Some(AvatarError::Unsupported)
        );
    }

    /// A PNG that only declares `width`×`height`: a header and an empty data stream.
    fn declared_png(width: u32, height: u32) -> Vec<u8> {
        fn chunk(kind: &[u8; 4], data: &[u8]) -> Vec<u8> {
            let mut typed = kind.to_vec();
            typed.extend_from_slice(data);
            let mut crc = 0xFFFF_FFFFu32;
            for &b in &typed {
                crc ^= u32::from(b);
                for _ in 0..8 {
                    crc = if crc & 1 == 1 {
                        (crc >> 1) ^ 0xEDB8_8320
                    } else {
                        crc >> 1
                    };
                }
            }
            let mut out = u32::try_from(data.len()).unwrap().to_be_bytes().to_vec();
            out.extend(typed);
            out.extend((!crc).to_be_bytes());
            out
        }
        let mut ihdr = width.to_be_bytes().to_vec();
        ihdr.extend(height.to_be_bytes());
        ihdr.extend([8, 2, 0, 0, 0]);
        let mut out = b"\x89PNG\r\n\x1a\n".to_vec();
        out.extend(chunk(b"IHDR", &ihdr));
        out.extend(chunk(
            b"IDAT",
            &[0x78, 0x9c, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01],
        ));
        out.extend(chunk(b"IEND", &[]));
        out
    }

    #[test]
    fn the_pixel_budget_is_checked_from_the_header() {
        // A 12 MP phone photo's size is within the rule; 4096×4096 (16.8 MP) is not, though
        // each side is.
        assert_eq!(check(&declared_png(4032, 3024)), Ok(ImageFormat::Png));
        assert_eq!(check(&declared_png(3072, 4080)), Ok(ImageFormat::Png));
        for (width, height) in [(4096, 4096), (4096, 3077), (4097, 2), (1, 100_000)] {
            assert_eq!(
                check(&declared_png(width, height)),
                Err(AvatarError::TooManyPixels),
                "{width}×{height}"
            );
        }
        assert_eq!(
            reencode(&declared_png(4096, 4096)).err(),
            Some(AvatarError::TooManyPixels)
        );
        assert_eq!(check(&declared_png(0, 10)), Err(AvatarError::Unsupported));
    }
}
