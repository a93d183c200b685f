//! Base32 (RFC 4648 §6, the alphabet `A–Z2–7`), the text form of TOTP secrets that
//! authenticator apps read. Encoding pads with `=` only when asked; decoding accepts lower case,
//! spaces and missing padding, as people type secrets.

const ALPHABET: &[u8; 32] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";

/// `bytes` in base32, with `=` padding to a multiple of 8 characters when `pad`.
pub fn encode(bytes: &[u8], pad: bool) -> String {
    let mut out = String::with_capacity(bytes.len().div_ceil(5) * 8);
    for chunk in bytes.chunks(5) {
        let mut block = [0u8; 5];
        block[..chunk.len()].copy_from_slice(chunk);
        let bits = block.iter().fold(0u64, |acc, b| (acc << 8) | u64::from(*b));
        // Characters carrying data: ceil(len * 8 / 5).
        let chars = (chunk.len() * 8).div_ceil(5);
        for i in 0..8 {
            if i < chars {
                let index = ((bits >> (35 - i * 5)) & 0x1f) as usize;
                out.push(char::from(ALPHABET[index]));
            } else if pad {
                out.push('=');
            }
        }
    }
    out
}

/// The bytes of `text`, or None when a character is outside the alphabet or the length is one
/// no encoder produces.
pub fn decode(text: &str) -> Option<Vec<u8>> {
    let mut values = Vec::with_capacity(text.len());
    for c in text.chars() {
        match c {
            ' ' | '-' | '=' => continue,
            'A'..='Z' => values.push(c as u8 - b'A'),
            'a'..='z' => values.push(c as u8 - b'a'),
            '2'..='7' => values.push(c as u8 - b'2' + 26),
            _ => return None,
        }
    }
    // 1, 3 and 6 characters left over in the last block carry no whole byte.
    if matches!(values.len() % 8, 1 | 3 | 6) {
        return None;
    }
    let mut out = Vec::with_capacity(values.len() * 5 / 8);
    let (mut buffer, mut bits) = (0u32, 0u32);
    for value in values {
        buffer = (buffer << 5) | u32::from(value);
        bits += 5;
        if bits >= 8 {
            bits -= 8;
            out.push((buffer >> bits) as u8);
            buffer &= (1 << bits) - 1;
        }
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::{decode, encode};

    // RFC 4648 §10.
    const VECTORS: [(&str, &str); 7] = [
        ("", ""),
        ("f", "MY======"),
        ("fo", "MZXQ===="),
        ("foo", "MZXW6==="),
        ("foob", "MZXW6YQ="),
        ("fooba", "MZXW6YTB"),
        ("foobar", "MZXW6YTBOI======"),
    ];

    #[test]
    fn rfc_4648_test_vectors() {
        for (plain, encoded) in VECTORS {
            assert_eq!(encode(plain.as_bytes(), true), encoded, "{plain}");
            assert_eq!(decode(encoded).unwrap(), plain.as_bytes(), "{encoded}");
            let unpadded = encoded.trim_end_matches('=');
            assert_eq!(encode(plain.as_bytes(), false), unpadded);
            assert_eq!(decode(unpadded).unwrap(), plain.as_bytes());
        }
    }

    #[test]
    fn decoding_forgives_case_and_spaces_but_not_other_characters() {
        assert_eq!(decode("mzxw 6ytb oi").unwrap(), b"foobar");
        assert_eq!(decode("MZXW1YTB"), None, "1 is not in the alphabet");
        assert_eq!(decode("MZXW6YTB0"), None);
        assert_eq!(decode("M"), None, "one character carries no byte");
    }

    #[test]
    fn round_trips_every_length() {
        let bytes: Vec<u8> = (0..=255u8).collect();
        for len in 0..40 {
            let text = encode(&bytes[..len], false);
            assert_eq!(decode(&text).unwrap(), &bytes[..len]);
        }
    }
}
